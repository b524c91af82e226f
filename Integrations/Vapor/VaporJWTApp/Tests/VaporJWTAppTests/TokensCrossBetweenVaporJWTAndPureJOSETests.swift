import Foundation
import JOSE
import Testing
import Vapor
@testable import VaporJWTApp

// The vapor/jwt app's tokens verify with PureJOSE (the JOSEVapor app's verifier), and tokens PureJOSE signs with the
// same keys pass the vapor/jwt app's authenticator, which refuses the same wrong claims the JOSEVapor app refuses:
// what a team moving from one to the other needs, so that sessions issued before the switch stay valid after it.

struct CompareClaims: Encodable {
    var sub = "carol"
    var iss = "compare-app"
    var aud = "api"
    var iat: Int64
    var exp: Int64
}

@Suite(.timeLimit(.minutes(1)))
struct TokensCrossBetweenVaporJWTAndPureJOSETests {
    @Test func tokensCrossBothWaysAndWrongClaimsAreRefused() async throws {
        let es = try JWKPrivateKey(pemRepresentation: String(contentsOfFile: "\(keysDirectory)/es256.pem", encoding: .utf8),
                                   keyID: "es", algorithm: .es256)
        let rs = try JWKPrivateKey(pemRepresentation: String(contentsOfFile: "\(keysDirectory)/rs256.pem", encoding: .utf8),
                                   keyID: "rs", algorithm: .rs256)
        let verifier = JWTVerifier(keys: try JWKSet(keys: [try #require(es.publicJWK), try #require(rs.publicJWK)]),
                                   algorithms: [.es256, .rs256])
        let expected = ClaimExpectations(issuer: "compare-app", audience: "api")
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        do {
            try await configure(app, keysDirectory: keysDirectory)
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let base = "http://127.0.0.1:\(try #require(app.http.server.shared.localAddress?.port))"
            let cases: [(alg: String, key: JWKPrivateKey, algorithm: JWSAlgorithm, kid: String)] =
                [("ES256", es, .es256, "es"), ("RS256", rs, .rs256, "rs")]
            for c in cases {
                // vapor/jwt → PureJOSE: signature, kid, issuer, audience, expiry.
                let issued = try await get("\(base)/token/\(c.alg)/bob")
                #expect(issued.status == 200)
                let verified = try verifier.verify(issued.body, expecting: expected)
                #expect(verified.claims.subject == "bob")
                #expect(verified.header.keyID == c.kid && verified.algorithm == c.algorithm)
                let now = Int64(Date().timeIntervalSince1970)
                #expect(verified.claims.expiresAt.map { $0 > Double(now) + 3500 && $0 <= Double(now) + 3601 } == true)

                // PureJOSE → vapor/jwt.
                let signer = try JWTSigner(key: c.key, algorithm: c.algorithm, keyID: c.kid)
                let good = try signer.sign(CompareClaims(iat: now, exp: now + 600))
                let me = try await get("\(base)/me", authorization: "Bearer \(good)")
                #expect(me.status == 200 && me.body == "carol", "\(c.alg): \(me)")
                // Wrong claims, correctly signed: 401 at the vapor/jwt app, as at the JOSEVapor app.
                let wrong = [CompareClaims(iat: now - 1200, exp: now - 600),
                             CompareClaims(aud: "another-api", iat: now, exp: now + 600),
                             CompareClaims(iss: "someone-else", iat: now, exp: now + 600)]
                for claims in wrong {
                    let refused = try await get("\(base)/me", authorization: "Bearer \(try signer.sign(claims))")
                    #expect(refused.status == 401 && !refused.body.contains("carol"), "\(c.alg) \(claims): \(refused)")
                }
                // A PureJOSE token under the other key's kid: refused.
                let otherKid = try JWTSigner(key: c.key, algorithm: c.algorithm, keyID: c.kid == "es" ? "rs" : "es")
                let crossed = try await get("\(base)/me", authorization: "Bearer \(try otherKid.sign(CompareClaims(iat: now, exp: now + 600)))")
                #expect(crossed.status != 200 && !crossed.body.contains("carol"), "\(c.alg) under the other kid: \(crossed)")
            }
        } catch {
            await app.server.shutdown()
            try await app.asyncShutdown()
            throw error
        }
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}
