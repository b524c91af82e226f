// Addition, subtraction, multiplication, shifts and division with remainder for BigUInt.
// Schoolbook algorithms over the limb kernels; division is Knuth's Algorithm D
// (The Art of Computer Programming, vol. 2, §4.3.1).

import ConstantTime

extension BigUInt {
    /// Sum.
    public static func + (a: BigUInt, b: BigUInt) -> BigUInt {
        let (long, short) = a.limbs.count >= b.limbs.count ? (a, b) : (b, a)
        var out = long.limbs
        out.append(0)
        let n = short.limbs.count
        out.withUnsafeMutableBufferPointer { o in
            short.limbs.withUnsafeBufferPointer { s in
                guard n > 0 else { return }
                var carry = Limbs.add(o.baseAddress!, s.baseAddress!, count: n)
                var j = n
                while carry != 0 {
                    let v = U128(_low: o[j], _high: 0) &+ U128(_low: carry, _high: 0)
                    o[j] = v._low
                    carry = v._high
                    j += 1
                }
            }
        }
        return BigUInt(limbs: out)
    }

    /// Adds in place.
    public static func += (a: inout BigUInt, b: BigUInt) { a = a + b }

    /// `a − b`, or nil if `b > a`.
    public func subtractingIfNotNegative(_ b: BigUInt) -> BigUInt? {
        guard BigUInt.compare(self, b) >= 0 else { return nil }
        var out = limbs
        let n = b.limbs.count
        out.withUnsafeMutableBufferPointer { o in
            b.limbs.withUnsafeBufferPointer { s in
                guard n > 0 else { return }
                var borrow = Limbs.subtract(o.baseAddress!, o.baseAddress!, s.baseAddress!, count: n)
                var j = n
                while borrow != 0 {
                    let v = U128(_low: o[j], _high: 0) &- U128(_low: borrow, _high: 0)
                    o[j] = v._low
                    borrow = v._high & 1
                    j += 1
                }
            }
        }
        return BigUInt(limbs: out)
    }

    /// `a − b`. Precondition: `a ≥ b` (use ``subtractingIfNotNegative(_:)`` when that is not known).
    public static func - (a: BigUInt, b: BigUInt) -> BigUInt {
        guard let d = a.subtractingIfNotNegative(b) else { preconditionFailure("BigUInt subtraction underflow") }
        return d
    }

    /// Subtracts in place. Precondition: `a ≥ b`.
    public static func -= (a: inout BigUInt, b: BigUInt) { a = a - b }

    /// Schoolbook product.
    public static func * (a: BigUInt, b: BigUInt) -> BigUInt {
        if a.isZero || b.isZero { return BigUInt() }
        let n = a.limbs.count, m = b.limbs.count
        var out = [UInt64](repeating: 0, count: n + m)
        out.withUnsafeMutableBufferPointer { o in
            a.limbs.withUnsafeBufferPointer { pa in
                b.limbs.withUnsafeBufferPointer { pb in
                    for i in 0..<m {
                        o[i + n] = Limbs.multiplyAccumulate(o.baseAddress! + i, pa.baseAddress!, count: n, by: pb[i])
                    }
                }
            }
        }
        return BigUInt(limbs: out)
    }

    /// Multiplies in place.
    public static func *= (a: inout BigUInt, b: BigUInt) { a = a * b }

    /// `a · 2^shift`. A negative shift shifts right.
    public static func << (a: BigUInt, shift: Int) -> BigUInt {
        if shift < 0 { return a >> (0 - shift) }
        if a.isZero || shift == 0 { return a }
        let limbShift = shift / 64, bitShift = UInt64(shift % 64)
        var out = [UInt64](repeating: 0, count: a.limbs.count + limbShift + 1)
        for (i, l) in a.limbs.enumerated() {
            out[i + limbShift] |= l << bitShift
            if bitShift != 0 { out[i + limbShift + 1] = l >> (64 - bitShift) }
        }
        return BigUInt(limbs: out)
    }

    /// `⌊a / 2^shift⌋`. A negative shift shifts left.
    public static func >> (a: BigUInt, shift: Int) -> BigUInt {
        if shift < 0 { return a << (0 - shift) }
        let limbShift = shift / 64, bitShift = UInt64(shift % 64)
        guard limbShift < a.limbs.count else { return BigUInt() }
        var out = [UInt64](repeating: 0, count: a.limbs.count - limbShift)
        for i in 0..<out.count {
            out[i] = a.limbs[i + limbShift] >> bitShift
            if bitShift != 0 && i + limbShift + 1 < a.limbs.count {
                out[i] |= a.limbs[i + limbShift + 1] << (64 - bitShift)
            }
        }
        return BigUInt(limbs: out)
    }

    /// Shifts left in place.
    public static func <<= (a: inout BigUInt, shift: Int) { a = a << shift }
    /// Shifts right in place.
    public static func >>= (a: inout BigUInt, shift: Int) { a = a >> shift }

    /// Quotient and remainder of `self / divisor`. Precondition: `divisor` is not zero.
    public func quotientAndRemainder(dividingBy divisor: BigUInt) -> (quotient: BigUInt, remainder: BigUInt) {
        precondition(!divisor.isZero, "BigUInt division by zero")
        if BigUInt.compare(self, divisor) < 0 { return (BigUInt(), self) }
        if divisor.limbs.count == 1 {
            let d = divisor.limbs[0]
            var q = [UInt64](repeating: 0, count: limbs.count)
            var r: UInt64 = 0
            for i in stride(from: limbs.count - 1, through: 0, by: -1) {
                // r < d, so the two-limb dividend's quotient fits one limb.
                let (qi, ri) = d.dividingFullWidth((high: r, low: limbs[i]))
                q[i] = qi
                r = ri
            }
            return (BigUInt(limbs: q), BigUInt(r))
        }
        return BigUInt.knuthDivide(self, divisor)
    }

    /// Quotient (truncating). Precondition: `b` is not zero.
    public static func / (a: BigUInt, b: BigUInt) -> BigUInt { a.quotientAndRemainder(dividingBy: b).quotient }
    /// Remainder. Precondition: `b` is not zero.
    public static func % (a: BigUInt, b: BigUInt) -> BigUInt { a.quotientAndRemainder(dividingBy: b).remainder }

    /// Algorithm D for a divisor of at least two limbs and a dividend not below it.
    private static func knuthDivide(_ u: BigUInt, _ v: BigUInt) -> (quotient: BigUInt, remainder: BigUInt) {
        // D1. Normalise so the divisor's top bit is set; the dividend gets one extra limb.
        let s = v.limbs.last!.leadingZeroBitCount
        let vn = (v << s).limbs
        var un = (u << s).limbs
        while un.count < u.limbs.count + 1 { un.append(0) }
        let n = vn.count
        let m = un.count - n - 1
        var q = [UInt64](repeating: 0, count: m + 1)
        let vTop = vn[n - 1], vNext = vn[n - 2]
        for j in stride(from: m, through: 0, by: -1) {
            // D3. Estimate q̂ from the top two limbs, then correct it with the third (at most twice).
            // un[j+n] ≤ v's top limb always; when equal, q̂ starts at b − 1 (Knuth's cap). q̂ < b always; r̂ may
            // reach b, which `rhatCarry` records (r̂ = rhatCarry·b + rhat).
            var qhat: UInt64
            var rhat: UInt64
            var rhatCarry = false
            if un[j + n] < vTop {
                (qhat, rhat) = vTop.dividingFullWidth((high: un[j + n], low: un[j + n - 1]))
            } else {
                qhat = UInt64.max
                // (u_top·b + u_next) − (b − 1)·v_top, u_top = v_top
                (rhat, rhatCarry) = un[j + n - 1].addingReportingOverflow(vTop)
            }
            // While r̂ < b and q̂·v_next > r̂·b + u[j+n−2] (two-limb values compared high limb first).
            while !rhatCarry {
                let p = qhat.multipliedFullWidth(by: vNext)
                guard p.high > rhat || (p.high == rhat && p.low > un[j + n - 2]) else { break }
                qhat -= 1
                (rhat, rhatCarry) = rhat.addingReportingOverflow(vTop)
            }
            // D4. Multiply and subtract q̂·v from un[j ... j+n].
            let q64 = qhat
            var carry: UInt64 = 0
            var borrow: UInt64 = 0
            for i in 0..<n {
                let p = U128(_low: q64, _high: 0) &* U128(_low: vn[i], _high: 0) &+ U128(_low: carry, _high: 0)
                carry = p._high
                let d = U128(_low: un[i + j], _high: 0) &- U128(_low: p._low, _high: 0) &- U128(_low: borrow, _high: 0)
                un[i + j] = d._low
                borrow = d._high & 1
            }
            let d = U128(_low: un[j + n], _high: 0) &- U128(_low: carry, _high: 0) &- U128(_low: borrow, _high: 0)
            un[j + n] = d._low
            var qj = q64
            if d._high != 0 {
                // D6. Add back: q̂ was one too large (rare).
                qj &-= 1
                var c: UInt64 = 0
                for i in 0..<n {
                    let s2 = U128(_low: un[i + j], _high: 0) &+ U128(_low: vn[i], _high: 0) &+ U128(_low: c, _high: 0)
                    un[i + j] = s2._low
                    c = s2._high
                }
                un[j + n] &+= c
            }
            q[j] = qj
        }
        // D8. Unnormalise the remainder.
        let r = BigUInt(limbs: Array(un[0..<n])) >> s
        return (BigUInt(limbs: q), r)
    }
}
