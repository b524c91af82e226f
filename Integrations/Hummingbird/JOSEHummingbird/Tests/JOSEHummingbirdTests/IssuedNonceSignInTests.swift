import AsyncHTTPClient
import Foundation
import Hummingbird
import JOSE
@testable import JOSEHummingbird
import NIOCore
import Synchronization
import Testing

/// What `POST /auth/apple/nonce` gave one client: the raw nonce and the session cookie it is bound to.
struct NonceGrant {
    var nonce: String
    var expiresIn: Int
    /// `siwa_session=<value>`, as the client sends it back.
    var cookie: String
    /// The whole `Set-Cookie` header.
    var setCookie: String
    var cacheControl: String?
}

/// `POST /auth/apple/nonce`, sending `cookie` if given.
func requestNonce(_ base: String, cookie: String? = nil) async throws -> NonceGrant {
    var request = HTTPClientRequest(url: "\(base)/auth/apple/nonce")
    request.method = .POST
    if let cookie { request.headers.add(name: "Cookie", value: cookie) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
    let body = try await response.body.collect(upTo: 1 << 16)
    #expect(response.status == .ok, "\(String(buffer: body))")
    struct Answer: Decodable { var nonce: String; var expiresIn: Int }
    let answer = try JSONDecoder().decode(Answer.self, from: Data(String(buffer: body).utf8))
    let setCookie = try #require(response.headers.first(name: "Set-Cookie"))
    let pair = try #require(setCookie.split(separator: ";").first.map(String.init))
    return NonceGrant(nonce: answer.nonce, expiresIn: answer.expiresIn, cookie: pair, setCookie: setCookie,
                      cacheControl: response.headers.first(name: "Cache-Control"))
}

/// `POST /auth/apple` with `cookie` (if any) and the body.
func postSignIn(_ base: String, identityToken: String, nonce: String?, cookie: String?, code: String = "code-1") async throws -> HTTPResult {
    var request = HTTPClientRequest(url: "\(base)/auth/apple")
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/json")
    if let cookie { request.headers.add(name: "Cookie", value: cookie) }
    request.body = .bytes(ByteBuffer(string: signInBody(identityToken: identityToken, code: code, nonce: nonce)))
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
    let body = try await response.body.collect(upTo: 1 << 20)
    return HTTPResult(status: Int(response.status.code), body: String(buffer: body),
                      wwwAuthenticate: response.headers.first(name: "WWW-Authenticate"))
}

/// Sign in with Apple with the nonce requirement on (the default): a sign-in needs a nonce this server issued to the
/// same session (cookie), unexpired and unused, whose SHA-256 hex is the identity token's `nonce` claim. Real HTTP
/// on 127.0.0.1 against the fake Apple; every refused sign-in is checked not to have reached Apple's token endpoint.
@Suite(.timeLimit(.minutes(1)))
struct IssuedNonceSignInTests {
    let sessions = try! SessionTokens(hs256Secret: Array(repeating: 0x42, count: 32), issuer: "https://api.example.com",
                                      audience: "api", lifetime: 600)

    /// The fake Apple answering the exchange with an `id_token` without a nonce claim (the nonce is checked on the
    /// identity token), and the server under test.
    func withSignInServer(nonces: (any SignInNonceStore)? = nil, requireIssuedNonce: Bool = true,
                          _ body: @escaping (String, FakeProvider) async throws -> Void) async throws {
        let provider = FakeProvider(jwks: keySetJSON([(appleKey, "apple-1")]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleToken(nonce: nil))\"}") }
        let sessions = self.sessions
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let s = try await serve(try siwaRouter(applePort: p, sessions: sessions, requireIssuedNonce: requireIssuedNonce,
                                                   nonces: nonces), in: &group)
            try await body("http://127.0.0.1:\(s)", provider)
        }
    }

    static func tokenRequests(_ provider: FakeProvider) -> Int { provider.state.withLock { $0.tokenRequests.count } }

    /// The claim Apple carries is SHA-256 hex of the raw nonce: FIPS 180-2's "abc" and "" digests.
    @Test func appleNonceClaimIsSHA256Hex() {
        #expect(NonceStore.appleNonceClaim(for: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(NonceStore.appleNonceClaim(for: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func issuedNonceSignsInOnceAndItsReplayIsRefused() async throws {
        try await withSignInServer { base, provider in
            let grant = try await requestNonce(base)
            #expect(grant.nonce.utf8.count == NonceStore.nonceLength)
            #expect(grant.expiresIn == 300)
            #expect(grant.cacheControl == "no-store")
            let attributes = Set(grant.setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            #expect(attributes.isSuperset(of: ["httponly", "samesite=strict", "path=/auth/apple", "max-age=300"]), "\(grant.setCookie)")
            #expect(!attributes.contains("secure"), "http on the loopback in this test: no Secure attribute")
            #expect(grant.cookie.hasPrefix("siwa_session=") && NonceStore.isWellFormed(String(grant.cookie.dropFirst(13))))

            let token = appleToken(nonce: grant.nonce)
            let ok = try await postSignIn(base, identityToken: token, nonce: grant.nonce, cookie: grant.cookie)
            #expect(ok.status == 200, "\(ok.body)")
            #expect(try JSONDecoder().decode(SessionJSON.self, from: Data(ok.body.utf8)).subject == "001234.apple-user")
            #expect(Self.tokenRequests(provider) == 1)

            // The same request again (a replay of the captured sign-in), and again with a fresh code.
            for code in ["code-1", "code-2"] {
                let replay = try await postSignIn(base, identityToken: token, nonce: grant.nonce, cookie: grant.cookie, code: code)
                #expect(replay.status == 401)
                #expect(replay.body.contains("nonceRefused") && replay.body.contains("(unknown)"), "\(replay.body)")
            }
            #expect(Self.tokenRequests(provider) == 1)
        }
    }

    @Test func signInWithoutAnIssuedNonceIsRefused() async throws {
        try await withSignInServer { base, provider in
            let grant = try await requestNonce(base)
            // No nonce at all (token with or without a claim), with and without the session cookie.
            for token in [appleToken(nonce: nil), appleToken(nonce: grant.nonce)] {
                for cookie in [nil, grant.cookie] {
                    let r = try await postSignIn(base, identityToken: token, nonce: nil, cookie: cookie)
                    #expect(r.status == 401)
                    #expect(r.body.contains("nonceRefused"), "\(r.body)")
                }
            }
            // A nonce the server never issued, whose hash the token carries (the old bypass: any client-made nonce).
            let madeUp = NonceStore.newSessionID()
            let r = try await postSignIn(base, identityToken: appleToken(nonce: madeUp), nonce: madeUp, cookie: grant.cookie)
            #expect(r.status == 401 && r.body.contains("(unknown)"), "\(r.body)")
            #expect(Self.tokenRequests(provider) == 0)
            // None of that used up the issued nonce.
            let ok = try await postSignIn(base, identityToken: appleToken(nonce: grant.nonce), nonce: grant.nonce, cookie: grant.cookie)
            #expect(ok.status == 200, "\(ok.body)")
        }
    }

    /// The value in a captured token's claim is a hash, never an issued nonce: presenting it is refused.
    @Test func nonceCopiedFromTheTokenIsRefused() async throws {
        try await withSignInServer { base, provider in
            let grant = try await requestNonce(base)
            let token = appleToken(nonce: grant.nonce)
            let claim = NonceStore.appleNonceClaim(for: grant.nonce)
            let copied = try await postSignIn(base, identityToken: token, nonce: claim, cookie: grant.cookie)
            #expect(copied.status == 401 && copied.body.contains("nonceRefused"), "\(copied.body)")
            // A token whose claim is the issued nonce itself (not its hash) does not match either. That does not use
            // the nonce up: only an identity token Apple issued for the nonce does (so a flood of sign-ins with nonces
            // but no such token records nothing), and then once.
            let unhashed = try await postSignIn(base, identityToken: appleToken(nonceClaim: grant.nonce), nonce: grant.nonce,
                                                cookie: grant.cookie)
            #expect(unhashed.status == 401 && unhashed.body.contains("nonceMismatch"), "\(unhashed.body)")
            #expect(Self.tokenRequests(provider) == 0)
            let after = try await postSignIn(base, identityToken: token, nonce: grant.nonce, cookie: grant.cookie)
            #expect(after.status == 200, "\(after.body)")
            let again = try await postSignIn(base, identityToken: token, nonce: grant.nonce, cookie: grant.cookie)
            #expect(again.status == 401 && again.body.contains("(unknown)"), "\(again.body)")
        }
    }

    @Test func nonceIssuedToAnotherSessionIsRefused() async throws {
        try await withSignInServer { base, provider in
            let victim = try await requestNonce(base)
            let attacker = try await requestNonce(base)
            #expect(attacker.cookie != victim.cookie && attacker.nonce != victim.nonce)
            let token = appleToken(nonce: victim.nonce)
            // The attacker's own session, no session, a made-up or malformed session cookie.
            for cookie in [attacker.cookie, nil, "siwa_session=" + NonceStore.newSessionID(), "siwa_session=short",
                           "other=" + String(victim.cookie.dropFirst(13))] {
                let r = try await postSignIn(base, identityToken: token, nonce: victim.nonce, cookie: cookie)
                #expect(r.status == 401 && r.body.contains("nonceRefused"), "\(cookie ?? "no cookie"): \(r.body)")
            }
            let other = try await postSignIn(base, identityToken: token, nonce: victim.nonce, cookie: attacker.cookie)
            #expect(other.body.contains("(otherSession)"), "\(other.body)")
            #expect(Self.tokenRequests(provider) == 0)
            // A second nonce for the same client keeps its session (the cookie it sent), and both nonces work for it.
            let second = try await requestNonce(base, cookie: victim.cookie)
            #expect(second.cookie == victim.cookie && second.nonce != victim.nonce)
            for nonce in [victim.nonce, second.nonce] {
                let ok = try await postSignIn(base, identityToken: appleToken(nonce: nonce), nonce: nonce, cookie: victim.cookie)
                #expect(ok.status == 200, "\(ok.body)")
            }
        }
    }

    @Test func expiredNonceIsRefused() async throws {
        let clock = ManualClock(1_000)
        let store = try NonceStore(lifetime: 300, capacity: 100, now: { clock.value })
        try await withSignInServer(nonces: store) { base, provider in
            let early = try await requestNonce(base)
            let late = try await requestNonce(base, cookie: early.cookie)
            clock.value += 299.5   // both still valid
            let ok = try await postSignIn(base, identityToken: appleToken(nonce: early.nonce), nonce: early.nonce, cookie: early.cookie)
            #expect(ok.status == 200, "\(ok.body)")
            clock.value += 0.5     // exactly 300 s after issue: expired
            let expired = try await postSignIn(base, identityToken: appleToken(nonce: late.nonce), nonce: late.nonce, cookie: late.cookie)
            #expect(expired.status == 401 && expired.body.contains("(expired)"), "\(expired.body)")
            #expect(Self.tokenRequests(provider) == 1)
            #expect(store.remembered == 0, "the used nonce is forgotten once it has expired")
        }
    }

    /// A nonce is consumed by the sign-in that presents it, whatever happens next: a failed exchange or a token
    /// whose claim does not match uses it up.
    @Test func nonceIsConsumedEvenWhenTheSignInFails() async throws {
        try await withSignInServer { base, provider in
            let grant = try await requestNonce(base)
            provider.set { $0.tokenResponse = (400, "{\"error\":\"invalid_grant\"}") }
            let failed = try await postSignIn(base, identityToken: appleToken(nonce: grant.nonce), nonce: grant.nonce, cookie: grant.cookie)
            #expect(failed.status == 401 && failed.body.contains("tokenEndpoint"), "\(failed.body)")
            provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleToken(nonce: nil))\"}") }
            let reused = try await postSignIn(base, identityToken: appleToken(nonce: grant.nonce), nonce: grant.nonce, cookie: grant.cookie)
            #expect(reused.status == 401 && reused.body.contains("nonceRefused"), "\(reused.body)")
            #expect(Self.tokenRequests(provider) == 1)
        }
    }

    /// Two sign-ins racing with one nonce over HTTP: exactly one session, 20 rounds.
    @Test func racingSignInsForOneNonceExactlyOneWins() async throws {
        try await withSignInServer { base, provider in
            for round in 0..<20 {
                let grant = try await requestNonce(base)
                let token = appleToken(nonce: grant.nonce)
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<2 {
                        group.addTask { try await postSignIn(base, identityToken: token, nonce: grant.nonce, cookie: grant.cookie).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.sorted() == [200, 401], "round \(round): \(statuses)")
            }
            #expect(Self.tokenRequests(provider) == 20)
        }
    }

    /// The store alone, through the ``SignInNonceStore`` protocol that ``SignInWithApple`` calls: 500 rounds of 8
    /// concurrent consumers for one nonce, exactly one `consumed` each.
    @Test func storeAcceptsEachNonceExactlyOnceUnderConcurrency() async throws {
        let concrete = try NonceStore()
        let store: any SignInNonceStore = concrete
        for _ in 0..<500 {
            let issued = try await store.issue(session: "s")
            let results = await withTaskGroup(of: NonceStore.Outcome.self) { group in
                for _ in 0..<8 { group.addTask { await store.consume(issued.value, session: "s") } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { $0 == .consumed }.count == 1)
            #expect(results.filter { $0 == .unknown }.count == 7)
        }
        #expect(concrete.remembered == 500)
        #expect(concrete.counts == (issued: 500, consumed: 500))
    }

    /// Issuing stores nothing and is never refused; the record of used nonces is bounded: a full record refuses the
    /// next sign-in (a used nonce is never forgotten before it expires), and expired nonces make room.
    @Test func usedNonceRecordIsBoundedAndIssuingNeverFails() async throws {
        let clock = ManualClock(0)
        let store = try NonceStore(lifetime: 10, capacity: 3, now: { clock.value })
        var issued: [NonceStore.Issued] = []
        for _ in 0..<1000 { issued.append(try store.issue(session: "s")) }
        #expect(Set(issued.map(\.value)).count == 1000)
        #expect(issued.allSatisfy { $0.expiresAt == 10 && $0.lifetime == 10 && $0.value.utf8.count == NonceStore.nonceLength })
        #expect(store.remembered == 0 && store.counts == (issued: 1000, consumed: 0))
        for i in 0..<3 { #expect(store.consume(issued[i].value, session: "s") == .consumed) }
        #expect(store.check(issued[3].value, session: "s") == .valid)
        #expect(store.consume(issued[3].value, session: "s") == .storeFull)
        #expect(store.consume(issued[0].value, session: "s") == .unknown)   // still remembered as used
        #expect(store.remembered == 3)
        clock.value = 5
        let later = try store.issue(session: "s")                            // lives until 15
        #expect(store.consume(later.value, session: "s") == .storeFull)
        clock.value = 10                                                    // the first thousand are due
        #expect(store.consume(issued[3].value, session: "s") == .expired)
        #expect(store.remembered == 0)
        #expect(store.consume(later.value, session: "s") == .consumed)
        #expect(store.consume(later.value, session: "s") == .unknown)
        // Many issue/consume cycles as the clock runs keep the record within its capacity and every answer right.
        let big = try NonceStore(lifetime: 60, capacity: 10, now: { clock.value })
        for _ in 0..<5_000 {
            clock.value += 7
            let n = try big.issue(session: "a")
            #expect(big.consume(n.value, session: "b") == .otherSession)
            #expect(big.consume(n.value, session: "a") == .consumed)
            #expect(big.consume(n.value, session: "a") == .unknown)
        }
        #expect(big.remembered <= 10)
        #expect(big.counts == (issued: 5_000, consumed: 5_000))
    }

    /// A store of the app's own plugged in through ``SignInNonceStore`` (what a server with several instances
    /// writes over shared storage) is the one the routes use, under the same rules: issued by it, bound to the
    /// session, once only — of 8 sign-ins racing over HTTP for one nonce exactly one wins.
    @Test func aStoreOfYourOwnIsUsedWithTheSameRules() async throws {
        let own = OwnNonceStore()
        try await withSignInServer(nonces: own) { base, provider in
            let grant = try await requestNonce(base)
            #expect(grant.expiresIn == 60, "the plugged store issued it")
            #expect(await own.holds(grant.nonce))
            let token = appleToken(nonce: grant.nonce)
            let other = try await requestNonce(base)
            let wrongSession = try await postSignIn(base, identityToken: token, nonce: grant.nonce, cookie: other.cookie)
            #expect(wrongSession.status == 401 && wrongSession.body.contains("(otherSession)"), "\(wrongSession.body)")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await postSignIn(base, identityToken: token, nonce: grant.nonce, cookie: grant.cookie).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted() == [200] + Array(repeating: 401, count: 7), "\(statuses)")
            #expect(await own.consumeCalls == 9)
            let spentHeld = await own.holds(grant.nonce), otherHeld = await own.holds(other.nonce)
            #expect(!spentHeld && otherHeld)
            #expect(Self.tokenRequests(provider) == 1)
        }
    }

    @Test func storeSettingsAreChecked() throws {
        for lifetime in [0, -1, .infinity, .nan, 3600.5, 1e300] as [Double] {
            #expect(throws: IntegrationError.make(.configuration, ""), "\(lifetime)") { try NonceStore(lifetime: lifetime) }
        }
        for capacity in [0, -1, 1_000_001, Int.max] {
            #expect(throws: IntegrationError.make(.configuration, ""), "\(capacity)") { try NonceStore(capacity: capacity) }
        }
        #expect(try NonceStore(lifetime: 3600, capacity: 1_000_000).capacity == 1_000_000)
        let values = Set((0..<1000).map { _ in NonceStore.newSessionID() })
        #expect(values.count == 1000 && values.allSatisfy(NonceStore.isWellFormed))
        for bad in ["", "short", String(repeating: "A", count: 42), String(repeating: "A", count: 44),
                    String(repeating: "A", count: 42) + "=", String(repeating: "A", count: 42) + "+"] {
            #expect(!NonceStore.isWellFormed(bad))
        }
    }

    /// With the requirement turned off (documented risk), a sign-in without a nonce passes, and a nonce that is given
    /// is still compared, hashed, with the claim.
    @Test func requirementOffAcceptsAClientChosenNonce() async throws {
        try await withSignInServer(requireIssuedNonce: false) { base, provider in
            let none = try await postSignIn(base, identityToken: appleToken(nonce: nil), nonce: nil, cookie: nil)
            #expect(none.status == 200, "\(none.body)")
            let chosen = try await postSignIn(base, identityToken: appleToken(nonce: "client-made"), nonce: "client-made", cookie: nil)
            #expect(chosen.status == 200, "\(chosen.body)")
            let wrong = try await postSignIn(base, identityToken: appleToken(nonce: "client-made"), nonce: "other", cookie: nil)
            #expect(wrong.status == 401 && wrong.body.contains("nonceMismatch"), "\(wrong.body)")
            #expect(Self.tokenRequests(provider) == 2)
        }
    }
}

/// A nonce store written by an app (as one over Redis or a database would be): an actor with a fixed 60-second
/// lifetime, following the ``SignInNonceStore`` rules.
actor OwnNonceStore: SignInNonceStore {
    private var entries: [String: (session: String, expiresAt: Double)] = [:]
    private(set) var consumeCalls = 0

    func holds(_ nonce: String) -> Bool { entries[nonce] != nil }

    func issue(session: String) throws(IntegrationError) -> NonceStore.Issued {
        let value = NonceStore.newSessionID()
        let expiresAt = Date().timeIntervalSince1970 + 60
        entries[value] = (session, expiresAt)
        return NonceStore.Issued(value: value, lifetime: 60, expiresAt: expiresAt)
    }

    func consume(_ nonce: String, session: String) -> NonceStore.Outcome {
        consumeCalls += 1
        guard let entry = entries[nonce] else { return .unknown }
        guard Date().timeIntervalSince1970 < entry.expiresAt else {
            entries[nonce] = nil
            return .expired
        }
        guard entry.session == session else { return .otherSession }
        entries[nonce] = nil
        return .consumed
    }
}
