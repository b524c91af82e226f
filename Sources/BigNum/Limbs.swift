// Limb kernels: the loops every multi-precision operation in this package is built from.
//
// Limbs are `UInt64`, least-significant first. Wide products come from `multipliedFullWidth(by:)`
// and carries go through 128-bit sums (ConstantTime's `U128`: two 64-bit halves, since the standard library's
// 128-bit type is above the package's Apple floor), which compile to `mulq` + `adc` on x86-64, `mul`/`umulh` + `adcs` on arm64:
// U128 turns its overflow Bool into 0/1 by a bit cast, so there are no branches on data. Values move in and out of `U128` only
// through its stored halves (`init(_low:_high:)`, `_low`, `_high`): the optimiser produces the same
// code as the standard library's generic 128-bit conversions, but those generic
// conversions are not inlined in debug builds, where they made these loops ~40× slower (measured),
// and the test suites run in debug. The kernels take raw pointers so callers hoist `withUnsafe…Pointer` out of their loops
// and pay no bounds checks or copy-on-write inside them; the caller guarantees the pointer ranges.
//
// Montgomery arithmetic follows the coarsely integrated operand scanning method (CIOS) of
// Koç, Acar and Kaliski, "Analyzing and Comparing Montgomery Multiplication Algorithms" (1996), §4,
// with the multiply and reduce passes fused into one loop over the limbs.

import ConstantTime


/// Namespace of the raw limb kernels (multiply-accumulate row, Montgomery reduction step,
/// Montgomery multiplication and squaring) over unsafe pointers.
///
/// They are `package` (not API) and `@inlinable` so fixed-width code in other modules of this package (for example prime-field arithmetic
/// with a literal `count`) can inline and unroll them. All pointer ranges must be valid for the
/// stated number of limbs; aliasing rules are stated per function. None of them allocates.
package enum Limbs {
    /// `dst[0..<count] += a[0..<count] · b`; returns the carry limb out of `dst[count - 1]`.
    ///
    /// `dst` and `a` may be the same range only if `b` ≤ 1 (otherwise a limb would be read after
    /// it was overwritten). Constant time in the values.
    @inlinable @inline(__always)
    package static func multiplyAccumulate(
        _ dst: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, count: Int, by b: UInt64
    ) -> UInt64 {
        var carry: UInt64 = 0
        var j = 0
        while j < count {
            // a·b + d + c ≤ (2⁶⁴−1)² + 2(2⁶⁴−1) = 2¹²⁸ − 1: never overflows.
            let m = a[j].multipliedFullWidth(by: b)
            let p = U128(_low: m.low, _high: m.high) &+ U128(_low: dst[j], _high: 0)
                &+ U128(_low: carry, _high: 0)
            dst[j] = p._low
            carry = p._high
            j &+= 1
        }
        return carry
    }

    /// `dst[0..<count] = a[0..<count] · b`; returns the high limb of the product.
    @inlinable @inline(__always)
    package static func multiply(
        _ dst: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, count: Int, by b: UInt64
    ) -> UInt64 {
        var carry: UInt64 = 0
        var j = 0
        while j < count {
            let m = a[j].multipliedFullWidth(by: b)
            let p = U128(_low: m.low, _high: m.high) &+ U128(_low: carry, _high: 0)
            dst[j] = p._low
            carry = p._high
            j &+= 1
        }
        return carry
    }

    /// `dst[0..<count] += a[0..<count]`; returns the carry (0 or 1). `dst` and `a` may be equal.
    @inlinable @inline(__always)
    package static func add(
        _ dst: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, count: Int
    ) -> UInt64 {
        var carry: UInt64 = 0
        var j = 0
        while j < count {
            let s = U128(_low: dst[j], _high: 0) &+ U128(_low: a[j], _high: 0) &+ U128(_low: carry, _high: 0)
            dst[j] = s._low
            carry = s._high
            j &+= 1
        }
        return carry
    }

    /// `dst[0..<count] = a[0..<count] − b[0..<count]`; returns the borrow (0 or 1).
    /// `dst` may equal `a` or `b`.
    @inlinable @inline(__always)
    package static func subtract(
        _ dst: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
        count: Int
    ) -> UInt64 {
        var borrow: UInt64 = 0
        var j = 0
        while j < count {
            // On underflow the high half of the wrapped 128-bit difference is all ones.
            let d = U128(_low: a[j], _high: 0) &- U128(_low: b[j], _high: 0) &- U128(_low: borrow, _high: 0)
            dst[j] = d._low
            borrow = d._high & 1
            j &+= 1
        }
        return borrow
    }

    /// Montgomery reduction step (one word of REDC): with `m = t[0] · n0inv mod 2⁶⁴`, adds `m · n`
    /// to `t[0..<count]` so that `t[0]` becomes zero, and returns the carry limb out of
    /// `t[count - 1]` (the caller adds it at `t[count]`).
    ///
    /// `n0inv` is `−n⁻¹ mod 2⁶⁴` (see ``negativeInverse(_:)``). Repeating the step at
    /// `t, t+1, …, t+count−1` divides a `2·count`-limb value by R = 2^(64·count) modulo n.
    @inlinable @inline(__always)
    package static func montgomeryReduceStep(
        _ t: UnsafeMutablePointer<UInt64>, modulus n: UnsafePointer<UInt64>, n0inv: UInt64, count: Int
    ) -> UInt64 {
        let m = t[0] &* n0inv
        return multiplyAccumulate(t, n, count: count, by: m)
    }

    /// `−n⁻¹ mod 2⁶⁴` for an odd limb `n`, by Newton iteration (each step doubles the number of
    /// correct low bits; `n · n ≡ 1 mod 8` gives 3 to start).
    @inlinable
    package static func negativeInverse(_ n: UInt64) -> UInt64 {
        precondition(n & 1 == 1, "Montgomery arithmetic needs an odd modulus")
        var x = n  // correct to 3 bits
        for _ in 0..<5 { x = x &* (2 &- n &* x) }  // 6, 12, 24, 48, 96 bits
        return 0 &- x
    }

    /// `a·b + t + c` as (low, high) limbs; never overflows. The step of the generated kernels.
    @inlinable @inline(__always)
    package static func mac(_ a: UInt64, _ b: UInt64, _ t: UInt64, _ c: UInt64) -> (UInt64, UInt64) {
        let m = a.multipliedFullWidth(by: b)
        let p = U128(_low: m.low, _high: m.high) &+ U128(_low: t, _high: 0) &+ U128(_low: c, _high: 0)
        return (p._low, p._high)
    }

    /// `x + y + z` as (low, high) limbs.
    @inlinable @inline(__always)
    package static func add3(_ x: UInt64, _ y: UInt64, _ z: UInt64) -> (UInt64, UInt64) {
        let s = U128(_low: x, _high: 0) &+ U128(_low: y, _high: 0) &+ U128(_low: z, _high: 0)
        return (s._low, s._high)
    }

    /// `x − y − borrow` as (difference, borrow out ∈ {0, 1}).
    @inlinable @inline(__always)
    package static func sbb(_ x: UInt64, _ y: UInt64, _ borrow: UInt64) -> (UInt64, UInt64) {
        let d = U128(_low: x, _high: 0) &- U128(_low: y, _high: 0) &- U128(_low: borrow, _high: 0)
        return (d._low, d._high & 1)
    }

    /// One diagonal step of a squaring: (dlo, dhi) + a² + carry as (low, high, carry out).
    @inlinable @inline(__always)
    package static func diagonal(_ a: UInt64, _ dlo: UInt64, _ dhi: UInt64, _ carry: UInt64) -> (UInt64, UInt64, UInt64) {
        let sq = a.multipliedFullWidth(by: a)
        let s0 = U128(_low: dlo, _high: 0) &+ U128(_low: sq.low, _high: 0) &+ U128(_low: carry, _high: 0)
        let s1 = U128(_low: dhi, _high: 0) &+ U128(_low: sq.high, _high: 0) &+ U128(_low: s0._high, _high: 0)
        return (s0._low, s1._low, s1._high)
    }

    /// Montgomery multiplication `r = a · b · R⁻¹ mod n` with R = 2^(64·count), fully reduced.
    ///
    /// Counts with a generated fixed-size kernel (``fixedKernelSizes``, `Generated/Limbs+Fixed.swift`)
    /// go there; the choice depends on the public count only. Same contract either way.
    @inlinable @inline(__always)
    package static func montgomeryMultiply(
        _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, n0inv: UInt64, count k: Int,
        scratch t: UnsafeMutablePointer<UInt64>
    ) {
        if montgomeryMultiplyFixed(r, a, b, modulus: n, n0inv: n0inv, count: k) { return }
        montgomeryMultiplyGeneric(r, a, b, modulus: n, n0inv: n0inv, count: k, scratch: t)
    }

    /// Montgomery squaring `r = a² · R⁻¹ mod n`, fully reduced; dispatches like
    /// ``montgomeryMultiply(_:_:_:modulus:n0inv:count:scratch:)``.
    @inlinable @inline(__always)
    package static func montgomerySquare(
        _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, n0inv: UInt64, count k: Int,
        scratch w: UnsafeMutablePointer<UInt64>
    ) {
        if montgomerySquareFixed(r, a, modulus: n, n0inv: n0inv, count: k) { return }
        montgomerySquareGeneric(r, a, modulus: n, n0inv: n0inv, count: k, scratch: w)
    }

    /// Montgomery multiplication `r = a · b · R⁻¹ mod n` with R = 2^(64·count), fully reduced
    /// (the loop kernel for any count).
    ///
    /// Requires `a, b < n`, `n` odd, and `t` a scratch range of `count + 1` limbs that aliases
    /// nothing else. `r` may alias `a` or `b` (it is written only at the end). Constant time in the
    /// values (the final subtraction is a masked select).
    ///
    /// Fused CIOS: for each limb `aᵢ`, one pass computes `t + aᵢ·b + m·n` and shifts it down one
    /// limb, with `m` chosen from the low limb so that the shifted-out word is zero. The invariant
    /// `t < 2n` keeps `t[count]` in {0, 1}.
    @inlinable
    package static func montgomeryMultiplyGeneric(
        _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, n0inv: UInt64, count k: Int,
        scratch t: UnsafeMutablePointer<UInt64>
    ) {
        t.initialize(repeating: 0, count: k &+ 1)
        let n0 = n[0]
        let b0 = b[0]
        var i = 0
        while i < k {
            let ai = a[i]
            // j = 0: pick m so that the low word of t + aᵢ·b + m·n vanishes.
            let m0 = ai.multipliedFullWidth(by: b0)
            let p0 = U128(_low: m0.low, _high: m0.high) &+ U128(_low: t[0], _high: 0)
            let m = p0._low &* n0inv
            let r0 = m.multipliedFullWidth(by: n0)
            let q0 = U128(_low: r0.low, _high: r0.high) &+ U128(_low: p0._low, _high: 0)
            var c1 = p0._high
            var c2 = q0._high
            var j = 1
            while j < k {
                let mp = ai.multipliedFullWidth(by: b[j])
                let p = U128(_low: mp.low, _high: mp.high) &+ U128(_low: t[j], _high: 0)
                    &+ U128(_low: c1, _high: 0)
                let mq = m.multipliedFullWidth(by: n[j])
                let q = U128(_low: mq.low, _high: mq.high) &+ U128(_low: p._low, _high: 0)
                    &+ U128(_low: c2, _high: 0)
                t[j &- 1] = q._low
                c1 = p._high
                c2 = q._high
                j &+= 1
            }
            let s = U128(_low: t[k], _high: 0) &+ U128(_low: c1, _high: 0) &+ U128(_low: c2, _high: 0)
            t[k &- 1] = s._low
            t[k] = s._high
            i &+= 1
        }
        reduceOnce(r, t, modulus: n, count: k)
    }

    /// Montgomery squaring `r = a² · R⁻¹ mod n`, fully reduced (the loop kernel for any count): the square is formed with each
    /// cross product computed once and doubled (about count²/2 + count limb products instead of
    /// count²), then reduced by `count` reduction steps.
    ///
    /// Requires `a < n`, `n` odd, and `w` a scratch range of `2·count + 1` limbs that aliases
    /// nothing else. `r` may alias `a`. Constant time in the values.
    @inlinable
    package static func montgomerySquareGeneric(
        _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, n0inv: UInt64, count k: Int,
        scratch w: UnsafeMutablePointer<UInt64>
    ) {
        let k2 = k &+ k
        w.initialize(repeating: 0, count: k2 &+ 1)
        // Cross products aᵢ·aⱼ (i < j): row i lands at w[2i+1 ..< i+k], its carry at w[i+k],
        // which no earlier row has reached. Rows are taken two at a time (one pass adds
        // aᵢ·aᵢ₊₁₊ᵤ and aᵢ₊₁·aᵢ₊ᵤ at position 2i+1+u, loading and storing each limb once), the
        // last few one at a time.
        var i = 0
        while i &+ 3 < k {
            let ai = a[i], ai1 = a[i &+ 1]
            let d = w + (i &+ i &+ 1)  // d[u] is position 2i+1+u
            // u = 0, 1: row i only (row i+1 starts at 2i+3).
            let p0 = ai.multipliedFullWidth(by: ai1)
            let x0 = U128(_low: p0.low, _high: p0.high) &+ U128(_low: d[0], _high: 0)
            d[0] = x0._low
            let p1 = ai.multipliedFullWidth(by: a[i &+ 2])
            let x1 = U128(_low: p1.low, _high: p1.high) &+ U128(_low: d[1], _high: 0) &+ U128(_low: x0._high, _high: 0)
            d[1] = x1._low
            var c0 = x1._high
            var c1: UInt64 = 0
            // u = 2 … k−i−2: both rows.
            let last = k &- i &- 2
            var u = 2
            // Two positions per iteration, as in montgomeryReduce (no carry moves between them).
            while u < last {
                let pa = ai.multipliedFullWidth(by: a[i &+ 1 &+ u])
                let x = U128(_low: pa.low, _high: pa.high) &+ U128(_low: d[u], _high: 0) &+ U128(_low: c0, _high: 0)
                let pb = ai1.multipliedFullWidth(by: a[i &+ u])
                let y = U128(_low: pb.low, _high: pb.high) &+ U128(_low: x._low, _high: 0) &+ U128(_low: c1, _high: 0)
                d[u] = y._low
                let pa2 = ai.multipliedFullWidth(by: a[i &+ 2 &+ u])
                let x2 = U128(_low: pa2.low, _high: pa2.high) &+ U128(_low: d[u &+ 1], _high: 0)
                    &+ U128(_low: x._high, _high: 0)
                let pb2 = ai1.multipliedFullWidth(by: a[i &+ 1 &+ u])
                let y2 = U128(_low: pb2.low, _high: pb2.high) &+ U128(_low: x2._low, _high: 0)
                    &+ U128(_low: y._high, _high: 0)
                d[u &+ 1] = y2._low
                c0 = x2._high
                c1 = y2._high
                u &+= 2
            }
            if u <= last {
                let pa = ai.multipliedFullWidth(by: a[i &+ 1 &+ u])
                let x = U128(_low: pa.low, _high: pa.high) &+ U128(_low: d[u], _high: 0) &+ U128(_low: c0, _high: 0)
                let pb = ai1.multipliedFullWidth(by: a[i &+ u])
                let y = U128(_low: pb.low, _high: pb.high) &+ U128(_low: x._low, _high: 0) &+ U128(_low: c1, _high: 0)
                d[u] = y._low
                c0 = x._high
                c1 = y._high
            }
            // Position i+k (still zero): row i's carry and row i+1's last product;
            // position i+k+1: row i+1's carry.
            let pl = ai1.multipliedFullWidth(by: a[k &- 1])
            let y = U128(_low: pl.low, _high: pl.high) &+ U128(_low: c0, _high: 0) &+ U128(_low: c1, _high: 0)
            d[last &+ 1] = y._low
            d[last &+ 2] = y._high
            i &+= 2
        }
        while i < k &- 1 {
            w[i &+ k] = multiplyAccumulate(w + (i &+ i &+ 1), a + (i &+ 1), count: k &- i &- 1, by: a[i])
            i &+= 1
        }
        // Double them (shift left one bit) and add the squares aᵢ² on the diagonal.
        var carry: UInt64 = 0
        var shiftIn: UInt64 = 0
        i = 0
        while i < k {
            let lo = w[i &+ i]
            let hi = w[i &+ i &+ 1]
            let dlo = (lo &<< 1) | shiftIn
            let dhi = (hi &<< 1) | (lo &>> 63)
            shiftIn = hi &>> 63
            let sq = a[i].multipliedFullWidth(by: a[i])
            let s0 = U128(_low: dlo, _high: 0) &+ U128(_low: sq.low, _high: 0) &+ U128(_low: carry, _high: 0)
            let s1 = U128(_low: dhi, _high: 0) &+ U128(_low: sq.high, _high: 0) &+ U128(_low: s0._high, _high: 0)
            w[i &+ i] = s0._low
            w[i &+ i &+ 1] = s1._low
            carry = s1._high
            i &+= 1
        }
        // (The full square is < 2^(128k), so `carry` and `shiftIn` are zero here.)
        montgomeryReduce(w, modulus: n, n0inv: n0inv, count: k)
        reduceOnce(r, w + k, modulus: n, count: k)
    }

    /// Montgomery reduction (REDC) in place: given `w` of `2·count + 1` limbs holding
    /// T < n·R (the top limb ignored and overwritten), leaves T·R⁻¹ mod n, below 2n, in
    /// `w[count ... 2·count]` (follow with ``reduceOnce(_:_:modulus:count:)`` for a value below n).
    ///
    /// Performs the `count` reduction steps two rows at a time: both multiples m₀·n and m₁·n are
    /// added in one pass, so each limb of `w` is loaded and stored once per pair of rows
    /// (m₁ is known after the pass's second limb). Each pass's final carry moves up to the next
    /// pass's top limb. Constant time in the values.
    @inlinable
    package static func montgomeryReduce(
        _ w: UnsafeMutablePointer<UInt64>, modulus n: UnsafePointer<UInt64>, n0inv: UInt64, count k: Int
    ) {
        var top: UInt64 = 0  // carry owed to w[p + k] of the current pass
        var p = 0
        if k >= 2 {
            let n0 = n[0]
            while p &+ 1 < k {
                let d = w + p
                let m0 = d[0] &* n0inv
                // Limb 0: d[0] + m0·n[0] ≡ 0; keep the carry.
                let a0 = m0.multipliedFullWidth(by: n0)
                var c0 = (U128(_low: a0.low, _high: a0.high) &+ U128(_low: d[0], _high: 0))._high
                // Limb 1: with row 0 added, it fixes m1.
                let a1 = m0.multipliedFullWidth(by: n[1])
                let x1 = U128(_low: a1.low, _high: a1.high) &+ U128(_low: d[1], _high: 0) &+ U128(_low: c0, _high: 0)
                c0 = x1._high
                let m1 = x1._low &* n0inv
                let b0 = m1.multipliedFullWidth(by: n0)
                var c1 = (U128(_low: b0.low, _high: b0.high) &+ U128(_low: x1._low, _high: 0))._high
                var j = 2
                // Two limbs per iteration: the carries stay in the same registers from one
                // iteration to the next (one limb per iteration spent two register moves and the
                // loop test on every limb: 19 instructions for its two products, 9.5 per product).
                while j &+ 1 < k {
                    let a = m0.multipliedFullWidth(by: n[j])
                    let x = U128(_low: a.low, _high: a.high) &+ U128(_low: d[j], _high: 0) &+ U128(_low: c0, _high: 0)
                    let b = m1.multipliedFullWidth(by: n[j &- 1])
                    let y = U128(_low: b.low, _high: b.high) &+ U128(_low: x._low, _high: 0) &+ U128(_low: c1, _high: 0)
                    d[j] = y._low
                    let a2 = m0.multipliedFullWidth(by: n[j &+ 1])
                    let x2 = U128(_low: a2.low, _high: a2.high) &+ U128(_low: d[j &+ 1], _high: 0)
                        &+ U128(_low: x._high, _high: 0)
                    let b2 = m1.multipliedFullWidth(by: n[j])
                    let y2 = U128(_low: b2.low, _high: b2.high) &+ U128(_low: x2._low, _high: 0)
                        &+ U128(_low: y._high, _high: 0)
                    d[j &+ 1] = y2._low
                    c0 = x2._high
                    c1 = y2._high
                    j &+= 2
                }
                if j < k {
                    let a = m0.multipliedFullWidth(by: n[j])
                    let x = U128(_low: a.low, _high: a.high) &+ U128(_low: d[j], _high: 0) &+ U128(_low: c0, _high: 0)
                    let b = m1.multipliedFullWidth(by: n[j &- 1])
                    let y = U128(_low: b.low, _high: b.high) &+ U128(_low: x._low, _high: 0) &+ U128(_low: c1, _high: 0)
                    d[j] = y._low
                    c0 = x._high
                    c1 = y._high
                }
                // Limb k: row 0's carry, the previous pass's carry, and row 1's last product.
                let x = U128(_low: d[k], _high: 0) &+ U128(_low: c0, _high: 0) &+ U128(_low: top, _high: 0)
                let b = m1.multipliedFullWidth(by: n[k &- 1])
                let y = U128(_low: b.low, _high: b.high) &+ U128(_low: x._low, _high: 0) &+ U128(_low: c1, _high: 0)
                d[k] = y._low
                // Limb k + 1: the remaining carries; what overflows is owed two limbs up.
                let z = U128(_low: d[k &+ 1], _high: 0) &+ U128(_low: x._high, _high: 0) &+ U128(_low: y._high, _high: 0)
                d[k &+ 1] = z._low
                top = z._high
                p &+= 2
            }
        }
        if p < k {
            // Odd count: one last single row.
            let c = montgomeryReduceStep(w + p, modulus: n, n0inv: n0inv, count: k)
            let s = U128(_low: w[p &+ k], _high: 0) &+ U128(_low: c, _high: 0) &+ U128(_low: top, _high: 0)
            w[p &+ k] = s._low
            top = s._high
            p &+= 1
        }
        w[k &+ k] = top
    }

    /// `r = t − n` if `t ≥ n`, else `r = t`, for `t` of `count + 1` limbs with `t < 2n`.
    /// Masked select through ``CT.barrier(_:)``, constant time. `r` may not alias `t` unless equal to it.
    @inlinable @inline(__always)
    package static func reduceOnce(
        _ r: UnsafeMutablePointer<UInt64>, _ t: UnsafePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, count k: Int
    ) {
        // Subtract into r, then keep the difference iff no net borrow (t[k] absorbs one borrow).
        let borrow = subtract(r, t, n, count: k)
        // All ones iff t < n. Through the value barrier: without it `swiftc -O` turned the select below
        // into a branch on the mask (ct-check caught it).
        let keepT = CT.barrier(0 &- (borrow & ~t[k] & 1))
        var j = 0
        while j < k {
            // r[j] holds t[j] − n[j] − borrowⱼ; recompute t[j] only through the mask.
            r[j] = (r[j] & ~keepT) | (t[j] & keepT)
            j &+= 1
        }
    }
}
