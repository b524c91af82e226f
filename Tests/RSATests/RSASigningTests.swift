import DER
import Foundation
@testable import RSA
import SHA2
import Testing
import TestSupport

/// RSA private keys and signing (issue 12): Wycheproof signature-generation files and NIST CAVP
/// SigGen files byte for byte, key fixtures, consistency checks, PSS, key generation, primality.
///
/// SHA-1 records are out of scope: counted as skipped and asserted unexpressible
/// (`RSAHashAlgorithm(name: "SHA-1") == nil`), never dropped silently.
@Suite struct RSASigningTests {
    static func hashNamed(_ name: String) -> RSAHashAlgorithm? { RSAHashAlgorithm(name: name) }

    // MARK: Wycheproof

    /// (file, signed byte for byte, skipped SHA-1).
    static let wycheproofFiles: [(String, Int, Int)] = [
        ("wycheproof/rsa_pkcs1_2048_sig_gen_test.json", 35, 8),
        ("wycheproof/rsa_pkcs1_3072_sig_gen_test.json", 26, 0),
        ("wycheproof/rsa_pkcs1_4096_sig_gen_test.json", 24, 0),
    ]

    @Test(arguments: wycheproofFiles)
    func wycheproofSigGen(_ file: String, _ expectedSigned: Int, _ expectedSkipped: Int) throws {
        let wf = try WycheproofFile.load(file)
        var signed = 0, skipped = 0
        for g in wf.groups {
            let priv = try #require(g.object("privateKey"))
            guard let h = Self.hashNamed(try #require(g.string("sha"))) else {
                #expect(g.string("sha") == "SHA-1")
                skipped += g.tests.count
                continue
            }
            // PKCS#1 PEM and PKCS#8 DER hold the same key; both load with every consistency check.
            let key = try RSAPrivateKey(pemRepresentation: try #require(g.string("privateKeyPem")))
            let key8 = try RSAPrivateKey(derRepresentation: try #require(g.hex("privateKeyPkcs8")))
            #expect(key.pkcs1DERRepresentation == key8.pkcs1DERRepresentation)
            #expect(key8.derRepresentation == g.hex("privateKeyPkcs8"))
            #expect(key.publicKey.modulus == hex(try #require(priv["modulus"] as? String)).drop(while: { $0 == 0 }).map { $0 })
            for t in g.tests {
                #expect(t.result != .invalid, "tcId \(t.tcId)")
                let sig = try key.signature(for: t.hex("msg"), padding: .pkcs1v1_5(h))
                #expect(sig == t.hex("sig"), "\(file) tcId \(t.tcId)")
                if sig == t.hex("sig") { signed += 1 }
            }
        }
        #expect(RSAHashAlgorithm(name: "SHA-1") == nil)
        Vectors.report(file, cases: signed, detail: "\(skipped) SHA-1 skipped")
        #expect(signed == expectedSigned && skipped == expectedSkipped)
    }

    @Test func wycheproofMiscSigGen() throws {
        let file = "wycheproof/v0/rsa_sig_gen_misc_test.json"
        let wf = try WycheproofFile.load(file)
        var signed = 0, skipped = 0
        for g in wf.groups {
            guard let h = Self.hashNamed(try #require(g.string("sha"))) else {
                #expect(g.string("sha") == "SHA-1")
                skipped += g.tests.count
                continue
            }
            let key = try RSAPrivateKey(pemRepresentation: try #require(g.string("privateKeyPem")), options: .legacy1024)
            #expect(key.publicKey.modulus == g.hex("n")!.drop(while: { $0 == 0 }).map { $0 })
            for t in g.tests {
                let sig = try key.signature(for: t.hex("msg"), padding: .pkcs1v1_5(h))
                #expect(sig == t.hex("sig"), "\(file) tcId \(t.tcId)")
                if sig == t.hex("sig") { signed += 1 }
            }
        }
        Vectors.report(file, cases: signed, detail: "\(skipped) SHA-1 skipped")
        #expect(signed == 142 && skipped == 16)
    }

    // MARK: NIST CAVP

    /// Sections (n, e, d) and their records, from a CAVP `.txt` that lists d.
    static func cavpKeys(_ file: String) throws -> [(n: [UInt8], e: [UInt8], d: [UInt8], records: [CAVPRecord])] {
        var out: [(n: [UInt8], e: [UInt8], d: [UInt8], records: [CAVPRecord])] = []
        for r in try CAVP.load(file) {
            if r.has("n") && r.has("d") {
                out.append((r.hex("n"), r.hex("e"), r.hex("d"), []))
            } else if r.has("n") {
                out.append((r.hex("n"), [], [], []))
            } else if r.has("e") && r.has("d"), !out.isEmpty {
                out[out.count - 1].e = r.hex("e")
                out[out.count - 1].d = r.hex("d")
            }
            if r.has("Msg"), !out.isEmpty { out[out.count - 1].records.append(r) }
        }
        return out
    }

    /// SigGen15_186-2.txt: keys from n, e, d (p and q recovered by SP 800-56B App. C.2), every
    /// SHA-2 record byte for byte. Debug builds sign the first 3 records per key and hash (release all).
    @Test func cavpSigGen15() throws {
        let file = "nist/rsa/SigGen15_186-2.txt"
        var signed = 0, skipped = 0, total = 0
        for section in try Self.cavpKeys(file) {
            let key = try RSAPrivateKey(modulus: section.n, publicExponent: section.e, privateExponent: section.d,
                                        options: .legacy1024)
            var perHash: [String: Int] = [:]
            for r in section.records {
                total += 1
                let alg = try #require(r["SHAAlg"])
                guard let h = Self.hashNamed(alg) else { #expect(alg == "SHA1"); skipped += 1; continue }
                perHash[alg, default: 0] += 1
                #if DEBUG
                if perHash[alg]! > 3 { continue }
                #endif
                let sig = try key.signature(for: r.hex("Msg"), padding: .pkcs1v1_5(h))
                #expect(sig == r.hex("S"), "\(file) line \(r.line)")
                if sig == r.hex("S") { signed += 1 }
            }
        }
        Vectors.report(file, cases: signed, detail: "\(skipped) SHA-1 skipped of \(total)")
        #expect(total == 250 && skipped == 50)
        #if DEBUG
        #expect(signed == 5 * 4 * 3)
        #else
        #expect(signed == 200)
        #endif
    }

    /// SigGenPSS_186-2.txt with the listed SaltVal injected (test-only SPI): byte for byte.
    @Test func cavpSigGenPSS() throws {
        let file = "nist/rsa/SigGenPSS_186-2.txt"
        var signed = 0, skipped = 0, total = 0
        for section in try Self.cavpKeys(file) {
            let key = try RSAPrivateKey(modulus: section.n, publicExponent: section.e, privateExponent: section.d,
                                        options: .legacy1024)
            var perHash: [String: Int] = [:]
            for r in section.records {
                total += 1
                let alg = try #require(r["SHAAlg"])
                guard let h = Self.hashNamed(alg) else { #expect(alg == "SHA1"); skipped += 1; continue }
                perHash[alg, default: 0] += 1
                #if DEBUG
                if perHash[alg]! > 3 { continue }
                #endif
                let salt = r.hex("SaltVal")
                let sig = try key.signature(for: r.hex("Msg"), padding: .pss(h, saltLength: salt.count), salt: salt)
                #expect(sig == r.hex("S"), "\(file) line \(r.line)")
                if sig == r.hex("S") { signed += 1 }
            }
        }
        Vectors.report(file, cases: signed, detail: "\(skipped) SHA-1 skipped of \(total)")
        #expect(total == 250 && skipped == 50)
        #if DEBUG
        #expect(signed == 5 * 4 * 3)
        #else
        #expect(signed == 200)
        #endif
    }

    // MARK: Key fixtures

    @Test func pycaAndGeneratedKeys() throws {
        // PKCS#1 2048: PEM and DER are the same key; DER round trip byte exact.
        let pem = try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem")
        let der = try Vectors.bytes("keys/pyca/DER_Serialization/testrsa.der")
        let k1 = try RSAPrivateKey(pemRepresentation: pem)
        let k2 = try RSAPrivateKey(derRepresentation: der)
        #expect(k1.pkcs1DERRepresentation == der && k2.pkcs1DERRepresentation == der)
        #expect(try RSAPrivateKey(pemRepresentation: k1.pkcs1PEMRepresentation).pkcs1DERRepresentation == der)
        #expect(try RSAPrivateKey(pemRepresentation: k1.pemRepresentation).pkcs1DERRepresentation == der)
        // PKCS#8 1024 (legacy): the PEM has 62 lines of text before the block; public key = the SPKI file.
        let p8 = try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/PKCS8/unenc-rsa-pkcs8.pem"), options: .legacy1024)
        #expect(p8.derRepresentation == (try Vectors.bytes("keys/pyca/DER_Serialization/unenc-rsa-pkcs8.der")))
        #expect(p8.publicKey.derRepresentation == (try Vectors.bytes("keys/pyca/DER_Serialization/unenc-rsa-pkcs8.pub.der")))
        #expect(throws: RSAKeyError(.modulusTooSmall)) {
            try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/PKCS8/unenc-rsa-pkcs8.pem"))
        }
        // id-RSASSA-PSS PKCS#8 keys: PSS only (PKCS#1 v1.5 signing refused), and they keep their algorithm.
        // rsa_pss_2048_hash.pem names MGF1-SHA-1 (the default): refused as unsupported parameters.
        #expect(throws: RSAKeyError(.unsupportedParameters)) {
            try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/PKCS8/rsa_pss_2048_hash.pem"))
        }
        for name in ["rsa_pss_2048.pem", "rsa_pss_2048_hash_mask.pem", "rsa_pss_2048_hash_mask_salt.pem", "rsa_pss_2048_hash_mask_diff.pem"] {
            let k = try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/PKCS8/" + name))
            #expect(k.publicKey.isPSSOnly, "\(name)")
            #expect(throws: RSAKeyError(.unsupportedParameters), "\(name)") {
                try k.signature(for: [1, 2, 3], padding: .pkcs1v1_5(.sha256))
            }
            // Sign with the padding the key's parameters name (the default padding when it has none).
            let params = k.publicKey.pssParameters
            let pss = params.flatMap { RSAPadding($0) } ?? .pss(.sha256, saltLength: 32)
            let s = try k.signature(for: [1, 2, 3], padding: pss)
            #expect(k.publicKey.isValidSignature(s, for: [1, 2, 3], padding: pss), "\(name)")
            #expect(k.derRepresentation == (try PKCS8PrivateKeyInfo(pemString: try Vectors.text("keys/pyca/PKCS8/" + name)).derEncoded()))
        }
        // Refused: q = 2 (the DER module's odd-prime check), version 0x11, a PKCS#8 body under the
        // PKCS#1 label, EC keys.
        #expect(throws: RSAKeyError(.invalidEncoding)) {
            try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/PEM_Serialization/rsa-bad-1025-q-is-2.pem"), options: .legacy1024)
        }
        #expect(throws: RSAKeyError(.invalidEncoding)) {
            try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/rsa-wrong-version.pem"))
        }
        #expect(throws: RSAKeyError(.invalidEncoding)) {
            try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/PKCS8/wrong-pem-delimiter-rsa.pem"), options: .legacy1024)
        }
        #expect(throws: RSAKeyError(.unsupportedKeyType)) {
            try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/PKCS8/ec_private_key.pem"))
        }
        #expect(throws: RSAKeyError(.unsupportedKeyType)) {
            try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/PEM_Serialization/ec_private_key.pem"))
        }
        // The generated RSA-4096 key: PKCS#1 and PKCS#8 are one key whose public key is the SPKI file.
        let g1 = try RSAPrivateKey(pemRepresentation: try Vectors.text("rsa/generated/rsa4096-pkcs1.pem"))
        let g8 = try RSAPrivateKey(pemRepresentation: try Vectors.text("rsa/generated/rsa4096-pkcs8.pem"))
        let spki = try RSAPublicKey(pemRepresentation: try Vectors.text("rsa/generated/rsa4096-spki.pem"))
        #expect(g1.pkcs1DERRepresentation == g8.pkcs1DERRepresentation)
        #expect(g1.publicKey.derRepresentation == spki.derRepresentation)
        #expect(g1.pkcs1PEMRepresentation == (try Vectors.text("rsa/generated/rsa4096-pkcs1.pem")))
        #expect(g8.pemRepresentation == (try Vectors.text("rsa/generated/rsa4096-pkcs8.pem")))
        #expect(g1.description == "RSAPrivateKey(4096 bits)")
        // The tutorial's use: a file's SHA-512 digest signed with PKCS#1 under RSA-4096.
        let digest = SHA512.hash(data: Array("file contents".utf8))
        let s = try g1.signature(for: digest, padding: .pkcs1v1_5(.sha512))
        #expect(spki.isValidSignature(s, for: digest, padding: .pkcs1v1_5(.sha512)))
        #expect(s == (try g1.signature(for: Array("file contents".utf8), padding: .pkcs1v1_5(.sha512))))
        #expect(throws: RSAKeyError(.unsupportedHash)) { try g1.signature(for: digest, padding: .pkcs1v1_5(.sha256)) }
    }

    // MARK: Consistency

    @Test func inconsistentKeysAreRefused() throws {
        let k = try PKCS1RSAPrivateKey(pemString: try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"))
        func build(_ edit: (inout PKCS1RSAPrivateKey) -> Void) throws(RSAKeyError) -> RSAPrivateKey {
            var c = k
            edit(&c)
            return try RSAPrivateKey(derRepresentation: c.derEncoded())
        }
        func plus2(_ b: [UInt8]) -> [UInt8] {
            var v = b
            var i = v.count - 1
            var carry = 2
            while carry > 0 && i >= 0 { let s = Int(v[i]) + carry; v[i] = UInt8(s & 0xff); carry = s >> 8; i -= 1 }
            return v
        }
        #expect(throws: Never.self) { try build { _ in } }
        #expect(throws: RSAKeyError(.modulusMismatch)) { try build { $0.prime1 = plus2($0.prime1) } }
        #expect(throws: RSAKeyError(.privateExponentMismatch)) { try build { $0.privateExponent = plus2($0.privateExponent) } }
        #expect(throws: RSAKeyError(.crtExponentMismatch)) { try build { $0.exponent1 = plus2($0.exponent1) } }
        #expect(throws: RSAKeyError(.crtExponentMismatch)) { try build { $0.exponent2 = plus2($0.exponent2) } }
        #expect(throws: RSAKeyError(.crtCoefficientMismatch)) { try build { $0.coefficient = plus2($0.coefficient) } }
        #expect(throws: RSAKeyError(.invalidPrime)) { try build { $0.prime2 = $0.prime1 } }
        #expect(throws: RSAKeyError(.unsupportedVersion)) {
            try build { $0.otherPrimeInfos = [.init(prime: [7], exponent: [1], coefficient: [1])] }
        }
        // n, e, d only: p and q recovered, the same key.
        let r = try RSAPrivateKey(modulus: k.modulus, publicExponent: k.publicExponent, privateExponent: k.privateExponent)
        #expect(r.pkcs1DERRepresentation == k.derEncoded())
        #expect(throws: RSAKeyError(.factorizationFailed)) {
            try RSAPrivateKey(modulus: k.modulus, publicExponent: k.publicExponent, privateExponent: plus2(k.privateExponent))
        }
        // An error never shows key material.
        do { _ = try build { $0.coefficient = plus2($0.coefficient) } } catch {
            #expect(error.description.hasPrefix("RSAKeyError.crtCoefficientMismatch: "))
            #expect(!error.description.contains(k.coefficient.prefix(4).map { String(format: "%02x", $0) }.joined()))
        }
    }

    /// The ROCA modulus of Wycheproof's `json_web_key_test.json` is refused by the RSA module
    /// itself (DER and components), unless the option is turned off.
    @Test func rocaModulusIsRefused() throws {
        let wf = try WycheproofFile.load("wycheproof/json_web_key_test.json")
        let g = try #require(wf.groups.first { $0.string("comment") == "jws_rsa_roca_key" })
        let set = try #require(g.object("public"))
        let jwk = try #require((set["keys"] as? [[String: Any]])?.first)
        func b64(_ s: String) -> [UInt8] {
            var t = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while t.count % 4 != 0 { t += "=" }
            return [UInt8](Data(base64Encoded: t)!)
        }
        let n = b64(try #require(jwk["n"] as? String)), e = b64(try #require(jwk["e"] as? String))
        #expect(throws: RSAKeyError(.rocaFingerprint)) { try RSAPublicKey(modulus: n, publicExponent: e) }
        let der = PKCS1RSAPublicKey(modulus: n, publicExponent: e).derEncoded()
        #expect(throws: RSAKeyError(.rocaFingerprint)) { try RSAPublicKey(derRepresentation: der) }
        #expect(throws: Never.self) {
            try RSAPublicKey(derRepresentation: der, options: RSAKeyOptions(refusesROCAModuli: false))
        }
    }

    // MARK: PSS and round trips

    @Test(arguments: [RSAHashAlgorithm.sha256, .sha384, .sha512])
    func pssSignaturesVerify(_ h: RSAHashAlgorithm) throws {
        let key = try RSAPrivateKey(pemRepresentation: try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"))
        let msg = Array("PS-signed token".utf8)
        let s1 = try key.signature(for: msg, padding: .pss(h))
        let s2 = try key.signature(for: msg, padding: .pss(h))
        #expect(s1 != s2)  // fresh salt each time
        #expect(key.publicKey.isValidSignature(s1, for: msg, padding: .pss(h, saltLength: h.byteCount)))
        #expect(key.publicKey.isValidSignature(s2, for: msg, padding: .pss(h, saltLength: h.byteCount)))
        #expect(!key.publicKey.isValidSignature(s1, for: msg + [0], padding: .pss(h)))
    }

    /// The RSA signing snippet of the RSA DocC landing page (Sources/RSA/RSA.docc/RSA.md, "Using it"), compiled.
    static func readmeSigning(privatePEM: String, file: [UInt8], message: [UInt8]) throws -> [UInt8] {
        let signer = try RSAPrivateKey(pemRepresentation: privatePEM)    // or derRepresentation:, or RSAPrivateKey(bitCount: 4096)
        let sig = try signer.signature(for: SHA512.hash(data: file), padding: .pkcs1v1_5(.sha512))
        let pss = try signer.signature(for: message, padding: .pss(.sha256))  // fresh 32-byte salt
        let pem = signer.pemRepresentation                                 // PKCS#8; pkcs1PEMRepresentation for PKCS#1
        _ = (pss, pem)
        return sig
    }

    @Test func readmeSigningSnippetRuns() throws {
        let pem = try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem")
        let sig = try Self.readmeSigning(privatePEM: pem, file: [1, 2, 3], message: [4])
        let pub = try RSAPrivateKey(pemRepresentation: pem).publicKey
        #expect(pub.isValidSignature(sig, for: SHA512.hash(data: [1, 2, 3]), padding: .pkcs1v1_5(.sha512)))
    }

    // MARK: Key generation and primality

    @Test func keyGeneration2048() throws {
        let key = try RSAPrivateKey(bitCount: 2048)
        #expect(key.publicKey.modulusBitCount == 2048)
        #expect(key.publicKey.publicExponent == [1, 0, 1])
        let pk = try PKCS1RSAPrivateKey(derEncoded: key.pkcs1DERRepresentation)
        #expect(pk.prime1.count == 128 && pk.prime2.count == 128)
        #expect(RSAPrivateKey.isProbablePrime(signedBigEndian: [0] + pk.prime1))
        #expect(RSAPrivateKey.isProbablePrime(signedBigEndian: [0] + pk.prime2))
        // Loads back with every consistency check; signs and verifies.
        let again = try RSAPrivateKey(derRepresentation: key.derRepresentation)
        #expect(again.pkcs1DERRepresentation == key.pkcs1DERRepresentation)
        let s = try again.signature(for: [1, 2, 3], padding: .pkcs1v1_5(.sha256))
        #expect(key.publicKey.isValidSignature(s, for: [1, 2, 3], padding: .pkcs1v1_5(.sha256)))
        #expect(throws: RSAKeyError(.unsupportedKeySize)) { try RSAPrivateKey(bitCount: 1024) }
        #expect(throws: RSAKeyError(.unsupportedKeySize)) { try RSAPrivateKey(bitCount: 2050) }
        #expect(throws: RSAKeyError(.invalidExponent)) { try RSAPrivateKey(bitCount: 2048, publicExponent: 3) }
        #expect(throws: RSAKeyError(.invalidExponent)) { try RSAPrivateKey(bitCount: 2048, publicExponent: 65538) }
    }

    @Test func wycheproofPrimality() throws {
        let file = "wycheproof/primality_test.json"
        let wf = try WycheproofFile.load(file)
        var checked = 0, acceptable = 0
        // Random Miller–Rabin bases: a composite passes a round with probability ≤ 1/4. Debug builds
        // use 16 rounds (≤ 2⁻³² per composite), release 40.
        #if DEBUG
        let rounds = 16
        #else
        let rounds = 40
        #endif
        for (_, t) in wf.cases {
            let got = RSAPrivateKey.isProbablePrime(signedBigEndian: t.hex("value"), rounds: rounds)
            switch t.result {
            case .valid: #expect(got, "tcId \(t.tcId) \(t.comment)")
            case .invalid: #expect(!got, "tcId \(t.tcId) \(t.comment)")
            case .acceptable: acceptable += 1
            }
            checked += 1
        }
        Vectors.report(file, cases: checked, detail: "\(acceptable) acceptable (negative values: refused)")
        #expect(checked == 317 && acceptable == 8)
    }
}
