// Nonce generation for ECDSA signing: the HMAC-DRBG of RFC 6979 §3.2, deterministic (§3.2 exactly) or
// hedged (§3.6: fresh random bytes k' appended to the seed material of steps d and f, as Go and BoringSSL
// do). The HMAC runs over the secret key and only its lengths steer branches; candidates are handed to the
// curve, which checks their range in constant time and declassifies only the in-range bit.

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

/// The HMAC_DRBG of RFC 6979 §3.2 steps b–h, over HMAC-`H`.
struct RFC6979Generator<H: HashFunction> {
    private var k: [UInt8]
    private var v: [UInt8]

    /// Steps b–g: `x` is int2octets(d), `h` is bits2octets(H(m)), `extra` the k' of §3.6 (empty when
    /// deterministic).
    init(x: [UInt8], h: [UInt8], extra: [UInt8]) {
        v = [UInt8](repeating: 1, count: H.byteCount)
        k = [UInt8](repeating: 0, count: H.byteCount)
        k = mac(k, v, [0], x, h, extra)     // d. K = HMAC_K(V ‖ 0x00 ‖ x ‖ h1 [‖ k'])
        v = mac(k, v)                       // e. V = HMAC_K(V)
        k = mac(k, v, [1], x, h, extra)     // f. K = HMAC_K(V ‖ 0x01 ‖ x ‖ h1 [‖ k'])
        v = mac(k, v)                       // g. V = HMAC_K(V)
    }

    /// Step h.1–h.2: T = V₁ ‖ V₂ ‖ …, at least `byteCount` bytes, each Vᵢ = HMAC_K(Vᵢ₋₁).
    mutating func nextCandidate(byteCount: Int) -> [UInt8] {
        var t: [UInt8] = []
        t.reserveCapacity(byteCount + H.byteCount)
        while t.count < byteCount {
            v = mac(k, v)
            t += v
        }
        return t
    }

    /// Step h.3 after a rejected candidate: K = HMAC_K(V ‖ 0x00), V = HMAC_K(V).
    mutating func reject() {
        k = mac(k, v, [0])
        v = mac(k, v)
    }

    /// Overwrites K and V (best effort; the arrays are not otherwise copied).
    mutating func wipe() {
        for i in k.indices { k[i] = 0 }
        for i in v.indices { v[i] = 0 }
    }

    private func mac(_ key: [UInt8], _ parts: [UInt8]...) -> [UInt8] {
        var m = HMAC<H>(key: HMAC<H>.Key(keyBytes: key))
        for p in parts { m.update(data: p) }
        return m.finalize().bytes
    }
}

/// Overwrites a byte array (best effort: arrays may have been copied before).
@inline(never)
func wipe(_ bytes: inout [UInt8]) {
    for i in bytes.indices { bytes[i] = 0 }
}
