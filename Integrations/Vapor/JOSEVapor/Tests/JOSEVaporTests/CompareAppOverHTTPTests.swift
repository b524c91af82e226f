import AsyncHTTPClient
import Foundation
import JOSE
import NIOCore
import Testing
import Vapor
@testable import CompareApp

// JOSEVapor's compare app over real HTTP on 127.0.0.1, with the same checks as VaporJWTApp's CompareAppOverHTTPTests,
// and the RFC 6750 challenge JOSEVapor adds.

let compareKeysDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../compare-keys").standardized.path

func getCompare(_ url: String, authorization: String? = nil) async throws -> (status: Int, body: String) {
    var r = HTTPClientRequest(url: url)
    if let authorization { r.headers.add(name: "Authorization", value: authorization) }
    let response = try await HTTPClient.shared.execute(r, timeout: .seconds(10))
    return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 20)))
}

func request401(_ base: String, _ token: String) async throws -> String? {
    var r = HTTPClientRequest(url: "\(base)/me")
    r.headers.add(name: "Authorization", value: "Bearer \(token)")
    let response = try await HTTPClient.shared.execute(r, timeout: .seconds(10))
    #expect(response.status.code == 401)
    return response.headers.first(name: "WWW-Authenticate")
}

func base64URLDecode(_ s: String) -> Data {
    var b = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while b.count % 4 != 0 { b += "=" }
    return Data(base64Encoded: b) ?? Data()
}

@Suite(.timeLimit(.minutes(1)))
struct CompareAppOverHTTPTests {
    @Test func sessionTokensAuthorizeAndBadOnesAreRefused() async throws {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        do {
            try configure(app, keysDirectory: compareKeysDirectory)
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let base = "http://127.0.0.1:\(try #require(app.http.server.shared.localAddress?.port))"
            #expect(try await getCompare("\(base)/plain").body == "ok")
            for alg in ["ES256", "RS256"] {
                let token = try await getCompare("\(base)/token/\(alg)/alice")
                #expect(token.status == 200)
                let header = String(decoding: base64URLDecode(String(token.body.split(separator: ".")[0])), as: UTF8.self)
                #expect(header.contains("\"\(alg)\""), "\(header)")
                let me = try await getCompare("\(base)/me", authorization: "Bearer \(token.body)")
                #expect(me.status == 200 && me.body == "alice")
                var parts = token.body.split(separator: ".").map(String.init)
                parts[2] = (parts[2].first == "A" ? "B" : "A") + parts[2].dropFirst()
                #expect(try await getCompare("\(base)/me", authorization: "Bearer \(parts.joined(separator: "."))").status == 401)
            }
            #expect(try await getCompare("\(base)/me").status == 401)
            let unsecured = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9."
            #expect(try await request401(base, unsecured) == "Bearer realm=\"api\", error=\"invalid_token\", error_description=\"unsecuredAlgorithm\"")
            #expect(try await getCompare("\(base)/me", authorization: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9.").status == 401)
            #expect(try await getCompare("\(base)/token/HS256/alice").status == 400)
        } catch {
            await app.server.shutdown()
            try await app.asyncShutdown()
            throw error
        }
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
    /// The same wrong claims VaporJWTApp's `tokensCrossBothWaysAndWrongClaimsAreRefused` sends to the vapor/jwt app,
    /// correctly signed with the compare keys: expired, another audience, another issuer, the other key's `kid` —
    /// 401 naming the code here too; the right claims pass.
    @Test func wrongClaimsAreRefusedAsAtTheVaporJWTApp() async throws {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        do {
            try configure(app, keysDirectory: compareKeysDirectory)
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let base = "http://127.0.0.1:\(try #require(app.http.server.shared.localAddress?.port))"
            struct Claims: Encodable { var sub = "carol", iss = "compare-app", aud = "api"; var iat: Int64, exp: Int64 }
            let now = Int64(Date().timeIntervalSince1970)
            for (file, algorithm, kid) in [("es256", JWSAlgorithm.es256, "es"), ("rs256", .rs256, "rs")] {
                let key = try JWKPrivateKey(pemRepresentation: String(contentsOfFile: "\(compareKeysDirectory)/\(file).pem",
                                                                     encoding: .utf8), keyID: kid, algorithm: algorithm)
                let signer = try JWTSigner(key: key, algorithm: algorithm, keyID: kid)
                let me = try await getCompare("\(base)/me", authorization: "Bearer \(try signer.sign(Claims(iat: now, exp: now + 600)))")
                #expect(me.status == 200 && me.body == "carol")
                // NumericDates with a fraction, as jwt-kit writes them (RFC 7519 §2 allows non-integer values).
                struct FractionalClaims: Encodable { var sub = "carol", iss = "compare-app", aud = "api"; var iat: Double, exp: Double }
                let fractional = FractionalClaims(iat: Double(now) + 0.116693, exp: Double(now) + 600.116693)
                let meFractional = try await getCompare("\(base)/me", authorization: "Bearer \(try signer.sign(fractional))")
                #expect(meFractional.status == 200 && meFractional.body == "carol")
                let wrong: [(Claims, String)] = [(Claims(iat: now - 1200, exp: now - 600), "expired"),
                                                 (Claims(aud: "another-api", iat: now, exp: now + 600), "audienceMismatch"),
                                                 (Claims(iss: "someone-else", iat: now, exp: now + 600), "issuerMismatch")]
                for (claims, code) in wrong {
                    let challenge = try await request401(base, try signer.sign(claims))
                    #expect(challenge?.contains("error_description=\"\(code)\"") == true, "\(claims): \(challenge ?? "none")")
                }
                let otherKid = try JWTSigner(key: key, algorithm: algorithm, keyID: kid == "es" ? "rs" : "es")
                _ = try await request401(base, try otherKid.sign(Claims(iat: now, exp: now + 600)))
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
