// Modular inverse modulo an odd modulus by the binary extended Euclidean algorithm (HAC 14.61,
// specialised to an odd modulus so that halving mod m is an add-and-shift), on fixed limb buffers.
// Variable time: for public values only (RSA blinding inverts a value that is uniformly random
// and independent of the secret blinding factor, see RSA's private operation).

extension BigUInt {
    /// `self⁻¹ mod m` for an odd `m > 1`, or nil when `gcd(self, m) ≠ 1` (or `m` is even).
    /// Variable time in both values.
    public func inverseVarTime(modulo m: BigUInt) -> BigUInt? {
        guard let low = m.limbs.first, low & 1 == 1, m.bitWidth > 1 else { return nil }
        let a = BigUInt.compare(self, m) < 0 ? self : self % m
        guard !a.isZero else { return nil }
        let k = m.limbs.count
        let out = m.limbs.withUnsafeBufferPointer { pm -> [UInt64]? in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4 * (k + 1)) { buf -> [UInt64]? in
                let base = buf.baseAddress!
                base.initialize(repeating: 0, count: 4 * (k + 1))
                let u = base, v = base + (k + 1), x1 = base + 2 * (k + 1), x2 = base + 3 * (k + 1)
                for (i, l) in a.limbs.enumerated() { u[i] = l }
                for i in 0..<k { v[i] = pm[i] }
                x1[0] = 1
                let ok = BigUInt.binaryInverse(u, v, x1, x2, pm.baseAddress!, k)
                return ok ? Array(UnsafeBufferPointer(start: x2, count: k)) : nil
            }
        }
        return out.map { BigUInt(limbs: $0) }
    }

    /// Invariants: x1·a ≡ u and x2·a ≡ v (mod m); u, v shrink to gcd. Leaves the inverse in x2.
    /// Each buffer has k + 1 limbs (the top limb absorbs the carry of x + c·m before halving).
    private static func binaryInverse(
        _ u: UnsafeMutablePointer<UInt64>, _ v: UnsafeMutablePointer<UInt64>,
        _ x1: UnsafeMutablePointer<UInt64>, _ x2: UnsafeMutablePointer<UInt64>,
        _ m: UnsafePointer<UInt64>, _ k: Int
    ) -> Bool {
        let m0inv = Limbs.negativeInverse(m[0])  // −m⁻¹ mod 2⁶⁴
        var len = k  // significant limbs of u and v (both below 2^(64·len))
        func isZero(_ x: UnsafeMutablePointer<UInt64>) -> Bool {
            for i in 0..<len where x[i] != 0 { return false }
            return true
        }
        func isOne(_ x: UnsafeMutablePointer<UInt64>) -> Bool {
            guard x[0] == 1 else { return false }
            for i in 1..<max(len, 1) where x[i] != 0 { return false }
            return true
        }
        /// x = x·2^(−t) mod m for t < 64: add c·m with c ≡ x·(−m⁻¹) mod 2^t, then shift right t.
        func halve(_ x: UnsafeMutablePointer<UInt64>, _ t: Int) {
            let mask: UInt64 = (1 &<< UInt64(t)) &- 1
            let c = (x[0] &* m0inv) & mask
            x[k] = Limbs.multiplyAccumulate(x, m, count: k, by: c)
            shiftRight(x, k + 1, t)
        }
        func shiftRight(_ x: UnsafeMutablePointer<UInt64>, _ count: Int, _ t: Int) {
            let s = UInt64(t)
            for i in 0..<count {
                let next = i + 1 < count ? x[i + 1] : 0
                x[i] = (x[i] &>> s) | (next &<< (64 &- s))
            }
        }
        /// Strips the factors 2 of w, halving x as often.
        func strip(_ w: UnsafeMutablePointer<UInt64>, _ x: UnsafeMutablePointer<UInt64>) {
            while w[0] == 0 {
                // A whole zero limb: shift by 63 then 1 (t < 64 per halving).
                shiftRight(w, len, 63); halve(x, 63)
                shiftRight(w, len, 1); halve(x, 1)
            }
            let t = w[0].trailingZeroBitCount
            if t > 0 { shiftRight(w, len, t); halve(x, t) }
        }
        func compare(_ a: UnsafeMutablePointer<UInt64>, _ b: UnsafeMutablePointer<UInt64>) -> Int {
            var i = len - 1
            while i >= 0 {
                if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
                i -= 1
            }
            return 0
        }
        /// x = x − y mod m (both below m).
        func subMod(_ x: UnsafeMutablePointer<UInt64>, _ y: UnsafeMutablePointer<UInt64>) {
            if Limbs.subtract(x, x, y, count: k) != 0 { _ = Limbs.add(x, m, count: k) }
        }
        while !isZero(u) {
            strip(u, x1)
            // v is odd here (it starts odd and only ever becomes u − v … stripped).
            if compare(u, v) >= 0 {
                _ = Limbs.subtract(u, u, v, count: len)
                subMod(x1, x2)
            } else {
                _ = Limbs.subtract(v, v, u, count: len)
                subMod(x2, x1)
                strip(v, x2)
            }
            while len > 1 && u[len - 1] == 0 && v[len - 1] == 0 { len -= 1 }
        }
        return isOne(v)
    }
}
