import BigNum
import DER
import RSA
import SHA2
import Testing
import TestSupport

/// Key construction: checks (RFC 8017 §3.1 plus the package's limits), DER/PEM forms, and the
/// digest-taking verification variants.
@Suite struct RSAKeyTests {
    /// A 2048-bit odd modulus shape (not a real key: construction does not factor).
    static func modulus(bits: Int, odd: Bool = true) -> [UInt8] {
        var m = [UInt8](repeating: 0xa5, count: (bits + 7) / 8)
        let topBits = bits % 8 == 0 ? 8 : bits % 8
        m[0] = UInt8(1) << (topBits - 1) | 0x01
        m[m.count - 1] = odd ? 0x3b : 0x3a
        return m
    }

    @Test func sizeAndExponentChecks() throws {
        let e: [UInt8] = [1, 0, 1]
        #expect(try RSAPublicKey(modulus: Self.modulus(bits: 2048), publicExponent: e).modulusBitCount == 2048)
        #expect(try RSAPublicKey(modulus: Self.modulus(bits: 16384), publicExponent: e).modulusByteCount == 2048)
        #expect(throws: RSAKeyError(.modulusTooSmall)) { try RSAPublicKey(modulus: Self.modulus(bits: 2047), publicExponent: e) }
        #expect(throws: RSAKeyError(.modulusTooSmall)) { try RSAPublicKey(modulus: Self.modulus(bits: 1024), publicExponent: e) }
        #expect(throws: RSAKeyError(.modulusTooSmall)) { try RSAPublicKey(modulus: [], publicExponent: e) }
        #expect(throws: RSAKeyError(.modulusTooSmall)) { try RSAPublicKey(modulus: [0, 0], publicExponent: e) }
        #expect(throws: RSAKeyError(.modulusTooLarge)) { try RSAPublicKey(modulus: Self.modulus(bits: 16385), publicExponent: e) }
        #expect(throws: RSAKeyError(.modulusEven)) { try RSAPublicKey(modulus: Self.modulus(bits: 2048, odd: false), publicExponent: e) }
        // legacy1024 admits 1024 bits, not fewer.
        #expect(try RSAPublicKey(modulus: Self.modulus(bits: 1024), publicExponent: e, options: .legacy1024).modulusBitCount == 1024)
        #expect(throws: RSAKeyError(.modulusTooSmall)) {
            try RSAPublicKey(modulus: Self.modulus(bits: 1023), publicExponent: e, options: .legacy1024)
        }
        // Leading zero bytes are not significant.
        let padded = try RSAPublicKey(modulus: [0, 0] + Self.modulus(bits: 2048), publicExponent: [0, 0, 1, 0, 1])
        #expect(padded.modulus == Self.modulus(bits: 2048) && padded.publicExponent == [1, 0, 1])
        // Exponents: odd, 3 ≤ e < 2³².
        for bad: [UInt8] in [[], [0], [1], [2], [1, 0, 0], [1, 0, 0, 0, 0], [1, 0, 0, 0, 1], [0xff, 0xff, 0xff, 0xff, 0xff]] {
            #expect(throws: RSAKeyError(.invalidExponent), "e = \(bad)") {
                try RSAPublicKey(modulus: Self.modulus(bits: 2048), publicExponent: bad)
            }
        }
        for good: [UInt8] in [[3], [0x11], [1, 0, 1], [0xff, 0xff, 0xff, 0xff], [0, 0, 0, 0, 0, 3]] {
            #expect(throws: Never.self, "e = \(good)") { try RSAPublicKey(modulus: Self.modulus(bits: 2048), publicExponent: good) }
        }
    }

    @Test func derAndPEMForms() throws {
        // SPKI, DER and PEM, same key.
        let spkiDER = try Vectors.bytes("keys/pyca/DER_Serialization/rsa_public_key.der")
        let fromDER = try RSAPublicKey(derRepresentation: spkiDER)
        let fromPEM = try RSAPublicKey(pemRepresentation: try Vectors.text("keys/pyca/PEM_Serialization/rsa_public_key.pem"))
        #expect(fromDER.modulus == fromPEM.modulus && fromDER.publicExponent == fromPEM.publicExponent)
        #expect(fromDER.modulusBitCount == 2048 && !fromDER.isPSSOnly && fromDER.pssParameters == nil)
        #expect(fromDER.derRepresentation == spkiDER)
        let again = try RSAPublicKey(pemRepresentation: fromDER.pemRepresentation)
        #expect(again.derRepresentation == spkiDER)
        // PKCS#1 RSAPublicKey, DER and PEM (1024 bits: legacy option needed).
        let pkcs1DER = try Vectors.bytes("keys/pyca/public/PKCS1/rsa.pub.der")
        #expect(throws: RSAKeyError(.modulusTooSmall)) { try RSAPublicKey(derRepresentation: pkcs1DER) }
        let p1 = try RSAPublicKey(derRepresentation: pkcs1DER, options: .legacy1024)
        #expect(p1.pkcs1DERRepresentation == pkcs1DER && p1.modulusBitCount == 1024)
        let p1pem = try RSAPublicKey(pemRepresentation: try Vectors.text("keys/pyca/public/PKCS1/rsa.pub.pem"), options: .legacy1024)
        #expect(p1pem.modulus == p1.modulus)
        // id-RSASSA-PSS SPKI without parameters: PSS only, any PSS parameters.
        let pss = try RSAPublicKey(derRepresentation: try Vectors.bytes("keys/pyca/PKCS8/rsa_pss_2048_pub.der"))
        #expect(pss.isPSSOnly && pss.pssParameters == nil)
        #expect(!pss.permits(.pkcs1v1_5(.sha256)) && pss.permits(.pss(.sha384, saltLength: 0)))
        #expect(pss.derRepresentation == (try Vectors.bytes("keys/pyca/PKCS8/rsa_pss_2048_pub.der")))
    }

    @Test func wycheproofKeyForms() throws {
        // Each PKCS#1 group gives the key as SPKI DER, SPKI PEM and PKCS#1 DER ("publicKeyAsn").
        let wf = try WycheproofFile.load("wycheproof/rsa_signature_2048_sha256_test.json")
        var checked = 0
        for g in wf.groups {
            let der = try #require(g.hex("publicKeyDer")), pem = try #require(g.string("publicKeyPem"))
            let asn = try #require(g.hex("publicKeyAsn"))
            let a = try RSAPublicKey(derRepresentation: der)
            let b = try RSAPublicKey(pemRepresentation: pem)
            let c = try RSAPublicKey(derRepresentation: asn)
            #expect(a.derRepresentation == der && b.derRepresentation == der && c.derRepresentation == der)
            #expect(c.pkcs1DERRepresentation == asn)
            checked += 1
        }
        #expect(checked == 3)
    }

    @Test func malformedAndForeignKeys() throws {
        let spkiDER = try Vectors.bytes("keys/pyca/DER_Serialization/rsa_public_key.der")
        // Truncated, trailing data, empty.
        #expect(throws: RSAKeyError(.invalidEncoding)) { try RSAPublicKey(derRepresentation: Array(spkiDER.dropLast())) }
        #expect(throws: RSAKeyError(.invalidEncoding)) { try RSAPublicKey(derRepresentation: spkiDER + [0]) }
        #expect(throws: RSAKeyError(.invalidEncoding)) { try RSAPublicKey(derRepresentation: []) }
        #expect(throws: RSAKeyError(.invalidEncoding)) { try RSAPublicKey(derRepresentation: [0x30, 0x03, 0x02, 0x01]) }
        do {
            _ = try RSAPublicKey(derRepresentation: Array(spkiDER.dropLast()))
        } catch {
            #expect(error.underlying != nil)  // typed throws: error is an RSAKeyError
        }
        // An SPKI body under an "RSA PUBLIC KEY" label, an EC key under that label.
        #expect(throws: RSAKeyError(.invalidEncoding)) {
            try RSAPublicKey(pemRepresentation: try Vectors.text("keys/pyca/PEM_Serialization/rsa_wrong_delimiter_public_key.pem"))
        }
        #expect(throws: RSAKeyError(.invalidEncoding)) {
            try RSAPublicKey(pemRepresentation: try Vectors.text("keys/pyca/PEM_Serialization/ec_public_key_rsa_delimiter.pem"))
        }
        // An EC SPKI, a private key PEM.
        #expect(throws: RSAKeyError(.unsupportedKeyType)) {
            try RSAPublicKey(derRepresentation: try Vectors.bytes("keys/pyca/DER_Serialization/ec_public_key.der"))
        }
        #expect(throws: RSAKeyError(.unsupportedKeyType)) {
            try RSAPublicKey(pemRepresentation: try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"))
        }
        #expect(throws: RSAKeyError(.invalidEncoding)) { try RSAPublicKey(pemRepresentation: "not a PEM document") }
        // A PKCS#1 body under "PUBLIC KEY".
        let p1 = try Vectors.bytes("keys/pyca/public/PKCS1/rsa.pub.der")
        #expect(throws: RSAKeyError(.invalidEncoding)) {
            try RSAPublicKey(pemRepresentation: PEMDocument(label: "PUBLIC KEY", derBytes: p1).pemString, options: .legacy1024)
        }
    }

    /// Signatures over precomputed digests: the digest type must be the padding's hash.
    @Test func digestVariants() throws {
        let wf = try WycheproofFile.load("wycheproof/rsa_signature_2048_sha256_test.json")
        let g = try #require(wf.groups.first { $0.publicKeyHex("publicExponent") == [1, 0, 1] })
        let key = try RSAPublicKey(derRepresentation: try #require(g.hex("publicKeyDer")))
        let t = try #require(g.tests.first { $0.result == .valid })
        let msg = t.hex("msg"), sig = t.hex("sig")
        #expect(key.isValidSignature(sig, for: msg, padding: .pkcs1v1_5(.sha256)))
        #expect(key.isValidSignature(sig, for: SHA256.hash(data: msg), padding: .pkcs1v1_5(.sha256)))
        #expect(key.isValidSignature(sig, digestBytes: SHA256.hash(data: msg).bytes, padding: .pkcs1v1_5(.sha256)))
        #expect(key.isValidSignature(sig[...], for: msg[...], padding: .pkcs1v1_5(.sha256)))
        // Same length, other function; wrong length; other padding hash.
        #expect(!key.isValidSignature(sig, for: SHA512_256.hash(data: msg), padding: .pkcs1v1_5(.sha256)))
        #expect(!key.isValidSignature(sig, for: SHA384.hash(data: msg), padding: .pkcs1v1_5(.sha256)))
        #expect(!key.isValidSignature(sig, digestBytes: SHA256.hash(data: msg).bytes.dropLast(), padding: .pkcs1v1_5(.sha256)))
        #expect(!key.isValidSignature(sig, for: msg, padding: .pkcs1v1_5(.sha384)))
        #expect(!key.isValidSignature(sig, for: msg, padding: .pss(.sha256)))
        // Absurd salt lengths are refused, not trapped on.
        for s in [Int.max, Int.max - 40, Int.min, -1, 300] {
            #expect(!key.isValidSignature(sig, for: msg, padding: .pss(.sha256, saltLength: s)))
        }
    }

    @Test func hashAlgorithmNames() {
        for h in RSAHashAlgorithm.allCases {
            #expect(RSAHashAlgorithm(name: h.name) == h && RSAHashAlgorithm(h.digestAlgorithm) == h)
            #expect(h.digestInfoPrefix.count == 19 && h.digestInfoPrefix[1] == UInt8(17 + h.byteCount))
        }
        #expect(RSAHashAlgorithm(name: "SHA512_256") == .sha512_256 && RSAHashAlgorithm(name: "sha-384") == .sha384)
        for unsupported in ["SHA-1", "SHA1", "SHAKE128", "SHAKE256", "MD5", ""] {
            #expect(RSAHashAlgorithm(name: unsupported) == nil)
        }
        #expect(RSAHashAlgorithm(DigestAlgorithm.sha1) == nil)
        #expect(RSAPadding(RSASSAPSSParameters.defaults) == nil)  // SHA-1 defaults
    }

    /// Seeded mutations of a valid SPKI and PKCS#1 key, and random signatures of every length
    /// around k: each input either builds a key or throws an `RSAKeyError`, and no random
    /// signature verifies. (A trap would end the test process.)
    @Test func mutatedInputsNeverTrap() throws {
        var rng = SplitMix64(seed: 0x5EED_0001)
        func next() -> UInt64 { rng.next() }
        let spki = try Vectors.bytes("keys/pyca/DER_Serialization/rsa_public_key.der")
        let pkcs1 = try RSAPublicKey(derRepresentation: spki).pkcs1DERRepresentation
        var built = 0, refused = 0
        for round in 0..<1500 {
            var der = round % 2 == 0 ? spki : pkcs1
            switch next() % 4 {
            case 0: der[Int(next() % UInt64(der.count))] ^= UInt8(truncatingIfNeeded: next() | 1)
            case 1: der = Array(der.prefix(Int(next() % UInt64(der.count))))
            case 2: der.insert(UInt8(truncatingIfNeeded: next()), at: Int(next() % UInt64(der.count)))
            default:
                for _ in 0..<4 { der[Int(next() % UInt64(der.count))] = UInt8(truncatingIfNeeded: next()) }
            }
            do {
                _ = try RSAPublicKey(derRepresentation: der)
                built += 1
            } catch {
                refused += 1  // typed throws: every error is an RSAKeyError
            }
        }
        // Flips inside the modulus mostly still give a valid key; structural damage is refused.
        #expect(built + refused == 1500 && built > 100 && refused > 100, "built \(built), refused \(refused)")
        let key = try RSAPublicKey(derRepresentation: spki)
        var accepted = 0
        for length in [0, 1, 2, 128, 254, 255, 256, 257, 258, 512] {
            for _ in 0..<4 {
                let sig = (0..<length).map { _ in UInt8(truncatingIfNeeded: next()) }
                for padding: RSAPadding in [.pkcs1v1_5(.sha256), .pss(.sha256), .pss(.sha512, saltLength: 64)] {
                    if key.isValidSignature(sig, for: [1, 2, 3], padding: padding) { accepted += 1 }
                }
            }
        }
        #expect(accepted == 0)
    }

    /// Options may admit any modulus size; the degenerate ones (k = 1 or 2 bytes, where emLen is
    /// 0 or 1 and no encoding fits) must verify nothing and never trap, whatever the signature.
    @Test func degenerateModuliUnderPermissiveOptions() throws {
        let anySize = RSAKeyOptions(minimumModulusBits: 0, maximumModulusBits: 64, refusesROCAModuli: false)
        var built = 0, tried = 0
        for n: [UInt8] in [[1], [3], [0x7f], [0xff], [1, 1], [0x80, 0x01], [0xff, 0xff]] {
            let key = try RSAPublicKey(modulus: n, publicExponent: [3], options: anySize)
            #expect(key.modulusByteCount == n.count)
            built += 1
            for sig: [UInt8] in [[], [0], [1], [2], [0, 0], [0, 1], [0xff], [0xff, 0xff], [0, 0, 0]] {
                for padding: RSAPadding in [.pkcs1v1_5(.sha256), .pss(.sha256), .pss(.sha256, saltLength: 0), .pss(.sha512, saltLength: 64)] {
                    #expect(!key.isValidSignature(sig, for: [], padding: padding), "n = \(n), s = \(sig), \(padding)")
                    tried += 1
                }
            }
        }
        #expect(built == 7 && tried == 7 * 9 * 4)
        // Contradictory or extreme limits refuse keys; they do not trap.
        let inverted = RSAKeyOptions(minimumModulusBits: 4096, maximumModulusBits: 2048)
        #expect(throws: RSAKeyError(.modulusTooSmall)) { try RSAPublicKey(modulus: Self.modulus(bits: 3000), publicExponent: [3], options: inverted) }
        let extreme = RSAKeyOptions(minimumModulusBits: Int.min, maximumModulusBits: Int.max)
        #expect(throws: RSAKeyError(.modulusEven)) { try RSAPublicKey(modulus: [], publicExponent: [3], options: extreme) }
    }

    /// One key, many concurrent verifications (the key is immutable and Sendable).
    @Test func concurrentUse() async throws {
        let wf = try WycheproofFile.load("wycheproof/rsa_signature_2048_sha256_test.json")
        let g = try #require(wf.groups.first { $0.publicKeyHex("publicExponent") == [1, 0, 1] })
        let key = try RSAPublicKey(derRepresentation: try #require(g.hex("publicKeyDer")))
        let t = try #require(g.tests.first { $0.result == .valid })
        let msg = t.hex("msg"), sig = t.hex("sig")
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<16 {
                group.addTask {
                    var s = sig
                    if i % 2 == 1 { s[s.count - 1] ^= 1 }
                    return key.isValidSignature(s, for: msg, padding: .pkcs1v1_5(.sha256)) == (i % 2 == 0)
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 16 && results.allSatisfy { $0 })
    }
}
