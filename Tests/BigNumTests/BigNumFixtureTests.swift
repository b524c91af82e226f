import BigNum
import Testing
import TestSupport

/// Cases from `Vectors/bignum/bignum_cases.txt`, generated once by `Scripts/generate-bignum-cases.py`
/// with Python's integers as the independent oracle.
@Suite struct BigNumFixtureTests {
    static let file = "bignum/bignum_cases.txt"
    static let expectedCases = 2623

    @Test func fixtureMatchesPythonIntegers() throws {
        let text = try Vectors.text(Self.file)
        var counts: [String: Int] = [:]
        var ran = 0
        var lineNo = 0
        var windowOnSmall = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNo += 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            let f = line.split(separator: " ")
            func n(_ i: Int) throws -> BigUInt { try #require(BigUInt(hex: f[i]), "line \(lineNo)") }
            let op = String(f[0])
            switch op {
            case "add":
                #expect(try n(1) + n(2) == n(3), "line \(lineNo)")
                #expect(try n(2) + n(1) == n(3), "line \(lineNo)")
            case "sub":
                #expect(try n(1) - n(2) == n(3), "line \(lineNo)")
                #expect(try n(1).subtractingIfNotNegative(n(2)) == n(3), "line \(lineNo)")
                if try n(3) != BigUInt() {
                    #expect(try n(2).subtractingIfNotNegative(n(1)) == nil, "line \(lineNo)")
                }
            case "mul":
                #expect(try n(1) * n(2) == n(3), "line \(lineNo)")
                #expect(try n(2) * n(1) == n(3), "line \(lineNo)")
            case "divmod":
                let (q, r) = try n(1).quotientAndRemainder(dividingBy: n(2))
                #expect(try q == n(3) && r == n(4), "line \(lineNo)")
            case "shl":
                #expect(try n(1) << Int(f[2])! == n(3), "line \(lineNo)")
            case "shr":
                #expect(try n(1) >> Int(f[2])! == n(3), "line \(lineNo)")
            case "modexp":
                let (base, e, m, expected) = (try n(1), try n(2), try n(3), try n(4))
                let ctx = try #require(MontgomeryContext(modulus: m), "line \(lineNo)")
                // `power` takes the small-exponent path for e < 2⁶⁴ and the sliding window otherwise.
                #expect(ctx.powerVarTime(base, e) == expected, "line \(lineNo) power")
                if e.limbs.count <= 1 {
                    // The byte-level RSA primitive (small-exponent path): defined for base < m only.
                    let bytes = ctx.powerVarTime(bigEndianBase: base.bigEndianBytes, exponent: e.limbs.first ?? 0)
                    if base < m {
                        #expect(bytes == expected.bigEndianBytes(count: ctx.byteCount), "line \(lineNo) bytes")
                    } else {
                        #expect(bytes == nil, "line \(lineNo) bytes out of range")
                    }
                    // The sliding window on small exponents too, so both paths see every case.
                    #expect(ctx.powerVarTime(base, slidingWindowExponent: e) == expected, "line \(lineNo) window")
                    windowOnSmall += 1
                }
            default:
                Issue.record("unknown op \(op) at line \(lineNo)")
                continue
            }
            counts[op, default: 0] += 1
            ran += 1
        }
        Vectors.report(Self.file, cases: ran,
                       detail: counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                           + "; sliding window also run on \(windowOnSmall) small-exponent cases")
        #expect(ran == Self.expectedCases)
        #expect(counts["modexp", default: 0] >= 700 && counts["mul", default: 0] >= 500
                && counts["divmod", default: 0] >= 500)
    }
}
