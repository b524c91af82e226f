import BigNum
import DER
import SHA2
import Foundation
import Testing
import TestSupport
@testable import RSA

// RSAES-OAEP (RFC 8017 §7.1): Wycheproof's four OAEP files (decryption, valid and invalid), RFC 7516 A.1's CEK,
// encryption checked by decrypting here and by an independent variable-time decoder written below from the RFC.

private func base64url(_ s: String) -> [UInt8] {
    var t = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while t.count % 4 != 0 { t += "=" }
    return [UInt8](Data(base64Encoded: t)!)
}

/// A reference RSAES-OAEP decryption in variable time, from RFC 8017 §7.1.2 with BigNum's public API and the
/// module's MGF1/hash: used to check the encoder independently of `oaepDecode`.
private func referenceDecrypt(_ c: [UInt8], n: [UInt8], d: [UInt8], padding: RSAEncryptionPadding, label: [UInt8]) -> [UInt8]? {
    let k = n.count
    guard let ctx = MontgomeryContext(modulus: BigUInt(bigEndianBytes: n)) else { return nil }
    let m = ctx.powerVarTime(BigUInt(bigEndianBytes: c), BigUInt(bigEndianBytes: d))
    var em = m.bigEndianBytes
    em = [UInt8](repeating: 0, count: k - em.count) + em
    let hLen = padding.hashByteCount
    var seed = Array(em[1...hLen]), db = Array(em[(1 + hLen)...])
    func hash(_ x: [UInt8]) -> [UInt8] {
        switch padding.backing {
        case .sha1: return OAEPSHA1.hash(data: x).bytes
        case .sha256: return SHA256.hash(data: x).bytes
        case .sha384: return SHA384.hash(data: x).bytes
        case .sha512: return SHA512.hash(data: x).bytes
        }
    }
    func mgf(_ s: [UInt8], _ len: Int) -> [UInt8] {
        var out: [UInt8] = []
        var counter: UInt32 = 0
        while out.count < len { out += hash(s + withUnsafeBytes(of: counter.bigEndian) { Array($0) }); counter += 1 }
        return Array(out.prefix(len))
    }
    let sm = mgf(db, hLen)
    for i in 0..<hLen { seed[i] ^= sm[i] }
    let dm = mgf(seed, k - hLen - 1)
    for i in 0..<db.count { db[i] ^= dm[i] }
    guard em[0] == 0, Array(db[0..<hLen]) == hash(label) else { return nil }
    guard let one = db[hLen...].firstIndex(where: { $0 != 0 }), db[one] == 1 else { return nil }
    return Array(db[(one + 1)...])
}

@Suite("RSA-OAEP")
struct OAEPTests {
    static let files: [(String, RSAEncryptionPadding, Int)] = [
        ("rsa_oaep_2048_sha1_mgf1sha1_test.json", .oaepSHA1, 36),
        ("rsa_oaep_2048_sha256_mgf1sha256_test.json", .oaepSHA256, 37),
        ("rsa_oaep_3072_sha256_mgf1sha256_test.json", .oaepSHA256, 37),
        ("rsa_oaep_4096_sha256_mgf1sha256_test.json", .oaepSHA256, 37),
    ]

    /// Every OAEP file in Vectors/wycheproof is one of the four above (WycheproofRSATests leaves them to this suite).
    @Test func allOAEPFilesAreCovered() throws {
        let names = try Vectors.files(in: "wycheproof", suffix: ".json").filter { $0.hasPrefix("rsa_oaep_") }
        #expect(Set(names) == Set(Self.files.map(\.0)))
    }

    /// Every case: valid ones decrypt to `msg` (with their label), invalid ones fail with the one error
    /// `.decryptionFailed` and the one reason text, whatever the cause (padding, label hash, leading byte, length,
    /// ciphertext ≥ n). There are no `acceptable` cases in these files.
    @Test(arguments: files)
    func wycheproof(_ file: String, _ padding: RSAEncryptionPadding, _ expected: Int) throws {
        let w = try WycheproofFile.load("wycheproof/" + file)
        var ran = 0, valid = 0
        var reasons = Set<String>()
        for (g, t) in w.cases {
            #expect(g.type == "RsaesOaepDecrypt")
            let key = try RSAPrivateKey(pemRepresentation: try #require(g.string("privateKeyPem")))
            let label = t.label(file)
            let pass = try #require(wycheproofShouldPass(t, acceptableFlags: [:]), "\(label): acceptable")
            do {
                let m = try key.decrypt(t.hex("ct"), padding: padding, label: t.hex("label"))
                #expect(pass, "\(label): decrypted")
                #expect(m == t.hex("msg"), "\(label)")
                valid += 1
            } catch {
                #expect(!pass, "\(label): \(error)")
                #expect(error.code == .decryptionFailed, "\(label)")
                reasons.insert(error.reason)
            }
            ran += 1
        }
        Vectors.report("wycheproof/" + file, cases: ran, detail: "\(valid) valid")
        #expect(ran == expected)
        #expect(ran - valid == 19)
        #expect(reasons.count == 1)
    }

    /// RFC 7516 A.1: the RSA-OAEP encrypted key decrypts to the listed CEK, with the key from its JWK members.
    @Test func rfc7516A1() throws {
        let data = Data(try Vectors.bytes("rfc/7516/rfc7516_appendix_a.json"))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let a1 = try #require(top["A.1"] as? [String: Any])
        let jwk = try #require(a1["key"] as? [String: String])
        let key = try RSAPrivateKey(
            modulus: base64url(jwk["n"]!), publicExponent: base64url(jwk["e"]!), privateExponent: base64url(jwk["d"]!),
            prime1: base64url(jwk["p"]!), prime2: base64url(jwk["q"]!), exponent1: base64url(jwk["dp"]!),
            exponent2: base64url(jwk["dq"]!), coefficient: base64url(jwk["qi"]!))
        let cek = try key.decrypt(base64url(a1["encrypted_key"] as! String), padding: .oaepSHA1)
        #expect(cek == hex(a1["cek_hex"] as! String))
        Vectors.report("rfc/7516/rfc7516_appendix_a.json", cases: 1, detail: "A.1 CEK from RSA-OAEP")
    }

    /// Encryption, every padding and several lengths (0, 1, 32, the longest) with and without a label: the
    /// ciphertext is k bytes, decrypts here and under the reference decoder, differs between two encryptions (fresh
    /// seed) — the reference decoder runs on the shortest and longest messages; one byte more than the longest is `.messageTooLong`; a wrong label fails to decrypt.
    @Test func roundTrip() throws {
        let pem = try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem")   // 2048 bits
        let key = try RSAPrivateKey(pemRepresentation: pem)
        let der = key.pkcs1DERRepresentation
        let parts = try PKCS1View(der)
        let pub = key.publicKey
        let k = pub.modulusByteCount
        var checked = 0
        for padding in [RSAEncryptionPadding.oaepSHA1, .oaepSHA256, .oaepSHA384, .oaepSHA512] {
            let max = padding.maximumMessageByteCount(modulusByteCount: k)
            for len in [0, 1, 32, max] {
                for label in [[UInt8](), Array("label".utf8)] {
                    let m = (0..<len).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
                    let c = try pub.encrypt(m, padding: padding, label: label)
                    #expect(c.count == k)
                    #expect(try key.decrypt(c, padding: padding, label: label) == m)
                    if len == max || len == 0 {   // the reference decoder's full exponentiation is slow in debug builds
                        #expect(referenceDecrypt(c, n: parts.n, d: parts.d, padding: padding, label: label) == m)
                    }
                    #expect(try pub.encrypt(m, padding: padding, label: label) != c)
                    #expect(throws: RSAKeyError(.decryptionFailed)) {
                        try key.decrypt(c, padding: padding, label: label + [0])
                    }
                    checked += 1
                }
            }
            #expect(throws: RSAKeyError(.messageTooLong)) {
                try pub.encrypt([UInt8](repeating: 1, count: max + 1), padding: padding)
            }
        }
        #expect(checked == 32)
    }
}

/// n and d of a PKCS#1 RSAPrivateKey (through the DER module's public reader).
private struct PKCS1View {
    let n: [UInt8], d: [UInt8]
    init(_ der: [UInt8]) throws {
        let k = try PKCS1RSAPrivateKey(derEncoded: der)
        func strip(_ b: [UInt8]) -> [UInt8] { Array(b.drop(while: { $0 == 0 })) }
        n = strip(k.modulus); d = strip(k.privateExponent)
    }
}
