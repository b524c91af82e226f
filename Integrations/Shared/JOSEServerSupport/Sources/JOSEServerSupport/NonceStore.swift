import ConstantTime
import JOSE
import SHA2
import Synchronization

/// Where a server keeps the nonces it issues for Sign in with Apple (and any OpenID Connect sign-in), so that a
/// server with several instances can keep them in shared storage (a database, Redis) under the same rules as the
/// in-memory default, ``NonceStore``. ``SignInWithApple`` takes any conforming store.
///
/// ``SignInWithApple`` verifies the identity token (Apple's signature, and a `nonce` claim that is the nonce's
/// SHA-256 hex) before it calls ``consume(_:session:)`` — after ``CheckingSignInNonceStore/check(_:session:)`` when
/// the store has one (cheap, stores nothing) — so a nonce is recorded as used only by a client that holds an identity
/// token Apple issued for it.
///
/// A conforming store must:
/// - ``issue(session:)``: hand out a value nobody else can make (32 random bytes kept with the session and an
///   expiry, or — as ``NonceStore`` does — a value authenticated with a server key that carries its own expiry and
///   session binding and costs no storage), bound to the client session and expiring; issuing must not be a way to
///   fill the store (an unauthenticated client can ask for any number of nonces);
/// - ``consume(_:session:)``: atomically (one compare-and-set across every instance) answer
///   ``NonceStore/Outcome/consumed`` at most once per issued nonce, only to the session it was issued to and only
///   before it expires (``NonceStore/Outcome/expired``, ``NonceStore/Outcome/otherSession``,
///   ``NonceStore/Outcome/unknown`` for one never issued or already used, ``NonceStore/Outcome/storeFull`` when the
///   record of used nonces is full: refused rather than forgotten).
public protocol SignInNonceStore: Sendable {
    /// Issues a new nonce bound to the client session `session`.
    func issue(session: String) async throws(IntegrationError) -> NonceStore.Issued
    /// Uses `nonce` for a sign-in from `session`: ``NonceStore/Outcome/consumed`` exactly once per issued nonce.
    func consume(_ nonce: String, session: String) async -> NonceStore.Outcome
}

/// A ``SignInNonceStore`` that can also tell, cheaply and without using it, whether a nonce would be accepted now:
/// ``SignInWithApple`` then refuses a bad nonce before it verifies the identity token.
public protocol CheckingSignInNonceStore: SignInNonceStore {
    /// Whether `nonce` may be consumed by `session` now, without using it: ``NonceStore/Outcome/valid`` or the
    /// refusal ``SignInNonceStore/consume(_:session:)`` would answer.
    func check(_ nonce: String, session: String) async -> NonceStore.Outcome
}

/// Server-issued, once-only nonces for Sign in with Apple (and any OpenID Connect sign-in), in the memory of one
/// process: the default ``SignInNonceStore``.
///
/// A nonce costs the server nothing until it is used. ``issue(session:)`` returns 16 random bytes, the nonce's
/// expiry, a 16-byte binding to the client session (HMAC-SHA256 of the random bytes and the session under the
/// store's key, truncated) and an HMAC-SHA256 tag over all three (under the same key, 32 random bytes drawn when the
/// store is made and never shown), 72 bytes in base64url (96 characters); nothing is stored. ``consume(_:session:)``
/// recomputes the tag and compares it in constant time (`CT.equals`), then the expiry, then the session binding, and
/// records the nonce as used until it expires: a nonce the client invented or altered, one from another store or
/// process, an expired one, one issued to another session or one already used is refused.
///
/// Memory is bounded by used nonces only: at most ``capacity`` are remembered (each until its expiry); when that many
/// unexpired nonces have been used, a further sign-in is refused (``Outcome/storeFull``) rather than one forgotten.
/// Asking for nonces — which anyone can do without a credential — never fills anything, and ``SignInWithApple``
/// consumes a nonce only after the identity token that carries its hash has been verified, so filling the record
/// takes one real Sign in with Apple per entry. Safe to share across tasks; ``consume(_:session:)`` is atomic, so of
/// sign-ins racing for one nonce exactly one wins.
///
/// The key lives in this process only: nonces issued before a restart, or by another instance, are refused (a
/// server with several instances behind one name gives its own ``SignInNonceStore`` over shared storage, whose record
/// of used nonces is shared too).
public final class NonceStore: CheckingSignInNonceStore {
    /// A nonce handed to a client.
    public struct Issued: Sendable, Equatable {
        /// The nonce (base64url: 96 characters from ``NonceStore``). The app gives Apple's request its SHA-256 in
        /// lowercase hex (``appleNonceClaim``) and sends the nonce itself back with the sign-in.
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

    /// What ``check(_:session:)`` or ``consume(_:session:)`` found.
    public enum Outcome: Sendable, Equatable {
        /// Issued to this session, unexpired and unused: now used.
        case consumed
        /// Never issued here (made up, altered, from another store or process), or already used.
        case unknown
        /// Issued, but its lifetime has passed.
        case expired
        /// Issued to another client session (still usable by that session).
        case otherSession
        /// ``check(_:session:)``'s answer for a nonce that ``consume(_:session:)`` would accept now (not used by the
        /// check).
        case valid
        /// ``capacity`` unexpired nonces have been used: this one is refused rather than one of them forgotten.
        case storeFull
    }

    /// What a used nonce is remembered by: its 16 random bytes.
    private struct UsedID: Hashable { var high: UInt64; var low: UInt64 }
    private struct State {
        var used: [UsedID: Double] = [:]
        /// Use order, with each nonce's expiry, for dropping expired ones from the front.
        var order: [(UsedID, Double)] = []
        var head = 0
        var consumed = 0
    }

    /// The longest nonce lifetime accepted: an hour (a nonce is for one sign-in, started now).
    public static let maximumLifetime: Double = 3600
    /// The largest capacity accepted.
    public static let maximumCapacity = 1_000_000
    /// Bytes in a nonce: 16 random, 8 expiry, 16 session binding, 32 tag.
    static let nonceBytes = 72
    /// Characters in a nonce (base64url of ``nonceBytes`` bytes, no padding).
    public static let nonceLength = 96

    /// Seconds a nonce stays valid (default 5 minutes: a sign-in sheet, not a session).
    public let lifetime: Double
    /// Most used, unexpired nonces remembered at once (issued nonces are not stored).
    public let capacity: Int
    private let state = Mutex(State())
    private let issuedCount = Atomic<Int>(0)
    private let key: HMAC<SHA256>.Key
    private let now: @Sendable () -> Double

    /// - Parameters:
    ///   - lifetime: seconds a nonce is valid, more than 0 and at most ``maximumLifetime`` (default 5 minutes).
    ///   - capacity: most used, unexpired nonces remembered, 1 to ``maximumCapacity`` (default 10,000: 33 sign-ins a
    ///     second sustained over a 5-minute lifetime). Issued nonces take no room.
    ///   - now: a monotonic clock in seconds (default: the system's monotonic clock), injectable for tests.
    public init(lifetime: Double = 300, capacity: Int = 10_000, now: (@Sendable () -> Double)? = nil) throws(IntegrationError) {
        guard lifetime.isFinite, lifetime > 0, lifetime <= Self.maximumLifetime else {
            throw .make(.configuration, "a nonce lifetime is more than 0 and at most \(Int(Self.maximumLifetime)) seconds")
        }
        guard capacity >= 1, capacity <= Self.maximumCapacity else {
            throw .make(.configuration, "a nonce store remembers 1 to \(Self.maximumCapacity) used nonces")
        }
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now ?? { monotonicTimeSeconds() }
        var secret = Self.randomBytes(32)
        key = HMAC<SHA256>.Key(keyBytes: secret)
        for i in secret.indices { secret[i] = 0 }
    }

    /// A new random client-session identifier (32 random bytes, base64url), e.g. for a cookie.
    public static func newSessionID() -> String { randomToken() }

    /// Whether `text` has the shape of ``newSessionID()`` (43 base64url characters): what a session identifier sent
    /// by a client must look like before any store sees it. (A ``NonceStore`` nonce has ``nonceLength`` characters.)
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
    /// e.g. a random value in an HttpOnly cookie from ``newSessionID()``). Stores nothing: never refused for room.
    public func issue(session: String) throws(IntegrationError) -> Issued {
        guard !session.isEmpty else { throw .make(.configuration, "a nonce is issued to a client session") }
        let expiresAt = now() + lifetime
        var bytes = Self.randomBytes(16)
        let e = expiresAt.bitPattern
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: e >> UInt64(shift))) }
        bytes += binding(random: bytes[0..<16], session: session)
        bytes += tag(bytes[0..<40])
        _ = issuedCount.wrappingAdd(1, ordering: .relaxed)
        return Issued(value: Base64URL.encode(bytes), lifetime: lifetime, expiresAt: expiresAt)
    }

    /// Whether `nonce` may be consumed by `session` now (``Outcome/valid``), else the refusal; uses nothing.
    public func check(_ nonce: String, session: String) -> Outcome {
        let t = now()
        switch authenticate(nonce, session: session, at: t) {
        case .refused(let outcome): return outcome
        case .authentic(let id, _):
            return state.withLock { s in Self.unused(s, id) ? Outcome.valid : Outcome.unknown }
        }
    }

    /// Uses `nonce` for a sign-in from `session`: ``Outcome/consumed`` exactly once per issued nonce.
    public func consume(_ nonce: String, session: String) -> Outcome {
        let t = now()
        let (id, expiresAt): (UsedID, Double)
        switch authenticate(nonce, session: session, at: t) {
        case .refused(let outcome): return outcome
        case .authentic(let i, let e): (id, expiresAt) = (i, e)
        }
        let capacity = self.capacity
        return state.withLock { s in
            Self.dropExpired(&s, at: t, capacity: capacity)
            guard Self.unused(s, id) else { return .unknown }
            guard s.used.count < capacity else { return .storeFull }
            s.used[id] = expiresAt
            s.order.append((id, expiresAt))
            s.consumed += 1
            return .consumed
        }
    }

    /// Used nonces remembered now (each until it expires).
    public var remembered: Int {
        let t = now()
        let capacity = self.capacity
        return state.withLock { s in
            Self.dropExpired(&s, at: t, capacity: capacity)
            return s.used.count
        }
    }

    /// Issued nonces are no longer stored (they carry their own expiry and session binding): always 0. See
    /// ``remembered`` for the used ones.
    @available(*, deprecated, message: "issued nonces are not stored; see remembered (used nonces held until they expire)")
    public var outstanding: Int { 0 }

    /// Nonces issued and consumed so far (for monitoring and tests).
    public var counts: (issued: Int, consumed: Int) {
        (issuedCount.load(ordering: .relaxed), state.withLock { $0.consumed })
    }

    private enum Authentication {
        case authentic(UsedID, expiresAt: Double)
        case refused(Outcome)
    }

    /// The nonce's tag (constant-time comparison), expiry and session binding, in that order; nothing stored.
    private func authenticate(_ nonce: String, session: String, at t: Double) -> Authentication {
        guard nonce.utf8.count == Self.nonceLength, let bytes = try? Base64URL.decode(nonce),
              bytes.count == Self.nonceBytes else { return .refused(.unknown) }
        let expected = tag(bytes[0..<40])
        let authentic = expected.withUnsafeBytes { e in bytes.withUnsafeBytes { b in
            CT.equals(e, UnsafeRawBufferPointer(rebasing: b[40..<72]))
        } }
        guard authentic else { return .refused(.unknown) }
        var e: UInt64 = 0
        for b in bytes[16..<24] { e = e << 8 | UInt64(b) }
        let expiresAt = Double(bitPattern: e)
        guard t < expiresAt else { return .refused(.expired) }
        let bound = binding(random: bytes[0..<16], session: session)
        let sameSession = bound.withUnsafeBytes { w in bytes.withUnsafeBytes { b in
            CT.equals(w, UnsafeRawBufferPointer(rebasing: b[24..<40]))
        } }
        guard sameSession else { return .refused(.otherSession) }
        var high: UInt64 = 0, low: UInt64 = 0
        for b in bytes[0..<8] { high = high << 8 | UInt64(b) }
        for b in bytes[8..<16] { low = low << 8 | UInt64(b) }
        return .authentic(UsedID(high: high, low: low), expiresAt: expiresAt)
    }

    /// HMAC-SHA256 under the store's key of 0x02 ‖ random ‖ expiry ‖ binding: the nonce's tag.
    private func tag(_ signed: ArraySlice<UInt8>) -> [UInt8] {
        var mac = HMAC<SHA256>(key: key)
        mac.update(data: CollectionOfOne(UInt8(0x02)))
        mac.update(data: signed)
        return Array(mac.finalize())
    }

    /// The first 16 bytes of HMAC-SHA256 under the store's key of 0x01 ‖ random ‖ session: what ties a nonce to the
    /// client session it was issued to.
    private func binding(random: ArraySlice<UInt8>, session: String) -> [UInt8] {
        var mac = HMAC<SHA256>(key: key)
        mac.update(data: CollectionOfOne(UInt8(0x01)))
        mac.update(data: random)
        mac.update(data: Array(session.utf8))
        return Array(Array(mac.finalize()).prefix(16))
    }

    /// Whether the nonce `id` has not been used (single use: ``check(_:session:)`` and ``consume(_:session:)``).
    private static func unused(_ s: State, _ id: UsedID) -> Bool { s.used[id] == nil }

    private static func dropExpired(_ s: inout State, at t: Double, capacity: Int) {
        // Use order is not expiry order (a nonce may be used at any time in its lifetime): a nonce behind one that
        // expires later waits for it, at most one lifetime after its own use, and is refused as expired meanwhile.
        while s.head < s.order.count, s.order[s.head].1 <= t {
            s.used[s.order[s.head].0] = nil
            s.head += 1
        }
        if s.head > 1024, s.head * 2 > s.order.count {
            s.order.removeFirst(s.head)
            s.head = 0
        }
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var rng = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: count)
        for i in bytes.indices { bytes[i] = rng.next() }
        return bytes
    }

    static func randomToken() -> String { Base64URL.encode(randomBytes(32)) }
}
