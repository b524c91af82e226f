import Foundation
import Testing
import SHA2
import TestSupport

// The Concat KDF (NIST SP 800-56A §5.8.1 with RFC 7518 §4.6.2's OtherInfo) against RFC 7518 Appendix C.

@Suite("Concat KDF")
struct ConcatKDFTests {
    /// RFC 7518 C: OtherInfo byte for byte, and the 128-bit key for A128GCM from Z, "Alice", "Bob".
    @Test func rfc7518AppendixC() throws {
        let data = Data(try Vectors.bytes("rfc/7518/rfc7518_appendix_c.json"))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let kdf = try #require(top["concat_kdf"] as? [String: Any])
        let z = hex(top["Z_hex"] as! String)
        let alg = Array((kdf["AlgorithmID"] as! String).utf8)
        let apu = Array((kdf["PartyUInfo"] as! String).utf8), apv = Array((kdf["PartyVInfo"] as! String).utf8)
        let bits = kdf["SuppPubInfo_bits"] as! Int
        let info = try ConcatKDF.otherInfo(algorithmID: alg, partyUInfo: apu, partyVInfo: apv, keyDataLengthInBits: bits)
        #expect(info == hex(kdf["otherinfo_hex"] as! String))
        let expected = hex(top["derived_key_hex"] as! String)
        let key = try z.withUnsafeBytes { try ConcatKDF.deriveKey(SHA256.self, sharedSecret: $0, otherInfo: info, outputByteCount: bits / 8) }
        #expect(key.withUnsafeBytes { Array($0) } == expected)
        let key2 = try z.withUnsafeBytes {
            try ConcatKDF.joseKey(sharedSecret: $0, algorithmID: alg, partyUInfo: apu, partyVInfo: apv, outputByteCount: 16)
        }
        #expect(key2.withUnsafeBytes { Array($0) } == expected)
        Vectors.report("rfc/7518/rfc7518_appendix_c.json", cases: 1, detail: "OtherInfo and derived key")
    }

    /// Output longer than one block: SP 800-56A's K(1) ‖ K(2) ‖ …, each K(i) = SHA-256(i ‖ Z ‖ OtherInfo), checked
    /// against SHA-256 computed here block by block (an independent composition of the same definition), for 48
    /// and 64 bytes (A192CBC-HS384 and A256CBC-HS512 keys); and the length refusals.
    @Test func multiBlockAndLimits() throws {
        let z = [UInt8](repeating: 0x42, count: 32)
        let info = try ConcatKDF.otherInfo(algorithmID: Array("A256CBC-HS512".utf8), partyUInfo: [UInt8](),
                                           partyVInfo: [UInt8](), keyDataLengthInBits: 512)
        var expected: [UInt8] = []
        for counter: UInt8 in 1...2 { expected += SHA256.hash(data: [0, 0, 0, counter] + z + info).bytes }
        let k64 = try z.withUnsafeBytes { try ConcatKDF.deriveKey(SHA256.self, sharedSecret: $0, otherInfo: info, outputByteCount: 64) }
        #expect(k64.withUnsafeBytes { Array($0) } == expected)
        let k48 = try z.withUnsafeBytes { try ConcatKDF.deriveKey(SHA256.self, sharedSecret: $0, otherInfo: info, outputByteCount: 48) }
        #expect(k48.withUnsafeBytes { Array($0) } == Array(expected.prefix(48)))
        for n in [0, -1, Int(UInt32.max / 8) + 1] {
            #expect(throws: ConcatKDFError.self) {
                try z.withUnsafeBytes { try ConcatKDF.deriveKey(SHA256.self, sharedSecret: $0, otherInfo: info, outputByteCount: n) }
            }
        }
        #expect(throws: ConcatKDFError.self) {
            try ConcatKDF.otherInfo(algorithmID: [UInt8](), partyUInfo: [UInt8](), partyVInfo: [UInt8](), keyDataLengthInBits: -8)
        }
    }
}
