// Arithmetic in GF(2²⁵⁵ − 19), radix 2⁵¹: five UInt64 limbs, products accumulated in 128 bits (ConstantTime's `U128`;
// the standard library's 128-bit type is above the package's Apple floor).
//
// Every operation here is constant time in the values (no branch, no address depends on a limb); the
// variable-time helpers are named `…VarTime` and only see public data.
//
// Limb bounds. "Reduced" means every limb < 2⁵¹ + 2¹⁹ (what `mul`, `square`, `sub` and `carried` return; a product
// of inputs below 2⁵⁴ has its limb 1 below 2⁵¹ + 2¹⁸, the others below 2⁵¹).
// `add` of two reduced elements gives limbs < 2⁵²·1.01, and one more `add` on top of that < 2⁵³·1.01; `mul`
// and `square` accept limbs < 2⁵⁴ (the column sums then stay below 2¹¹⁵, so every carry fits 64 bits).
// `sub` accepts a < 2⁵⁴ and b < 2⁵³ (it adds 4p first) and carries, so its result is reduced again;
// `subtractLoose` does not carry: for reduced a and b (or a < 2⁵³) its limbs stay below 2⁵⁴.
//
// Products go through `U128(_low:_high:)` and `multipliedFullWidth(by:)`, which a debug build inlines (they are
// `public @_transparent`: ConstantTime's Wide.swift): generic 128-bit conversions would make debug builds many
// times slower.

import ConstantTime


@usableFromInline
struct FieldElement: Sendable {
    @usableFromInline var l0: UInt64
    @usableFromInline var l1: UInt64
    @usableFromInline var l2: UInt64
    @usableFromInline var l3: UInt64
    @usableFromInline var l4: UInt64

    @inline(__always)
    init(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64) {
        self.l0 = l0; self.l1 = l1; self.l2 = l2; self.l3 = l3; self.l4 = l4
    }

    static let mask51: UInt64 = (1 << 51) - 1

    static var zero: FieldElement { FieldElement(0, 0, 0, 0, 0) }
    static var one: FieldElement { FieldElement(1, 0, 0, 0, 0) }
    /// d = −121665/121666 (RFC 8032 §5.1).
    static var d: FieldElement {
        FieldElement(0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029, 0x739c663a03cbb, 0x52036cee2b6ff)
    }
    /// 2·d.
    static var d2: FieldElement {
        FieldElement(0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977, 0x2406d9dc56dff)
    }
    /// 2^((p−1)/4), a square root of −1.
    static var sqrtMinusOne: FieldElement {
        FieldElement(0x61b274a0ea0b0, 0xd5a5fc8f189d, 0x7ef5e9cbd0c60, 0x78595a6804c9e, 0x2b8324804fc1d)
    }

    // MARK: Bytes

    @inline(__always)
    static func load64(_ b: UnsafeRawBufferPointer, _ o: Int) -> UInt64 {
        var w: UInt64 = 0
        for i in 0..<8 { w |= UInt64(b[o &+ i]) &<< UInt64(8 &* i) }
        return w
    }

    /// 32 little-endian bytes; bit 255 is ignored (the caller reads it as the sign of x). The value may be
    /// ≥ p (see `isCanonicalVarTime`); arithmetic treats it modulo p.
    init(bytes b: UnsafeRawBufferPointer) {
        let m = FieldElement.mask51
        l0 = FieldElement.load64(b, 0) & m
        l1 = (FieldElement.load64(b, 6) &>> 3) & m
        l2 = (FieldElement.load64(b, 12) &>> 6) & m
        l3 = (FieldElement.load64(b, 19) &>> 1) & m
        l4 = (FieldElement.load64(b, 24) &>> 12) & m
    }

    /// True when the 255-bit value in `b` (bit 255 ignored) is < p, i.e. a canonical encoding. Public data only.
    static func isCanonicalVarTime(_ b: UnsafeRawBufferPointer) -> Bool {
        let y = FieldElement(bytes: b)
        let m = mask51
        // y ≥ p ⇔ y ∈ [2²⁵⁵ − 19, 2²⁵⁵ − 1]: the four high limbs all ones and l0 ≥ 2⁵¹ − 19.
        return !(y.l4 == m && y.l3 == m && y.l2 == m && y.l1 == m && y.l0 >= m &- 18)
    }

    /// The fully reduced value (< p), constant time.
    func canonical() -> FieldElement {
        // Two passes leave every limb < 2⁵¹ (a second carry out of l4 only happens when l0 is tiny), so t < 2p.
        var t = carried().carried()
        // q = 1 iff t ≥ p, found as the carry out of t + 19 past bit 255.
        var q = (t.l0 &+ 19) &>> 51
        q = (t.l1 &+ q) &>> 51
        q = (t.l2 &+ q) &>> 51
        q = (t.l3 &+ q) &>> 51
        q = (t.l4 &+ q) &>> 51
        t.l0 &+= 19 &* q
        let m = FieldElement.mask51
        t.l1 &+= t.l0 &>> 51; t.l0 &= m
        t.l2 &+= t.l1 &>> 51; t.l1 &= m
        t.l3 &+= t.l2 &>> 51; t.l2 &= m
        t.l4 &+= t.l3 &>> 51; t.l3 &= m
        t.l4 &= m
        return t
    }

    /// The canonical 32-byte little-endian encoding, written into `out` (32 bytes). Bit 255 is 0.
    func write(to out: UnsafeMutableRawBufferPointer) {
        let t = canonical()
        let w0 = t.l0 | (t.l1 &<< 51)
        let w1 = (t.l1 &>> 13) | (t.l2 &<< 38)
        let w2 = (t.l2 &>> 26) | (t.l3 &<< 25)
        let w3 = (t.l3 &>> 39) | (t.l4 &<< 12)
        for i in 0..<8 {
            let s = UInt64(8 &* i)
            out[i] = UInt8(truncatingIfNeeded: w0 &>> s)
            out[8 &+ i] = UInt8(truncatingIfNeeded: w1 &>> s)
            out[16 &+ i] = UInt8(truncatingIfNeeded: w2 &>> s)
            out[24 &+ i] = UInt8(truncatingIfNeeded: w3 &>> s)
        }
    }

    /// The low bit of the canonical value ("negative" in RFC 8032 terms), 0 or 1, constant time.
    var parity: UInt64 { canonical().l0 & 1 }

    /// All-ones when the value is 0 mod p, else 0; constant time.
    var isZeroMask: UInt64 {
        let t = canonical()
        let z = t.l0 | t.l1 | t.l2 | t.l3 | t.l4
        return ((z | (0 &- z)) &>> 63) &- 1
    }

    /// Equality mod p, for public values.
    func equalsVarTime(_ o: FieldElement) -> Bool {
        let a = canonical(), b = o.canonical()
        return a.l0 == b.l0 && a.l1 == b.l1 && a.l2 == b.l2 && a.l3 == b.l3 && a.l4 == b.l4
    }

    // MARK: Arithmetic

    /// One carry pass: limbs < 2⁵¹ + 2¹⁹ afterwards (for inputs < 2⁶³).
    @inline(__always)
    func carried() -> FieldElement {
        let m = FieldElement.mask51
        var t = self
        var c = t.l0 &>> 51; t.l0 &= m; t.l1 &+= c
        c = t.l1 &>> 51; t.l1 &= m; t.l2 &+= c
        c = t.l2 &>> 51; t.l2 &= m; t.l3 &+= c
        c = t.l3 &>> 51; t.l3 &= m; t.l4 &+= c
        c = t.l4 &>> 51; t.l4 &= m; t.l0 &+= c &* 19
        return t
    }

    @inline(__always)
    static func + (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(a.l0 &+ b.l0, a.l1 &+ b.l1, a.l2 &+ b.l2, a.l3 &+ b.l3, a.l4 &+ b.l4)
    }

    /// a − b, computed as a + 4p − b and carried (so the result is reduced).
    @inline(__always)
    static func - (a: FieldElement, b: FieldElement) -> FieldElement {
        // 4p in radix 2⁵¹: 4·(2⁵¹ − 19), then 4·(2⁵¹ − 1) four times.
        let lo: UInt64 = 0x1f_ffff_ffff_ffb4, hi: UInt64 = 0x1f_ffff_ffff_fffc
        return FieldElement(
            a.l0 &+ lo &- b.l0, a.l1 &+ hi &- b.l1, a.l2 &+ hi &- b.l2, a.l3 &+ hi &- b.l3, a.l4 &+ hi &- b.l4
        ).carried()
    }

    /// a − b as a + 4p − b without the carry pass, for a < 2⁵³ and b < 2⁵³ (limbs < 2⁵⁴, which `*` accepts): the
    /// mixed addition feeds such differences straight into multiplications, as ref10 lets its limbs grow.
    @inline(__always)
    static func subtractLoose(_ a: FieldElement, _ b: FieldElement) -> FieldElement {
        let lo: UInt64 = 0x1f_ffff_ffff_ffb4, hi: UInt64 = 0x1f_ffff_ffff_fffc
        return FieldElement(a.l0 &+ lo &- b.l0, a.l1 &+ hi &- b.l1, a.l2 &+ hi &- b.l2, a.l3 &+ hi &- b.l3,
                            a.l4 &+ hi &- b.l4)
    }

    @inline(__always)
    static prefix func - (a: FieldElement) -> FieldElement { FieldElement.zero - a }

    @inline(__always)
    static func wide(_ a: UInt64, _ b: UInt64) -> U128 {
        let (h, l) = a.multipliedFullWidth(by: b)
        return U128(_low: l, _high: h)
    }

    /// The bits of a column sum above the low 51, as the next column's carry-in.
    @inline(__always)
    static func carry(_ r: U128) -> U128 {
        U128(_low: (r._low &>> 51) | (r._high &<< 13), _high: 0)
    }

    /// The last step of `*` and `squared()`: limbs o0…o4 (each < 2⁵¹) and column 4's sum r4, whose bits above 51
    /// wrap around to limb 0 times 19 (2²⁵⁵ ≡ 19). The carry is < 2⁶⁴ by the input bounds (column sums < 2¹¹⁵), but
    /// 19 times it may not fit 64 bits.
    @inline(__always)
    static func fold(_ o0: UInt64, _ o1: UInt64, _ o2: UInt64, _ o3: UInt64, _ r4: U128) -> FieldElement {
        let m = mask51
        let c = (r4._low &>> 51) | (r4._high &<< 13)
        let t0 = wide(c, 19) &+ U128(_low: o0, _high: 0)
        let t1 = o1 &+ ((t0._low &>> 51) | (t0._high &<< 13))
        return FieldElement(t0._low & m, t1, o2, o3, r4._low & m)
    }

    /// Schoolbook product with the columns above limb 4 folded in times 19. Column by column, each carried into
    /// the next as soon as it is complete, so one 128-bit sum is live at a time (about 1 % fewer instructions per
    /// signature than five sums reduced at the end).
    @inline(__always)
    static func * (a: FieldElement, b: FieldElement) -> FieldElement {
        let m = mask51
        let b1 = b.l1 &* 19, b2 = b.l2 &* 19, b3 = b.l3 &* 19, b4 = b.l4 &* 19
        let r0 = wide(a.l0, b.l0) &+ wide(a.l1, b4) &+ wide(a.l2, b3) &+ wide(a.l3, b2) &+ wide(a.l4, b1)
        let r1 = wide(a.l0, b.l1) &+ wide(a.l1, b.l0) &+ wide(a.l2, b4) &+ wide(a.l3, b3) &+ wide(a.l4, b2)
            &+ carry(r0)
        let r2 = wide(a.l0, b.l2) &+ wide(a.l1, b.l1) &+ wide(a.l2, b.l0) &+ wide(a.l3, b4) &+ wide(a.l4, b3)
            &+ carry(r1)
        let r3 = wide(a.l0, b.l3) &+ wide(a.l1, b.l2) &+ wide(a.l2, b.l1) &+ wide(a.l3, b.l0) &+ wide(a.l4, b4)
            &+ carry(r2)
        let r4 = wide(a.l0, b.l4) &+ wide(a.l1, b.l3) &+ wide(a.l2, b.l2) &+ wide(a.l3, b.l1) &+ wide(a.l4, b.l0)
            &+ carry(r3)
        return fold(r0._low & m, r1._low & m, r2._low & m, r3._low & m, r4)
    }

    @inline(__always)
    func squared() -> FieldElement {
        typealias F = FieldElement
        let a0 = l0, a1 = l1, a2 = l2, a3 = l3, a4 = l4
        let d0 = a0 &* 2, d1 = a1 &* 2
        let a3_19 = a3 &* 19, a4_19 = a4 &* 19
        let m = F.mask51
        let r0 = F.wide(a0, a0) &+ F.wide(d1, a4_19) &+ F.wide(a2 &* 2, a3_19)
        let r1 = F.wide(d0, a1) &+ F.wide(a2 &* 2, a4_19) &+ F.wide(a3, a3_19) &+ F.carry(r0)
        let r2 = F.wide(d0, a2) &+ F.wide(a1, a1) &+ F.wide(a3 &* 2, a4_19) &+ F.carry(r1)
        let r3 = F.wide(d0, a3) &+ F.wide(d1, a2) &+ F.wide(a4, a4_19) &+ F.carry(r2)
        let r4 = F.wide(d0, a4) &+ F.wide(d1, a3) &+ F.wide(a2, a2) &+ F.carry(r3)
        return F.fold(r0._low & m, r1._low & m, r2._low & m, r3._low & m, r4)
    }

    /// self · 121665 (a24 = (A − 2)/4 of Curve25519, RFC 7748 §5: the one constant the Montgomery ladder multiplies
    /// by). Accepts limbs < 2⁵⁴; each column is < 2⁷¹, so its carry fits 64 bits; the result is reduced.
    @inline(__always)
    func timesA24() -> FieldElement {
        typealias F = FieldElement
        let a24: UInt64 = 121_665
        let m = F.mask51
        let r0 = F.wide(l0, a24)
        let r1 = F.wide(l1, a24) &+ F.carry(r0)
        let r2 = F.wide(l2, a24) &+ F.carry(r1)
        let r3 = F.wide(l3, a24) &+ F.carry(r2)
        let r4 = F.wide(l4, a24) &+ F.carry(r3)
        return F.fold(r0._low & m, r1._low & m, r2._low & m, r3._low & m, r4)
    }

    /// self^(2ⁿ), n ≥ 1.
    @inline(__always)
    func squared(times n: Int) -> FieldElement {
        var t = squared()
        for _ in 1..<n { t = t.squared() }
        return t
    }

    /// (self^(2²⁵⁰ − 1), self^11): the common part of the inversion and square-root chains.
    private func pow2250m1() -> (FieldElement, FieldElement) {
        let z2 = squared()                       // 2
        let z9 = z2.squared(times: 2) * self     // 9
        let z11 = z9 * z2                        // 11
        let z2_5_0 = z11.squared() * z9          // 2⁵ − 1
        let z2_10_0 = z2_5_0.squared(times: 5) * z2_5_0
        let z2_20_0 = z2_10_0.squared(times: 10) * z2_10_0
        let z2_40_0 = z2_20_0.squared(times: 20) * z2_20_0
        let z2_50_0 = z2_40_0.squared(times: 10) * z2_10_0
        let z2_100_0 = z2_50_0.squared(times: 50) * z2_50_0
        let z2_200_0 = z2_100_0.squared(times: 100) * z2_100_0
        let z2_250_0 = z2_200_0.squared(times: 50) * z2_50_0
        return (z2_250_0, z11)
    }

    /// self^(p − 2) = self⁻¹ (0 for 0), constant time.
    func inverted() -> FieldElement {
        let (t, z11) = pow2250m1()
        return t.squared(times: 5) * z11         // 2²⁵⁵ − 32 + 11 = p − 2
    }

    /// self^((p − 5)/8) = self^(2²⁵² − 3), constant time.
    func pow22523() -> FieldElement {
        let (t, _) = pow2250m1()
        return t.squared(times: 2) * self        // 2²⁵² − 4 + 1
    }

    /// self | (other & mask): with self starting at 0, ORs in the one entry whose mask is all ones (a table scan
    /// with one AND and one OR a limb).
    @inline(__always)
    mutating func accumulate(_ other: FieldElement, _ mask: UInt64) {
        l0 |= other.l0 & mask
        l1 |= other.l1 & mask
        l2 |= other.l2 & mask
        l3 |= other.l3 & mask
        l4 |= other.l4 & mask
    }

    /// Exchanges a and b where `mask` is all ones (mask is 0 or all ones).
    @inline(__always)
    static func conditionalSwap(_ a: inout FieldElement, _ b: inout FieldElement, _ mask: UInt64) {
        let t0 = (a.l0 ^ b.l0) & mask, t1 = (a.l1 ^ b.l1) & mask, t2 = (a.l2 ^ b.l2) & mask
        let t3 = (a.l3 ^ b.l3) & mask, t4 = (a.l4 ^ b.l4) & mask
        a.l0 ^= t0; a.l1 ^= t1; a.l2 ^= t2; a.l3 ^= t3; a.l4 ^= t4
        b.l0 ^= t0; b.l1 ^= t1; b.l2 ^= t2; b.l3 ^= t3; b.l4 ^= t4
    }

    /// Replaces self by `other` where `mask` is all ones (mask is 0 or all ones).
    @inline(__always)
    mutating func conditionalAssign(_ other: FieldElement, _ mask: UInt64) {
        l0 ^= (l0 ^ other.l0) & mask
        l1 ^= (l1 ^ other.l1) & mask
        l2 ^= (l2 ^ other.l2) & mask
        l3 ^= (l3 ^ other.l3) & mask
        l4 ^= (l4 ^ other.l4) & mask
    }
}
