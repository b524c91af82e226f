// The width-w non-adjacent form of a public scalar, for the interleaved multi-scalar multiplications of ECDSA and
// Ed25519 verification (both call it; package access: not API). Variable time: verification scalars are public.

/// Width-w NAF recoding of integers held as little-endian 64-bit limbs.
package enum WNAF {
    /// Width-w NAF of the integer in `limbs` (Solinas; the carry formulation of libsecp256k1's `ecmult_wnaf`):
    /// writes `bitCount + 1` signed digits, each 0 or odd with |d| < 2^(w−1), such that Σ dᵢ·2ⁱ equals the
    /// integer (bits at and above `bitCount` must be 0). Returns the index of the highest non-zero digit, or −1
    /// for 0. `out` holds at least `bitCount + 1` digits; 2 ≤ w ≤ 8.
    @inlinable
    package static func recodeVarTime(
        _ limbs: UnsafeBufferPointer<UInt64>, bitCount: Int, width w: Int, into out: UnsafeMutableBufferPointer<Int8>
    ) -> Int {
        let len = bitCount + 1
        precondition(out.count >= len && w >= 2 && w <= 8)
        for i in 0..<len { out[i] = 0 }
        var carry = 0
        var i = 0
        var top = -1
        while i < len {
            if bit(limbs, i) == carry { i += 1; continue }
            let now = min(w, len - i)
            var word = Int(truncatingIfNeeded: word64(limbs, i) & ((1 &<< UInt64(now)) &- 1)) + carry
            carry = (word >> (w - 1)) & 1
            word -= carry << w
            out[i] = Int8(truncatingIfNeeded: word)
            top = i
            i += now
        }
        return top
    }

    /// Width-w NAF of bits [bitOffset, bitOffset + bitCount) of `limbs` (bitCount ≤ 192), as above: the piece is
    /// copied out first, so bits above it never enter its digits (ECDSA's split scalars).
    @inlinable
    package static func recodeVarTime(
        _ limbs: UnsafeBufferPointer<UInt64>, bitOffset: Int, bitCount: Int, width w: Int,
        into out: UnsafeMutableBufferPointer<Int8>
    ) -> Int {
        precondition(bitOffset >= 0 && bitCount > 0 && bitCount <= 192)
        var piece: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &piece) { raw in
            let p = raw.bindMemory(to: UInt64.self)
            for k in 0..<3 {
                let remaining = bitCount - 64 * k
                if remaining <= 0 { break }
                let v = word64(limbs, bitOffset + 64 * k)
                p[k] = remaining < 64 ? v & ((1 &<< UInt64(remaining)) &- 1) : v
            }
            return recodeVarTime(UnsafeBufferPointer(p), bitCount: bitCount, width: w, into: out)
        }
    }

    /// Bit i of `limbs` (0 beyond the top).
    @inlinable @inline(__always)
    static func bit(_ limbs: UnsafeBufferPointer<UInt64>, _ i: Int) -> Int {
        let w = i &>> 6
        guard w < limbs.count else { return 0 }
        return Int(truncatingIfNeeded: (limbs[w] &>> UInt64(i & 63)) & 1)
    }

    /// 64 bits of `limbs` starting at bit i (0 beyond the top).
    @inlinable @inline(__always)
    static func word64(_ limbs: UnsafeBufferPointer<UInt64>, _ i: Int) -> UInt64 {
        let w = i &>> 6
        guard w < limbs.count else { return 0 }
        let s = UInt64(i & 63)
        var v = limbs[w] &>> s
        if s != 0 && w &+ 1 < limbs.count { v |= limbs[w &+ 1] &<< (64 &- s) }
        return v
    }
}
