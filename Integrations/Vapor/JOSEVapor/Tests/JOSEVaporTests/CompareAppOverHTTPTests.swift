import AsyncHTTPClient
import Foundation
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
}
