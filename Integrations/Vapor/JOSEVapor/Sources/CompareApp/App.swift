import Foundation
import JOSEVapor
import Vapor

// The JOSEVapor side of the migration guide (README, "From vapor/jwt"): a small API that issues session tokens
// and serves `GET /me` behind an authenticator. ../../VaporJWTApp is the same app on vapor/jwt; Scripts/vapor-compare.sh
// builds and loads both.
//
// Keys: `es256.pem` (P-256) and `rs256.pem` (RSA-2048), PKCS#8 PEM, in `keysDirectory`.
// Routes: GET /plain → "ok"; GET /token/:alg/:sub → a session token (ES256 or RS256, 1 h);
//         GET /me → the subject of a valid session token (401 with an RFC 6750 challenge otherwise).

/// The session token's claims, logged in by the authenticator. `iat` and `exp` are RFC 7519 NumericDates, which may
/// have a fraction (jwt-kit writes one: `1795694748.116693`), so they decode as `Double`.
struct SessionClaims: Authenticatable, Codable, Sendable {
    var sub: String
    var iss: String
    var aud: String
    var iat: Double
    var exp: Double
}

func configure(_ app: Application, keysDirectory: String) throws {
    let es = try JWKPrivateKey(pemRepresentation: String(contentsOfFile: "\(keysDirectory)/es256.pem", encoding: .utf8),
                               keyID: "es", algorithm: .es256)
    let rs = try JWKPrivateKey(pemRepresentation: String(contentsOfFile: "\(keysDirectory)/rs256.pem", encoding: .utf8),
                               keyID: "rs", algorithm: .rs256)
    let signers: [String: JWTSigner] = ["ES256": try JWTSigner(key: es, algorithm: .es256, keyID: "es"),
                                        "RS256": try JWTSigner(key: rs, algorithm: .rs256, keyID: "rs")]
    // Verification: both public keys, chosen by `kid`; each only with its own algorithm; issuer and audience fixed.
    app.jose.use(keys: try JWKSet(keys: [es.publicJWK!, rs.publicJWK!]), algorithms: [.es256, .rs256],
                 issuer: "compare-app", audience: "api")

    app.get("plain") { _ in "ok" }
    app.get("token", ":alg", ":sub") { req throws -> String in
        guard let signer = signers[req.parameters.get("alg") ?? ""], let sub = req.parameters.get("sub") else {
            throw Abort(.badRequest, reason: "alg is ES256 or RS256")
        }
        let t = Date().timeIntervalSince1970.rounded(.down)
        return try signer.sign(SessionClaims(sub: sub, iss: "compare-app", aud: "api", iat: t, exp: t + 3600))
    }
    app.grouped(SessionClaims.joseAuthenticator(), SessionClaims.joseGuard())
        .get("me") { req throws -> String in try req.auth.require(SessionClaims.self).sub }
}
