import Testing
import Foundation
import TestSupport
@testable import DER

/// Digest names as Wycheproof writes them.
func digest(wycheproofName s: String) -> DigestAlgorithm? {
    switch s {
    case "SHA-1": return .sha1
    case "SHA-224": return .sha224
    case "SHA-256": return .sha256
    case "SHA-384": return .sha384
    case "SHA-512": return .sha512
    case "SHA-512/224": return .sha512_224
    case "SHA-512/256": return .sha512_256
    default: return nil
    }
}

func curve(wycheproofName s: String) -> ECNamedCurve? {
    switch s {
    case "secp256r1": return .p256
    case "secp384r1": return .p384
    case "secp521r1": return .p521
    default: return nil
    }
}

/// Every public key in the Wycheproof ECDSA and RSA files, in each of its encodings:
/// `publicKeyDer` (v0: `keyDer`) as SubjectPublicKeyInfo, `publicKeyPem` (v0: `keyPem`) as PEM,
/// and for RSA `publicKeyAsn` as PKCS#1 RSAPublicKey. Each is checked against the group's
/// decoded key fields (curve and point, or modulus and exponent) and must re-encode byte for byte.
@Suite("Wycheproof public keys")
struct WycheproofKeyTests {
    static func keyFiles() throws -> [String] {
        let top = try Vectors.files(in: "wycheproof", suffix: ".json").filter {
            $0.hasPrefix("ecdsa_") || $0.hasPrefix("rsa_signature_") || $0.hasPrefix("rsa_pss_")
        }
        return top.map { "wycheproof/" + $0 } + ["wycheproof/v0/ecdsa_webcrypto_test.json"]
    }

    @Test("SPKI, PEM and PKCS#1 keys of every group")
    func allKeys() throws {
        let files = try Self.keyFiles()
        #expect(files.count == 50)
        var totalGroups = 0
        for file in files {
            let wf = try WycheproofFile.load(file)
            var parsed = 0, unsupported = 0, pemChecked = 0, pkcs1Checked = 0, paramsChecked = 0
            for g in wf.groups {
                let der = try #require(g.hex("publicKeyDer") ?? g.hex("keyDer"), "\(file): group without a DER key")
                let keyObject = try #require(g.object("publicKey") ?? g.object("key"), "\(file): no key object")
                let spki: SubjectPublicKeyInfo
                do {
                    spki = try SubjectPublicKeyInfo(derEncoded: der)
                } catch let e {
                    // The only keys these files hold that PureJOSE does not take: secp256k1 (v0 webcrypto).
                    #expect(e.code == .unsupportedCurve, "\(file): \(e)")
                    #expect(keyObject["curve"] as? String == "secp256k1", "\(file): \(e)")
                    unsupported += 1
                    continue
                }
                #expect(spki.derEncoded() == der, "\(file): SPKI re-encoding differs")
                parsed += 1

                if file.contains("ecdsa") {
                    let c = try #require(curve(wycheproofName: keyObject["curve"] as? String ?? ""))
                    #expect(spki.algorithm == .ecPublicKey(c), "\(file)")
                    #expect(spki.subjectPublicKey == hex(keyObject["uncompressed"] as? String ?? ""), "\(file)")
                } else {
                    let pk = try spki.rsaPublicKey()
                    let n = hex(keyObject["modulus"] as? String ?? "").drop(while: { $0 == 0 })
                    let e = hex(keyObject["publicExponent"] as? String ?? "").drop(while: { $0 == 0 })
                    #expect(pk.modulus == Array(n), "\(file)")
                    #expect(pk.publicExponent == Array(e), "\(file)")
                    #expect(pk.modulus.count * 8 == g.int("keySize"), "\(file)")
                    // PKCS#1 form of the same key.
                    let asn = try #require(g.hex("publicKeyAsn"), "\(file): no publicKeyAsn")
                    let pkcs1 = try PKCS1RSAPublicKey(derEncoded: asn)
                    #expect(pkcs1 == pk && pkcs1.derEncoded() == asn && spki.subjectPublicKey == asn, "\(file)")
                    pkcs1Checked += 1

                    if file.contains("_params") {
                        // These files put the PSS parameters in the key's AlgorithmIdentifier.
                        let want = RSASSAPSSParameters(
                            hashAlgorithm: try #require(digest(wycheproofName: g.string("sha") ?? "")),
                            maskGenHashAlgorithm: try #require(digest(wycheproofName: g.string("mgfSha") ?? "")),
                            saltLength: try #require(g.int("sLen")))
                        #expect(g.string("mgf") == "MGF1")
                        guard spki.algorithm.kind == .rsassaPSS, let got = spki.algorithm.rsassaPSSParameters else {
                            Issue.record("\(file): expected id-RSASSA-PSS with parameters, got \(spki.algorithm)")
                            continue
                        }
                        #expect(got == want, "\(file): \(got) vs \(want)")
                        #expect(got.trailerField == 1)
                        #expect(got.derEncoded().count > 0)
                        paramsChecked += 1
                    } else {
                        #expect(spki.algorithm == .rsaEncryption, "\(file)")
                    }
                }
                if let pem = g.string("publicKeyPem") ?? g.string("keyPem") {
                    let doc = try PEMDocument(pemString: pem, expectedLabel: "PUBLIC KEY")
                    #expect(doc.derBytes == der, "\(file): PEM and DER differ")
                    #expect(try SubjectPublicKeyInfo(pemString: spki.pemString) == spki)
                    pemChecked += 1
                }
            }
            let isRSA = file.contains("rsa_")
            Vectors.report(file, cases: parsed + unsupported,
                detail: "\(parsed) SPKI parsed, \(unsupported) unsupported curve, \(pemChecked) PEM"
                    + (isRSA ? ", \(pkcs1Checked) PKCS#1" : "") + (paramsChecked > 0 ? ", \(paramsChecked) PSS params" : ""))
            #expect(parsed + unsupported == wf.groups.count, "\(file)")
            #expect(pemChecked == parsed, "\(file)")
            if isRSA { #expect(pkcs1Checked == parsed, "\(file)") }
            if file.contains("_params") { #expect(paramsChecked == parsed, "\(file)") }
            #expect(unsupported == (file.hasSuffix("v0/ecdsa_webcrypto_test.json") ? 7 : 0), "\(file)")
            totalGroups += wf.groups.count
        }
        Vectors.report("wycheproof/ (public keys)", cases: totalGroups, detail: "all key files")
        #expect(totalGroups == 1701)
    }
}
