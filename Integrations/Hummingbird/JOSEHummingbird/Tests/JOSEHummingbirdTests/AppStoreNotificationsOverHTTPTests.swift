import AppStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import JOSEHummingbird
import NIOCore
import PureX509
import Synchronization
import Testing

/// The fixtures of Vectors/ocsp/notifications (Scripts/generate-ocsp-responses.py notifications, Python
/// `cryptography`): a test chain in Apple's shape whose certificates name OCSP responders at
/// `http://ocsp.example.test/{intermediate,root}`, notifications signed by its leaf, and OCSP answers.
enum NotificationFixtures {
    static let folder: URL = {
        var u = URL(fileURLWithPath: #filePath)
        for _ in 0..<6 { u.deleteLastPathComponent() }   // …/Tests/JOSEHummingbirdTests/<file> → repository root
        return u.appendingPathComponent("Vectors/ocsp/notifications")
    }()
    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }
    static func text(_ name: String) throws -> String { String(decoding: try data(name), as: UTF8.self) }

    struct Manifest: Decodable {
        struct File: Decodable { var file: String; var kind: String; var expect: String? }
        var checkTime: Int64
        var bundleId: String
        var appAppleId: Int64
        var leafURL: String
        var intermediateURL: String
        var files: [File]
    }
    static func manifest() throws -> Manifest { try JSONDecoder().decode(Manifest.self, from: try data("MANIFEST.json")) }
    static let testHost = "http://ocsp.example.test"
}

/// A fake OCSP responder on 127.0.0.1: `POST /intermediate` (answers about the leaf) and `POST /root` (about the
/// intermediate), each answering a DER file, stalling, or failing, as the test sets; it records what it was sent.
final class FakeOCSPResponder: Sendable {
    enum Answer: Sendable { case file(String), stall(Double), status(Int), bytes(Int) }
    struct State: Sendable {
        var answers: [String: Answer]
        var requests: [(path: String, contentType: String?, body: [UInt8])] = []
    }
    let state: Mutex<State>
    init(leaf: Answer = .file("leaf-good.der"), intermediate: Answer = .file("intermediate-good.der")) {
        state = Mutex(State(answers: ["/intermediate": leaf, "/root": intermediate]))
    }
    var requests: [(path: String, contentType: String?, body: [UInt8])] { state.withLock { $0.requests } }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        for path in ["/intermediate", "/root"] {
            router.post(RouterPath(path)) { request, _ -> Response in
                var request = request
                let body = try await request.collectBody(upTo: 65536)
                let answer = self.state.withLock { s in
                    s.requests.append((path, request.headers[.contentType], Array(body.readableBytesView)))
                    return s.answers[path]!
                }
                switch answer {
                case .file(let name):
                    return Response(status: .ok, headers: [.contentType: "application/ocsp-response"],
                                    body: .init(byteBuffer: ByteBuffer(bytes: try NotificationFixtures.data(name))))
                case .stall(let seconds):
                    try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                    return Response(status: .ok)
                case .status(let code):
                    return Response(status: .init(code: code))
                case .bytes(let count):
                    return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: 0x30, count: count)))
                }
            }
        }
        return router
    }
}

@Suite(.timeLimit(.minutes(1)))
struct AppStoreNotificationsOverHTTPTests {
    /// What one POST of a notification gave: the HTTP answer, the notifications the handler saw, the responder's log.
    struct Delivery {
        var status: Int
        var body: String
        var handled: [SignedDataVerifier.VerifiedNotification]
        var ocspRequests: [(path: String, contentType: String?, body: [UInt8])]
        var seconds: Double
    }

    /// Starts the fake responder (unless `responderPort` is given) and the route, POSTs `body`, and reports.
    /// The fetcher is `OCSPHTTPFetcher` over real HTTP; only the host of the certificates' responder URL
    /// (ocsp.example.test) is pointed at 127.0.0.1.
    static func deliver(_ body: String, responder: FakeOCSPResponder = FakeOCSPResponder(), responderPort: Int? = nil,
                        fetchTimeout: Double = 5, handlerThrows: Bool = false) async throws -> Delivery {
        let manifest = try NotificationFixtures.manifest()
        let root = try Certificate(pemEncoded: try NotificationFixtures.text("root.pem"))
        let handled = Mutex<[SignedDataVerifier.VerifiedNotification]>([])
        return try await withServers { group in
            let port: Int
            if let responderPort { port = responderPort } else { port = try await serve(responder.router(), in: &group) }
            var config = OCSPHTTPFetcher.Configuration()
            config.timeout = fetchTimeout
            let fetcher = OCSPHTTPFetcher(configuration: config)
            let verifier = try SignedDataVerifier(
                rootCertificates: [root], bundleID: manifest.bundleId, appAppleID: manifest.appAppleId,
                environment: .production, enableOnlineChecks: true,
                ocspFetcher: { request, url in
                    #expect(url.hasPrefix(NotificationFixtures.testHost + "/"), "\(url)")
                    let local = "http://127.0.0.1:\(port)" + url.dropFirst(NotificationFixtures.testHost.count)
                    return try await fetcher.fetch(request, responderURL: local)
                },
                clock: { manifest.checkTime })
            struct HandlerFailure: Error {}
            let receiver = AppStoreNotificationReceiver(verifier: verifier) { n in
                handled.withLock { $0.append(n) }
                if handlerThrows { throw HandlerFailure() }
            }
            let router = Router()
            receiver.addRoute(to: router)
            let s = try await serve(router, in: &group)
            let start = Date()
            let r = try await postJSON("http://127.0.0.1:\(s)/appstore/notifications", body)
            return Delivery(status: r.status, body: r.body, handled: handled.withLock { $0 },
                            ocspRequests: responder.requests, seconds: Date().timeIntervalSince(start))
        }
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
