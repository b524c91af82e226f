// Constant-time helpers of the signing path. A mask is 0 or all ones; the optimizer is free to turn
// `(a & m) | (b & ~m)` back into a branch when it can see where `m` came from, so every mask that selects
// secret data passes through `ECDSAConstantTime.barrier`, which it cannot see through. Scripts/ct-check.sh
// proves the result under memcheck.

enum ECDSAConstantTime {
    /// The identity, opaque to the optimizer (never inlined, never optimized): what comes out cannot be
    /// reasoned about, so masks built from it stay masks.
    @inline(never) @_optimize(none)
    static func barrier(_ x: UInt64) -> UInt64 { x }

    /// All ones when a == b, else 0. No branches.
    @inline(__always)
    static func equalMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let d = a ^ b
        return barrier(((d | (0 &- d)) &>> 63) &- 1)
    }

    /// The masks of a == c and b == c (all ones or 0), both through one opaque call (half the calls of two
    /// `equalMask`s in the table scan of k·G).
    @inline(never) @_optimize(none)
    static func equalMasks(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> (UInt64, UInt64) {
        let d0 = a ^ c, d1 = b ^ c
        return (((d0 | (0 &- d0)) &>> 63) &- 1, ((d1 | (0 &- d1)) &>> 63) &- 1)
    }

    /// All ones when x ≠ 0, else 0.
    @inline(__always)
    static func nonZeroMask(_ x: UInt64) -> UInt64 {
        barrier(0 &- ((x | (0 &- x)) &>> 63))
    }

    /// The one place where the signing path turns a secret-derived bit into a public one: whether a
    /// candidate nonce or private key is in range (rejection sampling, FIPS 186-5 A.2.2 / RFC 6979 §3.2 h.3),
    /// and whether r or s came out 0 (FIPS 186-5 §6.4.1, retry). Each is a fact about a value that is then
    /// thrown away (or about the public r and s). The result is rebuilt bit by bit through branches so that
    /// it no longer depends on the secret for memcheck; those branches are listed in Scripts/ct-check.supp
    /// under this function's name, and nowhere else may the signing path branch on a secret.
    @inline(never) @_optimize(none)
    static func declassify(_ mask: UInt64) -> Bool {
        var isSet = false
        if mask != 0 { isSet = true }
        return isSet
    }
}

extension ECDSAConstantTime {
    /// Overwrites `byteCount` bytes with zeros through a call the optimizer cannot drop (best effort wiping
    /// of key material that is about to be released).
    @inline(never) @_optimize(none)
    static func wipe(_ p: UnsafeMutableRawPointer, byteCount: Int) {
        var i = 0
        while i < byteCount { p.storeBytes(of: 0, toByteOffset: i, as: UInt8.self); i += 1 }
    }
}

/// `count` bytes from the system's random generator (the hedging input k' of RFC 6979 §3.6).
func freshRandomBytes(count: Int) -> [UInt8] {
    var rng = SystemRandomNumberGenerator()
    var out = [UInt8](repeating: 0, count: count)
    var i = 0
    while i < count {
        let w = rng.next()
        for j in 0..<8 where i + j < count { out[i + j] = UInt8(truncatingIfNeeded: w &>> UInt64(8 &* j)) }
        i += 8
    }
    return out
}

/// A random generator that hands out given bytes, 8 per `next()`, and traps when they run out: the
/// constant-time check feeds key generation its (undefined) random bytes through it.
struct ByteStreamGenerator: RandomNumberGenerator {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var available: Int { bytes.count - offset }

    mutating func next() -> UInt64 {
        precondition(offset + 8 <= bytes.count, "ByteStreamGenerator: out of bytes")
        var w: UInt64 = 0
        for j in 0..<8 { w |= UInt64(bytes[offset + j]) &<< UInt64(8 &* j) }
        offset += 8
        return w
    }
}
