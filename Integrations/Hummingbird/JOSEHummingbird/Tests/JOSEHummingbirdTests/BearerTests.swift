import AsyncHTTPClient
import Foundation
import Hummingbird
import JOSE
@testable import JOSEHummingbird
import Testing

/// The server under test: `/me` behind a JWTAuthenticator over the fake provider's remote JWK Set.
func protectedRouter(_ jwks: RemoteJWKS, audience: String = "com.example.app") -> Router<JWTRequestContext> {
    let router = Router(context: JWTRequestContext.self)
    router.group("me")
        .add(middleware: JWTAuthenticator(source: .remote(jwks), algorithms: [.hs256], issuer: "https://provider.test",
                                          audience: audience, leeway: 5))
        .get { _, context -> String in
            try context.requireIdentity().claims.subject ?? "?"
        }
    return router
}

func testConfig(_ f: (inout RemoteJWKS.Configuration) -> Void = { _ in }) -> RemoteJWKS.Configuration {
    var c = RemoteJWKS.Configuration()
    c.allowInsecureHTTPForTesting = true
    c.allowSymmetricKeys = true
    c.fetchTimeout = 2
    f(&c)
    return c
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
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let jwks = try RemoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys", configuration: testConfig())
            let s = try await serve(protectedRouter(jwks), in: &group)
            let url = "http://127.0.0.1:\(s)/me"

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
                #expect(r.status == 401)
                #expect(r.wwwAuthenticate == "Bearer realm=\"api\", error=\"invalid_token\", error_description=\"\(code)\"")
                // Never the token, nor a part of it, in the answer.
                let parts = token.split(separator: ".")
                for part in parts where part.count > 8 {
                    #expect(!(r.wwwAuthenticate ?? "").contains(part))
                    #expect(!r.body.contains(part))
                }
            }
            #expect(provider.keyFetches == 1)
        }
    }

    @Test func bearerHeaderVariants() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(key1, "k1")]))
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let jwks = try RemoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys", configuration: testConfig())
            let s = try await serve(protectedRouter(jwks), in: &group)
            let url = "http://127.0.0.1:\(s)/me"
            let t = hs256(claims(), key: key1, kid: "k1")

            let missing = try await get(url)
            #expect(missing.status == 401)
            #expect(missing.wwwAuthenticate == "Bearer realm=\"api\"")
            let basic = try await get(url, authorization: ["Basic dXNlcjpwYXNz"])
            #expect(basic.status == 401)
            #expect(basic.wwwAuthenticate == "Bearer realm=\"api\"")

            for header in ["bearer \(t)", "BEARER \(t)", "Bearer   \(t)", "Bearer \(t)  ", "  Bearer\t\(t)"] {
                let r = try await get(url, authorization: [header])
                #expect(r.status == 200, "\(header.prefix(10))")
            }
            for (header, why) in [("Bearer", "emptyToken"), ("Bearer \(t) extra", "spaceInToken"),
                                  ("Bearer \(t)%", "invalidTokenCharacters")] {
                let r = try await get(url, authorization: [header])
                #expect(r.status == 400)
                #expect(r.wwwAuthenticate == "Bearer realm=\"api\", error=\"invalid_request\", error_description=\"\(why)\"")
            }
            let two = try await get(url, authorization: ["Bearer \(t)", "Bearer \(t)"])
            #expect(two.status == 400)
        }
    }

    @Test func unknownKeyIDRefetchesOnceThen401() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(key1, "k1")]))
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            // A manual monotonic clock: the minimum refresh interval (60 s) passes without waiting for it.
            let clock = ManualClock(1000)
            let jwks = try RemoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys", configuration: testConfig(),
                                      now: { clock.value })
            let s = try await serve(protectedRouter(jwks), in: &group)
            let url = "http://127.0.0.1:\(s)/me"
            #expect(try await get(url, authorization: ["Bearer \(hs256(claims(), key: key1, kid: "k1"))"]).status == 200)
            #expect(provider.keyFetches == 1)
            clock.value += 61
            for i in 0..<5 {
                let r = try await get(url, authorization: ["Bearer \(hs256(claims(), key: key2, kid: "made-up-\(i)"))"])
                #expect(r.status == 401)
                #expect(r.wwwAuthenticate?.contains("error_description=\"keyNotFound\"") == true)
            }
            // One refetch for the first unknown kid; the rest fall within the 60 s minimum interval.
            #expect(provider.keyFetches == 2)
        }
    }

    @Test func keyRotationDuringTheRun() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(key1, "k1")]))
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let jwks = try RemoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys",
                                      configuration: testConfig { $0.minimumRefreshInterval = 0.05 })
            let s = try await serve(protectedRouter(jwks), in: &group)
            let url = "http://127.0.0.1:\(s)/me"
            #expect(try await get(url, authorization: ["Bearer \(hs256(claims(), key: key1, kid: "k1"))"]).status == 200)
            // The provider publishes k2 beside k1, then retires k1.
            provider.set { $0.jwks = keySetJSON([(key1, "k1"), (key2, "k2")]) }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(hs256(claims(sub: "u2"), key: key2, kid: "k2"))"]).body == "u2")
            #expect(provider.keyFetches == 2)
            provider.set { $0.jwks = keySetJSON([(key2, "k2")]) }
            try await Task.sleep(nanoseconds: 100_000_000)
            // k1 is still cached: the set is fresh (max-age 3600), so no fetch and the token still verifies…
            #expect(try await get(url, authorization: ["Bearer \(hs256(claims(), key: key1, kid: "k1"))"]).status == 200)
            // …until the set is refreshed; then a k1 token is refused.
            try await jwks.cache.refresh()
            let r = try await get(url, authorization: ["Bearer \(hs256(claims(), key: key1, kid: "k1"))"])
            #expect(r.status == 401)
            #expect(r.wwwAuthenticate?.contains("keyNotFound") == true)
        }
    }

    @Test func endpointDownOrSlowKeepsTheLastGoodKeysWithABoundedWait() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(key1, "k1")]))
        provider.set { $0.cacheControl = "max-age=0" }
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let jwks = try RemoteJWKS(url: "http://127.0.0.1:\(p)/auth/keys", configuration: testConfig {
                $0.minimumMaxAge = 0.05
                $0.minimumRefreshInterval = 0.05
                $0.maximumRetryInterval = 0.05
                $0.fetchTimeout = 1.0
            })
            let s = try await serve(protectedRouter(jwks), in: &group)
            let url = "http://127.0.0.1:\(s)/me"
            let token = hs256(claims(), key: key1, kid: "k1")
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)

            provider.set { $0.mode = .down }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            #expect(provider.keyFetches == 2)
            #expect(await jwks.cache.lastError?.reason.contains("500") == true)

            provider.set { $0.mode = .slow(5) }
            try await Task.sleep(nanoseconds: 100_000_000)
            let start = Date()
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            let waited = Date().timeIntervalSince(start)
            #expect(waited < 2.5, "waited \(waited) s for a slow JWK Set endpoint")
            #expect(provider.keyFetches == 3)

            provider.set { $0.mode = .huge }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            #expect(await jwks.cache.lastError?.reason.contains("bodyTooLarge") == true)
            #expect(provider.keyFetches == 4)

            // An empty set with a long max-age is refused and does not make the old set look fresh for an hour:
            // once the endpoint is good again, the next request refreshes.
            provider.set { $0.mode = .ok; $0.jwks = "{\"keys\":[]}"; $0.cacheControl = "max-age=3600" }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            #expect(provider.keyFetches == 5)
            #expect(await jwks.cache.lastError?.reason.contains("no usable key") == true)
            provider.set { $0.jwks = keySetJSON([(key1, "k1")]) }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await get(url, authorization: ["Bearer \(token)"]).status == 200)
            #expect(provider.keyFetches == 6)
            #expect(await jwks.cache.lastError == nil)
        }
    }
}

@Suite struct RemoteJWKSUnitTests {
    @Test func onlyHTTPSUnlessATestOptsIn() throws {
        #expect(throws: IntegrationError.make(.insecureURL, "")) {
            try RemoteJWKS(url: "http://127.0.0.1/keys")
        }
        #expect(throws: IntegrationError.make(.invalidURL, "")) {
            try RemoteJWKS(url: "ftp://example.com/keys")
        }
        _ = try RemoteJWKS(url: "https://appleid.apple.com/auth/keys")
        _ = try RemoteJWKS(url: "http://127.0.0.1/keys", configuration: testConfig())
    }

    @Test(arguments: [
        (["max-age=600"], 600.0), (["public, max-age=86400, must-revalidate"], 86400),
        (["max-age=\"30\""], 30), (["no-store"], 0), (["private", "max-age=5"], 5),
        (["max-age=-1"], nil), (["max-age=abc"], nil), (["max-age="], nil), ([], nil),
        (["max-age=99999999999"], nil),
    ] as [([String], Double?)])
    func cacheControlMaxAge(headers: [String], expected: Double?) {
        #expect(RemoteJWKS.maxAge(headers) == expected)
    }

    @Test func maxAgeIsClampedToTheBounds() {
        let c = RemoteJWKS.Configuration()
        #expect(RemoteJWKS.clamp(0, c) == 60)
        #expect(RemoteJWKS.clamp(600, c) == 600)
        #expect(RemoteJWKS.clamp(10_000_000, c) == 86_400)
    }
}

@Suite struct ReadmeSnippetTests {
    /// The README's "Use" snippet, as written there (built, not served: it names Apple's real key URL).
    @Test func readmeSnippetBuilds() throws {
        let appleKeys = try RemoteJWKS(url: "https://appleid.apple.com/auth/keys")
        let router = Router(context: JWTRequestContext.self)
        router.group("api")
            .add(middleware: JWTAuthenticator(source: .remote(appleKeys), algorithms: [.rs256],
                                              issuer: "https://appleid.apple.com", audience: "com.example.app"))
            .get("whoami") { _, context in try context.requireIdentity().claims.subject ?? "" }
        _ = router.buildResponder()
        #expect(appleKeys.staleAt == nil)
    }
}
