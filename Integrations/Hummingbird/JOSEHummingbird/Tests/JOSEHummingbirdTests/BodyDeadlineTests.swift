import Foundation
import Hummingbird
import HummingbirdCore
import JOSE
import JOSEHummingbirdAppStore
@testable import JOSEHummingbird
import JOSEServerTestSupport
import NIOCore
import Testing

/// Seconds since `start`.
func secondsSince(_ start: ContinuousClock.Instant) -> Double { seconds(from: start, to: .now) }

/// Seconds from `start` to `end` (infinity if `end` never came).
func seconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant?) -> Double {
    guard let end else { return .infinity }
    let d = end - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

/// The bounds a 1 s body deadline is checked against: not before 0.9 s, and — on a loaded machine running the other
/// suites at the same time — within 6 s (without the deadline the connection stays open as long as the client likes).
let cutAfter = 0.9, cutBefore = 6.0

/// A raw request head on `path` that declares `length` body bytes.
func declaredBodyHead(_ path: String, length: Int = 200) -> String {
    "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
}

/// Sends `{` and then one byte every `interval` seconds on `connection` until it is closed or `count` bytes went.
func drip(_ connection: RawHTTPConnection, every interval: Double, count: Int = 400) -> Task<Void, Never> {
    Task {
        for _ in 0..<count {
            if connection.isClosed || Task.isCancelled { return }
            try? await connection.send(" ")
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
        }
    }
}

/// On Hummingbird, a request that declares a body and never sends it, or drips it, no longer
/// holds its connection. The sign-in and notification routes give the whole body a deadline (`bodyReadTimeout`,
/// 1 s here) and answer 408; `RequestBodyDeadline`, as the example server installs it, closes such connections on any
/// route (408 if nothing was answered yet) and refuses bodies past its concurrency limit with 503; other clients are
/// served meanwhile. Over loopback with a raw socket client.
@Suite(.timeLimit(.minutes(1)))
struct BodyDeadlineTests {
    let sessions = try! SessionTokens(hs256Secret: Array(repeating: 0x42, count: 32), issuer: "https://api.example.com",
                                      audience: "api", lifetime: 600)

    /// The fake Apple and the sign-in server, with a 1 s body deadline in the routes (and `maximumReads` at once) and,
    /// if `limits` is given, `RequestBodyDeadline` on the server (idle timeout 30 s, far from the deadline).
    func withServer(limits: RequestBodyDeadline.Limits?, maximumReads: Int = 64, deadline: Double = 1,
                    _ body: @escaping (Int, FakeProvider) async throws -> Void) async throws {
        let provider = FakeProvider(jwks: keySetJSON([(appleKey, "apple-1")]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleToken(nonce: nil))\"}") }
        let sessions = self.sessions
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let router = try siwaRouter(applePort: p, sessions: sessions, requireIssuedNonce: true) {
                $0.bodyReadTimeout = deadline
                $0.maximumConcurrentBodyReads = maximumReads
            }
            var server = HTTPServerBuilder.http1()
            if let limits {
                server = .http1(configuration: .init(additionalChannelHandlers: [RequestBodyDeadline(limits: limits)],
                                                     idleTimeout: .seconds(30)))
            }
            let s = try await serve(router, server: server, in: &group)
            try await body(s, provider)
        }
    }

    /// One real sign-in (nonce, then the sign-in): its status and how long it took.
    func realSignIn(_ port: Int) async throws -> (Int, Double) {
        let start = ContinuousClock.now
        let base = "http://127.0.0.1:\(port)"
        let grant = try await requestNonce(base)
        let r = try await postSignIn(base, identityToken: appleToken(nonce: grant.nonce), nonce: grant.nonce, cookie: grant.cookie)
        return (r.status, secondsSince(start))
    }

    /// A stalled and a dripping sign-in body are answered 408 and closed about 1 s after their heads (the example
    /// server's setup), while a real sign-in on another connection passes at once.
    @Test func stalledAndDrippingSignInBodiesAreCutAtTheDeadline() async throws {
        let limits = try RequestBodyDeadline.Limits(timeout: .seconds(1), maximumConcurrentBodies: 16)
        try await withServer(limits: limits) { port, _ in
            let start = ContinuousClock.now
            let stalled = try await RawHTTPConnection.open(port: port)
            try await stalled.send(declaredBodyHead("/auth/apple"))
            let dripping = try await RawHTTPConnection.open(port: port)
            try await dripping.send(declaredBodyHead("/auth/apple") + "{")
            let dripper = drip(dripping, every: 0.2)
            let (status, took) = try await realSignIn(port)
            print("hummingbird real sign-in during the slow bodies: \(status) in \(String(format: "%.2f", took)) s")
            #expect(status == 200 && took < cutBefore, "a real sign-in during the slow bodies: \(status) in \(took) s")
            for (name, c) in [("stalled", stalled), ("dripping", dripping)] {
                let done = await c.wait(upTo: 8) { $0.isClosed }
                let t = seconds(from: start, to: c.closedAt)
                print("hummingbird \(name) sign-in body: closed \(done) after \(String(format: "%.2f", t)) s, answer \(c.received.prefix(12))")
                #expect(done && t >= cutAfter && t < cutBefore, "\(name): closed \(done) after \(t) s")
                #expect(c.received.hasPrefix("HTTP/1.1 408"), "\(name): \(c.received)")
            }
            dripper.cancel()
            #expect(limits.bodiesInProgress == 0)
        }
    }

    /// A route that does not read its body (`POST /auth/refresh` answers 401 at once) leaves Hummingbird draining a
    /// dripping body: `RequestBodyDeadline` closes that connection at the deadline all the same.
    @Test func aDrippingBodyAfterAnEarlyAnswerIsClosedAtTheDeadline() async throws {
        let limits = try RequestBodyDeadline.Limits(timeout: .seconds(1), maximumConcurrentBodies: 16)
        try await withServer(limits: limits) { port, _ in
            let start = ContinuousClock.now
            let c = try await RawHTTPConnection.open(port: port)
            try await c.send(declaredBodyHead("/auth/refresh", length: 1000))
            let dripper = drip(c, every: 0.2)
            let done = await c.wait(upTo: 8) { $0.isClosed }
            let t = seconds(from: start, to: c.closedAt)
            print("hummingbird dripping body after an early 401: closed \(done) after \(String(format: "%.2f", t)) s")
            #expect(done && t >= cutAfter && t < cutBefore, "closed \(done) after \(t) s")
            #expect(c.received.hasPrefix("HTTP/1.1 401"), "\(c.received)")
            dripper.cancel()
        }
    }

    /// Without `RequestBodyDeadline`, the routes' own deadline still answers a stalled sign-in body, and a stalled
    /// body on the nonce route, with 408 after about 1 s.
    @Test func theRoutesAnswer408OnTheirOwn() async throws {
        try await withServer(limits: nil) { port, _ in
            for path in ["/auth/apple", "/auth/apple/nonce"] {
                let start = ContinuousClock.now
                let c = try await RawHTTPConnection.open(port: port)
                try await c.send(declaredBodyHead(path, length: 100))
                let answered = await c.wait(upTo: 8) { $0.hasAnswer }
                let t = seconds(from: start, to: c.firstByteAt)
                print("hummingbird \(path) stalled body, route deadline only: answered \(answered) after \(String(format: "%.2f", t)) s")
                #expect(answered && t >= cutAfter && t < cutBefore, "\(path): answered \(answered) after \(t) s")
                #expect(c.received.hasPrefix("HTTP/1.1 408"), "\(path): \(c.received)")
                await c.close()
            }
        }
    }

    /// Past the limit on bodies arriving at once, a request that declares a body is answered 503 and closed at
    /// once, by `RequestBodyDeadline` (limit 2) or by the routes' own gate (limit 2); requests without a body and,
    /// once the slow ones are cut, sign-ins are served.
    @Test func slowBodiesPastTheLimitAreRefusedAtOnce() async throws {
        for useHandler in [true, false] {
            // 3 s deadlines: the third request must come while the first two still hold their slots.
            let limits = try RequestBodyDeadline.Limits(timeout: .seconds(3), maximumConcurrentBodies: 2)
            try await withServer(limits: useHandler ? limits : nil, maximumReads: 2, deadline: 3) { port, _ in
                var held: [RawHTTPConnection] = []
                for _ in 0..<2 {
                    let c = try await RawHTTPConnection.open(port: port)
                    try await c.send(declaredBodyHead("/auth/apple"))
                    held.append(c)
                }
                try await Task.sleep(nanoseconds: 200_000_000)
                let start = ContinuousClock.now
                let third = try await RawHTTPConnection.open(port: port)
                try await third.send(declaredBodyHead("/auth/apple"))
                let answered = await third.wait(upTo: 8) { $0.hasAnswer || $0.isClosed }
                let t = seconds(from: start, to: third.firstByteAt)
                #expect(answered && third.received.hasPrefix("HTTP/1.1 503"), "handler \(useHandler): \(t) s, \(third.received)")
                let nonce = try await requestNonce("http://127.0.0.1:\(port)")
                #expect(nonce.nonce.utf8.count == NonceStore.nonceLength)
                for c in held { _ = await c.wait(upTo: 8) { $0.hasAnswer } }
                #expect(held.allSatisfy { $0.received.hasPrefix("HTTP/1.1 408") })
                // Refused at once: before the slow ones holding the slots were cut.
                #expect(held.allSatisfy { h in (third.firstByteAt.map { f in h.firstByteAt.map { f < $0 } ?? false }) ?? false },
                        "handler \(useHandler): 503 after \(t) s")
                let (status, _) = try await realSignIn(port)
                #expect(status == 200)
                for c in held + [third] { await c.close() }
            }
        }
    }

    /// The App Store notification route: a stalled body is answered 408 `bodyTimeout` after the receiver's deadline
    /// (1 s here), and `RequestBodyDeadline` (its own deadline 20 s) closes the connection on that answer's
    /// `Connection: close`.
    @Test func aStalledNotificationBodyIsAnswered408() async throws {
        let (verifier, _) = try NotificationFixtures.verifier(responderPort: 9, fetchTimeout: 1)
        let receiver = AppStoreNotificationReceiver(verifier: verifier, bodyReads: try BodyReadGate(timeout: 1)) { _ in }
        let limits = try RequestBodyDeadline.Limits(timeout: .seconds(20), maximumConcurrentBodies: 16)
        try await withServers { group in
            let router = Router()
            receiver.addRoute(to: router)
            let s = try await serve(router, server: .http1(configuration: .init(
                additionalChannelHandlers: [RequestBodyDeadline(limits: limits)])), in: &group)
            let start = ContinuousClock.now
            let c = try await RawHTTPConnection.open(port: s)
            try await c.send(declaredBodyHead("/appstore/notifications", length: 5000) + "{\"signedPayload\":")
            let done = await c.wait(upTo: 8) { $0.received.contains("bodyTimeout") }
            let t = seconds(from: start, to: c.firstByteAt)
            print("hummingbird notification stalled body: answered \(done) after \(String(format: "%.2f", t)) s")
            #expect(done && t >= cutAfter && t < cutBefore, "\(t) s: \(c.received)")
            #expect(c.received.hasPrefix("HTTP/1.1 408"), "\(c.received)")
            #expect(await c.wait(upTo: 2) { $0.isClosed }, "Connection: close honoured")
            #expect(receiver.bodyReads.readsInProgress == 0)
        }
    }
}
