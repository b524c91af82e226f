import Foundation
import JOSE
import JOSEServerTestSupport
import JOSEVapor
import Testing
import Vapor

/// On Vapor, asking for nonces costs the server nothing (authenticated with its key, their expiry
/// and session binding inside), so a flood of `POST /auth/apple/nonce` denies no sign-in; only used nonces are
/// remembered, until they expire; forged or altered nonces are refused; one nonce signs in once.
@Suite(.timeLimit(.minutes(1)))
struct NonceOverHTTPTests {
    /// The fake Apple and the server under test with `nonces`; `body` gets the server's base URL and the provider.
    func withSignInServer(nonces: NonceStore, _ body: (String, Int, FakeProvider) async throws -> Void) async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(nonce: nil))\"}") }
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                try siwaRoutes(app, applePort: p, sessions: try makeSessions(.es256), secrets: try secretSource(), nonces: nonces)
            }
            try await body("http://127.0.0.1:\(s)", s, provider)
        }
    }

    /// Any byte of an issued nonce changed (random part, expiry, session binding, tag), the nonce cut or lengthened,
    /// or one issued by another store for the same session: refused before Apple's token endpoint, each with a token
    /// carrying its hash; an expired one too; the genuine one then signs in once, and of sixteen sign-ins racing for
    /// a fresh nonce exactly one wins.
    @Test func forgedExpiredReplayedAndRacingNoncesAreRefused() async throws {
        let clock = ManualClock(7_000)
        let store = try NonceStore(lifetime: 300, now: { clock.value })
        try await withSignInServer(nonces: store) { base, _, provider in
            let url = "\(base)/auth/apple"
            let (nonce, cookie) = try await issuedNonce(base)
            let session = String(cookie.split(separator: "=", maxSplits: 1)[1])
            var forged = [0, 15, 16, 23, 24, 39, 40, 71].map { i -> String in
                var bytes = try! Base64URL.decode(nonce)
                bytes[i] &+= 1
                return Base64URL.encode(bytes)
            }
            forged += [String(nonce.dropLast()), nonce + "A", try NonceStore(lifetime: 300).issue(session: session).value]
            for f in forged {
                let r = try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(f)), nonce: f), cookie: cookie)
                #expect(r.status == 401 && r.body.contains("nonceRefused"), "\(f): \(r.body)")
            }
            #expect(provider.tokenRequests.isEmpty)
            let good = signInBody(appleRS256(nonce: sha256Hex(nonce)), nonce: nonce)
            #expect(try await postJSON(url, good, cookie: cookie).status == 200)
            #expect(try await postJSON(url, good, cookie: cookie).status == 401)
            #expect(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(nonce)), code: "code-2", nonce: nonce),
                                       cookie: cookie).status == 401)

            let (late, lateCookie) = try await issuedNonce(base)
            clock.value += 299.9
            let (race, raceCookie) = try await issuedNonce(base)
            let raceBody = signInBody(appleRS256(nonce: sha256Hex(race)), nonce: race)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<16 { group.addTask { try await postJSON(url, raceBody, cookie: raceCookie).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1 && statuses.filter { $0 == 401 }.count == 15, "\(statuses)")
            clock.value += 0.1
            let expired = try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(late)), nonce: late), cookie: lateCookie)
            #expect(expired.status == 401 && expired.body.contains("nonceRefused"), "\(expired.body)")
            #expect(provider.tokenRequests.count == 2)
            #expect(store.counts.consumed == 2)
        }
    }

    /// Twenty sign-ins with fresh nonces and tokens Apple did not sign record nothing; a full record of used nonces
    /// refuses a real sign-in with 503 (never forgetting a used one) until they expire.
    @Test func onlyRealSignInsFillTheUsedNonceRecord() async throws {
        let clock = ManualClock(100)
        let store = try NonceStore(lifetime: 300, capacity: 2, now: { clock.value })
        try await withSignInServer(nonces: store) { base, _, provider in
            let url = "\(base)/auth/apple"
            for _ in 0..<20 {
                let (n, c) = try await issuedNonce(base)
                let token = tamperedCopies(of: appleRS256(nonce: sha256Hex(n))).signature
                #expect(try await postJSON(url, signInBody(token, nonce: n), cookie: c).status == 401)
            }
            #expect(store.remembered == 0)
            #expect(try await signIn(base).status == 200)
            #expect(try await signIn(base).status == 200)
            let full = try await signIn(base)
            #expect(full.status == 503 && full.body.contains("storeFull"), "\(full.body)")
            #expect(provider.tokenRequests.count == 2)
            clock.value += 300
            #expect(try await signIn(base).status == 200)
            #expect(store.remembered == 1)
        }
    }
}
