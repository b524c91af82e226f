import BigNum
import Testing
import TestSupport

/// The byte-level RSA primitive (`powerVarTime`, what every RSA verification runs) at the sizes
/// the RSA module admits but the fixture (64…4096 bits) does not reach: 16384 bits (256 limbs, the
/// default maximum) and odd limb counts, against plain `BigUInt` square-and-multiply with `*` and
/// `%` (themselves checked against Python in `BigNumFixtureTests`).
@Suite struct RSALimitTests {
    /// base^e mod n by left-to-right square-and-multiply on BigUInt values.
    static func reference(_ base: BigUInt, _ e: UInt64, _ n: BigUInt) -> BigUInt {
        var acc = BigUInt(1) % n
        for i in stride(from: 63 - e.leadingZeroBitCount, through: 0, by: -1) {
            acc = (acc * acc) % n
            if (e >> UInt64(i)) & 1 == 1 { acc = (acc * base) % n }
        }
        return acc
    }

    @Test func publicPrimitiveAtTheSizeLimits() throws {
        var g = SplitMix64(seed: 0xB16_2026_0005)
        var checked = 0
        for bits in [8191, 16384] {
            let n = BigUInt.randomOdd(bits: bits, using: &g)
            let ctx = try #require(MontgomeryContext(modulus: n))
            #expect(ctx.limbCount == (bits + 63) / 64)
            // A signature-sized value just below n, and a random one.
            for s in [n - BigUInt(2), BigUInt.random(bits: bits, using: &g) % n] {
                let sBytes = try #require(s.bigEndianBytes(count: ctx.byteCount))
                for e: UInt64 in [3, 65537] {
                    let want = try #require(Self.reference(s, e, n).bigEndianBytes(count: ctx.byteCount))
                    #expect(ctx.powerVarTime(bigEndianBase: sBytes, exponent: e) == want, "\(bits) bits, e = \(e)")
                    checked += 1
                }
            }
            // n itself and n + 1 are out of range (RFC 8017 §5.2.2 step 1).
            #expect(ctx.powerVarTime(bigEndianBase: n.bigEndianBytes, exponent: 65537) == nil)
            #expect(ctx.powerVarTime(bigEndianBase: (n + BigUInt(1)).bigEndianBytes, exponent: 65537) == nil)
        }
        #expect(checked == 8)
    }
}
