import Testing
@testable import DER

/// X25519, X448, Ed25519 and Ed448 as `PublicKeyAlgorithm` members: SPKI and PKCS#8 read and written
/// by the DER module with RFC 8410's rules (parameters absent, exact key lengths).
@Suite("RFC 8410 key algorithms")
struct RFC8410AlgorithmTests {
    static let cases: [(PublicKeyAlgorithm, ASN1ObjectIdentifier, Int)] = [
        (.x25519, [1, 3, 101, 110], 32), (.x448, [1, 3, 101, 111], 56),
        (.ed25519, [1, 3, 101, 112], 32), (.ed448, [1, 3, 101, 113], 57),
    ]

    @Test("SPKI: each algorithm parses, re-encodes, and refuses a key one octet short and NULL parameters")
    func spki() throws {
        for (alg, o, n) in Self.cases {
            let key = [UInt8](repeating: 7, count: n)
            let der = seq(seq(oid(o)), bits(key))
            let s = try SubjectPublicKeyInfo(derEncoded: der)
            #expect(s.algorithm == alg && s.algorithm.kind.oid == o && s.algorithm.rfc8410KeyByteCount == n)
            #expect(s.subjectPublicKey == key)
            #expect(s.derEncoded() == der)
            #expect(SubjectPublicKeyInfo(algorithm: alg, subjectPublicKey: key).derEncoded() == der)
            #expect(throws: DERError(.invalidKey)) { _ = try SubjectPublicKeyInfo(derEncoded: seq(seq(oid(o)), bits(Array(key.dropLast())))) }
            #expect(throws: DERError(.invalidParameters)) { _ = try SubjectPublicKeyInfo(derEncoded: seq(seq(oid(o), null), bits(key))) }
        }
    }

    @Test("PKCS#8: CurvePrivateKey of the exact length (v1 and v2), wrong length refused")
    func pkcs8() throws {
        for (alg, o, n) in Self.cases {
            let k = [UInt8](repeating: 9, count: n)
            let v1 = seq(int([0]), seq(oid(o)), octets(octets(k)))
            let info = try PKCS8PrivateKeyInfo(derEncoded: v1)
            #expect(info.algorithm == alg && info.privateKey.curvePrivateKey == k && info.privateKey.ec == nil)
            #expect(info.derEncoded() == v1)
            let v2 = seq(int([1]), seq(oid(o)), octets(octets(k)), tlv(0x81, [0], [UInt8](repeating: 3, count: n)))
            #expect(try PKCS8PrivateKeyInfo(derEncoded: v2).publicKey == [UInt8](repeating: 3, count: n))
            #expect(throws: DERError(.invalidKey)) {
                _ = try PKCS8PrivateKeyInfo(derEncoded: seq(int([1]), seq(oid(o)), octets(octets(k)), tlv(0x81, [0], [UInt8](repeating: 3, count: n + 1))))
            }
            #expect(throws: DERError(.invalidPrivateKeyLength)) { _ = try PKCS8PrivateKeyInfo(derEncoded: seq(int([0]), seq(oid(o)), octets(octets(k + [1])))) }
        }
    }

    @Test("PrivateKeyInfo layout is told from SEC1 by the DER reader")
    func layout() throws {
        #expect(PKCS8PrivateKeyInfo.hasPrivateKeyInfoLayout(seq(int([0]), seq(oid([1, 3, 101, 112])), octets(octets([1])))))
        #expect(!PKCS8PrivateKeyInfo.hasPrivateKeyInfoLayout(seq(int([1]), octets([UInt8](repeating: 1, count: 32)))))
        #expect(!PKCS8PrivateKeyInfo.hasPrivateKeyInfoLayout([0x30, 0x80]))
    }

    @Test("EC parameter refusals carry codes of their own")
    func curveCodes() throws {
        let point: [UInt8] = [0x04] + [UInt8](repeating: 0x11, count: 64)
        #expect(throws: DERError(.explicitCurveParameters)) { _ = try SubjectPublicKeyInfo(derEncoded: seq(seq(oid(K.ecPublicKey), seq(int([1]))), bits(point))) }
        #expect(throws: DERError(.unsupportedCurve)) { _ = try SubjectPublicKeyInfo(derEncoded: seq(seq(oid(K.ecPublicKey), oid(K.secp256k1)), bits(point))) }
        #expect(throws: Never.self) { _ = try SubjectPublicKeyInfo(derEncoded: seq(seq(oid(K.ecPublicKey), oid(K.secp256r1)), bits(point))) }
    }
}
