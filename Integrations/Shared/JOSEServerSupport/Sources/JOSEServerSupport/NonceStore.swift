import JOSE
import Synchronization

/// Server-issued, once-only nonces for Sign in with Apple (and any OpenID Connect sign-in).
///
/// A nonce protects a sign-in only when the server made it: ``issue(session:)`` draws 32 random bytes, keeps them
/// with an expiry and the client session they were issued to, and ``consume(_:session:)`` accepts them exactly
/// once, before they expire, from that same session. A nonce the client invented, one copied out of a captured
/// token (already used), an expired one or one issued to another session is refused.
///
/// Memory is bounded: expired nonces are dropped as new ones are issued, and at most ``capacity`` unexpired ones are
/// kept (a further ``issue(session:)`` throws `tooManyNonces` rather than evicting a nonce a real client holds).
/// Safe to share across tasks; ``consume(_:session:)`` is atomic, so of two sign-ins racing for one nonce exactly
/// one wins.
public final class NonceStore: Sendable {
    /// A nonce handed to a client.
    public struct Issued: Sendable, Equatable {
        /// The nonce (43 base64url characters). The app passes it, or its SHA-256 in hex, to Apple's request.
        public let value: String
        /// Seconds it stays valid.
        public let lifetime: Double
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

    /// Seconds a nonce stays valid (default 5 minutes: a sign-in sheet, not a session).
    public let lifetime: Double
    /// Most unexpired nonces kept at once.
    public let capacity: Int
    private let state = Mutex(State())
    private let now: @Sendable () -> Double

    /// - Parameter now: a monotonic clock in seconds, injectable for tests.
    public init(lifetime: Double = 300, capacity: Int = 100_000, now: (@Sendable () -> Double)? = nil) throws(IntegrationError) {
        guard lifetime.isFinite, lifetime > 0, lifetime <= 86_400 else {
            throw .make(.configuration, "a nonce lifetime is more than 0 and at most 86400 seconds")
        }
        guard capacity > 0 else { throw .make(.configuration, "a nonce store holds at least one nonce") }
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now ?? { monotonicTimeSeconds() }
    }

    /// A new random client-session identifier (32 random bytes, base64url), e.g. for a cookie.
    public static func newSessionID() -> String { randomToken() }

    /// Issues a nonce to the client session `session` (an identifier the client cannot choose for someone else,
    /// e.g. a random value in an HttpOnly cookie from ``newSessionID()``).
    public func issue(session: String) throws(IntegrationError) -> Issued {
        guard !session.isEmpty else { throw .make(.configuration, "a nonce is issued to a client session") }
        let value = Self.randomToken()
        let t = now()
        let full: Bool = state.withLock { s in
            Self.dropExpired(&s, at: t)
            guard s.entries.count < capacity else { return true }
            s.entries[value] = Entry(session: Array(session.utf8), expiresAt: t + lifetime)
            s.order.append((value, t + lifetime))
            s.issued += 1
            return false
        }
        if full { throw .make(.tooManyNonces, "\(capacity) unexpired nonces are outstanding") }
        return Issued(value: value, lifetime: lifetime)
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
        return state.withLock { s in
            Self.dropExpired(&s, at: t)
            return s.entries.count
        }
    }

    /// Nonces issued and consumed so far (for monitoring and tests).
    public var counts: (issued: Int, consumed: Int) { state.withLock { ($0.issued, $0.consumed) } }

    private static func dropExpired(_ s: inout State, at t: Double) {
        while s.head < s.order.count, s.order[s.head].1 <= t {
            let (v, exp) = s.order[s.head]
            if let e = s.entries[v], e.expiresAt == exp { s.entries[v] = nil }
            s.head += 1
        }
        if s.head > 1024, s.head * 2 > s.order.count {
            s.order.removeFirst(s.head)
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
