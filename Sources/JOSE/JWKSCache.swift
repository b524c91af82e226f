/// Caches a provider's JWK Set (e.g. `https://appleid.apple.com/auth/keys`) around a fetch function you supply;
/// PureJOSE does no networking.
///
/// - The first use fetches. A token naming a `kid` the cached set lacks triggers a refetch — at most once per
///   `minimumRefreshInterval`, so a flood of tokens with made-up `kid`s costs at most one fetch per interval.
/// - Concurrent callers that need a fetch share one in-flight fetch.
/// - A failed fetch, a fetched document that is not a valid JWK Set, or one with no usable key (every entry
///   skipped, or `"keys": []` — e.g. an error page or a half-deployed rotation) keeps the last good set.
/// - With `maximumAge`, a set older than that is refreshed on the next use (failures again keep the old one).
///
/// Signature checks run outside the actor, so verifications proceed in parallel.
public actor JWKSCache {
    public typealias Fetch = @Sendable () async throws -> [UInt8]

    private let fetch: Fetch
    /// Smallest time between two fetches, in seconds.
    public let minimumRefreshInterval: Double
    /// Age after which the set is refreshed on next use, in seconds (`nil`: only on unknown `kid`).
    public let maximumAge: Double?
    private let keyOptions: JWK.Options
    private let now: @Sendable () -> Double

    private var current: JWKSet?
    private var fetchedAt: Double?
    private var lastAttempt: Double?
    private var inFlight: Task<JWKSet, any Error>?

    /// Number of fetches started so far.
    public private(set) var fetchCount = 0
    /// The error of the most recent failed fetch (cleared by a successful one).
    public private(set) var lastError: JWTError?

    public init(minimumRefreshInterval: Double = 60, maximumAge: Double? = nil, keyOptions: JWK.Options = .default,
                now: (@Sendable () -> Double)? = nil, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.minimumRefreshInterval = minimumRefreshInterval
        self.maximumAge = maximumAge
        self.keyOptions = keyOptions
        self.now = now ?? { systemTimeSeconds() }
    }

    /// The cached set, fetching it first if there is none (or it is older than `maximumAge`).
    public func keySet() async throws -> JWKSet {
        try await keySet(forKeyID: nil)
    }

    /// The set to use for a token naming `kid`: refetched (subject to the minimum interval) when it lacks `kid`.
    public func keySet(forKeyID kid: String?) async throws -> JWKSet {
        let t = now()
        if let set = current {
            let missing = kid.map { set.key(id: $0) == nil } ?? false
            var stale = false
            if let maxAge = maximumAge, let at = fetchedAt { stale = t - at >= maxAge }
            // A fetch already under way may bring the missing key: wait for it rather than fail now.
            if missing, let task = inFlight { return (try? await Self.wait(task)) ?? current ?? set }
            let mayFetch = lastAttempt.map { t - $0 >= minimumRefreshInterval } ?? true
            if (missing || stale) && mayFetch {
                // A failed refresh keeps the set we have.
                if let fresh = try? await refresh() { return fresh }
                return current ?? set
            }
            return set
        }
        if inFlight == nil, let last = lastAttempt, t - last < minimumRefreshInterval, let e = lastError {
            throw JWTError.make(.fetchFailed, "no key set yet; the last fetch failed (\(e.reason)); retry after the minimum interval")
        }
        return try await refresh()
    }

    /// Fetches now (or joins the fetch in flight), regardless of the interval. On failure the old set is kept
    /// and the error is thrown as ``JWTError/Code/fetchFailed``.
    @discardableResult
    public func refresh() async throws -> JWKSet {
        if let task = inFlight { return try await Self.wait(task) }
        let fetch = self.fetch, options = self.keyOptions
        let task = Task<JWKSet, any Error> {
            let bytes: [UInt8]
            do { bytes = try await fetch() } catch {
                throw JWTError.make(.fetchFailed, "fetch failed: \(error)")
            }
            let set = try JWKSet(json: bytes, options: options)
            // A set without one usable key cannot verify anything: never let it replace a good one.
            guard set.count > 0 else {
                throw JWTError.make(.fetchFailed, "fetched key set has no usable key (\(set.skipped.count) entries skipped)")
            }
            return set
        }
        inFlight = task
        fetchCount += 1
        lastAttempt = now()
        defer { inFlight = nil }
        do {
            let set = try await Self.wait(task)
            current = set
            fetchedAt = now()
            lastError = nil
            return set
        } catch let e as JWTError {
            lastError = e
            throw e
        }
    }

    private static func wait(_ task: Task<JWKSet, any Error>) async throws -> JWKSet {
        do { return try await task.value } catch let e as JWTError {
            throw e.code == .fetchFailed ? e : JWTError.make(.fetchFailed, "fetched key set rejected: \(e)")
        } catch {
            throw JWTError.make(.fetchFailed, "fetch failed: \(error)")
        }
    }

    /// Verifies a JWT with the cached keys, refetching once (per interval) when its `kid` is unknown.
    public nonisolated func verify(_ token: String, algorithms: Set<JWSAlgorithm>,
                                   expecting: ClaimExpectations = ClaimExpectations(),
                                   options: JWTVerifier.Options = .default) async throws -> VerifiedJWT {
        let kid = try Self.keyID(of: token, options: options)
        let set = try await keySet(forKeyID: kid)
        return try JWTVerifier(keys: set, algorithms: algorithms, options: options).verify(token, expecting: expecting)
    }

    /// The header `kid` of a token (nil if absent); the header is parsed with the verifier's strict rules.
    static func keyID(of token: String, options: JWTVerifier.Options) throws -> String? {
        var t = token
        return try t.withUTF8 { buf in
            let parts = try CompactParts.locate(buf, maxBytes: options.maxTokenBytes)
            return try parseHeader(buf.slice(parts.headerRange), limits: options.jsonLimits,
                                   allowPadding: options.allowPaddedBase64).keyID
        }
    }
}
