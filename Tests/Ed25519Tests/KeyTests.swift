import Testing
import Ed25519
import DER
import TestSupport

// Keys: pyca's Ed25519 fixtures (RFC 8410 SPKI / PKCS#8), round trips, strict decoding of raw, DER and PEM
// keys, and the private key's description.

/// RFC 8032 §7.1 TEST 1: the key of pyca's fixtures.
let test1Seed = hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
let test1Public = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")

@Suite("Ed25519 keys")
struct Ed25519KeyTests {
    /// Every file of ed25519/keys (pyca's `asymmetric/Ed25519/`) loads or is refused as Vectors/README.md says;
    /// loaded keys re-encode byte for byte.
    @Test func pycaFixtures() throws {
        let files = try Vectors.files(in: "ed25519/keys")
        var n = 0
        for f in files {
            let bytes = try Vectors.bytes("ed25519/keys/" + f)
            n += 1
            switch f {
            case "ed25519-pub.der":
                let k = try Curve25519.Signing.PublicKey(derRepresentation: bytes)
                #expect(k.rawRepresentation == test1Public)
                #expect(k.derRepresentation == bytes)
            case "ed25519-pub.pem":
                let k = try Curve25519.Signing.PublicKey(pemRepresentation: String(decoding: bytes, as: UTF8.self))
                #expect(k.rawRepresentation == test1Public)
                #expect(k.pemRepresentation == String(decoding: bytes, as: UTF8.self))
            case "ed25519-pkcs8.der":
                let k = try Curve25519.Signing.PrivateKey(derRepresentation: bytes)
                #expect(k.rawRepresentation == test1Seed)
                #expect(k.publicKey.rawRepresentation == test1Public)
                #expect(k.derRepresentation == bytes)
            case "ed25519-pub-non-zero-unused-bits.der":
                #expect(throws: Ed25519Error(.invalidEncoding)) { try Curve25519.Signing.PublicKey(derRepresentation: bytes) }
            default:
                Issue.record("unexpected fixture \(f)")
            }
        }
        Vectors.report("ed25519/keys", cases: n)
        #expect(n == 4)
    }

    @Test func roundTrips() throws {
        var rng = SplitMix64(seed: 25519)
        for _ in 0..<8 {
            let seed = (0..<32).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let k = try Curve25519.Signing.PrivateKey(rawRepresentation: seed)
            #expect(k.rawRepresentation == seed)
            #expect(try Curve25519.Signing.PrivateKey(derRepresentation: k.derRepresentation).rawRepresentation == seed)
            #expect(try Curve25519.Signing.PrivateKey(pemRepresentation: k.pemRepresentation).rawRepresentation == seed)
            let p = k.publicKey
            #expect(p.derRepresentation.count == 44)
            #expect(k.derRepresentation.count == 48)
            #expect(try Curve25519.Signing.PublicKey(derRepresentation: p.derRepresentation).rawRepresentation == p.rawRepresentation)
            #expect(try Curve25519.Signing.PublicKey(pemRepresentation: p.pemRepresentation).rawRepresentation == p.rawRepresentation)
            #expect(p.pemRepresentation.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
            #expect(k.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
            let m = Array("round trip".utf8)
            #expect(p.isValidSignature(k.signature(for: m), for: m))
        }
    }

    /// Fresh keys from the system generator differ and sign.
    @Test func generated() {
        let a = Curve25519.Signing.PrivateKey(), b = Curve25519.Signing.PrivateKey()
        #expect(a.rawRepresentation != b.rawRepresentation)
        #expect(a.publicKey.rawRepresentation != b.publicKey.rawRepresentation)
        let m: [UInt8] = [1, 2, 3]
        #expect(a.publicKey.isValidSignature(a.signature(for: m), for: m))
        #expect(!b.publicKey.isValidSignature(a.signature(for: m), for: m))
    }

    /// The description names the public key only; the seed's hex never appears.
    @Test func descriptionHidesSeed() throws {
        let k = try Curve25519.Signing.PrivateKey(rawRepresentation: test1Seed)
        let seedHex = test1Seed.map { String($0, radix: 16).leftPad() }.joined()
        for text in [k.description, k.debugDescription, "\(k)", String(reflecting: k)] {
            #expect(!text.contains(seedHex))
            #expect(!text.contains(String(seedHex.prefix(8))))
        }
        #expect(k.description.contains("d75a980182b10ab7"))
        // Mirrors (dump, debuggers' summaries) see the public key only.
        #expect(Mirror(reflecting: k).children.map(\.label) == ["publicKey"])
        var dumped = ""
        dump(k, to: &dumped)
        for word in ["seed", "prefix", "scalar", "secret"] { #expect(!dumped.contains(word)) }
    }

    @Test(arguments: [0, 31, 33, 64])
    func rawLengths(_ n: Int) {
        let b = [UInt8](repeating: 1, count: n)
        #expect(throws: Ed25519Error(.invalidKeyLength)) { try Curve25519.Signing.PrivateKey(rawRepresentation: b) }
        #expect(throws: Ed25519Error(.invalidKeyLength)) { try Curve25519.Signing.PublicKey(rawRepresentation: b) }
    }

    /// y ≥ p (RFC 8032 §5.1.3 step 1): p itself, p + 1 (which would be y = 1, the identity), 2²⁵⁵ − 1, each with
    /// both sign bits. And a y with no x (u/v not a square), and x = 0 with the sign bit set (y = 1).
    @Test func publicKeyDecoding() throws {
        var p = [UInt8](repeating: 0xff, count: 32); p[0] = 0xed; p[31] = 0x7f
        var p1 = p; p1[0] = 0xee
        let top = [UInt8](repeating: 0xff, count: 31) + [0x7f]
        for y in [p, p1, top] {
            var neg = y; neg[31] |= 0x80
            #expect(throws: Ed25519Error(.nonCanonicalEncoding)) { try Curve25519.Signing.PublicKey(rawRepresentation: y) }
            #expect(throws: Ed25519Error(.nonCanonicalEncoding)) { try Curve25519.Signing.PublicKey(rawRepresentation: neg) }
        }
        // y = 2: u = 3, v = 4d + 1; not a square (checked with Python: Legendre symbol −1).
        var two = [UInt8](repeating: 0, count: 32); two[0] = 2
        #expect(throws: Ed25519Error(.invalidPoint)) { try Curve25519.Signing.PublicKey(rawRepresentation: two) }
        // y = 1 is the identity (x = 0): small order; with the sign bit set it is not even a valid encoding.
        var one = [UInt8](repeating: 0, count: 32); one[0] = 1
        #expect(throws: Ed25519Error(.smallOrderKey)) { try Curve25519.Signing.PublicKey(rawRepresentation: one) }
        one[31] = 0x80
        #expect(throws: Ed25519Error(.invalidPoint)) { try Curve25519.Signing.PublicKey(rawRepresentation: one) }
        // y = p − 1 (−1): x = 0 as well, the point of order 2.
        var m1 = p; m1[0] = 0xec
        #expect(throws: Ed25519Error(.smallOrderKey)) { try Curve25519.Signing.PublicKey(rawRepresentation: m1) }
        m1[31] |= 0x80
        #expect(throws: Ed25519Error(.invalidPoint)) { try Curve25519.Signing.PublicKey(rawRepresentation: m1) }
    }

    /// RFC 8410 containers, strictly: another algorithm, parameters present, wrong lengths, v2 rules.
    @Test func containers() throws {
        let k = try Curve25519.Signing.PrivateKey(rawRepresentation: test1Seed)
        let spki = k.publicKey.derRepresentation
        let pkcs8 = k.derRepresentation
        // X25519 (1.3.101.110) instead of Ed25519.
        var x25519 = spki; x25519[8] = 110
        #expect(throws: Ed25519Error(.unsupportedAlgorithm)) { try Curve25519.Signing.PublicKey(derRepresentation: x25519) }
        var x25519priv = pkcs8; x25519priv[11] = 110
        #expect(throws: Ed25519Error(.unsupportedAlgorithm)) { try Curve25519.Signing.PrivateKey(derRepresentation: x25519priv) }
        // NULL parameters.
        let withNull: [UInt8] = [0x30, 0x2c, 0x30, 0x07, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x05, 0x00, 0x03, 0x21, 0x00] + test1Public
        #expect(throws: Ed25519Error(.invalidEncoding)) { try Curve25519.Signing.PublicKey(derRepresentation: withNull) }
        // A 31-byte key in the BIT STRING.
        let short: [UInt8] = [0x30, 0x29, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x20, 0x00] + test1Public.dropLast()
        #expect(throws: Ed25519Error(.invalidKeyLength)) { try Curve25519.Signing.PublicKey(derRepresentation: short) }
        // Trailing byte, truncation.
        #expect(throws: Ed25519Error(.invalidEncoding)) { try Curve25519.Signing.PublicKey(derRepresentation: spki + [0]) }
        #expect(throws: Ed25519Error(.invalidEncoding)) { try Curve25519.Signing.PublicKey(derRepresentation: spki.dropLast()) }
        #expect(throws: Ed25519Error(.invalidEncoding)) { try Curve25519.Signing.PrivateKey(derRepresentation: pkcs8.dropLast()) }
        // The seed directly in the outer OCTET STRING (no inner OCTET STRING).
        let flat: [UInt8] = [0x30, 0x2c, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x20] + test1Seed
        #expect(throws: Ed25519Error(.invalidEncoding)) { try Curve25519.Signing.PrivateKey(derRepresentation: flat) }
        // v2 (OneAsymmetricKey) with the matching public key loads; with another key it is refused; v1 with a
        // public key and v2 without one break RFC 5958 §2.
        func oneAsymmetricKey(version: UInt8, publicKey: [UInt8]?) -> [UInt8] {
            var body: [UInt8] = [0x02, 0x01, version, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20] + test1Seed
            if let publicKey { body += [0x81, 0x21, 0x00] + publicKey }
            return [0x30, UInt8(body.count)] + body
        }
        let v2 = oneAsymmetricKey(version: 1, publicKey: test1Public)
        #expect(try Curve25519.Signing.PrivateKey(derRepresentation: v2).rawRepresentation == test1Seed)
        var other = test1Public; other[0] ^= 1
        #expect(throws: Ed25519Error(.inconsistentKey)) {
            try Curve25519.Signing.PrivateKey(derRepresentation: oneAsymmetricKey(version: 1, publicKey: other))
        }
        #expect(throws: Ed25519Error(.invalidEncoding)) {
            try Curve25519.Signing.PrivateKey(derRepresentation: oneAsymmetricKey(version: 0, publicKey: test1Public))
        }
        #expect(throws: Ed25519Error(.invalidEncoding)) {
            try Curve25519.Signing.PrivateKey(derRepresentation: oneAsymmetricKey(version: 1, publicKey: nil))
        }
        // PEM with the wrong label, or two blocks.
        let pubPEM = k.publicKey.pemRepresentation, privPEM = k.pemRepresentation
        #expect(throws: Ed25519Error(.invalidEncoding)) { try Curve25519.Signing.PrivateKey(pemRepresentation: pubPEM) }
        #expect(throws: Ed25519Error(.invalidEncoding)) { try Curve25519.Signing.PublicKey(pemRepresentation: privPEM) }
        #expect(throws: Ed25519Error(.invalidEncoding)) { try Curve25519.Signing.PublicKey(pemRepresentation: pubPEM + pubPEM) }
        // Errors never carry the seed.
        do {
            _ = try Curve25519.Signing.PrivateKey(derRepresentation: oneAsymmetricKey(version: 1, publicKey: other))
        } catch {
            #expect(!error.description.contains("9d61b19d"))
            #expect(error.description.hasPrefix("Ed25519Error.inconsistentKey: "))
        }
    }
}

extension String {
    fileprivate func leftPad() -> String { count == 1 ? "0" + self : self }
}
