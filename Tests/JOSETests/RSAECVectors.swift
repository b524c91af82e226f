import Testing
@testable import JOSE

/// The RSA and EC halves of the RFC vector tests. Until the RSA and ECDSA modules land, these algorithms must be
/// refused as `unsupportedAlgorithm` (never accepted, never another error); this file switches to full
/// verification when they do.
enum RSAECVectors {
    static func rfc7515(section: String, compact: String, jwk: Any, now: @escaping @Sendable () -> Double) throws {
        let key = try T.publicJWK(jwk)
        let v = JWTVerifier(key: key, algorithms: [.rs256, .es256])
        T.expectCode(.unsupportedAlgorithm, section) { _ = try v.verify(compact, expecting: ClaimExpectations(now: now)) }
    }

    static func rfc7520(alg: String, compact: String, jwk: Any, payload: [UInt8]) throws {
        let key = try T.publicJWK(jwk)
        let v = JWTVerifier(key: key, algorithms: Set(JWSAlgorithm.allCases))
        T.expectCode(.unsupportedAlgorithm, alg) { _ = try v.verifySignature(compact) }
    }
}
