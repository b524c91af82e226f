import ConstantTime
import Testing
import TestSupport

/// ConstantTime's PortableU128 / PortableI128 — the 128-bit arithmetic of the limb code on Apple systems, where the
/// package's floor is below the standard library's UInt128 — against UInt128 / Int128 (Linux builds use those
/// directly, so only here does the portable code run on CI). Random operands plus the edges (0, 1, 2⁶⁴ − 1, 2⁶³).
@Suite("PortableU128 and PortableI128 agree with UInt128 and Int128")
struct PortableU128Tests {
    static let edges: [UInt64] = [0, 1, 2, 0x7fff_ffff_ffff_ffff, 0x8000_0000_0000_0000, .max - 1, .max]

    static func operands(_ n: Int) -> [(UInt64, UInt64)] {
        var rng = SplitMix64(seed: 0x128_128)
        var out: [(UInt64, UInt64)] = []
        for a in edges { for b in edges { out.append((a, b)) } }
        for _ in 0..<n { out.append((rng.next(), rng.next())) }
        return out
    }

    @Test func unsignedOperations() {
        let xs = Self.operands(2_000), ys = Self.operands(2_000).reversed().map { $0 }
        var checked = 0
        for (x, y) in zip(xs, ys) {
            let p = PortableU128(_low: x.0, _high: x.1), q = PortableU128(_low: y.0, _high: y.1)
            let u = UInt128(_low: x.0, _high: x.1), v = UInt128(_low: y.0, _high: y.1)
            func same(_ a: PortableU128, _ b: UInt128) -> Bool { a._low == b._low && a._high == b._high }
            #expect(same(p &+ q, u &+ v))
            #expect(same(p &- q, u &- v))
            #expect(same(p &* q, u &* v))
            for s in [0, 1, 57, 58, 63, 64, 65, 127] { #expect(same(p &>> s, u &>> s), "\(x) >> \(s)") }
            checked += 1
        }
        #expect(checked == 2_049)
    }

    @Test func signedOperations() {
        let xs = Self.operands(2_000), ys = Self.operands(2_000).reversed().map { $0 }
        var checked = 0
        for (x, y) in zip(xs, ys) {
            let a = Int64(bitPattern: x.0), b = Int64(bitPattern: y.0 ^ x.1)
            let p = PortableI128(a, times: b), w = Int128(a) &* Int128(b)
            #expect(p._low == w._low && p._high == w._high)
            let q = PortableI128(_low: x.1, _high: Int64(bitPattern: y.1))
            let z = Int128(_low: x.1, _high: Int64(bitPattern: y.1))
            let s = p &+ q, t = w &+ z
            #expect(s._low == t._low && s._high == t._high)
            for k in [1, 30, 62, 63] {
                let r = s &>> k, e = t &>> k
                #expect(r._low == e._low && r._high == e._high)
            }
            checked += 1
        }
        #expect(checked == 2_049)
    }

    /// ConstantTime's `Limb` word operations (ECDSA's Montgomery products on every platform) against `UInt128`.
    @Test func limbOperations() {
        let xs = Self.operands(2_000), ys = Self.operands(2_000).reversed().map { $0 }
        var checked = 0
        func same(_ a: (high: UInt64, low: UInt64), _ b: UInt128) -> Bool { a.high == b._high && a.low == b._low }
        func w(_ x: UInt64) -> UInt128 { UInt128(_low: x, _high: 0) }
        for (x, y) in zip(xs, ys) {
            let (a, b, c, d) = (x.0, x.1, y.0, y.1)
            #expect(same(Limb.mul(a, b), w(a) &* w(b)))
            #expect(same(Limb.mulAdd(a, b, c), w(a) &* w(b) &+ w(c)))
            #expect(same(Limb.mulAdd(a, b, c, d), w(a) &* w(b) &+ w(c) &+ w(d)))
            #expect(same(Limb.add(a, b), w(a) &+ w(b)))
            for carry: UInt64 in [0, 1] {
                #expect(same(Limb.add(a, b, carry), w(a) &+ w(b) &+ w(carry)))
                let e = w(a) &- w(b) &- w(carry), r = Limb.subtract(a, b, carry)
                #expect(r.low == e._low && r.borrow == e._high >> 63)
            }
            let p = (high: a, low: b), q = (high: c, low: d)
            #expect(same(Limb.add(p, q), UInt128(_low: b, _high: a) &+ UInt128(_low: d, _high: c)))
            for n: UInt64 in [1, 57, 58, 63] {
                #expect(same(Limb.shiftRight(p, n), UInt128(_low: b, _high: a) &>> n))
            }
            checked += 1
        }
        #expect(checked == 2_049)
    }
}
