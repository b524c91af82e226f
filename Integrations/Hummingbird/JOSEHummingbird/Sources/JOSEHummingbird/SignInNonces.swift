import JOSE
import SHA2

/// Server-issued sign-in nonces, framework-neutral (no HTTP types): a nonce is worth something only when the
/// server issued it, to one session, for a short time, and accepts it once.
///
/// The flow for Sign in with Apple: the app asks the server for a nonce (the server binds it to the app's session,
/// e.g. a cookie it sets), gives Apple the SHA-256 hex of it (``SignInNonces/appleNonceClaim(for:)``; Apple puts that
/// in the identity token's `nonce` claim), and sends the raw nonce back with the identity token. The server consumes
/// the nonce for that session — once — and requires the token's claim to be its hash. A captured identity token is
/// then useless: its claim is a hash whose nonce was consumed by its own sign-in and was never issued to the
/// attacker's session; a nonce copied out of a token is a hash, which the server never issued.
///
/// ``InMemoryNonceStore`` is the default for one process; a server with several instances implements this protocol
/// over shared storage with the same rules (an atomic consume).
public protocol SignInNonceStore: Sendable {
    /// A new random nonce bound to `session`, valid until its `expiresAt`.
    func issue(session: String) async throws(IntegrationError) -> IssuedNonce
    /// Consumes `nonce` for `session`: ``NonceCheck/accepted`` exactly once for a nonce this store issued to that
    /// session that has not expired; every later or concurrent presentation of it gets another answer.
    func consume(_ nonce: String, session: String) async -> NonceCheck
}

/// A nonce as the store issued it.
public struct IssuedNonce: Sendable, Equatable {
    public init(value: String, expiresAt: Double, lifetime: Double) {
        self.value = value
        self.expiresAt = expiresAt
        self.lifetime = lifetime
    }

    /// The raw nonce (43 base64url characters: 32 bytes from the system's random generator), for the client.
    public var value: String
    /// The time on the store's clock (for ``InMemoryNonceStore``, the monotonic clock unless one is injected) from
    /// which it is refused.
    public var expiresAt: Double
    /// Seconds from issue to `expiresAt`.
    public var lifetime: Double
    /// What the identity token's `nonce` claim must hold: ``SignInNonces/appleNonceClaim(for:)`` of `value`.
    public var appleNonceClaim: String { SignInNonces.appleNonceClaim(for: value) }
}

/// Why a presented nonce was or was not accepted.
public enum NonceCheck: String, Sendable, Equatable {
    /// Issued to this session, not expired, not presented before: now consumed.
    case accepted
    /// Never issued, already consumed, or dropped.
    case unknown
    /// Issued, but its time is over (it is dropped now).
    case expired
    /// Issued to another session (kept for that session).
    case otherSession
}

/// Helpers shared by every store and framework adapter.
public enum SignInNonces {
    /// 32 bytes from the system's random generator (`SystemRandomNumberGenerator`: `getrandom`/`arc4random`), as
    /// 43 base64url characters. Used for nonces and session identifiers.
    public static func randomValue() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: 32)
        for i in 0..<4 {
            let word = generator.next()
            for j in 0..<8 { bytes[i * 8 + j] = UInt8(truncatingIfNeeded: word >> (8 * j)) }
        }
        return Base64URL.encode(bytes)
    }

    /// The value Apple returns in the identity token's `nonce` claim when the app gave Apple the SHA-256 of the raw
    /// nonce (Apple's and Firebase's documented practice): lowercase hex of SHA-256 over its UTF-8 bytes.
    public static func appleNonceClaim(for rawNonce: String) -> String {
        SHA256.hash(data: Array(rawNonce.utf8)).description
    }

    /// Whether `text` has the shape of ``randomValue()`` (43 base64url characters): what a session identifier
    /// from a client must look like before any store sees it.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F
        }
    }
}

/// The nonces of one process, in memory: each issued with a fixed `lifetime`, at most `capacity` outstanding (the
/// expired ones are dropped first; past that, issuing is refused rather than dropping a live nonce), consumed at
/// most once. An actor: concurrent sign-ins presenting one nonce get exactly one ``NonceCheck/accepted``.
public actor InMemoryNonceStore: SignInNonceStore {
    /// Seconds a nonce stays valid.
    public nonisolated let lifetime: Double
    /// Most nonces outstanding at once.
    public nonisolated let capacity: Int
    private let now: @Sendable () -> Double
    private var entries: [String: (session: String, expiresAt: Double)] = [:]
    /// Nonces in issue order (so also in expiry order for a clock that does not go back), for dropping expired ones.
    private var order: [String] = []
    private var orderStart = 0

    /// The largest `lifetime` accepted: an hour (a nonce is for one sign-in, started now).
    public static let maximumLifetime: Double = 3600
    /// The largest `capacity` accepted.
    public static let maximumCapacity = 1_000_000

    /// - Parameters:
    ///   - lifetime: seconds a nonce is valid, more than 0 and at most ``maximumLifetime`` (default 5 minutes).
    ///   - capacity: most nonces outstanding, 1 to ``maximumCapacity`` (default 10,000).
    ///   - now: the clock, in seconds (default: the system's monotonic clock, which never steps); tests inject one.
    public init(lifetime: Double = 300, capacity: Int = 10_000, now: (@Sendable () -> Double)? = nil) throws(IntegrationError) {
        guard lifetime.isFinite, lifetime > 0, lifetime <= Self.maximumLifetime else {
            throw .make(.configuration, "a nonce lifetime is more than 0 and at most \(Int(Self.maximumLifetime)) seconds")
        }
        guard capacity >= 1, capacity <= Self.maximumCapacity else {
            throw .make(.configuration, "a nonce store holds 1 to \(Self.maximumCapacity) nonces")
        }
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now ?? { monotonicTimeSeconds() }
    }

    /// Nonces issued and neither consumed nor dropped.
    public var outstanding: Int { entries.count }

    public func issue(session: String) throws(IntegrationError) -> IssuedNonce {
        let t = now()
        dropExpired(at: t)
        guard entries.count < capacity else {
            throw .make(.nonceRefused, "\(capacity) nonces are outstanding; try again later")
        }
        var value = SignInNonces.randomValue()
        while entries[value] != nil { value = SignInNonces.randomValue() }
        let expiresAt = t + lifetime
        entries[value] = (session, expiresAt)
        order.append(value)
        return IssuedNonce(value: value, expiresAt: expiresAt, lifetime: lifetime)
    }

    public func consume(_ nonce: String, session: String) -> NonceCheck {
        guard let entry = entries[nonce] else { return .unknown }
        guard now() < entry.expiresAt else {
            entries[nonce] = nil
            return .expired
        }
        guard Array(entry.session.utf8) == Array(session.utf8) else { return .otherSession }
        entries[nonce] = nil
        return .accepted
    }

    private func dropExpired(at t: Double) {
        while orderStart < order.count {
            let nonce = order[orderStart]
            if let entry = entries[nonce] {
                guard entry.expiresAt <= t else { break }
                entries[nonce] = nil
            }
            orderStart += 1
        }
        // Keep `order` near the number of live nonces: consumed ones leave holes that are compacted away.
        if orderStart > 1024 && orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
        if order.count - orderStart > 2 * capacity + 1024 {
            order = order[orderStart...].filter { entries[$0] != nil }
            orderStart = 0
        }
    }
}
