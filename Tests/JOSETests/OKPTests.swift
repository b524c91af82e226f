import Foundation
import Testing
import TestSupport
import Ed25519
@testable import JOSE

/// `OKP` keys on Ed25519 (RFC 8037) and the `EdDSA` / `Ed25519` (RFC 9864) algorithms. Signatures are made with the
/// Ed25519 module, whose own tests check it against RFC 8032, Wycheproof and 1,024 reference signatures.
@Suite("OKP / EdDSA")
struct OKPTests {
    static let file = "rfc/8037/rfc8037_appendix_a.json"
    static let x = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"
    static let d = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"
    static let publicJSON = #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#

    static func privateKey() throws -> Curve25519.Signing.PrivateKey {
        try Curve25519.Signing.PrivateKey(rawRepresentation: try Base64URL.decode(d))
    }

    /// A compact JWS over `header` and `payload` text, signed with the RFC 8037 A.1 key.
    static func token(header: String, payload: String = #"{"sub":"x","exp":4102444800}"#) throws -> String {
        let input = T.b64(header) + "." + T.b64(payload)
        return input + "." + Base64URL.encode(try privateKey().signature(for: Array(input.utf8)))
    }

    /// RFC 8037 Appendix A.1–A.5, every value checked against the file (5 cases).
    @Test func rfc8037AppendixA() throws {
        let top = try T.jsonObject(Self.file)
        var cases = 0

        // A.1: the private JWK is refused as a verification key; its d gives its x (RFC 8032 §5.1.5).
        let a1 = try #require(top["A.1_private_jwk"] as? [String: Any])
        T.expectCode(.privateKeyMaterial) { _ = try JWK(json: try T.json(a1)) }
        let seed = try Base64URL.decode(a1["d"] as! String)
        #expect(try Curve25519.Signing.PrivateKey(rawRepresentation: seed).publicKey.rawRepresentation
                == (try Base64URL.decode(a1["x"] as! String)))
        cases += 1

        // A.2: the public JWK loads.
        let a2 = try #require(top["A.2_public_jwk"] as? [String: Any])
        let key = try JWK(json: try T.json(a2))
        #expect(key.keyType == .okp && key.curve == .ed25519)
        #expect(key.x == (try Base64URL.decode(a2["x"] as! String)))
        #expect(key.y == nil && key.modulus == nil)
        cases += 1

        // A.3: the RFC 7638 thumbprint over {"crv","kty","x"}.
        #expect(String(decoding: key.thumbprintInput, as: UTF8.self)
                == #"{"crv":"Ed25519","kty":"OKP","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#)
        #expect(key.thumbprintBase64URL == top["A.3_thumbprint"] as! String)
        #expect(key.thumbprintBase64URL == "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
        cases += 1

        // A.4: header and payload give the published JWS byte for byte (Ed25519 is deterministic).
        let header = top["A.4_protected_header"] as! String, payload = top["A.4_payload"] as! String
        let published = top["A.4_compact_jws"] as! String
        let input = T.b64(header) + "." + T.b64(payload)
        let sig = try Curve25519.Signing.PrivateKey(rawRepresentation: seed).signature(for: Array(input.utf8))
        #expect(input + "." + Base64URL.encode(sig) == published)
        cases += 1

        // A.5: it verifies with the public JWK, alg EdDSA; a flipped bit anywhere in it does not.
        let a5 = try #require(top["A.5_verify"] as? [String: Any])
        #expect(a5["valid"] as? Bool == true)
        let verifier = JWTVerifier(key: try JWK(json: try T.json(a5["jwk"]!)), algorithms: [.edDSA])
        let jws = try verifier.verifySignature(a5["compact_jws"] as! String)
        #expect(String(decoding: jws.payload, as: UTF8.self) == payload)
        #expect(jws.algorithm == .edDSA)
        let parts = published.split(separator: ".").map(String.init)
        var raw = try Base64URL.decode(parts[2])
        for bit in [0, 255, 256, 511] {
            raw[bit / 8] ^= 1 << (bit % 8)
            let bad = parts[0] + "." + parts[1] + "." + Base64URL.encode(raw)
            T.expectCode(.invalidSignature, "bit \(bit)") { _ = try verifier.verifySignature(bad) }
            raw[bit / 8] ^= 1 << (bit % 8)
        }
        let otherPayload = parts[0] + "." + T.b64("Example of Ed25519 signinG") + "." + parts[2]
        T.expectCode(.invalidSignature) { _ = try verifier.verifySignature(otherPayload) }
        cases += 1

        Vectors.report(Self.file, cases: cases, detail: "A.1–A.5: private JWK refused, public JWK, thumbprint, JWS byte for byte, verification")
        #expect(cases == 5)
    }

    /// RFC 9864's fully specified `Ed25519` is its own algorithm: the allow-list and a JWK's `alg` tell it from `EdDSA`.
    @Test func fullySpecifiedEd25519() throws {
        #expect(JWSAlgorithm(rawValue: "Ed25519") == .ed25519 && JWSAlgorithm(rawValue: "EdDSA") == .edDSA)
        #expect(JWSAlgorithm(rawValue: "ed25519") == nil && JWSAlgorithm(rawValue: "EDDSA") == nil && JWSAlgorithm(rawValue: "Ed448") == nil)
        let key = try JWK(json: Self.publicJSON)
        let t = try Self.token(header: #"{"alg":"Ed25519","typ":"JWT"}"#)
        let jwt = try JWTVerifier(key: key, algorithms: [.ed25519]).verify(t)
        #expect(jwt.claims.subject == "x" && jwt.algorithm == .ed25519)
        T.expectCode(.algorithmNotAllowed) { _ = try JWTVerifier(key: key, algorithms: [.edDSA]).verify(t) }
        // A key published for one of them does not fit the other (byte-exact JWK alg, RFC 7517 §4.4).
        let forEdDSA = try JWK(json: #"{"kty":"OKP","crv":"Ed25519","alg":"EdDSA","x":"\#(Self.x)"}"#)
        #expect(forEdDSA.fits(.edDSA) && !forEdDSA.fits(.ed25519))
        T.expectCode(.keyMismatch) { _ = try JWTVerifier(key: forEdDSA, algorithms: [.ed25519]).verify(t) }
        let forEd25519 = try JWK(ed25519PublicKey: try Base64URL.decode(Self.x), algorithm: .ed25519)
        #expect(forEd25519.fits(.ed25519) && !forEd25519.fits(.edDSA))
        #expect(try JWTVerifier(key: forEd25519, algorithms: [.ed25519, .edDSA]).verify(t).claims.subject == "x")
    }

    /// Key ↔ alg binding both ways: EdDSA never uses an RSA, EC or oct key, and an OKP key verifies nothing else.
    @Test func algorithmConfusion() throws {
        let okp = try JWK(json: Self.publicJSON)
        let ec = try JWK(json: #"{"kty":"EC","crv":"P-256","x":"\#(JWKTests.p256x)","y":"\#(JWKTests.p256y)"}"#)
        let oct = JWK(symmetricKey: try Base64URL.decode(Self.x) + [UInt8](repeating: 7, count: 32))
        let eddsa = try Self.token(header: #"{"alg":"EdDSA"}"#)
        for other in [ec, oct] {
            #expect(!other.fits(.edDSA) && !other.fits(.ed25519))
            T.expectCode(.keyMismatch, "\(other)") { _ = try JWTVerifier(key: other, algorithms: Set(JWSAlgorithm.allCases)).verify(eddsa) }
        }
        for alg in JWSAlgorithm.allCases where alg != .edDSA && alg != .ed25519 { #expect(!okp.fits(alg), "\(alg)") }
        // HS256 keyed with the OKP key's public bytes (the classic confusion) finds no usable key.
        let hs = T.hmacToken(header: #"{"alg":"HS256"}"#, payload: #"{"sub":"x"}"#, key: try Base64URL.decode(Self.x))
        T.expectCode(.keyMismatch) { _ = try JWTVerifier(key: okp, algorithms: Set(JWSAlgorithm.allCases)).verify(hs) }
        // ES256 signature bytes under an OKP key: refused before any arithmetic.
        let es = T.b64(#"{"alg":"ES256"}"#) + "." + T.b64(#"{"sub":"x"}"#) + "." + Base64URL.encode([UInt8](repeating: 1, count: 64))
        T.expectCode(.keyMismatch) { _ = try JWTVerifier(key: okp, algorithms: Set(JWSAlgorithm.allCases)).verify(es) }
        // In a set without kid, only the OKP key is tried for EdDSA.
        let set = try JWKSet(keys: [ec, okp])
        #expect(try JWTVerifier(keys: set, algorithms: [.edDSA, .es256]).verify(eddsa).claims.subject == "x")
        // A set holding only an EC key: that key's own refusal names the rule.
        T.expectCode(.keyMismatch) { _ = try JWTVerifier(keys: try JWKSet(keys: [ec]), algorithms: [.edDSA]).verify(eddsa) }
        // The token's own key material is never used: a jwk header naming another key changes nothing.
        let other = try Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 9, count: 32))
        let input = T.b64(#"{"alg":"EdDSA","jwk":{"kty":"OKP","crv":"Ed25519","x":"\#(Base64URL.encode(other.publicKey.rawRepresentation))"}}"#) + "." + T.b64(#"{"sub":"x"}"#)
        let forged = input + "." + Base64URL.encode(other.signature(for: Array(input.utf8)))
        T.expectCode(.invalidSignature) { _ = try JWTVerifier(key: okp, algorithms: [.edDSA]).verify(forged) }
    }

    /// Signature shape: exactly 64 bytes; S ≥ L (malleability, RFC 8032 §5.1.7) and a non-canonical R are refused.
    @Test func signatureShape() throws {
        let verifier = JWTVerifier(key: try JWK(json: Self.publicJSON), algorithms: [.edDSA])
        let good = try Self.token(header: #"{"alg":"EdDSA"}"#)
        _ = try verifier.verify(good)
        let parts = good.split(separator: ".").map(String.init)
        let sig = try Base64URL.decode(parts[2])
        func with(_ s: [UInt8]) -> String { parts[0] + "." + parts[1] + "." + Base64URL.encode(s) }
        T.expectCode(.invalidSignature) { _ = try verifier.verify(with(Array(sig.dropLast()))) }
        T.expectCode(.invalidSignature) { _ = try verifier.verify(with(sig + [0])) }
        T.expectCode(.invalidSignature) { _ = try verifier.verify(with([])) }
        // S + L (L = 2^252 + 27742317777372353535851937790883648493, little-endian) verifies the same equation
        // mathematically; it must be refused.
        let l: [UInt8] = [0xED, 0xD3, 0xF5, 0x5C, 0x1A, 0x63, 0x12, 0x58, 0xD6, 0x9C, 0xF7, 0xA2, 0xDE, 0xF9, 0xDE, 0x14,
                          0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10]
        var s = Array(sig[32...]), carry = 0
        for i in 0..<32 { let v = Int(s[i]) + Int(l[i]) + carry; s[i] = UInt8(v & 0xFF); carry = v >> 8 }
        #expect(carry == 0)
        T.expectCode(.invalidSignature) { _ = try verifier.verify(with(Array(sig[..<32]) + s)) }
    }

    /// Loading: `x` exactly 32 bytes and a valid point; other OKP curves unsupported; `d` refused.
    @Test(arguments: [
        (#"{"kty":"OKP","crv":"Ed25519","x":"AA"}"#, JWTError.Code.invalidKey, "is 1 bytes; an Ed25519 public key is 32 (RFC 8037 §2)"),
        (#"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURoA"}"#, .invalidKey, "is 33 bytes"),
        (#"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHUR"}"#, .invalidKey, "\"x\""),
        (#"{"kty":"OKP","crv":"Ed25519"}"#, .invalidKey, "missing \"x\""),
        (#"{"kty":"OKP","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#, .invalidKey, "missing \"crv\""),
        // The identity point (y = 1): small order, refused by the Ed25519 module.
        (#"{"kty":"OKP","crv":"Ed25519","x":"AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}"#, .invalidKey, "Ed25519 public key refused"),
        // y = p (non-canonical encoding of 0).
        (#"{"kty":"OKP","crv":"Ed25519","x":"7f_______________________________________38"}"#, .invalidKey, "Ed25519 public key refused"),
        (#"{"kty":"OKP","crv":"X25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#, .unsupportedKey, "OKP curve \"X25519\" is not supported"),
        (#"{"kty":"OKP","crv":"Ed448","x":"AA"}"#, .unsupportedKey, "OKP curve \"Ed448\" is not supported"),
        (#"{"kty":"OKP","crv":"P-256","x":"AA"}"#, .unsupportedKey, "OKP curve \"P-256\""),
        (#"{"kty":"EC","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","y":"AA"}"#, .unsupportedKey, "EC curve \"Ed25519\" is not supported"),
        (#"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","d":"nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"}"#, .privateKeyMaterial, "\"d\""),
        (#"{"kty":"okp","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#, .unsupportedKey, "key type \"okp\""),
    ])
    func loadRefusals(json: String, code: JWTError.Code, phrase: String) {
        do {
            _ = try JWK(json: json)
            Issue.record("loaded \(json)")
        } catch let e {
            #expect(e.code == code, "\(e)")
            #expect(e.reason.contains(phrase), "\(e.reason) lacks \(phrase)")
        }
    }

    /// In a set: Ed25519 loads, X25519 / Ed448 are skipped as unknown key types are, `d` fails the set.
    @Test func inASet() throws {
        let set = try JWKSet(json: #"{"keys":[{"kty":"OKP","crv":"X25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","kid":"x"},{"kty":"OKP","crv":"Ed25519","x":"\#(Self.x)","kid":"ed"},{"kty":"OKP","crv":"Ed448","x":"AA","kid":"448"}]}"#)
        #expect(set.keys.map(\.keyID) == ["ed"])
        #expect(set.skipped.map(\.index) == [0, 2])
        #expect(set.skipped.allSatisfy { $0.error.code == .unsupportedKey && $0.keyType == "OKP" })
        let t = try Self.token(header: #"{"alg":"EdDSA","kid":"ed"}"#)
        #expect(try JWTVerifier(keys: set, algorithms: [.edDSA]).verify(t).claims.subject == "x")
        T.expectCode(.keyNotFound) { _ = try JWTVerifier(keys: set, algorithms: [.edDSA]).verify(try Self.token(header: #"{"alg":"EdDSA","kid":"x"}"#)) }
        T.expectCode(.privateKeyMaterial) {
            _ = try JWKSet(json: #"{"keys":[{"kty":"OKP","crv":"X25519","x":"AA","d":"AA"}]}"#)
        }
        T.expectCode(.mixedKeySet) {
            _ = try JWKSet(keys: [try JWK(json: Self.publicJSON), JWK(symmetricKey: [UInt8](repeating: 1, count: 32))])
        }
    }

    /// PayPal's published set: its only OKP entry is an X25519 (key agreement) key, still skipped with its reason.
    @Test func payPalX25519Skipped() throws {
        let set = try JWKSet(json: try Vectors.bytes("jwks/paypal.jwks.json"))
        Vectors.report("jwks/paypal.jwks.json", cases: set.count + set.skipped.count, detail: "OKP entry")
        #expect(set.count + set.skipped.count == 15)
        #expect(set.skipped.count == 1)
        let s = try #require(set.skipped.first)
        #expect(s.keyType == "OKP" && s.keyID == "753778214125442a472d4b6150645367")
        #expect(s.error.code == .unsupportedKey && s.error.reason.contains("OKP curve \"X25519\" is not supported"))
    }

    /// The public values: `kty` OKP and `crv` Ed25519 by their exact spelling; `description` names no key bytes.
    @Test func typeValues() throws {
        #expect(JWK.KeyType(rawValue: "OKP") == .okp && JWK.KeyType(rawValue: "okp") == nil)
        #expect(JWK.Curve(rawValue: "Ed25519") == .ed25519 && JWK.Curve(rawValue: "ed25519") == nil)
        #expect(JWK.Curve(rawValue: "X25519") == nil && JWK.Curve(rawValue: "Ed448") == nil)
        #expect(JWK.Curve.ed25519.coordinateByteCount == 32)
        let key = try JWK(json: #"{"kty":"OKP","crv":"Ed25519","kid":"k1","x":"\#(Self.x)"}"#)
        #expect(key.description == #"JWK(kty=OKP, crv=Ed25519, kid="k1")"#)
        #expect(!key.description.contains(Self.x))
    }

    /// SPKI / PEM (RFC 8410 §4, §10.1) ↔ JWK, both ways, and the JSON form of the key.
    @Test func spkiAndPEM() throws {
        let raw = try Base64URL.decode(Self.x)
        let key = try JWK(json: Self.publicJSON)
        let der = try key.derRepresentation()
        #expect(der == hex("302a300506032b6570032100") + raw)
        #expect(der == (try Self.privateKey().publicKey.derRepresentation))
        let fromDER = try JWK(derRepresentation: der, keyID: "k", algorithm: .edDSA)
        #expect(fromDER.keyType == .okp && fromDER.x == raw && fromDER.keyID == "k" && fromDER.algorithm == "EdDSA")
        let pem = try key.pemRepresentation()
        #expect(pem.hasPrefix("-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA"))
        #expect(try JWK(pemRepresentation: pem).thumbprintBase64URL == "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
        #expect(key.jsonString() == #"{"kty":"OKP","crv":"Ed25519","x":"\#(Self.x)"}"#)
        #expect(try JWK(json: fromDER.jsonString()).thumbprint == key.thumbprint)
        // Ed448 and X25519 SPKIs are recognised and refused as unsupported; a damaged Ed25519 SPKI is invalid.
        T.expectCode(.unsupportedKey) { _ = try JWK(derRepresentation: hex("3043300506032b6571033a00") + [UInt8](repeating: 1, count: 57)) }
        T.expectCode(.unsupportedKey) { _ = try JWK(derRepresentation: hex("302a300506032b656e032100") + raw) }
        T.expectCode(.invalidKey) { _ = try JWK(derRepresentation: hex("302a300506032b6570032101") + raw) }
        T.expectCode(.invalidKey) { _ = try JWK(derRepresentation: hex("302b300506032b6570032200") + raw + [0]) }
        T.expectCode(.unsupportedKey) { _ = try key.subjectPublicKeyInfo() }
        // A private Ed25519 PEM is refused with the private-key error.
        T.expectCode(.privateKeyMaterial) { _ = try JWK(pemRepresentation: try Self.privateKey().pemRepresentation) }
    }
}
