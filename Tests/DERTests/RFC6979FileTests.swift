import Testing
import Foundation
import TestSupport
@testable import DER

/// The OpenSSL evp_test file with the RFC 6979 keys and deterministic signatures
/// (Vectors/rfc/6979/evppkey_ecdsa_rfc6979.txt): 15 curves, each a PKCS#8 private key and an SPKI
/// public key in PEM among test stanzas, and DER ECDSA-Sig-Values as `Output = …` lines.
@Suite("RFC 6979 evp_test file")
struct RFC6979FileTests {
    static let file = "rfc/6979/evppkey_ecdsa_rfc6979.txt"

    /// Octets that hold any scalar below the group order: ⌈field bits / 8⌉ (the order of these
    /// curves is never longer than the field).
    static func width(_ curveName: String) -> Int? {
        guard let bits = Int(curveName.split(separator: "-").last ?? "") else { return nil }
        return (bits + 7) / 8
    }

    static func supported(_ curveName: String) -> ECNamedCurve? {
        switch curveName { case "P-256": return .p256; case "P-384": return .p384; case "P-521": return .p521; default: return nil }
    }

    @Test("keys: P-256/384/521 parse and match keys/rfc6979; the other 12 curves are unsupported")
    func keys() throws {
        let text = try Vectors.text(Self.file)
        // The PEM reader finds every block among the test stanzas.
        let all = try PEMDocument.parseAll(text)
        #expect(all.count == 30)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var parsed = 0, unsupported = 0, i = 0
        while i < lines.count {
            let line = lines[i]
            i += 1
            guard line.hasPrefix("PrivateKey=") || line.hasPrefix("PublicKey=") else { continue }
            let isPrivate = line.hasPrefix("PrivateKey=")
            let curveName = String(line.split(separator: "=")[1].split(separator: "_")[0])
            var block = ""
            while i < lines.count {
                block += lines[i] + "\n"
                i += 1
                if lines[i - 1].hasPrefix("-----END") { break }
            }
            do {
                if isPrivate {
                    let k = try PKCS8PrivateKeyInfo(pemString: block)
                    let c = try #require(Self.supported(curveName), "\(curveName) parsed but should be unsupported")
                    #expect(k.algorithm == .ecPublicKey(c))
                    let fixture = try PEMDocument(pemString: Vectors.text("keys/rfc6979/\(curveName.lowercased().replacingOccurrences(of: "-", with: ""))_pkcs8_private.pem"))
                    #expect(k.derEncoded() == fixture.derBytes)
                } else {
                    let k = try SubjectPublicKeyInfo(pemString: block)
                    let c = try #require(Self.supported(curveName), "\(curveName) parsed but should be unsupported")
                    #expect(k.algorithm == .ecPublicKey(c))
                    let fixture = try PEMDocument(pemString: Vectors.text("keys/rfc6979/\(curveName.lowercased().replacingOccurrences(of: "-", with: ""))_spki_public.pem"))
                    #expect(k.derEncoded() == fixture.derBytes)
                }
                parsed += 1
            } catch let e as DERError {
                #expect(Self.supported(curveName) == nil, "\(curveName): \(e)")
                #expect(e.code == .unsupportedCurve, "\(curveName): \(e)")
                unsupported += 1
            }
        }
        Vectors.report(Self.file + " (keys)", cases: parsed + unsupported, detail: "\(parsed) P-256/384/521 parsed, \(unsupported) other curves unsupported")
        #expect(parsed == 6)
        #expect(unsupported == 24)
    }

    @Test("every Output signature converts to raw r‖s and back to the same DER")
    func signatures() throws {
        let text = try Vectors.text(Self.file)
        var key = "", ran = 0, supportedCurves = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Key = ") { key = String(line.dropFirst(6).split(separator: "_")[0]) }
            guard line.hasPrefix("Output = ") else { continue }
            let der = hex(line.dropFirst(9))
            let n = try #require(Self.width(key), "no curve for \(line)")
            let raw = try ECDSASignatureValue.rawRepresentation(fromDER: der, scalarByteCount: n)
            #expect(try ECDSASignatureValue.derRepresentation(fromRaw: raw, scalarByteCount: n) == der, "\(key)")
            if let c = Self.supported(key) {
                #expect(c.scalarByteCount == n)
                supportedCurves += 1
            }
            ran += 1
        }
        Vectors.report(Self.file + " (signatures)", cases: ran, detail: "\(supportedCurves) on P-256/384/521")
        #expect(ran == 450)
        #expect(supportedCurves == 90)
    }
}
