import Foundation
import Testing
import Ed25519
import TestSupport

// The Ed25519 reference file (sign.input), Wycheproof's ed25519_test.json and RFC 8037 Appendix A at the
// crypto level (the JOSE-level JWS test comes with the JOSE integration).

struct SignInputLine {
    let seed: [UInt8], publicKey: [UInt8], message: [UInt8], signature: [UInt8]
}

/// `secret‖public:public:message:signature‖message:` per line, hex.
func loadSignInput() throws -> [SignInputLine] {
    let text = try Vectors.text("ed25519/sign.input")
    var out: [SignInputLine] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        let f = line.split(separator: ":", omittingEmptySubsequences: false)
        guard f.count == 5, f[4].isEmpty else { throw VectorError.malformed("ed25519/sign.input", "field count") }
        let sk = hex(f[0]), pk = hex(f[1]), msg = hex(f[2]), sm = hex(f[3])
        guard sk.count == 64, pk.count == 32, Array(sk[32...]) == pk, sm.count == 64 + msg.count,
              Array(sm[64...]) == msg
        else { throw VectorError.malformed("ed25519/sign.input", "line layout") }
        out.append(SignInputLine(seed: Array(sk[..<32]), publicKey: pk, message: msg, signature: Array(sm[..<64])))
    }
    return out
}

@Suite("Ed25519 vectors")
struct Ed25519VectorTests {
    /// Every line: the public key from the seed and the signature byte for byte; the signature verifies; one
    /// flipped bit in the message, in R or in S makes it fail.
    @Test func signInput() throws {
        let lines = try loadSignInput()
        let flipStride = 1
        var flipped = 0
        for (n, v) in lines.enumerated() {
            let key = try Curve25519.Signing.PrivateKey(rawRepresentation: v.seed)
            #expect(key.publicKey.rawRepresentation == v.publicKey, "line \(n + 1): public key")
            let sig = key.signature(for: v.message)
            #expect(sig == v.signature, "line \(n + 1): signature")
            let pub = try Curve25519.Signing.PublicKey(rawRepresentation: v.publicKey)
            #expect(pub.isValidSignature(v.signature, for: v.message), "line \(n + 1): verifies")
            guard n % flipStride == 0 else { continue }
            flipped += 1
            // A bit of the message (an empty message gets one byte appended instead).
            var m = v.message
            if m.isEmpty { m = [0] } else { m[n % m.count] ^= 1 << UInt8(n % 8) }
            #expect(!pub.isValidSignature(v.signature, for: m), "line \(n + 1): flipped message bit")
            var r = v.signature
            r[n % 32] ^= 1 << UInt8((n / 3) % 8)
            #expect(!pub.isValidSignature(r, for: v.message), "line \(n + 1): flipped R bit")
            var s = v.signature
            s[32 + n % 32] ^= 1 << UInt8((n / 5) % 8)
            #expect(!pub.isValidSignature(s, for: v.message), "line \(n + 1): flipped S bit")
        }
        Vectors.report("ed25519/sign.input", cases: lines.count, detail: "\(flipped) with flipped bits")
        #expect(lines.count == 1024)
        #expect(flipped == 1024)
    }

    /// RFC 8032 §7.1 TEST 1–3 are the first three lines: checked against the RFC's own text.
    @Test func rfc8032Tests1To3() throws {
        let lines = try loadSignInput()
        #expect(lines[0].publicKey == hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"))
        #expect(lines[1].message == [0x72])
        #expect(lines[2].message == [0xaf, 0x82])
        #expect(lines[2].signature == hex(
            "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"))
    }

    /// Wycheproof ed25519_test.json: every case as the file says (there are no "acceptable" cases).
    @Test func wycheproof() throws {
        let w = try WycheproofFile.load("wycheproof/ed25519_test.json")
        var ran = 0, valid = 0
        for g in w.groups {
            #expect(g.type == "EddsaVerify")
            let pk = try #require(g.publicKeyHex("pk"))
            let key = try Curve25519.Signing.PublicKey(rawRepresentation: pk)
            if let der = g.hex("publicKeyDer") {
                #expect(try Curve25519.Signing.PublicKey(derRepresentation: der).rawRepresentation == pk)
                #expect(key.derRepresentation == der)
            }
            if let pem = g.string("publicKeyPem") {
                #expect(try Curve25519.Signing.PublicKey(pemRepresentation: pem).rawRepresentation == pk)
            }
            for t in g.tests {
                #expect(t.result != .acceptable, "\(t.label(w.name))")
                let ok = key.isValidSignature(t.hex("sig"), for: t.hex("msg"))
                #expect(ok == (t.result == .valid), "\(t.label(w.name))")
                ran += 1
                if ok { valid += 1 }
            }
        }
        Vectors.report("wycheproof/ed25519_test.json", cases: ran, detail: "\(valid) valid")
        #expect(ran == 151)
        #expect(ran == w.numberOfTests)
        #expect(valid == 88)
    }

    /// RFC 8037 A.1–A.5 at the crypto level: x from d, the JWS signature of A.4 byte for byte, and it verifies.
    @Test func rfc8037AppendixA() throws {
        let data = try Vectors.bytes("rfc/8037/rfc8037_appendix_a.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(data)) as? [String: Any])
        let priv = try #require(json["A.1_private_jwk"] as? [String: String])
        let d = try #require(base64url(priv["d"]!)), x = try #require(base64url(priv["x"]!))
        let key = try Curve25519.Signing.PrivateKey(rawRepresentation: d)
        #expect(key.publicKey.rawRepresentation == x)
        let jws = try #require(json["A.4_compact_jws"] as? String)
        let parts = jws.split(separator: ".")
        #expect(parts.count == 3)
        let signingInput = Array((parts[0] + "." + parts[1]).utf8)
        let expected = try #require(base64url(String(parts[2])))
        #expect(key.signature(for: signingInput) == expected)
        let pub = try Curve25519.Signing.PublicKey(rawRepresentation: x)
        #expect(pub.isValidSignature(expected, for: signingInput))
        Vectors.report("rfc/8037/rfc8037_appendix_a.json", cases: 1, detail: "A.1 key, A.4 signature, A.5 verification")
    }
}

/// Strict enough for the RFC's values: base64url without padding.
func base64url(_ s: String) -> [UInt8]? {
    var t = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while t.count % 4 != 0 { t += "=" }
    return Data(base64Encoded: t).map { [UInt8]($0) }
}
