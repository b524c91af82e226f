import Testing
import ECDSA
import SHA2
import TestSupport

// ECDH on P-256/384/521 against Wycheproof's ecdh_secp{256,384,521}r1_test.json: the peer's key is a DER
// SubjectPublicKeyInfo. Invalid points, wrong curves, explicit parameters must be refused; valid cases must give
// the expected shared x exactly.
//
// Acceptable-case policy: `InvalidAsn` (BER-ish encodings of the SPKI) is refused — the DER parser is strict;
// `UnusedParam`/`UnnamedCurve` (explicit curve parameters) are refused (`.explicitParameters`);
// `CompressedPublic` is accepted (compressed points load, as for verification) and must give the expected secret.
let ecdhAcceptable: [String: Bool] = [
    "InvalidAsn": false, "UnusedParam": false, "UnnamedCurve": false, "WrongOrder": false, "ModifiedGenerator": false,
    "ModifiedCofactor": false, "NoCofactor": false, "ModifiedCurveParameter": false,
    "CompressedPublic": true, "CompressedPoint": true
]

protocol ECDHCurve {
    static var byteCount: Int { get }
    static func agree(privateRaw: [UInt8], peerDER: [UInt8]) throws -> [UInt8]
}

extension P256: ECDHCurve {
    static var byteCount: Int { 32 }
    static func agree(privateRaw: [UInt8], peerDER: [UInt8]) throws -> [UInt8] {
        let peer = try P256.KeyAgreement.PublicKey(derRepresentation: peerDER)
        let s = try P256.KeyAgreement.PrivateKey(rawRepresentation: privateRaw).sharedSecretFromKeyAgreement(with: peer)
        return s.withUnsafeBytes { Array($0) }
    }
}
extension P384: ECDHCurve {
    static var byteCount: Int { 48 }
    static func agree(privateRaw: [UInt8], peerDER: [UInt8]) throws -> [UInt8] {
        let peer = try P384.KeyAgreement.PublicKey(derRepresentation: peerDER)
        let s = try P384.KeyAgreement.PrivateKey(rawRepresentation: privateRaw).sharedSecretFromKeyAgreement(with: peer)
        return s.withUnsafeBytes { Array($0) }
    }
}
extension P521: ECDHCurve {
    static var byteCount: Int { 66 }
    static func agree(privateRaw: [UInt8], peerDER: [UInt8]) throws -> [UInt8] {
        let peer = try P521.KeyAgreement.PublicKey(derRepresentation: peerDER)
        let s = try P521.KeyAgreement.PrivateKey(rawRepresentation: privateRaw).sharedSecretFromKeyAgreement(with: peer)
        return s.withUnsafeBytes { Array($0) }
    }
}

/// Wycheproof's private keys are minimal signed integers: strip leading zeros, pad to the field size.
func fixedWidth(_ b: [UInt8], _ n: Int) -> [UInt8] {
    let trimmed = Array(b.drop { $0 == 0 })
    return [UInt8](repeating: 0, count: max(0, n - trimmed.count)) + trimmed
}

/// Runs one file; returns (cases, accepted, refused).
func runECDH<C: ECDHCurve>(_ file: String, _: C.Type) throws -> (Int, Int, Int) {
    let w = try WycheproofFile.load("wycheproof/" + file)
    var ran = 0, accepted = 0, refused = 0
    for g in w.groups {
        #expect(g.type == "EcdhTest")
        for t in g.tests {
            let policy: Bool? = wycheproofShouldPass(t, acceptableFlags: ecdhAcceptable)
            let expected = try #require(policy as Bool?, "\(t.label(file)): unknown flag \(t.flags)")
            let got = try? C.agree(privateRaw: fixedWidth(t.hex("private"), C.byteCount), peerDER: t.hex("public"))
            if expected {
                #expect(got == t.hex("shared"), "\(t.label(file))")
            } else {
                #expect(got == nil, "\(t.label(file)) accepted")
            }
            if got == nil { refused += 1 } else { accepted += 1 }
            ran += 1
        }
    }
    Vectors.report(file, cases: ran)
    return (ran, accepted, refused)
}

@Suite("ECDH Wycheproof")
struct ECDHWycheproofTests {
    /// File, cases, accepted, refused.
    static let files: [(String, Int, Int, Int)] = [
        ("ecdh_secp256r1_test.json", 612, 331, 281),
        ("ecdh_secp384r1_test.json", 1047, 772, 275),
        ("ecdh_secp521r1_test.json", 916, 633, 283)
    ]

    @Test(arguments: ECDHWycheproofTests.files.map(\.0))
    func file(_ name: String) throws {
        let e = try #require(Self.files.first { $0.0 == name })
        let r =
            name.contains("secp256r1")
            ? try runECDH(name, P256.self)
            : name.contains("secp384r1")
                ? try runECDH(name, P384.self)
                : try runECDH(name, P521.self)
        #expect(r.0 == e.1)
        #expect(r.1 == e.2 && r.2 == e.3, "accepted \(r.1), refused \(r.2)")
    }

    /// Both sides of a fresh agreement get the same secret; the raw private key round-trips.
    @Test func roundTrip() throws {
        let a = P256.KeyAgreement.PrivateKey(), b = P256.KeyAgreement.PrivateKey()
        #expect(try a.sharedSecretFromKeyAgreement(with: b.publicKey) == b.sharedSecretFromKeyAgreement(with: a.publicKey))
        let a2 = try P256.KeyAgreement.PrivateKey(rawRepresentation: a.rawRepresentation)
        #expect(a2.publicKey.x963Representation == a.publicKey.x963Representation)
    }
}
