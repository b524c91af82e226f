import Testing
import TestSupport
import DER

/// The algorithm types are structs over private enums (house issue 10): what a `switch` over the
/// old enums gave — the case and its associated value — is reachable through properties.
@Suite("Algorithm identifiers as extensible structs")
struct AlgorithmShapeTests {
    static let pss = RSASSAPSSParameters(hashAlgorithm: .sha256, maskGenHashAlgorithm: .sha256, saltLength: 32)

    /// (value, kind, OID, curve, PSS parameters)
    static let algorithms: [(PublicKeyAlgorithm, PublicKeyAlgorithm.Kind, ASN1ObjectIdentifier, ECNamedCurve?, RSASSAPSSParameters?)] = [
        (.rsaEncryption, .rsaEncryption, [1, 2, 840, 113549, 1, 1, 1], nil, nil),
        (.rsassaPSS(nil), .rsassaPSS, [1, 2, 840, 113549, 1, 1, 10], nil, nil),
        (.rsassaPSS(pss), .rsassaPSS, [1, 2, 840, 113549, 1, 1, 10], nil, pss),
        (.ecPublicKey(.p256), .ecPublicKey, [1, 2, 840, 10045, 2, 1], .p256, nil),
        (.ecPublicKey(.p384), .ecPublicKey, [1, 2, 840, 10045, 2, 1], .p384, nil),
        (.ecPublicKey(.p521), .ecPublicKey, [1, 2, 840, 10045, 2, 1], .p521, nil),
    ]

    @Test("kind, OID and parameters of every key algorithm; all values distinct")
    func publicKeyAlgorithms() {
        for (a, kind, oid, curve, params) in Self.algorithms {
            #expect(a.kind == kind && a.oid == oid && a.namedCurve == curve && a.rsassaPSSParameters == params, "\(a)")
            #expect(a.isRSA == (kind != .ecPublicKey), "\(a)")
        }
        #expect(Set(Self.algorithms.map(\.0)).count == Self.algorithms.count)
        #expect(PublicKeyAlgorithm.rsassaPSS(nil) != .rsassaPSS(.defaults))
    }

    @Test("curves: OID, name and sizes; lookups by OID and name invert them")
    func curves() {
        let facts: [(ECNamedCurve, String, ASN1ObjectIdentifier, Int)] = [
            (.p256, "P-256", [1, 2, 840, 10045, 3, 1, 7], 32), (.p384, "P-384", [1, 3, 132, 0, 34], 48),
            (.p521, "P-521", [1, 3, 132, 0, 35], 66),
        ]
        #expect(ECNamedCurve.allCases == facts.map(\.0))
        for (c, name, oid, n) in facts {
            #expect(c.name == name && c.description == name && c.oid == oid && c.coordinateByteCount == n && c.scalarByteCount == n)
            #expect(ECNamedCurve(oid: oid) == c && ECNamedCurve(name: name) == c)
        }
        #expect(ECNamedCurve(oid: ASN1ObjectIdentifier.Known.secp256k1) == nil && ECNamedCurve(name: "P-192") == nil)
    }

    @Test("digests: OID, name and length; lookup by OID inverts them")
    func digests() {
        let facts: [(DigestAlgorithm, String, UInt64, Int)] = [
            (.sha224, "SHA-224", 4, 28), (.sha256, "SHA-256", 1, 32), (.sha384, "SHA-384", 2, 48),
            (.sha512, "SHA-512", 3, 64), (.sha512_224, "SHA-512/224", 5, 28), (.sha512_256, "SHA-512/256", 6, 32),
        ]
        #expect(DigestAlgorithm.allCases == [.sha1] + facts.map(\.0))
        #expect(DigestAlgorithm.sha1.oid == [1, 3, 14, 3, 2, 26] && DigestAlgorithm.sha1.byteCount == 20)
        for (d, name, last, n) in facts {
            // NIST hash algorithm arcs 2.16.840.1.101.3.4.2.x
            #expect(d.oid == ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 2, last]), "\(name)")
            #expect(d.name == name && d.byteCount == n && DigestAlgorithm(oid: d.oid) == d)
        }
    }

    @Test("PKCS#8 private key kinds: each accessor answers for its own kind only")
    func privateKeyKinds() {
        let rsa = PKCS1RSAPrivateKey(modulus: [0xC5], publicExponent: [3], privateExponent: [1], prime1: [3], prime2: [5],
                                     exponent1: [1], exponent2: [1], coefficient: [1])
        let ec = SEC1ECPrivateKey(curve: .p256, privateKey: [UInt8](repeating: 1, count: 32))
        let r = PKCS8PrivateKeyInfo.PrivateKey.rsa(rsa), e = PKCS8PrivateKeyInfo.PrivateKey.ec(ec)
        #expect(r.rsa == rsa && r.ec == nil)
        #expect(e.ec == ec && e.rsa == nil)
        #expect(r != e)
    }
}
