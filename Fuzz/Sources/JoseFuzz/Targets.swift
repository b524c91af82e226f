// The fuzz targets. Each one feeds arbitrary bytes to public API of the library and checks the invariants the
// library promises (a parsed container re-encodes byte for byte, base64url round-trips, a verdict never traps).
// To add a target (e.g. private JWKs or private-key parsers when they land): write a function here, add it to
// `FuzzTarget.all`, and add its seeds in Scripts/fuzz.sh (seed_TARGET).

import DER
import ECDSA
import Ed25519
import Foundation
import JOSE
import RSA
import SHA2

extension FuzzTarget {
    static let all: [FuzzTarget] = [
        FuzzTarget("jwt", setUp: FixedKeys.load, run: fuzzJWT),
        FuzzTarget("jwk", run: fuzzJWK),
        FuzzTarget("json", run: fuzzJSON),
        FuzzTarget("der", run: fuzzDER),
        FuzzTarget("pem", run: fuzzPEM),
        FuzzTarget("ecdsa", setUp: FixedKeys.load, run: fuzzECDSA),
        FuzzTarget("rsa", setUp: FixedKeys.load, run: fuzzRSA),
        FuzzTarget("eddsa", run: fuzzEdDSA),
        FuzzTarget("mldsa", setUp: FixedMLDSA.load, run: fuzzMLDSA),
        FuzzTarget("base64url", run: fuzzBase64URL),
        FuzzTarget("x509", run: fuzzX509),
        FuzzTarget("x509path", setUp: FixedRoots.load, run: fuzzX509Path),
        FuzzTarget("ocsp", setUp: FixedOCSP.load, run: fuzzOCSP),
        FuzzTarget("appstore", setUp: FixedAppStore.load, run: fuzzAppStore),
        FuzzTarget("x5c", setUp: FixedX5C.load, run: fuzzX5C),
        FuzzTarget("oaep", setUp: FixedOAEPKey.load, run: fuzzOAEP),
    ]
}

/// Every algorithm the library verifies today (ES512 and EdDSA join when they land).
let everyAlgorithm: Set<JWSAlgorithm> = [.hs256, .hs384, .hs512, .rs256, .rs384, .rs512, .ps256, .ps384, .ps512,
                                          .es256, .es384]

/// The fixed keys: the `hmac` and `public` JWK Sets of Vectors/jose/crosscheck.json (RSA 2048/3072/4096, P-256,
/// P-384 and HMAC keys for every algorithm), so that the seed tokens of that file verify and the fuzzer starts
/// from inputs that reach the signature and claims checks.
enum FixedKeys {
    nonisolated(unsafe) static var verifiers: [JWTVerifier] = []
    nonisolated(unsafe) static var expectations = ClaimExpectations()
    nonisolated(unsafe) static var p256: P256.Signing.PublicKey!
    nonisolated(unsafe) static var p384: P384.Signing.PublicKey!
    nonisolated(unsafe) static var rsa: [RSAPublicKey] = []

    static func load() {
        if !verifiers.isEmpty { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("Vectors/jose/crosscheck.json")
        guard let data = try? Data(contentsOf: file),
              let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let sets = top["keySets"] as? [String: Any],
              let now = top["now"] as? Double, let issuer = top["issuer"] as? String,
              let audience = top["audience"] as? String
        else { fatalError("cannot read \(file.path)") }
        do {
            for name in ["hmac", "public"] {
                let json = try JSONSerialization.data(withJSONObject: sets[name]!)
                let set = try JWKSet(json: [UInt8](json))
                verifiers.append(JWTVerifier(keys: set, algorithms: everyAlgorithm))
                if name == "public" {
                    for key in set.keys {
                        let der = try key.derRepresentation()
                        if let k = try? P256.Signing.PublicKey(derRepresentation: der), p256 == nil { p256 = k }
                        if let k = try? P384.Signing.PublicKey(derRepresentation: der), p384 == nil { p384 = k }
                        if let k = try? RSAPublicKey(derRepresentation: der) { rsa.append(k) }
                    }
                }
            }
        } catch {
            fatalError("fixed keys: \(error)")
        }
        precondition(p256 != nil && p384 != nil && rsa.count >= 3, "fixed key set lacks a P-256, P-384 or RSA key")
        expectations = ClaimExpectations(issuer: issuer, audience: audience, leeway: 30, now: { now })
    }
}

/// A token (any bytes as UTF-8, invalid sequences repaired) through both verifiers and the unverified decoder.
func fuzzJWT(_ bytes: [UInt8]) {
    let token = String(decoding: bytes, as: UTF8.self)
    for verifier in FixedKeys.verifiers {
        if let jwt = try? verifier.verify(token, expecting: FixedKeys.expectations) {
            // A token the fuzzer made verify must be one whose signature is genuine: that only happens for
            // seeds it kept intact, so its signing input must be a prefix of the input.
            _ = jwt
        }
        _ = try? verifier.verifySignature(token)
    }
    _ = try? decodeUnverified(token)
}

/// A JWK and a JWK Set; whatever loads must print and re-load to the same key (thumbprint stable).
func fuzzJWK(_ bytes: [UInt8]) {
    if let key = try? JWK(json: bytes) {
        let again = try? JWK(json: key.jsonString(includingSecret: true))
        invariant(again != nil, "a loaded JWK does not re-load from its own JSON")
        invariant(again!.thumbprint == key.thumbprint, "JWK thumbprint changes after a round trip")
        if let der = try? key.derRepresentation() { _ = try? JWK(derRepresentation: der) }
    }
    if let set = try? JWKSet(json: bytes) {
        for key in set.keys { _ = key.thumbprintBase64URL }
    }
    // Private JWKs (signing): no input may trap the loader.
    _ = try? JWKPrivateKey(json: bytes)
}

/// The strict JSON parser, then the Decodable bridge over the same value.
func fuzzJSON(_ bytes: [UInt8]) {
    guard let value = try? JSONValue(parsing: bytes) else { return }
    let printed = value.description
    let again = try? JSONValue(parsing: Array(printed.utf8))
    invariant(again != nil, "the parser refuses its own output")
    invariant(again == value, "JSON value changes after a print and re-parse")
    _ = try? JSONValueDecoder().decode(AppleIdentityClaims.self, from: value)
    if case .object(let object) = value { _ = try? RegisteredClaims(object: object) }
}

/// DER containers and key parsers: everything that parses must re-encode to the input, byte for byte.
func fuzzDER(_ bytes: [UInt8]) {
    if let node = try? DERNode.parse(bytes) {
        invariant(Array(node.encoded) == bytes, "DERNode does not cover the whole input")
    }
    if let spki = try? SubjectPublicKeyInfo(derEncoded: bytes) {
        invariant(spki.derEncoded() == bytes, "SPKI does not re-encode to its input")
        _ = try? spki.rsaPublicKey()
    }
    if let k = try? PKCS1RSAPublicKey(derEncoded: bytes) {
        invariant(k.derEncoded() == bytes, "PKCS#1 public key does not re-encode to its input")
    }
    if let k = try? PKCS1RSAPrivateKey(derEncoded: bytes) {
        invariant(k.derEncoded() == bytes, "PKCS#1 private key does not re-encode to its input")
    }
    if let k = try? SEC1ECPrivateKey(derEncoded: bytes) {
        invariant(k.derEncoded() == bytes, "SEC1 private key does not re-encode to its input")
    }
    if let k = try? PKCS8PrivateKeyInfo(derEncoded: bytes) {
        invariant(k.derEncoded() == bytes, "PKCS#8 private key does not re-encode to its input")
    }
    for width in [32, 48, 66] {
        if let raw = try? ECDSASignatureValue.rawRepresentation(fromDER: bytes, scalarByteCount: width) {
            let der = try? ECDSASignatureValue.derRepresentation(fromRaw: raw, scalarByteCount: width)
            invariant(der == bytes, "ECDSA-Sig-Value does not round-trip")
        }
    }
    _ = try? RSAPublicKey(derRepresentation: bytes)
    _ = try? P256.Signing.PublicKey(derRepresentation: bytes)
    _ = try? P384.Signing.PublicKey(derRepresentation: bytes)
    _ = try? JWK(derRepresentation: bytes)
    _ = try? RSAPrivateKey(derRepresentation: bytes)
    _ = try? Curve25519.Signing.PublicKey(derRepresentation: bytes)
    _ = try? Curve25519.Signing.PrivateKey(derRepresentation: bytes)
    _ = try? P256.Signing.PrivateKey(derRepresentation: bytes)
    _ = try? P384.Signing.PrivateKey(derRepresentation: bytes)
}

/// PEM text: every block, then each parser that takes PEM.
func fuzzPEM(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    if let docs = try? PEMDocument.parseAll(text) {
        for doc in docs {
            let again = try? PEMDocument(pemString: doc.pemString)
            invariant(again == doc, "a PEM block does not round-trip")
            fuzzDER(doc.derBytes)
        }
    }
    _ = try? SubjectPublicKeyInfo(pemString: text)
    _ = try? RSAPublicKey(pemRepresentation: text)
    _ = try? P256.Signing.PublicKey(pemRepresentation: text)
    _ = try? P384.Signing.PublicKey(pemRepresentation: text)
    _ = try? JWK(pemRepresentation: text)
    _ = try? RSAPrivateKey(pemRepresentation: text)
    _ = try? P256.Signing.PrivateKey(pemRepresentation: text)
    _ = try? P384.Signing.PrivateKey(pemRepresentation: text)
    _ = try? Curve25519.Signing.PublicKey(pemRepresentation: text)
    _ = try? Curve25519.Signing.PrivateKey(pemRepresentation: text)
}

/// Ed25519 (RFC 8032): the first 64 bytes are a signature, the rest the message, against the fixed key of RFC 8032
/// §7.1 test 1; the input is also tried as a public key (a decoded key must re-encode to its 32 bytes).
let ed25519Key = try! Curve25519.Signing.PublicKey(rawRepresentation: [
    0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a,
    0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6, 0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a])

func fuzzEdDSA(_ bytes: [UInt8]) {
    _ = ed25519Key.isValidSignature(bytes.prefix(64), for: bytes.dropFirst(64))
    if let k = try? Curve25519.Signing.PublicKey(rawRepresentation: bytes) {
        _ = k.isValidSignature(bytes, for: bytes)
    }
}

/// ECDSA: the input is split into a signature (raw r‖s, then as DER) and a message, checked against the fixed
/// P-256 and P-384 keys; the input is also tried as a public key in every encoding.
func fuzzECDSA(_ bytes: [UInt8]) {
    let p256 = FixedKeys.p256!, p384 = FixedKeys.p384!
    if bytes.count >= 64, let sig = try? P256.Signing.ECDSASignature(rawRepresentation: bytes.prefix(64)) {
        let message = bytes.dropFirst(64)
        _ = p256.isValidSignature(sig, for: message)
        _ = p256.isValidSignature(sig, for: SHA384.hash(data: message))
        invariant(sig.rawRepresentation == Array(bytes.prefix(64)), "raw P-256 signature changed")
    }
    if bytes.count >= 96, let sig = try? P384.Signing.ECDSASignature(rawRepresentation: bytes.prefix(96)) {
        _ = p384.isValidSignature(sig, for: bytes.dropFirst(96))
        _ = p384.isValidSignature(sig, for: SHA256.hash(data: bytes.dropFirst(96)))
    }
    if let sig = try? P256.Signing.ECDSASignature(derRepresentation: bytes) {
        invariant(sig.derRepresentation == bytes, "DER P-256 signature does not round-trip")
        _ = p256.isValidSignature(sig, for: bytes)
    }
    if let sig = try? P384.Signing.ECDSASignature(derRepresentation: bytes) { _ = p384.isValidSignature(sig, for: bytes) }
    if let k = try? P256.Signing.PublicKey(x963Representation: bytes) {
        invariant(k.x963Representation == bytes, "P-256 x963 key does not round-trip")
    }
    if let k = try? P384.Signing.PublicKey(x963Representation: bytes) {
        invariant(k.x963Representation == bytes, "P-384 x963 key does not round-trip")
    }
    if let k = try? P256.Signing.PublicKey(compressedRepresentation: bytes) {
        invariant(k.compressedRepresentation == bytes, "P-256 compressed key does not round-trip")
    }
    if let k = try? P384.Signing.PublicKey(compressedRepresentation: bytes) {
        invariant(k.compressedRepresentation == bytes, "P-384 compressed key does not round-trip")
    }
    _ = try? P256.Signing.PublicKey(rawRepresentation: bytes)
    _ = try? P384.Signing.PublicKey(rawRepresentation: bytes)
}

/// RSA: the first k bytes are the signature, the rest the message; every padding and hash against the fixed
/// 2048/3072/4096-bit keys. The input is also tried as a modulus.
func fuzzRSA(_ bytes: [UInt8]) {
    let selector = bytes.first ?? 0
    let key = FixedKeys.rsa[Int(selector) % FixedKeys.rsa.count]
    let rest = Array(bytes.dropFirst())
    let k = key.modulusByteCount
    // Short inputs are stretched to k bytes so that the fuzzer reaches the arithmetic, not only the length check.
    let signature = rest.count >= k ? Array(rest.prefix(k)) : rest + [UInt8](repeating: selector, count: k - rest.count)
    let message = rest.count > k ? Array(rest.dropFirst(k)) : []
    let hash = RSAHashAlgorithm.allCases[Int(selector >> 4) % RSAHashAlgorithm.allCases.count]
    for padding in [RSAPadding.pkcs1v1_5(hash), .pss(hash), .pss(hash, saltLength: 32)] {
        _ = key.isValidSignature(signature, for: message, padding: padding)
        _ = key.isValidSignature(rest, for: message, padding: padding)
    }
    if bytes.count >= 2 {
        _ = try? RSAPublicKey(modulus: rest, publicExponent: [1, 0, 1], options: RSAKeyOptions(minimumModulusBits: 512))
    }
}

/// base64url: whatever decodes must encode back to the same text (strict: no padding, zero trailing bits);
/// any bytes must survive encode then decode.
func fuzzBase64URL(_ bytes: [UInt8]) {
    if let decoded = try? Base64URL.decode(bytes) {
        invariant(Array(Base64URL.encode(decoded).utf8) == bytes, "base64url text decodes but is not canonical")
    }
    _ = try? Base64URL.decode(bytes, allowPadding: true)
    let encoded = Base64URL.encode(bytes)
    invariant((try? Base64URL.decode(encoded)) == bytes, "base64url does not round-trip")
}
