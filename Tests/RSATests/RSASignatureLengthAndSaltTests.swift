import DER
import RSA
import Testing
import TestSupport

/// A signature must be exactly the modulus length (no missing leading zero), and a PSS key's salt length is a minimum.
/// Mutation testing found both rules guarded by no other test.
@Suite struct RSASignatureLengthAndSaltTests {
    /// rsa-signature-length: a signature must be exactly k bytes (RFC 8017 §8.2.2 step 1). Every valid
    /// Wycheproof PKCS#1 v1.5 signature whose first byte is 0x00 verifies (control), and the same integer written
    /// without that byte (k − 1 bytes) is refused.
    @Test func signatureWithoutItsLeadingZeroByteIsRefused() throws {
        var checked = 0
        for file in ["rsa_signature_2048_sha256_test.json", "rsa_signature_2048_sha512_test.json",
                     "rsa_signature_3072_sha256_test.json", "rsa_signature_3072_sha512_test.json"] {
            let wf = try WycheproofFile.load("wycheproof/" + file)
            for group in wf.groups {
                let key = try RSAPublicKey(derRepresentation: try #require(group.hex("publicKeyDer")))
                let hash: RSAHashAlgorithm = group.string("sha") == "SHA-512" ? .sha512 : .sha256
                for test in group.tests where test.result == .valid {
                    let sig = test.hex("sig"), msg = test.hex("msg")
                    guard sig.first == 0 else { continue }
                    #expect(sig.count == key.modulusByteCount)
                    #expect(key.isValidSignature(sig, for: msg, padding: .pkcs1v1_5(hash)), "tcId \(test.tcId)")
                    #expect(!key.isValidSignature(sig.dropFirst(), for: msg, padding: .pkcs1v1_5(hash)), "tcId \(test.tcId)")
                    checked += 1
                }
            }
        }
        Vectors.report("wycheproof rsa_signature_{2048,3072}_sha{256,512} (valid, leading 00 byte)", cases: checked)
        #expect(checked == 4)
    }

    /// rsa-pss-minimum-salt: an id-RSASSA-PSS key whose parameters name a salt length makes that length the minimum
    /// (OpenSSL's rule); a caller naming a shorter salt does not lower it. The valid salt-0 signatures of Wycheproof's
    /// rsa_pss_2048_sha256_mgf1_0 file verify under a plain rsaEncryption key (control) and are refused under the same
    /// modulus wrapped as id-RSASSA-PSS with SHA-256/MGF1-SHA-256/salt 32.
    @Test func pssKeySaltLengthIsAMinimum() throws {
        let wf = try WycheproofFile.load("wycheproof/rsa_pss_2048_sha256_mgf1_0_test.json")
        var checked = 0
        for group in wf.groups {
            let plain = try RSAPublicKey(derRepresentation: try #require(group.hex("publicKeyDer")))
            let params = RSASSAPSSParameters(hashAlgorithm: .sha256, maskGenHashAlgorithm: .sha256, saltLength: 32)
            let spki = SubjectPublicKeyInfo(algorithm: .rsassaPSS(params), subjectPublicKey: plain.pkcs1DERRepresentation)
            let bound = try RSAPublicKey(derRepresentation: spki.derEncoded())
            for test in group.tests where test.result == .valid {
                let sig = test.hex("sig"), msg = test.hex("msg")
                #expect(plain.isValidSignature(sig, for: msg, padding: .pss(.sha256, saltLength: 0)), "tcId \(test.tcId)")
                #expect(!bound.isValidSignature(sig, for: msg, padding: .pss(.sha256, saltLength: 0)), "tcId \(test.tcId)")
                // Salt length detected from EM (no length named): the key's minimum still applies.
                #expect(plain.isValidSignature(sig, for: msg, padding: .pss(.sha256)), "tcId \(test.tcId)")
                #expect(!bound.isValidSignature(sig, for: msg, padding: .pss(.sha256)), "tcId \(test.tcId)")
                checked += 1
            }
        }
        Vectors.report("wycheproof rsa_pss_2048_sha256_mgf1_0 (valid, under a salt-32 PSS key)", cases: checked)
        #expect(checked == 61)
    }
}
