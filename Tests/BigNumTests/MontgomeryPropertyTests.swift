import BigNum
import Testing
import TestSupport  // SplitMix64, the one seeded generator of the tests and the benchmark

extension BigUInt {
    /// A random value below 2^bits.
    static func random(bits: Int, using g: inout SplitMix64) -> BigUInt {
        var limbs = (0..<((bits + 63) / 64)).map { _ in g.next() }
        if bits % 64 != 0, !limbs.isEmpty { limbs[limbs.count - 1] &= (1 << UInt64(bits % 64)) - 1 }
        return BigUInt(limbs: limbs)
    }

    /// A random odd value of exactly `bits` bits.
    static func randomOdd(bits: Int, using g: inout SplitMix64) -> BigUInt {
        var l = BigUInt.random(bits: bits, using: &g).limbs
        while l.count < (bits + 63) / 64 { l.append(0) }
        l[0] |= 1
        l[l.count - 1] |= 1 << UInt64((bits - 1) % 64)
        return BigUInt(limbs: l)
    }
}

@Suite struct MontgomeryPropertyTests {
    /// Moduli of assorted sizes (odd, top bit set), plus 2^256 − 1 and 2^2048 + 1.
    static func moduli(_ g: inout SplitMix64) -> [BigUInt] {
        var out = [64, 65, 127, 128, 192, 521, 1024, 2048, 3072, 4096].map { BigUInt.randomOdd(bits: $0, using: &g) }
        out.append((BigUInt(1) << 256) - BigUInt(1))
        out.append((BigUInt(1) << 2048) + BigUInt(1))
        return out
    }

    @Test func roundTripsAndProducts() throws {
        var g = SplitMix64(seed: 0xB16_2026_0001)
        var checked = 0
        for m in Self.moduli(&g) {
            let ctx = try #require(MontgomeryContext(modulus: m))
            let k = m.limbs.count
            #expect(ctx.rSquared == (BigUInt(1) << (128 * k)) % m)
            #expect(ctx.n0inv &* m.limbs[0] == UInt64.max, "n0inv · n ≡ −1 mod 2⁶⁴")
            let trials = m.bitWidth > 1024 ? 6 : 20
            for _ in 0..<trials {
                let a = BigUInt.random(bits: m.bitWidth + 8, using: &g) % m
                let b = BigUInt.random(bits: m.bitWidth, using: &g) % m
                let am = ctx.toMontgomery(a), bm = ctx.toMontgomery(b)
                #expect(am == (a << (64 * k)) % m)
                #expect(ctx.fromMontgomery(am) == a)
                #expect(ctx.fromMontgomery(ctx.multiply(am, bm)) == (a * b) % m)
                #expect(ctx.square(am) == ctx.multiply(am, am))
                #expect(ctx.fromMontgomery(ctx.square(am)) == (a * a) % m)
                // Multiplying by plain b leaves the domain in the same step.
                #expect(ctx.multiply(am, b) == (a * b) % m)
                checked += 1
            }
        }
        // 7 moduli of ≤ 1024 bits and 2^256 − 1 get 20 trials; 2048/3072/4096 and 2^2048 + 1 get 6.
        #expect(checked == 8 * 20 + 4 * 6)
    }

    /// The raw kernels against BigUInt arithmetic: multiply-accumulate rows and full REDC
    /// (`montgomeryReduce`: T·R⁻¹ mod n, below 2n, for T < n·R) for odd and even limb counts.
    @Test func limbKernels() throws {
        var g = SplitMix64(seed: 0xB16_2026_0004)
        var checked = 0
        for bits in [64, 128, 130, 192, 256, 320, 1024, 1088, 2048] {
            let m = BigUInt.randomOdd(bits: bits, using: &g)
            let k = m.limbs.count
            let n0inv = Limbs.negativeInverse(m.limbs[0])
            let rInverse = try #require(MontgomeryContext(modulus: m))
            for _ in 0..<8 {
                // T < n·R, including values near the top.
                let t = (BigUInt.random(bits: bits + 64 * k, using: &g) % (m << (64 * k)))
                var w = t.limbs + [UInt64](repeating: 0, count: 2 * k + 1 - t.limbs.count)
                w.withUnsafeMutableBufferPointer { wp in
                    m.limbs.withUnsafeBufferPointer { np in
                        Limbs.montgomeryReduce(wp.baseAddress!, modulus: np.baseAddress!, n0inv: n0inv, count: k)
                    }
                }
                let out = BigUInt(limbs: Array(w[k...]))
                #expect(out < m + m, "\(bits) bits")
                // out·R ≡ T (mod n): compare through the context (fromMontgomery(x) = x·R⁻¹).
                #expect(out % m == rInverse.fromMontgomery(t % m), "\(bits) bits")
                // A multiply-accumulate row: d + a·b.
                let a = BigUInt.random(bits: 64 * k, using: &g), d = BigUInt.random(bits: 64 * k, using: &g)
                let b = g.next()
                var dl = d.limbs + [UInt64](repeating: 0, count: k - d.limbs.count)
                let al = a.limbs + [UInt64](repeating: 0, count: k - a.limbs.count)
                let carry = dl.withUnsafeMutableBufferPointer { dp in
                    al.withUnsafeBufferPointer { ap in
                        Limbs.multiplyAccumulate(dp.baseAddress!, ap.baseAddress!, count: k, by: b)
                    }
                }
                #expect(BigUInt(limbs: dl + [carry]) == d + a * BigUInt(b))
                checked += 1
            }
        }
        #expect(checked == 9 * 8)
    }

    @Test func exponentLaws() throws {
        var g = SplitMix64(seed: 0xB16_2026_0002)
        for bits in [64, 200, 1024, 2048] {
            let m = BigUInt.randomOdd(bits: bits, using: &g)
            let ctx = try #require(MontgomeryContext(modulus: m))
            let x = BigUInt.random(bits: bits, using: &g) % m
            let e1 = BigUInt.random(bits: 100, using: &g), e2 = BigUInt.random(bits: 90, using: &g)
            // x^(e1+e2) = x^e1 · x^e2
            #expect(ctx.powerVarTime(x, e1 + e2) == (ctx.powerVarTime(x, e1) * ctx.powerVarTime(x, e2)) % m)
            // x^65537 by both paths.
            #expect(ctx.powerVarTime(x, smallExponent: 65537) == ctx.powerVarTime(x, slidingWindowExponent: BigUInt(65537)))
        }
    }

    @Test func rejectsEvenModuli() {
        #expect(MontgomeryContext(modulus: BigUInt()) == nil)
        #expect(MontgomeryContext(modulus: BigUInt(1) << 100) == nil)
        #expect(MontgomeryContext(modulus: BigUInt(4096)) == nil)
    }

    @Test func bytesRoundTrip() throws {
        var g = SplitMix64(seed: 0xB16_2026_0003)
        for bits in [0, 1, 8, 63, 64, 65, 1000, 2048] {
            let x = BigUInt.random(bits: bits, using: &g)
            #expect(BigUInt(bigEndianBytes: x.bigEndianBytes) == x)
            let padded = try #require(x.bigEndianBytes(count: 300))
            #expect(padded.count == 300 && BigUInt(bigEndianBytes: padded) == x)
            if x.byteCount > 0 { #expect(x.bigEndianBytes(count: x.byteCount - 1) == nil) }
            #expect(BigUInt(hex: x.hexString) == x)
        }
        #expect(BigUInt(hex: "xyz") == nil)
        #expect(BigUInt(bigEndianBytes: [0, 0, 1, 0]) == BigUInt(256))
    }

    @Test func bytePrimitiveRejectsOutOfRange() throws {
        let ctx = try #require(MontgomeryContext(modulus: BigUInt(197)))
        #expect(ctx.powerVarTime(bigEndianBase: [197], exponent: 3) == nil)
        #expect(ctx.powerVarTime(bigEndianBase: [198], exponent: 3) == nil)
        #expect(ctx.powerVarTime(bigEndianBase: [1, 0], exponent: 3) == nil)
        #expect(ctx.powerVarTime(bigEndianBase: [0, 0, 0, 0, 0, 0, 0, 0, 0, 196], exponent: 3)
                == [UInt8((196 * 196 * 196) % 197)])
        #expect(ctx.powerVarTime(bigEndianBase: [], exponent: 3) == [0])
    }
}
