import AppStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import JOSEHummingbirdAppStore
import JOSEServerTestSupport
import NIOCore
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1)))
struct AppStoreNotificationsOverHTTPTests {
    /// What one POST of a notification gave: the HTTP answer, the notifications the handler saw, the responder's log.
    struct Delivery {
        var status: Int
        var body: String
        var handled: [SignedDataVerifier.VerifiedNotification]
        var ocspRequests: [FakeOCSPResponder.Request]
        var seconds: Double
    }

    /// Starts the fake responder (JOSEServerTestSupport's, shared with the Vapor tests; unless `responderPort` is
    /// given) and the route, POSTs `body`, and reports. The fetcher is `OCSPHTTPFetcher` over real HTTP; only the
    /// host of the certificates' responder URL (ocsp.example.test) is pointed at 127.0.0.1.
    static func deliver(_ body: String, responder: FakeOCSPResponder = FakeOCSPResponder(), responderPort: Int? = nil,
                        fetchTimeout: Double = 5, handlerThrows: Bool = false,
                        maximumBodyBytes: Int = AppStoreNotificationReceiver.defaultMaximumBodyBytes,
                        sourceLocation: SourceLocation = #_sourceLocation) async throws -> Delivery {
        if let responderPort {
            return try await deliver(body, responder: responder, port: responderPort, fetchTimeout: fetchTimeout,
                                     handlerThrows: handlerThrows, maximumBodyBytes: maximumBodyBytes,
                                     sourceLocation: sourceLocation)
        }
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
        let d = try await withServers { group in
            let router = Router()
            receiver.addRoute(to: router)
            let s = try await serve(router, in: &group)
            let start = Date()
            let r = try await postJSON("http://127.0.0.1:\(s)/appstore/notifications", body)
            return Delivery(status: r.status, body: r.body, handled: handled.withLock { $0 },
                            ocspRequests: responder.requests, seconds: Date().timeIntervalSince(start))
        }
        #expect(misdirected().isEmpty, "responder URLs off the test host: \(misdirected())", sourceLocation: sourceLocation)
        return d
    }

    static func subscribed() throws -> String { try NotificationFixtures.text("subscribed.json") }

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
        let d = try await Self.deliver(try Self.subscribed())
        #expect(d.status == 200, "\(d.body)")
        #expect(d.body == "ok")
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
        let d = try await Self.deliver(try Self.subscribed(), responder: FakeOCSPResponder(leaf: .file("leaf-revoked.der")))
        Self.expectRefused(d, 403, .certificateRevoked)
    }

    @Test func unknownStatusIsRefused() async throws {
        let d = try await Self.deliver(try Self.subscribed(), responder: FakeOCSPResponder(leaf: .file("leaf-unknown.der")))
        Self.expectRefused(d, 403, .invalidChain)
    }

    @Test func staleAnswerIsRefusedAsRetryable() async throws {
        let d = try await Self.deliver(try Self.subscribed(), responder: FakeOCSPResponder(leaf: .file("leaf-stale.der")))
        Self.expectRefused(d, 503, .retryableVerificationFailure)
    }

    @Test func answerSignedByAnotherKeyIsRefusedAsRetryable() async throws {
        let d = try await Self.deliver(try Self.subscribed(), responder: FakeOCSPResponder(leaf: .file("leaf-wrong-signer.der")))
        Self.expectRefused(d, 503, .retryableVerificationFailure)
    }

    @Test func closedResponderPortIsRetryableNotAPass() async throws {
        // Nothing listens on port 1 of the loopback interface: the connection is refused.
        let d = try await Self.deliver(try Self.subscribed(), responderPort: 1)
        Self.expectRefused(d, 503, .retryableVerificationFailure)
    }

    @Test func responderStalledPastTheDeadlineIsRetryable() async throws {
        let d = try await Self.deliver(try Self.subscribed(), responder: FakeOCSPResponder(leaf: .stall(8)),
                                       fetchTimeout: 0.5)
        Self.expectRefused(d, 503, .retryableVerificationFailure)
        #expect(d.seconds < 5, "the fetch deadline was not kept: \(d.seconds) s")
    }

    @Test func responderErrorStatusAndOversizedAnswerAreRetryable() async throws {
        let failing = try await Self.deliver(try Self.subscribed(), responder: FakeOCSPResponder(leaf: .status(500)))
        Self.expectRefused(failing, 503, .retryableVerificationFailure)
        let huge = try await Self.deliver(try Self.subscribed(), responder: FakeOCSPResponder(leaf: .bytes(65 * 1024)))
        Self.expectRefused(huge, 503, .retryableVerificationFailure)
        // The intermediate is asked only after the leaf's answer was good.
        #expect(huge.ocspRequests.map(\.path) == ["/intermediate"])
    }

    @Test func handlerThatThrowsGives500SoAppleRetries() async throws {
        let d = try await Self.deliver(try Self.subscribed(), handlerThrows: true)
        #expect(d.status == 500)
        #expect(d.body == "failed: handlerFailed")
        #expect(d.handled.count == 1)
    }

    @Test func malformedBodiesGive400WithoutAnyFetch() async throws {
        let signed = try JSONDecoder().decode([String: String].self, from: Data(try Self.subscribed().utf8))["signedPayload"]!
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

    /// The route reads the body up to the receiver's limit: a body of exactly the limit is verified and handled, one
    /// byte more is answered 413 `bodyTooLarge` before any verification or OCSP fetch, and so is a body just over the
    /// default limit (the verifier's limit on signed data, 1 MiB, plus 1 KiB).
    @Test func bodyOverTheLimitGives413WithoutAnyFetch() async throws {
        let signed = try NotificationFixtures.subscribedSignedPayload()
        let padded = "{\"pad\":\"" + String(repeating: "x", count: 40_000 - signed.utf8.count - 29) +
            "\",\"signedPayload\":\"\(signed)\"}"
        #expect(padded.utf8.count == 40_000)
        let atLimit = try await Self.deliver(padded, maximumBodyBytes: 40_000)
        #expect(atLimit.status == 200 && atLimit.handled.count == 1, "\(atLimit.body)")
        // One byte more (a space after the object, still valid JSON) is refused as too large, before verification.
        let over = try await Self.deliver(padded + " ", maximumBodyBytes: 40_000)
        #expect(over.status == 413 && over.body == "refused: bodyTooLarge", "\(over.body)")
        #expect(over.handled.isEmpty && over.ocspRequests.isEmpty)
        let limit = AppStoreNotificationReceiver.defaultMaximumBodyBytes
        #expect(limit == (1 << 20) + 1024)
        let huge = try await Self.deliver(String(repeating: " ", count: limit - padded.utf8.count + 1) + padded)
        #expect(huge.status == 413 && huge.body == "refused: bodyTooLarge", "\(huge.body)")
        #expect(huge.handled.isEmpty && huge.ocspRequests.isEmpty)
    }

    @Test func notificationForAnotherBundleIsRefused() async throws {
        let d = try await Self.deliver(try NotificationFixtures.text("subscribed-other-bundle.json"))
        Self.expectRefused(d, 403, .invalidAppIdentifier)
    }

    @Test func tamperedSignatureIsRefused() async throws {
        var object = try JSONDecoder().decode([String: String].self, from: Data(try Self.subscribed().utf8))
        object["signedPayload"] = tamperedCopies(of: object["signedPayload"]!).signature
        let body = String(decoding: try JSONEncoder().encode(object), as: UTF8.self)
        let d = try await Self.deliver(body)
        Self.expectRefused(d, 403, .verificationFailure)
    }

    @Test func fetcherRefusesOtherSchemes() async throws {
        for url in ["ldap://ocsp.example.test/", "file:///etc/passwd", "ocsp.example.test"] {
            await #expect(throws: IntegrationError.self) {
                _ = try await OCSPHTTPFetcher().fetch([0x30, 0x00], responderURL: url)
            }
        }
    }

    /// The README's snippet ("App Store Server Notifications"), as written there.
    @Test func readmeNotificationSnippetBuilds() throws {
        let ocsp = OCSPHTTPFetcher()
        let verifier = try SignedDataVerifier(bundleID: "com.example.app", appAppleID: 1234567890, environment: .production,
                                              enableOnlineChecks: true, ocspFetcher: ocsp.ocspFetcher)
        let notifications = AppStoreNotificationReceiver(verifier: verifier) { verified in
            // Your code: record verified.notification, verified.transaction, verified.renewalInfo. Make it idempotent
            // (Apple may send a notification again: notificationUUID); throw to have Apple send it later.
            _ = verified.notification.notificationUUID
        }
        let router = Router()
        notifications.addRoute(to: router)   // POST /appstore/notifications
        _ = router.buildResponder()
        #expect(notifications.maximumBodyBytes == SignedDataVerifier.maximumSignedDataBytes + 1024)
        #expect(ocsp.configuration.timeout == 10 && ocsp.configuration.maximumResponseBytes == 65536)
    }
}
