import Foundation
import Testing
import TestSupport
@testable import JOSE

/// RFC 7515 Appendix A and RFC 7520 §4 compact examples, RFC 7638 §3.1, RFC 7517 Appendices A and B.
@Suite("RFC vectors")
struct RFCVectorTests {
    /// RFC 7515 A.1 has exp 1300819380 (2011-03-22T18:43:00Z); verify just before it.
    static let rfc7515Now: @Sendable () -> Double = { 1_300_819_370 }

    @Test func rfc7515AppendixA() throws {
        let file = "rfc/7515/rfc7515_appendix_a.json"
        let top = try T.jsonObject(file)
        let examples = try #require(top["examples"] as? [[String: Any]])
        var ran = 0, jsonSerializations = 0
        for ex in examples {
            let section = ex["section"] as! String
            ran += 1
            guard let compact = ex["compact"] as? String else {
                // A.6 (general) and A.7 (flattened) are JWS JSON Serializations: out of scope, asserted refused.
                let json = try #require((ex["general_json"] ?? ex["flattened_json"]).map { try T.json($0) }, "\(section)")
                let text = String(decoding: json, as: UTF8.self)
                T.expectCode(.malformedToken, section) {
                    _ = try JWTVerifier(keys: try JWKSet(keys: []), algorithms: Set(JWSAlgorithm.allCases)).verifySignature(text)
                }
                jsonSerializations += 1
                continue
            }
            switch section {
            case "A.1":
                let key = try T.publicJWK(ex["jwk"]!)
                let v = JWTVerifier(key: key, algorithms: [.hs256])
                let jwt = try v.verify(compact, expecting: ClaimExpectations(issuer: "joe", now: Self.rfc7515Now))
                #expect(jwt.claims.issuer == "joe")
                #expect(jwt.claims.expiresAt == 1_300_819_380)
                #expect(jwt.header.type == "JWT")
                #expect(jwt.claimsObject["http://example.com/is_root"] == .bool(true))
                #expect(String(decoding: jwt.payload, as: UTF8.self) == ex["payload_utf8"] as! String)
                // One second past exp it is expired.
                T.expectCode(.expired) {
                    _ = try v.verify(compact, expecting: ClaimExpectations(now: { 1_300_819_380 }))
                }
            case "A.4":
                // ES512 (P-521): the published JWS verifies with the A.4 key; a flipped bit does not.
                let key = try T.publicJWK(ex["jwk"]!)
                #expect(key.curve == .p521 && key.x?.count == 66 && key.y?.count == 66)
                let v = JWTVerifier(key: key, algorithms: [.es512])
                let jws = try v.verifySignature(compact)
                #expect(String(decoding: jws.payload, as: UTF8.self) == ex["payload_utf8"] as! String)
                #expect(jws.algorithm == .es512)
                let parts = compact.split(separator: ".").map(String.init)
                var sig = try Base64URL.decode(parts[2])
                #expect(sig.count == 132)
                sig[70] ^= 0x01
                T.expectCode(.invalidSignature) { _ = try v.verifySignature(parts[0] + "." + parts[1] + "." + Base64URL.encode(sig)) }
                T.expectCode(.keyMismatch) { _ = try JWTVerifier(key: key, algorithms: [.es256, .es384, .es512]).verifySignature(
                    T.b64(#"{"alg":"ES384"}"#) + "." + parts[1] + "." + Base64URL.encode([UInt8](repeating: 1, count: 96))) }
            case "A.5":
                T.expectCode(.unsecuredAlgorithm) {
                    _ = try JWTVerifier(keys: try JWKSet(keys: []), algorithms: Set(JWSAlgorithm.allCases)).verifySignature(compact)
                }
            case "A.2", "A.3":
                try RSAECVectors.rfc7515(section: section, compact: compact, jwk: ex["jwk"]!, now: Self.rfc7515Now)
            default:
                Issue.record("unexpected section \(section)")
            }
        }
        Vectors.report(file, cases: ran, detail: "A.1 HS256, A.2 RS256, A.3 ES256, A.4 ES512, A.5 none refused, A.6/A.7 JSON serialization refused")
        #expect(ran == 7 && jsonSerializations == 2)
    }

    @Test func rfc7520Section4() throws {
        let files = ["4_1.rsa_v15_signature.json", "4_2.rsa-pss_signature.json", "4_3.ecdsa_signature.json",
                     "4_4.hmac-sha2_integrity_protection.json"]
        var ran = 0
        for f in files {
            let o = try T.jsonObject("rfc/7520/jws/" + f)
            let input = o["input"] as! [String: Any]
            let alg = input["alg"] as! String
            let compact = (o["output"] as! [String: Any])["compact"] as! String
            let payload = Array((input["payload"] as! String).utf8)
            ran += 1
            switch alg {
            case "HS256":
                let key = try T.publicJWK(input["key"]!)
                let jws = try JWTVerifier(key: key, algorithms: [.hs256]).verifySignature(compact)
                #expect(jws.payload == payload)
                #expect(jws.header.keyID == "018c0ae5-4d9b-471b-bfd6-eef314bc7037")
            case "ES512":
                let key = try T.publicJWK(input["key"]!)
                #expect(key.curve == .p521 && key.keyID == "bilbo.baggins@hobbiton.example")
                let jws = try JWTVerifier(key: key, algorithms: [.es512]).verifySignature(compact)
                #expect(jws.payload == payload)
            default:
                try RSAECVectors.rfc7520(alg: alg, compact: compact, jwk: input["key"]!, payload: payload)
            }
        }
        Vectors.report("rfc/7520/jws", cases: ran, detail: "4.1 RS256, 4.2 PS384, 4.3 ES512, 4.4 HS256")
        #expect(ran == 4)
    }

    @Test func rfc7638Thumbprint() throws {
        let file = "rfc/7638/rfc7638_thumbprint.json"
        let o = try T.jsonObject(file)
        let key = try JWK(json: try T.json(o["jwk"]!))
        #expect(key.thumbprintBase64URL == o["thumbprint_b64url"] as! String)
        // RFC 7638 §3.1 spells out the canonical input's start.
        #expect(String(decoding: key.thumbprintInput, as: UTF8.self).hasPrefix(#"{"e":"AQAB","kty":"RSA","n":"0vx7agoebGcQSuuPiLJXZpt"#))
        Vectors.report(file, cases: 1)
    }

    @Test func rfc7517Keys() throws {
        let file = "rfc/7517/rfc7517_examples.json"
        let o = try T.jsonObject(file)
        var ran = 0
        // A.1: public keys (EC P-256 for encryption, RSA 2048 for RS256).
        let a1 = try JWKSet(json: try T.json(o["A.1"]!))
        #expect(a1.count == 2 && a1.skipped.isEmpty)
        #expect(a1["1"]?.keyType == .ec && a1["1"]?.curve == .p256 && a1["1"]?.use == "enc")
        #expect(a1["2011-04-29"]?.modulusBitCount == 2048 && a1["2011-04-29"]?.algorithm == "RS256")
        #expect(a1["1"]?.fits(.es256) == false)  // use "enc"
        ran += 2
        // A.2: the same keys with private members: refused as verification keys.
        T.expectCode(.privateKeyMaterial) { _ = try JWKSet(json: try T.json(o["A.2"]!)) }
        for k in (o["A.2"] as! [String: Any])["keys"] as! [Any] {
            T.expectCode(.privateKeyMaterial) { _ = try JWK(json: try T.json(k)) }
            ran += 1
        }
        // A.3: symmetric keys (an A128KW key and an HS256 key).
        let a3 = try JWKSet(json: try T.json(o["A.3"]!))
        #expect(a3.count == 2)
        #expect(a3.keys.map(\.keyType) == [.oct, .oct])
        #expect(a3.keys[0].fits(.hs256) == false)  // alg A128KW
        #expect(a3.keys[1].fits(.hs256) == true)   // 64-byte HS256 key
        ran += 2
        // B: an RSA key with an x5c chain (the chain is ignored).
        let b = try JWK(json: try T.json(o["B"]!))
        #expect(b.keyID == "1b94c" && b.modulusBitCount == 2048 && b.fits(.rs256))
        ran += 1
        Vectors.report(file, cases: ran, detail: "A.1 2 keys, A.2 2 refused (private), A.3 2 keys, B 1 key")
        #expect(ran == 7)
    }
}
