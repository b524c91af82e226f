import Foundation
import Testing
import TestSupport
@testable import JoseCLI

private func parseObject(_ text: String) throws -> [String: String] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: String])
}

@Suite("jose jwk")
struct JWKCommandTests {
    @Test(arguments: [
        ("rsa.spki.pem", "rsa"), ("rsa.pkcs1.pem", "rsa"), ("rsa.spki.der", "rsa"), ("ec256.spki.pem", "ec256"),
        ("ec384.spki.pem", "ec384"), ("rsa.jwk.json", "rsa"),
    ])
    func publicKeyToJWK(file: String, key: String) throws {
        let run = jose(["jwk", Fixtures.path(file)])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.isEmpty)
        var jwk = try parseObject(run.out)
        // kid is the RFC 7638 thumbprint that Python computed; the rest is the key Python wrote.
        #expect(jwk.removeValue(forKey: "kid") == Fixtures.thumbprint(key))
        #expect(jwk == Fixtures.jwk(key))
    }

    @Test(arguments: [
        ("ec256.private.pem", "not a usable PEM public key"),
        ("garbage.pem", "not a usable PEM public key"),
        ("keys.jwks.json", "is a JWK Set"),
        ("empty.txt", "is empty"),
        ("missing.pem", "no such file"),
        ("random.bin", "neither PEM, DER nor a JWK"),
        ("generate.py", "not a usable PEM public key"),
        ("oct.jwk.json", "shared secret"),
    ])
    func badInput(file: String, message: String) {
        let run = jose(["jwk", Fixtures.path(file)])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines.count == 1)
        #expect(run.err.hasPrefix("jose jwk: "))
        #expect(run.err.contains(message), "\(run.err)")
    }

    @Test func usage() {
        #expect(jose(["jwk"]).status == 2)
        #expect(jose(["jwk", "a", "b"]).status == 2)
        #expect(jose(["jwk", "--kid", "x", Fixtures.path("rsa.spki.pem")]).errLines.count == 1)
    }
}

@Suite("jose pem")
struct PEMCommandTests {
    @Test(arguments: [
        (["rsa.jwk.json"], "rsa"), (["ec256.jwk.json"], "ec256"),
        (["keys.jwks.json", "--kid", "rsa-1"], "rsa"), (["keys.jwks.json", "--kid=ec-384"], "ec384"),
    ])
    func jwkToPEM(arguments: [String], key: String) {
        let run = jose(["pem", Fixtures.path(arguments[0])] + arguments.dropFirst())
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == Fixtures.spkiPEM(key))   // byte for byte what Python's cryptography writes
    }

    @Test(arguments: [
        (["keys.jwks.json"], "holds 3 keys; choose one with --kid"),
        (["keys.jwks.json", "--kid", "nope"], "no key with kid 'nope'"),
        (["oct.jwk.json"], "no PEM form"),
        (["hs.jwks.json", "--kid", "hs-1"], "no PEM form"),
        (["rsa.spki.pem"], "is not a JWK or JWK Set"),
        (["bad.jwk.json"], "not valid JSON"),
        (["rsa.jwk.json", "--kid", "x"], "--kid applies to a JWK Set"),
        (["rsa.jwk.json", "--x"], "unknown option '--x'"),
    ])
    func badInput(arguments: [String], message: String) {
        let run = jose(["pem", Fixtures.path(arguments[0])] + arguments.dropFirst())
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines.count == 1)
        #expect(run.err.hasPrefix("jose pem: "))
        #expect(run.err.contains(message), "\(run.err)")
    }
}

@Suite("jose thumbprint")
struct ThumbprintCommandTests {
    @Test(arguments: [
        (["rsa.spki.pem"], "rsa"), (["rsa.spki.der"], "rsa"), (["rsa.jwk.json"], "rsa"), (["ec256.spki.pem"], "ec256"),
        (["keys.jwks.json", "--kid", "ec-384"], "ec384"), (["oct.jwk.json"], "oct"), (["hs.jwks.json", "--kid", "hs-1"], "oct"),
    ])
    func thumbprints(arguments: [String], key: String) {
        let run = jose(["thumbprint", Fixtures.path(arguments[0])] + arguments.dropFirst())
        #expect(run.status == 0, "\(run.err)")
        #expect(run.outLines == [Fixtures.thumbprint(key)])
    }

    /// RFC 7638 §3.1: the example key's thumbprint, from the committed vector file.
    @Test func rfc7638Example() throws {
        let file = "rfc/7638/rfc7638_thumbprint.json"
        let vector = try #require(try JSONSerialization.jsonObject(with: Data(Vectors.bytes(file))) as? [String: Any])
        let jwk = try JSONSerialization.data(withJSONObject: try #require(vector["jwk"]))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jose-cli-rfc7638-\(getpid()).json")
        try jwk.write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let run = jose(["thumbprint", path.path])
        #expect(run.outLines == [try #require(vector["thumbprint_b64url"] as? String)])
        Vectors.report(file, cases: 1)
    }

    @Test func badInput() {
        let run = jose(["thumbprint", Fixtures.path("keys.jwks.json")])
        #expect(run.status == 2)
        #expect(run.errLines.count == 1)
        #expect(run.err.contains("choose one with --kid"))
        #expect(jose(["thumbprint"]).status == 2)
        #expect(jose(["thumbprint", Fixtures.path("garbage.pem")]).status == 2)
    }
}
