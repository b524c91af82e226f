import AsyncHTTPClient
import Foundation
import JOSE
import JOSEVapor
import Synchronization
import Testing
import Vapor

/// The payload the test routes log in.
struct TestUser: Authenticatable, Decodable, Sendable { var sub: String }

/// The app under test: `/me` behind the authenticator and guard, `/whoami` calling `req.jose.verify(as:)`, both
/// over `jwks` (HS256 keys served by the fake provider).
func protectedRoutes(_ app: Application, _ jwks: RemoteJWKS, audience: String = "com.example.app") {
    app.jose.verifier = BearerVerifier(source: .remote(jwks), algorithms: [.hs256],
                                       expectations: ClaimExpectations(issuer: "https://provider.test", audience: audience, leeway: 5))
    app.grouped(TestUser.joseAuthenticator(), TestUser.joseGuard()).get("me") { req -> String in
        try req.auth.require(TestUser.self).sub
    }
    app.get("whoami") { req async throws -> String in
        try await req.jose.verify(as: TestUser.self).sub
    }
}

let key1: [UInt8] = Array(repeating: 0x11, count: 32)
let key2: [UInt8] = Array(repeating: 0x22, count: 32)

func claims(sub: String = "user-1", aud: String = "com.example.app", exp: Double = 600) -> [String: Any] {
    ["iss": "https://provider.test", "aud": aud, "sub": sub, "iat": Int(now()), "exp": Int(now() + exp)]
}

@Suite(.timeLimit(.minutes(1)))
struct BearerOverHTTPTests {
    @Test func validTokenAuthorizesAndBadOnesAnswer401WithTheCode() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(key1, "k1")]))
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                protectedRoutes(app, try app.jose.remoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys", configuration: testConfig()))
            }
            for path in ["me", "whoami"] {
                let url = "http://127.0.0.1:\(s)/\(path)"
                let good = hs256(claims(), key: key1, kid: "k1")
                let ok = try await get(url, authorization: ["Bearer \(good)"])
                #expect(ok.status == 200)
                #expect(ok.body == "user-1")

                let cases: [(String, String)] = [
                    (hs256(claims(exp: -60), key: key1, kid: "k1"), "expired"),
                    (hs256(claims(aud: "com.other.app"), key: key1, kid: "k1"), "audienceMismatch"),
                    (hs256(claims(), key: key2, kid: "k1"), "invalidSignature"),
                    ("not.a.jwt", "invalidBase64URL"),
                    ("abcdefghijkl", "malformedToken"),
                ]
                for (token, code) in cases {
                    let r = try await get(url, authorization: ["Bearer \(token)"])
                    #expect(r.status == 401, "\(path) \(code)")
                    #expect(r.wwwAuthenticate == "Bearer realm=\"api\", error=\"invalid_token\", error_description=\"\(code)\"")
                    for part in token.split(separator: ".") where part.count > 8 {
                        #expect(!(r.wwwAuthenticate ?? "").contains(part))
                        #expect(!r.body.contains(part))
                    }
                }
            }
            // Both routes, twelve tokens: one key fetch in all.
            #expect(provider.keyFetches == 1)
        }
    }

    @Test func bearerHeaderVariants() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(key1, "k1")]))
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                protectedRoutes(app, try app.jose.remoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys", configuration: testConfig()))
            }
            let t = hs256(claims(), key: key1, kid: "k1")
            for path in ["me", "whoami"] {
                let url = "http://127.0.0.1:\(s)/\(path)"
                let missing = try await get(url)
                #expect(missing.status == 401)
                #expect(missing.wwwAuthenticate == "Bearer realm=\"api\"")
                let basic = try await get(url, authorization: ["Basic dXNlcjpwYXNz"])
                #expect(basic.status == 401)
                #expect(basic.wwwAuthenticate == "Bearer realm=\"api\"")
                for header in ["bearer \(t)", "BEARER \(t)", "Bearer   \(t)", "Bearer \(t)  ", "  Bearer\t\(t)"] {
                    let r = try await get(url, authorization: [header])
                    #expect(r.status == 200, "\(path) \(header.prefix(10))")
                }
                for (header, why) in [("Bearer", "emptyToken"), ("Bearer \(t) extra", "spaceInToken"),
                                      ("Bearer \(t)%", "invalidTokenCharacters")] {
                    let r = try await get(url, authorization: [header])
                    #expect(r.status == 400)
                    #expect(r.wwwAuthenticate == "Bearer realm=\"api\", error=\"invalid_request\", error_description=\"\(why)\"")
                }
                let two = try await get(url, authorization: ["Bearer \(t)", "Bearer \(t)"])
                #expect(two.status == 400)
                #expect(two.wwwAuthenticate?.contains("multipleAuthorizationHeaders") == true)
            }
        }
    }

    @Test func unknownKeyIDFloodRefetchesOncePerInterval() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(key1, "k1")]))
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            // A manual monotonic clock: the minimum refresh interval (60 s) passes without waiting for it.
            let clock = ManualClock(1000)
            let s = try await servers.start { app in
                let jwks = try RemoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys", httpClient: app.http.client.shared,
                                          configuration: testConfig(), now: { clock.value })
                protectedRoutes(app, jwks)
            }
            let url = "http://127.0.0.1:\(s)/me"
            #expect(try await get(url, authorization: ["Bearer \(hs256(claims(), key: key1, kid: "k1"))"]).status == 200)
            #expect(provider.keyFetches == 1)
            clock.value += 61
            // A flood: 40 tokens with made-up kids, 8 at a time, then 10 more one by one.
            try await withThrowingTaskGroup(of: HTTPResult.self) { group in
                for i in 0..<40 {
                    if i >= 8 { let r = try await group.next()!; #expect(r.status == 401) }
                    group.addTask {
                        try await get(url, authorization: ["Bearer \(hs256(claims(), key: key2, kid: "made-up-\(i)"))"])
                    }
                }
                for try await r in group {
                    #expect(r.status == 401)
                    #expect(r.wwwAuthenticate?.contains("error_description=\"keyNotFound\"") == true)
                }
            }
            for i in 0..<10 {
                let r = try await get(url, authorization: ["Bearer \(hs256(claims(), key: key2, kid: "again-\(i)"))"])
                #expect(r.wwwAuthenticate?.contains("error_description=\"keyNotFound\"") == true)
            }
            // One refetch for the whole flood: the rest fall within the 60 s minimum interval.
            #expect(provider.keyFetches == 2)
            // The next interval allows one more.
            clock.value += 61
            for i in 0..<5 {
                _ = try await get(url, authorization: ["Bearer \(hs256(claims(), key: key2, kid: "later-\(i)"))"])
            }
            #expect(provider.keyFetches == 3)
            // The known key still verifies throughout.
            #expect(try await get(url, authorization: ["Bearer \(hs256(claims(), key: key1, kid: "k1"))"]).status == 200)
        }
    }

    @Test func keyRotationDuringTheRun() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(key1, "k1")]))
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let jwksBox = Mutex<RemoteJWKS?>(nil)
            let s = try await servers.start { app in
                let jwks = try app.jose.remoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys",
                                                   configuration: testConfig { $0.minimumRefreshInterval = 0.05 })
                jwksBox.withLock { $0 = jwks }
                protectedRoutes(app, jwks)
            }
            let jwks = try #require(jwksBox.withLock { $0 })
            let url = "http://127.0.0.1:\(s)/me"
            #expect(try await get(url, authorization: ["Bearer \(hs256(claims(), key: key1, kid: "k1"))"]).status == 200)
            provider.set { $0.jwks = keySetJSON([(key1, "k1"), (key2, "k2")]) }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(hs256(claims(sub: "u2"), key: key2, kid: "k2"))"]).body == "u2")
            #expect(provider.keyFetches == 2)
            provider.set { $0.jwks = keySetJSON([(key2, "k2")]) }
            try await Task.sleep(nanoseconds: 100_000_000)
            // k1 is still cached (the set is fresh for an hour)…
            #expect(try await get(url, authorization: ["Bearer \(hs256(claims(), key: key1, kid: "k1"))"]).status == 200)
            // …until the set is refreshed; then a k1 token is refused.
            try await jwks.cache.refresh()
            let r = try await get(url, authorization: ["Bearer \(hs256(claims(), key: key1, kid: "k1"))"])
            #expect(r.status == 401)
            #expect(r.wwwAuthenticate?.contains("keyNotFound") == true)
        }
    }

    @Test func endpointDownStalledJunkOrHugeKeepsTheLastGoodKeys() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(key1, "k1")]))
        provider.set { $0.cacheControl = "max-age=0" }
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let jwksBox = Mutex<RemoteJWKS?>(nil)
            let s = try await servers.start { app in
                let jwks = try app.jose.remoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys", configuration: testConfig {
                    $0.minimumMaxAge = 0.05
                    $0.minimumRefreshInterval = 0.05
                    $0.maximumRetryInterval = 0.05
                    $0.fetchTimeout = 1.0
                })
                jwksBox.withLock { $0 = jwks }
                protectedRoutes(app, jwks)
            }
            let jwks = try #require(jwksBox.withLock { $0 })
            let url = "http://127.0.0.1:\(s)/me"
            let token = hs256(claims(), key: key1, kid: "k1")
            // Warm-up: the first fetch may miss its 1 s deadline on a loaded machine; the later counts are relative.
            var first = try await get(url, authorization: ["Bearer \(token)"])
            for _ in 0..<10 where first.status != 200 {
                try await Task.sleep(nanoseconds: 200_000_000)
                first = try await get(url, authorization: ["Bearer \(token)"])
            }
            #expect(first.status == 200)
            let f0 = provider.keyFetches - 1

            provider.set { $0.mode = .down }
            try await Task.sleep(nanoseconds: 100_000_000)
            let down = try await get(url, authorization: ["Bearer \(token)"])
            #expect(down.status == 200, "\(down.status) \(down.wwwAuthenticate ?? "-") \(down.body)")
            #expect(provider.keyFetches == f0 + 2)
            #expect(await jwks.cache.lastError?.reason.contains("500") == true)

            provider.set { $0.mode = .slow(3) }
            try await Task.sleep(nanoseconds: 100_000_000)
            let start = Date()
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            let waited = Date().timeIntervalSince(start)
            #expect(waited < 2.5, "waited \(waited) s for a stalled JWK Set endpoint")
            #expect(provider.keyFetches == f0 + 3)

            provider.set { $0.mode = .huge }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            // (Refused for its size, or cut off by the 0.5 s fetch deadline on a loaded machine: either way the last
            // good keys verify and the fetch was counted once.)
            #expect(provider.keyFetches == f0 + 4)

            // Junk with a long max-age: refused, and it does not make the old set look fresh for an hour.
            provider.set { $0.mode = .junk }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            #expect(provider.keyFetches == f0 + 5)
            #expect(await jwks.cache.lastError != nil)

            provider.set { $0.mode = .ok; $0.jwks = "{\"keys\":[]}"; $0.cacheControl = "max-age=3600" }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            #expect(provider.keyFetches == f0 + 6)
            #expect(await jwks.cache.lastError?.reason.contains("no usable key") == true)
            provider.set { $0.jwks = keySetJSON([(key1, "k1")]) }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            #expect(provider.keyFetches == f0 + 7)
            #expect(await jwks.cache.lastError == nil)
        }
    }
}
