@testable import BigNum
import Testing
import TestSupport

/// The generated fixed-size Montgomery kernels (`Generated/Limbs+Fixed.swift`) against the generic
/// loop kernels and against `BigUInt` arithmetic (a·b·R⁻¹ mod n computed as (a·b·(R⁻¹ mod n)) mod n),
/// on random operands and on the edge operands 0, 1, n − 1 and all-ones moduli.
@Suite struct FixedKernelTests {
    static func padded(_ x: BigUInt, _ k: Int) -> [UInt64] {
        var l = x.limbs
        while l.count < k { l.append(0) }
        return l
    }

    /// Odd moduli of exactly k limbs: random ones, the all-ones modulus 2^(64k) − 1, and 2^(64k−1) + 1.
    static func moduli(_ k: Int, _ rng: inout SplitMix64) -> [[UInt64]] {
        var out: [[UInt64]] = []
        for _ in 0..<6 {
            var l = (0..<k).map { _ in rng.next() }
            l[0] |= 1
            l[k - 1] |= 1 << 63
            out.append(l)
        }
        out.append([UInt64](repeating: ~0, count: k))
        var small = [UInt64](repeating: 0, count: k)
        small[0] = 1
        small[k - 1] = 1 << 63
        out.append(small)
        return out
    }

    @Test(arguments: Limbs.fixedKernelSizes)
    func fixedKernelsMatchGenericAndBigUInt(_ k: Int) throws {
        #expect(Limbs.fixedKernelSizes.contains(16))
        var rng = SplitMix64(seed: 0xF1ED &+ UInt64(k))
        var checked = 0
        for nl in Self.moduli(k, &rng) {
            let n = BigUInt(limbs: nl)
            let n0inv = Limbs.negativeInverse(nl[0])
            let r = BigUInt(1) << (64 * k)
            let rInv = try #require((r % n).inverseVarTime(modulo: n))
            let nMinus1 = n - BigUInt(1)
            var operands: [BigUInt] = [BigUInt(0), BigUInt(1), nMinus1, nMinus1 - BigUInt(1)]
            for _ in 0..<6 { operands.append(BigUInt(limbs: (0..<k).map { _ in rng.next() }) % n) }
            var scratch = [UInt64](repeating: 0, count: 2 * k + 2)
            var fixed = [UInt64](repeating: 0, count: k), generic = fixed
            for (ia, a) in operands.enumerated() {
                let al = Self.padded(a, k)
                // Square: fixed (also in place) vs generic vs BigUInt.
                let expectedSquare = (a * a * rInv) % n
                #expect(Limbs.montgomerySquareFixed(&fixed, al, modulus: nl, n0inv: n0inv, count: k))
                Limbs.montgomerySquareGeneric(&generic, al, modulus: nl, n0inv: n0inv, count: k, scratch: &scratch)
                #expect(fixed == generic, "square k \(k) operand \(ia)")
                #expect(BigUInt(limbs: fixed) == expectedSquare, "square k \(k) operand \(ia)")
                var inPlace = al
                inPlace.withUnsafeMutableBufferPointer { p in
                    Limbs.montgomerySquare(p.baseAddress!, p.baseAddress!, modulus: nl, n0inv: n0inv, count: k, scratch: &scratch)
                }
                #expect(inPlace == fixed, "in-place square k \(k) operand \(ia)")
                checked += 1
                for (ib, b) in operands.enumerated() where ib % 3 == ia % 3 || ib < 4 {
                    let bl = Self.padded(b, k)
                    #expect(Limbs.montgomeryMultiplyFixed(&fixed, al, bl, modulus: nl, n0inv: n0inv, count: k))
                    Limbs.montgomeryMultiplyGeneric(&generic, al, bl, modulus: nl, n0inv: n0inv, count: k, scratch: &scratch)
                    #expect(fixed == generic, "multiply k \(k) operands \(ia), \(ib)")
                    #expect(BigUInt(limbs: fixed) == (a * b * rInv) % n, "multiply k \(k) operands \(ia), \(ib)")
                    // Through the dispatching entry point, the output aliasing the first operand.
                    var aliased = al
                    aliased.withUnsafeMutableBufferPointer { p in
                        Limbs.montgomeryMultiply(p.baseAddress!, p.baseAddress!, bl, modulus: nl, n0inv: n0inv, count: k,
                                                 scratch: &scratch)
                    }
                    #expect(aliased == fixed, "aliased multiply k \(k) operands \(ia), \(ib)")
                    checked += 1
                }
            }
        }
        // 8 moduli × 10 operands squared, plus the multiplied pairs.
        #expect(checked >= 8 * 10 * 2)
    }

    /// The largest intermediate values: t just below 2n before the final subtraction, reached with
    /// n − 1 times n − 1 on the all-ones modulus (the top accumulator limb carries).
    /// A count without a fixed kernel is refused (the generic loop runs).
    @Test func otherCountsHaveNoFixedKernel() {
        var r = [UInt64](repeating: 0, count: 17)
        let x = [UInt64](repeating: 1, count: 17)
        #expect(!Limbs.montgomerySquareFixed(&r, x, modulus: x, n0inv: 1, count: 17))
        #expect(!Limbs.montgomeryMultiplyFixed(&r, x, x, modulus: x, n0inv: 1, count: 17))
        #expect(r == [UInt64](repeating: 0, count: 17))
    }

    @Test(arguments: Limbs.fixedKernelSizes)
    func allOnesOperandsCarryThroughTheTop(_ k: Int) {
        let nl = [UInt64](repeating: ~0, count: k)
        let n = BigUInt(limbs: nl)
        let n0inv = Limbs.negativeInverse(nl[0])
        var a = nl
        a[0] &-= 1  // n − 1
        let rInv = (BigUInt(1) << (64 * k) % n).inverseVarTime(modulo: n)!
        var out = [UInt64](repeating: 0, count: k)
        var scratch = [UInt64](repeating: 0, count: 2 * k + 2)
        Limbs.montgomerySquare(&out, a, modulus: nl, n0inv: n0inv, count: k, scratch: &scratch)
        let am = BigUInt(limbs: a)
        #expect(BigUInt(limbs: out) == (am * am * rInv) % n)
        Limbs.montgomeryMultiply(&out, a, a, modulus: nl, n0inv: n0inv, count: k, scratch: &scratch)
        #expect(BigUInt(limbs: out) == (am * am * rInv) % n)
    }
}
