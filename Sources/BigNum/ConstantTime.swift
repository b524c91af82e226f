// Constant-time arithmetic modulo a secret odd modulus (an RSA prime): the pieces of the RSA
// private operation. Nothing here branches on, or computes a memory address from, a limb value:
// loop bounds and positions depend only on limb counts (public), selections are masks, and every
// mask passes through `CT.barrier` (the ConstantTime module) so the optimiser cannot turn it back into a branch.
// `Scripts/ct-check.sh` (memcheck with the secrets in never-written memory) checks the result.

import ConstantTime



extension Limbs {
    /// `−n⁻¹ mod 2⁶⁴` for an odd `n` by Newton iteration, with no check on `n` (a branch on a secret).
    @inline(__always)
    package static func negativeInverseCT(_ n: UInt64) -> UInt64 {
        var x = n
        for _ in 0..<5 { x = x &* (2 &- n &* x) }
        return 0 &- x
    }

    /// `r = a − b mod n` for `a, b < n` (k limbs): subtract, then add back `n` under a mask.
    /// `r` may alias `a` or `b`.
    @inline(__always)
    package static func subtractModCT(
        _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, count k: Int
    ) {
        let borrow = subtract(r, a, b, count: k)
        let mask = CT.barrier(0 &- borrow)
        var carry: UInt64 = 0
        var j = 0
        while j < k {
            let s = U128(_low: r[j], _high: 0) &+ U128(_low: n[j] & mask, _high: 0) &+ U128(_low: carry, _high: 0)
            r[j] = s._low
            carry = s._high
            j &+= 1
        }
    }

    /// `x = 2x mod n` for `x < n` (k limbs), with `k` limbs of scratch `t`.
    @inline(__always)
    static func doubleModCT(
        _ x: UnsafeMutablePointer<UInt64>, modulus n: UnsafePointer<UInt64>, count k: Int, scratch t: UnsafeMutablePointer<UInt64>
    ) {
        var shiftIn: UInt64 = 0
        var j = 0
        while j < k {
            let v = x[j]
            x[j] = (v &<< 1) | shiftIn
            shiftIn = v &>> 63
            j &+= 1
        }
        let borrow = subtract(t, x, n, count: k)
        // 2x ≥ n exactly when the doubling carried out or the subtraction did not borrow.
        let useDifference = CT.barrier(0 &- ((shiftIn | (borrow ^ 1)) & 1))
        j = 0
        while j < k {
            x[j] = (t[j] & useDifference) | (x[j] & ~useDifference)
            j &+= 1
        }
    }

    /// `r = table[index]` for a table of `entries` values of `k` limbs, reading every entry and
    /// keeping one under a mask: neither a branch nor an address depends on `index`.
    @inline(__always)
    package static func selectCT(
        _ r: UnsafeMutablePointer<UInt64>, table: UnsafePointer<UInt64>, entries: Int, index: UInt64, count k: Int
    ) {
        if k == 16 {
            selectCT16(r, table: table, entries: entries, index: index)
            return
        }
        r.update(repeating: 0, count: k)
        var i = 0
        while i < entries {
            let mask = CT.equalMask(UInt64(truncatingIfNeeded: i), index)
            let e = table + i &* k
            var j = 0
            while j < k {
                r[j] |= e[j] & mask
                j &+= 1
            }
            i &+= 1
        }
    }

    /// ``selectCT`` for 16-limb entries (the 1024-bit CRT halves of RSA-2048): the result lives in
    /// eight two-limb vector accumulators for the whole scan, so each entry costs eight loads, eight
    /// ANDs with the broadcast mask and eight ORs, with no load or store of the result per limb. The
    /// masks are made first, in their own loop: `CT.barrier` is a call, and a call inside the scan
    /// would make every accumulator go to the stack and back per entry (caller-saved registers).
    /// Every entry is read in full whatever `index` is; the masks are wiped afterwards.
    @inline(__always)
    static func selectCT16(
        _ r: UnsafeMutablePointer<UInt64>, table: UnsafePointer<UInt64>, entries: Int, index: UInt64
    ) {
        typealias Pair = SIMD2<UInt64>
        var a0 = Pair(), a1 = Pair(), a2 = Pair(), a3 = Pair(), a4 = Pair(), a5 = Pair(), a6 = Pair(), a7 = Pair()
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: entries) { masks in
            let m = masks.baseAddress!
            var i = 0
            while i < entries {
                m[i] = CT.equalMask(UInt64(truncatingIfNeeded: i), index)
                i &+= 1
            }
            let base = UnsafeRawPointer(table)
            i = 0
            while i < entries {
                let mask = Pair(repeating: m[i])
                let e = base + i &* 128
                a0 |= e.loadUnaligned(fromByteOffset: 0, as: Pair.self) & mask
                a1 |= e.loadUnaligned(fromByteOffset: 16, as: Pair.self) & mask
                a2 |= e.loadUnaligned(fromByteOffset: 32, as: Pair.self) & mask
                a3 |= e.loadUnaligned(fromByteOffset: 48, as: Pair.self) & mask
                a4 |= e.loadUnaligned(fromByteOffset: 64, as: Pair.self) & mask
                a5 |= e.loadUnaligned(fromByteOffset: 80, as: Pair.self) & mask
                a6 |= e.loadUnaligned(fromByteOffset: 96, as: Pair.self) & mask
                a7 |= e.loadUnaligned(fromByteOffset: 112, as: Pair.self) & mask
                i &+= 1
            }
            CT.wipe(m, byteCount: entries &* 8)
        }
        let out = UnsafeMutableRawPointer(r)
        out.storeBytes(of: a0, toByteOffset: 0, as: Pair.self)
        out.storeBytes(of: a1, toByteOffset: 16, as: Pair.self)
        out.storeBytes(of: a2, toByteOffset: 32, as: Pair.self)
        out.storeBytes(of: a3, toByteOffset: 48, as: Pair.self)
        out.storeBytes(of: a4, toByteOffset: 64, as: Pair.self)
        out.storeBytes(of: a5, toByteOffset: 80, as: Pair.self)
        out.storeBytes(of: a6, toByteOffset: 96, as: Pair.self)
        out.storeBytes(of: a7, toByteOffset: 112, as: Pair.self)
    }
}

/// Montgomery constants of a secret odd modulus (an RSA prime p or q), computed without branches
/// on its value: `−p⁻¹ mod 2⁶⁴` by Newton iteration, `R mod p`, `R² mod p` and `R³ mod p` by
/// modular doublings and one Montgomery product. The limb count is public.
///
/// Holds no storage of its own: it writes into buffers the owner provides (and wipes).
package enum SecretModulus {
    /// Fills `rr` and `rrr` (k limbs each) with R² and R³ mod `n`, and returns `−n⁻¹ mod 2⁶⁴`.
    /// `n` is odd with a non-zero top limb; `scratch` has 2k + 2 limbs.
    package static func precompute(
        modulus n: UnsafePointer<UInt64>, count k: Int,
        rr: UnsafeMutablePointer<UInt64>, rrr: UnsafeMutablePointer<UInt64>, scratch: UnsafeMutablePointer<UInt64>
    ) -> UInt64 {
        let n0inv = Limbs.negativeInverseCT(n[0])
        // 1 < n (n odd, above 1 for any prime); double it 2·64k times: 2^(128k) mod n = R².
        rr.update(repeating: 0, count: k)
        rr[0] = 1
        var i = 0
        let doublings = 128 &* k
        while i < doublings {
            Limbs.doubleModCT(rr, modulus: n, count: k, scratch: scratch)
            i &+= 1
        }
        Limbs.montgomeryMultiply(rrr, rr, rr, modulus: n, n0inv: n0inv, count: k, scratch: scratch)
        return n0inv
    }

    /// `r = x mod n` for `x` of `xCount` limbs (any value), in constant time: Horner's rule over
    /// chunks of k limbs from the top, each step one Montgomery reduction of `acc·R + chunk`
    /// (valid as `acc < n`) and one product by R² to undo the factor R⁻¹.
    /// `scratch` has 3k + 2 limbs.
    package static func reduce(
        _ r: UnsafeMutablePointer<UInt64>, _ x: UnsafePointer<UInt64>, count xCount: Int,
        modulus n: UnsafePointer<UInt64>, n0inv: UInt64, rr: UnsafePointer<UInt64>, limbs k: Int,
        scratch: UnsafeMutablePointer<UInt64>
    ) {
        let w = scratch                // 2k + 1 limbs
        let t = scratch + (2 &* k &+ 1) // k + 1 limbs
        r.update(repeating: 0, count: k)
        var chunks = xCount / k
        if chunks &* k < xCount { chunks &+= 1 }
        var c = chunks &- 1
        while c >= 0 {
            // w = acc·R + chunk c (limbs beyond xCount are zero).
            var j = 0
            while j < k {
                let idx = c &* k &+ j
                w[j] = idx < xCount ? x[idx] : 0
                w[k &+ j] = r[j]
                j &+= 1
            }
            w[2 &* k] = 0
            Limbs.montgomeryReduce(w, modulus: n, n0inv: n0inv, count: k)
            Limbs.reduceOnce(t, w + k, modulus: n, count: k)
            Limbs.montgomeryMultiply(r, t, rr, modulus: n, n0inv: n0inv, count: k, scratch: w)
            c &-= 1
        }
    }

    /// Window width of ``power(_:_:exponent:exponentCount:modulus:n0inv:rr:limbs:scratch:)``.
    package static let window = 5

    /// Scratch limbs that ``power(_:_:exponent:exponentCount:modulus:n0inv:rr:limbs:scratch:)`` needs.
    package static func powerScratch(limbs k: Int) -> Int { (1 << window) &* k &+ 3 &* k &+ 2 }

    /// `r = base^exponent mod n` (plain values, `base < n`), constant time in `base`, `exponent`
    /// and `n`: fixed windows of ``window`` bits over all `64·exponentCount` exponent bits (the
    /// exponent's public length, not its value's), each window one masked scan of the whole table
    /// of base powers, Montgomery kernels without data-dependent branches.
    package static func power(
        _ r: UnsafeMutablePointer<UInt64>, _ base: UnsafePointer<UInt64>,
        exponent e: UnsafePointer<UInt64>, exponentCount eCount: Int,
        modulus n: UnsafePointer<UInt64>, n0inv: UInt64, rr: UnsafePointer<UInt64>, limbs k: Int,
        scratch: UnsafeMutablePointer<UInt64>
    ) {
        let w = window
        let size = 1 << w
        let table = scratch                    // size·k limbs: (base·R)^i
        let pick = table + size &* k          // k limbs
        let t = pick + k                       // 2k + 2 limbs of kernel scratch
        // table[0] = R mod n (one), table[1] = base·R, then table[2j] = table[j]² (a squaring is cheaper
        // than a product) and table[2j+1] = table[2j]·base·R. The order of the steps is public.
        pick.update(repeating: 0, count: k)
        pick[0] = 1
        Limbs.montgomeryMultiply(table, pick, rr, modulus: n, n0inv: n0inv, count: k, scratch: t)
        Limbs.montgomeryMultiply(table + k, base, rr, modulus: n, n0inv: n0inv, count: k, scratch: t)
        var i = 2
        while i < size {
            if i & 1 == 0 {
                Limbs.montgomerySquare(table + i &* k, table + (i &>> 1) &* k,
                                       modulus: n, n0inv: n0inv, count: k, scratch: t)
            } else {
                Limbs.montgomeryMultiply(table + i &* k, table + (i &- 1) &* k, table + k,
                                         modulus: n, n0inv: n0inv, count: k, scratch: t)
            }
            i &+= 1
        }
        let bits = 64 &* eCount
        // Windows from the top; the first one takes the remainder bits (or a full window).
        var first = bits % w
        if first == 0 { first = w }
        var pos = bits &- first  // lowest bit of the current window
        Limbs.selectCT(r, table: table, entries: size, index: windowValue(e, eCount, pos, first), count: k)
        while pos > 0 {
            pos &-= w
            var s = 0
            while s < w {
                Limbs.montgomerySquare(r, r, modulus: n, n0inv: n0inv, count: k, scratch: t)
                s &+= 1
            }
            Limbs.selectCT(pick, table: table, entries: size, index: windowValue(e, eCount, pos, w), count: k)
            Limbs.montgomeryMultiply(r, r, pick, modulus: n, n0inv: n0inv, count: k, scratch: t)
        }
        // Leave the Montgomery domain: multiply by plain 1.
        pick.update(repeating: 0, count: k)
        pick[0] = 1
        Limbs.montgomeryMultiply(r, r, pick, modulus: n, n0inv: n0inv, count: k, scratch: t)
    }

    /// Bits `pos ..< pos + width` of the exponent (`width` ≤ 63), by shifts at public positions.
    @inline(__always)
    static func windowValue(_ e: UnsafePointer<UInt64>, _ eCount: Int, _ pos: Int, _ width: Int) -> UInt64 {
        let limb = pos &>> 6
        let shift = UInt64(truncatingIfNeeded: pos & 63)
        var v = e[limb] &>> shift
        if shift != 0 && limb &+ 1 < eCount {
            v |= e[limb &+ 1] &<< (64 &- shift)
        }
        return v & ((1 &<< UInt64(width)) &- 1)
    }
}
