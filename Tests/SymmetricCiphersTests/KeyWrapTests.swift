import Foundation
import SHA2
import TestSupport
import Testing

@testable import SymmetricCiphers

@Suite struct KeyWrapTests {
    /// RFC 3394 §4.1–4.6: the six wraps (128/192/256-bit KEKs, 128/192/256-bit keys) and their unwraps.
    @Test func rfc3394() throws {
        let name = "aes/rfc/3394/rfc3394_section4.json"
        let top = try #require(try JSONSerialization.jsonObject(with: Data(try Vectors.bytes(name))) as? [String: Any])
        let vectors = try #require(top["vectors"] as? [[String: Any]])
        for v in vectors {
            let kek = SymmetricKey(data: acvpHex(v, "KEK")), data = acvpHex(v, "KeyData"), ct = acvpHex(v, "Ciphertext")
            #expect(try AES.KeyWrap.wrap(SymmetricKey(data: data), using: kek) == ct)
            try AES.KeyWrap.unwrap(ct, using: kek).withUnsafeBytes { #expect(Array($0) == data) }
        }
        Vectors.report(name, cases: vectors.count)
        #expect(vectors.count == 6)
    }

    /// Wycheproof AES key wrap: valid wraps byte for byte (including the counter-overflow cases of 48-byte keys) and
    /// their unwraps; a modified integrity value is an authentication failure; keys shorter than 16 bytes or not a
    /// multiple of 8, and wrapped keys shorter than 24 bytes or not a multiple of 8, are refused as sizes (the
    /// `acceptable` 8-byte keys included: RFC 3394 needs two semiblocks).
    @Test func wycheproof() throws {
        let name = "wycheproof/aes_wrap_test.json"
        let file = try WycheproofFile.load(name)
        var valid = 0, integrity = 0, sizes = 0
        for (_, t) in file.cases {
            let kek = SymmetricKey(data: t.hex("key")), msg = t.hex("msg"), ct = t.hex("ct")
            if t.result == .valid {
                #expect(try AES.KeyWrap.wrap(SymmetricKey(data: msg), using: kek) == ct, "\(t.label(name))")
                try AES.KeyWrap.unwrap(ct, using: kek).withUnsafeBytes { #expect(Array($0) == msg, "\(t.label(name))") }
                valid += 1
            } else if msg.count >= 16, msg.count % 8 == 0, ct.count == msg.count + 8 {
                #expect(throwsAES(.authenticationFailure) { try AES.KeyWrap.unwrap(ct, using: kek) }, "\(t.label(name))")
                integrity += 1
            } else {
                if !(msg.count >= 16 && msg.count % 8 == 0) {
                    #expect(throwsAES(.invalidInputSize) { try AES.KeyWrap.wrap(SymmetricKey(data: msg), using: kek) }, "\(t.label(name))")
                }
                if !(ct.count >= 24 && ct.count % 8 == 0) {
                    #expect(throwsAES(.invalidInputSize) { try AES.KeyWrap.unwrap(ct, using: kek) }, "\(t.label(name))")
                }
                sizes += 1
            }
        }
        Vectors.report(name, cases: valid + integrity + sizes, detail: "\(valid) valid, \(integrity) integrity, \(sizes) sizes")
        #expect(valid == 36)
        #expect(integrity == 72)
        #expect(sizes == 57)
    }

    /// NIST ACVP AES-KW (the first-15-per-group subset), the `kwCipher: cipher` groups (ordinary RFC 3394 wrap; the
    /// `inverse` groups wrap with the AES decryption function, which JOSE does not use): wraps byte for byte; unwraps
    /// to the plaintext, or refused where `testPassed` is false.
    @Test func acvp() throws {
        let prompt = "aes/acvp/ACVP-AES-KW-1.0/prompt.first15.json"
        let answers = "aes/acvp/ACVP-AES-KW-1.0/expectedResults.first15.json"
        var expected: [Int: [String: Any]] = [:]
        for g in try acvpGroups(answers) {
            for t in try #require(g["tests"] as? [[String: Any]]) { expected[try #require(t["tcId"] as? Int)] = t }
        }
        var wraps = 0, unwraps = 0, refused = 0, skipped = 0
        for g in try acvpGroups(prompt) {
            let tests = try #require(g["tests"] as? [[String: Any]])
            guard (g["kwCipher"] as? String) == "cipher" else { skipped += tests.count; continue }
            let encrypt = (g["direction"] as? String) == "encrypt"
            for t in tests {
                let id = try #require(t["tcId"] as? Int)
                let answer = try #require(expected[id])
                let kek = SymmetricKey(data: acvpHex(t, "key"))
                if encrypt {
                    #expect(try AES.KeyWrap.wrap(SymmetricKey(data: acvpHex(t, "pt")), using: kek) == acvpHex(answer, "ct"), "tc \(id)")
                    wraps += 1
                } else if (answer["testPassed"] as? Bool) == false {
                    #expect(throwsAES(.authenticationFailure) { try AES.KeyWrap.unwrap(acvpHex(t, "ct"), using: kek) }, "tc \(id)")
                    refused += 1
                } else {
                    try AES.KeyWrap.unwrap(acvpHex(t, "ct"), using: kek).withUnsafeBytes {
                        #expect(Array($0) == acvpHex(answer, "pt"), "tc \(id)")
                    }
                    unwraps += 1
                }
            }
        }
        Vectors.report(prompt, cases: wraps + unwraps + refused,
                       detail: "\(wraps) wrap, \(unwraps) unwrap, \(refused) refused; \(skipped) inverse-cipher cases not run")
        #expect(wraps == 270)
        #expect(unwraps + refused == 270)
        #expect(refused > 0)
        #expect(skipped == 540)
    }

    /// Round trips for every KEK size and key lengths 16…64; a flipped bit anywhere is an authentication failure.
    @Test func roundTripsAndTampering() throws {
        var rng = SplitMix64(seed: 3)
        for kekLength in [16, 24, 32] {
            let kek = SymmetricKey(data: (0..<kekLength).map { _ in UInt8.random(in: 0...255, using: &rng) })
            for length in stride(from: 16, through: 64, by: 8) {
                let key = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
                let wrapped = try AES.KeyWrap.wrap(SymmetricKey(data: key), using: kek)
                #expect(wrapped.count == length + 8)
                try AES.KeyWrap.unwrap(wrapped, using: kek).withUnsafeBytes { #expect(Array($0) == key) }
                var bad = wrapped
                bad[length % bad.count] ^= 0x10
                #expect(throwsAES(.authenticationFailure) { try AES.KeyWrap.unwrap(bad, using: kek) })
            }
        }
    }
}
