import Foundation
import JOSE
import JOSEVaporAppStore
import Testing
import Vapor

// The framework-neutral parts (JOSEServerSupport) without HTTP: nonce store, Cache-Control, session keys, the
// Apple client secret, the App Store notification body.

@Suite struct NonceStoreTests {
    @Test func issuedOnceExpiresAndStaysWithItsSession() throws {
        let clock = ManualClock(100)
        let store = try NonceStore(lifetime: 60, capacity: 3, now: { clock.value })
        let a = try store.issue(session: "A")
        let b = try store.issue(session: "A")
        #expect(a.value != b.value && a.value.utf8.count == NonceStore.nonceLength && a.lifetime == 60)
        #expect(store.consume("never-issued", session: "A") == .unknown)
        #expect(store.check(a.value, session: "B") == .otherSession)
        #expect(store.consume(a.value, session: "B") == .otherSession)
        #expect(store.check(a.value, session: "A") == .valid)
        #expect(store.consume(a.value, session: "A") == .consumed)
        #expect(store.check(a.value, session: "A") == .unknown)
        #expect(store.consume(a.value, session: "A") == .unknown)
        clock.value += 60
        #expect(store.check(b.value, session: "A") == .expired)
        #expect(store.consume(b.value, session: "A") == .expired)
        // Capacity bounds the used nonces only: issuing is never refused; three used, unexpired at most.
        let more = try (0..<4).map { _ in try store.issue(session: "A") }
        for n in more.prefix(3) { #expect(store.consume(n.value, session: "A") == .consumed) }
        #expect(store.consume(more[3].value, session: "A") == .storeFull)
        #expect(store.remembered == 3)
        clock.value += 61
        #expect(store.remembered == 0)
        _ = try store.issue(session: "A")
        #expect(store.counts == (issued: 7, consumed: 4))
        #expect(throws: IntegrationError.make(.configuration, "")) { try store.issue(session: "") }
        #expect(throws: IntegrationError.make(.configuration, "")) { try NonceStore(lifetime: 0) }
        #expect(throws: IntegrationError.make(.configuration, "")) { try NonceStore(lifetime: .infinity) }
        #expect(throws: IntegrationError.make(.configuration, "")) { try NonceStore(capacity: 0) }
    }

    /// The claim Apple carries is the SHA-256 hex of the raw nonce (FIPS 180-2's "abc" and "" digests); session
    /// identifiers and nonces have one shape; the store's settings are bounded.
    @Test func nonceClaimShapeAndSettings() throws {
        #expect(NonceStore.appleNonceClaim(for: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(NonceStore.appleNonceClaim(for: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let clock = ManualClock(50)
        let issued = try NonceStore(lifetime: 120, now: { clock.value }).issue(session: NonceStore.newSessionID())
        #expect(issued.appleNonceClaim == sha256Hex(issued.value))
        #expect(issued.expiresAt == 170 && issued.lifetime == 120)
        let ids = Set((0..<1000).map { _ in NonceStore.newSessionID() })
        #expect(ids.count == 1000 && ids.allSatisfy(NonceStore.isWellFormed) && issued.value.utf8.count == NonceStore.nonceLength)
        for bad in ["", "short", String(repeating: "A", count: 42), String(repeating: "A", count: 44),
                    String(repeating: "A", count: 42) + "=", String(repeating: "A", count: 42) + "+"] {
            #expect(!NonceStore.isWellFormed(bad), "\(bad)")
        }
        for lifetime in [0, -1, .infinity, .nan, 3600.5, 1e300] as [Double] {
            #expect(throws: IntegrationError.make(.configuration, ""), "\(lifetime)") { try NonceStore(lifetime: lifetime) }
        }
        for capacity in [0, -1, 1_000_001, Int.max] {
            #expect(throws: IntegrationError.make(.configuration, ""), "\(capacity)") { try NonceStore(capacity: capacity) }
        }
        #expect(try NonceStore(lifetime: 3600, capacity: 1_000_000).capacity == 1_000_000)
        #expect(try NonceStore().capacity == 10_000)
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

@Suite struct BearerSchemeTests {
    /// The scheme is "Bearer" in any ASCII case (RFC 9110 §11.1), compared byte by byte with the case bit (0x20)
    /// folded: every other word — one letter off, longer, shorter, a non-ASCII look-alike, a control character in a
    /// letter's place — is another scheme, i.e. no Bearer credentials.
    @Test func schemeIsBearerInAnyASCIICaseAndNothingElse() {
        for scheme in ["Bearer", "bearer", "BEARER", "bEaReR", "BeArEr"] {
            #expect(BearerCredentials.parse(["\(scheme) abc.def.ghi"]) == .token("abc.def.ghi"), "\(scheme)")
        }
        for scheme in ["Basic", "Bearar", "Bearerx", "Beare", "Bear", "B", "Bearer\u{0301}", "\u{FF22}earer",
                       "Bea\u{0}er", "Bea\u{1}er", "BEA\u{12}ER", "\u{2}earer", "Bearer.", "Token"] {
            #expect(BearerCredentials.parse(["\(scheme) abc.def.ghi"]) == .missing, "\(scheme.unicodeScalars.map { $0.value })")
        }
        #expect(BearerCredentials.parse(["Bearer"]) == .malformed("emptyToken"))
        #expect(BearerCredentials.parse([]) == .missing)
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

    /// Lifetimes are checked before any arithmetic (`Int(…)` of an infinite or huge lifetime
    /// trapped): 1 s to 366 days, a maximum session age of 0 to ten years, both finite.
    @Test func sessionLifetimesAreBounded() throws {
        let secret = Array(repeating: UInt8(7), count: 32)
        for lifetime in [.infinity, -.infinity, .nan, 1e300, 9.3e18, 0, -1, 0.5, SessionTokens.maximumLifetime + 1] as [Double] {
            #expect(throws: IntegrationError.make(.configuration, ""), "\(lifetime)") {
                try SessionTokens(hs256Secret: secret, issuer: "i", audience: "a", lifetime: lifetime)
            }
        }
        for age in [.infinity, .nan, -1, 1e300, SessionTokens.maximumSessionAgeLimit + 1] as [Double] {
            #expect(throws: IntegrationError.make(.configuration, ""), "\(age)") {
                try SessionTokens(hs256Secret: secret, issuer: "i", audience: "a", maximumSessionAge: age)
            }
        }
        #expect(SessionTokens.maximumLifetime == 366 * 86_400 && SessionTokens.maximumSessionAgeLimit == 3660 * 86_400)
        let clock = ManualClock(1_800_000_000)
        let longest = try SessionTokens(hs256Secret: secret, issuer: "i", audience: "a", lifetime: SessionTokens.maximumLifetime,
                                        maximumSessionAge: SessionTokens.maximumSessionAgeLimit, now: { clock.value })
        let token = try longest.issue(subject: "u")
        clock.value += SessionTokens.maximumLifetime - 1
        #expect(try longest.verify(token).claims.subject == "u")
        clock.value += 120
        #expect(throws: JWTError.self) { try longest.verify(token) }
        #expect(try SessionTokens(hs256Secret: secret, issuer: "i", audience: "a", lifetime: 1, maximumSessionAge: 0).lifetime == 1)
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

@Suite struct AppStoreNotificationBodyTests {
    /// The reason of a malformed body names the JSON type found where the string `signedPayload` belongs (PureJOSE's
    /// `JSONValue.typeName`), for the logs; the answer itself carries only the code.
    @Test func malformedBodyReasonNamesTheTypeFound() throws {
        let cases: [(String, String)] = [
            ("null", "null"), ("true", "boolean"), ("1", "number"), ("1.5e3", "number"), ("\"\"", "string"),
            ("[\"a.b.c\"]", "array"), ("{\"jws\":\"a.b.c\"}", "object"),
        ]
        for (value, type) in cases {
            let body = Array("{\"signedPayload\":\(value)}".utf8)
            do {
                let signed = try AppStoreNotificationReceiver.signedPayload(from: body)
                Issue.record("\(value) was taken as the signed payload \(signed)")
            } catch {
                #expect(error.reason == "signedPayload is a \(type), not a non-empty string", "\(value)")
            }
        }
        #expect(try AppStoreNotificationReceiver.signedPayload(from: Array("{\"signedPayload\":\"a.b.c\"}".utf8)) == "a.b.c")
    }
}
