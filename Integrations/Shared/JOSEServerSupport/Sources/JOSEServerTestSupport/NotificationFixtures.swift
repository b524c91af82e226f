import AppStore
import Foundation
import JOSEServerAppStore
import JOSEServerSupport
import PureX509
import Synchronization

/// The fixtures of Vectors/ocsp/notifications (Scripts/generate-ocsp-responses.py notifications, Python
/// `cryptography`): a test chain in Apple's shape whose certificates name OCSP responders at
/// `http://ocsp.example.test/{intermediate,root}`, notifications signed by its leaf, and OCSP answers. Read by the
/// Hummingbird and the Vapor tests from the repository's Vectors folder, not copied.
public enum NotificationFixtures {
    public static let folder: URL = {
        var u = URL(fileURLWithPath: #filePath)
        // …/Integrations/Shared/JOSEServerSupport/Sources/JOSEServerTestSupport/<file> → repository root
        for _ in 0..<6 { u.deleteLastPathComponent() }
        return u.appendingPathComponent("Vectors/ocsp/notifications")
    }()
    public static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }
    public static func text(_ name: String) throws -> String { String(decoding: try data(name), as: UTF8.self) }

    public struct Manifest: Decodable, Sendable {
        public struct File: Decodable, Sendable { public var file: String; public var kind: String; public var expect: String? }
        public var checkTime: Int64
        public var bundleId: String
        public var appAppleId: Int64
        public var leafURL: String
        public var intermediateURL: String
        public var files: [File]
    }
    public static func manifest() throws -> Manifest { try JSONDecoder().decode(Manifest.self, from: try data("MANIFEST.json")) }

    /// The host of the responder URLs in the fixture certificates.
    public static let testHost = "http://ocsp.example.test"

    /// The body Apple would POST: `{"signedPayload": …}` of a SUBSCRIBED/INITIAL_BUY notification for com.example.
    public static func subscribed() throws -> String { try text("subscribed.json") }

    /// The `signedPayload` of `subscribed.json`.
    public static func subscribedSignedPayload() throws -> String {
        let object = try JSONDecoder().decode([String: String].self, from: Data(try subscribed().utf8))
        guard let signed = object["signedPayload"] else { throw FixtureError.noSignedPayload }
        return signed
    }

    enum FixtureError: Error { case noSignedPayload, misdirectedResponderURL }

    /// A verifier of notifications signed by the fixture chain (production, the manifest's bundle ID and app Apple
    /// ID, the manifest's check time as its clock) with online checks through ``JOSEServerAppStore/OCSPHTTPFetcher`` over real HTTP:
    /// only the host of the certificates' responder URLs (ocsp.example.test) is replaced by 127.0.0.1:`responderPort`.
    /// A responder URL on any other host is not fetched; it is recorded in the returned `misdirected` list (and the
    /// fetch throws, which the verifier reports as retryable), so a test can assert that list is empty.
    public static func verifier(responderPort: Int, fetchTimeout: Double)
        throws -> (verifier: SignedDataVerifier, misdirected: @Sendable () -> [String]) {
        let manifest = try manifest()
        let root = try Certificate(pemEncoded: try text("root.pem"))
        var config = OCSPHTTPFetcher.Configuration()
        config.timeout = fetchTimeout
        let fetcher = OCSPHTTPFetcher(configuration: config)
        let misdirected = URLLog()
        let verifier = try SignedDataVerifier(
            rootCertificates: [root], bundleID: manifest.bundleId, appAppleID: manifest.appAppleId,
            environment: .production, enableOnlineChecks: true,
            ocspFetcher: { request, url in
                guard url.hasPrefix(testHost + "/") else {
                    misdirected.append(url)
                    throw FixtureError.misdirectedResponderURL
                }
                let local = "http://127.0.0.1:\(responderPort)" + url.dropFirst(testHost.count)
                return try await fetcher.fetch(request, responderURL: local)
            },
            clock: { manifest.checkTime })
        return (verifier, { misdirected.urls })
    }

    final class URLLog: Sendable {
        private let list = Mutex<[String]>([])
        func append(_ url: String) { list.withLock { $0.append(url) } }
        var urls: [String] { list.withLock { $0 } }
    }
}
