import Foundation
import JOSE
import JOSEServerTestSupport
import JOSEVapor
import Testing
import Vapor

/// The flood on its own suite (Scripts/vapor-test.sh runs it after the others), with room for a debug build on a
/// loaded machine (5–20 s).
@Suite(.timeLimit(.minutes(3)))
struct NonceFloodOverHTTPTests {
    /// 20,000 nonce requests from one client over 16 pipelined connections against the default store (before, its
    /// 10,000 slots were full after half of them and every client then got 503); then real sign-ins still work.
    @Test func aFloodOfNonceRequestsDeniesNoSignIn() async throws {
        let store = try NonceStore()
        try await NonceOverHTTPTests().withSignInServer(nonces: store) { base, port, provider in
            let request = "POST /auth/apple/nonce HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"
            let flood = try await rawFlood(port: port, request: request, total: 20_000)
            print("vapor nonce flood: 20,000 requests in \(String(format: "%.2f", flood.seconds)) s "
                  + "(\(Int(20_000 / flood.seconds)) requests/s), statuses \(flood.statuses)")
            #expect(flood.statuses == [200: 20_000])
            #expect(store.remembered == 0 && store.counts.issued == 20_000)
            for _ in 0..<5 { #expect(try await signIn(base).status == 200) }
            #expect(store.remembered == 5)
            #expect(provider.tokenRequests.count == 5)
        }
    }

}
