import BigNum

// Key generation by FIPS 186-5 Appendix A.1.3 (probable primes): random odd candidates of nlen/2
// bits with p ≥ √2·2^(nlen/2 − 1), gcd(p − 1, e) = 1, trial division by the odd primes below 2¹⁰,
// Miller–Rabin (Appendix B.3.1) with the rounds of Table B.1 (error probability 2⁻¹¹² … 2⁻¹⁴⁴),
// |p − q| > 2^(nlen/2 − 100), d = e⁻¹ mod lcm(p − 1, q − 1) with d > 2^(nlen/2).
//
// Timing: the number of candidates drawn is random, and rejected candidates are discarded. The
// Miller–Rabin exponentiations use the constant-time kernels; the surrounding comparisons, the
// trial division and the final inversions (d, qInv) are variable time.

extension RSAPrivateKey {
    /// Generates a new key of `bitCount` bits (a multiple of 128 in 2048…16384) with public exponent
    /// `publicExponent` (odd, 65537 ≤ e < 2³²), from `SystemRandomNumberGenerator`.
    ///
    /// - Throws: `.unsupportedKeySize` or `.invalidExponent`.
    public convenience init(bitCount: Int, publicExponent: Int = 65537) throws(RSAKeyError) {
        var rng = SystemRandomNumberGenerator()
        try self.init(bitCount: bitCount, publicExponent: publicExponent, using: &rng)
    }

    /// The same with an injected generator (tests).
    convenience init(bitCount nlen: Int, publicExponent: Int, using rng: inout some RandomNumberGenerator) throws(RSAKeyError) {
        guard nlen >= 2048, nlen <= 16384, nlen % 128 == 0 else {
            throw .make(.unsupportedKeySize, "key generation supports 2048…16384 bits in steps of 128, not \(nlen)")
        }
        guard publicExponent >= 65537, publicExponent < 1 << 32, publicExponent & 1 == 1 else {
            throw .make(.invalidExponent, "the public exponent must be odd with 65537 ≤ e < 2^32")
        }
        let e = UInt64(publicExponent)
        let half = nlen / 2
        let rounds = half <= 1024 ? 5 : 4  // FIPS 186-5 Table B.1 (2⁻¹¹², 2⁻¹²⁸, 2⁻¹⁴⁴ columns)
        let one = BigUInt(1)
        while true {
            guard let p = RSAPrivateKey.generatePrime(bits: half, e: e, rounds: rounds, other: nil, using: &rng),
                  let q = RSAPrivateKey.generatePrime(bits: half, e: e, rounds: rounds, other: p, using: &rng)
            else { continue }
            let (big, small) = p > q ? (p, q) : (q, p)
            let n = big * small
            let pm1 = big - one, qm1 = small - one
            let lambda = pm1 / RSAPrivateKey.gcd(pm1, qm1) * qm1
            guard let d = RSAPrivateKey.inverseOfSmall(e, modulo: lambda), d.bitWidth > half,
                  let qInv = small.inverseVarTime(modulo: big)
            else { continue }
            let pub = try RSAPublicKey(modulus: n.bigEndianBytes, publicExponent: BigUInt(e).bigEndianBytes,
                                       options: RSAKeyOptions(minimumModulusBits: nlen, maximumModulusBits: nlen),
                                       algorithm: .rsaEncryption)
            try self.init(publicKey: pub, d: d, p: big, q: small, dP: d % pm1, dQ: d % qm1, qInv: qInv)
            return
        }
    }

    /// e⁻¹ mod m for a small odd e and any m with gcd(e, m) = 1: with y = m⁻¹ mod e,
    /// d = (1 + m·(e − y)) / e satisfies d·e ≡ 1 (mod m) and d < m.
    static func inverseOfSmall(_ e: UInt64, modulo m: BigUInt) -> BigUInt? {
        let mModE = (m % BigUInt(e)).limbs.first ?? 0
        guard let y = inverseUInt64(mModE, e) else { return nil }
        let t = (e - y) % e
        let (d, rem) = (BigUInt(1) + m * BigUInt(t)).quotientAndRemainder(dividingBy: BigUInt(e))
        return rem.isZero ? d : nil
    }

    /// a⁻¹ mod m by the extended Euclidean algorithm on machine words; nil unless gcd(a, m) = 1.
    static func inverseUInt64(_ a: UInt64, _ m: UInt64) -> UInt64? {
        var (r0, r1) = (Int64(m), Int64(a % m))
        var (t0, t1): (Int64, Int64) = (0, 1)
        while r1 != 0 {
            let q = r0 / r1
            (r0, r1) = (r1, r0 - q * r1)
            (t0, t1) = (t1, t0 - q * t1)
        }
        guard r0 == 1 else { return nil }
        return UInt64(t0 < 0 ? t0 + Int64(m) : t0)
    }

    /// FIPS 186-5 A.1.3 steps 4–5 for one prime of `bits` bits (a multiple of 64); nil after
    /// 5·bits candidates (the standard's bound; practically never).
    static func generatePrime(bits: Int, e: UInt64, rounds: Int, other: BigUInt?, using rng: inout some RandomNumberGenerator) -> BigUInt? {
        let k = bits / 64
        // ⌈√2·2⁶³⌉: a top limb at least this makes p ≥ √2·2^(bits − 1).
        let sqrt2Top: UInt64 = 0xB504_F333_F9DE_6485
        for _ in 0..<(5 * bits) {
            var limbs = [UInt64](repeating: 0, count: k)
            for i in 0..<k { limbs[i] = rng.next() }
            limbs[0] |= 1
            // The top limb uniform in [⌈√2·2⁶³⌉, 2⁶⁴) (rejection sampling of that limb alone).
            while limbs[k - 1] < sqrt2Top { limbs[k - 1] = rng.next() }
            let p = BigUInt(limbs: limbs)
            if let q = other {
                // |p − q| > 2^(bits − 100).
                let diff = p > q ? p - q : q - p
                if diff.bitWidth <= bits - 100 { continue }
            }
            // gcd(p − 1, e) = 1 (e is small: reduce p − 1 mod e first).
            let pm1ModE = ((p - BigUInt(1)) % BigUInt(e)).limbs.first ?? 0
            if gcdUInt64(pm1ModE, e) != 1 { continue }
            if !passesTrialDivision(limbs) { continue }
            if millerRabin(limbs, rounds: rounds, using: &rng) { return p }
        }
        return nil
    }

    static func gcdUInt64(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    /// The odd primes below 1024, multiplied into products below 2⁶⁴ (one pass of word divisions
    /// over the candidate per product).
    static let smallPrimeGroups: [(product: UInt64, primes: [UInt64])] = {
        var primes: [UInt64] = []
        var c: UInt64 = 3
        while c < 1024 {
            if primes.allSatisfy({ c % $0 != 0 }) { primes.append(c) }
            c += 2
        }
        var groups: [(product: UInt64, primes: [UInt64])] = []
        var product: UInt64 = 1
        var members: [UInt64] = []
        for p in primes {
            let (v, overflow) = product.multipliedReportingOverflow(by: p)
            if overflow {
                groups.append((product: product, primes: members))
                product = p
                members = [p]
            } else {
                product = v
                members.append(p)
            }
        }
        groups.append((product: product, primes: members))
        return groups
    }()

    /// False if a prime below 1024 divides the value (limbs, least significant first), unless the
    /// value is that prime.
    static func passesTrialDivision(_ limbs: [UInt64]) -> Bool {
        let isSmall = limbs.count == 1 || limbs.dropFirst().allSatisfy { $0 == 0 }
        for (product, primes) in smallPrimeGroups {
            var r: UInt64 = 0
            for l in limbs.reversed() { r = product.dividingFullWidth((high: r, low: l)).remainder }
            for p in primes where r % p == 0 {
                if isSmall && limbs[0] == p { return true }
                return false
            }
        }
        return true
    }

    /// Miller–Rabin (FIPS 186-5 B.3.1) with `rounds` random bases b ∈ [2, w − 2], for an odd w > 3
    /// given as limbs. The exponentiation b^m is the constant-time fixed-window one.
    static func millerRabin(_ w: [UInt64], rounds: Int, using rng: inout some RandomNumberGenerator) -> Bool {
        var wl = w
        while wl.count > 1 && wl.last == 0 { wl.removeLast() }
        let k = wl.count
        // w − 1 = 2^a · m.
        var wm1 = wl
        wm1[0] -= 1  // w is odd
        var a = 0
        while (wm1[a / 64] >> UInt64(a % 64)) & 1 == 0 { a += 1 }
        let mBig = BigUInt(limbs: wm1) >> a
        var m = mBig.limbs
        while m.count < k { m.append(0) }
        let wBig = BigUInt(limbs: wl)
        let top = wl[k - 1]
        let topMask: UInt64 = top.leadingZeroBitCount == 0 ? ~0 : (1 << UInt64(64 - top.leadingZeroBitCount)) - 1
        let scratchCount = 2 * k + 2 + 2 * k + SecretModulus.powerScratch(limbs: k) + 4 * k
        return wl.withUnsafeBufferPointer { pw in
            m.withUnsafeBufferPointer { pm in
                wm1.withUnsafeBufferPointer { pwm1 in
                    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: scratchCount) { buf -> Bool in
                        let s = buf.baseAddress!
                        s.initialize(repeating: 0, count: scratchCount)
                        let rr = s, rrr = s + k, base = s + 2 * k, z = base + k, t = z + k
                        let n = pw.baseAddress!
                        let n0 = SecretModulus.precompute(modulus: n, count: k, rr: rr, rrr: rrr, scratch: t)
                        let one = BigUInt(1), wm1Big = wBig - one
                        for _ in 0..<rounds {
                            // b uniform in [2, w − 2] by rejection.
                            var b: BigUInt
                            repeat {
                                var l = [UInt64](repeating: 0, count: k)
                                for i in 0..<k { l[i] = rng.next() }
                                l[k - 1] &= topMask
                                b = BigUInt(limbs: l)
                            } while b <= one || b >= wm1Big
                            base.update(repeating: 0, count: k)
                            for (i, l) in b.limbs.enumerated() { base[i] = l }
                            SecretModulus.power(z, base, exponent: pm.baseAddress!, exponentCount: k, modulus: n,
                                                n0inv: n0, rr: rr, limbs: k, scratch: t)
                            if equal(z, isOne: true, pwm1.baseAddress!, k) || equal(z, isOne: false, pwm1.baseAddress!, k) { continue }
                            var composite = true
                            var j = 1
                            while j < a {
                                // z = z² mod w (plain): into the domain, square, out.
                                Limbs.montgomeryMultiply(base, z, rr, modulus: n, n0inv: n0, count: k, scratch: t)
                                Limbs.montgomerySquare(base, base, modulus: n, n0inv: n0, count: k, scratch: t)
                                z.update(repeating: 0, count: k)
                                z[0] = 1
                                Limbs.montgomeryMultiply(z, base, z, modulus: n, n0inv: n0, count: k, scratch: t)
                                if equal(z, isOne: false, pwm1.baseAddress!, k) { composite = false; break }
                                if equal(z, isOne: true, pwm1.baseAddress!, k) { break }
                                j += 1
                            }
                            if composite { return false }
                        }
                        return true
                    }
                }
            }
        }
    }

    /// z = 1 (isOne) or z = w − 1, compared in full.
    private static func equal(_ z: UnsafePointer<UInt64>, isOne: Bool, _ wm1: UnsafePointer<UInt64>, _ k: Int) -> Bool {
        var diff: UInt64 = 0
        for i in 0..<k { diff |= z[i] ^ (isOne ? (i == 0 ? 1 : 0) : wm1[i]) }
        return diff == 0
    }

    /// Whether an integer (big-endian two's complement, as Wycheproof writes them) is probably prime (the tests,
    /// through `@testable import`): negative values are not; trial division, then `rounds` Miller–Rabin rounds
    /// with random bases.
    static func isProbablePrime(signedBigEndian bytes: [UInt8], rounds: Int = 40) -> Bool {
        if let first = bytes.first, first & 0x80 != 0 { return false }
        let v = BigUInt(bigEndianBytes: bytes)
        if v < BigUInt(2) { return false }
        if v == BigUInt(2) { return true }
        if !v.bit(0) { return false }
        if !passesTrialDivision(v.limbs) { return false }
        if v < BigUInt(1024 * 1024) { return true }  // no prime factor below 1024 and below 1024²: prime
        var rng = SystemRandomNumberGenerator()
        return millerRabin(v.limbs, rounds: rounds, using: &rng)
    }
}
