import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Vapor
@testable import VaporJWTApp

// The vapor/jwt compare app over real HTTP on 127.0.0.1, with the same checks as JOSEVapor's CompareAppOverHTTPTests.

let keysDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../compare-keys").standardized.path

func get(_ url: String, authorization: String? = nil) async throws -> (status: Int, body: String) {
    var r = HTTPClientRequest(url: url)
    if let authorization { r.headers.add(name: "Authorization", value: authorization) }
    let response = try await HTTPClient.shared.execute(r, timeout: .seconds(10))
    return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 20)))
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
            try await configure(app, keysDirectory: keysDirectory)
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let base = "http://127.0.0.1:\(try #require(app.http.server.shared.localAddress?.port))"
            #expect(try await get("\(base)/plain").body == "ok")
            for alg in ["ES256", "RS256"] {
                let token = try await get("\(base)/token/\(alg)/alice")
                #expect(token.status == 200)
                let header = String(decoding: base64URLDecode(String(token.body.split(separator: ".")[0])), as: UTF8.self)
                #expect(header.contains("\"\(alg)\""), "\(header)")
                let me = try await get("\(base)/me", authorization: "Bearer \(token.body)")
                #expect(me.status == 200 && me.body == "alice")
                var parts = token.body.split(separator: ".").map(String.init)
                parts[2] = (parts[2].first == "A" ? "B" : "A") + parts[2].dropFirst()
                #expect(try await get("\(base)/me", authorization: "Bearer \(parts.joined(separator: "."))").status == 401)
            }
            #expect(try await get("\(base)/me").status == 401)
            let unsecured = try await get("\(base)/me", authorization: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9.")
            // Refused, but not as a 401: with vapor/jwt 5.2.0 and jwt-kit 5.8.0 the unsigned token (no `kid`)
            // reaches swift-crypto, which throws `incorrectParameterSize` on the empty signature, and Vapor answers
            // that as a 500. JOSEVapor answers 401 `unsecuredAlgorithm` (its README's
            // migration table shows both).
            #expect(unsecured.status == 500 && unsecured.body.contains("incorrectParameterSize"), "\(unsecured)")
            #expect(!unsecured.body.contains("alice"))
            #expect(try await get("\(base)/token/HS256/alice").status == 400)
        } catch {
            await app.server.shutdown()
            try await app.asyncShutdown()
            throw error
        }
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}
