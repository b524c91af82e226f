import Testing
import Ed25519
import TestSupport

// The verification rules of Sources/Ed25519/Ed25519.docc/HowItIsBuilt.md, one by one: length, S < L, canonical R, strict public
// keys including small order, cofactorless equation. Wycheproof's file holds the hand-made cases for the rules
// that cannot be produced with a private key (its S ≥ L and non-canonical-R cases are counted here).

/// L, little-endian.
let orderL = hex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")

/// a + b over 32 little-endian bytes (mod 2²⁵⁶).
func addLE(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    var carry = 0
    for i in 0..<32 {
        let s = Int(a[i]) + Int(b[i]) + carry
        out[i] = UInt8(s & 0xff); carry = s >> 8
    }
    return out
}

@Suite("Ed25519 verification rules")
struct Ed25519RuleTests {
    let key = try! Curve25519.Signing.PrivateKey(rawRepresentation: test1Seed)
    let message = Array("rules".utf8)

    @Test(arguments: [0, 1, 32, 63, 65, 96, 128])
    func signatureLength(_ n: Int) {
        let sig = key.signature(for: message)
        let other = n <= 64 ? Array(sig.prefix(n)) : sig + [UInt8](repeating: 0, count: n - 64)
        #expect(!key.publicKey.isValidSignature(other, for: message))
    }

    /// S + L satisfies the cofactorless equation exactly as S does; only the S < L rule refuses it. The same
    /// for S + 2L … S + 15L, as long as the value fits 256 bits.
    @Test func sMalleability() {
        let sig = key.signature(for: message)
        #expect(key.publicKey.isValidSignature(sig, for: message))
        var s = Array(sig[32...])
        var n = 0
        while true {
            let next = addLE(s, orderL)
            if next.last! < s.last! { break }   // wrapped past 2²⁵⁶
            s = next
            #expect(!key.publicKey.isValidSignature(Array(sig[..<32]) + s, for: message))
            n += 1
        }
        #expect(n == 15)
    }

    /// Wycheproof cases whose S ≥ L or whose R has y ≥ p: all invalid, and refused.
    @Test func wycheproofRuleCases() throws {
        let w = try WycheproofFile.load("wycheproof/ed25519_test.json")
        var bigS = 0, nonCanonicalR = 0
        for g in w.groups {
            let key = try Curve25519.Signing.PublicKey(rawRepresentation: try #require(g.publicKeyHex("pk")))
            for t in g.tests {
                let sig = t.hex("sig")
                guard sig.count == 64 else { continue }
                var y = Array(sig[..<32]); y[31] &= 0x7f
                // y ≥ p ⇔ y ∈ [p, 2²⁵⁵ − 1]: bytes 1…30 all 0xff, byte 31 = 0x7f, byte 0 ≥ 0xed.
                let rHigh = y[1..<31].allSatisfy { $0 == 0xff } && y[31] == 0x7f && y[0] >= 0xed
                var sGreaterOrEqual = false
                for i in stride(from: 31, through: 0, by: -1) where sig[32 + i] != orderL[i] {
                    sGreaterOrEqual = sig[32 + i] > orderL[i]; break
                }
                if Array(sig[32...]) == orderL { sGreaterOrEqual = true }
                if rHigh { nonCanonicalR += 1 }
                if sGreaterOrEqual { bigS += 1 }
                if rHigh || sGreaterOrEqual {
                    #expect(t.result == .invalid)
                    #expect(!key.isValidSignature(sig, for: t.hex("msg")), "\(t.label(w.name))")
                }
            }
        }
        Vectors.report("wycheproof/ed25519_test.json", cases: bigS + nonCanonicalR, detail: "\(bigS) with S ≥ L, \(nonCanonicalR) with R's y ≥ p")
        #expect(bigS == 17)
        #expect(nonCanonicalR == 6)
    }

    /// The eight points of small order (canonical encodings; computed with Python from the order-8 point) are
    /// refused as public keys: with A = identity, (R = identity, S = 0) would verify for every message.
    @Test(arguments: [
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0000000000000000000000000000000000000000000000000000000000000080",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ])
    func smallOrderKeys(_ encoding: String) {
        #expect(throws: Ed25519Error(.smallOrderKey)) { try Curve25519.Signing.PublicKey(rawRepresentation: hex(encoding)) }
    }

    /// Messages of any Sequence shape sign and verify alike (contiguous in place, others through a copy).
    @Test func messageShapes() {
        let bytes = Array("shapes of a message".utf8)
        let sig = key.signature(for: bytes)
        #expect(key.signature(for: bytes[...]) == sig)
        #expect(key.signature(for: "shapes of a message".utf8) == sig)
        #expect(key.signature(for: bytes.lazy.map { $0 }) == sig)
        #expect(key.publicKey.isValidSignature(sig[...], for: bytes.lazy.map { $0 }))
        #expect(key.publicKey.isValidSignature(sig, for: "shapes of a message".utf8))
    }

    /// A signature verifies for its key and message only.
    @Test func signatureOfAnotherKeyFails() throws {
        let other = try Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32))
        let sig = key.signature(for: message)
        #expect(!other.publicKey.isValidSignature(sig, for: message))
        #expect(key.publicKey.isValidSignature(sig, for: message))
        #expect(!key.publicKey.isValidSignature(sig, for: message + [0]))
    }
}
