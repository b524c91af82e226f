// Integers modulo L = 2²⁵² + 27742317777372353535851937790883648493, the order of the base point.
//
// Four UInt64 limbs (least significant first) with Montgomery multiplication (R = 2²⁵⁶, CIOS). Everything that
// signing uses — the reduction of a 64-byte hash and S = r + k·a — is constant time: fixed loops, carries through
// `U128` (ConstantTime), and the final subtractions select with a mask behind `CT.barrier`.

import ConstantTime


@usableFromInline
struct Scalar: Sendable {
    var w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    @inline(__always)
    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        self.w0 = w0; self.w1 = w1; self.w2 = w2; self.w3 = w3
    }

    static var order: Scalar { Scalar(0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000) }
    /// −L⁻¹ mod 2⁶⁴.
    static let n0inv: UInt64 = 0xd2b51da312547e1b
    /// R² mod L and R³ mod L.
    static var r2: Scalar { Scalar(0xa40611e3449c0f01, 0xd00e1ba768859347, 0xceec73d217f5be65, 0x0399411b7c309a3d) }
    static var r3: Scalar { Scalar(0x2a9e49687b83a2db, 0x278324e6aef7f3ec, 0x8065dc6c04ec5b65, 0x0e530b773599cec7) }

    subscript(i: Int) -> UInt64 {
        switch i { case 0: return w0; case 1: return w1; case 2: return w2; default: return w3 }
    }

    /// 32 little-endian bytes as an integer < 2²⁵⁶ (not reduced).
    init(bytes b: UnsafeRawBufferPointer) {
        w0 = FieldElement.load64(b, 0); w1 = FieldElement.load64(b, 8)
        w2 = FieldElement.load64(b, 16); w3 = FieldElement.load64(b, 24)
    }

    func write(to out: UnsafeMutableRawBufferPointer) {
        for i in 0..<8 {
            let s = UInt64(8 &* i)
            out[i] = UInt8(truncatingIfNeeded: w0 &>> s)
            out[8 &+ i] = UInt8(truncatingIfNeeded: w1 &>> s)
            out[16 &+ i] = UInt8(truncatingIfNeeded: w2 &>> s)
            out[24 &+ i] = UInt8(truncatingIfNeeded: w3 &>> s)
        }
    }

    /// self < L, for public values (the S < L rule of RFC 8032 §5.1.7).
    var isReducedVarTime: Bool {
        let l = Scalar.order
        if w3 != l.w3 { return w3 < l.w3 }
        if w2 != l.w2 { return w2 < l.w2 }
        if w1 != l.w1 { return w1 < l.w1 }
        return w0 < l.w0
    }

    /// (a − L if a ≥ L else a) for a < 2L (five words, a4 ≤ 1), constant time.
    @inline(__always)
    static func subtractOrderIfNeeded(_ a0: UInt64, _ a1: UInt64, _ a2: UInt64, _ a3: UInt64, _ a4: UInt64) -> Scalar {
        let l = order
        var x = U128(_low: a0, _high: 0) &- U128(_low: l.w0, _high: 0)
        let d0 = x._low
        x = U128(_low: a1, _high: 0) &- U128(_low: l.w1, _high: 0) &- U128(_low: x._high & 1, _high: 0)
        let d1 = x._low
        x = U128(_low: a2, _high: 0) &- U128(_low: l.w2, _high: 0) &- U128(_low: x._high & 1, _high: 0)
        let d2 = x._low
        x = U128(_low: a3, _high: 0) &- U128(_low: l.w3, _high: 0) &- U128(_low: x._high & 1, _high: 0)
        let d3 = x._low
        x = U128(_low: a4, _high: 0) &- U128(_low: x._high & 1, _high: 0)
        // Borrow out of the top word: a < L, keep a.
        let keep = CT.barrier(0 &- (x._high & 1))
        return Scalar(
            (a0 & keep) | (d0 & ~keep), (a1 & keep) | (d1 & ~keep), (a2 & keep) | (d2 & ~keep),
            (a3 & keep) | (d3 & ~keep))
    }

    /// a·b·R⁻¹ mod L for a < 2²⁵⁶ and b < L (the result is < 2L before the final subtraction). Constant time.
    static func montgomeryMultiply(_ a: Scalar, _ b: Scalar) -> Scalar {
        let l = order
        var t0: UInt64 = 0, t1: UInt64 = 0, t2: UInt64 = 0, t3: UInt64 = 0, t4: UInt64 = 0
        for i in 0..<4 {
            let bi = b[i]
            var x = FieldElement.wide(a.w0, bi) &+ U128(_low: t0, _high: 0)
            t0 = x._low
            x = FieldElement.wide(a.w1, bi) &+ U128(_low: t1, _high: 0) &+ U128(_low: x._high, _high: 0)
            t1 = x._low
            x = FieldElement.wide(a.w2, bi) &+ U128(_low: t2, _high: 0) &+ U128(_low: x._high, _high: 0)
            t2 = x._low
            x = FieldElement.wide(a.w3, bi) &+ U128(_low: t3, _high: 0) &+ U128(_low: x._high, _high: 0)
            t3 = x._low
            x = U128(_low: t4, _high: 0) &+ U128(_low: x._high, _high: 0)
            t4 = x._low
            let t5 = x._high

            let m = t0 &* n0inv
            x = FieldElement.wide(m, l.w0) &+ U128(_low: t0, _high: 0)
            x = FieldElement.wide(m, l.w1) &+ U128(_low: t1, _high: 0) &+ U128(_low: x._high, _high: 0)
            t0 = x._low
            x = FieldElement.wide(m, l.w2) &+ U128(_low: t2, _high: 0) &+ U128(_low: x._high, _high: 0)
            t1 = x._low
            x = FieldElement.wide(m, l.w3) &+ U128(_low: t3, _high: 0) &+ U128(_low: x._high, _high: 0)
            t2 = x._low
            x = U128(_low: t4, _high: 0) &+ U128(_low: x._high, _high: 0)
            t3 = x._low
            t4 = t5 &+ x._high
        }
        return subtractOrderIfNeeded(t0, t1, t2, t3, t4)
    }

    /// (a + b) mod L for a, b < L, constant time.
    static func addModOrder(_ a: Scalar, _ b: Scalar) -> Scalar {
        var x = U128(_low: a.w0, _high: 0) &+ U128(_low: b.w0, _high: 0)
        let s0 = x._low
        x = U128(_low: a.w1, _high: 0) &+ U128(_low: b.w1, _high: 0) &+ U128(_low: x._high, _high: 0)
        let s1 = x._low
        x = U128(_low: a.w2, _high: 0) &+ U128(_low: b.w2, _high: 0) &+ U128(_low: x._high, _high: 0)
        let s2 = x._low
        x = U128(_low: a.w3, _high: 0) &+ U128(_low: b.w3, _high: 0) &+ U128(_low: x._high, _high: 0)
        return subtractOrderIfNeeded(s0, s1, s2, x._low, x._high)
    }

    /// A 64-byte little-endian integer (a SHA-512 digest) reduced mod L, constant time. With x = hi·R + lo and
    /// mont(a, b) = a·b·R⁻¹ mod L: mont(hi, R³) + mont(lo, R²) = x·R mod L, and mont(x·R, 1) = x mod L.
    init(reducing64 b: UnsafeRawBufferPointer) {
        let lo = Scalar(bytes: UnsafeRawBufferPointer(rebasing: b[0..<32]))
        let hi = Scalar(bytes: UnsafeRawBufferPointer(rebasing: b[32..<64]))
        let y = Scalar.montgomeryMultiply(hi, Scalar.r3)   // hi·R² mod L
        let z = Scalar.montgomeryMultiply(lo, Scalar.r2)   // lo·R mod L
        let s = Scalar.addModOrder(y, z)                     // x·R mod L
        self = Scalar.montgomeryMultiply(s, Scalar(1, 0, 0, 0))
    }

    /// (r + k·a) mod L for r, k < L and any a < 2²⁵⁶ (the clamped secret scalar), constant time.
    static func multiplyAdd(_ k: Scalar, _ a: Scalar, _ r: Scalar) -> Scalar {
        let kR = montgomeryMultiply(k, r2)        // k·R mod L
        let ka = montgomeryMultiply(a, kR)        // k·a mod L
        return addModOrder(ka, r)
    }

    /// Signed radix-16 digits e₀…e₆₃ ∈ [−8, 8] with Σ eᵢ·16ⁱ = self, for self < 2²⁵⁵, written to `e` (64 slots).
    /// Constant time (the carries are arithmetic shifts, never branches).
    func signedRadix16(into e: UnsafeMutablePointer<Int8>) {
        for i in 0..<64 {
            e[i] = Int8(truncatingIfNeeded: (self[i &>> 4] &>> UInt64(4 &* (i & 15))) & 15)
        }
        var carry: Int8 = 0
        for k in 0..<63 {
            e[k] &+= carry
            carry = (e[k] &+ 8) &>> 4
            e[k] &-= carry &<< 4
        }
        e[63] &+= carry
    }
}
