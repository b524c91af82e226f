import BigNum

// Recovering p and q from n, e and d (a private JWK may carry only these): NIST SP 800-56B Rev. 2, Appendix C.2,
// the deterministic method. It costs one gcd, a few products and quotients and one integer square root — no
// modular exponentiation — so a key that does not factor is refused as fast as one that does is accepted.
//
// Appendix C.1 (the probabilistic method this module used before) tries g = 2, 3, 4 …: each try is a full-size
// exponentiation, and a d that does not fit n and e fails every try, so a bogus key cost up to 100 of them
// (52 s at 8192 bits, 152 s at 16384). C.2 needs no tries.

extension RSAPrivateKey {
    /// SP 800-56B Rev. 2 App. C.2. With T = d·e − 1 (a multiple of λ(n) when d fits):
    ///
    /// 1. a = T · gcd(n − 1, T). gcd(p − 1, q − 1) divides both n − 1 and T, so a is a multiple of φ(n) = n − (p + q) + 1:
    ///    a = M·φ(n);
    /// 2. m = ⌊a / n⌋, r = a − m·n. When M·(p + q − 1) < n, m = M − 1 and r = n − M·(p + q − 1);
    /// 3. b = (n − r)/(m + 1) + 1 = p + q, which must be an integer with b² > 4n;
    /// 4. Υ = √(b² − 4n) = p − q must be an integer; p = (b + Υ)/2, q = (b − Υ)/2.
    ///
    /// The precondition of step 2 holds for every key whose primes have comparable sizes (M is below e times
    /// gcd(n − 1, T), tiny next to n / (p + q)); a d that does not fit n and e, or a modulus that is not a product of
    /// two primes, fails step 3 or 4. Returns (p, q) with p > q and p·q = n, or nil. Variable time: n, e and d are
    /// checked once, when the key is loaded.
    static func recoverFactors(n: BigUInt, e: UInt64, d: BigUInt) -> (BigUInt, BigUInt)? {
        let one = BigUInt(1)
        // Early size checks: d in [1, n − 1]; T even (λ(n) is even for odd primes).
        guard !d.isZero, d < n, n.bitWidth > 2 else { return nil }
        let t = d * BigUInt(e) - one
        guard !t.isZero, !t.bit(0) else { return nil }
        // 1.
        let a = t * gcd(n - one, t)
        // 2.
        let (m, r) = a.quotientAndRemainder(dividingBy: n)
        // 3.
        let (bMinus1, rest) = (n - r).quotientAndRemainder(dividingBy: m + one)
        guard rest.isZero else { return nil }
        let b = bMinus1 + one
        let bb = b * b, fourN = n << 2
        guard bb > fourN else { return nil }
        // 4.
        let disc = bb - fourN
        let y = integerSquareRoot(disc)
        guard y * y == disc, y < b else { return nil }
        let p = (b + y) >> 1, q = (b - y) >> 1
        guard q > one, p * q == n else { return nil }
        return (p, q)
    }

    /// gcd(a, b) by the binary algorithm (Stein) on one limb buffer: subtractions and shifts of 64-bit words only,
    /// the operands' length shrinking as they do. Variable time (public values, or values checked once at load).
    /// About 1.4 iterations per bit; Euclid on `BigUInt` (a Knuth division per step) took seconds at 16384 bits in
    /// a debug build.
    static func gcd(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        if a.isZero { return b }
        if b.isZero { return a }
        let k = max(a.limbs.count, b.limbs.count)
        var buffer = [UInt64](repeating: 0, count: 2 * k)
        for (i, l) in a.limbs.enumerated() { buffer[i] = l }
        for (i, l) in b.limbs.enumerated() { buffer[k + i] = l }
        let common = buffer.withUnsafeMutableBufferPointer { buf -> Int in
            let u = buf.baseAddress!, v = u + k
            let shift = min(trailingZeroBits(u, k), trailingZeroBits(v, k))
            var lu = k, lv = k  // lengths in limbs (top limbs beyond them are zero)
            shiftRight(u, &lu, trailingZeroBits(u, lu))
            shiftRight(v, &lv, trailingZeroBits(v, lv))
            // Both odd. Subtract the smaller from the larger (an even difference), strip its zeros, until u = v.
            while true {
                let c = compare(u, lu, v, lv)
                if c == 0 { break }
                let (big, small, lb, ls) = c > 0 ? (u, v, lu, lv) : (v, u, lv, lu)
                var borrow: UInt64 = 0
                for i in 0..<lb {
                    let s = i < ls ? small[i] : 0
                    let (d1, o1) = big[i].subtractingReportingOverflow(s)
                    let (d2, o2) = d1.subtractingReportingOverflow(borrow)
                    big[i] = d2
                    borrow = (o1 || o2) ? 1 : 0
                }
                var lbig = lb
                shiftRight(big, &lbig, trailingZeroBits(big, lbig))
                if c > 0 { lu = lbig } else { lv = lbig }
            }
            // gcd = u · 2^shift: leave u in place, shifted up by the caller.
            for i in lu..<k { u[i] = 0 }
            return shift
        }
        return BigUInt(limbs: Array(buffer[0..<k])) << common
    }

    /// Trailing zero bits of a nonzero value of `count` limbs.
    private static func trailingZeroBits(_ x: UnsafeMutablePointer<UInt64>, _ count: Int) -> Int {
        var i = 0
        while i < count && x[i] == 0 { i += 1 }
        return i == count ? 0 : 64 * i + x[i].trailingZeroBitCount
    }

    /// x >>= bits in place; `count` shrinks past the zero top limbs.
    private static func shiftRight(_ x: UnsafeMutablePointer<UInt64>, _ count: inout Int, _ bits: Int) {
        let words = bits / 64, r = bits % 64
        if bits > 0 {
            var i = 0
            while i + words < count {
                let lo = x[i + words] >> UInt64(r)
                let hi = (r == 0 || i + words + 1 >= count) ? 0 : x[i + words + 1] << UInt64(64 - r)
                x[i] = lo | hi
                i += 1
            }
            while i < count { x[i] = 0; i += 1 }
        }
        while count > 0 && x[count - 1] == 0 { count -= 1 }
    }

    /// Compares values of `la` and `lb` limbs (no zero top limbs): −1, 0 or 1.
    private static func compare(_ a: UnsafeMutablePointer<UInt64>, _ la: Int, _ b: UnsafeMutablePointer<UInt64>, _ lb: Int) -> Int {
        if la != lb { return la < lb ? -1 : 1 }
        var i = la - 1
        while i >= 0 {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }

    /// ⌊√v⌋ by Newton's iteration from above (x ← (x + v/x)/2 from a power of two ≥ √v, stopping when it no longer
    /// decreases). Variable time.
    static func integerSquareRoot(_ v: BigUInt) -> BigUInt {
        if v.isZero { return v }
        var x = BigUInt(1) << ((v.bitWidth + 1) / 2)
        while true {
            let next = (x + v / x) >> 1
            if next >= x { return x }
            x = next
        }
    }
}
