import Testing
import TestSupport
import JOSE

/// JWK from PEM/DER: the PEM label decides the structure (no fallback from `RSA PUBLIC KEY` to SPKI or back), and
/// an id-RSASSA-PSS key keeps its restriction to RSASSA-PSS as the JWK's `alg` instead of becoming a general RSA key.
@Suite("JWK from PEM labels and RSA-PSS keys")
struct PEMLabelAndPSSKeyTests {
    static func code(_ body: () throws -> JWK) -> JWTError.Code? {
        do { _ = try body(); return nil } catch let e as JWTError { return e.code } catch { return nil }
    }

    @Test func labelDecidesTheStructure() throws {
        // An SPKI body under an `RSA PUBLIC KEY` label (RSA and EC keys): refused, not reinterpreted.
        let rsaSPKIUnderPKCS1Label = try Vectors.text("keys/pyca/PEM_Serialization/rsa_wrong_delimiter_public_key.pem")
        let ecSPKIUnderPKCS1Label = try Vectors.text("keys/pyca/PEM_Serialization/ec_public_key_rsa_delimiter.pem")
        #expect(Self.code { try JWK(pemRepresentation: rsaSPKIUnderPKCS1Label) } == .invalidKey)
        #expect(Self.code { try JWK(pemRepresentation: ecSPKIUnderPKCS1Label) } == .invalidKey)

        // The right labels load: SPKI as `PUBLIC KEY`, PKCS#1 as `RSA PUBLIC KEY` (a 1024-bit key, so allowed here).
        let spki = try JWK(pemRepresentation: try Vectors.text("keys/pyca/PEM_Serialization/rsa_public_key.pem"))
        #expect(spki.modulusBitCount == 2048 && spki.fits(.rs256))
        let pkcs1 = try JWK(pemRepresentation: try Vectors.text("keys/pyca/public/PKCS1/rsa.pub.pem"),
                            options: JWK.Options(minimumRSAModulusBits: 1024))
        #expect(pkcs1.modulusBitCount == 1024)

        // A PKCS#1 body under `PUBLIC KEY` is refused as well (the DER is rewrapped in the other label).
        let pkcs1PEM = try Vectors.text("keys/pyca/public/PKCS1/rsa.pub.pem")
        let relabelled = pkcs1PEM.replacingOccurrences(of: "RSA PUBLIC KEY", with: "PUBLIC KEY")
        #expect(Self.code { try JWK(pemRepresentation: relabelled, options: JWK.Options(minimumRSAModulusBits: 1024)) } == .invalidKey)
    }

    @Test func pssKeyWithoutParametersNeedsAnAlgorithm() throws {
        let der = try Vectors.bytes("keys/pyca/PKCS8/rsa_pss_2048_pub.der")  // id-RSASSA-PSS, no parameters
        #expect(Self.code { try JWK(derRepresentation: der) } == .unsupportedKey)
        let ps384 = try JWK(derRepresentation: der, algorithm: .ps384)
        #expect(ps384.fits(.ps384) && !ps384.fits(.rs384) && !ps384.fits(.ps256))
        #expect(Self.code { try JWK(derRepresentation: der, algorithm: .rs256) } == .keyMismatch)
    }

    @Test func pssKeyParametersBecomeTheAlgorithm() throws {
        // Wycheproof groups whose SPKI is id-RSASSA-PSS with parameters: the JWK is bound to the PS* the parameters
        // allow (hash = MGF1 hash = PSxxx's hash, salt length ≤ hash length), or refused when none does.
        let files = ["rsa_pss_2048_sha256_mgf1_32_params_test.json": JWSAlgorithm.ps256,
                     "rsa_pss_4096_sha512_mgf1_64_params_test.json": .ps512,
                     "rsa_pss_2048_sha256_mgf1_0_params_test.json": .ps256]
        var ran = 0
        for (name, expected) in files.sorted(by: { $0.key < $1.key }) {
            let file = try WycheproofFile.load("wycheproof/" + name)
            for group in file.groups {
                let der = try #require(group.hex("publicKeyDer"))
                let jwk = try JWK(derRepresentation: der)
                #expect(jwk.fits(expected), "\(name)")
                #expect(!jwk.fits(.rs256) && !jwk.fits(.rs512), "\(name)")
                ran += 1
            }
        }
        // MGF1 hash differs from the message hash: no JWS algorithm expresses that.
        let mixed = try WycheproofFile.load("wycheproof/rsa_pss_2048_sha512_mgf1sha256_32_params_test.json")
        for group in mixed.groups {
            let der = try #require(group.hex("publicKeyDer"))
            #expect(Self.code { try JWK(derRepresentation: der) } == .unsupportedKey)
            ran += 1
        }
        Vectors.report("wycheproof/rsa_pss_*_params_test.json (JWK binding)", cases: ran, detail: "4 files, one SPKI per group")
        #expect(ran == 4)
    }
}
