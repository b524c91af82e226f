// Hosted only (Swift concurrency): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
/// Caches a provider's JWK Set (e.g. `https://appleid.apple.com/auth/keys`) around a fetch function you supply;
/// PureJOSE does no networking.
///
/// - The first use fetches. A token naming a `kid` the cached set lacks triggers a refetch — at most once per
///   `minimumRefreshInterval`, so a flood of tokens with made-up `kid`s costs at most one fetch per interval. The
///   token's header is checked in full first (size, form, `alg` never `none` and in the allow-list, `crit`), so a
///   token that could never verify never causes a fetch.
/// - Concurrent callers that need a fetch share one in-flight fetch.
/// - A fetch that has not answered after `fetchTimeout` seconds (default 10) is abandoned (its task cancelled):
///   its waiters carry on with the last good set, or get ``JWTError/Code/fetchFailed`` when there is none.
/// - A failed or timed-out fetch, a fetched document that is not a valid JWK Set, one with no usable key (every
///   entry skipped, or `"keys": []` — an error page, a half-deployed rotation), or one holding `oct` secrets
///   (unless `allowSymmetricKeys`) keeps the last good set. After consecutive failures the retry interval doubles
///   (`minimumRefreshInterval` × 2ⁿ after n failures, at most `maximumRetryInterval`); a success resets it.
/// - With `maximumAge`, a set older than that is refreshed on the next use (failures again keep the old one).
/// - Intervals are measured on a monotonic clock (``monotonicTimeSeconds()``), so setting the wall clock back or
///   forward neither blocks nor hastens a refetch.
///
/// Signature checks run outside the actor, so verifications proceed in parallel.
public actor JWKSCache {
    public typealias Fetch = @Sendable () async throws -> [UInt8]

    private let fetch: Fetch
    /// Smallest time between two fetches, in seconds.
    public let minimumRefreshInterval: Double
    /// Age after which the set is refreshed on next use, in seconds (`nil`: only on unknown `kid`).
    public let maximumAge: Double?
    /// Seconds a fetch may take before its waiters stop waiting for it.
    public let fetchTimeout: Double
    /// The cap of the doubling retry interval after consecutive failures, in seconds.
    public let maximumRetryInterval: Double
    /// Whether fetched sets may hold `oct` (shared secret) keys. Default `false`: a key-set endpoint that serves a
    /// secret has published it, and anyone could then mint tokens that verify.
    public let allowSymmetricKeys: Bool
    private let keyOptions: JWK.Options
    private let now: @Sendable () -> Double

    private var current: JWKSet?
    private var fetchedAt: Double?
    private var lastAttempt: Double?
    private var consecutiveFailures = 0

    // The fetch in flight: its number, the callers waiting for it, its task and its timer.
    private var attempts = 0
    private var inFlight: Int?
    private var waiters: [CheckedContinuation<Result<JWKSet, JWTError>, Never>] = []
    private var fetchTask: Task<Void, Never>?
    private var timer: Task<Void, Never>?

    /// Number of fetches started so far.
    public private(set) var fetchCount = 0
    /// Number of fetches abandoned because they did not answer within `fetchTimeout`.
    public private(set) var timeoutCount = 0
    /// The error of the most recent failed fetch (cleared by a successful one).
    public private(set) var lastError: JWTError?

    /// - Parameters:
    ///   - minimumRefreshInterval: smallest time between two fetches, in seconds.
    ///   - maximumAge: age after which the set is refreshed on next use, in seconds (`nil`: only on unknown `kid`).
    ///   - fetchTimeout: seconds a fetch may take before its waiters stop waiting for it.
    ///   - maximumRetryInterval: the cap of the doubling retry interval after consecutive failures, in seconds.
    ///   - allowSymmetricKeys: whether fetched sets may hold `oct` (shared secret) keys.
    ///   - keyOptions: how each fetched key is loaded (e.g. the smallest RSA modulus accepted).
    ///   - now: seconds on a monotonic clock (any origin), for intervals; defaults to ``monotonicTimeSeconds()``.
    ///     Tests inject a manual clock.
    ///   - fetch: returns the JWK Set document's bytes; PureJOSE does no networking itself.
    public init(minimumRefreshInterval: Double = 60, maximumAge: Double? = nil, fetchTimeout: Double = 10,
                maximumRetryInterval: Double = 900, allowSymmetricKeys: Bool = false,
                keyOptions: JWK.Options = .default, now: (@Sendable () -> Double)? = nil, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.minimumRefreshInterval = minimumRefreshInterval
        self.maximumAge = maximumAge
        self.fetchTimeout = fetchTimeout
        self.maximumRetryInterval = max(maximumRetryInterval, minimumRefreshInterval)
        self.allowSymmetricKeys = allowSymmetricKeys
        self.keyOptions = keyOptions
        self.now = now ?? { monotonicTimeSeconds() }
    }

    /// The time that must pass after the last fetch before the next: the minimum interval, doubled for each
    /// consecutive failure, capped at `maximumRetryInterval`.
    public var retryInterval: Double {
        let factor = Double(1 << min(consecutiveFailures, 40))
        return min(minimumRefreshInterval * factor, maximumRetryInterval)
    }

    private func mayFetch(at t: Double) -> Bool {
        guard let last = lastAttempt else { return true }
        return t - last >= retryInterval
    }

    /// The cached set, fetching it first if there is none (or it is older than `maximumAge`).
    public func keySet() async throws -> JWKSet {
        try await keySet(forKeyID: nil)
    }

    /// The set to use for a token naming `kid`: refetched (subject to the retry interval) when it lacks `kid`.
    public func keySet(forKeyID kid: String?) async throws -> JWKSet {
        let t = now()
        if let set = current {
            let missing = kid.map { set.key(id: $0) == nil } ?? false
            var stale = false
            if let maxAge = maximumAge, let at = fetchedAt { stale = t - at >= maxAge }
            // A fetch already under way may bring the missing key: wait for it (at most until its timeout).
            if missing, inFlight != nil { return (try? await joinOrStart()) ?? current ?? set }
            if (missing || stale) && mayFetch(at: t) {
                // A failed refresh keeps the set we have.
                if let fresh = try? await joinOrStart() { return fresh }
                return current ?? set
            }
            return set
        }
        if inFlight == nil, !mayFetch(at: t), let e = lastError {
            throw JWTError.make(.fetchFailed, "no key set yet; the last fetch failed (\(e.reason)); next try after \(retryInterval) s")
        }
        return try await joinOrStart()
    }

    /// Fetches now (or joins the fetch in flight), regardless of the interval. On failure the old set is kept
    /// and the error is thrown as ``JWTError/Code/fetchFailed``.
    @discardableResult
    public func refresh() async throws -> JWKSet {
        try await joinOrStart()
    }

    private func joinOrStart() async throws -> JWKSet {
        if inFlight == nil { start() }
        let result = await withCheckedContinuation { waiters.append($0) }
        return try result.get()
    }

    private func start() {
        attempts += 1
        let id = attempts
        inFlight = id
        fetchCount += 1
        lastAttempt = now()
        let fetch = self.fetch, options = keyOptions, symmetric = allowSymmetricKeys
        fetchTask = Task.detached { [weak self] in
            let result = await JWKSCache.load(fetch, options: options, allowSymmetricKeys: symmetric)
            await self?.finish(id, result, timedOut: false)
        }
        let seconds = fetchTimeout
        timer = Task.detached { [weak self] in
            do { try await Task.sleep(nanoseconds: JWKSCache.nanoseconds(seconds)) } catch { return }
            await self?.finish(id, .failure(.make(.fetchFailed, "the fetch did not answer within \(seconds) s")), timedOut: true)
        }
    }

    /// `seconds` as a sleep in nanoseconds: negative and NaN are 0, anything past 10^10 s (317 years, infinity
    /// included) is 10^10 s. `UInt64(seconds * 1e9)` trapped for a timeout of 1.9e10 s or more, or an infinite one,
    /// in a detached task, which took the process down.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }                  // NaN compares false
        return UInt64(min(seconds, 1e10) * 1e9)
    }

    /// Ends attempt `id` (the first of its result and its timeout wins; the other is ignored).
    private func finish(_ id: Int, _ result: Result<JWKSet, JWTError>, timedOut: Bool) {
        guard inFlight == id else { return }
        inFlight = nil
        if timedOut {
            fetchTask?.cancel()
            timeoutCount += 1
        } else {
            timer?.cancel()
        }
        fetchTask = nil
        timer = nil
        switch result {
        case .success(let set):
            current = set
            fetchedAt = now()
            lastError = nil
            consecutiveFailures = 0
        case .failure(let e):
            lastError = e
            consecutiveFailures += 1
        }
        let waiting = waiters
        waiters = []
        for w in waiting { w.resume(returning: result) }
    }

    /// Fetches and parses, turning every failure into `fetchFailed`.
    private static func load(_ fetch: Fetch, options: JWK.Options, allowSymmetricKeys: Bool) async -> Result<JWKSet, JWTError> {
        let bytes: [UInt8]
        do { bytes = try await fetch() } catch {
            return .failure(.make(.fetchFailed, "fetch failed: \(quoted(String(describing: error), max: 120))"))
        }
        let set: JWKSet
        do { set = try JWKSet(json: bytes, options: options) } catch let e {
            return .failure(.make(.fetchFailed, "fetched key set rejected: \(e.code): \(e.reason)"))
        }
        if !allowSymmetricKeys, set.keys.contains(where: { $0.keyType == .oct })
            || set.skipped.contains(where: { $0.keyType.map { sameBytes($0, "oct") } ?? false }) {
            return .failure(.make(.fetchFailed, "fetched key set holds oct (shared secret) keys; a key-set endpoint must publish public keys only (allowSymmetricKeys opts in)"))
        }
        // A set without one usable key cannot verify anything: never let it replace a good one.
        guard set.count > 0 else {
            return .failure(.make(.fetchFailed, "fetched key set has no usable key (\(set.skipped.count) entries skipped)"))
        }
        return .success(set)
    }

    /// Verifies a JWT with the cached keys, refetching once (per interval) when its `kid` is unknown. The header
    /// is checked in full (form, `alg`, allow-list, `crit`) before the cache is consulted.
    public nonisolated func verify(_ token: String, algorithms: Set<JWSAlgorithm>,
                                   expecting: ClaimExpectations = ClaimExpectations(),
                                   options: JWTVerifier.Options = .default) async throws -> VerifiedJWT {
        let kid = try Self.keyID(of: token, algorithms: algorithms, options: options)
        let set = try await keySet(forKeyID: kid)
        return try JWTVerifier(keys: set, algorithms: algorithms, options: options).verify(token, expecting: expecting)
    }

    /// The header `kid` of a token (nil if absent), after every header check the verifier makes.
    static func keyID(of token: String, algorithms: Set<JWSAlgorithm>, options: JWTVerifier.Options) throws -> String? {
        var t = token
        return try t.withUTF8 { buf in
            try JWTVerifier.checkHeader(buf, algorithms: algorithms, options: options).1.keyID
        }
    }
}
#endif  // !hasFeature(Embedded)
