import Testing
import Foundation
import DER
@testable import JOSE

/// A curve JOSE does not know (here secp256k1, whose keys have P-256's sizes) is refused as unsupported with its
/// own name in every form a key arrives in — JWK, SubjectPublicKeyInfo, SEC 1, PKCS#8 — never read as another
/// curve (issue 25 part 1: no fallback maps an unknown curve to P-521 or any known one).
@Suite("unknown curves are refused")
struct UnknownCurveRefusalTests {
    /// secp256k1's base point G (SEC 2 §2.4.1): a valid point on that curve, of P-256's coordinate size.
    static let gx: [UInt8] = hex("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798")
    static let gy: [UInt8] = hex("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8")
    /// The private scalar 1, whose public key is G.
    static let one: [UInt8] = [UInt8](repeating: 0, count: 31) + [1]
    /// 1.3.132.0.10 (secp256k1), and id-ecPublicKey.
    static let secp256k1OID: [UInt8] = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x0A]
    static let ecPublicKeyOID: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]

    static func hex(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex {
            let j = s.index(i, offsetBy: 2)
            out.append(UInt8(s[i..<j], radix: 16)!)
            i = j
        }
        return out
    }

    static func tlv(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
        precondition(body.count < 128)
        return [tag, UInt8(body.count)] + body
    }

    static func refusal(_ body: () throws -> Void) -> JWTError? {
        do { try body(); return nil } catch let e as JWTError { return e } catch { return nil }
    }

    static func expectUnsupported(_ e: JWTError?, naming: String, _ what: String) {
        guard let e else { Issue.record("\(what): accepted"); return }
        #expect(e.code == .unsupportedKey, "\(what): \(e.code) \(e.reason)")
        #expect(e.reason.contains(naming), "\(what): \(e.reason)")
        for known in ["P-256", "P-384", "P-521"] {
            #expect(!e.reason.contains("on \(known)"), "\(what) was treated as \(known): \(e.reason)")
        }
    }

    @Test("a JWK with crv secp256k1, public or private")
    func jwk() throws {
        let x = Base64URL.encode(Self.gx), y = Base64URL.encode(Self.gy), d = Base64URL.encode(Self.one)
        let pub = #"{"kty":"EC","crv":"secp256k1","x":"\#(x)","y":"\#(y)"}"#
        Self.expectUnsupported(Self.refusal { _ = try JWK(json: pub) }, naming: "secp256k1", "public JWK")
        let priv = #"{"kty":"EC","crv":"secp256k1","x":"\#(x)","y":"\#(y)","d":"\#(d)"}"#
        Self.expectUnsupported(Self.refusal { _ = try JWKPrivateKey(json: priv) }, naming: "secp256k1", "private JWK")
        // Control: the same shape on P-256 (its own base point, d = 1) loads.
        let p256 = try JWKPrivateKey(json: #"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(Self.p256G.x))","y":"\#(Base64URL.encode(Self.p256G.y))","d":"\#(d)"}"#)
        #expect(p256.curve == .p256)
    }

    /// P-256's base point (FIPS 186-5 / SP 800-186 §3.2.1.3).
    static let p256G = (x: hex("6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296"),
                        y: hex("4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5"))

    @Test("a SubjectPublicKeyInfo on secp256k1")
    func spki() throws {
        let algorithm = Self.tlv(0x30, Self.ecPublicKeyOID + Self.secp256k1OID)
        let point = Self.tlv(0x03, [0x00, 0x04] + Self.gx + Self.gy)
        let der = Self.tlv(0x30, algorithm + point)
        Self.expectUnsupported(Self.refusal { _ = try JWK(derRepresentation: der) }, naming: "curve", "SPKI DER")
        Self.expectUnsupported(Self.refusal { _ = try JWK(pemRepresentation: PEMText.wrap(der, label: "PUBLIC KEY")) },
                               naming: "curve", "SPKI PEM")
    }

    @Test("a SEC 1 and a PKCS#8 private key on secp256k1")
    func privateKeys() throws {
        let params = Self.tlv(0xA0, Self.secp256k1OID)
        let sec1 = Self.tlv(0x30, [0x02, 0x01, 0x01] + Self.tlv(0x04, Self.one) + params)
        Self.expectUnsupported(Self.refusal { _ = try JWKPrivateKey(pemRepresentation: PEMText.wrap(sec1, label: "EC PRIVATE KEY")) },
                               naming: "curve", "SEC 1")
        let inner = Self.tlv(0x30, [0x02, 0x01, 0x01] + Self.tlv(0x04, Self.one))
        let pkcs8 = Self.tlv(0x30, [0x02, 0x01, 0x00] + Self.tlv(0x30, Self.ecPublicKeyOID + Self.secp256k1OID) + Self.tlv(0x04, inner))
        Self.expectUnsupported(Self.refusal { _ = try JWKPrivateKey(pemRepresentation: PEMText.wrap(pkcs8, label: "PRIVATE KEY")) },
                               naming: "curve", "PKCS#8")
    }

    @Test("an OKP curve where an EC curve belongs, and the other way round")
    func wrongKindOfCurve() throws {
        Self.expectUnsupported(Self.refusal { _ = try JWKPrivateKey.generateEC(curve: .ed25519) }, naming: "Ed25519", "generateEC(Ed25519)")
        Self.expectUnsupported(Self.refusal { _ = try JWKPrivateKey.generateOKP(curve: .p256) }, naming: "P-256", "generateOKP(P-256)")
        Self.expectUnsupported(Self.refusal { _ = try JWK(curve: .ed25519, x: Self.gx, y: Self.gy) }, naming: "Ed25519", "JWK(curve: .ed25519, x:y:)")
        let x = Base64URL.encode(Self.gx), y = Base64URL.encode(Self.gy)
        Self.expectUnsupported(Self.refusal { _ = try JWK(json: #"{"kty":"EC","crv":"Ed25519","x":"\#(x)","y":"\#(y)"}"#) },
                               naming: "Ed25519", "EC JWK on Ed25519")
        Self.expectUnsupported(Self.refusal { _ = try JWK(json: #"{"kty":"OKP","crv":"P-256","x":"\#(x)"}"#) },
                               naming: "P-256", "OKP JWK on P-256")
    }
}
