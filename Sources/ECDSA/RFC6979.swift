// Nonce generation for ECDSA signing: the HMAC-DRBG of RFC 6979 §3.2, deterministic (§3.2 exactly) or
// hedged (§3.6: fresh random bytes k' appended to the seed material of steps d and f, as Go and BoringSSL
// do). The HMAC runs over the secret key and only its lengths steer branches; candidates are handed to the
// curve, which checks their range in constant time and declassifies only the in-range bit.

import ConstantTime
import SHA2

/// How `signature(for:nonce:)` chooses the per-signature secret k.
public struct ECDSANonce: Sendable, Equatable, Hashable, CustomStringConvertible {
    private enum Backing: String, Sendable, Hashable { case hedged, deterministic }
    private let backing: Backing
    private init(_ b: Backing) { backing = b }

    /// RFC 6979's HMAC-DRBG seeded with the key, the digest and fresh random bytes (RFC 6979 §3.6): a
    /// broken random generator cannot leak the key, and a fault cannot repeat a nonce. The default.
    public static let hedged = ECDSANonce(.hedged)
    /// RFC 6979 §3.2 exactly: the same key and digest always give the same signature.
    public static let deterministic = ECDSANonce(.deterministic)

    public var description: String { backing.rawValue }
    var isDeterministic: Bool { backing == .deterministic }
}

/// The HMAC_DRBG of RFC 6979 §3.2 steps b–h, over HMAC-`H`. The prepared HMAC key is kept between the
/// steps that do not change K (e, g, h.2), so each new K costs its two key blocks once.
struct RFC6979Generator<H: HashFunction> {
    private var key: HMAC<H>.Key
    private var v: [UInt8]

    /// Steps b–g: `x` is int2octets(d), `h` is bits2octets(H(m)), `extra` the k' of §3.6 (empty when
    /// deterministic).
    /// `zeroKey`, if given, is K = 0x00 0x00 … already prepared (the curves keep one for their own hash).
    init(x: [UInt8], h: [UInt8], extra: [UInt8], zeroKey: HMAC<H>.Key? = nil) {
        v = [UInt8](repeating: 1, count: H.byteCount)                                    // b. V = 0x01 0x01 …
        key = zeroKey ?? Self.zeroKey()                                                  // c. K = 0x00 0x00 …
        key = Self.rekey(key, v, 0, x, h, extra)    // d. K = HMAC_K(V ‖ 0x00 ‖ int2octets(x) ‖ bits2octets(h1) [‖ k'])
        v = Self.mac(key, v)                        // e. V = HMAC_K(V)
        key = Self.rekey(key, v, 1, x, h, extra)    // f. K = HMAC_K(V ‖ 0x01 ‖ int2octets(x) ‖ bits2octets(h1) [‖ k'])
        v = Self.mac(key, v)                        // g. V = HMAC_K(V)
    }

    /// Step h.1–h.2: T = V₁ ‖ V₂ ‖ …, at least `byteCount` bytes, each Vᵢ = HMAC_K(Vᵢ₋₁).
    mutating func nextCandidate(byteCount: Int) -> [UInt8] {
        var t: [UInt8] = []
        t.reserveCapacity(byteCount + H.byteCount)
        while t.count < byteCount {
            v = Self.mac(key, v)
            t += v
        }
        return t
    }

    /// Step h.3 after a rejected candidate: K = HMAC_K(V ‖ 0x00), V = HMAC_K(V).
    mutating func reject() {
        key = Self.rekey(key, v, 0, [], [], [])
        v = Self.mac(key, v)
    }

    /// Overwrites V (best effort; the prepared key's hash states go with the generator).
    mutating func wipe() {
        CT.wipe(&v)
    }

    /// K = 0x00 0x00 … (hlen bytes), prepared.
    static func zeroKey() -> HMAC<H>.Key {
        HMAC<H>.Key(keyBytes: [UInt8](repeating: 0, count: H.byteCount))
    }

    private static func mac(_ key: HMAC<H>.Key, _ v: [UInt8]) -> [UInt8] {
        var m = HMAC<H>(key: key)
        m.update(data: v)
        return m.finalize().bytes
    }

    /// HMAC_K(V ‖ byte ‖ x ‖ h ‖ extra), prepared as the next key.
    private static func rekey(
        _ key: HMAC<H>.Key, _ v: [UInt8], _ byte: UInt8, _ x: [UInt8], _ h: [UInt8], _ extra: [UInt8]
    ) -> HMAC<H>.Key {
        var m = HMAC<H>(key: key)
        m.update(data: v)
        m.update(data: [byte])
        m.update(data: x)
        m.update(data: h)
        m.update(data: extra)
        var k = m.finalize().bytes
        defer { CT.wipe(&k) }
        return HMAC<H>.Key(keyBytes: k)
    }
}
