import Foundation
import Testing
import TestSupport
@testable import JoseCLI

/// `jose jwk` and `jose thumbprint` on the committed key files of `Vectors/keys/` (see its MANIFEST.md).
@Suite("jose jwk on the vector key files")
struct VectorKeyTests {
    private func base64URL(hexString: String) -> String {
        Data(hex(hexString)).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// RFC 6979 A.2.5 and A.2.6 give the public points Ux, Uy of these keys: the JWK's x and y must be them.
    @Test func rfc6979PublicKeys() throws {
        let points = [
            ("keys/rfc6979/p256_spki_public.pem", "P-256",
             "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6",
             "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299"),
            ("keys/rfc6979/p384_spki_public.pem", "P-384",
             "EC3A4E415B4E19A4568618029F427FA5DA9A8BC4AE92E02E06AAE5286B300C64DEF8F0EA9055866064A254515480BC13",
             "8015D9B72D7D57244EA8EF9AC0C621896708A59367F9DFB9F54CA84B3F1C9DB1288B231C3AE0D4FE7344FD2533264720"),
        ]
        for (file, curve, x, y) in points {
            let run = jose(["jwk", Vectors.path(file)])
            #expect(run.status == 0, "\(file): \(run.err)")
            let jwk = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: String])
            #expect(jwk["kty"] == "EC")
            #expect(jwk["crv"] == curve)
            #expect(jwk["x"] == base64URL(hexString: x))
            #expect(jwk["y"] == base64URL(hexString: y))
            Vectors.report(file, cases: 1)
        }
    }

    /// The same key as PEM and as DER gives the same JWK; its thumbprint is the JWK's kid.
    @Test func pemAndDERAgree() throws {
        let pairs = [
            ("keys/pyca/PEM_Serialization/rsa_public_key.pem", "keys/pyca/DER_Serialization/rsa_public_key.der"),
            ("keys/pyca/PEM_Serialization/ec_public_key.pem", "keys/pyca/DER_Serialization/ec_public_key.der"),
        ]
        for (pem, der) in pairs {
            let a = jose(["jwk", Vectors.path(pem)]), b = jose(["jwk", Vectors.path(der)])
            #expect(a.status == 0 && b.status == 0, "\(a.err)\(b.err)")
            #expect(a.out == b.out)
            let kid = try #require(try JSONSerialization.jsonObject(with: Data(a.out.utf8)) as? [String: String])["kid"]
            #expect(jose(["thumbprint", Vectors.path(der)]).outLines == [kid])
            Vectors.report(pem, cases: 1)
            Vectors.report(der, cases: 1)
        }
    }

    /// Keys the tool refuses, each with one line naming why.
    @Test func refused() {
        let cases = [
            ("keys/pyca/public/PKCS1/rsa.pub.pem", "2048"),                          // RSA-1024: below the minimum
            ("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem", "private key"),
            ("keys/pyca/PEM_Serialization/ec_private_key.pem", "private key"),
            ("keys/rfc6979/p256_pkcs8_private.pem", "private key"),
            ("keys/pyca/DER_Serialization/testrsa.der", "neither PEM, DER nor a JWK"),
        ]
        for (file, message) in cases {
            let run = jose(["jwk", Vectors.path(file)])
            #expect(run.status == 2, "\(file): \(run.out)")
            #expect(run.out.isEmpty)
            #expect(run.errLines.count == 1)
            #expect(run.err.contains(message), "\(file): \(run.err)")
        }
        Vectors.report("keys/ (refused by jose jwk)", cases: cases.count)
        // Six until ES512: the RFC 6979 P-521 key now converts (see p521Converts).
        #expect(cases.count == 5)
    }

    /// RFC 6979 A.2.7's P-521 key converts; its thumbprint is the JWK's kid (66-byte coordinates).
    @Test func p521Converts() throws {
        let file = "keys/rfc6979/p521_spki_public.pem"
        let run = jose(["jwk", Vectors.path(file)])
        #expect(run.status == 0, "\(run.err)")
        let jwk = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: String])
        #expect(jwk["kty"] == "EC" && jwk["crv"] == "P-521")
        #expect(jwk["x"]?.count == 88 && jwk["y"]?.count == 88)   // 66 bytes in base64url
        #expect(jose(["thumbprint", Vectors.path(file)]).outLines == [jwk["kid"]!])
        Vectors.report(file, cases: 1)
    }
}
