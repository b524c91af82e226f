import Foundation
import JOSE
@testable import JOSEHummingbird
import JOSEServerTestSupport
import Testing

/// The port of a `http://127.0.0.1:<port>` base URL.
func portOf(_ base: String) -> Int { Int(base.split(separator: ":").last ?? "") ?? 0 }

/// `nonce` with byte `index` of its 72 decoded bytes changed (`delta` added), re-encoded: the random part (0–15), the
/// expiry (16–23), the session binding (24–39) or the tag (40–71).
func alteredNonce(_ nonce: String, byte index: Int, delta: UInt8 = 1) -> String {
    var bytes = try! Base64URL.decode(nonce)
    bytes[index] &+= delta
    return Base64URL.encode(bytes)
}

/// Asking for nonces costs the server nothing (they are authenticated with its key and carry their
/// own expiry and session binding), so a flood of `POST /auth/apple/nonce` cannot deny sign-ins to anyone; only used
/// nonces are remembered, until they expire.
extension IssuedNonceSignInTests {
    /// A nonce the server did not make — any byte of an issued one changed (random part, expiry, session binding, tag),
    /// cut short or lengthened, or one issued by another store (another key) for the same session — is refused as
    /// `unknown` before Apple's token endpoint, each with a token that carries its hash; the genuine one then works.
    @Test func forgedAlteredAndForeignNoncesAreRefused() async throws {
        try await withSignInServer { base, provider in
            let grant = try await requestNonce(base)
            let session = String(grant.cookie.dropFirst(13))
            let foreign = try NonceStore().issue(session: session).value
            var forged = [0, 15, 16, 18, 23, 24, 39, 40, 71].map { alteredNonce(grant.nonce, byte: $0) }
            forged += [alteredNonce(grant.nonce, byte: 17, delta: 0x10),   // expiry pushed later, tag left
                       String(grant.nonce.dropLast()), grant.nonce + "A", String(grant.nonce.dropLast(4)),
                       foreign, String(repeating: "A", count: NonceStore.nonceLength)]
            for nonce in forged {
                #expect(nonce != grant.nonce)
                let r = try await postSignIn(base, identityToken: appleToken(nonce: nonce), nonce: nonce, cookie: grant.cookie)
                #expect(r.status == 401 && r.body.contains("nonceRefused") && r.body.contains("(unknown)"), "\(nonce): \(r.body)")
            }
            #expect(Self.tokenRequests(provider) == 0)
            let ok = try await postSignIn(base, identityToken: appleToken(nonce: grant.nonce), nonce: grant.nonce, cookie: grant.cookie)
            #expect(ok.status == 200, "\(ok.body)")
        }
    }

    /// Sixteen sign-ins racing over HTTP with one nonce, five rounds: exactly one wins each round.
    @Test func sixteenRacingSignInsForOneNonceExactlyOneWins() async throws {
        try await withSignInServer { base, provider in
            for round in 0..<5 {
                let grant = try await requestNonce(base)
                let token = appleToken(nonce: grant.nonce)
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<16 {
                        group.addTask { try await postSignIn(base, identityToken: token, nonce: grant.nonce, cookie: grant.cookie).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.filter { $0 == 200 }.count == 1 && statuses.filter { $0 == 401 }.count == 15,
                        "round \(round): \(statuses)")
            }
            #expect(Self.tokenRequests(provider) == 5)
        }
    }

    /// Only a sign-in with an identity token Apple issued for the nonce records it: fifty sign-ins with fresh nonces
    /// and tokens Apple did not sign (or for another audience) record nothing; a full record then refuses a real
    /// sign-in with 503 (rather than forgetting a used nonce) until used nonces expire.
    @Test func onlyRealSignInsFillTheUsedNonceRecord() async throws {
        let clock = ManualClock(100)
        let store = try NonceStore(lifetime: 300, capacity: 2, now: { clock.value })
        try await withSignInServer(nonces: store) { base, provider in
            for i in 0..<50 {
                let grant = try await requestNonce(base)
                let token = i % 2 == 0 ? tamperedCopies(of: appleToken(nonce: grant.nonce)).signature
                                       : appleToken(nonce: grant.nonce, aud: "com.other.app")
                let r = try await postSignIn(base, identityToken: token, nonce: grant.nonce, cookie: grant.cookie)
                #expect(r.status == 401, "\(r.body)")
            }
            #expect(store.remembered == 0)
            for _ in 0..<2 {
                let grant = try await requestNonce(base)
                let ok = try await postSignIn(base, identityToken: appleToken(nonce: grant.nonce), nonce: grant.nonce, cookie: grant.cookie)
                #expect(ok.status == 200, "\(ok.body)")
            }
            let grant = try await requestNonce(base)
            let full = try await postSignIn(base, identityToken: appleToken(nonce: grant.nonce), nonce: grant.nonce, cookie: grant.cookie)
            #expect(full.status == 503 && full.body.contains("storeFull"), "\(full.body)")
            #expect(Self.tokenRequests(provider) == 2)
            clock.value += 300
            let fresh = try await requestNonce(base)
            let ok = try await postSignIn(base, identityToken: appleToken(nonce: fresh.nonce), nonce: fresh.nonce, cookie: fresh.cookie)
            #expect(ok.status == 200, "\(ok.body)")
            #expect(store.remembered == 1)
        }
    }
}

/// The flood on its own suite, with room for a debug build on a loaded machine (5–20 s).
@Suite(.timeLimit(.minutes(3)))
struct NonceFloodTests {
    /// 20,000 nonce requests from one client over 16 pipelined connections (the default store: before, its 10,000
    /// slots were full after half of them and every client then got 503), then real sign-ins still work and nothing
    /// was stored for the flood.
    @Test func aFloodOfNonceRequestsDeniesNoSignIn() async throws {
        let store = try NonceStore()
        try await IssuedNonceSignInTests().withSignInServer(nonces: store) { base, provider in
            let request = "POST /auth/apple/nonce HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"
            let flood = try await rawFlood(port: portOf(base), request: request, total: 20_000)
            print("hummingbird nonce flood: 20,000 requests in \(String(format: "%.2f", flood.seconds)) s "
                  + "(\(Int(20_000 / flood.seconds)) requests/s), statuses \(flood.statuses)")
            #expect(flood.statuses == [200: 20_000])
            #expect(store.remembered == 0 && store.counts.issued == 20_000)
            for i in 0..<5 {
                let grant = try await requestNonce(base)
                let ok = try await postSignIn(base, identityToken: appleToken(nonce: grant.nonce), nonce: grant.nonce,
                                              cookie: grant.cookie, code: "code-\(i)")
                #expect(ok.status == 200, "\(ok.body)")
            }
            #expect(store.remembered == 5)
            #expect(IssuedNonceSignInTests.tokenRequests(provider) == 5)
        }
    }

}
