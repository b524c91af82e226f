import Testing
import Foundation
import TestSupport
@testable import DER

/// Seeded mutation ("fuzz") test: valid SPKI, PKCS#8, SEC1 and ECDSA-Sig-Value encodings are
/// corrupted at random — byte overwrites, bit flips, insertions, deletions, truncations, and
/// "interesting" octets (0x00, 0x7F, 0x80, 0x81, 0x84, 0xFF) that hit length and sign logic —
/// and fed to the parsers. Each attempt must either throw a `DERError` or produce a value that
/// re-encodes to exactly the mutated input (so the parser never accepts a non-canonical encoding
/// and never loses information). A crash, trap or hang fails the run. 100,000 mutations in total.
@Suite("Seeded mutations")
struct SeededCorruptionTests {
    enum Kind: String { case spki, pkcs8, sec1, sigP256, sigP384, sigP521 }

    /// Parses as `kind`; returns the re-encoding, or nil if the input was rejected.
    static func parseAndReencode(_ b: [UInt8], as kind: Kind) -> [UInt8]? {
        do {
            switch kind {
            case .spki: return try SubjectPublicKeyInfo(derEncoded: b).derEncoded()
            case .pkcs8: return try PKCS8PrivateKeyInfo(derEncoded: b).derEncoded()
            case .sec1: return try SEC1ECPrivateKey(derEncoded: b).derEncoded()
            case .sigP256, .sigP384, .sigP521:
                let n = kind == .sigP256 ? 32 : kind == .sigP384 ? 48 : 66
                let raw = try ECDSASignatureValue.rawRepresentation(fromDER: b, scalarByteCount: n)
                return try ECDSASignatureValue.derRepresentation(fromRaw: raw, scalarByteCount: n)
            }
        } catch {
            return nil   // a DERError: the parsers throw only that (typed throws), so the compiler checks the type
        }
    }

    static func seeds() throws -> [(String, Kind, [UInt8])] {
        func pem(_ f: String) throws -> [UInt8] { try PEMDocument(pemString: Vectors.text("keys/" + f)).derBytes }
        func firstValidSig(_ f: String) throws -> [UInt8] {
            let wf = try WycheproofFile.load("wycheproof/" + f)
            return try #require(wf.cases.first(where: { $0.test.result == .valid })?.test.hex("sig"))
        }
        let pssFile = try WycheproofFile.load("wycheproof/rsa_pss_2048_sha256_mgf1_32_params_test.json")
        let pssKey = try #require(pssFile.groups.first?.hex("publicKeyDer"))
        return [
            ("SPKI RSA-2048", .spki, try Vectors.bytes("keys/pyca/DER_Serialization/rsa_public_key.der")),
            ("SPKI P-256", .spki, try Vectors.bytes("keys/pyca/DER_Serialization/ec_public_key.der")),
            ("SPKI P-521", .spki, try pem("rfc6979/p521_spki_public.pem")),
            ("SPKI RSASSA-PSS with parameters", .spki, pssKey),
            ("SPKI RSASSA-PSS, absent hash parameters", .spki,
             pssSPKI(seq(ctx(0, seq(oid(K.sha256))), ctx(1, seq(oid(K.mgf1), seq(oid(K.sha384)))), ctx(2, int([32]))))),
            ("PKCS#8 P-256", .pkcs8, try pem("rfc6979/p256_pkcs8_private.pem")),
            ("PKCS#8 RSA-1024", .pkcs8, try Vectors.bytes("keys/pyca/DER_Serialization/unenc-rsa-pkcs8.der")),
            ("PKCS#8 RSASSA-PSS", .pkcs8, try pem("pyca/PKCS8/rsa_pss_2048_hash_mask_salt.pem")),
            ("SEC1 P-256", .sec1, try Vectors.bytes("keys/pyca/DER_Serialization/ec_private_key.der")),
            ("ECDSA-Sig-Value P-256", .sigP256, try firstValidSig("ecdsa_secp256r1_sha256_test.json")),
            ("ECDSA-Sig-Value P-384", .sigP384, try firstValidSig("ecdsa_secp384r1_sha384_test.json")),
            ("ECDSA-Sig-Value P-521", .sigP521, try firstValidSig("ecdsa_secp521r1_sha512_test.json")),
        ]
    }

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var b = input
        let interesting: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0x81, 0x82, 0x84, 0x88, 0xFF, 0x30, 0x02, 0x05]
        let rounds = 1 + Int(rng.next() % 3)
        for _ in 0..<rounds {
            let pos = b.isEmpty ? 0 : Int(rng.next() % UInt64(b.count))
            switch rng.next() % 7 {
            case 0 where !b.isEmpty: b[pos] = UInt8(truncatingIfNeeded: rng.next())
            case 1 where !b.isEmpty: b[pos] ^= 1 << (rng.next() % 8)
            case 2: b.insert(UInt8(truncatingIfNeeded: rng.next()), at: pos)
            case 3 where !b.isEmpty: b.remove(at: pos)
            case 4 where !b.isEmpty: b.removeLast(Int(rng.next() % UInt64(min(b.count, 8))) + 1)
            case 5 where !b.isEmpty: b[pos] = interesting[Int(rng.next() % UInt64(interesting.count))]
            case 6: b.insert(interesting[Int(rng.next() % UInt64(interesting.count))], at: pos)
            default: b.append(0)
            }
        }
        return b
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // ContinuousClock, Duration: above the package floor
    @Test("100,000 mutations: reject, or parse to something that re-encodes to the input")
    func mutations() throws {
        let seeds = try Self.seeds()
        // The seeds themselves parse and round-trip.
        for (name, kind, bytes) in seeds {
            #expect(Self.parseAndReencode(bytes, as: kind) == bytes, "seed \(name)")
        }
        let total = 100_000
        let perSeed = total / seeds.count + 1
        var rng = SplitMix64(seed: 0x5EED_DE12)
        var ran = 0, rejected = 0, accepted = 0, failures = 0
        let clock = ContinuousClock()
        let start = clock.now
        for (name, kind, bytes) in seeds {
            for _ in 0..<perSeed where ran < total {
                let m = Self.mutate(bytes, &rng)
                ran += 1
                // The generic tree parser must survive everything too.
                _ = try? DERNode.parse(m)
                if let re = Self.parseAndReencode(m, as: kind) {
                    accepted += 1
                    if re != m {
                        failures += 1
                        if failures <= 5 { Issue.record("\(name): accepted \(m.hexString) but re-encodes to \(re.hexString)") }
                    }
                } else {
                    rejected += 1
                }
            }
        }
        let elapsed = clock.now - start
        Vectors.report("SeededCorruptionTests (seeded)", cases: ran,
            detail: "\(seeds.count) seeds, \(rejected) rejected, \(accepted) accepted and re-encoded identically, \(elapsed)")
        #expect(ran == total)
        #expect(failures == 0)
        // Some mutations keep the structure valid (e.g. a changed key octet); most must not.
        #expect(accepted > 0 && rejected > total / 2)
    }
}

@Suite("Seeded PEM mutations")
struct PEMSeededCorruptionTests {
    /// PEM text is hostile input too: 20,000 mutations of a two-block file (with CRLF lines and
    /// surrounding text) must each throw a `DERError` or yield documents that write and read back
    /// unchanged.
    @Test("20,000 PEM text mutations")
    func pemMutations() throws {
        let a = PEMDocument(label: "PUBLIC KEY", derBytes: try Vectors.bytes("keys/pyca/DER_Serialization/ec_public_key.der"))
        let b = PEMDocument(label: "EC PRIVATE KEY", derBytes: try Vectors.bytes("keys/pyca/DER_Serialization/ec_private_key.der"))
        let seed = Array(("intro text\r\n" + a.pemString.replacingAll("\n", with: "\r\n") + "between\n" + b.pemString).utf8)
        #expect(try PEMDocument.parseAll(String(decoding: seed, as: UTF8.self)) == [a, b])
        var rng = SplitMix64(seed: 0x9E3_0001)
        let alphabet = Array("-=+/ \r\nABEGINDKY:az09".utf8)
        var ran = 0, rejected = 0, accepted = 0
        for _ in 0..<20_000 {
            var m = seed
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let pos = Int(rng.next() % UInt64(m.count))
                switch rng.next() % 4 {
                case 0: m[pos] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: m.remove(at: pos)
                case 2: m.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: pos)
                default: m[pos] = UInt8(truncatingIfNeeded: rng.next())
                }
            }
            ran += 1
            do {
                let docs = try PEMDocument.parseAll(String(decoding: m, as: UTF8.self))
                accepted += 1
                for d in docs {
                    #expect(try PEMDocument(pemString: d.pemString) == d)
                }
            } catch {
                rejected += 1   // a DERError (typed throws)
            }
        }
        Vectors.report("PEMSeededCorruptionTests (seeded)", cases: ran, detail: "\(rejected) rejected, \(accepted) accepted")
        #expect(rejected > ran / 2 && accepted > 0)
    }
}
