import Foundation
import Testing
import DER
import ECDSA
import RSA
import TestSupport
@testable import JOSE

/// ES256/ES384, RS*/PS* signing and private JWKs: RFC examples byte for byte (RS256 is deterministic), round
/// trips through the verifier for everything else, and the private-key rules of RFC 7518 §6.
@Suite("Asymmetric signing and private JWKs")
struct AsymmetricSignerTests {
    static let now: @Sendable () -> Double = { 1_700_000_000 }

    static func rfc7520Key(_ file: String) throws -> [String: Any] {
        try T.jsonObject("rfc/7520/jwk/" + file)
    }

    /// RFC 7515 A.2: RS256 from the RFC's exact header and payload bytes, byte for byte; A.3 (ES256): a token
    /// signed with the RFC's key over the same bytes verifies with its public key (ECDSA is randomised).
    @Test func rfc7515A2AndA3() throws {
        for section in ["A.2", "A.3"] {
            let ex = try SignerTests.rfc7515(section)
            let jwk = try JWKPrivateKey(json: T.json(try #require(ex["jwk"])))
            let alg: JWSAlgorithm = section == "A.2" ? .rs256 : .es256
            let signer = try JWTSigner(key: jwk, algorithm: alg)
            let header = Array(try #require(ex["protected_header_utf8"] as? String).utf8)
            let payload = Array(try #require(ex["payload_utf8"] as? String).utf8)
            let token = try signer.sign(headerJSON: header, payload: payload)
            if section == "A.2" { #expect(token == ex["compact"] as? String) }
            let verifier = JWTVerifier(key: try T.publicJWK(try #require(ex["jwk"])), algorithms: [alg])
            let v = try verifier.verifySignature(token)
            #expect(v.payload == payload)
            // The RFC's own token verifies with the public half JWKPrivateKey derives.
            _ = try JWTVerifier(key: jwk.verificationKey, algorithms: [alg]).verifySignature(try #require(ex["compact"] as? String))
        }
        Vectors.report("rfc/7515/rfc7515_appendix_a.json", cases: 2, detail: "A.2 RS256 signed byte for byte, A.3 ES256 round trip")
    }

    /// RFC 7520 §4.1 (RS256) byte for byte with the header the signer writes itself; §4.2 (PS384) round trip.
    @Test func rfc7520RSA() throws {
        let key = try JWKPrivateKey(json: T.json(try Self.rfc7520Key("3_4.rsa_private_key.json")))
        for (file, alg) in [("4_1.rsa_v15_signature.json", JWSAlgorithm.rs256), ("4_2.rsa-pss_signature.json", .ps384)] {
            let o = try T.jsonObject("rfc/7520/jws/" + file)
            let payload = Array(try #require((o["input"] as? [String: Any])?["payload"] as? String).utf8)
            let token = try JWTSigner(key: key, algorithm: alg).signPayload(payload)
            let expected = try #require((o["output"] as? [String: Any])?["compact"] as? String)
            if alg == .rs256 {
                #expect(token == expected)
            } else {
                // PSS is randomised: same header and payload parts, a different signature that verifies.
                #expect(token.split(separator: ".").prefix(2) == expected.split(separator: ".").prefix(2))
                #expect(token != expected)
            }
            let v = try JWTVerifier(key: key.verificationKey, algorithms: [alg]).verifySignature(token)
            #expect(v.payload == payload)
        }
        Vectors.report("rfc/7520/jws", cases: 2, detail: "4.1 RS256 signed byte for byte, 4.2 PS384 round trip")
    }

    static let keys: [(String, JWKPrivateKey)] = {
        var out: [(String, JWKPrivateKey)] = []
        out.append(("p256", try! JWKPrivateKey.generateEC(curve: .p256, keyID: "p256")))
        out.append(("p384", try! JWKPrivateKey.generateEC(curve: .p384, keyID: "p384")))
        let rsa = try! JWKPrivateKey(json: String(decoding: try! T.json(try! rfc7520Key("3_4.rsa_private_key.json")), as: UTF8.self))
        out.append(("rsa2048", rsa.withKeyID("rsa2048")))
        return out
    }()

    @Test(arguments: [JWSAlgorithm.es256, .es384, .rs256, .rs384, .rs512, .ps256, .ps384, .ps512])
    func roundTrip(alg: JWSAlgorithm) throws {
        let name = alg == .es256 ? "p256" : alg == .es384 ? "p384" : "rsa2048"
        let key = try #require(Self.keys.first { $0.0 == name }?.1)
        let signer = try JWTSigner(key: key, algorithm: alg)
        let verifier = JWTVerifier(keys: try JWKSet(keys: [key.verificationKey]), algorithms: [alg])
        var g = SplitMix64(seed: 99)
        var tokens: Set<String> = []
        for _ in 0..<(alg.family == .ecdsa ? 10 : 3) {
            let claims = SignerTests.session(&g)
            let token = try signer.sign(claims)
            let jwt = try verifier.verify(token, expecting: ClaimExpectations(audience: "web", now: Self.now))
            #expect(try jwt.decode(SignerTests.Session.self) == claims)
            #expect(jwt.header.keyID == name && jwt.header.object.names == ["alg", "typ", "kid"])
            tokens.insert(token)
        }
        // Same claims twice: ECDSA (hedged) and PSS (random salt) differ each time, PKCS#1 v1.5 never does.
        let c = JWTClaims(subject: "same", expiresAt: 1_700_000_100)
        let (t1, t2) = (try signer.sign(c), try signer.sign(c))
        #expect((t1 == t2) == (alg.family == .rsaPKCS1))
    }

    @Test func keyAlgorithmRules() throws {
        let p256 = try #require(Self.keys.first { $0.0 == "p256" }?.1)
        let rsa = try #require(Self.keys.first { $0.0 == "rsa2048" }?.1)
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: p256, algorithm: .es384) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: p256, algorithm: .rs256) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: p256, algorithm: .hs256) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: rsa, algorithm: .es256) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: rsa, algorithm: .hs512) }
        // A 1024-bit key may be loaded with a lower minimum, but never signs.
        let pem = try Vectors.text("keys/pyca/PKCS8/unenc-rsa-pkcs8.pem")
        let small = try JWKPrivateKey(pemRepresentation: pem, options: JWK.Options(minimumRSAModulusBits: 1024))
        T.expectCode(.unsupportedKey) { _ = try JWTSigner(key: small, algorithm: .rs256) }
        T.expectCode(.unsupportedKey) { _ = try JWKPrivateKey(pemRepresentation: pem) }
        // The JWK's alg/use/key_ops.
        var o = p256.jsonObject().members.map { ($0.name, $0.value) }
        o.append(("key_ops", .array([.string("verify")])))
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: JWKPrivateKey(object: JSONObject(o)), algorithm: .es256) }
    }

    /// An id-RSASSA-PSS private key (RFC 4055) signs PS* only.
    @Test func pssOnlyKeySignsPSSOnly() throws {
        let key = try JWKPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/PKCS8/rsa_pss_2048.pem"))
        let token = try JWTSigner(key: key, algorithm: .ps256).sign(JWTClaims(subject: "pss", expiresAt: 1_700_000_100))
        _ = try JWTVerifier(key: key.verificationKey, algorithms: [.ps256]).verify(token, expecting: ClaimExpectations(now: Self.now))
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: key, algorithm: .rs256) }
    }

    @Test func privateJWKRules() throws {
        let ec = try Self.rfc7520Key("3_2.ec_private_key.json")   // P-521 (ES512): see ES512EdDSASignerTests
        #expect(try JWKPrivateKey(json: T.json(ec)).curve == .p521)
        let p256 = try JSONSerialization.jsonObject(with: Data(try #require(Self.keys.first { $0.0 == "p256" }?.1).jsonString().utf8)) as! [String: Any]
        _ = try JWKPrivateKey(json: T.json(p256))
        // d of the wrong length, d of another key, d missing.
        var short = p256; short["d"] = Base64URL.encode(Array(try Base64URL.decode(p256["d"] as! String).dropFirst()))
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(json: T.json(short)) }
        var other = p256; other["d"] = (try JSONSerialization.jsonObject(with: Data(JWKPrivateKey.generateEC(curve: .p256).jsonString().utf8)) as! [String: Any])["d"]
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(json: T.json(other)) }
        var noD = p256; noD["d"] = nil
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(json: T.json(noD)) }
        var withP = p256; withP["p"] = "AQ"
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(json: T.json(withP)) }
        // RSA: all of p q dp dq qi, or none (then p and q are recovered); oth refused; a wrong CRT value refused.
        let rsa = try Self.rfc7520Key("3_4.rsa_private_key.json")
        let full = try JWKPrivateKey(json: T.json(rsa))
        var bare = rsa
        for m in ["p", "q", "dp", "dq", "qi"] { bare[m] = nil }
        let recovered = try JWKPrivateKey(json: T.json(bare))
        #expect(recovered.jsonString() == full.jsonString())
        var partial = rsa; partial["qi"] = nil
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(json: T.json(partial)) }
        var oth = rsa; oth["oth"] = [["r": "AQ", "d": "AQ", "t": "AQ"]]
        T.expectCode(.unsupportedKey) { _ = try JWKPrivateKey(json: T.json(oth)) }
        var badDP = rsa; badDP["dp"] = rsa["dq"]
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(json: T.json(badDP)) }
        // A private JWK never enters a key set, and its JSON is refused by JWK and JWKSet.
        T.expectCode(.privateKeyMaterial) { _ = try JWK(json: full.jsonString()) }
        T.expectCode(.privateKeyMaterial) { _ = try JWKSet(json: #"{"keys":[\#(full.jsonString())]}"#) }
        #expect(!full.description.contains(rsa["d"] as! String))
        // publicJWK: public members only, kid = thumbprint unless set, key_ops sign → verify.
        let pub = try #require(recovered.publicJWK)
        #expect(pub.keyID == rsa["kid"] as? String)
        #expect(!pub.jsonString(includingSecret: true).contains("\"d\""))
        let anonymous = try JWKPrivateKey.generateEC(curve: .p384)
        #expect(anonymous.publicJWK?.keyID == anonymous.thumbprintBase64URL)
        #expect(anonymous.publicJWK?.thumbprintBase64URL == anonymous.thumbprintBase64URL)
    }

    /// The key members of a private JWK (PEM carries no use, alg or key_ops).
    static func material(_ k: JWKPrivateKey) -> [String] {
        k.jsonObject().members.filter { ["kty", "crv", "x", "y", "n", "e", "d", "p", "q", "dp", "dq", "qi"].contains($0.name) }
            .map { "\($0.name)=\($0.value)" }
    }

    @Test func pemRoundTrips() throws {
        for (name, key) in Self.keys {
            let pkcs8 = try key.pemRepresentation()
            #expect(pkcs8.hasPrefix("-----BEGIN PRIVATE KEY-----"), "\(name)")
            let traditional = try key.traditionalPEMRepresentation()
            #expect(traditional.hasPrefix(name.hasPrefix("rsa") ? "-----BEGIN RSA PRIVATE KEY-----" : "-----BEGIN EC PRIVATE KEY-----"))
            for pem in [pkcs8, traditional] {
                let back = try JWKPrivateKey(pemRepresentation: pem, keyID: name)
                #expect(Self.material(back) == Self.material(key), "\(name)")
                #expect(try back.pemRepresentation() == pkcs8)
            }
        }
        // Files written by other tools: pyca's PKCS#8 and SEC 1 keys, the Apple-style .p8, a SEC 1 P-384 key.
        let files = ["keys/pyca/PKCS8/ec_private_key.pem", "keys/pyca/PEM_Serialization/ec_private_key.pem",
                     "keys/generated/apple-style-AuthKey_TEST123456.p8", "keys/generated/p384-sec1.pem",
                     "rsa/generated/rsa4096-pkcs1.pem", "rsa/generated/rsa4096-pkcs8.pem",
                     "keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"]
        var loaded = 0
        for f in files {
            let key = try JWKPrivateKey(pemRepresentation: try Vectors.text(f))
            let alg: JWSAlgorithm = key.keyType == .rsa ? .ps512 : key.curve == .p256 ? .es256 : .es384
            let token = try JWTSigner(key: key, algorithm: alg).sign(JWTClaims(subject: f, expiresAt: 1_700_000_100))
            _ = try JWTVerifier(key: key.verificationKey, algorithms: [alg]).verify(token, expecting: ClaimExpectations(now: Self.now))
            loaded += 1
        }
        #expect(loaded == files.count)
        Vectors.report("keys (private PEM files)", cases: loaded, detail: "loaded, signed, verified")
        // The .p8's public key is the .pub.pem next to it.
        let p8 = try JWKPrivateKey(pemRepresentation: try Vectors.text("keys/generated/apple-style-AuthKey_TEST123456.p8"))
        let pub = try JWK(pemRepresentation: try Vectors.text("keys/generated/apple-style-AuthKey_TEST123456.pub.pem"))
        #expect(p8.publicJWK?.thumbprintBase64URL == pub.thumbprintBase64URL)
        // Not private keys, or not supported.
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(pemRepresentation: try Vectors.text("keys/generated/apple-style-AuthKey_TEST123456.pub.pem")) }
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(pemRepresentation: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") }
    }
}
