import Foundation
import Testing
import Ed25519
import SHA2
import TestSupport

// X25519 (Curve25519.KeyAgreement): RFC 7748 §5.2 and §6.1, RFC 8037 A.6, Wycheproof x25519_test.json and the raw
// parts of x25519_jwk_test.json.

/// X25519(k, u) through the public API.
private func x25519(_ k: [UInt8], _ u: [UInt8]) throws -> [UInt8] {
    let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: k)
    let pub = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: u)
    return try key.sharedSecretFromKeyAgreement(with: pub).withUnsafeBytes { Array($0) }
}

/// Wycheproof's "acceptable" X25519 cases, decided per RFC 7748 / RFC 8037: a public value on the twist, of small
/// order, non-canonical (≥ p) or special is used as RFC 7748 §5 says (top bit masked, reduced mod p) and the
/// result checked; only an all-zero shared secret is refused (RFC 7748 §6.1's check, which RFC 8037 §4 asks for).
private let x25519Acceptable: [String: Bool] = [
    "Twist": true, "NonCanonicalPublic": true, "SpecialPublicKey": true, "SmallPublicKey": true,
    "EdgeCaseMultiplication": true, "EdgeCaseShared": true, "Ktv": true, "LowOrderPublic": true,
    "ZeroSharedSecret": false,
]

@Suite("X25519")
struct X25519Tests {
    /// RFC 7748 §5.2's two single-call vectors and the first step of the iteration (pyca's copy of §5.2). The
    /// second vector's u has its top bit set: it must be masked, not refused.
    @Test func rfc7748Section5_2() throws {
        let text = try Vectors.text("rfc/7748/rfc7748.txt")
        var fields: [String: String] = [:]
        var ran = 0
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            fields[parts[0]] = parts[1]
            if parts[0] == "OUTPUT_U" {
                let k = hex(fields["INPUT_SCALAR"]!), u = hex(fields["INPUT_U"]!)
                #expect(try x25519(k, u) == hex(parts[1]), "COUNT \(fields["COUNT"]!)")
                ran += 1
            }
        }
        Vectors.report("rfc/7748/rfc7748.txt", cases: ran)
        #expect(ran == 3)
    }

    /// RFC 7748 §5.2 iterated: after 1 and 1,000 iterations (the 1,000,000 value is in the file, not run), and the
    /// §6.1 Diffie-Hellman example both ways, with both public keys derived from the private keys.
    @Test func rfc7748IteratedAndDH() throws {
        let data = Data(try Vectors.bytes("rfc/7748/rfc7748_iterated_and_dh.json"))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let it = try #require(top["iterated"] as? [String: String])
        var k = hex(it["start_hex"]!), u = k
        for i in 1...1000 {
            (k, u) = (try x25519(k, u), k)
            if i == 1 { #expect(k == hex(it["after_1"]!)) }
        }
        #expect(k == hex(it["after_1000"]!))
        let dh = try #require(top["dh_6_1"] as? [String: String])
        let alice = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: hex(dh["alice_private_hex"]!))
        let bob = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: hex(dh["bob_private_hex"]!))
        #expect(alice.publicKey.rawRepresentation == hex(dh["alice_public_hex"]!))
        #expect(bob.publicKey.rawRepresentation == hex(dh["bob_public_hex"]!))
        #expect(alice.rawRepresentation == hex(dh["alice_private_hex"]!))
        let ab = try alice.sharedSecretFromKeyAgreement(with: bob.publicKey)
        let ba = try bob.sharedSecretFromKeyAgreement(with: alice.publicKey)
        #expect(ab.withUnsafeBytes { Array($0) } == hex(dh["shared_hex"]!))
        #expect(ab == ba)
        Vectors.report("rfc/7748/rfc7748_iterated_and_dh.json", cases: 1002, detail: "1,000 iterations, 2 DH directions")
    }

    /// RFC 8037 A.6: the ephemeral public key from its secret, and Z.
    @Test func rfc8037A6() throws {
        let data = Data(try Vectors.bytes("rfc/8037/rfc8037_appendix_a6.json"))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let eph = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: hex(top["ephemeral_secret_hex"] as! String))
        let epk = try #require(top["ephemeral_public_jwk"] as? [String: String])
        #expect(eph.publicKey.rawRepresentation == base64url(epk["x"]!))
        let rpk = try #require(top["recipient_public_jwk"] as? [String: String])
        let recipient = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: base64url(rpk["x"]!)!)
        #expect(recipient.rawRepresentation == hex(top["recipient_public_hex"] as! String))
        let z = try eph.sharedSecretFromKeyAgreement(with: recipient)
        #expect(z.withUnsafeBytes { Array($0) } == hex(top["Z_hex"] as! String))
        Vectors.report("rfc/8037/rfc8037_appendix_a6.json", cases: 1)
    }

    /// Wycheproof x25519_test.json: valid cases give the listed secret; acceptable ones too, except the all-zero
    /// secrets, which are refused with `.zeroSharedSecret`.
    @Test func wycheproof() throws {
        let w = try WycheproofFile.load("wycheproof/x25519_test.json")
        var ran = 0, refused = 0
        for (g, t) in w.cases {
            #expect(g.type == "XdhComp")
            let label = t.label("x25519_test.json")
            let pass = try #require(wycheproofShouldPass(t, acceptableFlags: x25519Acceptable), "\(label): unknown flag")
            #expect(pass == (t.hex("shared") != [UInt8](repeating: 0, count: 32)), "\(label): policy")
            let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: t.hex("private"))
            let pub = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: t.hex("public"))
            if pass {
                let z = try key.sharedSecretFromKeyAgreement(with: pub)
                #expect(z.withUnsafeBytes { Array($0) } == t.hex("shared"), "\(label)")
            } else {
                #expect(throws: Ed25519Error(.zeroSharedSecret), "\(label)") {
                    try key.sharedSecretFromKeyAgreement(with: pub)
                }
                refused += 1
            }
            ran += 1
        }
        Vectors.report("wycheproof/x25519_test.json", cases: ran, detail: "\(refused) all-zero secrets refused")
        #expect(ran == 518)
        #expect(refused == 31)
    }

    /// Wycheproof x25519_jwk_test.json, the raw parts: `d` and `x` of the OKP keys through the raw API (the private
    /// key's `x` must be its public key). JWK-level refusals (wrong `kty`/`crv`, missing members: the 13
    /// `InvalidPublic` cases) are only recognised by this test's reader until JOSE parses X25519 JWKs.
    @Test func wycheproofJWKRawParts() throws {
        let w = try WycheproofFile.load("wycheproof/x25519_jwk_test.json")
        var ran = 0, refused = 0, notOKP = 0
        for (g, t) in w.cases {
            #expect(g.type == "XdhJwkComp")
            let label = t.label("x25519_jwk_test.json")
            let priv = try #require(t.raw["private"] as? [String: String])
            let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: base64url(priv["d"]!)!)
            #expect(key.publicKey.rawRepresentation == base64url(priv["x"]!), "\(label): x from d")
            let pubJWK = (t.raw["public"] as? [String: String]) ?? [:]
            guard pubJWK["kty"] == "OKP", pubJWK["crv"] == "X25519", let x = pubJWK["x"].flatMap(base64url) else {
                #expect(t.result == .invalid, "\(label)")
                notOKP += 1; ran += 1
                continue
            }
            let pass = try #require(wycheproofShouldPass(t, acceptableFlags: x25519Acceptable), "\(label): unknown flag")
            let pub = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: x)
            if pass {
                let z = try key.sharedSecretFromKeyAgreement(with: pub)
                #expect(z.withUnsafeBytes { Array($0) } == t.hex("shared"), "\(label)")
            } else {
                #expect(throws: Ed25519Error(.zeroSharedSecret), "\(label)") {
                    try key.sharedSecretFromKeyAgreement(with: pub)
                }
                refused += 1
            }
            ran += 1
        }
        Vectors.report("wycheproof/x25519_jwk_test.json", cases: ran,
                       detail: "\(refused) all-zero secrets refused, \(notOKP) non-X25519 JWKs")
        #expect(ran == 531)
        #expect(refused == 31)
        #expect(notOKP == 13)
    }

    /// Lengths other than 32 are refused for both key kinds; a fresh key agrees with its peer; a key's
    /// description shows no secret; the raw scalar comes back unchanged (not clamped).
    @Test func keysAndLengths() throws {
        for n in [0, 31, 33, 64] {
            #expect(throws: Ed25519Error(.invalidKeyLength)) {
                try Curve25519.KeyAgreement.PublicKey(rawRepresentation: [UInt8](repeating: 9, count: n))
            }
            #expect(throws: Ed25519Error(.invalidKeyLength)) {
                try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 9, count: n))
            }
        }
        let a = Curve25519.KeyAgreement.PrivateKey(), b = Curve25519.KeyAgreement.PrivateKey()
        #expect(try a.sharedSecretFromKeyAgreement(with: b.publicKey) == b.sharedSecretFromKeyAgreement(with: a.publicKey))
        #expect(a.rawRepresentation != b.rawRepresentation)
        let raw = [UInt8](repeating: 0xff, count: 32)
        let k = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: raw)
        #expect(k.rawRepresentation == raw)
        #expect(!"\(k)".contains(raw.hexString))
        #expect("\(try k.sharedSecretFromKeyAgreement(with: a.publicKey))" == "SharedSecret(32 bytes)")
    }

    /// Clamping: scalars differing only in the bits clamping overwrites (0–2, 255, 254) give the same result.
    @Test func clamping() throws {
        let u = hex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
        var k = [UInt8](repeating: 0x5a, count: 32)
        k[0] = 0x58; k[31] = 0x40
        let base = try x25519(k, u)
        var k2 = k
        k2[0] |= 7; k2[31] |= 0x80
        #expect(try x25519(k2, u) == base)
        var k3 = k
        k3[31] &= 0x3f   // bit 254 cleared: clamping sets it again
        #expect(try x25519(k3, u) == base)
        // The u-coordinate's top bit is masked.
        var u2 = u
        u2[31] |= 0x80
        #expect(try x25519(k, u2) == base)
    }
}
