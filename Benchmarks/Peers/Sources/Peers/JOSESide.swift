// PureJOSE's side of the end-to-end rows.
import JOSE

enum JOSESide {
    /// A verifier for one algorithm with the case's keys loaded once, as a server would hold it.
    static func verifier(for c: JWTCase, issuer: String, audience: String) throws -> () -> Bool {
        guard let algorithm = JWSAlgorithm(rawValue: c.alg) else { return { false } }
        let verifier = JWTVerifier(keys: try JWKSet(json: c.jwksJSON), algorithms: [algorithm])
        let expectations = ClaimExpectations(issuer: issuer, audience: audience)
        let token = c.token
        return {
            guard let jwt = try? verifier.verify(token, expecting: expectations) else { return false }
            return jwt.claims.subject != nil
        }
    }
}
