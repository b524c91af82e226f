// GHASH (NIST SP 800-38D §6.4) by constant-time carry-less multiplication with integer multiplies "with holes" (the
// method of BearSSL's `ghash_ctmul64`, written again here).
//
// A carry-less product of two 64-bit words is computed with ordinary multiplications: split each operand into four
// words that keep only every fourth bit (x & 0x1111…, x & 0x2222…, …). Multiplying two such words adds, at a bit
// position 4k below 64, at most k + 1 ≤ 16 one-bit terms; the sum fits in the four bits up to the next real position
// (the one sum of 16 sits at bit 60 and its carry leaves the word), so the low bit of each group of four is the XOR of
// the terms, and the "holes" above it, which catch the carries, are masked off. Sixteen multiplications make the low
// 64 bits of the carry-less product; the high 64 bits come from the same product of the
// bit-reversed operands. The 128 × 128 product is three such (Karatsuba), then the reduction modulo
// x¹²⁸ + x⁷ + x² + x + 1 is shifts and XORs. Integer multiplication runs in a time independent of its operands on
// the processors this targets (x86-64, ARMv8, ARMv7-M's UMULL/UMLAL); no table, no branch.

/// The low 64 bits of the carry-less product of `x` and `y`.
@inline(__always)
func clmulLow(_ x: UInt64, _ y: UInt64) -> UInt64 {
    let m0: UInt64 = 0x1111_1111_1111_1111, m1: UInt64 = 0x2222_2222_2222_2222
    let m2: UInt64 = 0x4444_4444_4444_4444, m3: UInt64 = 0x8888_8888_8888_8888
    let x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3
    let y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3
    let z0 = (x0 &* y0) ^ (x1 &* y3) ^ (x2 &* y2) ^ (x3 &* y1)
    let z1 = (x0 &* y1) ^ (x1 &* y0) ^ (x2 &* y3) ^ (x3 &* y2)
    let z2 = (x0 &* y2) ^ (x1 &* y1) ^ (x2 &* y0) ^ (x3 &* y3)
    let z3 = (x0 &* y3) ^ (x1 &* y2) ^ (x2 &* y1) ^ (x3 &* y0)
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3)
}

/// `x` with its 64 bits in reverse order.
@inline(__always)
func reverseBits(_ x: UInt64) -> UInt64 {
    var x = x
    x = ((x & 0x5555_5555_5555_5555) &<< 1) | ((x &>> 1) & 0x5555_5555_5555_5555)
    x = ((x & 0x3333_3333_3333_3333) &<< 2) | ((x &>> 2) & 0x3333_3333_3333_3333)
    x = ((x & 0x0F0F_0F0F_0F0F_0F0F) &<< 4) | ((x &>> 4) & 0x0F0F_0F0F_0F0F_0F0F)
    return x.byteSwapped
}

/// The running GHASH of one key H: Y ← (Y ⊕ X) · H for every 16-byte block X.
///
/// Blocks are read as two big-endian words (hi, lo). GCM's bit order is reflected (the first bit of a block is the
/// coefficient of x⁰), so the arithmetic is done on the words as they are and the reflection handled in the
/// reduction.
@usableFromInline
struct GHASH {
    let h0: UInt64, h1: UInt64, h2: UInt64
    let h0r: UInt64, h1r: UInt64, h2r: UInt64
    /// The state: y1 is the first eight bytes, y0 the last eight.
    var y0: UInt64 = 0, y1: UInt64 = 0

    /// A GHASH under the key H = (hi, lo) (the big-endian halves of E_K(0¹²⁸)).
    init(hHigh: UInt64, hLow: UInt64) {
        h1 = hHigh; h0 = hLow
        h0r = reverseBits(h0); h1r = reverseBits(h1)
        h2 = h0 ^ h1; h2r = h0r ^ h1r
    }

    /// Y ← (Y ⊕ (hi ‖ lo)) · H.
    @inline(__always)
    mutating func absorb(_ hi: UInt64, _ lo: UInt64) {
        let a1 = y1 ^ hi, a0 = y0 ^ lo
        let a0r = reverseBits(a0), a1r = reverseBits(a1)
        let a2 = a0 ^ a1, a2r = a0r ^ a1r
        // Karatsuba: low halves of the three products, then the high halves from the reversed operands.
        let z0 = clmulLow(a0, h0)
        let z1 = clmulLow(a1, h1)
        var z2 = clmulLow(a2, h2)
        var z0h = clmulLow(a0r, h0r)
        var z1h = clmulLow(a1r, h1r)
        var z2h = clmulLow(a2r, h2r)
        z2 ^= z0 ^ z1
        z2h ^= z0h ^ z1h
        z0h = reverseBits(z0h) &>> 1
        z1h = reverseBits(z1h) &>> 1
        z2h = reverseBits(z2h) &>> 1
        // The 256-bit product v3:v2:v1:v0 (reflected: shifted left by one to line up), then reduced.
        var v0 = z0
        var v1 = z0h ^ z2
        var v2 = z1 ^ z2h
        var v3 = z1h
        v3 = (v3 &<< 1) | (v2 &>> 63)
        v2 = (v2 &<< 1) | (v1 &>> 63)
        v1 = (v1 &<< 1) | (v0 &>> 63)
        v0 = v0 &<< 1
        v2 ^= v0 ^ (v0 &>> 1) ^ (v0 &>> 2) ^ (v0 &>> 7)
        v1 ^= (v0 &<< 63) ^ (v0 &<< 62) ^ (v0 &<< 57)
        v3 ^= v1 ^ (v1 &>> 1) ^ (v1 &>> 2) ^ (v1 &>> 7)
        v2 ^= (v1 &<< 63) ^ (v1 &<< 62) ^ (v1 &<< 57)
        y0 = v2
        y1 = v3
    }

    /// Absorbs `count` bytes from `p`: whole blocks, then the last partial block padded with zeros (the GCM rule for
    /// the AAD and the ciphertext).
    @inline(__always)
    mutating func update(_ p: UnsafeRawPointer, count: Int) {
        var at = 0
        while count - at >= 16 {
            absorb(loadBE64(p, at), loadBE64(p, at + 8))
            at += 16
        }
        if at < count {
            var block: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &block) { b in
                b.baseAddress!.copyMemory(from: p + at, byteCount: count - at)
            }
            let hi = UInt64(bigEndian: block.0), lo = UInt64(bigEndian: block.1)
            absorb(hi, lo)
        }
    }
}
