import AsyncHTTPClient
import JOSE
import NIOCore
import NIOHTTP1
import Synchronization

/// A provider's JWK Set fetched over HTTPS with AsyncHTTPClient and cached by PureJOSE's ``JOSE/JWKSCache``.
///
/// - Only `https` URLs, unless `allowInsecureHTTPForTesting` (tests on 127.0.0.1).
/// - Each GET has a deadline (`fetchTimeout`) and a body limit (1 MiB by default); a larger body, a status other
///   than 200 or a body that is not a JWK Set with a usable key keeps the last good set (``JOSE/JWKSCache``).
/// - The response's `Cache-Control: max-age` says how long the set is fresh, clamped to
///   `minimumMaxAge...maximumMaxAge`; without one the set is fresh for `defaultMaxAge`. A stale set is refreshed
///   on the next verification (one refresh at a time; a failing endpoint is retried on the cache's doubling
///   interval, and the old keys keep working meanwhile).
/// - A token naming an unknown `kid` refetches at most once per `minimumRefreshInterval` (the cache's rule).
public final class RemoteJWKS: Sendable {
    public struct Configuration: Sendable {
        /// Seconds one GET may take, headers and body.
        public var fetchTimeout: Double = 10
        /// Largest body accepted, in bytes.
        public var maximumBodyBytes: Int = 1 << 20
        /// Accept `http://` URLs. For tests on the loopback interface only.
        public var allowInsecureHTTPForTesting = false
        /// Freshness when the response has no usable `Cache-Control: max-age`, in seconds.
        public var defaultMaxAge: Double = 3600
        /// Bounds applied to the server's `max-age` (and to `no-cache`/`no-store`, taken as the lower bound).
        public var minimumMaxAge: Double = 60
        public var maximumMaxAge: Double = 86_400
        /// Smallest time between two fetches (unknown `kid` or stale set), in seconds.
        public var minimumRefreshInterval: Double = 60
        /// Cap of the doubling retry interval while the endpoint fails, in seconds.
        public var maximumRetryInterval: Double = 900
        /// Whether the set may hold `oct` keys (never for a real provider; tests with HMAC keys only).
        public var allowSymmetricKeys = false

        public init() {}
    }

    /// The cache holding the keys (its counters — `fetchCount`, `timeoutCount`, `lastError` — are public).
    public let cache: JWKSCache
    public let url: String
    public let configuration: Configuration
    private let freshness: Freshness
    private let now: @Sendable () -> Double

    /// - Parameters:
    ///   - httpClient: the client to use (its lifetime is the caller's); `HTTPClient.shared` by default.
    ///   - now: a monotonic clock in seconds, injectable for tests.
    public init(url: String, httpClient: HTTPClient = .shared, configuration: Configuration = Configuration(),
                now: (@Sendable () -> Double)? = nil) throws(IntegrationError) {
        try RemoteJWKS.checkURL(url, allowHTTP: configuration.allowInsecureHTTPForTesting)
        self.url = url
        self.configuration = configuration
        let clock = now ?? { monotonicTimeSeconds() }
        self.now = clock
        let freshness = Freshness()
        self.freshness = freshness
        let config = configuration
        self.cache = JWKSCache(
            minimumRefreshInterval: config.minimumRefreshInterval,
            // The cache's own backstop; the server's shorter max-age is applied by `verify`.
            maximumAge: config.maximumMaxAge,
            fetchTimeout: config.fetchTimeout,
            maximumRetryInterval: config.maximumRetryInterval,
            allowSymmetricKeys: config.allowSymmetricKeys,
            now: clock
        ) {
            let (body, maxAge) = try await RemoteJWKS.get(url, client: httpClient, configuration: config)
            // Only a set the cache will accept moves the freshness forward: a junk answer leaves the set stale,
            // so the next try comes after the cache's retry interval, not after the junk's max-age.
            if let set = try? JWKSet(json: body), set.count > 0,
               config.allowSymmetricKeys || !set.keys.contains(where: { $0.keyType == .oct }) {
                let age = RemoteJWKS.clamp(maxAge ?? config.defaultMaxAge, config)
                freshness.setStale(at: clock() + age)
            }
            return body
        }
    }

    /// Verifies a JWT against the provider's keys: refreshes a stale set first (keeping the old one if that fails),
    /// refetches once on an unknown `kid`, then checks signature and claims.
    public func verify(_ token: String, algorithms: Set<JWSAlgorithm>,
                       expecting: ClaimExpectations = ClaimExpectations(),
                       options: JWTVerifier.Options = .default) async throws -> VerifiedJWT {
        let t = now()
        if freshness.claimRefresh(at: t) {
            _ = try? await cache.refresh()
            let retry = await cache.retryInterval
            freshness.refreshed(at: t, retryAfter: retry)
        }
        return try await cache.verify(token, algorithms: algorithms, expecting: expecting, options: options)
    }

    /// Seconds (on the monotonic clock) at which the current set goes stale, if one was fetched.
    public var staleAt: Double? { freshness.staleAt }

    // MARK: - HTTP

    /// Refuses a URL that is not `https` (plain `http` only with `allowHTTP`, for tests on 127.0.0.1).
    public static func checkURL(_ url: String, allowHTTP: Bool) throws(IntegrationError) {
        let lower = url.lowercased()
        if lower.hasPrefix("https://") { return }
        if lower.hasPrefix("http://") {
            if allowHTTP { return }
            throw .make(.insecureURL, "a JWK Set must come over https (allowInsecureHTTPForTesting is for tests)")
        }
        throw .make(.invalidURL, "not an https URL")
    }

    /// One GET: the body (at most `maximumBodyBytes`) and the `max-age` of the response, if any.
    static func get(_ url: String, client: HTTPClient, configuration: Configuration) async throws -> ([UInt8], Double?) {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json, application/jwk-set+json")
        let deadline = TimeAmount.nanoseconds(Int64(max(0.001, configuration.fetchTimeout) * 1e9))
        let response = try await client.execute(request, timeout: deadline)
        guard response.status == .ok else {
            throw IntegrationError.make(.httpStatus, "JWK Set endpoint answered \(response.status.code)")
        }
        let limit = configuration.maximumBodyBytes
        if let length = response.headers.first(name: "Content-Length").flatMap({ Int($0) }), length > limit {
            throw IntegrationError.make(.bodyTooLarge, "JWK Set of \(length) bytes is over the \(limit)-byte limit")
        }
        let buffer: ByteBuffer
        do { buffer = try await response.body.collect(upTo: limit) } catch is NIOTooManyBytesError {
            throw IntegrationError.make(.bodyTooLarge, "JWK Set body is over the \(limit)-byte limit")
        }
        return (Array(buffer.readableBytesView), maxAge(response.headers[canonicalForm: "Cache-Control"].map(String.init)))
    }

    /// The `max-age` of a `Cache-Control` header (all its field lines): seconds, or 0 for `no-cache`/`no-store`,
    /// or nil when absent or malformed.
    public static func maxAge(_ directives: [String]) -> Double? {
        var result: Double?
        for d in directives.flatMap({ $0.split(separator: ",").map(String.init) }) {
            let name = d.split(separator: "=", maxSplits: 1).first.map { $0.trimmingSpaces().lowercased() } ?? ""
            if name == "no-cache" || name == "no-store" { return 0 }
            if name == "max-age" {
                let parts = d.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                var v = parts[1].trimmingSpaces()
                if v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 { v = String(v.dropFirst().dropLast()) }
                guard !v.isEmpty, v.utf8.count <= 10, v.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(v) else { continue }
                result = Double(n)
            }
        }
        return result
    }

    /// `age` within the configuration's `minimumMaxAge…maximumMaxAge`.
    public static func clamp(_ age: Double, _ c: Configuration) -> Double {
        min(max(age, c.minimumMaxAge), max(c.maximumMaxAge, c.minimumMaxAge))
    }
}

/// When the set goes stale, and whether a refresh is already claimed.
final class Freshness: Sendable {
    private struct State { var staleAt: Double?; var notBefore: Double = -.infinity; var claimed = false }
    private let state = Mutex(State())

    func setStale(at t: Double) { state.withLock { $0.staleAt = t } }
    var staleAt: Double? { state.withLock { $0.staleAt } }

    /// True for exactly one caller once the set is stale and the retry interval has passed.
    func claimRefresh(at t: Double) -> Bool {
        state.withLock { s in
            guard let stale = s.staleAt, t >= stale, t >= s.notBefore, !s.claimed else { return false }
            s.claimed = true
            return true
        }
    }

    func refreshed(at t: Double, retryAfter: Double) {
        state.withLock { s in
            s.claimed = false
            // A success moved staleAt forward; a failure waits out the cache's retry interval.
            s.notBefore = t + retryAfter
        }
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
