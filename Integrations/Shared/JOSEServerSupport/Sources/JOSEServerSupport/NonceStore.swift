import JOSE
import SHA2
import Synchronization

/// Where a server keeps the nonces it issues for Sign in with Apple (and any OpenID Connect sign-in), so that a
/// server with several instances can keep them in shared storage (a database, Redis) under the same rules as the
/// in-memory default, ``NonceStore``. ``SignInWithApple`` takes any conforming store.
///
/// A conforming store must:
/// - ``issue(session:)``: draw a fresh random value (32 bytes from the system's generator, as
///   ``NonceStore/newSessionID()`` draws), keep it with its expiry and the client session it was issued to, and refuse to issue
///   (`tooManyNonces`) rather than evict a live nonce when full;
/// - ``consume(_:session:)``: atomically (one compare-and-delete across every instance) answer
///   ``NonceStore/Outcome/consumed`` at most once per issued nonce, only to the session it was issued to and only
///   before it expires; an expired nonce is deleted and answered ``NonceStore/Outcome/expired``; a nonce presented
///   from another session is kept for its own session and answered ``NonceStore/Outcome/otherSession``.
public protocol SignInNonceStore: Sendable {
    /// Issues a new nonce bound to the client session `session`.
    func issue(session: String) async throws(IntegrationError) -> NonceStore.Issued
    /// Uses `nonce` for a sign-in from `session`: ``NonceStore/Outcome/consumed`` exactly once per issued nonce.
    func consume(_ nonce: String, session: String) async -> NonceStore.Outcome
}

/// Server-issued, once-only nonces for Sign in with Apple (and any OpenID Connect sign-in), in the memory of one
/// process: the default ``SignInNonceStore``.
///
/// A nonce protects a sign-in only when the server made it: ``issue(session:)`` draws 32 random bytes, keeps them
/// with an expiry and the client session they were issued to, and ``consume(_:session:)`` accepts them exactly
/// once, before they expire, from that same session. A nonce the client invented, one copied out of a captured
/// token (a hash, never an issued value), an expired one or one issued to another session is refused.
///
/// Memory is bounded: expired nonces are dropped as new ones are issued, and at most ``capacity`` unexpired ones are
/// kept (a further ``issue(session:)`` throws `tooManyNonces` rather than evicting a nonce a real client holds).
/// Safe to share across tasks; ``consume(_:session:)`` is atomic, so of two sign-ins racing for one nonce exactly
/// one wins.
public final class NonceStore: SignInNonceStore {
    /// A nonce handed to a client.
    public struct Issued: Sendable, Equatable {
        /// The nonce (43 base64url characters). The app gives Apple's request its SHA-256 in lowercase hex
        /// (``appleNonceClaim``) and sends the nonce itself back with the sign-in.
        public let value: String
        /// Seconds it stays valid.
        public let lifetime: Double
        /// The time on the store's clock (for ``NonceStore``, the monotonic clock unless one is injected) from which
        /// it is refused.
        public let expiresAt: Double

        public init(value: String, lifetime: Double, expiresAt: Double) {
            self.value = value
            self.lifetime = lifetime
            self.expiresAt = expiresAt
        }

        /// What the identity token's `nonce` claim must hold: ``NonceStore/appleNonceClaim(for:)`` of ``value``.
        public var appleNonceClaim: String { NonceStore.appleNonceClaim(for: value) }
    }

    /// What ``consume(_:session:)`` found.
    public enum Outcome: Sendable, Equatable {
        /// Issued to this session, unexpired and unused: now used.
        case consumed
        /// Never issued here, or already used.
        case unknown
        /// Issued, but its lifetime has passed (it is now gone).
        case expired
        /// Issued to another client session (kept for that session).
        case otherSession
    }

    private struct Entry { var session: [UInt8]; var expiresAt: Double }
    private struct State {
        var entries: [String: Entry] = [:]
        /// Issue order (= expiry order, the lifetime being fixed), for dropping expired nonces from the front.
        var order: [(String, Double)] = []
        var head = 0
        var issued = 0
        var consumed = 0
    }

    /// The longest nonce lifetime accepted: an hour (a nonce is for one sign-in, started now).
    public static let maximumLifetime: Double = 3600
    /// The largest capacity accepted.
    public static let maximumCapacity = 1_000_000

    /// Seconds a nonce stays valid (default 5 minutes: a sign-in sheet, not a session).
    public let lifetime: Double
    /// Most unexpired nonces kept at once.
    public let capacity: Int
    private let state = Mutex(State())
    private let now: @Sendable () -> Double

    /// - Parameters:
    ///   - lifetime: seconds a nonce is valid, more than 0 and at most ``maximumLifetime`` (default 5 minutes).
    ///   - capacity: most unexpired nonces kept, 1 to ``maximumCapacity`` (default 10,000).
    ///   - now: a monotonic clock in seconds (default: the system's monotonic clock), injectable for tests.
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

    /// A new random client-session identifier (32 random bytes, base64url), e.g. for a cookie.
    public static func newSessionID() -> String { randomToken() }

    /// Whether `text` has the shape of ``newSessionID()`` and of a nonce (43 base64url characters): what a session
    /// identifier sent by a client must look like before any store sees it.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F
        }
    }

    /// The value Apple returns in the identity token's `nonce` claim when the app gave Apple the SHA-256 of the raw
    /// nonce (Apple's documented practice, and the only form ``SignInWithApple`` accepts): lowercase hex of SHA-256
    /// over its UTF-8 bytes. A captured token therefore never shows an issued nonce.
    public static func appleNonceClaim(for rawNonce: String) -> String {
        SHA256.hash(data: Array(rawNonce.utf8)).description
    }

    /// Issues a nonce to the client session `session` (an identifier the client cannot choose for someone else,
    /// e.g. a random value in an HttpOnly cookie from ``newSessionID()``).
    public func issue(session: String) throws(IntegrationError) -> Issued {
        guard !session.isEmpty else { throw .make(.configuration, "a nonce is issued to a client session") }
        var value = Self.randomToken()
        let t = now()
        let capacity = self.capacity
        let full: Bool = state.withLock { s in
            Self.dropExpired(&s, at: t, capacity: capacity)
            guard s.entries.count < capacity else { return true }
            while s.entries[value] != nil { value = Self.randomToken() }
            s.entries[value] = Entry(session: Array(session.utf8), expiresAt: t + lifetime)
            s.order.append((value, t + lifetime))
            s.issued += 1
            return false
        }
        if full { throw .make(.tooManyNonces, "\(capacity) unexpired nonces are outstanding; try again later") }
        return Issued(value: value, lifetime: lifetime, expiresAt: t + lifetime)
    }

    /// Uses `nonce` for a sign-in from `session`: ``Outcome/consumed`` exactly once per issued nonce.
    public func consume(_ nonce: String, session: String) -> Outcome {
        let t = now()
        let presented = Array(session.utf8)
        return state.withLock { s in
            guard let e = s.entries[nonce] else { return .unknown }
            guard t < e.expiresAt else {
                s.entries[nonce] = nil
                return .expired
            }
            guard Self.equalInConstantTime(e.session, presented) else { return .otherSession }
            s.entries[nonce] = nil
            s.consumed += 1
            return .consumed
        }
    }

    /// Unexpired, unused nonces held now.
    public var outstanding: Int {
        let t = now()
        let capacity = self.capacity
        return state.withLock { s in
            Self.dropExpired(&s, at: t, capacity: capacity)
            return s.entries.count
        }
    }

    /// Nonces issued and consumed so far (for monitoring and tests).
    public var counts: (issued: Int, consumed: Int) { state.withLock { ($0.issued, $0.consumed) } }

    private static func dropExpired(_ s: inout State, at t: Double, capacity: Int) {
        while s.head < s.order.count, s.order[s.head].1 <= t {
            let (v, exp) = s.order[s.head]
            if let e = s.entries[v], e.expiresAt == exp { s.entries[v] = nil }
            s.head += 1
        }
        if s.head > 1024, s.head * 2 > s.order.count {
            s.order.removeFirst(s.head)
            s.head = 0
        }
        // Consumed nonces leave holes in `order` until they would have expired: past twice the capacity, keep only
        // the live ones, so the bookkeeping stays bounded by the capacity however fast nonces are used.
        if s.order.count - s.head > 2 * capacity + 1024 {
            let live = s.entries
            s.order = s.order[s.head...].filter { live[$0.0]?.expiresAt == $0.1 }
            s.head = 0
        }
    }

    static func randomToken() -> String {
        var rng = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: 32)
        for i in bytes.indices { bytes[i] = rng.next() }
        return Base64URL.encode(bytes)
    }

    /// Compares two byte strings without a branch on their contents (the lengths are not secret).
    static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in a.indices { diff |= a[i] ^ b[i] }
        return diff == 0
    }
}
