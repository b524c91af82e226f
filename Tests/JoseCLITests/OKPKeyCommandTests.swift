import Foundation
import Testing
import TestSupport
@testable import JoseCLI

/// `jose jwk`, `jose pem`, `jose thumbprint` and `jose verify` with Ed25519 (`OKP`, RFC 8037) keys. The key files are
/// pyca's Ed25519 fixtures in `Vectors/ed25519/keys/` — their public key is the RFC 8037 Appendix A key.
@Suite("jose with OKP keys")
struct OKPKeyCommandTests {
    static let x = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"
    /// RFC 8037 Appendix A.3.
    static let thumbprint = "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k"
    /// Made with Python `cryptography` 48 (Ed25519PrivateKey.from_private_bytes(RFC 8037 A.1 d).sign(signing
    /// input)); claims {"sub":"okp","exp":4102444800}; headers {"alg":"EdDSA","typ":"JWT"} and {"alg":"Ed25519",…}.
    static let eddsaToken = "eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJva3AiLCJleHAiOjQxMDI0NDQ4MDB9.nPOm92PQBpg-ZxvM7ImdZuwyAQ-FpMozYRINHcrYtEpFUdl5gWKDvxa953BFTTNadY59Em_q3trCM4VnJVWiDQ"
    static let ed25519Token = "eyJhbGciOiJFZDI1NTE5IiwidHlwIjoiSldUIn0.eyJzdWIiOiJva3AiLCJleHAiOjQxMDI0NDQ4MDB9.D_H1omLI4e0jKwI4YhItZbZGeY3xgk9_krZXq3SkPqoPCDsPakxeuGzoEdYb3_2g5HzHK5Mf1KvFNCWMFx89DA"

    func temporary(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("jose-okp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func pemAndDERToJWK() throws {
        for file in ["ed25519/keys/ed25519-pub.pem", "ed25519/keys/ed25519-pub.der"] {
            let run = jose(["jwk", Vectors.path(file)])
            #expect(run.status == 0, "\(file): \(run.err)")
            let jwk = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: String])
            #expect(jwk == ["kty": "OKP", "crv": "Ed25519", "x": Self.x, "kid": Self.thumbprint], "\(file)")
            #expect(jose(["thumbprint", Vectors.path(file)]).outLines == [Self.thumbprint])
            Vectors.report(file, cases: 1)
        }
    }

    @Test func refusedKeyFiles() {
        // RFC 8410 §4: the BIT STRING has no unused bits; a PKCS#8 private key is not a public key.
        for file in ["ed25519/keys/ed25519-pub-non-zero-unused-bits.der", "ed25519/keys/ed25519-pkcs8.der"] {
            let run = jose(["jwk", Vectors.path(file)])
            #expect(run.status == 2, "\(file): \(run.out)")
            #expect(run.out.isEmpty && !run.err.isEmpty)
            Vectors.report(file, cases: 1)
        }
    }

    @Test func jwkToPEMIsTheSPKI() throws {
        let path = try temporary("ed.jwk.json", #"{"kty":"OKP","crv":"Ed25519","x":"\#(Self.x)"}"#)
        let run = jose(["pem", path])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == (try Vectors.text("ed25519/keys/ed25519-pub.pem")))
        // X25519 has no signing use: refused, with the reason.
        let x25519 = try temporary("x.jwk.json", #"{"kty":"OKP","crv":"X25519","x":"\#(Self.x)"}"#)
        let bad = jose(["pem", x25519])
        #expect(bad.status == 2)
        #expect(bad.err.contains("X25519"), "\(bad.err)")
    }

    @Test func verifyEdDSAAndEd25519() throws {
        let key = Vectors.path("ed25519/keys/ed25519-pub.pem")
        for token in [Self.eddsaToken, Self.ed25519Token] {
            let run = jose(["verify", "--key", key, token])
            #expect(run.status == 0, "\(run.out)\(run.err)")
            #expect(run.outLines.first?.hasPrefix("valid") == true, "\(run.out)")
        }
        // The allow-list tells the two names apart.
        let only = jose(["verify", "--key", key, "--alg", "EdDSA", Self.ed25519Token])
        #expect(only.status == 1 && only.out.contains("algorithmNotAllowed"), "\(only.out)")
        // A changed payload does not verify.
        let parts = Self.eddsaToken.split(separator: ".")
        let tampered = parts[0] + ".eyJzdWIiOiJva3EiLCJleHAiOjQxMDI0NDQ4MDB9." + parts[2]
        let bad = jose(["verify", "--key", key, String(tampered)])
        #expect(bad.status == 1 && bad.out.contains("invalidSignature"), "\(bad.out)")
    }
}
