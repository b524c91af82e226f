import Testing
import Foundation
import TestSupport
@testable import DER

/// What a key fixture is expected to be (from Vectors/keys/MANIFEST.md, checked there with
/// `openssl asn1parse`).
enum KeyKind: Equatable, CustomStringConvertible {
    case spki(PublicKeyAlgorithm)
    case pkcs1Public(modulusBytes: Int)
    case pkcs1Private(modulusBytes: Int)
    case sec1(ECNamedCurve)
    case pkcs8(PublicKeyAlgorithm)

    /// The container alone, without what is inside.
    var container: String {
        switch self {
        case .spki: return "SPKI"
        case .pkcs1Public: return "PKCS#1 public"
        case .pkcs1Private: return "PKCS#1 private"
        case .sec1: return "SEC1"
        case .pkcs8: return "PKCS#8"
        }
    }

    var description: String {
        switch self {
        case .spki(let a): return "SPKI \(a)"
        case .pkcs1Public(let n): return "PKCS#1 public \(n * 8)"
        case .pkcs1Private(let n): return "PKCS#1 private \(n * 8)"
        case .sec1(let c): return "SEC1 \(c)"
        case .pkcs8(let a): return "PKCS#8 \(a)"
        }
    }
}

/// Parses one DER document as the container `kind` names, checks it re-encodes byte for byte,
/// and returns a short summary to compare with the expectation.
func parseAndRoundTrip(_ der: [UInt8], as kind: KeyKind) throws -> KeyKind {
    switch kind {
    case .spki:
        let k = try SubjectPublicKeyInfo(derEncoded: der)
        #expect(k.derEncoded() == der)
        return .spki(k.algorithm)
    case .pkcs1Public:
        let k = try PKCS1RSAPublicKey(derEncoded: der)
        #expect(k.derEncoded() == der)
        return .pkcs1Public(modulusBytes: k.modulus.count)
    case .pkcs1Private:
        let k = try PKCS1RSAPrivateKey(derEncoded: der)
        #expect(k.derEncoded() == der)
        return .pkcs1Private(modulusBytes: k.modulus.count)
    case .sec1:
        let k = try SEC1ECPrivateKey(derEncoded: der)
        #expect(k.derEncoded() == der)
        return .sec1(k.curve)
    case .pkcs8:
        let k = try PKCS8PrivateKeyInfo(derEncoded: der)
        #expect(k.derEncoded() == der)
        return .pkcs8(k.algorithm)
    }
}

/// The container a PEM label announces (RFC 7468 §5, §10, §11, §13 and the OpenSSL "traditional" labels).
func kindForLabel(_ label: String) -> KeyKind? {
    switch label {
    case "PUBLIC KEY": return .spki(.rsaEncryption)
    case "RSA PUBLIC KEY": return .pkcs1Public(modulusBytes: 0)
    case "RSA PRIVATE KEY": return .pkcs1Private(modulusBytes: 0)
    case "EC PRIVATE KEY": return .sec1(.p256)
    case "PRIVATE KEY": return .pkcs8(.rsaEncryption)
    default: return nil
    }
}

@Suite("Key fixtures (Vectors/keys)")
struct KeyFixtureTests {
    static let pss256 = RSASSAPSSParameters(hashAlgorithm: .sha256, maskGenHashAlgorithm: .sha1, saltLength: 20)
    static let pss256mgf256 = RSASSAPSSParameters(hashAlgorithm: .sha256, maskGenHashAlgorithm: .sha256, saltLength: 20)
    static let pss256mgf512 = RSASSAPSSParameters(hashAlgorithm: .sha256, maskGenHashAlgorithm: .sha512, saltLength: 20)
    static let pss256mgf256salt = RSASSAPSSParameters(hashAlgorithm: .sha256, maskGenHashAlgorithm: .sha256, saltLength: 32)

    /// Every file, its container and either what it parses to or the error it must fail with.
    static let expectations: [String: (kind: KeyKind, result: Result<KeyKind, DERError>)] = {
        func ok(_ k: KeyKind) -> (KeyKind, Result<KeyKind, DERError>) { (k, .success(k)) }
        func bad(_ k: KeyKind, _ c: DERError.Code) -> (KeyKind, Result<KeyKind, DERError>) { (k, .failure(DERError(c))) }
        return [
            // Well-formed keys.
            "pyca/PEM_Serialization/rsa_public_key.pem": ok(.spki(.rsaEncryption)),
            "pyca/DER_Serialization/rsa_public_key.der": ok(.spki(.rsaEncryption)),
            "pyca/public/PKCS1/rsa.pub.pem": ok(.pkcs1Public(modulusBytes: 128)),
            "pyca/public/PKCS1/rsa.pub.der": ok(.pkcs1Public(modulusBytes: 128)),
            "pyca/Traditional_OpenSSL_Serialization/testrsa.pem": ok(.pkcs1Private(modulusBytes: 256)),
            "pyca/DER_Serialization/testrsa.der": ok(.pkcs1Private(modulusBytes: 256)),
            "pyca/PKCS8/unenc-rsa-pkcs8.pem": ok(.pkcs8(.rsaEncryption)),
            "pyca/DER_Serialization/unenc-rsa-pkcs8.der": ok(.pkcs8(.rsaEncryption)),
            "pyca/PKCS8/unenc-rsa-pkcs8.pub.pem": ok(.spki(.rsaEncryption)),
            "pyca/DER_Serialization/unenc-rsa-pkcs8.pub.der": ok(.spki(.rsaEncryption)),
            "pyca/PEM_Serialization/ec_public_key.pem": ok(.spki(.ecPublicKey(.p256))),
            "pyca/DER_Serialization/ec_public_key.der": ok(.spki(.ecPublicKey(.p256))),
            "pyca/PEM_Serialization/ec_private_key.pem": ok(.sec1(.p256)),
            "pyca/DER_Serialization/ec_private_key.der": ok(.sec1(.p256)),
            "pyca/PKCS8/ec_private_key.pem": ok(.pkcs8(.ecPublicKey(.p256))),
            "pyca/PKCS8/ec-consistent-curve.pem": ok(.pkcs8(.ecPublicKey(.p256))),
            "pyca/PKCS8/ecc_private_with_rfc5915_ext.pem": ok(.pkcs8(.ecPublicKey(.p256))),
            "pyca/EC/high-bit-set.pem": ok(.sec1(.p256)),
            "pyca/PKCS8/rsa_pss_2048.pem": ok(.pkcs8(.rsassaPSS(nil))),
            "pyca/PKCS8/rsa_pss_2048_hash.pem": ok(.pkcs8(.rsassaPSS(pss256))),
            "pyca/PKCS8/rsa_pss_2048_hash_mask.pem": ok(.pkcs8(.rsassaPSS(pss256mgf256))),
            "pyca/PKCS8/rsa_pss_2048_hash_mask_salt.pem": ok(.pkcs8(.rsassaPSS(pss256mgf256salt))),
            "pyca/PKCS8/rsa_pss_2048_hash_mask_diff.pem": ok(.pkcs8(.rsassaPSS(pss256mgf512))),
            "pyca/PKCS8/rsa_pss_2048_pub.der": ok(.spki(.rsassaPSS(nil))),
            "rfc6979/p256_pkcs8_private.pem": ok(.pkcs8(.ecPublicKey(.p256))),
            // keys/generated (OpenSSL, the shared vectors): an Apple-style .p8 and its SPKI, a SEC 1 P-384 key.
            "generated/apple-style-AuthKey_TEST123456.p8": ok(.pkcs8(.ecPublicKey(.p256))),
            "generated/apple-style-AuthKey_TEST123456.pub.pem": ok(.spki(.ecPublicKey(.p256))),
            "generated/p384-sec1.pem": ok(.sec1(.p384)),
            "rfc6979/p256_spki_public.pem": ok(.spki(.ecPublicKey(.p256))),
            "rfc6979/p384_pkcs8_private.pem": ok(.pkcs8(.ecPublicKey(.p384))),
            "rfc6979/p384_spki_public.pem": ok(.spki(.ecPublicKey(.p384))),
            "rfc6979/p521_pkcs8_private.pem": ok(.pkcs8(.ecPublicKey(.p521))),
            "rfc6979/p521_spki_public.pem": ok(.spki(.ecPublicKey(.p521))),
            // Malformed or unsupported: the container the label/manifest announces, and the error.
            "pyca/PEM_Serialization/rsa_wrong_delimiter_public_key.pem": bad(.pkcs1Public(modulusBytes: 0), .unexpectedTag),
            "pyca/PEM_Serialization/ec_public_key_rsa_delimiter.pem": bad(.pkcs1Public(modulusBytes: 0), .unexpectedTag),
            "pyca/PKCS8/wrong-pem-delimiter-rsa.pem": bad(.pkcs1Private(modulusBytes: 0), .unexpectedTag),
            "pyca/PEM_Serialization/rsa-bad-1025-q-is-2.pem": bad(.pkcs1Private(modulusBytes: 0), .invalidKey),
            "pyca/Traditional_OpenSSL_Serialization/rsa-wrong-version.pem": bad(.pkcs1Private(modulusBytes: 0), .invalidVersion),
            "pyca/PKCS8/invalid-version.der": bad(.pkcs8(.rsaEncryption), .invalidVersion),
            "pyca/PKCS8/unknown-oid.der": bad(.pkcs8(.rsaEncryption), .unsupportedAlgorithm),
            "pyca/PKCS8/ec-invalid-version.pem": bad(.pkcs8(.rsaEncryption), .invalidVersion),
            "pyca/PKCS8/ec-invalid-private-scalar.pem": bad(.pkcs8(.rsaEncryption), .invalidPrivateKeyLength),
            "pyca/PKCS8/ec-inconsistent-curve.pem": bad(.pkcs8(.rsaEncryption), .inconsistentParameters),
            "pyca/PKCS8/ec-inconsistent-curve2.pem": bad(.pkcs8(.rsaEncryption), .inconsistentParameters),
            "pyca/EC/ec-missing-curve.pem": bad(.sec1(.p256), .missingParameters),
            "pyca/EC/truncated-private-key.der": bad(.sec1(.p256), .invalidPrivateKeyLength),
            "pyca/EC/ec_private_key_non_zero_unused_bits.der": bad(.sec1(.p256), .invalidBitString),
            "pyca/EC/secp256r1-pub-explicit-no-seed.pem": bad(.spki(.rsaEncryption), .explicitCurveParameters),
            "pyca/EC/secp256r1-pub-explicit-seed.pem": bad(.spki(.rsaEncryption), .explicitCurveParameters),
            "pyca/EC/secp384r1-pub-explicit-no-seed.pem": bad(.spki(.rsaEncryption), .explicitCurveParameters),
            "pyca/EC/secp521r1-pub-explicit-no-seed.pem": bad(.spki(.rsaEncryption), .explicitCurveParameters),
            "pyca/EC/secp256r1-explicit-no-seed.pem": bad(.pkcs8(.rsaEncryption), .explicitCurveParameters),
            "pyca/EC/secp256r1-explicit-seed.pem": bad(.pkcs8(.rsaEncryption), .explicitCurveParameters),
            "pyca/EC/secp256k1-pub-explicit-no-seed.pem": bad(.spki(.rsaEncryption), .explicitCurveParameters),
        ]
    }()

    /// Files under Vectors/keys that are not key fixtures.
    static let notKeys: Set<String> = ["MANIFEST.md", "pyca/PEM_Serialization/README.txt", "pyca/EC/compressed_points.txt"]

    static func allFiles() throws -> [String] {
        let root = Vectors.path("keys")
        guard let e = FileManager.default.enumerator(atPath: root) else { throw VectorError.missing("keys") }
        var out: [String] = []
        while let p = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + p, isDirectory: &isDir), !isDir.boolValue { out.append(p) }
        }
        return out.sorted()
    }

    @Test("every fixture parses into its container or fails with its specific error")
    func everyFixture() throws {
        let files = try Self.allFiles().filter { !Self.notKeys.contains($0) }
        // Every file on disk has an expectation, and every expectation has its file.
        #expect(Set(files) == Set(Self.expectations.keys))
        var parsed = 0, rejected = 0
        for file in files {
            guard let (kind, expected) = Self.expectations[file] else { continue }
            let raw = try Vectors.bytes("keys/" + file)
            let outcome: Result<KeyKind, DERError>
            do {
                let der: [UInt8]
                if file.hasSuffix(".pem") || file.hasSuffix(".p8") {
                    let doc = try PEMDocument(pemString: String(decoding: raw, as: UTF8.self))
                    // The label must announce the container the manifest says (or a wrong one, for
                    // the wrong-delimiter fixtures, which therefore fail to parse as that container).
                    let labelled = try #require(kindForLabel(doc.label), "\(file): label \(doc.label)")
                    #expect(labelled.container == kind.container, "\(file)")
                    der = doc.derBytes
                    // PEM writer round trip: our armour decodes to the same document.
                    #expect(try PEMDocument(pemString: doc.pemString) == doc, "\(file)")
                } else {
                    der = raw
                }
                outcome = .success(try parseAndRoundTrip(der, as: kind))
            } catch let e as DERError {
                outcome = .failure(e)
                print("  \(file): \(e)")
            }
            switch (outcome, expected) {
            case (.success(let got), .success(let want)):
                #expect(got == want, "\(file)")
                parsed += 1
            case (.failure(let got), .failure(let want)):
                #expect(got.code == want.code, "\(file): \(got)")
                rejected += 1
            default:
                Issue.record("\(file): expected \(expected), got \(outcome)")
            }
        }
        Vectors.report("keys/", cases: parsed + rejected, detail: "\(parsed) parsed and re-encoded, \(rejected) rejected")
        #expect(parsed == 33)  // 30 + keys/generated (3)
        #expect(rejected == 21)
    }
}

@Suite("Key fixtures: cross-checks")
struct KeyFixtureCrossChecks {
    static func pem(_ f: String) throws -> [UInt8] { try PEMDocument(pemString: Vectors.text("keys/" + f)).derBytes }

    @Test("PEM and DER copies of the same key decode to the same bytes")
    func pemDerPairs() throws {
        let pairs = [
            ("pyca/PEM_Serialization/rsa_public_key.pem", "pyca/DER_Serialization/rsa_public_key.der"),
            ("pyca/public/PKCS1/rsa.pub.pem", "pyca/public/PKCS1/rsa.pub.der"),
            ("pyca/Traditional_OpenSSL_Serialization/testrsa.pem", "pyca/DER_Serialization/testrsa.der"),
            ("pyca/PKCS8/unenc-rsa-pkcs8.pem", "pyca/DER_Serialization/unenc-rsa-pkcs8.der"),
            ("pyca/PKCS8/unenc-rsa-pkcs8.pub.pem", "pyca/DER_Serialization/unenc-rsa-pkcs8.pub.der"),
            ("pyca/PEM_Serialization/ec_public_key.pem", "pyca/DER_Serialization/ec_public_key.der"),
            ("pyca/PEM_Serialization/ec_private_key.pem", "pyca/DER_Serialization/ec_private_key.der"),
        ]
        for (p, d) in pairs {
            #expect(try Self.pem(p) == Vectors.bytes("keys/" + d), "\(p)")
        }
        Vectors.report("keys/ (PEM/DER pairs)", cases: pairs.count)
        #expect(pairs.count == 7)
    }

    @Test("private and public fixtures of one key agree")
    func halvesAgree() throws {
        // PKCS#8 RSA key and its SPKI.
        let p8 = try PKCS8PrivateKeyInfo(derEncoded: Vectors.bytes("keys/pyca/DER_Serialization/unenc-rsa-pkcs8.der"))
        let spki = try SubjectPublicKeyInfo(derEncoded: Vectors.bytes("keys/pyca/DER_Serialization/unenc-rsa-pkcs8.pub.der"))
        guard let rsa = p8.privateKey.rsa else { Issue.record("not RSA"); return }
        #expect(try spki.rsaPublicKey() == rsa.publicKey)
        #expect(rsa.modulus.count == 128)
        // SEC1 key's embedded public point equals the SPKI of the same key.
        let sec1 = try SEC1ECPrivateKey(derEncoded: Vectors.bytes("keys/pyca/DER_Serialization/ec_private_key.der"))
        #expect(sec1.includesParameters && sec1.curve == .p256 && sec1.publicKey?.count == 65)
        // RFC 6979 A.2.5: the P-256 key x = C9AFA9D8…0F6721, U = (60FED4BA…29FB6, 7903FE10…462299).
        let k = try PKCS8PrivateKeyInfo(derEncoded: Self.pem("rfc6979/p256_pkcs8_private.pem"))
        guard let ec = k.privateKey.ec else { Issue.record("not EC"); return }
        #expect(ec.privateKey == hex("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721"))
        let pub = try SubjectPublicKeyInfo(derEncoded: Self.pem("rfc6979/p256_spki_public.pem"))
        #expect(pub.subjectPublicKey == hex("04 60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6 7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299"))
        #expect(ec.publicKey == nil || ec.publicKey == pub.subjectPublicKey)
        // The P-384 and P-521 pairs carry the same public point in both files when the private
        // key embeds it.
        for (priv, pubFile, curve) in [("rfc6979/p384_pkcs8_private.pem", "rfc6979/p384_spki_public.pem", ECNamedCurve.p384),
                                       ("rfc6979/p521_pkcs8_private.pem", "rfc6979/p521_spki_public.pem", .p521)] {
            let k = try PKCS8PrivateKeyInfo(derEncoded: Self.pem(priv))
            let p = try SubjectPublicKeyInfo(derEncoded: Self.pem(pubFile))
            guard let e = k.privateKey.ec else { Issue.record("not EC"); continue }
            #expect(e.curve == curve && e.privateKey.count == curve.scalarByteCount)
            #expect(p.subjectPublicKey.count == 1 + 2 * curve.coordinateByteCount)
            #expect(e.publicKey == nil || e.publicKey == p.subjectPublicKey)
        }
    }
}
