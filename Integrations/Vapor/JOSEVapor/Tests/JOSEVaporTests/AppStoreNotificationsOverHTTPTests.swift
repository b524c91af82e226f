import AppStore
import AsyncHTTPClient
import Foundation
import JOSEServerTestSupport
import JOSEVaporAppStore
import NIOCore
import NIOPosix
import Synchronization
import Testing
import Vapor

/// App Store Server Notifications V2 through `AppStoreNotificationReceiver.addRoute(to:)` on a Vapor app, over real
/// HTTP on 127.0.0.1: the fixtures of Vectors/ocsp/notifications and the fake OCSP responder are the ones the
/// Hummingbird tests use (JOSEServerTestSupport); the verifier fetches through `OCSPHTTPFetcher`.
@Suite(.timeLimit(.minutes(1)))
struct AppStoreNotificationsOverHTTPTests {
    /// What one POST of a notification gave: the HTTP answer, the notifications the handler saw, the responder's log.
    struct Delivery {
        var status: Int
        var body: String
        var contentType: String?
        var handled: [SignedDataVerifier.VerifiedNotification]
        var ocspRequests: [FakeOCSPResponder.Request]
        var seconds: Double
    }

    /// Starts the fake responder (unless `responderPort` is given) and a Vapor app with the route, POSTs `body`, and
    /// reports. Every responder URL the verifier asked for was on the fixtures' test host.
    static func deliver(_ body: String, responder: FakeOCSPResponder = FakeOCSPResponder(), responderPort: Int? = nil,
                        fetchTimeout: Double = 5, handlerThrows: Bool = false,
                        maximumBodyBytes: Int = AppStoreNotificationReceiver.defaultMaximumBodyBytes,
                        sourceLocation: SourceLocation = #_sourceLocation) async throws -> Delivery {
        if let responderPort { return try await deliver(body, responder: responder, port: responderPort,
                                                        fetchTimeout: fetchTimeout, handlerThrows: handlerThrows,
                                                        maximumBodyBytes: maximumBodyBytes, sourceLocation: sourceLocation) }
        return try await responder.whileRunning { port in
            try await deliver(body, responder: responder, port: port, fetchTimeout: fetchTimeout,
                              handlerThrows: handlerThrows, maximumBodyBytes: maximumBodyBytes,
                              sourceLocation: sourceLocation)
        }
    }

    private static func deliver(_ body: String, responder: FakeOCSPResponder, port: Int, fetchTimeout: Double,
                                handlerThrows: Bool, maximumBodyBytes: Int,
                                sourceLocation: SourceLocation) async throws -> Delivery {
        let (verifier, misdirected) = try NotificationFixtures.verifier(responderPort: port, fetchTimeout: fetchTimeout)
        let handled = Mutex<[SignedDataVerifier.VerifiedNotification]>([])
        struct HandlerFailure: Error {}
        let receiver = AppStoreNotificationReceiver(verifier: verifier, maximumBodyBytes: maximumBodyBytes) { n in
            handled.withLock { $0.append(n) }
            if handlerThrows { throw HandlerFailure() }
        }
        let d = try await withServers { servers in
            let s = try await servers.start { app in receiver.addRoute(to: app) }
            let start = Date()
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(s)/appstore/notifications")
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(20))
            let answer = try await response.body.collect(upTo: 1 << 16)
            return Delivery(status: Int(response.status.code), body: String(buffer: answer),
                            contentType: response.headers.first(name: "Content-Type"),
                            handled: handled.withLock { $0 }, ocspRequests: responder.requests,
                            seconds: Date().timeIntervalSince(start))
        }
        #expect(misdirected().isEmpty, "responder URLs off the test host: \(misdirected())", sourceLocation: sourceLocation)
        return d
    }

    /// A refusal: its status and code in the answer, and the handler never called.
    static func expectRefused(_ d: Delivery, _ status: Int, _ code: AppStoreError.Code,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(d.status == status, "\(d.body)", sourceLocation: sourceLocation)
        #expect(d.body == "refused: \(code)", sourceLocation: sourceLocation)
        #expect(d.handled.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func fixturesAreCountedAndAllRead() throws {
        let manifest = try NotificationFixtures.manifest()
        print("[vectors] ocsp/notifications/MANIFEST.json: \(manifest.files.count) cases")
        #expect(manifest.files.count == 8)
        #expect(manifest.files.filter { $0.kind == "ocsp" }.count == 6)
        for f in manifest.files { #expect(try NotificationFixtures.data(f.file).count > 200, "\(f.file)") }
        #expect(manifest.leafURL == NotificationFixtures.testHost + "/intermediate")
        #expect(manifest.intermediateURL == NotificationFixtures.testHost + "/root")
    }

    @Test func goodAnswersGive200AndTheHandlerTheVerifiedNotification() async throws {
        let d = try await Self.deliver(try NotificationFixtures.subscribed())
        #expect(d.status == 200, "\(d.body)")
        #expect(d.body == "ok")
        #expect(d.contentType == "text/plain; charset=utf-8")
        #expect(d.handled.count == 1)
        let n = try #require(d.handled.first)
        #expect(n.notification.notificationType?.rawValue == "SUBSCRIBED")
        #expect(n.notification.subtype?.rawValue == "INITIAL_BUY")
        #expect(n.notification.data?.bundleId == "com.example" && n.notification.data?.appAppleId == 1234567890)
        #expect(n.transaction?.transactionId == "2000000123456789" && n.transaction?.price == 4990)
        #expect(n.renewalInfo?.autoRenewProductId == "com.example.monthly")
        // One OCSP POST per certificate below the root (leaf serial 0x63, intermediate 0x62), as
        // application/ocsp-request; the nested transaction and renewal info reuse the verified chain.
        #expect(d.ocspRequests.map(\.path) == ["/intermediate", "/root"])
        #expect(d.ocspRequests.allSatisfy { $0.contentType == "application/ocsp-request" })
        #expect(d.ocspRequests.map { Array($0.body.suffix(3)) } == [[0x02, 0x01, 0x63], [0x02, 0x01, 0x62]])
    }

    @Test func revokedSigningCertificateIsRefusedAsRevoked() async throws {
        let d = try await Self.deliver(try NotificationFixtures.subscribed(),
                                       responder: FakeOCSPResponder(leaf: .file("leaf-revoked.der")))
        Self.expectRefused(d, 403, .certificateRevoked)
    }

    @Test func unknownStatusIsRefused() async throws {
        let d = try await Self.deliver(try NotificationFixtures.subscribed(),
                                       responder: FakeOCSPResponder(leaf: .file("leaf-unknown.der")))
        Self.expectRefused(d, 403, .invalidChain)
    }

    @Test func staleAnswerIsRefusedAsRetryable() async throws {
        let d = try await Self.deliver(try NotificationFixtures.subscribed(),
                                       responder: FakeOCSPResponder(leaf: .file("leaf-stale.der")))
        Self.expectRefused(d, 503, .retryableVerificationFailure)
        #expect(d.ocspRequests.map(\.path) == ["/intermediate"])
    }

    @Test func answerSignedByAnotherKeyIsRefusedAsRetryable() async throws {
        let d = try await Self.deliver(try NotificationFixtures.subscribed(),
                                       responder: FakeOCSPResponder(leaf: .file("leaf-wrong-signer.der")))
        Self.expectRefused(d, 503, .retryableVerificationFailure)
        #expect(d.ocspRequests.map(\.path) == ["/intermediate"])
    }

    @Test func closedResponderPortIsRetryableNotAPass() async throws {
        // Nothing listens on port 1 of the loopback interface: the connection is refused.
        let d = try await Self.deliver(try NotificationFixtures.subscribed(), responderPort: 1)
        Self.expectRefused(d, 503, .retryableVerificationFailure)
    }

    @Test func responderStalledPastTheDeadlineIsRetryable() async throws {
        let d = try await Self.deliver(try NotificationFixtures.subscribed(), responder: FakeOCSPResponder(leaf: .stall(8)),
                                       fetchTimeout: 0.5)
        Self.expectRefused(d, 503, .retryableVerificationFailure)
        #expect(d.seconds < 5, "the fetch deadline was not kept: \(d.seconds) s")
        #expect(d.ocspRequests.map(\.path) == ["/intermediate"])
    }

    @Test func responderErrorStatusAndOversizedAnswerAreRetryable() async throws {
        let failing = try await Self.deliver(try NotificationFixtures.subscribed(),
                                             responder: FakeOCSPResponder(leaf: .status(500)))
        Self.expectRefused(failing, 503, .retryableVerificationFailure)
        let huge = try await Self.deliver(try NotificationFixtures.subscribed(),
                                          responder: FakeOCSPResponder(leaf: .bytes(65 * 1024)))
        Self.expectRefused(huge, 503, .retryableVerificationFailure)
        // The intermediate is asked only after the leaf's answer was good.
        #expect(huge.ocspRequests.map(\.path) == ["/intermediate"])
    }

    @Test func handlerThatThrowsGives500SoAppleRetries() async throws {
        let d = try await Self.deliver(try NotificationFixtures.subscribed(), handlerThrows: true)
        #expect(d.status == 500)
        #expect(d.body == "failed: handlerFailed")
        #expect(d.handled.count == 1)
    }

    @Test func malformedBodiesGive400WithoutAnyFetch() async throws {
        let signed = try NotificationFixtures.subscribedSignedPayload()
        let bodies = [
            "", "null", "[]", "{}", "signedPayload=\(signed)",
            "{\"signedPayload\":1}", "{\"signedPayload\":\"\"}", "{\"signedPayload\":null}",
            "{\"signedPayload\":\"\(signed)\",\"signedPayload\":\"\(signed)\"}",   // duplicate member
            "{\"signedPayload\":\"\(signed)\"} x",                                  // text after the object
            "{\"SignedPayload\":\"\(signed)\"}",
        ]
        for body in bodies {
            let d = try await Self.deliver(body)
            #expect(d.status == 400, "\(body.prefix(40)): \(d.body)")
            #expect(d.body == "refused: malformedBody", "\(body.prefix(40))")
            #expect(d.handled.isEmpty && d.ocspRequests.isEmpty)
        }
        // A signedPayload that is not a compact JWS is refused as such.
        let notJWS = try await Self.deliver("{\"signedPayload\":\"abc.def\"}")
        Self.expectRefused(notJWS, 400, .invalidJWTFormat)
        // An unknown extra member is ignored (a field Apple may add).
        let extra = try await Self.deliver("{\"later\":true,\"signedPayload\":\"\(signed)\"}")
        #expect(extra.status == 200 && extra.handled.count == 1)
    }

    @Test func bodyOverTheLimitGives413WithoutAnyFetch() async throws {
        let signed = try NotificationFixtures.subscribedSignedPayload()
        // 40,000 bytes, over Vapor's default body limit (16 KiB), well under the receiver's: read and handled.
        let padded = "{\"pad\":\"" + String(repeating: "x", count: 40_000 - signed.utf8.count - 29) +
            "\",\"signedPayload\":\"\(signed)\"}"
        #expect(padded.utf8.count == 40_000)
        let atLimit = try await Self.deliver(padded, maximumBodyBytes: 40_000)
        #expect(atLimit.status == 200 && atLimit.handled.count == 1, "\(atLimit.body)")
        // One byte more (a space after the object, still valid JSON) is refused as too large, before verification.
        let over = try await Self.deliver(padded + " ", maximumBodyBytes: 40_000)
        #expect(over.status == 413, "\(over.body)")
        #expect(over.body == "refused: bodyTooLarge")
        #expect(over.handled.isEmpty && over.ocspRequests.isEmpty)
        // The default limit: the verifier's limit on signed data (1 MiB) plus 1 KiB.
        let limit = AppStoreNotificationReceiver.defaultMaximumBodyBytes
        #expect(limit == (1 << 20) + 1024)
        let huge = try await Self.deliver(String(repeating: " ", count: limit - padded.utf8.count + 1) + padded)
        #expect(huge.status == 413 && huge.body == "refused: bodyTooLarge" && huge.ocspRequests.isEmpty, "\(huge.body)")
    }

    /// The route stops reading at its limit: a `Content-Length` over it is answered 413 before the body arrives,
    /// and a chunked body that passes the limit is answered 413 although it never ends (a route that read the whole
    /// body first would wait for it until the deadline below).
    @Test func oversizedBodyIsRefusedWithoutWaitingForItsEnd() async throws {
        try await withServers { servers in
            let (verifier, _) = try NotificationFixtures.verifier(responderPort: 1, fetchTimeout: 1)
            let receiver = AppStoreNotificationReceiver(verifier: verifier, maximumBodyBytes: 40_000) { _ in }
            let port = try await servers.start { app in receiver.addRoute(to: app) }
            let head = "POST /appstore/notifications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            let announced = try await Self.rawHTTP(port: port, head + "Content-Length: 100000000\r\n\r\n{\"signedPayload\":\"")
            #expect(announced.hasPrefix("HTTP/1.1 413"), "\(announced.prefix(80))")
            #expect(announced.hasSuffix("refused: bodyTooLarge"))
            let chunk = String(repeating: " ", count: 40_001)
            let chunked = try await Self.rawHTTP(port: port, head + "Transfer-Encoding: chunked\r\n\r\n" +
                                                 String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n")
            #expect(chunked.hasPrefix("HTTP/1.1 413"), "\(chunked.prefix(80))")
            #expect(chunked.hasSuffix("refused: bodyTooLarge"))
        }
    }

    /// Writes `text` to 127.0.0.1:`port` and reads until one whole answer (head and `Content-Length` body) is in;
    /// throws if that takes more than 10 s. The connection is left open for writing: the body is not finished.
    static func rawHTTP(port: Int, _ text: String) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: text))
            return try await withThrowingTaskGroup(of: String.self) { group in
                group.addTask {
                    var answer = ""
                    for try await part in inbound {
                        answer += String(buffer: part)
                        guard let end = answer.range(of: "\r\n\r\n") else { continue }
                        let length = answer[..<end.lowerBound].split(separator: "\r\n")
                            .first { $0.lowercased().hasPrefix("content-length:") }
                            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                        if answer.utf8.count - answer[..<end.upperBound].utf8.count >= length { return answer }
                    }
                    return answer
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: 10_000_000_000)
                    throw RawHTTPTimeout()
                }
                defer { group.cancelAll() }
                return try await group.next() ?? ""
            }
        }
    }

    struct RawHTTPTimeout: Error {}

    @Test func notificationForAnotherBundleIsRefused() async throws {
        let d = try await Self.deliver(try NotificationFixtures.text("subscribed-other-bundle.json"))
        Self.expectRefused(d, 403, .invalidAppIdentifier)
    }

    @Test func tamperedSignatureIsRefused() async throws {
        let altered = tamperedCopies(of: try NotificationFixtures.subscribedSignedPayload())
        let d = try await Self.deliver("{\"signedPayload\":\"\(altered.signature)\"}")
        Self.expectRefused(d, 403, .verificationFailure)
    }

    /// The README's snippet ("App Store Server Notifications"), as written there.
    @Test func readmeNotificationSnippetBuilds() async throws {
        let app = try await Application.make(.testing)
        let ocsp = OCSPHTTPFetcher()
        let verifier = try SignedDataVerifier(bundleID: "com.example.app", appAppleID: 1234567890, environment: .production,
                                              enableOnlineChecks: true, ocspFetcher: ocsp.ocspFetcher)
        let notifications = AppStoreNotificationReceiver(verifier: verifier) { verified in
            // Your code: record verified.notification, verified.transaction, verified.renewalInfo. Make it idempotent
            // (Apple may send a notification again: notificationUUID); throw to have Apple send it later.
            _ = verified.notification.notificationUUID
        }
        notifications.addRoute(to: app)   // POST /appstore/notifications
        #expect(app.routes.all.map { "\($0.method.rawValue) \($0.path.string)" } == ["POST appstore/notifications"])
        try await app.asyncShutdown()
    }
}
