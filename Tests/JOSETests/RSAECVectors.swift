import Testing
@testable import JOSE

/// The RSA and EC halves of the RFC vector tests (RFC 7515 A.2/A.3, RFC 7520 §4.1/§4.2).
enum RSAECVectors {
    static func rfc7515(section: String, compact: String, jwk: Any, now: @escaping @Sendable () -> Double) throws {
        let key = try T.publicJWK(jwk)
        let v = JWTVerifier(key: key, algorithms: [.rs256, .es256])
        let jwt = try v.verify(compact, expecting: ClaimExpectations(issuer: "joe", now: now))
        #expect(jwt.claims.expiresAt == 1_300_819_380)
        #expect(jwt.claimsObject["http://example.com/is_root"] == .bool(true))
        // The same token with one signature bit flipped fails.
        var sig = try Base64URL.decode(String(compact.split(separator: ".")[2]))
        sig[sig.count / 2] ^= 0x10
        let parts = compact.split(separator: ".")
        let bad = parts[0] + "." + parts[1] + "." + Base64URL.encode(sig)
        T.expectCode(.invalidSignature, section) { _ = try v.verify(String(bad), expecting: ClaimExpectations(now: now)) }
    }

    static func rfc7520(alg: String, compact: String, jwk: Any, payload: [UInt8]) throws {
        let key = try T.publicJWK(jwk)
        let v = JWTVerifier(key: key, algorithms: Set(JWSAlgorithm.allCases))
        let jws = try v.verifySignature(compact)
        #expect(jws.payload == payload, "\(alg)")
        #expect(jws.header.algorithmName == alg)
        #expect(jws.header.keyID == "bilbo.baggins@hobbiton.example")
        // Only the named algorithm: an allow-list without it refuses the token.
        let other = JWTVerifier(key: key, algorithms: Set(JWSAlgorithm.allCases).subtracting([JWSAlgorithm(rawValue: alg)!]))
        T.expectCode(.algorithmNotAllowed, alg) { _ = try other.verifySignature(compact) }
    }
}
