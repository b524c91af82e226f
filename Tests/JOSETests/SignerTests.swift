import Foundation
import Testing
import SHA2
import TestSupport
@testable import JOSE

/// ``JWTSigner``: published examples byte for byte, round trips through ``JWTVerifier``, and the key ↔ `alg` rules.
@Suite("JWT signer")
struct SignerTests {
    static let now: @Sendable () -> Double = { 1_700_000_000 }

    static func rfc7515(_ section: String) throws -> [String: Any] {
        let top = try T.jsonObject("rfc/7515/rfc7515_appendix_a.json")
        let examples = try #require(top["examples"] as? [[String: Any]])
        return try #require(examples.first { $0["section"] as? String == section })
    }

    /// RFC 7515 A.1: from the RFC's exact header and payload bytes, its compact JWS byte for byte.
    @Test func rfc7515A1HS256() throws {
        let ex = try Self.rfc7515("A.1")
        let jwk = try JWKPrivateKey(json: T.json(try #require(ex["jwk"])))
        let signer = try JWTSigner(key: jwk, algorithm: .hs256)
        let header = Array(try #require(ex["protected_header_utf8"] as? String).utf8)
        let payload = Array(try #require(ex["payload_utf8"] as? String).utf8)
        #expect(try signer.sign(headerJSON: header, payload: payload) == ex["compact"] as? String)
        Vectors.report("rfc/7515/rfc7515_appendix_a.json", cases: 1, detail: "A.1 HS256 signed byte for byte")
    }

    /// RFC 7520 §4.4: the signer writes the header {"alg","kid"} itself and gets the cookbook's bytes.
    @Test func rfc7520Section4_4HS256() throws {
        let o = try T.jsonObject("rfc/7520/jws/4_4.hmac-sha2_integrity_protection.json")
        let input = try #require(o["input"] as? [String: Any])
        let payload = Array(try #require(input["payload"] as? String).utf8)
        let key = try JWKPrivateKey(json: T.json(try #require(input["key"])))
        let signer = try JWTSigner(key: key)   // alg and kid from the JWK
        let expected = try #require((o["output"] as? [String: Any])?["compact"] as? String)
        #expect(try signer.signPayload(payload) == expected)
        let signing = try #require(o["signing"] as? [String: Any])
        let header = try Base64URL.decode(try #require(signing["protected_b64u"] as? String))
        #expect(try signer.sign(headerJSON: header, payload: payload) == expected)
        Vectors.report("rfc/7520/jws/4_4.hmac-sha2_integrity_protection.json", cases: 2, detail: "HS256 signed byte for byte, header written and given")
    }

    struct Session: Codable, Equatable {
        var iss: String
        var sub: String
        var aud: [String]
        var exp: Int64
        var iat: Int64
        var name: String
        var roles: [String]
        var big: UInt64
        var profile: [String: String]
        var nickname: String?
    }

    static func session(_ g: inout SplitMix64) -> Session {
        Session(iss: "https://issuer.example", sub: JSONEncoderTests.randomString(&g), aud: ["api", "web"],
                exp: 1_700_003_600, iat: 1_700_000_000, name: JSONEncoderTests.randomString(&g),
                roles: (0..<g.below(4)).map { _ in JSONEncoderTests.randomString(&g) }, big: g.next() | 1 << 63,
                profile: ["city": JSONEncoderTests.randomString(&g)], nickname: g.next() & 1 == 0 ? nil : "nick")
    }

    @Test(arguments: [JWSAlgorithm.hs256, .hs384, .hs512])
    func hmacRoundTrip(alg: JWSAlgorithm) throws {
        var g = SplitMix64(seed: UInt64(alg.hashByteCount))
        for i in 0..<40 {
            let secret = g.bytes(alg.hashByteCount + g.below(40))
            let signer = try JWTSigner(key: SymmetricKey(data: secret), algorithm: alg, keyID: "k\(i)")
            let verifier = JWTVerifier(key: JWK(symmetricKey: secret, keyID: "k\(i)"), algorithms: [alg])
            let claims = Self.session(&g)
            let token = try signer.sign(claims)
            let jwt = try verifier.verify(token, expecting: ClaimExpectations(issuer: "https://issuer.example", audience: "api", now: Self.now))
            #expect(try jwt.decode(Session.self) == claims)
            #expect(jwt.header.object.names == ["alg", "typ", "kid"])
            #expect(jwt.header.type == "JWT" && jwt.header.keyID == "k\(i)")
            // HMAC is deterministic: the tag is the HMAC of the signing input.
            let dot = token.lastIndex(of: ".")!
            let mac = HMAC<SHA256>.authenticationCode(for: Array(token[..<dot].utf8), using: SymmetricKey(data: secret)).bytes
            if alg == .hs256 { #expect(Base64URL.encode(mac) == String(token[token.index(after: dot)...])) }
        }
    }

    @Test func jwtClaimsRoundTrip() throws {
        let secret = [UInt8](repeating: 7, count: 32)
        let signer = try JWTSigner(key: SymmetricKey(data: secret))
        let verifier = JWTVerifier(key: JWK(symmetricKey: secret), algorithms: [.hs256])
        let claims = JWTClaims(issuer: "me", subject: "user-1", audience: "api", expiresAt: 1_700_003_600,
                               notBefore: 1_699_999_000, issuedAt: 1_700_000_000, jwtID: "j1", nonce: "n",
                               extra: try JSONObject([("scope", .string("read write")), ("n", .array([.integer(1), .number(JSONNumber(literal: "18446744073709551615"))]))]))
        let token = try signer.sign(claims)
        let jwt = try verifier.verify(token, expecting: ClaimExpectations(issuer: "me", audience: "api", now: Self.now))
        #expect(jwt.claimsObject.names == ["iss", "sub", "aud", "exp", "nbf", "iat", "jti", "nonce", "scope", "n"])
        #expect(try jwt.decode(JWTClaims.self) == claims)
        #expect(jwt.claims.audience == ["api"] && jwt.claimsObject["aud"] == .string("api"))
        var two = claims
        two.audience = ["a", "b"]
        #expect(try verifier.verify(signer.sign(two), expecting: ClaimExpectations(audience: "b", now: Self.now)).claimsObject["aud"] == .array([.string("a"), .string("b")]))
        var clash = claims
        clash.extra = try JSONObject([("exp", .integer(1))])
        T.expectCode(.invalidClaim) { _ = try signer.sign(clash) }
    }

    @Test func headerShapes() throws {
        let secret = [UInt8](repeating: 1, count: 64)
        let signer = try JWTSigner(key: SymmetricKey(data: secret), algorithm: .hs512, keyID: "kid-1")
        let verifier = JWTVerifier(key: JWK(symmetricKey: secret, keyID: "kid-1"), algorithms: [.hs512])
        let t = Base64URL.encode([UInt8](repeating: 9, count: 32))
        let token = try signer.sign(JWTClaims(subject: "s", expiresAt: 1_700_000_100), header: .init(type: "at+jwt", extra: ["x5t#S256": .string(t), "z": .integer(1)]))
        let jwt = try verifier.verify(token, expecting: ClaimExpectations(type: "at+jwt", now: Self.now))
        #expect(jwt.header.object.names == ["alg", "typ", "kid", "x5t#S256", "z"])
        let header = String(decoding: try Base64URL.decode(String(token.split(separator: ".")[0])), as: UTF8.self)
        #expect(header == #"{"alg":"HS512","typ":"at+jwt","kid":"kid-1","x5t#S256":"\#(t)","z":1}"#)
        // signPayload: no typ by default, any bytes.
        let jws = try signer.signPayload([0, 1, 2, 255])
        let v = try verifier.verifySignature(jws)
        #expect(v.payload == [0, 1, 2, 255] && v.header.object.names == ["alg", "kid"])
        // Members the signer owns cannot be repeated; crit naming something unknown would not verify.
        T.expectCode(.duplicateMember) { _ = try signer.sign(JWTClaims(), header: .init(extra: ["alg": .string("none")])) }
        T.expectCode(.duplicateMember) { _ = try signer.sign(JWTClaims(), header: .init(extra: ["kid": .string("other")])) }
        // crit as RFC 7515 §4.1.11 allows it: listing a registered name, or a member the header lacks, is refused.
        T.expectCode(.unsupportedCriticalHeader) { _ = try signer.sign(JWTClaims(), header: .init(extra: ["crit": .array([.string("kid")])])) }
        T.expectCode(.unsupportedCriticalHeader) { _ = try signer.sign(JWTClaims(), header: .init(extra: ["crit": .array([.string("exp")])])) }
        // crit naming a member the default verifier does not understand is refused (SignerCriticalHeaderTests);
        // declared as understood by the receiving verifier, it is signed and only that verifier accepts it.
        T.expectCode(.unsupportedCriticalHeader) { _ = try signer.sign(JWTClaims(expiresAt: 1_700_000_100), header: .init(extra: ["crit": .array([.string("exp")]), "exp": .integer(1)])) }
        let critical = try signer.sign(JWTClaims(expiresAt: 1_700_000_100), header: .init(extra: ["crit": .array([.string("exp")]), "exp": .integer(1)], understoodCriticalHeaders: ["exp"]))
        T.expectCode(.unsupportedCriticalHeader) { _ = try verifier.verify(critical, expecting: ClaimExpectations(now: Self.now)) }
        _ = try JWTVerifier(key: JWK(symmetricKey: secret, keyID: "kid-1"), algorithms: [.hs512], options: .init(understoodCriticalHeaders: ["exp"]))
            .verify(critical, expecting: ClaimExpectations(now: Self.now))
        T.expectCode(.unsupportedCriticalHeader) { _ = try signer.sign(JWTClaims(), header: .init(extra: ["b64": .bool(false)])) }
        // Exact header bytes must name the signer's alg.
        T.expectCode(.keyMismatch) { _ = try signer.sign(headerJSON: Array(#"{"alg":"HS256"}"#.utf8), payload: []) }
        T.expectCode(.duplicateMember) { _ = try signer.sign(headerJSON: Array(#"{"alg":"HS512","alg":"HS512"}"#.utf8), payload: []) }
        T.expectCode(.invalidJSON) { _ = try signer.sign(headerJSON: Array(#"{"alg":"HS512",}"#.utf8), payload: []) }
    }

    @Test func claimsTheVerifierWouldRefuseAreNotSigned() throws {
        let signer = try JWTSigner(key: SymmetricKey(data: [UInt8](repeating: 1, count: 32)))
        T.expectCode(.invalidClaim) { _ = try signer.sign(["a", "b"]) }            // not an object
        T.expectCode(.invalidClaim) { _ = try signer.sign(["exp": "tomorrow"]) }   // NumericDate must be a number
        T.expectCode(.invalidClaim) { _ = try signer.sign(["aud": 5]) }
        T.expectCode(.invalidClaim) { _ = try signer.sign(["x": Double.nan]) }
        struct WithDate: Encodable { var exp = Date() }
        T.expectCode(.invalidClaim) { _ = try signer.sign(WithDate()) }
        // Depth 32 (the object and 31 arrays) is what a default verifier reads; 33 is refused before signing.
        var deep = JSONValue.integer(1)
        for _ in 0..<31 { deep = .array([deep]) }
        let ok = try signer.sign(try JSONObject([("exp", .integer(1_700_000_100)), ("d", deep)]))
        let verifier = JWTVerifier(key: JWK(symmetricKey: [UInt8](repeating: 1, count: 32)), algorithms: [.hs256])
        #expect(try verifier.verify(ok, expecting: ClaimExpectations(now: Self.now)).claimsObject["d"] == deep)
        T.expectCode(.limitExceeded) { _ = try verifier.verify(T.hmacToken(header: #"{"alg":"HS256"}"#, payload: #"{"exp":1700000100,"d":\#(JSONValue.array([deep]))}"#, key: [UInt8](repeating: 1, count: 32)), expecting: ClaimExpectations(now: Self.now)) }
        T.expectCode(.limitExceeded) { _ = try signer.sign(try JSONObject([("d", .array([deep]))])) }
        T.expectCode(.limitExceeded) { _ = try signer.sign(["big": String(repeating: "x", count: 50_000)]) }
        T.expectCode(.invalidJSON) { _ = try signer.sign(["s": String(Unicode.Scalar(0xFFFE)!)]) }
    }

    @Test func keyRulesAreTheVerifiers() throws {
        // HMAC keys at least the hash length (RFC 7518 §3.2).
        T.expectCode(.weakKey) { _ = try JWTSigner(key: SymmetricKey(data: [UInt8](repeating: 1, count: 31)), algorithm: .hs256) }
        T.expectCode(.weakKey) { _ = try JWTSigner(key: SymmetricKey(data: [UInt8](repeating: 1, count: 63)), algorithm: .hs512) }
        _ = try JWTSigner(key: SymmetricKey(data: [UInt8](repeating: 1, count: 64)), algorithm: .hs512)
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: SymmetricKey(data: [UInt8](repeating: 1, count: 64)), algorithm: .rs256) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: SymmetricKey(data: [UInt8](repeating: 1, count: 64)), algorithm: .es256) }
        // A JWK's alg, use and key_ops are honoured.
        let k = Base64URL.encode([UInt8](repeating: 2, count: 48))
        func jwk(_ extra: String) throws -> JWKPrivateKey { try JWKPrivateKey(json: #"{"kty":"oct","k":"\#(k)"\#(extra)}"#) }
        _ = try JWTSigner(key: jwk(#","alg":"HS384","use":"sig","key_ops":["sign"]"#))
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: jwk(#","alg":"HS384""#), algorithm: .hs256) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: jwk(#","use":"enc""#), algorithm: .hs256) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: jwk(#","key_ops":["verify"]"#), algorithm: .hs256) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: jwk("")) }  // no alg anywhere
        T.expectCode(.unsecuredAlgorithm) { _ = try JWTSigner(key: jwk(#","alg":"none""#)) }
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(json: #"{"kty":"oct","k":"\#(k)","d":"AA"}"#) }
    }

    @Test func privateJWKsStayOutOfVerifiers() throws {
        let key = try JWKPrivateKey.generateSymmetric(byteCount: 32, keyID: "s1")
        // Its JSON carries the secret; a JWK Set refuses nothing for oct (a secret is its own verification key),
        // so the verification key is the same secret, and a verifier with it accepts what the signer makes.
        let token = try JWTSigner(key: key, algorithm: .hs256).sign(JWTClaims(subject: "x", expiresAt: 1_700_000_100))
        _ = try JWTVerifier(key: key.verificationKey, algorithms: [.hs256]).verify(token, expecting: ClaimExpectations(now: Self.now))
        #expect(key.publicJWK == nil)
        #expect(!key.description.contains(Base64URL.encode(key.verificationKey.symmetricKeyBytes!)))
        T.expectCode(.weakKey) { _ = try JWKPrivateKey.generateSymmetric(byteCount: 16) }
        // A generated secret's JSON loads back to the same key.
        let back = try JWKPrivateKey(json: key.jsonString())
        #expect(back.verificationKey.symmetricKeyBytes == key.verificationKey.symmetricKeyBytes && back.keyID == "s1")
        // Without a kid, the verification key's kid is the RFC 7638 thumbprint.
        let anon = JWKPrivateKey(symmetricKey: [UInt8](repeating: 3, count: 32))
        #expect(anon.verificationKey.keyID == anon.thumbprintBase64URL)
    }
}
