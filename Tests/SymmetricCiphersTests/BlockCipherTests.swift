import SHA2
import TestSupport
import Testing

@testable import SymmetricCiphers

@Suite struct BlockCipherTests {
    /// FIPS 197 Appendix C.1–C.3: the example vectors for the three key sizes.
    @Test func fips197AppendixC() throws {
        let plaintext = hex("00112233445566778899aabbccddeeff")
        let cases: [(String, String)] = [
            ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
            ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
            ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"),
        ]
        for (key, ct) in cases {
            let cipher = try AES.BlockCipher(key: SymmetricKey(data: hex(key)))
            #expect(try cipher.encrypt(plaintext).hexString == ct)
            #expect(try cipher.decrypt(hex(ct)) == plaintext)
        }
    }
}
