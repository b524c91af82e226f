import SHA2
import Testing
import TestSupport

/// The SHA2 lines of `DESIGN.md` ("Public API shapes"), written exactly as they appear there, so
/// a change of public names or argument labels breaks this file. Each result is checked against a
/// published value.
@Suite("DESIGN.md API shapes (SHA2)")
struct DesignAPITests {
    @Test("the DESIGN.md calls compile as written and give the published results")
    func designShapes() {
        let bytes = Array("abc".utf8)
        let part = Array("abc".utf8)
        let msg = Array("what do ya want for nothing?".utf8)
        let key = SymmetricKey(data: Array("Jefe".utf8))

        // --- as in DESIGN.md ---
        let d = SHA256.hash(data: bytes)                      // some Sequence<UInt8>; Digest is a fixed-size value
        var h = SHA512(); h.update(data: part); let d2 = h.finalize()
        let mac = HMAC<SHA256>.authenticationCode(for: msg, using: key)
        let valid = HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: msg, using: key)   // constant time
        // ---

        // FIPS 180-2 Appendix B.1 and C.1: SHA-256("abc"), SHA-512("abc").
        #expect(d.description == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(d2.description == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
        // RFC 4231 §4.3 (test case 2): HMAC-SHA-256 with key "Jefe".
        #expect(mac.bytes == hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
        #expect(valid)
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: msg.dropLast(), using: key))
        // "Digest is a fixed-size value": stored inline, no array behind it.
        #expect(MemoryLayout<SHA256Digest>.size == 32 && MemoryLayout<SHA512Digest>.size == 64)
    }
}
