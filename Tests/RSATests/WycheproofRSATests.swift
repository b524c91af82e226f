import DER
import RSA
import Testing
import TestSupport

/// Every Wycheproof `rsa_signature_*_test.json` (RSASSA-PKCS1-v1_5) and `rsa_pss_*_test.json`
/// (RSASSA-PSS) file in `Vectors/wycheproof`.
///
/// Acceptable-result policy (asserted through `wycheproofShouldPass`):
/// - `MissingNull` → reject. The DigestInfo is rebuilt with NULL parameters (RFC 8017 §9.2 Note 1)
///   and compared in full, so the legacy form without NULL never verifies.
/// No other flag is acceptable in these files; a new one fails the test until a policy is chosen.
///
/// Out of scope, counted and asserted refused: PSS with SHA-1 (message or MGF1 hash) and SHAKE
/// (`RSAHashAlgorithm(name:)` has no such hash, and `id-RSASSA-PSS` keys whose parameters name
/// SHA-1 are refused at construction with `.unsupportedParameters`).
@Suite struct WycheproofRSATests {
    static let pkcs1Policy: [String: Bool] = ["MissingNull": false]

    static let expectedPKCS1: [String: Int] = [
        "rsa_signature_2048_sha256_test.json": 259, "rsa_signature_2048_sha384_test.json": 258,
        "rsa_signature_2048_sha512_test.json": 259, "rsa_signature_3072_sha256_test.json": 259,
        "rsa_signature_3072_sha384_test.json": 259, "rsa_signature_3072_sha512_test.json": 260,
        "rsa_signature_4096_sha256_test.json": 258, "rsa_signature_4096_sha384_test.json": 259,
        "rsa_signature_4096_sha512_test.json": 259, "rsa_signature_8192_sha256_test.json": 258,
        "rsa_signature_8192_sha384_test.json": 259, "rsa_signature_8192_sha512_test.json": 259,
    ]

    /// (cases verified, cases refused as out of scope) per PSS file.
    static let expectedPSS: [String: (run: Int, refused: Int)] = [
        "rsa_pss_2048_sha1_mgf1_20_params_test.json": (0, 88),
        "rsa_pss_2048_sha1_mgf1_20_test.json": (0, 88),
        "rsa_pss_2048_sha256_mgf1_0_params_test.json": (103, 0),
        "rsa_pss_2048_sha256_mgf1_0_test.json": (103, 0),
        "rsa_pss_2048_sha256_mgf1_32_params_test.json": (108, 0),
        "rsa_pss_2048_sha256_mgf1_32_test.json": (108, 0),
        "rsa_pss_2048_sha256_mgf1sha1_20_test.json": (0, 108),
        "rsa_pss_2048_sha384_mgf1_48_test.json": (141, 0),
        "rsa_pss_2048_sha512_224_mgf1_28_test.json": (100, 0),
        "rsa_pss_2048_sha512_256_mgf1_32_test.json": (115, 0),
        "rsa_pss_2048_sha512_mgf1sha256_32_params_test.json": (178, 0),
        "rsa_pss_2048_shake128_test.json": (0, 114),
        "rsa_pss_2048_shake256_test.json": (0, 184),
        "rsa_pss_3072_sha256_mgf1_32_params_test.json": (108, 0),
        "rsa_pss_3072_sha256_mgf1_32_test.json": (108, 0),
        "rsa_pss_3072_shake128_test.json": (0, 114),
        "rsa_pss_3072_shake256_test.json": (0, 184),
        "rsa_pss_4096_sha256_mgf1_32_test.json": (108, 0),
        "rsa_pss_4096_sha384_mgf1_48_test.json": (141, 0),
        "rsa_pss_4096_sha512_mgf1_32_params_test.json": (177, 0),
        "rsa_pss_4096_sha512_mgf1_32_test.json": (177, 0),
        "rsa_pss_4096_sha512_mgf1_64_params_test.json": (179, 0),
        "rsa_pss_4096_sha512_mgf1_64_test.json": (179, 0),
        "rsa_pss_4096_shake256_test.json": (0, 184),
        "rsa_pss_misc_params_test.json": (96, 54),
        "rsa_pss_misc_test.json": (96, 54),
    ]

    @Test func allFilesAreCovered() throws {
        let names = try Vectors.files(in: "wycheproof", suffix: ".json").filter { $0.hasPrefix("rsa_") && !$0.contains("_sig_gen_") && !$0.hasPrefix("rsa_oaep_") }  // signing files: RSASigningTests; OAEP: OAEPTests
        #expect(Set(names) == Set(Self.expectedPKCS1.keys).union(Self.expectedPSS.keys))
    }

    @Test(arguments: expectedPKCS1.keys.sorted())
    func pkcs1v15(file: String) throws {
        let wf = try WycheproofFile.load("wycheproof/" + file)
        var ran = 0, valid = 0
        for group in wf.groups {
            let key = try RSAPublicKey(derRepresentation: try #require(group.hex("publicKeyDer")))
            // The SPKI and the raw modulus/exponent describe the same key.
            let n = try #require(group.publicKeyHex("modulus")), e = try #require(group.publicKeyHex("publicExponent"))
            #expect(key.modulus == Array(n.drop { $0 == 0 }) && key.publicExponent == e)
            #expect(key.modulusBitCount == group.int("keySize"))
            let shaName = try #require(group.string("sha"))
            let hash = try #require(RSAHashAlgorithm(name: shaName))
            for test in group.tests {
                guard let expected = wycheproofShouldPass(test, acceptableFlags: Self.pkcs1Policy) else {
                    Issue.record("unknown flag in \(test.label(file))")
                    continue
                }
                let got = key.isValidSignature(test.hex("sig"), for: test.hex("msg"), padding: .pkcs1v1_5(hash))
                #expect(got == expected, "\(test.label(file))")
                if got { valid += 1 }
                ran += 1
            }
        }
        Vectors.report("wycheproof/" + file, cases: ran, detail: "\(valid) valid")
        #expect(ran == Self.expectedPKCS1[file])
    }

    @Test(arguments: expectedPSS.keys.sorted())
    func pss(file: String) throws {
        let wf = try WycheproofFile.load("wycheproof/" + file)
        var ran = 0, refused = 0, valid = 0
        for group in wf.groups {
            let sha = try #require(group.string("sha")), mgfSha = try #require(group.string("mgfSha"))
            let sLen = try #require(group.int("sLen"))
            let der = try #require(group.hex("publicKeyDer"))
            let withParameters = group.type == "RsassaPssWithParametersVerify"
            guard let hash = RSAHashAlgorithm(name: sha), let mgf = RSAHashAlgorithm(name: mgfSha) else {
                // Out of scope: SHA-1 or SHAKE. Nothing can express such a padding, and a key that
                // pins it is refused.
                #expect(sha.hasPrefix("SHAKE") || sha == "SHA-1" || mgfSha == "SHA-1", "\(file): \(sha)/\(mgfSha)")
                if withParameters {
                    #expect(throws: RSAKeyError(.unsupportedParameters)) { try RSAPublicKey(derRepresentation: der) }
                }
                refused += group.tests.count
                continue
            }
            let key = try RSAPublicKey(derRepresentation: der)
            let padding: RSAPadding
            if withParameters {
                // Honour the key's RSASSA-PSS-params: the padding comes from them.
                let p = try #require(key.pssParameters, "\(file): id-RSASSA-PSS key without parameters")
                #expect(key.isPSSOnly)
                #expect(p.hashAlgorithm == hash.digestAlgorithm && p.maskGenHashAlgorithm == mgf.digestAlgorithm
                        && p.saltLength == sLen)
                let fromKey = try #require(RSAPadding(p))
                padding = fromKey
                // A key with parameters refuses PKCS#1 v1.5 and any other hash.
                #expect(!key.permits(.pkcs1v1_5(hash)))
                func other(_ h: RSAHashAlgorithm) -> RSAHashAlgorithm { h == .sha256 ? .sha384 : .sha256 }
                #expect(!key.permits(.pss(other(hash), maskGenerationHash: mgf, saltLength: sLen)))
                #expect(!key.permits(.pss(hash, maskGenerationHash: other(mgf), saltLength: sLen)))
                #expect(key.permits(padding) && key.permits(.pss(hash, maskGenerationHash: mgf, saltLength: nil)))
                if sLen > 0 { #expect(!key.permits(.pss(hash, maskGenerationHash: mgf, saltLength: sLen - 1))) }
            } else {
                #expect(!key.isPSSOnly)
                padding = .pss(hash, maskGenerationHash: mgf, saltLength: sLen)
            }
            for test in group.tests {
                guard let expected = wycheproofShouldPass(test, acceptableFlags: [:]) else {
                    Issue.record("unknown flag in \(test.label(file))")
                    continue
                }
                let msg = test.hex("msg"), sig = test.hex("sig")
                let got = key.isValidSignature(sig, for: msg, padding: padding)
                #expect(got == expected, "\(test.label(file))")
                if got {
                    valid += 1
                    // A valid signature also verifies with the salt length detected.
                    #expect(key.isValidSignature(sig, for: msg, padding: .pss(hash, maskGenerationHash: mgf, saltLength: nil)),
                            "\(test.label(file)) (salt detected)")
                    if withParameters {
                        #expect(!key.isValidSignature(sig, for: msg, padding: .pkcs1v1_5(hash)))
                    }
                }
                ran += 1
            }
        }
        Vectors.report("wycheproof/" + file, cases: ran + refused,
                       detail: "\(ran) verified (\(valid) valid), \(refused) refused as unsupported (SHA-1/SHAKE)")
        let exp = try #require(Self.expectedPSS[file])
        #expect(ran == exp.run && refused == exp.refused)
    }
}
