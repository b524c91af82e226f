import ConstantTime
import DER
import ECDSA
import JOSE
import SharedPrimitives

// Decoding of secret key material: base64url of private JWK members, base64 of PEM bodies,
// and the DER of private keys, with the secret characters in never-written memory (values kept, see `tainted`).
// Structure stays public: PEM boundary lines and line ends, JSON around a member's value. The leaky variant decodes
// the same text with JOSE's table-driven decoder for public input (tokens), which indexes a table with each
// character: ct-valgrind must report it.
//
// Whole JWKs (at the end of this file): `jwk.oct` (a JWK and a private JWK of kty `oct`) and `jwk.ec.p256`/`p384`/`p521`
// and `jwk.okp.ed25519` (private JWKs) with the characters of `k` / `d` tainted inside the JSON text, so the
// JSON parser's string scanning, the String built for the value and the key's construction are on the checked path.

/// Public test bytes of `count` (a pattern; they are made secret by tainting the text that encodes them).
private func patternBytes(_ count: Int, _ seed: UInt8) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ Int(seed)) }
}

/// The base64url texts of 256, 32 and 48 bytes (2, 3 and 0 characters in the last quantum).
private let urlTexts = [256, 32, 48].map { Array(Base64URL.encode(patternBytes($0, 0x3c)).utf8) }

/// Standard base64 texts with two, one and no `=`.
private let standardTexts = [256, 32, 48].map { Array(PEMDocument(label: "X", derBytes: patternBytes($0, 0x5a)).pemString.utf8)
    .split(separator: 0x0A).dropFirst().dropLast().joined().map { $0 } }

private func keepDecoded(_ bytes: [UInt8]) {
    // Only the count is looked at (public).
    if bytes.isEmpty { fatalError("ct-check: nothing decoded") }
}

/// `text` with every character of the PEM body (not the boundary lines, not the line feeds) tainted.
private func taintedPEMBody(_ pem: String) -> String {
    let bytes = Array(pem.utf8)
    var secret = [Bool](repeating: false, count: bytes.count)
    var lineStart = 0
    for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
        let isBoundary = i > lineStart && bytes[lineStart] == UInt8(ascii: "-")
        if !isBoundary { for j in lineStart..<i { secret[j] = true } }
        lineStart = i + 1
    }
    return taintedText(pem, { secret[$0] })
}

/// A P-256 SEC1 key (pattern scalar and public point: the DER reader does not check the point).
private let sec1 = SEC1ECPrivateKey(curve: .p256, privateKey: patternBytes(32, 0x11), publicKey: [4] + patternBytes(64, 0x22))

let decodingChecks: [CTCheck] = [
    CTCheck(name: "base64url.secret") {
        for t in urlTexts {
            // JOSE decodes a JWK's private members with this (JWK(json:) below runs it inside the parser's path).
            keepDecoded(try! Base64.decodeSecret(tainted(t), alphabet: .url, padding: .none))
        }
    },
    CTCheck(name: "base64.secret") {
        for t in standardTexts {
            keepDecoded(try! Base64.decodeSecret(tainted(t), alphabet: .standard, padding: .required))
        }
    },
    CTCheck(name: "pem.pkcs1.rsa") {
        let doc = try! PEMDocument(pemString: taintedPEMBody(pem2048))
        let key = try! PKCS1RSAPrivateKey(derEncoded: doc.derBytes)
        withExtendedLifetime(key) {}
    },
    CTCheck(name: "pem.sec1.p256") {
        let key = try! SEC1ECPrivateKey(pemString: taintedPEMBody(sec1.pemString))
        withExtendedLifetime(key) {}
    },
    CTCheck(name: "pem.pkcs8.p256") {
        let key = try! PKCS8PrivateKeyInfo(pemString: taintedPEMBody(PKCS8PrivateKeyInfo(ecPrivateKey: sec1).pemString))
        withExtendedLifetime(key) {}
    },
    CTCheck(name: "leaky.json.string") {
        // The byte-at-a-time scan the JSON parser used before: a branch on every character of the value.
        let json = #"{"k":"\#(Base64URL.encode(patternBytes(32, 0x77)))"}"#
        let text = taintedText(json, valueOffsets(json, member: "k"))
        var length = 0
        for c in text.utf8.dropFirst(6) {
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
            length += 1
        }
        keepDecoded([UInt8](repeating: 1, count: length))
    },
    CTCheck(name: "leaky.base64url.table") {
        for t in urlTexts {
            let text = tainted(t)
            keepDecoded(try! text.withUnsafeBufferPointer { try Base64URL.decode(bytes: $0) })
        }
    },
]

/// The offsets of the characters of member `name`'s string value in `json` (a flat object, no escapes).
private func valueOffsets(_ json: String, member name: String) -> (Int) -> Bool {
    let bytes = Array(json.utf8)
    let marker = Array("\"\(name)\":\"".utf8)
    var start = 0
    while !bytes[start..<(start + marker.count)].elementsEqual(marker) { start += 1 }
    start += marker.count
    var end = start
    while bytes[end] != UInt8(ascii: "\"") { end += 1 }
    return { $0 >= start && $0 < end }
}

/// A P-256 private JWK (RFC 7515 Appendix A.3's key).
private let p256JWK = #"{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0","d":"jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI"}"#

/// A private EC JWK for the scalar d (public pattern bytes, in range), its `x` and `y` computed by the library
/// before anything is tainted.
private func ecJWK(crv: String, d: [UInt8], x963: [UInt8]) -> String {
    let size = d.count
    let x = Base64URL.encode(Array(x963[1...size])), y = Base64URL.encode(Array(x963[(size + 1)...]))
    return #"{"kty":"EC","crv":"\#(crv)","x":"\#(x)","y":"\#(y)","d":"\#(Base64URL.encode(d))"}"#
}

private let p384JWK: String = {
    let d = patternBytes(48, 0x31)
    return ecJWK(crv: "P-384", d: d, x963: try! P384.Signing.PrivateKey(rawRepresentation: d).publicKey.x963Representation)
}()

private let p521JWK: String = {
    var d = patternBytes(66, 0x52)
    d[0] = 1  // below n (a P-521 scalar has 521 bits)
    return ecJWK(crv: "P-521", d: d, x963: try! P521.Signing.PrivateKey(rawRepresentation: d).publicKey.x963Representation)
}()

/// An Ed25519 private JWK (RFC 8037 Appendix A.1's key).
private let ed25519JWK = #"{"kty":"OKP","crv":"Ed25519","d":"nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#

/// A private JWK parsed with the characters of its `d` tainted inside the JSON text.
private func privateJWKCheck(_ name: String, _ json: @autoclosure @escaping @Sendable () -> String) -> CTCheck {
    CTCheck(name: name) {
        let jwk = json()
        let text = taintedText(jwk, valueOffsets(jwk, member: "d"))
        let key = try! JWKPrivateKey(json: text)
        withExtendedLifetime(key) {}
    }
}

/// Whole JWKs. `jwk.oct`: since the JSON scanner's byte-by-byte tail reads bit 7 of lane 0 only, a secret `k` steers
/// no branch (0 reports; before that fix 6). The private EC and OKP JWKs: string scanning, base64url decoding of `d`
/// and the key's construction. The EC ones reported 9 times (P-256, 2026-11-26) until ECDSA published the public point
/// d·G (`publishedPublicPoint`, `CT.declassifyValue` on its coordinates) before building its variable-time
/// verification tables: that point is public (the JWK states it as `x`, `y` and the loader compares them), but it is
/// computed from the tainted `d`, so the tool saw those tables as secret-dependent.
let jwkChecks: [CTCheck] = [
    CTCheck(name: "jwk.oct") {
        let json = #"{"kty":"oct","alg":"HS256","k":"\#(Base64URL.encode(patternBytes(32, 0x77)))"}"#
        let text = taintedText(json, valueOffsets(json, member: "k"))
        let key = try! JWK(json: text)
        let privateKey = try! JWKPrivateKey(json: text)
        withExtendedLifetime((key, privateKey)) {}
    },
    privateJWKCheck("jwk.ec.p256", p256JWK),
    privateJWKCheck("jwk.ec.p384", p384JWK),
    privateJWKCheck("jwk.ec.p521", p521JWK),
    privateJWKCheck("jwk.okp.ed25519", ed25519JWK),
]
