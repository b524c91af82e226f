import Testing
@testable import ECDSA
import TestSupport

// Point, field and scalar tests written once over `NISTCurve` (the protocol the generator makes every curve
// conform to) and run for every curve.

/// One curve, for `@Test(arguments:)`.
/// (`@unchecked`: a metatype and an array of string triples are immutable here; the protocol metatype is not
/// declared `Sendable`.)
struct AnyNISTCurve: @unchecked Sendable, CustomTestStringConvertible {
    let curve: any NISTCurve.Type
    let multiples: [(String, String, String)]
    var testDescription: String { curve.curveName }
}

let allCurves = [
    AnyNISTCurve(curve: P256.self, multiples: p256Multiples),
    AnyNISTCurve(curve: P384.self, multiples: p384Multiples),
    AnyNISTCurve(curve: P521.self, multiples: p521Multiples),
]

@Suite("ECDSA curve protocol")
struct CurveProtocolTests {
    /// The constant-time k·G of signing against multiples computed independently in Python (PointTests'
    /// tables: 2G, 3G, small and half-width k, n − 2, random k), and against the verification path
    /// u₁·G + 0·Q.
    @Test(arguments: allCurves)
    func constantTimeGeneratorMultiples(_ c: AnyNISTCurve) {
        let n = c.curve.scalarByteCount
        for (k, x, y) in c.multiples {
            let kb = padded(k, n)
            #expect(c.curve.generatorMultipleConstantTime(kb) == padded(x, n) + padded(y, n), "\(c.curve.curveName) k = \(k)")
        }
        // k = 1 and k = n − 1 (the extreme Booth digits), k with every window digit ±16 or 0.
        let g = c.curve.generatorMultipleConstantTime(padded("1", n))
        let minusG = c.curve.generatorMultipleConstantTime(offsetOrder(c.curve.orderBytes, -1))
        #expect(minusG[0..<n] == g[0..<n] && minusG[n...] != g[n...])
        var rng = SplitMix64(seed: 0x5eed)
        for _ in 0..<8 {
            var k = rng.bytes(n)
            k[0] = 0   // below n on every curve
            let viaVerify = c.curve.doubleScalarMultiple(k, [UInt8](repeating: 0, count: n), g)
            #expect(c.curve.generatorMultipleConstantTime(k) == viaVerify, "\(c.curve.curveName) k = \(k.hexString)")
        }
        for pattern: UInt8 in [0x10, 0x84, 0x42] {   // runs of window digits 16, −16, 0
            let k = [0] + [UInt8](repeating: pattern, count: n - 1)
            #expect(c.curve.generatorMultipleConstantTime(k) == c.curve.doubleScalarMultiple(k, [UInt8](repeating: 0, count: n), g))
        }
    }

    /// Field and scalar multiplication, addition, subtraction and inversion against the schoolbook oracle.
    @Test(arguments: allCurves)
    func modularOperations(_ c: AnyNISTCurve) {
        let n = c.curve.scalarByteCount
        var rng = SplitMix64(seed: 0x0dd)
        for (modulus, op) in [(c.curve.primeBytes, c.curve.fieldOperation), (c.curve.orderBytes, c.curve.scalarOperation)] {
            for _ in 0..<20 {
                var a = rng.bytes(n), b = rng.bytes(n)
                // Below both moduli: 0x7f for P-256/P-384 (top byte 0xff), 0x00 for P-521 (p < 2^521 is 66 bytes).
                let top = c.curve.primeBytes[0] >> 1
                a[0] &= top; b[0] &= top
                #expect(op(.mul, a, b) == Oracle.mulMod(a, b, modulus))
                #expect(op(.add, a, b) == Oracle.addMod(a, b, modulus))
                #expect(Oracle.addMod(op(.sub, a, b), b, modulus) == Oracle.mulMod(a, padded("1", n), modulus))
                #expect(Oracle.mulMod(op(.inverse, a, b), a, modulus) == padded("1", n))
            }
        }
    }

    /// The same operations at the edges of each modulus (m − 1, m − 2, m − 3, 1, 2) and on random values of the
    /// full range [0, m) — for P-521's radix-2^58 field these reach the top limb's last bits and the Mersenne
    /// fold's carry out of bit 521, which values below 2^520 never do.
    @Test(arguments: allCurves)
    func modularOperationsAtTheEdges(_ c: AnyNISTCurve) {
        let n = c.curve.scalarByteCount
        var rng = SplitMix64(seed: 0xed9e)
        var checked = 0
        for (modulus, op) in [(c.curve.primeBytes, c.curve.fieldOperation), (c.curve.orderBytes, c.curve.scalarOperation)] {
            var values = [padded("1", n), padded("2", n), offsetOrder(modulus, -1), offsetOrder(modulus, -2), offsetOrder(modulus, -3)]
            while values.count < 13 {
                var v = rng.bytes(n)
                v[0] &= modulus[0]
                if v.lexicographicallyPrecedes(modulus) { values.append(v) }
            }
            for a in values {
                for b in values {
                    #expect(op(.mul, a, b) == Oracle.mulMod(a, b, modulus))
                    #expect(op(.add, a, b) == Oracle.addMod(a, b, modulus))
                    #expect(Oracle.addMod(op(.sub, a, b), b, modulus) == Oracle.mulMod(a, padded("1", n), modulus))
                    checked += 1
                }
                #expect(Oracle.mulMod(op(.inverse, a, a), a, modulus) == padded("1", n))
            }
        }
        #expect(checked == 2 * 13 * 13)
    }

    /// Issue 19 point 2, on every curve: the range checks of r, s (verification) and d, k (signing).
    @Test(arguments: allCurves)
    func scalarRange(_ c: AnyNISTCurve) {
        let order = c.curve.orderBytes
        let zero = [UInt8](repeating: 0, count: order.count)
        let cases: [([UInt8], Bool)] = [
            (zero, false), (offsetOrder(zero, 1), true), (offsetOrder(order, -1), true), (order, false),
            (offsetOrder(order, 1), false), ([UInt8](repeating: 0xff, count: order.count), false),
        ]
        for (x, valid) in cases {
            #expect(c.curve.isInSignatureRange(x) == valid, "\(c.curve.curveName) \(x.hexString)")
            #expect(c.curve.inRangeMask(x) == (valid ? ~0 : 0), "\(c.curve.curveName) \(x.hexString)")
        }
    }
}
