@testable import BigNum
import Testing
import TestSupport

/// The constant-time pieces of the RSA private operation against the variable-time `BigUInt`
/// arithmetic (an independent implementation): Montgomery constants of a modulus, reduction of a
/// wide value, fixed-window exponentiation, subtraction mod n, and the modular inverse.
@Suite struct ConstantTimeTests {
    static func random(_ rng: inout SplitMix64, limbs: Int) -> BigUInt {
        BigUInt(limbs: (0..<limbs).map { _ in rng.next() })
    }

    static func padded(_ x: BigUInt, _ k: Int) -> [UInt64] {
        var l = x.limbs
        while l.count < k { l.append(0) }
        return l
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func secretModulusArithmetic(_ k: Int) throws {
        var rng = SplitMix64(seed: UInt64(k) &* 0x9e37)
        for _ in 0..<4 {
            var n = Self.random(&rng, limbs: k)
            n = BigUInt(limbs: Self.padded(n, k).enumerated().map { $0.offset == 0 ? $0.element | 1 : ($0.offset == k - 1 ? $0.element | (1 << 63) : $0.element) })
            let nl = Self.padded(n, k)
            var rr = [UInt64](repeating: 0, count: k), rrr = rr
            var scratch = [UInt64](repeating: 0, count: SecretModulus.powerScratch(limbs: k) + 4 * k + 4)
            let n0 = SecretModulus.precompute(modulus: nl, count: k, rr: &rr, rrr: &rrr, scratch: &scratch)
            let r = BigUInt(1) << (64 * k)
            #expect(BigUInt(limbs: rr) == (r * r) % n)
            #expect(BigUInt(limbs: rrr) == (r * r * r) % n)
            #expect(n0 &* n.limbs[0] == ~UInt64(0))  // n0 = −n⁻¹ mod 2⁶⁴
            // Reduction of values of 1 … 3k limbs.
            for width in [1, k, 2 * k, 3 * k] {
                let x = Self.random(&rng, limbs: width)
                var out = [UInt64](repeating: 0, count: k)
                SecretModulus.reduce(&out, Self.padded(x, width), count: width, modulus: nl, n0inv: n0, rr: rr, limbs: k, scratch: &scratch)
                #expect(BigUInt(limbs: out) == x % n, "k \(k) width \(width)")
            }
            // Exponentiation over the exponent's full length against the sliding window.
            let base = Self.random(&rng, limbs: k) % n
            let e = Self.random(&rng, limbs: k)
            var out = [UInt64](repeating: 0, count: k)
            SecretModulus.power(&out, Self.padded(base, k), exponent: Self.padded(e, k), exponentCount: k, modulus: nl,
                                n0inv: n0, rr: rr, limbs: k, scratch: &scratch)
            let ctx = try #require(MontgomeryContext(modulus: n))
            #expect(BigUInt(limbs: out) == ctx.powerVarTime(base, e))
            // Small exponents (leading zero windows).
            SecretModulus.power(&out, Self.padded(base, k), exponent: Self.padded(BigUInt(3), k), exponentCount: k,
                                modulus: nl, n0inv: n0, rr: rr, limbs: k, scratch: &scratch)
            #expect(BigUInt(limbs: out) == (base * base * base) % n)
            // a − b mod n both ways.
            let a = Self.random(&rng, limbs: k) % n, b = Self.random(&rng, limbs: k) % n
            var d = [UInt64](repeating: 0, count: k)
            Limbs.subtractModCT(&d, Self.padded(a, k), Self.padded(b, k), modulus: nl, count: k)
            #expect(BigUInt(limbs: d) == (a + n - b) % n)
            // Inverse.
            if let inv = a.inverseVarTime(modulo: n) {
                #expect((inv * a) % n == BigUInt(1))
            } else {
                var (x, y) = (a, n)
                while !y.isZero { (x, y) = (y, x % y) }
                #expect(x != BigUInt(1))  // no inverse only when gcd(a, n) > 1
            }
        }
    }

    @Test func inverseEdgeCases() {
        #expect(BigUInt(3).inverseVarTime(modulo: BigUInt(7)) == BigUInt(5))
        #expect(BigUInt(6).inverseVarTime(modulo: BigUInt(9)) == nil)
        #expect(BigUInt(0).inverseVarTime(modulo: BigUInt(9)) == nil)
        #expect(BigUInt(5).inverseVarTime(modulo: BigUInt(8)) == nil)  // even modulus: not supported
        let m = (BigUInt(1) << 521) - BigUInt(1)  // prime
        let x = BigUInt(hex: "123456789abcdef0fedcba9876543210")!
        #expect((x.inverseVarTime(modulo: m)! * x) % m == BigUInt(1))
        #expect(BigUInt(1).inverseVarTime(modulo: m) == BigUInt(1))
    }

    /// The almost-inverse path on random odd moduli of 1…40 limbs and random values (gcd checked
    /// independently when there is no inverse).
    @Test func inverseOfRandomValues() {
        var rng = SplitMix64(seed: 0x1A5E)
        var inverted = 0
        for round in 0..<200 {
            let k = 1 + round % 40
            let m = BigUInt(limbs: (0..<k).map { i in i == 0 ? rng.next() | 1 : rng.next() })
            let a = Self.random(&rng, limbs: 1 + Int(rng.next() % UInt64(k)))
            if let inv = a.inverseVarTime(modulo: m) {
                #expect(inv < m && (inv * a) % m == BigUInt(1) % m, "round \(round)")
                inverted += 1
            } else {
                var (x, y) = (a % m, m)
                while !y.isZero { (x, y) = (y, x % y) }
                #expect(x != BigUInt(1), "round \(round)")
            }
        }
        #expect(inverted > 100)
    }

    @Test func selectReadsTheIndexedEntry() {
        let table: [UInt64] = (0..<32 * 3).map { UInt64($0) &* 0x1234_5678_9abc }
        for i in 0..<32 {
            var r = [UInt64](repeating: 9, count: 3)
            Limbs.selectCT(&r, table: table, entries: 32, index: UInt64(i), count: 3)
            #expect(r == Array(table[(i * 3)..<(i * 3 + 3)]))
        }
    }

    /// The 16-limb path (RSA-2048's CRT halves) keeps the result in vector registers: it must pick every
    /// entry exactly, leave nothing of the old result, and give zero for an index past the table.
    @Test func selectOfSixteenLimbEntriesReadsTheIndexedEntry() {
        for entries in [1, 7, 32] {
            let table: [UInt64] = (0..<entries * 16).map { UInt64($0 &+ 1) &* 0x9E37_79B9_7F4A_7C15 }
            for i in 0..<entries {
                var r = [UInt64](repeating: ~0, count: 16)
                Limbs.selectCT(&r, table: table, entries: entries, index: UInt64(i), count: 16)
                #expect(r == Array(table[(i * 16)..<(i * 16 + 16)]))
            }
            var r = [UInt64](repeating: ~0, count: 16)
            Limbs.selectCT(&r, table: table, entries: entries, index: UInt64(entries), count: 16)
            #expect(r == [UInt64](repeating: 0, count: 16))
        }
    }
}
