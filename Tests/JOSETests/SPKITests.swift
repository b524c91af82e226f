import Foundation
import Testing
import TestSupport
import PureX509
@testable import JOSE

/// JWK ⟷ SubjectPublicKeyInfo DER/PEM, on pyca's key fixtures. The expected RFC 7638 thumbprints were computed
/// with Python `cryptography` (an independent implementation) from the same files.
@Suite("JWK and SPKI DER/PEM")
struct SPKITests {
    @Test func pycaKeys() throws {
        let cases: [(pem: String, der: String, thumbprint: String)] = [
            ("keys/pyca/PEM_Serialization/rsa_public_key.pem", "keys/pyca/DER_Serialization/rsa_public_key.der",
             "x31vrbZceU2qOPLtrUwPkLa3PNakMn9tOsq_ntFVrJc"),
            ("keys/pyca/PEM_Serialization/ec_public_key.pem", "keys/pyca/DER_Serialization/ec_public_key.der",
             "4-fJay8H_HAfmamEW0XXhtF9oGvtmk5SUu1g8d8CDDM"),
        ]
        for c in cases {
            let fromPEM = try JWK(pemRepresentation: try Vectors.text(c.pem))
            let der = try Vectors.bytes(c.der)
            let fromDER = try JWK(derRepresentation: der)
            #expect(fromPEM.thumbprintBase64URL == c.thumbprint, "\(c.pem)")
            #expect(fromDER.thumbprintBase64URL == c.thumbprint, "\(c.der)")
            // Writing the SPKI back gives the file's DER byte for byte, and the PEM reads back to the same key.
            #expect(try fromPEM.derRepresentation() == der)
            #expect(try JWK(pemRepresentation: try fromPEM.pemRepresentation()).thumbprint == fromPEM.thumbprint)
            // And through JWK JSON.
            #expect(try JWK(json: fromDER.jsonString()).derRepresentation() == der)
            // The JWK wraps the package's one public-key type: the key PureX509 makes from the same SPKI is the same
            // key, and a JWK around it is the same JWK.
            let key = try Certificate.PublicKey(derEncoded: der)
            #expect(key.derRepresentation == der && fromDER.publicKey?.derRepresentation == der)
            #expect(try JWK(publicKey: key).thumbprintBase64URL == c.thumbprint)
        }
        Vectors.report("keys/pyca (SPKI PEM/DER)", cases: cases.count * 2)
    }

    @Test func pkcs1RSAPublicKey() throws {
        // pyca's PKCS#1 fixture is a 1024-bit key: refused by default, loaded when 1024 is allowed.
        T.expectCode(.unsupportedKey) { _ = try JWK(pemRepresentation: try Vectors.text("keys/pyca/public/PKCS1/rsa.pub.pem")) }
        let legacy = JWK.Options(minimumRSAModulusBits: 1024)
        let pem = try JWK(pemRepresentation: try Vectors.text("keys/pyca/public/PKCS1/rsa.pub.pem"), options: legacy)
        let der = try JWK(derRepresentation: try Vectors.bytes("keys/pyca/public/PKCS1/rsa.pub.der"), options: legacy)
        #expect(pem.keyType == .rsa && pem.modulusBitCount == 1024 && pem.thumbprint == der.thumbprint)
    }

    @Test func refusals() throws {
        T.expectCode(.privateKeyMaterial) {
            _ = try JWK(pemRepresentation: try Vectors.text("keys/pyca/PEM_Serialization/ec_private_key.pem"))
        }
        T.expectCode(.unsupportedKey) { _ = try JWK(symmetricKey: Array(repeating: UInt8(1), count: 32)).derRepresentation() }
        T.expectCode(.invalidKey) { _ = try JWK(derRepresentation: [0x30, 0x03, 0x02, 0x01, 0x01]) }
        T.expectCode(.invalidKey) { _ = try JWK(pemRepresentation: "not a pem") }
        // A P-521 SPKI loads (RFC 6979 A.2.7's key, 66-byte coordinates) and is written back byte for byte.
        let p521PEM = try Vectors.text("keys/rfc6979/p521_spki_public.pem")
        let p521 = try JWK(pemRepresentation: p521PEM)
        #expect(p521.curve == .p521 && p521.x?.count == 66 && p521.y?.count == 66)
        #expect(try JWK(derRepresentation: try p521.derRepresentation()).thumbprint == p521.thumbprint)
        let body = p521PEM.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        #expect(try p521.derRepresentation() == [UInt8](try #require(Data(base64Encoded: body))))
    }
}
