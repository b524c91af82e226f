import Foundation
import SHA2
import TestSupport
import Testing

@testable import SymmetricCiphers

@Suite struct CBCTests {
    /// NIST ACVP AES-CBC, every AFT case (GFSBox, KeySBox, VarTxt, VarKey, MMT, HACT; 128/192/256-bit keys; both
    /// directions) and the six Monte Carlo tests (AESAVS §6.4) over their first outer rounds: each round is 1,000
    /// chained block operations and the checked key, IV and text of every round feed the next.
    @Test func acvp() throws {
        let name = "aes/acvp/ACVP-AES-CBC-1.0/internalProjection.json"
        let mctRounds = 5
        var aft = 0, mctChecked = 0, mctTests = 0
        for g in try acvpGroups(name) {
            let encrypt = (g["direction"] as? String) == "encrypt"
            for t in try #require(g["tests"] as? [[String: Any]]) {
                let label = "\(name) tc \(t["tcId"] ?? "?")"
                if (g["testType"] as? String) == "AFT" {
                    let key = acvpHex(t, "key"), iv = acvpHex(t, "iv"), pt = acvpHex(t, "pt"), ct = acvpHex(t, "ct")
                    if encrypt {
                        #expect(try cbcEncrypt(key: key, iv: iv, pt) == ct, "\(label)")
                    } else {
                        #expect(try cbcDecrypt(key: key, iv: iv, ct) == pt, "\(label)")
                    }
                    aft += 1
                    continue
                }
                let results = try #require(t["resultsArray"] as? [[String: Any]])
                #expect(results.count == 100, "\(label)")
                var key = acvpHex(t, "key"), iv = acvpHex(t, "iv")
                var text = encrypt ? acvpHex(t, "pt") : acvpHex(t, "ct")
                for round in 0..<mctRounds {
                    let r = results[round]
                    #expect(key == acvpHex(r, "key"), "\(label)")
                    #expect(iv == acvpHex(r, "iv"), "\(label)")
                    #expect(text == acvpHex(r, encrypt ? "pt" : "ct"), "\(label)")
                    let (last, beforeLast) = try monteCarloRound(key: key, iv: iv, text: text, encrypt: encrypt)
                    #expect(last == acvpHex(r, encrypt ? "ct" : "pt"), "\(label)")
                    // AESAVS: Key ⊕= the last key-length bits of (beforeLast ‖ last); IV = last; text = beforeLast.
                    let both = beforeLast + last
                    let tail = Array(both.suffix(key.count))
                    key = zip(key, tail).map { $0 ^ $1 }
                    iv = last
                    text = beforeLast
                    mctChecked += 1
                }
                mctTests += 1
            }
        }
        Vectors.report(name, cases: aft + mctTests, detail: "\(aft) AFT, \(mctTests) MCT (first \(mctRounds) of 100 rounds each)")
        #expect(aft == 2150)
        #expect(mctTests == 6)
        #expect(mctChecked == 6 * mctRounds)
    }

    /// One AESAVS CBC Monte Carlo round: 1,000 chained blocks; returns the last output block and the one before.
    private func monteCarloRound(key: [UInt8], iv: [UInt8], text: [UInt8], encrypt: Bool) throws -> ([UInt8], [UInt8]) {
        let cipher = try AES.BlockCipher(key: SymmetricKey(data: key))
        var input = text, chain = iv
        var current = [UInt8](), previous = [UInt8]()
        for j in 0..<1000 {
            let output: [UInt8]
            if encrypt {
                output = try cipher.encrypt(zip(input, chain).map { $0 ^ $1 })
                chain = output
            } else {
                output = zip(try cipher.decrypt(input), chain).map { $0 ^ $1 }
                chain = input
            }
            let next = j == 0 ? iv : current
            previous = current
            current = output
            input = next
        }
        return (current, previous)
    }

    /// Wycheproof AES-CBC-PKCS5: valid cases encrypt (padded) to the given ciphertext and decrypt with valid padding;
    /// invalid ones (bad padding, no padding) are refused by the padding check or the length.
    @Test func wycheproofCBCPKCS7() throws {
        let name = "wycheproof/aes_cbc_pkcs5_test.json"
        let file = try WycheproofFile.load(name)
        var valid = 0, invalid = 0
        for (_, t) in file.cases {
            let key = t.hex("key"), iv = t.hex("iv"), msg = t.hex("msg"), ct = t.hex("ct")
            let verdict: [UInt8]? = try {
                guard !ct.isEmpty, ct.count % 16 == 0 else { return nil }
                let padded = try cbcDecrypt(key: key, iv: iv, ct)
                let mask = padded.withUnsafeBytes { AES.CBCHMAC.paddingMask($0) }
                return mask == ~0 ? Array(padded.dropLast(Int(padded.last!))) : nil
            }()
            switch t.result {
            case .valid:
                let pad = 16 - msg.count % 16
                #expect(try cbcEncrypt(key: key, iv: iv, msg + [UInt8](repeating: UInt8(pad), count: pad)) == ct, "\(t.label(name))")
                #expect(verdict == msg, "\(t.label(name))")
                valid += 1
            default:
                #expect(verdict == nil, "\(t.label(name))")
                invalid += 1
            }
        }
        Vectors.report(name, cases: valid + invalid, detail: "\(valid) valid, \(invalid) invalid")
        #expect(valid == 72)
        #expect(invalid == 144)
    }

    /// RFC 7518 Appendix B.1–B.3: the three AES_CBC_HMAC_SHA2 test cases sealed byte for byte and opened; then each
    /// byte class of a sealed box tampered with is refused with the one authentication failure.
    @Test func rfc7518AppendixB() throws {
        let name = "aes/rfc/7518/rfc7518_appendix_b.json"
        let data = Data(try Vectors.bytes(name))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(top["cases"] as? [String: [String: Any]])
        var n = 0
        for (id, c) in cases.sorted(by: { $0.key < $1.key }) {
            let key = SymmetricKey(data: acvpHex(c, "K")), p = acvpHex(c, "P"), iv = acvpHex(c, "IV")
            let a = acvpHex(c, "A"), e = acvpHex(c, "E"), tag = acvpHex(c, "T")
            let box = try AES.CBCHMAC.seal(p, using: key, iv: iv, authenticating: a)
            #expect(box.ciphertext == e, "\(id)")
            #expect(box.tag == tag, "\(id)")
            let given = try AES.CBCHMAC.SealedBox(iv: iv, ciphertext: e, tag: tag)
            #expect(try AES.CBCHMAC.open(given, using: key, authenticating: a) == p, "\(id)")
            #expect(throwsAES(.authenticationFailure) {
                try AES.CBCHMAC.open(AES.CBCHMAC.SealedBox(iv: iv, ciphertext: e, tag: tag.dropLast()), using: key,
                                     authenticating: a)
            }, "\(id)")
            #expect(throwsAES(.authenticationFailure) {
                try AES.CBCHMAC.open(given, using: key, authenticating: a.dropLast())
            }, "\(id)")
            n += 1
        }
        Vectors.report(name, cases: n)
        #expect(n == 3)
    }

    /// Round trips for every key size and message lengths 0…40; one flipped bit in the IV, ciphertext, tag or AAD is
    /// an authentication failure. A ciphertext with a valid MAC but bad padding (sealed here by hand with the MAC
    /// key) is the same failure, and so is a valid MAC over a ciphertext that is not whole blocks.
    @Test func roundTripsAndRefusals() throws {
        var rng = SplitMix64(seed: 7)
        for keyLength in [32, 48, 64] {
            let keyBytes = (0..<keyLength).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let key = SymmetricKey(data: keyBytes)
            for length in 0...40 {
                let msg = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
                let aad = Array("aad \(length)".utf8)
                let box = try AES.CBCHMAC.seal(msg, using: key, authenticating: aad)
                #expect(box.ciphertext.count == (length / 16 + 1) * 16)
                #expect(try AES.CBCHMAC.open(box, using: key, authenticating: aad) == msg)
                for part in 0..<3 {
                    var iv = box.iv, ct = box.ciphertext, tag = box.tag
                    switch part {
                    case 0: iv[length % 16] ^= 1
                    case 1: ct[length % ct.count] ^= 0x80
                    default: tag[tag.count - 1] ^= 1
                    }
                    #expect(throwsAES(.authenticationFailure) {
                        try AES.CBCHMAC.open(AES.CBCHMAC.SealedBox(iv: iv, ciphertext: ct, tag: tag), using: key,
                                             authenticating: aad)
                    })
                }
            }
            // Authentic but badly padded: CBC-encrypt a block ending in 0x00 and MAC it with the real MAC key.
            let half = keyLength / 2
            let macKey = Array(keyBytes[..<half]), encKey = Array(keyBytes[half...])
            let iv = [UInt8](repeating: 9, count: 16)
            for lastBlock in [[UInt8](repeating: 0, count: 16), [UInt8](repeating: 17, count: 16),
                              [UInt8](repeating: 3, count: 15) + [4]] {
                let ct = try cbcEncrypt(key: encKey, iv: iv, lastBlock)
                let tag = macTag(macKey: macKey, aad: [], iv: iv, ct: ct)
                #expect(throwsAES(.authenticationFailure) {
                    try AES.CBCHMAC.open(AES.CBCHMAC.SealedBox(iv: iv, ciphertext: ct, tag: tag), using: key,
                                         authenticating: [])
                })
            }
            let ragged = [UInt8](repeating: 1, count: 20)
            #expect(throwsAES(.authenticationFailure) {
                try AES.CBCHMAC.open(AES.CBCHMAC.SealedBox(iv: iv, ciphertext: ragged,
                                                           tag: self.macTag(macKey: macKey, aad: [], iv: iv, ct: ragged)),
                                     using: key, authenticating: [])
            })
        }
        #expect(throwsAES(.invalidKeySize) {
            try AES.CBCHMAC.seal([1], using: SymmetricKey(data: [UInt8](repeating: 0, count: 16)), authenticating: [])
        })
        #expect(throwsAES(.invalidNonceSize) {
            try AES.CBCHMAC.SealedBox(iv: [UInt8](repeating: 0, count: 12), ciphertext: [], tag: [])
        })
    }

    /// The RFC 7518 MAC computed independently with SHA2's HMAC (first half of HMAC(A ‖ IV ‖ E ‖ AL)).
    private func macTag(macKey: [UInt8], aad: [UInt8], iv: [UInt8], ct: [UInt8]) -> [UInt8] {
        let al = withUnsafeBytes(of: (UInt64(aad.count) * 8).bigEndian) { Array($0) }
        let input = aad + iv + ct + al
        let key = SymmetricKey(data: macKey)
        switch macKey.count {
        case 16: return Array(HMAC<SHA256>.authenticationCode(for: input, using: key).bytes.prefix(16))
        case 24: return Array(HMAC<SHA384>.authenticationCode(for: input, using: key).bytes.prefix(24))
        default: return Array(HMAC<SHA512>.authenticationCode(for: input, using: key).bytes.prefix(32))
        }
    }
}
