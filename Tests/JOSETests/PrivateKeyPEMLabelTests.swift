import Testing
import Foundation
import TestSupport
import DER
import ECDSA
@testable import JOSE

/// Private keys from PEM (issue 31 finding 8): the label decides the structure — PKCS#8 only under `PRIVATE KEY`,
/// SEC 1 only under `EC PRIVATE KEY`, PKCS#1 only under `RSA PRIVATE KEY` (RFC 7468 §10–11, RFC 5915 §4) — and the
/// error names the real cause: the curve the key itself names is the only one tried, an RSA key's DER error is
/// reported as such, never as a failed ECDSA attempt.
@Suite("private key PEM labels")
struct PrivateKeyPEMLabelTests {
    static func refusal(_ pem: String) -> JWTError? {
        do { _ = try JWKPrivateKey(pemRepresentation: pem); return nil } catch let e as JWTError { return e } catch { return nil }
    }

    static let p256 = P256.Signing.PrivateKey()
    static let p384 = P384.Signing.PrivateKey()

    @Test("a PKCS#8 key under EC PRIVATE KEY is refused, naming the PRIVATE KEY label")
    func pkcs8UnderECLabel() throws {
        let pkcs8 = Self.p256.derRepresentation
        let e = try #require(Self.refusal(PEMText.wrap(pkcs8, label: "EC PRIVATE KEY")))
        #expect(e.code == .invalidKey)
        #expect(e.reason.contains("PKCS#8") && e.reason.contains("PEM label PRIVATE KEY"), "\(e.reason)")
        // Control: the same bytes under their own label load, as the same key.
        let ok = try JWKPrivateKey(pemRepresentation: PEMText.wrap(pkcs8, label: "PRIVATE KEY"))
        #expect(ok.publicJWK?.x == Array(Self.p256.publicKey.x963Representation[1...32]))
    }

    @Test("a SEC 1 key under PRIVATE KEY is refused, naming the EC PRIVATE KEY label")
    func sec1UnderPKCS8Label() throws {
        let sec1 = SEC1ECPrivateKey(curve: .p384, privateKey: Self.p384.rawRepresentation,
                                    publicKey: Self.p384.publicKey.x963Representation).derEncoded()
        let e = try #require(Self.refusal(PEMText.wrap(sec1, label: "PRIVATE KEY")))
        #expect(e.code == .invalidKey)
        #expect(e.reason.contains("SEC 1") && e.reason.contains("PEM label EC PRIVATE KEY"), "\(e.reason)")
        let ok = try JWKPrivateKey(pemRepresentation: PEMText.wrap(sec1, label: "EC PRIVATE KEY"))
        #expect(ok.curve == .p384)
    }

    @Test("a PKCS#8 RSA key under RSA PRIVATE KEY is refused, naming the PRIVATE KEY label")
    func pkcs8UnderRSALabel() throws {
        // pyca's wrong-pem-delimiter-rsa.pem: a 2048-bit PKCS#8 rsaEncryption key labelled RSA PRIVATE KEY.
        let file = "keys/pyca/PKCS8/wrong-pem-delimiter-rsa.pem"
        let pem = try Vectors.text(file)
        let e = try #require(Self.refusal(pem))
        #expect(e.code == .invalidKey)
        #expect(e.reason.contains("PKCS#8") && e.reason.contains("PEM label PRIVATE KEY"), "\(e.reason)")
        // Control: the body under PRIVATE KEY is a good RSA key.
        let relabelled = pem.replacingOccurrences(of: "RSA PRIVATE KEY", with: "PRIVATE KEY")
        let ok = try JWKPrivateKey(pemRepresentation: relabelled)
        #expect(ok.keyType == .rsa && ok.publicJWK?.modulusBitCount == 2048)
        // A PKCS#1 body under PRIVATE KEY is refused the other way round.
        let pkcs1 = try JWKPrivateKey(pemRepresentation: relabelled).traditionalPEMRepresentation()
        #expect(pkcs1.hasPrefix("-----BEGIN RSA PRIVATE KEY-----"))
        let e2 = try #require(Self.refusal(pkcs1.replacingOccurrences(of: "RSA PRIVATE KEY", with: "PRIVATE KEY")))
        #expect(e2.code == .invalidKey && e2.reason.contains("PEM label RSA PRIVATE KEY"), "\(e2.reason)")
        Vectors.report(file, cases: 1, detail: "refused under its label, loaded under PRIVATE KEY")
    }

    @Test("a P-384 SEC 1 key with a wrong public key reports the P-384 mismatch, not a P-256 attempt")
    func p384WrongPublicKey() throws {
        let other = P384.Signing.PrivateKey()
        let sec1 = SEC1ECPrivateKey(curve: .p384, privateKey: Self.p384.rawRepresentation,
                                    publicKey: other.publicKey.x963Representation).derEncoded()
        let e = try #require(Self.refusal(PEMText.wrap(sec1, label: "EC PRIVATE KEY")))
        #expect(e.code == .invalidKey)
        #expect(e.reason.contains("P-384") && e.reason.contains("publicKeyMismatch"), "\(e.reason)")
        #expect(!e.reason.contains("P-256"), "\(e.reason)")
    }

    @Test("an RSA PKCS#8 key without NULL parameters gets the DER reason, not an ECDSA message")
    func rsaPKCS8WithoutNull() throws {
        let file = "keys/pyca/PKCS8/wrong-pem-delimiter-rsa.pem"
        let pem = try Vectors.text(file)
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let der = try #require(Data(base64Encoded: body)).map { $0 }
        // 30 82 LL LL | 02 01 00 | 30 0D 06 09 <rsaEncryption> 05 00 | 04 …: drop the NULL, fix both lengths.
        let algorithm: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00]
        #expect(Array(der[7..<22]) == algorithm)
        let outerLength = Int(der[2]) << 8 | Int(der[3])
        var stripped: [UInt8] = [0x30, 0x82, UInt8((outerLength - 2) >> 8), UInt8((outerLength - 2) & 0xFF)]
        stripped += der[4..<7]
        stripped += [0x30, 0x0B] + algorithm[2..<13]
        stripped += der[22...]
        #expect(stripped.count == der.count - 2)
        let e = try #require(Self.refusal(PEMText.wrap(stripped, label: "PRIVATE KEY")))
        #expect(e.code == .invalidKey)
        #expect(e.reason.contains("rsaEncryption parameters must be NULL"), "\(e.reason)")
        #expect(!e.reason.contains("P-256") && !e.reason.contains("ECDSA") && !e.reason.contains("EC PRIVATE"), "\(e.reason)")
        Vectors.report(file, cases: 1, detail: "NULL parameters removed")
    }

    @Test("an EC PRIVATE KEY without curve parameters is refused: its curve is unknown (RFC 5915 §3)")
    func sec1WithoutParameters() throws {
        let file = "keys/pyca/EC/ec-missing-curve.pem"
        let e = try #require(Self.refusal(try Vectors.text(file)))
        #expect(e.code == .invalidKey && e.reason.contains("curve parameters"), "\(e.reason)")
        Vectors.report(file, cases: 1, detail: "refused")
    }
}
