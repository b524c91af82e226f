import Foundation
import JOSE
import JOSEVapor
import Testing
import Vapor

// The framework-neutral parts (JOSEServerSupport) without HTTP: nonce store, Cache-Control, session keys, the
// Apple client secret.

@Suite struct NonceStoreTests {
    @Test func issuedOnceExpiresAndStaysWithItsSession() throws {
        let clock = ManualClock(100)
        let store = try NonceStore(lifetime: 60, capacity: 3, now: { clock.value })
        let a = try store.issue(session: "A")
        let b = try store.issue(session: "A")
        #expect(a.value != b.value && a.value.utf8.count == 43 && a.lifetime == 60)
        #expect(store.consume("never-issued", session: "A") == .unknown)
        #expect(store.consume(a.value, session: "B") == .otherSession)
        #expect(store.consume(a.value, session: "A") == .consumed)
        #expect(store.consume(a.value, session: "A") == .unknown)
        clock.value += 60
        #expect(store.consume(b.value, session: "A") == .expired)
        #expect(store.consume(b.value, session: "A") == .unknown)
        // Capacity: three unexpired at most; expired ones make room.
        _ = try store.issue(session: "A"); _ = try store.issue(session: "A"); _ = try store.issue(session: "A")
        #expect(throws: IntegrationError.make(.tooManyNonces, "")) { try store.issue(session: "A") }
        clock.value += 61
        #expect(store.outstanding == 0)
        _ = try store.issue(session: "A")
        #expect(store.counts == (issued: 6, consumed: 1))
        #expect(throws: IntegrationError.make(.configuration, "")) { try store.issue(session: "") }
        #expect(throws: IntegrationError.make(.configuration, "")) { try NonceStore(lifetime: 0) }
        #expect(throws: IntegrationError.make(.configuration, "")) { try NonceStore(lifetime: .infinity) }
        #expect(throws: IntegrationError.make(.configuration, "")) { try NonceStore(capacity: 0) }
    }

    @Test func concurrentConsumersOfOneNonceExactlyOneWins() async throws {
        let store = try NonceStore()
        for _ in 0..<20 {
            let n = try store.issue(session: "S")
            let wins = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 { group.addTask { store.consume(n.value, session: "S") == .consumed } }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1)
        }
    }
}

@Suite struct RemoteJWKSUnitTests {
    @Test func onlyHTTPSUnlessATestOptsIn() throws {
        #expect(throws: IntegrationError.make(.insecureURL, "")) { try RemoteJWKS(url: "http://127.0.0.1/keys") }
        #expect(throws: IntegrationError.make(.invalidURL, "")) { try RemoteJWKS(url: "ftp://example.com/keys") }
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

@Suite struct SessionAndSecretTests {
    @Test func sessionKeysAreCheckedAndSecretsNeverPublished() throws {
        let ec = try JWKPrivateKey.generateEC(curve: .p256)
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(signingKey: ec, algorithm: .rs256, issuer: "i", audience: "a")
        }
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(signingKey: sessionRSA, algorithm: .es256, issuer: "i", audience: "a")
        }
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(signingKey: sessionRSA, algorithm: .ps256, issuer: "i", audience: "a")
        }
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(signingKey: JWKPrivateKey(symmetricKey: Array(repeating: 1, count: 16)), algorithm: .hs256,
                              issuer: "i", audience: "a")
        }
        let hs = try makeSessions(.hs256)
        #expect(hs.publicKeySet == nil && hs.publicKeySetJSON == nil)
        #expect(try makeSessions(.es256).publicKeySet?.keys.first?.keyType == .ec)
        #expect(try makeSessions(.rs256).publicKeySet?.keys.first?.modulusBitCount == 2048)
    }

    @Test func sessionRefreshStopsAtTheMaximumSessionAge() throws {
        let clock = ManualClock(1_800_000_000)
        let s = try SessionTokens(hs256Secret: Array(repeating: 1, count: 32), issuer: "i", audience: "a",
                                  lifetime: 600, maximumSessionAge: 1000, now: { clock.value })
        let t = try s.issue(subject: "u")
        clock.value += 500
        let t2 = try s.refresh(t)
        #expect(try s.verify(t2).claims.subject == "u")
        clock.value += 550
        #expect(throws: IntegrationError.self) { try s.refresh(t2) }
    }

    @Test func clientSecretIsRenewedBeforeItExpires() throws {
        let clock = ManualClock(1_800_000_000)
        let source = try AppleClientSecretSource(teamID: teamID, clientID: clientID, keyID: "ABC123DEFG",
                                                 p8: try teamKey.pemRepresentation(), lifetime: 3600, renewBefore: 600,
                                                 now: { clock.value })
        let verifier = JWTVerifier(key: teamKey.publicJWK!, algorithms: [.es256])
        struct Times: Decodable { var iat: Int64; var exp: Int64; var sub: String }
        func times(_ t: String) throws -> Times {
            try verifier.verify(t, expecting: ClaimExpectations(issuer: teamID, audience: AppleClientSecret.audience,
                                                                now: { clock.value })).decode(Times.self)
        }
        let first = try source.clientSecret()
        #expect(try times(first).iat == 1_800_000_000 && times(first).exp == 1_800_003_600 && times(first).sub == clientID)
        clock.value += 2999
        #expect(try source.clientSecret() == first)
        clock.value += 1
        let second = try source.clientSecret()
        #expect(second != first)
        #expect(try times(second).iat == 1_800_003_000)
        #expect(source.secretsMade == 2)
    }
}

@Suite struct ReadmeSnippetTests {
    /// The README's "Use" snippet, as written there (configured, not served: it names Apple's real key URL).
    @Test func readmeSnippetBuilds() async throws {
        let app = try await Application.make(.testing)
        // --- README snippet begins
        struct User: Authenticatable, Decodable, Sendable { var sub: String }
        app.jose.sessions = try SessionTokens(signingKey: .generateEC(curve: .p256), algorithm: .es256,
                                              issuer: "https://api.example.com", audience: "api")
        app.jose.apple.applicationIdentifier = "com.example.app"
        let protected = app.grouped(User.joseAuthenticator(), User.joseGuard())
        protected.get("me") { req in try req.auth.require(User.self).sub }
        app.post("apple") { req async throws -> String in
            let apple = try await req.jose.apple.verify()           // Bearer: an Apple identity token
            return try req.jose.sign(["sub": apple.subject])         // a token of your own
        }
        // --- README snippet ends
        #expect(app.routes.all.count == 2)
        #expect(app.jose.verifier?.algorithms == [.es256])
        try await app.asyncShutdown()
    }
}
