import Testing
@testable import ECDSA
import TestSupport

// Multiples of G computed independently with Python's integers (affine double-and-add over GF(p), in
// Scripts/generate-curves.py's check_curve arithmetic): k, x(kG), y(kG). The random k come from
// `random.seed(6979 + bits); random.randrange(n)`.
let p256Multiples: [(String, String, String)] = [
    ("2", "7cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978",
     "07775510db8ed040293d9ac69f7430dbba7dade63ce982299e04b79d227873d1"),
    ("3", "5ecbe4d1a6330a44c8f7ef951d4bf165e6c6b721efada985fb41661bc6e7fd6c",
     "8734640c4998ff7e374b06ce1a64a2ecd82ab036384fb83d9a79b127a27d5032"),
    ("18ebbb95eed0e13", "339150844ec15234807fe862a86be77977dbfb3ae3d96f4c22795513aeaab82f",
     "b1c14ddfdc8ec1b2583f51e85a5eb3a155840f2034730e9b5ada38b674336a21"),
    ("100000000000000000000000000000001", "ef9519328a9c72ffddc6068bb91dfc60ef7fbd2b1a0a11b713949c932a1d367f",
     "611e9fc37dbb2c9bc1ee9807022c219c23183b0895ca1740196035a77376d8a8"),
    ("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc63254f",
     "7cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978",
     "f888aaee24712fc0d6c26539608bcf244582521ac3167dd661fb4862dd878c2e"),
    ("8bd481427ad4d0ee8e7ab1f0e70caa7ebd1791ea0494b8acea8952edaa6f381b",
     "f39656c22936c01110f0f8f2167311fcb2a53a9042efc8b77e1795035bcda756",
     "82fde36ec58695b033c02bde957140283c69a29e5b8d5cd30b85034f19950c36"),
    ("6fa5678f5da31a29e0b0cf90860de1c5451b36776c79e1baa0344842386858ce",
     "9c8b3378e049dbc4e196722708ba45a3b306cf19e035c1417f5a319ab70a8494",
     "42d13845701c381ea8bea318fa0bc4d2627b5c43d4915fdeaf188696cafa2f83"),
]
let p384Multiples: [(String, String, String)] = [
    ("2", "08d999057ba3d2d969260045c55b97f089025959a6f434d651d207d19fb96e9e4fe0e86ebe0e64f85b96a9c75295df61",
     "8e80f1fa5b1b3cedb7bfe8dffd6dba74b275d875bc6cc43e904e505f256ab4255ffd43e94d39e22d61501e700a940e80"),
    ("3", "077a41d4606ffa1464793c7e5fdc7d98cb9d3910202dcd06bea4f240d3566da6b408bbae5026580d02d7e5c70500c831",
     "c995f7ca0b0c42837d0bbe9602a9fc998520b41c85115aa5f7684c0edc111eacc24abd6be4b5d298b65f28600a2f1df1"),
    ("18ebbb95eed0e13",
     "a499efe48839bc3abcd1c5cedbdd51904f9514db44f4686db918983b0c9dc3aee05a88b72433e9515f91a329f5f4fa60",
     "3b7ca28ef31f809c2f1ba24aaed847d0f8b406a4b8968542de139db5828ca410e615d1182e25b91b1131e230b727d36a"),
    ("1000000000000000000000000000000000000000000000001",
     "aab8bb9f0fdc3088567a6233cd6ce3a39bb183b270b375ddd37de424b860fae69097dbb1c6cb001730991560aa133909",
     "48942f81314f6d28f0af01d1282050b5f6005fc815eb04ac6d955bb3c9747bf3ebdf73f2d62faa4416c5b981600ad5a6"),
    ("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52971",
     "08d999057ba3d2d969260045c55b97f089025959a6f434d651d207d19fb96e9e4fe0e86ebe0e64f85b96a9c75295df61",
     "717f0e05a4e4c312484017200292458b4d8a278a43933bc16fb1afa0da954bd9a002bc15b2c61dd29eafe190f56bf17f"),
    ("385ed79ca2b22d8f7f84edbe4d8a1496f3bdd8e9cf74d1063a31390900595cfd13fdaa167726a5a1201509727507d150",
     "98b2354ad34cf6f8eced65569ff33f1346bf6103922a0d953af4222ef2ab88e72c5d7252b3bfce5a2202cd4f5dc1cea7",
     "3a62095d424c27a25d97451ca45b1a21cd08e094b9ed051167e017279eccd5de988ab7fb004ed20911c51d2178cd9be8"),
    ("4e35f8f430e6e8da92967947b9e801163f9348e33068840d8b99a58756b46f77f1d4f5d26d065cdd8e2f097f72327961",
     "0d7aa6c58ddae71ea05ff8322f90158fe30eea2fd59fd41333e0275d5b9ef120cdeb836be5423a4facae5f0bbf4b1351",
     "8fde77e095fcb9d6dd2d3df8953979db64ac16e5f35f1e5fc487207aaac0165f477c8bb8714545e1bb26725c999e5fcb"),
]

/// Left-pads a hex integer to `count` bytes.
func padded(_ h: String, _ count: Int) -> [UInt8] {
    let b = hex((h.count % 2 == 1 ? "0" : "") + h)
    return [UInt8](repeating: 0, count: count - b.count) + b
}

/// The curve-specific operations the point tests need, so one test body covers both curves.
struct PointOps: Sendable, CustomTestStringConvertible {
    var testDescription: String { name }
    let name: String
    let byteCount: Int
    let order: [UInt8]
    let multiples: [(String, String, String)]
    /// k·G by plain double-and-add → x‖y, nil for infinity.
    let mulG: @Sendable ([UInt8]) -> [UInt8]?
    /// u₁·G + u₂·Q by the verification path (Strauss–Shamir wNAF) → x‖y, nil for infinity.
    let dsm: @Sendable ([UInt8], [UInt8], [UInt8]) -> [UInt8]?
    /// Every entry of the generator tables equals (2i+1)·2^(bits·j/4)·G computed by double-and-add.
    let tableMatches: @Sendable () -> Int
}

let p256Ops = PointOps(
    name: "P-256", byteCount: 32, order: p256N, multiples: p256Multiples,
    mulG: { k in
        let l = k.withUnsafeBytes { ECDSALimbs.load4($0) }
        guard let a = P256.JacobianPoint.mulVarTime(l, P256.JacobianPoint(P256.generator)).affine() else { return nil }
        return a.x.bigEndianBytes + a.y.bigEndianBytes
    },
    dsm: { u1, u2, q in
        let l1 = u1.withUnsafeBytes { ECDSALimbs.load4($0) }, l2 = u2.withUnsafeBytes { ECDSALimbs.load4($0) }
        let pt = P256.AffinePoint(x: P256.FieldElement(bigEndianBytes: q[0..<32])!,
                                  y: P256.FieldElement(bigEndianBytes: q[32...])!)
        guard let a = P256.doubleScalarMulVarTime(l1, l2, pt).affine() else { return nil }
        return a.x.bigEndianBytes + a.y.bigEndianBytes
    },
    tableMatches: {
        var ok = 0
        // generatorTables[64j + i] = (2i+1)·2^(64j)·G, j = 0..<P256.pieceCount.
        let tables = P256.generatorTables
        #expect(tables.count == 64 * P256.pieceCount)
        for j in 0..<P256.pieceCount {
            let shift = String(repeating: "0", count: 16 * j), table = tables[(64 * j)..<(64 * j + 64)]
            for (i, e) in table.enumerated() {
                let k = padded(String(2 * i + 1, radix: 16) + shift, 32).withUnsafeBytes { ECDSALimbs.load4($0) }
                let a = P256.JacobianPoint.mulVarTime(k, P256.JacobianPoint(P256.generator)).affine()!
                if a.x == e.x && a.y == e.y && e.isOnCurve { ok += 1 }
            }
        }
        return ok
    })

let p384Ops = PointOps(
    name: "P-384", byteCount: 48, order: p384N, multiples: p384Multiples,
    mulG: { k in
        let l = k.withUnsafeBytes { ECDSALimbs.load6($0) }
        guard let a = P384.JacobianPoint.mulVarTime(l, P384.JacobianPoint(P384.generator)).affine() else { return nil }
        return a.x.bigEndianBytes + a.y.bigEndianBytes
    },
    dsm: { u1, u2, q in
        let l1 = u1.withUnsafeBytes { ECDSALimbs.load6($0) }, l2 = u2.withUnsafeBytes { ECDSALimbs.load6($0) }
        let pt = P384.AffinePoint(x: P384.FieldElement(bigEndianBytes: q[0..<48])!,
                                  y: P384.FieldElement(bigEndianBytes: q[48...])!)
        guard let a = P384.doubleScalarMulVarTime(l1, l2, pt).affine() else { return nil }
        return a.x.bigEndianBytes + a.y.bigEndianBytes
    },
    tableMatches: {
        var ok = 0
        // generatorTables[64j + i] = (2i+1)·2^(96j)·G, j = 0..<P384.pieceCount.
        let tables = P384.generatorTables
        #expect(tables.count == 64 * P384.pieceCount)
        for j in 0..<P384.pieceCount {
            let shift = String(repeating: "0", count: 24 * j), table = tables[(64 * j)..<(64 * j + 64)]
            for (i, e) in table.enumerated() {
                let k = padded(String(2 * i + 1, radix: 16) + shift, 48).withUnsafeBytes { ECDSALimbs.load6($0) }
                let a = P384.JacobianPoint.mulVarTime(k, P384.JacobianPoint(P384.generator)).affine()!
                if a.x == e.x && a.y == e.y && e.isOnCurve { ok += 1 }
            }
        }
        return ok
    })

@Suite("ECDSA points")
struct PointTests {
    @Test(arguments: [p256Ops, p384Ops])
    func knownMultiples(_ c: PointOps) {
        for (k, x, y) in c.multiples {
            #expect(c.mulG(padded(k, c.byteCount)) == padded(x, c.byteCount) + padded(y, c.byteCount), "\(c.name) \(k)·G")
        }
        // [n]G = ∞, [n−1]G = −G, 1·G = G, 0·G = ∞.
        #expect(c.mulG(c.order) == nil, "[n]G")
        #expect(c.mulG([UInt8](repeating: 0, count: c.byteCount)) == nil, "[0]G")
        let g = c.mulG(smallBytes(1, c.byteCount))!
        let minusG = c.mulG(minus(c.order, 1))!
        #expect(minusG[..<c.byteCount] == g[..<c.byteCount] && minusG[c.byteCount...] != g[c.byteCount...])
    }

    @Test(arguments: [p256Ops, p384Ops])
    func generatorTable(_ c: PointOps) {
        let n = c.tableMatches()
        #expect(n == 256, "\(c.name) table entries equal to (2i+1)·2^(bits·j/4)·G, j < 4")
    }

    /// The verification path's u₁·G + u₂·Q against separate double-and-add multiplications:
    /// with Q = q·G, u₁·G + u₂·Q = (u₁ + u₂·q)·G; the test picks (u₁, u₂, q) whose sum is known.
    @Test(arguments: [p256Ops, p384Ops])
    func strausShamir(_ c: PointOps) {
        let m = c.multiples
        let q = c.mulG(smallBytes(3, c.byteCount))!  // Q = 3G
        // u₁ = 2, u₂ = 1 → 5G;  u₁ = k, u₂ = 0 → kG;  u₁ = 0, u₂ = k → 3kG (k = 1 → 3G).
        #expect(c.dsm(smallBytes(2, c.byteCount), smallBytes(1, c.byteCount), q) == c.mulG(smallBytes(5, c.byteCount)))
        for (k, x, y) in m {
            #expect(c.dsm(padded(k, c.byteCount), [UInt8](repeating: 0, count: c.byteCount), q)
                    == padded(x, c.byteCount) + padded(y, c.byteCount))
        }
        #expect(c.dsm([UInt8](repeating: 0, count: c.byteCount), smallBytes(1, c.byteCount), q) == q)
        // u₁ = n − 3, u₂ = 1 with Q = 3G: the sum is ∞ (exercises P + (−P) in the addition).
        #expect(c.dsm(minus(c.order, 3), smallBytes(1, c.byteCount), q) == nil)
        // u₁ = 3, u₂ = 1 with Q = 3G: 6G (exercises P + P → doubling inside the addition).
        #expect(c.dsm(smallBytes(3, c.byteCount), smallBytes(1, c.byteCount), q) == c.mulG(smallBytes(6, c.byteCount)))
        // Random (u₁, u₂) below 2^(bits−3), so u₁ + 3·u₂ < n: u₁·G + u₂·(3G) = (u₁ + 3·u₂)·G.
        var rng = SplitMix64(seed: 42)
        for _ in 0..<4 {
            var u1 = rng.bytes(c.byteCount), u2 = rng.bytes(c.byteCount)
            u1[0] &= 0x1f; u2[0] &= 0x1f
            let sum = addBytes(u1, addBytes(u2, addBytes(u2, u2)))
            #expect(c.dsm(u1, u2, q) == c.mulG(sum))
        }
    }
}

/// Big-endian a + b (same length, no overflow expected).
func addBytes(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var out = a
    var carry = 0
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        let v = Int(a[i]) + Int(b[i]) + carry
        out[i] = UInt8(v & 0xff)
        carry = v >> 8
    }
    return out
}
