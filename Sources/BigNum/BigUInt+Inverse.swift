// Modular inverse modulo an odd modulus by the binary extended Euclidean algorithm (HAC 14.61,
// specialised to an odd modulus so that halving mod m is an add-and-shift), on fixed limb buffers.
// Variable time: for public values only (RSA blinding inverts a value that is uniformly random
// and independent of the secret blinding factor, see RSA's private operation).

import ConstantTime

extension BigUInt {
    /// `self⁻¹ mod m` for an odd `m > 1`, or nil when `gcd(self, m) ≠ 1` (or `m` is even).
    /// Variable time in both values.
    public func inverseVarTime(modulo m: BigUInt) -> BigUInt? {
        guard let low = m.limbs.first, low & 1 == 1, m.bitWidth > 1 else { return nil }
        let a = BigUInt.compare(self, m) < 0 ? self : self % m
        guard !a.isZero else { return nil }
        let k = m.limbs.count
        let w = k + 2
        let out = m.limbs.withUnsafeBufferPointer { pm -> [UInt64]? in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4 * w) { buf -> [UInt64]? in
                let base = buf.baseAddress!
                base.initialize(repeating: 0, count: 4 * w)
                let u = base, v = base + w, r = base + 2 * w, s = base + 3 * w
                for i in 0..<k { u[i] = pm[i] }
                for (i, l) in a.limbs.enumerated() { v[i] = l }
                s[0] = 1
                guard let shifts = BigUInt.almostInverse(u, v, r, s, k) else { return nil }
                // r ≤ m; x = m − r ≡ a⁻¹·2^shifts (mod m), then divided by 2^shifts.
                let n = pm.baseAddress!
                if BigUInt.compareLimbs(r, n, k) >= 0 { _ = Limbs.subtract(r, r, n, count: k) }
                _ = Limbs.subtract(u, n, r, count: k)  // u = m − r (reusing u)
                u[k] = 0
                BigUInt.divideByPowerOfTwo(u, shifts, n, k)
                return Array(UnsafeBufferPointer(start: u, count: k))
            }
        }
        return out.map { BigUInt(limbs: $0) }
    }

    private static func compareLimbs(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, _ len: Int) -> Int {
        var i = len - 1
        while i >= 0 {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }

    /// Kaliski's almost inverse ("The Montgomery inverse and its applications", IEEE ToC 44(8), 1995,
    /// phase I) with the shifts taken a run of zero bits at a time. Invariant s·u + r·v = m, so r and
    /// s never exceed m, and as u and v shrink r and s grow: each step touches about k limbs in all.
    /// Returns the number of halvings K (then m − r ≡ a⁻¹·2^K), or nil if gcd(a, m) ≠ 1.
    /// (No nested functions: captured variables cost dynamic exclusivity checks in the loop.)
    private static func almostInverse(
        _ u: UnsafeMutablePointer<UInt64>, _ v: UnsafeMutablePointer<UInt64>,
        _ r: UnsafeMutablePointer<UInt64>, _ s: UnsafeMutablePointer<UInt64>, _ k: Int
    ) -> Int? {
        var lenUV = k      // u, v < 2^(64·lenUV)
        var lenRS = 1      // r, s < 2^(64·lenRS), lenRS ≤ k + 1
        var shifts = 0
        // v is odd and non-zero at the start (the caller passes a ≠ 0; m odd is in u); it becomes zero
        // only by v − u with u = v, which ends the loop.
        if v[0] & 1 == 0 {
            let t = trailingZeros(v)
            shiftRight(v, lenUV, t)
            lenRS = shiftLeft(r, lenRS, t, k + 1)
            shifts += t
        }
        while true {
            if u[0] & 1 == 0 {
                let t = trailingZeros(u)
                shiftRight(u, lenUV, t)
                lenRS = shiftLeft(s, lenRS, t, k + 1)
                shifts += t
            } else if v[0] & 1 == 0 {
                let t = trailingZeros(v)
                shiftRight(v, lenUV, t)
                lenRS = shiftLeft(r, lenRS, t, k + 1)
                shifts += t
            } else {
                let order = compareLimbs(u, v, lenUV)
                if order == 0 { break }  // v − u = 0: u is the gcd
                let (big, small, grow, double) = order > 0 ? (u, v, r, s) : (v, u, s, r)
                let low = big[0] &- small[0]
                if low != 0 {
                    // The usual case: the difference's zero run ends in its low limb. One pass
                    // subtracts and shifts, one adds and shifts: big = (big − small) >> t,
                    // grow = grow + double, double = double << t.
                    let t = low.trailingZeroBitCount
                    subtractShift(big, small, lenUV, t)
                    lenRS = addShift(grow, double, lenRS, t, k + 1)
                    shifts += t
                } else {
                    _ = Limbs.subtract(big, big, small, count: lenUV)
                    let c = Limbs.add(grow, double, count: lenRS)
                    if c != 0 && lenRS <= k { grow[lenRS] = c; lenRS += 1 }
                }
            }
            while lenUV > 1 && u[lenUV - 1] == 0 && v[lenUV - 1] == 0 { lenUV -= 1 }
            while lenRS > 1 && r[lenRS - 1] == 0 && s[lenRS - 1] == 0 { lenRS -= 1 }
        }
        // u = gcd(a, m).
        guard u[0] == 1 else { return nil }
        var i = 1
        while i < lenUV { if u[i] != 0 { return nil }; i += 1 }
        return shifts
    }

    /// x = (x − y) >> t for x > y below 2^(64·len), 1 ≤ t ≤ 63 (in place, one pass).
    private static func subtractShift(_ x: UnsafeMutablePointer<UInt64>, _ y: UnsafeMutablePointer<UInt64>, _ len: Int, _ t: Int) {
        let sh = UInt64(t), back = UInt64(64 &- t)
        var d = U128(_low: x[0], _high: 0) &- U128(_low: y[0], _high: 0)
        var prev = d._low
        var borrow = d._high & 1
        var i = 1
        while i < len {
            d = U128(_low: x[i], _high: 0) &- U128(_low: y[i], _high: 0) &- U128(_low: borrow, _high: 0)
            let cur = d._low
            borrow = d._high & 1
            x[i &- 1] = (prev &>> sh) | (cur &<< back)
            prev = cur
            i &+= 1
        }
        x[len &- 1] = prev &>> sh
    }

    /// x = x + y and y = y << t (the old y is added), 1 ≤ t ≤ 63, both below 2^(64·len); returns the
    /// new length bound (at most cap).
    private static func addShift(_ x: UnsafeMutablePointer<UInt64>, _ y: UnsafeMutablePointer<UInt64>, _ len: Int, _ t: Int, _ cap: Int) -> Int {
        let sh = UInt64(t), back = UInt64(64 &- t)
        var carry: UInt64 = 0
        var spill: UInt64 = 0
        var i = 0
        while i < len {
            let yi = y[i]
            let sum = U128(_low: x[i], _high: 0) &+ U128(_low: yi, _high: 0) &+ U128(_low: carry, _high: 0)
            x[i] = sum._low
            carry = sum._high
            y[i] = (yi &<< sh) | spill
            spill = yi &>> back
            i &+= 1
        }
        if (carry | spill) != 0 && len < cap {
            x[len] = carry
            y[len] = spill
            return len &+ 1
        }
        return len
    }

    private static func trailingZeros(_ x: UnsafeMutablePointer<UInt64>) -> Int {
        var i = 0
        while x[i] == 0 { i += 1 }
        return i &* 64 &+ x[i].trailingZeroBitCount
    }

    /// x = x >> t over len limbs (limbs at and above len are zero).
    private static func shiftRight(_ x: UnsafeMutablePointer<UInt64>, _ len: Int, _ t: Int) {
        let limbs = t &>> 6, bits = UInt64(t & 63)
        let count = len &- limbs  // limbs that receive a non-zero source
        var i = 0
        if bits == 0 {
            while i < count { x[i] = x[i &+ limbs]; i &+= 1 }
        } else {
            while i &+ 1 < count {
                x[i] = (x[i &+ limbs] &>> bits) | (x[i &+ limbs &+ 1] &<< (64 &- bits))
                i &+= 1
            }
            if i < count { x[i] = x[i &+ limbs] &>> bits; i &+= 1 }
        }
        while i < len { x[i] = 0; i &+= 1 }
    }

    /// x = x << t for x below 2^(64·len); returns the new length bound (at most cap).
    private static func shiftLeft(_ x: UnsafeMutablePointer<UInt64>, _ len: Int, _ t: Int, _ cap: Int) -> Int {
        let limbs = t &>> 6, bits = UInt64(t & 63)
        let newLen = Swift.min(len &+ limbs &+ 1, cap)
        var i = newLen &- 1
        if bits == 0 {
            while i >= limbs { x[i] = i &- limbs < len ? x[i &- limbs] : 0; i &-= 1 }
        } else {
            while i > limbs {
                let src = i &- limbs
                let hi = src < len ? x[src] : 0
                x[i] = (hi &<< bits) | (x[src &- 1] &>> (64 &- bits))
                i &-= 1
            }
            if i == limbs { x[i] = x[0] &<< bits; i &-= 1 }
        }
        while i >= 0 { x[i] = 0; i &-= 1 }
        return newLen
    }

    /// x = x·2^(−t) mod m for x < m (k limbs, x[k] spare): whole limbs by Montgomery reduction steps
    /// (add c·m with c = x₀·(−m⁻¹) mod 2⁶⁴, drop the zero limb), the rest by one masked-size step.
    private static func divideByPowerOfTwo(_ x: UnsafeMutablePointer<UInt64>, _ t: Int, _ m: UnsafePointer<UInt64>, _ k: Int) {
        let m0inv = Limbs.negativeInverse(m[0])
        var left = t
        while left > 0 {
            let step = min(left, 63)
            let mask: UInt64 = (1 &<< UInt64(step)) &- 1
            let c = (x[0] &* m0inv) & mask
            x[k] = Limbs.multiplyAccumulate(x, m, count: k, by: c)
            // (x + c·m) / 2^step < m for x < m and c < 2^step.
            let sh = UInt64(step)
            for i in 0..<k { x[i] = (x[i] &>> sh) | (x[i + 1] &<< (64 &- sh)) }
            x[k] = 0
            left -= step
        }
    }
}
