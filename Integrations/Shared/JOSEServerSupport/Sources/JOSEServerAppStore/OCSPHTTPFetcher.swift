import AppStore
import AsyncHTTPClient
import JOSEServerSupport
import NIOCore
import NIOHTTP1

/// Fetches OCSP answers (RFC 6960 appendix A.1) over HTTP with AsyncHTTPClient, for
/// `SignedDataVerifier(…, enableOnlineChecks: true, ocspFetcher: fetcher.ocspFetcher)`.
///
/// - One `POST` of the DER request to the responder URL the certificate's authorityInfoAccess names, with
///   `Content-Type: application/ocsp-request`; the answer must be status 200 and at most `maximumResponseBytes`.
/// - `http` is allowed as well as `https`: OCSP answers are signed, and the verifier checks the signature, the
///   responder's authority, the CertID and the freshness of every answer. Other schemes are refused.
/// - The whole exchange (connection, head and body) has one deadline, `timeout`.
/// - Every failure throws; the verifier turns it into `retryableVerificationFailure`, never a pass.
public struct OCSPHTTPFetcher: Sendable {
    public struct Configuration: Sendable {
        /// Seconds the whole exchange may take.
        public var timeout: Double = 10
        /// Largest answer accepted, in bytes (an OCSP answer with a responder certificate is a few kilobytes).
        public var maximumResponseBytes: Int = 64 * 1024

        public init() {}
    }

    public let configuration: Configuration
    private let client: HTTPClient

    /// - Parameters:
    ///   - httpClient: the client to use (its lifetime is the caller's); `HTTPClient.shared` by default.
    public init(httpClient: HTTPClient = .shared, configuration: Configuration = Configuration()) {
        client = httpClient
        self.configuration = configuration
    }

    /// The closure `SignedDataVerifier` takes as its `ocspFetcher`.
    public var ocspFetcher: SignedDataVerifier.OCSPFetcher {
        let fetcher = self
        return { request, url in try await fetcher.fetch(request, responderURL: url) }
    }

    /// POSTs `request` (a DER `OCSPRequest`) to `responderURL` and returns the DER body of the answer.
    public func fetch(_ request: [UInt8], responderURL: String) async throws -> [UInt8] {
        try Self.checkURL(responderURL)
        let seconds = configuration.timeout.isFinite ? min(max(configuration.timeout, 0.001), 3600) : 10
        let limit = max(configuration.maximumResponseBytes, 0)
        let client = self.client
        return try await withThrowingTaskGroup(of: [UInt8].self) { group in
            group.addTask { try await Self.post(request, to: responderURL, client: client, seconds: seconds, limit: limit) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                throw IntegrationError.make(.timeout, "the OCSP responder did not answer within \(seconds) s")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else {
                throw IntegrationError.make(.invalidResponse, "no OCSP answer")
            }
            return first
        }
    }

    /// Accepts `http://` and `https://` URLs only (case-insensitive scheme).
    public static func checkURL(_ url: String) throws(IntegrationError) {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw .make(.invalidURL, "an OCSP responder URL must be http or https")
        }
    }

    static func post(_ body: [UInt8], to url: String, client: HTTPClient, seconds: Double, limit: Int) async throws -> [UInt8] {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/ocsp-request")
        request.headers.add(name: "Accept", value: "application/ocsp-response")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .nanoseconds(Int64(seconds * 1e9)))
        guard response.status == .ok else {
            throw IntegrationError.make(.httpStatus, "the OCSP responder answered \(response.status.code)")
        }
        if let length = response.headers.first(name: "Content-Length").flatMap({ Int($0) }), length > limit {
            throw IntegrationError.make(.bodyTooLarge, "an OCSP answer of \(length) bytes is over the \(limit)-byte limit")
        }
        let buffer: ByteBuffer
        do { buffer = try await response.body.collect(upTo: limit) } catch is NIOTooManyBytesError {
            throw IntegrationError.make(.bodyTooLarge, "the OCSP answer is over the \(limit)-byte limit")
        }
        return Array(buffer.readableBytesView)
    }
}
