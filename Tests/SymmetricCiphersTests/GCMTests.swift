import SHA2
import TestSupport
import Testing

@testable import SymmetricCiphers

@Suite struct GCMTests {
    /// Wycheproof AES-GCM: every group (128/192/256-bit keys, nonces of 0…2056 bits, 16-byte tags). Valid cases seal
    /// to the given ciphertext and tag and open back; invalid ones (modified tags, the empty nonce, …) are refused,
    /// with the empty nonce refused as a nonce and every other one as an authentication failure.
    @Test func wycheproof() throws {
        let name = "wycheproof/aes_gcm_test.json"
        let file = try WycheproofFile.load(name)
        var valid = 0, invalid = 0
        for (_, t) in file.cases {
            let key = SymmetricKey(data: t.hex("key")), iv = t.hex("iv"), aad = t.hex("aad")
            let msg = t.hex("msg"), ct = t.hex("ct"), tag = t.hex("tag")
            guard !iv.isEmpty else {
                #expect(t.result == .invalid, "\(t.label(name))")
                #expect(throwsAES(.invalidNonceSize) { try AES.GCM.Nonce(data: iv) }, "\(t.label(name))")
                invalid += 1
                continue
            }
            let nonce = try AES.GCM.Nonce(data: iv)
            let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: ct, tag: tag)
            let sealed = try AES.GCM.seal(msg, using: key, nonce: nonce, authenticating: aad)
            switch t.result {
            case .valid:
                #expect(sealed.ciphertext == ct, "\(t.label(name))")
                #expect(sealed.tag == tag, "\(t.label(name))")
                #expect(try AES.GCM.open(box, using: key, authenticating: aad) == msg, "\(t.label(name))")
                valid += 1
            default:
                #expect(sealed.ciphertext != ct || sealed.tag != tag, "\(t.label(name))")
                #expect(throwsAES(.authenticationFailure) { try AES.GCM.open(box, using: key, authenticating: aad) }, "\(t.label(name))")
                invalid += 1
            }
        }
        Vectors.report(name, cases: valid + invalid, detail: "\(valid) valid, \(invalid) invalid")
        #expect(valid == 229)
        #expect(invalid == 87)
    }

    /// NIST ACVP AES-GCM: encryption (ciphertext and tag, 32- and 128-bit tags) and decryption (the plaintext, or a
    /// refusal for `testPassed: false`), 96- and 120-bit IVs. The 32-bit tags go through the internal entry point.
    @Test func acvp() throws {
        let name = "aes/acvp/ACVP-AES-GCM-1.0/internalProjection.json"
        var encrypt = 0, decrypt = 0, refused = 0
        for g in try acvpGroups(name) {
            let tagBytes = try #require(g["tagLen"] as? Int) / 8
            let direction = try #require(g["direction"] as? String)
            for t in try #require(g["tests"] as? [[String: Any]]) {
                let key = acvpHex(t, "key"), iv = acvpHex(t, "iv"), aad = acvpHex(t, "aad")
                let label = "\(name) tc \(t["tcId"] ?? "?")"
                if direction == "encrypt" {
                    let (ct, tag) = try AES.GCM.sealForTest(key: key, nonce: iv, message: acvpHex(t, "pt"), aad: aad)
                    #expect(ct == acvpHex(t, "ct"), "\(label)")
                    #expect(Array(tag.prefix(tagBytes)) == acvpHex(t, "tag"), "\(label)")
                    encrypt += 1
                } else {
                    let open = { try AES.GCM.openForTest(key: key, nonce: iv, ciphertext: acvpHex(t, "ct"),
                                                         tag: acvpHex(t, "tag"), aad: aad) }
                    if (t["testPassed"] as? Bool) == false {
                        #expect(throwsAES(.authenticationFailure, open), "\(label)")
                        refused += 1
                    } else {
                        #expect(try open() == acvpHex(t, "pt"), "\(label)")
                    }
                    decrypt += 1
                }
            }
        }
        Vectors.report(name, cases: encrypt + decrypt, detail: "\(encrypt) encrypt, \(decrypt) decrypt, \(refused) refused")
        #expect(encrypt == 30)
        #expect(decrypt == 30)
        #expect(refused > 0)
    }

    /// The CryptoKit shape: the combined form round-trips, a random nonce is 12 bytes, a flipped bit anywhere
    /// (ciphertext, tag, AAD) is an authentication failure, wrong sizes are named errors. Lengths 0…80 cover the
    /// partial last block and the four-block passes.
    @Test func roundTripsAndTampering() throws {
        var rng = SplitMix64(seed: 42)
        for length in 0...80 {
            let key = SymmetricKey(data: (0..<[16, 24, 32][length % 3]).map { _ in UInt8.random(in: 0...255, using: &rng) })
            let msg = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let aad = Array("header \(length)".utf8)
            let box = try AES.GCM.seal(msg, using: key, authenticating: aad)
            #expect(box.nonce.bytes.count == 12)
            let combined = try #require(box.combined)
            #expect(combined.count == 12 + length + 16)
            #expect(try AES.GCM.open(AES.GCM.SealedBox(combined: combined), using: key, authenticating: aad) == msg)
            for i in stride(from: 12, to: combined.count, by: max(1, combined.count / 7)) {
                var bad = combined
                bad[i] ^= 0x01
                #expect(throwsAES(.authenticationFailure) {
                    try AES.GCM.open(AES.GCM.SealedBox(combined: bad), using: key, authenticating: aad)
                })
            }
            #expect(throwsAES(.authenticationFailure) {
                try AES.GCM.open(box, using: key, authenticating: aad + [0])
            })
        }
        let key = SymmetricKey(data: [UInt8](repeating: 7, count: 16))
        #expect(throwsAES(.invalidKeySize) { try AES.GCM.seal([1], using: SymmetricKey(data: [1, 2, 3])) })
        #expect(throwsAES(.invalidTagSize) {
            try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(), ciphertext: [1], tag: [UInt8](repeating: 0, count: 12))
        })
        #expect(throwsAES(.invalidInputSize) { try AES.GCM.SealedBox(combined: [UInt8](repeating: 0, count: 27)) })
        #expect(try AES.GCM.seal([1], using: key, nonce: AES.GCM.Nonce(data: [1, 2, 3])).combined == nil)
    }
}
