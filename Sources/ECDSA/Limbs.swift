// Fixed-width limb helpers shared by the generated curve code: big-endian byte ⇄ little-endian 64-bit limb
// conversion, comparison, and the bit windows of the signer's comb (the wNAF recoder is
// ConstantTime's `WNAF`). Limb tuples are least-significant limb first.

import ConstantTime

enum ECDSALimbs {
    @inline(__always)
    static func word(_ b: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        var w: UInt64 = 0
        for i in 0..<8 { w = (w &<< 8) | UInt64(b[offset &+ i]) }
        return w
    }

    @inline(__always)
    static func put(_ w: UInt64, _ out: inout [UInt8], _ offset: Int) {
        for i in 0..<8 { out[offset &+ i] = UInt8(truncatingIfNeeded: w &>> UInt64(56 &- 8 &* i)) }
    }

    /// 32 big-endian bytes → 4 limbs. `b.count` must be 32.
    static func load4(_ b: UnsafeRawBufferPointer) -> (UInt64, UInt64, UInt64, UInt64) {
        precondition(b.count == 32)
        return (word(b, 24), word(b, 16), word(b, 8), word(b, 0))
    }

    /// 48 big-endian bytes → 6 limbs. `b.count` must be 48.
    static func load6(_ b: UnsafeRawBufferPointer) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        precondition(b.count == 48)
        return (word(b, 40), word(b, 32), word(b, 24), word(b, 16), word(b, 8), word(b, 0))
    }

    static func store4(_ l: (UInt64, UInt64, UInt64, UInt64)) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        put(l.3, &out, 0); put(l.2, &out, 8); put(l.1, &out, 16); put(l.0, &out, 24)
        return out
    }

    static func store6(_ l: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 48)
        put(l.5, &out, 0); put(l.4, &out, 8); put(l.3, &out, 16)
        put(l.2, &out, 24); put(l.1, &out, 32); put(l.0, &out, 40)
        return out
    }

    /// a − b − borrow (borrow ∈ {0, 1}); `borrow` becomes the borrow out. The generated field and scalar code
    /// chains these: swiftc -O turns the chain into one `sub`/`sbb` run, where the same chain written as
    /// 128-bit differences (then the standard library's 128-bit integer, now ConstantTime's `U128`) keeping `x._high & 1` compiled to an `add`/`adc`/`sar` triple per limb (a P-256
    /// field addition 54 → 26 instructions). The two overflow flags are combined as bits (a `Bool` → 0/1
    /// through `?:` compiled back to the long form). No branch.
    @inline(__always)
    static func subtractBorrowing(_ a: UInt64, _ b: UInt64, _ borrow: inout UInt64) -> UInt64 {
        let (d, o1) = a.subtractingReportingOverflow(b)
        let (r, o2) = d.subtractingReportingOverflow(borrow)
        borrow = UInt64(unsafeBitCast(o1, to: UInt8.self) | unsafeBitCast(o2, to: UInt8.self))
        return r
    }

    /// a < b, by the borrow of a − b (no data-dependent branches).
    @inline(__always)
    static func less4(_ a: (UInt64, UInt64, UInt64, UInt64), _ b: (UInt64, UInt64, UInt64, UInt64)) -> Bool {
        var borrow: UInt64 = 0
        _ = subtractBorrowing(a.0, b.0, &borrow)
        _ = subtractBorrowing(a.1, b.1, &borrow)
        _ = subtractBorrowing(a.2, b.2, &borrow)
        _ = subtractBorrowing(a.3, b.3, &borrow)
        return borrow == 1
    }

    /// a < b, by the borrow of a − b (no data-dependent branches).
    @inline(__always)
    static func less6(
        _ a: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64), _ b: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    ) -> Bool {
        var borrow: UInt64 = 0
        _ = subtractBorrowing(a.0, b.0, &borrow)
        _ = subtractBorrowing(a.1, b.1, &borrow)
        _ = subtractBorrowing(a.2, b.2, &borrow)
        _ = subtractBorrowing(a.3, b.3, &borrow)
        _ = subtractBorrowing(a.4, b.4, &borrow)
        _ = subtractBorrowing(a.5, b.5, &borrow)
        return borrow == 1
    }

    /// Bit i of a little-endian limb tuple viewed as raw memory (0 beyond the top).
    @inline(__always)
    static func bit(_ limbs: UnsafeBufferPointer<UInt64>, _ i: Int) -> Int {
        let w = i &>> 6
        guard w < limbs.count else { return 0 }
        return Int(truncatingIfNeeded: (limbs[w] &>> UInt64(i & 63)) & 1)
    }

    /// `count` (≤ 8) bits of `limbs` starting at bit i (0 beyond the top).
    @inline(__always)
    static func bits(_ limbs: UnsafeBufferPointer<UInt64>, _ i: Int, _ count: Int) -> Int {
        Int(truncatingIfNeeded: word64(limbs, i) & ((1 &<< UInt64(count)) &- 1))
    }

    /// 64 bits of `limbs` starting at bit i (0 beyond the top).
    @inline(__always)
    static func word64(_ limbs: UnsafeBufferPointer<UInt64>, _ i: Int) -> UInt64 {
        let w = i &>> 6
        guard w < limbs.count else { return 0 }
        let s = UInt64(i & 63)
        var v = limbs[w] &>> s
        if s != 0 && w &+ 1 < limbs.count { v |= limbs[w &+ 1] &<< (64 &- s) }
        return v
    }
}

extension ECDSALimbs {
    /// 66 big-endian bytes → 9 limbs (P-521: the top limb holds the first two bytes). `b.count` must be 66.
    static func load9(_ b: UnsafeRawBufferPointer) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        precondition(b.count == 66)
        let top = (UInt64(b[0]) &<< 8) | UInt64(b[1])
        return (word(b, 58), word(b, 50), word(b, 42), word(b, 34), word(b, 26), word(b, 18), word(b, 10), word(b, 2), top)
    }

    static func store9(_ l: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 66)
        out[0] = UInt8(truncatingIfNeeded: l.8 &>> 8)
        out[1] = UInt8(truncatingIfNeeded: l.8)
        put(l.7, &out, 2); put(l.6, &out, 10); put(l.5, &out, 18); put(l.4, &out, 26)
        put(l.3, &out, 34); put(l.2, &out, 42); put(l.1, &out, 50); put(l.0, &out, 58)
        return out
    }

    /// a < b, by the borrow of a − b (no data-dependent branches).
    @inline(__always)
    static func less9(
        _ a: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
        _ b: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    ) -> Bool {
        var a = a, b = b
        var borrow: UInt64 = 0
        withUnsafeBytes(of: &a) { ra in
            withUnsafeBytes(of: &b) { rb in
                let x = ra.bindMemory(to: UInt64.self), y = rb.bindMemory(to: UInt64.self)
                for i in 0..<9 {
                    let d = U128(_low: x[i], _high: 0) &- U128(_low: y[i], _high: 0) &- U128(_low: borrow, _high: 0)
                    borrow = d._high & 1
                }
            }
        }
        return borrow == 1
    }

    /// The limbs shifted right by `s` bits (0 < s < 64, a public constant): bits2int's drop of the bits beyond
    /// qlen (RFC 6979 §2.3.2) when the curve's order is not a whole number of bytes. No data-dependent branches.
    @inline(__always)
    static func shiftedRight<T>(_ l: T, by s: Int) -> T {
        var l = l
        withUnsafeMutableBytes(of: &l) { raw in
            let w = raw.bindMemory(to: UInt64.self)
            for i in 0..<w.count {
                let next = i + 1 < w.count ? w[i + 1] : 0
                w[i] = (w[i] &>> UInt64(s)) | (next &<< UInt64(64 - s))
            }
        }
        return l
    }
}
