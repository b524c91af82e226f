// Modular inversion by the Bernstein–Yang "safegcd" algorithm (D. J. Bernstein, B.-Y. Yang, "Fast constant-time
// gcd computation and modular inversion", TCHES 2019), in constant time, for odd moduli below 2^521 (the
// fields and scalars of P-256, P-384 and P-521, and Ed25519's p = 2^255 − 19). The structure follows
// libsecp256k1's modinv64 (signed 62-bit limbs, batches of 62 divsteps on the low 64 bits, a 2×2 transition
// matrix scaled by 2^62 applied to the full f, g and to d, e mod M), with the original divstep of the paper (δ,
// not libsecp256k1's half-δ variant), so that the paper's iteration bound applies: Theorem 11.2 needs
// ⌊(49·d + 57)/17⌋ divsteps for d-bit f, g — 738 for d = 255, 741 for d = 256, 1110 for d = 384, 1506 for
// d = 521 — so a modulus carries its number of batches of 62 (12, 12, 18, 25), a public constant. Nothing
// branches on, or indexes memory by, the input: every choice is a mask, and all storage is a fixed-size tuple on
// the stack (nine limbs whatever the modulus).
//
// Package access (no user of the library sees it): ECDSA (every inversion of the three curves) and Ed25519 (the
// inversion of Z in a point's encoding) share this one implementation.

package enum SafeGCD {
    /// Nine limbs of 62 bits (the last one signed and wider), little-endian: Σ vᵢ·2^(62i). Holds values of
    /// magnitude below 2^(62·8 + 62), far more than the 2^522 this file needs.
    package typealias Signed62 = (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64)

    /// An odd modulus M < 2^521: its signed-62 limbs, M⁻¹ mod 2^62, and the number of batches of 62 divsteps
    /// that Theorem 11.2 guarantees to reach g = 0 for inputs below 2^(bit length of M).
    package struct Modulus: Sendable {
        package let limbs: Signed62
        package let inverse62: UInt64
        package let batches: Int

        package init(limbs: Signed62, inverse62: UInt64, batches: Int) {
            self.limbs = limbs; self.inverse62 = inverse62; self.batches = batches
        }
    }

    static let mask62: Int64 = (1 << 62) - 1

    /// Nine canonical little-endian 64-bit words (a value < 2^521) as signed-62 limbs.
    @inline(__always)
    static func signed62(_ w: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) -> Signed62 {
        let m: UInt64 = (1 << 62) - 1
        return (Int64(bitPattern: w.0 & m),
                Int64(bitPattern: ((w.0 &>> 62) | (w.1 &<< 2)) & m),
                Int64(bitPattern: ((w.1 &>> 60) | (w.2 &<< 4)) & m),
                Int64(bitPattern: ((w.2 &>> 58) | (w.3 &<< 6)) & m),
                Int64(bitPattern: ((w.3 &>> 56) | (w.4 &<< 8)) & m),
                Int64(bitPattern: ((w.4 &>> 54) | (w.5 &<< 10)) & m),
                Int64(bitPattern: ((w.5 &>> 52) | (w.6 &<< 12)) & m),
                Int64(bitPattern: ((w.6 &>> 50) | (w.7 &<< 14)) & m),
                Int64(bitPattern: (w.7 &>> 48) | (w.8 &<< 16)))
    }

    /// Signed-62 limbs of a value in [0, 2^521) (limbs 0…7 in [0, 2^62)) as nine 64-bit words.
    @inline(__always)
    static func words(_ l: Signed62) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        let v = (UInt64(bitPattern: l.0), UInt64(bitPattern: l.1), UInt64(bitPattern: l.2), UInt64(bitPattern: l.3),
                 UInt64(bitPattern: l.4), UInt64(bitPattern: l.5), UInt64(bitPattern: l.6), UInt64(bitPattern: l.7),
                 UInt64(bitPattern: l.8))
        return (v.0 | (v.1 &<< 62), (v.1 &>> 2) | (v.2 &<< 60), (v.2 &>> 4) | (v.3 &<< 58), (v.3 &>> 6) | (v.4 &<< 56),
                (v.4 &>> 8) | (v.5 &<< 54), (v.5 &>> 10) | (v.6 &<< 52), (v.6 &>> 12) | (v.7 &<< 50),
                (v.7 &>> 14) | (v.8 &<< 48), v.8 &>> 16)
    }

    /// 62 divsteps on the low 64 bits of f (odd) and g, from δ. Returns the new δ and the transition matrix
    /// (u v; q r), scaled by 2^62: f·2^62 = u·f₀ + v·g₀ and g·2^62 = q·f₀ + r·g₀ after the batch. One divstep
    /// (Bernstein–Yang §8): if δ > 0 and g is odd, (δ, f, g) ← (1 − δ, g, (g − f)/2), else
    /// (δ, f, g) ← (1 + δ, f, (g + (g mod 2)·f)/2). Here, as libsecp256k1 arranges its constant-time steps: g gains
    /// ±f when odd (−f when δ > 0), then, when δ > 0 and g was odd, f gains the new g (f + (g − f) = the old g) and
    /// δ is negated; the rows (u v) and (q r) follow f and g. About 30 operations a step instead of the 40 of a
    /// masked swap-and-negate, same results. By induction |u| + |v| ≤ 2^i and |q| + |r| ≤ 2^i after i steps, so
    /// the entries fit an Int64.
    @inline(__always)
    static func divsteps62(_ delta: Int64, _ f0: UInt64, _ g0: UInt64) -> (Int64, Int64, Int64, Int64, Int64) {
        var u: UInt64 = 1, v: UInt64 = 0, q: UInt64 = 0, r: UInt64 = 1
        var f = f0, g = g0
        var d = UInt64(bitPattern: delta)
        for _ in 0..<62 {
            // c1: all ones when δ > 0 (|δ| is small, so the sign of −δ says it); c2: all ones when g is odd.
            let c1 = UInt64(bitPattern: Int64(bitPattern: 0 &- d) &>> 63)
            let c2 = 0 &- (g & 1)
            // g ← g ± f (and q, r alike) when g is odd: −f when δ > 0, +f otherwise.
            g = g &+ (((f ^ c1) &- c1) & c2)
            q = q &+ (((u ^ c1) &- c1) & c2)
            r = r &+ (((v ^ c1) &- c1) & c2)
            // When δ > 0 and g was odd: f ← f + (g − f) = old g, (u, v) ← old (q, r), δ ← −δ.
            let c = c1 & c2
            f = f &+ (g & c)
            u = u &+ (q & c)
            v = v &+ (r & c)
            d = (d ^ c) &- c
            // Halve g (g is even now): the rows of f double relative to the new scale.
            g = g &>> 1; u = u &<< 1; v = v &<< 1
            d = d &+ 1
        }
        return (Int64(bitPattern: d), Int64(bitPattern: u), Int64(bitPattern: v), Int64(bitPattern: q), Int64(bitPattern: r))
    }

    @inline(__always)
    static func wide(_ a: Int64, _ b: Int64) -> I128 { I128(a, times: b) }

    /// (f, g) ← ((u·f + v·g)/2^62, (q·f + r·g)/2^62), exactly (the low 62 bits are zero by construction).
    /// Limbs 0…7 come out in [0, 2^62), limb 8 signed. |f|, |g| < 2^522 and |u| + |v| ≤ 2^62: every column
    /// sum is below 2^126 in magnitude.
    @inline(__always)
    static func updateFG(_ f: UnsafeMutablePointer<Int64>, _ g: UnsafeMutablePointer<Int64>,
                         _ u: Int64, _ v: Int64, _ q: Int64, _ r: Int64) {
        var cf = wide(u, f[0]) &+ wide(v, g[0])
        var cg = wide(q, f[0]) &+ wide(r, g[0])
        cf = cf &>> 62; cg = cg &>> 62
        for i in 1..<9 {
            cf = cf &+ wide(u, f[i]) &+ wide(v, g[i])
            cg = cg &+ wide(q, f[i]) &+ wide(r, g[i])
            f[i &- 1] = Int64(bitPattern: cf._low) & mask62
            g[i &- 1] = Int64(bitPattern: cg._low) & mask62
            cf = cf &>> 62; cg = cg &>> 62
        }
        f[8] = Int64(bitPattern: cf._low)
        g[8] = Int64(bitPattern: cg._low)
    }

    /// (d, e) ← ((u·d + v·e)/2^62, (q·d + r·e)/2^62) mod M, with multiples md, me of M added so that the low
    /// 62 bits vanish (libsecp256k1's update_de_62): d, e in (−2M, M) stay in (−2M, M). Constant time.
    @inline(__always)
    static func updateDE(_ d: UnsafeMutablePointer<Int64>, _ e: UnsafeMutablePointer<Int64>,
                         _ u: Int64, _ v: Int64, _ q: Int64, _ r: Int64, _ m: UnsafePointer<Int64>, _ inverse62: UInt64) {
        let sd = d[8] &>> 63, se = e[8] &>> 63
        // [md, me] start as [u, q] if d < 0, plus [v, r] if e < 0.
        var md = (u & sd) &+ (v & se)
        var me = (q & sd) &+ (r & se)
        var cd = wide(u, d[0]) &+ wide(v, e[0])
        var ce = wide(q, d[0]) &+ wide(r, e[0])
        // Correct md, me so that t·[d, e] + M·[md, me] has 62 zero bottom bits.
        md = md &- (Int64(bitPattern: inverse62 &* cd._low &+ UInt64(bitPattern: md)) & mask62)
        me = me &- (Int64(bitPattern: inverse62 &* ce._low &+ UInt64(bitPattern: me)) & mask62)
        cd = cd &+ wide(m[0], md); ce = ce &+ wide(m[0], me)
        cd = cd &>> 62; ce = ce &>> 62
        for i in 1..<9 {
            cd = cd &+ wide(u, d[i]) &+ wide(v, e[i]) &+ wide(m[i], md)
            ce = ce &+ wide(q, d[i]) &+ wide(r, e[i]) &+ wide(m[i], me)
            d[i &- 1] = Int64(bitPattern: cd._low) & mask62
            e[i &- 1] = Int64(bitPattern: ce._low) & mask62
            cd = cd &>> 62; ce = ce &>> 62
        }
        d[8] = Int64(bitPattern: cd._low)
        e[8] = Int64(bitPattern: ce._low)
    }

    /// r in (−2M, M) → (sign < 0 ? −r : r) mod M in [0, M) (libsecp256k1's normalize_62). Constant time.
    @inline(__always)
    static func normalize(_ r: UnsafeMutablePointer<Int64>, _ sign: Int64, _ m: UnsafePointer<Int64>) {
        // Add M if negative: (−M, M); negate if asked; propagate; add M if still negative: [0, M).
        var add = r[8] &>> 63
        for i in 0..<9 { r[i] = r[i] &+ (m[i] & add) }
        let negate = sign &>> 63
        for i in 0..<9 { r[i] = (r[i] ^ negate) &- negate }
        for i in 0..<8 { r[i &+ 1] = r[i &+ 1] &+ (r[i] &>> 62); r[i] &= mask62 }
        add = r[8] &>> 63
        for i in 0..<9 { r[i] = r[i] &+ (m[i] & add) }
        for i in 0..<8 { r[i &+ 1] = r[i &+ 1] &+ (r[i] &>> 62); r[i] &= mask62 }
    }

    /// x⁻¹ mod M for x < M given as canonical 64-bit words (0 maps to 0), in constant time.
    package static func inverse(_ x: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
                        modulus: Modulus) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        // f, g, d, e, then M: five fixed-size blocks of nine limbs on the stack.
        let z: Signed62 = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        var state = (modulus.limbs, signed62(x), z, (1, 0, 0, 0, 0, 0, 0, 0, 0) as Signed62, modulus.limbs)
        let result: Signed62 = withUnsafeMutableBytes(of: &state) { raw in
            let base = raw.baseAddress!.bindMemory(to: Int64.self, capacity: 45)
            let f = base, g = base + 9, d = base + 18, e = base + 27, m = UnsafePointer(base + 36)
            // Invariants: f ≡ d·x and g ≡ e·x (mod M); f = M, g = x, d = 0, e = 1 at the start.
            var delta: Int64 = 1
            for _ in 0..<modulus.batches {
                let f0 = UInt64(bitPattern: f[0]) | (UInt64(bitPattern: f[1]) &<< 62)
                let g0 = UInt64(bitPattern: g[0]) | (UInt64(bitPattern: g[1]) &<< 62)
                let (nd, u, v, q, r) = divsteps62(delta, f0, g0)
                delta = nd
                updateFG(f, g, u, v, q, r)
                updateDE(d, e, u, v, q, r, m, modulus.inverse62)
            }
            // Now g = 0 and f = ±gcd = ±1 (or f = ±M when x = 0, with d = 0): x⁻¹ = ±d.
            normalize(d, f[8], m)
            let out = (d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8])
            CT.wipe(raw.baseAddress!, byteCount: 36 * 8)
            return out
        }
        return words(result)
    }
}
