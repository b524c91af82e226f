import Testing
import ECDSA
import SHA2
import TestSupport

// Every ECDSA secp256r1 / secp384r1 file of Vectors/wycheproof (DER and IEEE P1363 signatures), and the
// P-256 / P-384 groups of the v0 webcrypto file (JWK keys, r‖s signatures).

/// Acceptable-case policy (wycheproofShouldPass): none of the v1 files has acceptable cases; in the
/// webcrypto file, a short r‖s (SigSize) is refused (the raw form has an exact length), and a weaker
/// hash than the curve's (WeakHash) verifies: any SHA-2 digest is accepted by design.
let ecdsaAcceptable: [String: Bool] = ["SigSize": false, "WeakHash": true]

/// Runs one Wycheproof v1 file for key type K; returns the number of cases checked.
func runWycheproof<K: VerifyingKey>(_ file: String, _: K.Type) throws -> Int {
    let w = try WycheproofFile.load("wycheproof/" + file)
    let p1363 = file.contains("_p1363_")
    var ran = 0
    for g in w.groups {
        #expect(g.type == (p1363 ? "EcdsaP1363Verify" : "EcdsaVerify"))
        let hash = try #require(g.string("sha"))
        let x963 = try #require(g.publicKeyHex("uncompressed"))
        let key = try K(x963Representation: x963)
        // The same key through the other encodings the group gives.
        if let der = g.hex("publicKeyDer") {
            #expect(try K(derRepresentation: der).x963Representation == x963)
            #expect(key.derRepresentation == der)
        }
        if let pem = g.string("publicKeyPem") {
            #expect(try K(pemRepresentation: pem).x963Representation == x963)
        }
        for t in g.tests {
            let policy: Bool? = wycheproofShouldPass(t, acceptableFlags: ecdsaAcceptable)
            let expected = try #require(policy as Bool?, "\(t.label(file)): unknown flag")
            let sigBytes = t.hex("sig"), msg = t.hex("msg")
            let sig = try? (p1363 ? K.signature(raw: sigBytes) : K.signature(der: sigBytes))
            var got = false
            if let sig {
                let result: Bool? = verify(key, sig, hash: hash, msg: msg)
                got = try #require(result as Bool?, "unsupported hash \(hash)")
            }
            #expect(got == expected, "\(t.label(file))")
            ran += 1
        }
    }
    Vectors.report(file, cases: ran)
    return ran
}

@Suite("ECDSA Wycheproof")
struct WycheproofTests {
    /// The files of Vectors/wycheproof this suite covers, with their case counts; `allFilesCovered`
    /// checks that no secp256r1/secp384r1 file is left out.
    static let files: [(String, Int)] = [
        ("ecdsa_secp256r1_sha256_p1363_test.json", 262),
        ("ecdsa_secp256r1_sha256_test.json", 484),
        ("ecdsa_secp256r1_sha512_p1363_test.json", 332),
        ("ecdsa_secp256r1_sha512_test.json", 554),
        ("ecdsa_secp384r1_sha256_test.json", 472),
        ("ecdsa_secp384r1_sha384_p1363_test.json", 280),
        ("ecdsa_secp384r1_sha384_test.json", 504),
        ("ecdsa_secp384r1_sha512_p1363_test.json", 318),
        ("ecdsa_secp384r1_sha512_test.json", 542),
        ("ecdsa_secp521r1_sha512_p1363_test.json", 318),
        ("ecdsa_secp521r1_sha512_test.json", 542),
    ]

    @Test func allFilesCovered() throws {
        let present = try Vectors.files(in: "wycheproof", suffix: ".json")
            .filter { $0.hasPrefix("ecdsa_secp256r1_") || $0.hasPrefix("ecdsa_secp384r1_") || $0.hasPrefix("ecdsa_secp521r1_") }
        #expect(present == Self.files.map(\.0))
    }

    @Test(arguments: WycheproofTests.files.map(\.0))
    func file(_ name: String) throws {
        let expected = try #require(Self.files.first { $0.0 == name }?.1)
        let ran = name.contains("secp256r1") ? try runWycheproof(name, P256.Signing.PublicKey.self)
            : name.contains("secp384r1") ? try runWycheproof(name, P384.Signing.PublicKey.self)
            : try runWycheproof(name, P521.Signing.PublicKey.self)
        #expect(ran == expected)
    }

    /// v0 ecdsa_webcrypto_test.json: keys are JWKs (x, y base64url); P-256 and P-384 groups run, the
    /// P-521 and secp256k1 groups are counted as skipped (no such curves here), their keys asserted refused.
    @Test func webcrypto() throws {
        let file = "wycheproof/v0/ecdsa_webcrypto_test.json"
        let w = try WycheproofFile.load(file)
        var ran = [String: Int](), skipped = [String: Int]()
        func run<K: VerifyingKey>(_ g: WycheproofGroup, _: K.Type) throws -> Int {
            let jwk = try #require(g.object("jwk"))
            let xs = try #require(jwk["x"] as? String), ys = try #require(jwk["y"] as? String)
            let x = try #require(base64URLDecode(xs)), y = try #require(base64URLDecode(ys))
            let key = try K(rawRepresentation: x + y)
            let uncompressed = try #require((g.object("key")?["uncompressed"] as? String).map { hex($0) })
            #expect(key.x963Representation == uncompressed)
            let hash = try #require(g.string("sha"))
            var n = 0
            for t in g.tests {
                let policy: Bool? = wycheproofShouldPass(t, acceptableFlags: ecdsaAcceptable)
                let expected = try #require(policy as Bool?, "\(t.label(file)): unknown flag")
                var got = false
                if let sig = try? K.signature(raw: t.hex("sig")) {
                    let result: Bool? = verify(key, sig, hash: hash, msg: t.hex("msg"))
                    got = try #require(result as Bool?, "unsupported hash \(hash)")
                }
                #expect(got == expected, "\(t.label(file))")
                n += 1
            }
            return n
        }
        for g in w.groups {
            let crv = (g.object("jwk")?["crv"] as? String) ?? "?"
            switch crv {
            case "P-256": ran[crv, default: 0] += try run(g, P256.Signing.PublicKey.self)
            case "P-384": ran[crv, default: 0] += try run(g, P384.Signing.PublicKey.self)
            case "P-521": ran[crv, default: 0] += try run(g, P521.Signing.PublicKey.self)
            default:
                // Out of scope, but asserted refused: the group's key is not a P-256 or P-384 key (for secp256k1
                // the 64-byte x ‖ y has the right length, so this is the on-curve check catching curve confusion).
                let jwk = try #require(g.object("jwk"))
                let x = try #require((jwk["x"] as? String).flatMap(base64URLDecode))
                let y = try #require((jwk["y"] as? String).flatMap(base64URLDecode))
                #expect((try? P256.Signing.PublicKey(rawRepresentation: x + y)) == nil, "\(crv) key accepted as P-256")
                #expect((try? P384.Signing.PublicKey(rawRepresentation: x + y)) == nil, "\(crv) key accepted as P-384")
                skipped[crv, default: 0] += g.tests.count
            }
        }
        let total = ran.values.reduce(0, +)
        Vectors.report(file, cases: total, detail: "P-256 \(ran["P-256"] ?? 0), P-384 \(ran["P-384"] ?? 0), P-521 \(ran["P-521"] ?? 0); skipped P-256K \(skipped["P-256K"] ?? 0)")
        #expect(ran == ["P-256": 219, "P-384": 23, "P-521": 98])
        #expect(skipped == ["P-256K": 22])
        #expect(total + skipped.values.reduce(0, +) == w.numberOfTests)
    }
}
