import Testing
@testable import ECDSA
import TestSupport

// Seeded property tests of the field and scalar arithmetic (P-256, P-384) and point tests against
// independently computed multiples of G.


/// The operations shared by field elements and scalars (both Montgomery residues).
protocol MontElement: Equatable {
    static var zero: Self { get }
    static var one: Self { get }
    static var byteCount: Int { get }
    static func mul(_ a: Self, _ b: Self) -> Self
    static func sqr(_ a: Self) -> Self
    static func add(_ a: Self, _ b: Self) -> Self
    static func sub(_ a: Self, _ b: Self) -> Self
    static func neg(_ a: Self) -> Self
    func inverted() -> Self
    var bigEndianBytes: [UInt8] { get }
    var isZero: Bool { get }
    init?(bigEndianBytes: some Collection<UInt8>)
}
extension P256.FieldElement: MontElement {}
extension P256.Scalar: MontElement {}
extension P384.FieldElement: MontElement {}
extension P384.Scalar: MontElement {}

/// Big-endian bytes of `a − k` for a small k (a ≥ k).
func minus(_ a: [UInt8], _ k: UInt8) -> [UInt8] {
    var out = a
    var borrow = Int(k)
    for i in stride(from: out.count - 1, through: 0, by: -1) where borrow != 0 {
        let v = Int(out[i]) - borrow
        out[i] = UInt8((v + 256) % 256)
        borrow = v < 0 ? 1 : 0
    }
    return out
}

func smallBytes(_ v: UInt8, _ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count - 1) + [v] }

/// Runs the property battery on one residue type; `modulus` is the big-endian modulus.
func checkResidues<E: MontElement>(_: E.Type, modulus: [UInt8], seed: UInt64, rounds: Int, sqrt: ((E) -> E?)?) -> Int {
    var rng = SplitMix64(seed: seed)
    let n = E.byteCount
    func random() -> E {
        while true { if let e = E(bigEndianBytes: rng.bytes(n)) { return e } }
    }
    // Encoding: canonical range checks.
    #expect(E(bigEndianBytes: modulus) == nil, "m itself must be rejected")
    #expect(E(bigEndianBytes: [UInt8](repeating: 0xff, count: n)) == nil)
    #expect(E(bigEndianBytes: [UInt8](repeating: 0, count: n - 1)) == nil, "short input")
    let mMinus1 = E(bigEndianBytes: minus(modulus, 1))
    #expect(mMinus1 != nil)
    #expect(mMinus1?.bigEndianBytes == minus(modulus, 1))
    #expect(E.one.bigEndianBytes == smallBytes(1, n))
    #expect(E.zero.bigEndianBytes == smallBytes(0, n))
    // Small integers: 2·3 = 6, (m−1)·(m−1) = 1, (m−1) + 1 = 0, 0 − 1 = m − 1.
    let two = E(bigEndianBytes: smallBytes(2, n))!, three = E(bigEndianBytes: smallBytes(3, n))!
    #expect(E.mul(two, three).bigEndianBytes == smallBytes(6, n))
    #expect(E.mul(mMinus1!, mMinus1!) == E.one)
    #expect(E.add(mMinus1!, E.one).isZero)
    #expect(E.sub(E.zero, E.one) == mMinus1!)
    #expect(E.neg(E.zero) == E.zero)
    #expect(E.zero.inverted() == E.zero)

    var edge: [E] = [E.zero, E.one, two, mMinus1!, E(bigEndianBytes: minus(modulus, 2))!]
    var checked = 0
    for round in 0..<rounds {
        let a = round < edge.count ? edge[round] : random()
        let b = random(), c = random()
        #expect(E.mul(E.add(a, b), c) == E.add(E.mul(a, c), E.mul(b, c)), "distributivity")
        #expect(E.mul(a, b) == E.mul(b, a))
        #expect(E.mul(E.mul(a, b), c) == E.mul(a, E.mul(b, c)))
        #expect(E.sqr(a) == E.mul(a, a))
        #expect(E.add(E.sub(a, b), b) == a)
        #expect(E.add(a, E.neg(a)).isZero)
        #expect(E(bigEndianBytes: a.bigEndianBytes) == a, "encoding round trip")
        if !a.isZero {
            #expect(E.mul(a, a.inverted()) == E.one, "inverse")
        }
        if round < oracleRounds {
            // Against the schoolbook oracle (independent of the Montgomery code).
            #expect(E.mul(a, b).bigEndianBytes == Oracle.mulMod(a.bigEndianBytes, b.bigEndianBytes, modulus), "a·b vs oracle")
            #expect(E.add(a, b).bigEndianBytes == Oracle.addMod(a.bigEndianBytes, b.bigEndianBytes, modulus), "a+b vs oracle")
            #expect(E.sqr(c).bigEndianBytes == Oracle.mulMod(c.bigEndianBytes, c.bigEndianBytes, modulus), "c² vs oracle")
        }
        if let sqrt {
            let sq = E.sqr(a)
            let r = sqrt(sq)
            #expect(r == a || r == E.neg(a), "square root of a square")
        }
        checked += 1
    }
    edge.removeAll()
    return checked
}

let p256P = hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
let p256N = hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
let p384P = hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff")
let p384N = hex("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973")

// Debug builds are slow; the battery size is the same in both (it stays well under a second).
let propertyRounds = 200
/// Rounds that are also checked against the schoolbook oracle (slower: bit-by-bit long division).
let oracleRounds = 40

/// A slow, obviously-correct reference: schoolbook multiplication on 32-bit words and binary long
/// division, on big-endian byte strings. Shares no code with the Montgomery arithmetic under test.
enum Oracle {
    static func words(_ b: [UInt8]) -> [UInt64] {  // little-endian 32-bit words, held in UInt64
        var out: [UInt64] = []
        var i = b.count
        while i > 0 {
            var w: UInt64 = 0
            for j in max(0, i - 4)..<i { w = (w << 8) | UInt64(b[j]) }
            out.append(w)
            i -= 4
        }
        return out
    }
    static func bytes(_ w: [UInt64], count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            let word = i / 4, shift = UInt64(8 * (i % 4))
            out[count - 1 - i] = word < w.count ? UInt8((w[word] >> shift) & 0xff) : 0
        }
        return out
    }
    static func mul(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var r = [UInt64](repeating: 0, count: a.count + b.count + 1)
        for i in 0..<a.count {
            var carry: UInt64 = 0
            for j in 0..<b.count {
                let t = a[i] * b[j] + r[i + j] + carry  // < 2^64: each factor < 2^32
                r[i + j] = t & 0xffff_ffff
                carry = t >> 32
            }
            var k = i + b.count
            while carry != 0 { let t = r[k] + carry; r[k] = t & 0xffff_ffff; carry = t >> 32; k += 1 }
        }
        return r
    }
    static func geq(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        for i in stride(from: max(a.count, b.count) - 1, through: 0, by: -1) {
            let x = i < a.count ? a[i] : 0, y = i < b.count ? b[i] : 0
            if x != y { return x > y }
        }
        return true
    }
    static func subInPlace(_ a: inout [UInt64], _ b: [UInt64]) {
        var borrow: UInt64 = 0
        for i in 0..<a.count {
            let y = (i < b.count ? b[i] : 0) + borrow
            if a[i] >= y { a[i] -= y; borrow = 0 } else { a[i] = a[i] + (1 << 32) - y; borrow = 1 }
        }
    }
    /// x mod m by binary long division.
    static func mod(_ x: [UInt64], _ m: [UInt64]) -> [UInt64] {
        var r = [UInt64](repeating: 0, count: m.count + 1)
        for bit in stride(from: x.count * 32 - 1, through: 0, by: -1) {
            var carry = (x[bit / 32] >> UInt64(bit % 32)) & 1
            for i in 0..<r.count { let t = (r[i] << 1) | carry; r[i] = t & 0xffff_ffff; carry = t >> 32 }
            if geq(r, m) { subInPlace(&r, m) }
        }
        return r
    }
    static func mulMod(_ a: [UInt8], _ b: [UInt8], _ m: [UInt8]) -> [UInt8] {
        bytes(mod(mul(words(a), words(b)), words(m)), count: m.count)
    }
    static func addMod(_ a: [UInt8], _ b: [UInt8], _ m: [UInt8]) -> [UInt8] {
        var s = words(a) + [0]
        var carry: UInt64 = 0
        let bw = words(b)
        for i in 0..<s.count { let t = s[i] + (i < bw.count ? bw[i] : 0) + carry; s[i] = t & 0xffff_ffff; carry = t >> 32 }
        return bytes(mod(s, words(m)), count: m.count)
    }
}

@Suite("ECDSA field and scalar arithmetic")
struct ResidueTests {
    @Test func p256Field() {
        let n = checkResidues(P256.FieldElement.self, modulus: p256P, seed: 256_1, rounds: propertyRounds) {
            $0.squareRootVarTime()
        }
        #expect(n == propertyRounds)
    }
    @Test func p256Scalar() {
        let n = checkResidues(P256.Scalar.self, modulus: p256N, seed: 256_2, rounds: propertyRounds, sqrt: nil)
        #expect(n == propertyRounds)
    }
    @Test func p384Field() {
        let n = checkResidues(P384.FieldElement.self, modulus: p384P, seed: 384_1, rounds: propertyRounds) {
            $0.squareRootVarTime()
        }
        #expect(n == propertyRounds)
    }
    @Test func p384Scalar() {
        let n = checkResidues(P384.Scalar.self, modulus: p384N, seed: 384_2, rounds: propertyRounds, sqrt: nil)
        #expect(n == propertyRounds)
    }

    /// −1 is not a square mod p when p ≡ 3 (mod 4).
    @Test func nonSquares() {
        #expect(P256.FieldElement.neg(.one).squareRootVarTime() == nil)
        #expect(P384.FieldElement.neg(.one).squareRootVarTime() == nil)
    }

    /// bits2int (FIPS 186-4 §6.4): a longer digest keeps its leftmost bits, a shorter one is an integer.
    @Test func digestReduction() {
        let long = [UInt8](repeating: 0xff, count: 64)  // 2^512 − 1 → leftmost 256 bits = 2^256 − 1 → − n
        let e = long.withUnsafeBytes { P256.Scalar.reduceDigestVarTime($0) }
        // 2^256 − 1 − n, computed in Python: hex(2**256 - 1 - n)
        #expect(ECDSALimbs.store4(e) == hex("00000000ffffffff00000000000000004319055258e8617b0c46353d039cdaae"))
        let short = [UInt8](repeating: 0xff, count: 32)  // SHA-256 on P-384: the integer 2^256 − 1
        let e2 = short.withUnsafeBytes { P384.Scalar.reduceDigestVarTime($0) }
        #expect(ECDSALimbs.store6(e2) == [UInt8](repeating: 0, count: 16) + [UInt8](repeating: 0xff, count: 32))
        let nBytes = p256N.withUnsafeBytes { P256.Scalar.reduceDigestVarTime($0) }
        #expect(ECDSALimbs.store4(nBytes) == [UInt8](repeating: 0, count: 32), "n mod n = 0")
    }
}
