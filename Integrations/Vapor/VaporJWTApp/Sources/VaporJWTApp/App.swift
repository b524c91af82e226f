import Foundation
import JWT
import Vapor

// The vapor/jwt side of the migration guide (../JOSEVapor/README.md, "From vapor/jwt"): the same routes as
// JOSEVapor's CompareApp.
//
// Keys: `es256.pem` (P-256) and `rs256.pem` (RSA-2048), PKCS#8 PEM, in `keysDirectory`.
// Routes: GET /plain → "ok"; GET /token/:alg/:sub → a session token (ES256 or RS256, 1 h);
//         GET /me → the subject of a valid session token (401 otherwise).

struct SessionClaims: JWTPayload, Authenticatable {
    var sub: SubjectClaim
    var iss: IssuerClaim
    var aud: AudienceClaim
    var iat: IssuedAtClaim
    var exp: ExpirationClaim

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
        try aud.verifyIntendedAudience(includes: "api")
        guard iss.value == "compare-app" else {
            throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "issuer is not compare-app")
        }
    }
}

func configure(_ app: Application, keysDirectory: String) async throws {
    let es = try ES256PrivateKey(pem: String(contentsOfFile: "\(keysDirectory)/es256.pem", encoding: .utf8))
    let rs = try Insecure.RSA.PrivateKey(pem: String(contentsOfFile: "\(keysDirectory)/rs256.pem", encoding: .utf8))
    await app.jwt.keys.add(ecdsa: es, kid: "es")
    await app.jwt.keys.add(rsa: rs, digestAlgorithm: .sha256, kid: "rs")

    app.get("plain") { _ in "ok" }
    app.get("token", ":alg", ":sub") { req async throws -> String in
        let kids: [String: JWKIdentifier] = ["ES256": "es", "RS256": "rs"]
        guard let kid = kids[req.parameters.get("alg") ?? ""], let sub = req.parameters.get("sub") else {
            throw Abort(.badRequest, reason: "alg is ES256 or RS256")
        }
        let t = Date()
        let claims = SessionClaims(sub: .init(value: sub), iss: "compare-app", aud: "api", iat: .init(value: t),
                                   exp: .init(value: t.addingTimeInterval(3600)))
        return try await req.jwt.sign(claims, kid: kid)
    }
    app.grouped(SessionClaims.authenticator(), SessionClaims.guardMiddleware())
        .get("me") { req throws -> String in try req.auth.require(SessionClaims.self).sub.value }
}
