import Testing
import TestSupport
import RSA
@testable import JOSE

/// A private RSA key is loaded with the caller's whole `RSAKeyOptions` — maximum size and ROCA setting included, not
/// a copy made from the minimum alone (issue 25 part 5) — from PEM (PKCS#1 and PKCS#8) and from JSON alike.
@Suite("private RSA keys take the caller's RSAKeyOptions")
struct PrivateKeyRSAOptionsTests {
    static func code(_ body: () throws -> Void) -> JWTError.Code? {
        do { try body(); return nil } catch let e as JWTError { return e.code } catch { return nil }
    }

    @Test("a maximum below the key's size refuses it in every form; the default loads it")
    func maximumIsKept() throws {
        let files = ["rsa/generated/rsa4096-pkcs1.pem", "rsa/generated/rsa4096-pkcs8.pem"]
        let at3072 = JWK.Options(rsa: RSAKeyOptions(maximumModulusBits: 3072))
        var ran = 0
        for f in files {
            let pem = try Vectors.text(f)
            let key = try JWKPrivateKey(pemRepresentation: pem)
            #expect(key.publicJWK?.modulusBitCount == 4096, "\(f)")
            #expect(Self.code { _ = try JWKPrivateKey(pemRepresentation: pem, options: at3072) } == .unsupportedKey, "\(f)")
            // The same key as a private JWK (all CRT members, then n/e/d only).
            let json = key.jsonString()
            #expect(Self.code { _ = try JWKPrivateKey(json: json, options: at3072) } == .unsupportedKey, "\(f) JSON")
            #expect(try JWKPrivateKey(json: json).publicJWK?.modulusBitCount == 4096, "\(f) JSON")
            ran += 1
            Vectors.report(f, cases: 1, detail: "refused above the caller's maximum, PEM and JSON")
        }
        #expect(ran == files.count)
    }
}
