import Foundation
import JOSE
import JOSEServerTestSupport
import JOSEVapor
import JOSEVaporAppStore
import Testing
import Vapor

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

/// Sends one byte every `interval` seconds on `connection` until it is closed or `count` bytes went.
func drip(_ connection: RawHTTPConnection, every interval: Double, count: Int = 400) -> Task<Void, Never> {
    Task {
        for _ in 0..<count {
            if connection.isClosed || Task.isCancelled { return }
            try? await connection.send(" ")
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
        }
    }
}

/// On Vapor, a request that declares a body and never sends it, or drips it a byte at a time,
/// no longer holds its connection. The sign-in, nonce and notification routes read their bodies (streamed) within a
/// whole-body deadline (1 s here) and answer 408 and close; past the limit on bodies read at once, 503 and close;
/// other clients are served meanwhile. Over loopback with a raw socket client.
@Suite(.timeLimit(.minutes(1)))
struct BodyDeadlineOverHTTPTests {
    func withSignInServer(maximumReads: Int = 64, deadline: Double = 1, _ body: (Int) async throws -> Void) async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(nonce: nil))\"}") }
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                try siwaRoutes(app, applePort: p, sessions: try makeSessions(.es256), secrets: try secretSource(),
                               settings: { $0.bodyReadTimeout = deadline; $0.maximumConcurrentBodyReads = maximumReads })
            }
            try await body(s)
        }
    }

    /// On `POST /auth/apple`: a body that starts and stalls, and one dripped a byte every 0.2 s, are answered 408 and
    /// closed about 1 s after their heads (the route's deadline); a body declared and never started — on the sign-in
    /// and the nonce route — is closed by the idle timeout the routes set (deadline + 1 s: Vapor calls no route before
    /// the first body byte). A real sign-in on another connection passes meanwhile.
    @Test func stalledAndDrippingBodiesAreCutAtTheDeadline() async throws {
        try await withSignInServer { port in
            let start = ContinuousClock.now
            let started = try await RawHTTPConnection.open(port: port)
            try await started.send(declaredBodyHead("/auth/apple") + "{")
            let dripping = try await RawHTTPConnection.open(port: port)
            try await dripping.send(declaredBodyHead("/auth/apple") + "{")
            let dripper = drip(dripping, every: 0.2)
            let never = try await RawHTTPConnection.open(port: port)
            try await never.send(declaredBodyHead("/auth/apple"))
            let nonceBody = try await RawHTTPConnection.open(port: port)
            try await nonceBody.send(declaredBodyHead("/auth/apple/nonce", length: 10))
            let t0 = ContinuousClock.now
            let real = try await signIn("http://127.0.0.1:\(port)")
            let took = secondsSince(t0)
            print("vapor real sign-in during the slow bodies: \(real.status) in \(String(format: "%.2f", took)) s")
            #expect(real.status == 200 && took < cutBefore, "a real sign-in during the slow bodies: \(real.status) in \(took) s")
            for (name, c, answered) in [("started then stalled", started, true), ("dripping", dripping, true),
                                        ("never started", never, false), ("nonce, never started", nonceBody, false)] {
                let done = await c.wait(upTo: 8) { $0.isClosed }
                let t = seconds(from: start, to: c.closedAt)
                print("vapor \(name) body: closed \(done) after \(String(format: "%.2f", t)) s, answer \(c.received.prefix(12))")
                #expect(done && t >= cutAfter && t < cutBefore, "\(name): closed \(done) after \(t) s")
                #expect(answered ? c.received.hasPrefix("HTTP/1.1 408") : c.received.isEmpty, "\(name): \(c.received)")
            }
            dripper.cancel()
        }
    }

    /// Past two bodies read at once, a third request with a body is answered 503 and closed at once; a nonce request
    /// (no body) is served, and once the slow ones are cut a sign-in passes.
    @Test func slowBodiesPastTheLimitAreRefusedAtOnce() async throws {
        // 3 s deadline: the third request must come while the first two still hold their slots.
        try await withSignInServer(maximumReads: 2, deadline: 3) { port in
            var held: [RawHTTPConnection] = []
            var drippers: [Task<Void, Never>] = []
            for _ in 0..<2 {
                let c = try await RawHTTPConnection.open(port: port)
                try await c.send(declaredBodyHead("/auth/apple") + "{")
                drippers.append(drip(c, every: 0.2))
                held.append(c)
            }
            try await Task.sleep(nanoseconds: 200_000_000)
            let start = ContinuousClock.now
            let third = try await RawHTTPConnection.open(port: port)
            try await third.send(declaredBodyHead("/auth/apple") + "{")
            let closed = await third.wait(upTo: 8) { $0.isClosed }
            let t = seconds(from: start, to: third.firstByteAt)
            #expect(closed && third.received.hasPrefix("HTTP/1.1 503"), "\(t) s: \(third.received)")
            let (nonce, _) = try await issuedNonce("http://127.0.0.1:\(port)")
            #expect(nonce.utf8.count == NonceStore.nonceLength)
            for c in held {
                let closed = await c.wait(upTo: 8) { $0.isClosed }
                #expect(closed && c.received.hasPrefix("HTTP/1.1 408"), "\(c.received)")
                // The 503 came at once: before the slow ones holding the slots were cut.
                #expect((third.firstByteAt.map { f in c.firstByteAt.map { f < $0 } ?? false }) ?? false, "503 after \(t) s")
            }
            for d in drippers { d.cancel() }
            #expect(try await signIn("http://127.0.0.1:\(port)").status == 200)
        }
    }

    /// The App Store notification route: a stalled body is answered 408 `bodyTimeout` after the receiver's deadline
    /// (1 s here) and the connection closed; a dripping one too.
    @Test func stalledAndDrippingNotificationBodiesAreCut() async throws {
        let (verifier, _) = try NotificationFixtures.verifier(responderPort: 9, fetchTimeout: 1)
        let receiver = AppStoreNotificationReceiver(verifier: verifier, bodyReads: try BodyReadGate(timeout: 1)) { _ in }
        try await withServers { servers in
            let port = try await servers.start { app in receiver.addRoute(to: app) }
            let start = ContinuousClock.now
            let stalled = try await RawHTTPConnection.open(port: port)
            try await stalled.send(declaredBodyHead("/appstore/notifications", length: 5000) + "{\"signedPayload\":")
            let dripping = try await RawHTTPConnection.open(port: port)
            try await dripping.send(declaredBodyHead("/appstore/notifications", length: 5000))
            let dripper = drip(dripping, every: 0.2)
            for (name, c) in [("stalled", stalled), ("dripping", dripping)] {
                let done = await c.wait(upTo: 8) { $0.isClosed }
                let t = seconds(from: start, to: c.closedAt)
                print("vapor notification \(name) body: closed \(done) after \(String(format: "%.2f", t)) s")
                #expect(done && t >= cutAfter && t < cutBefore, "\(name): \(t) s")
                #expect(c.received.hasPrefix("HTTP/1.1 408") && c.received.hasSuffix("refused: bodyTimeout"), "\(name): \(c.received)")
            }
            dripper.cancel()
            #expect(receiver.bodyReads.readsInProgress == 0)
        }
    }
}
