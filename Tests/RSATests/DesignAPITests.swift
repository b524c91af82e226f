import Foundation
import RSA
import SHA2
import Testing
import TestSupport

/// The RSA lines of `DESIGN.md` ("Public API shapes"), written exactly as they appear there, so
/// a change of public names or argument labels breaks this file. The key and the two genuine
/// signatures (PKCS#1 v1.5 and PSS with a 32-byte salt, both SHA-256) are the `rsa2048`
/// controls of `Vectors/rsa-forgeries/rsa_forgeries.json`, made by its Python generator.
@Suite("DESIGN.md API shapes (RSA)")
struct RSADesignAPITests {
    @Test("the DESIGN.md calls compile as written and verify the fixture's genuine signatures")
    func designShapes() throws {
        let data = Data(try Vectors.bytes("rsa-forgeries/rsa_forgeries.json"))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let keys = try #require(top["keys"] as? [String: [String: Any]])
        let k = try #require(keys["rsa2048"])
        #expect(k["e"] as? Int == 65537)
        let n = hex(try #require(k["n"] as? String))
        let e: [UInt8] = [0x01, 0x00, 0x01]
        let cases = try #require(top["cases"] as? [[String: Any]])
        func control(_ name: String) throws -> (msg: [UInt8], sig: [UInt8]) {
            let c = try #require(cases.first { $0["name"] as? String == name && $0["key"] as? String == "rsa2048" })
            #expect(c["valid"] as? Bool == true && c["hash"] as? String == "SHA-256")
            return (hex(try #require(c["msg"] as? String)), hex(try #require(c["sig"] as? String)))
        }
        let pkcs1 = try control("control valid SHA-256"), pss = try control("PSS control valid")
        #expect(pkcs1.msg == pss.msg)
        let message = pkcs1.msg

        // --- as in DESIGN.md ---
        let rk = try RSAPublicKey(modulus: n, publicExponent: e)          // big-endian bytes; also derRepresentation, pemRepresentation
        do {
            let sig = pkcs1.sig
            #expect(rk.isValidSignature(sig, for: message, padding: .pkcs1v1_5(.sha256)))
            #expect(!rk.isValidSignature(sig, for: message, padding: .pss(.sha256, saltLength: 32)))
        }
        do {
            let sig = pss.sig
            #expect(rk.isValidSignature(sig, for: message, padding: .pss(.sha256, saltLength: 32)))
            #expect(!rk.isValidSignature(sig, for: message, padding: .pkcs1v1_5(.sha256)))
        }
        // ---

        // "also derRepresentation, pemRepresentation": the same key through both forms.
        let fromDER = try RSAPublicKey(derRepresentation: rk.derRepresentation)
        let fromPEM = try RSAPublicKey(pemRepresentation: rk.pemRepresentation)
        for key in [fromDER, fromPEM] {
            #expect(key.modulus == n && key.publicExponent == e && key.modulusBitCount == 2048)
            #expect(key.isValidSignature(pkcs1.sig, for: message, padding: .pkcs1v1_5(.sha256)))
            #expect(key.isValidSignature(pss.sig, for: message, padding: .pss(.sha256, saltLength: 32)))
        }
        #expect(rk.pemRepresentation.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
        // The precomputed-digest variant, with a digest from the SHA2 module.
        #expect(rk.isValidSignature(pkcs1.sig, for: SHA256.hash(data: message), padding: .pkcs1v1_5(.sha256)))
        #expect(rk.isValidSignature(pss.sig, for: SHA256.hash(data: message), padding: .pss(.sha256, saltLength: 32)))
    }
}
