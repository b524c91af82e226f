import Foundation
import Testing
import TestSupport
@testable import JoseCLI

/// A fresh empty directory for files a test writes.
func scratchDirectory(_ name: String) throws -> String {
    let dir = NSTemporaryDirectory() + "jose-sign-tests-\(name)-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

private func claimsOf(_ token: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.payloadText(token).utf8)) as? [String: Any])
}

@Suite("jose sign")
struct SignCommandTests {
    @Test(arguments: ["HS256", "HS384", "HS512"])
    func signThenVerifyWithAnOctKey(alg: String) throws {
        let dir = try scratchDirectory("oct")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let keyPath = dir + "/k.json"
        let gen = jose(["keygen", "--kty", "oct", "--bytes", "64", "--kid", "s1", "--out", keyPath])
        #expect(gen.status == 0, "\(gen.err)")
        let claims = dir + "/c.json"
        try #"{"sub":"user-ü","roles":["a","b"],"n":{"big":18446744073709551615}}"#.write(toFile: claims, atomically: true, encoding: .utf8)
        let run = jose(["sign", "--key", keyPath, "--alg", alg, "--exp", "600", claims])
        #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
        let token = run.out.trimmingCharacters(in: .newlines)
        #expect(run.outLines.count == 1)
        // iat = the command's clock, exp = iat + 600, and the claims kept in order after them.
        #expect(Fixtures.payloadText(token) == #"{"sub":"user-ü","roles":["a","b"],"n":{"big":18446744073709551615},"iat":\#(Fixtures.now),"exp":\#(Fixtures.now + 600)}"#)
        let verify = jose(["verify", "--key", keyPath, "--alg", alg, token])
        #expect(verify.status == 0, "\(verify.out) \(verify.err)")
        #expect(verify.out.hasPrefix("valid"))
    }

    @Test func optionsAndStandardInput() throws {
        let key = Fixtures.path("oct.jwk.json")
        let run = jose(["sign", "--key", key, "--alg", "HS256", "--kid", "k9", "--typ", "at+jwt", "--iat", "1000", "--exp", "60", "-"],
                       stdin: [#"{"iat": 5,"#, #" "scope": "x"}"#])
        #expect(run.status == 0, "\(run.err)")
        let token = run.out.trimmingCharacters(in: .newlines)
        #expect(Fixtures.payloadText(token) == #"{"iat":1000,"scope":"x","exp":1060}"#)
        let header = String(token.split(separator: ".")[0])
        #expect(header == Data(#"{"alg":"HS256","typ":"at+jwt","kid":"k9"}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: ""))
        // No claims file: {} plus iat.
        let bare = jose(["sign", "--key", key, "--alg", "HS256"])
        #expect(try claimsOf(bare.out.trimmingCharacters(in: .newlines)).count == 1)
    }

    @Test(arguments: [
        (["--alg", "HS256"], "--key FILE is required"),
        (["--key", "K"], "--alg is required"),
        (["--key", "K", "--alg", "none"], "unknown algorithm 'none'"),
        (["--key", "K", "--alg", "RS256"], "cannot sign RS256"),
        (["--key", "K", "--alg", "HS512"], "needs at least 64"),
        (["--key", "K", "--alg", "HS256", "--exp", "0"], "--exp must be a whole number from 1 to 253402300799"),
        (["--key", "K", "--alg", "HS256", "--iat", "x"], "whole number"),
        (["--key", "K", "--alg", "HS256", "a", "b"], "at most one claims file"),
        (["--key", "K", "--alg", "HS256", "CLAIMS-ARRAY"], "must be a JSON object"),
        (["--key", "K", "--alg", "HS256", "CLAIMS-BAD"], "not valid JSON"),
        (["--key", "PUBLIC", "--alg", "ES256"], "not a usable"),
        (["--key", "missing.pem", "--alg", "HS256"], "no such file"),
    ])
    func errors(arguments: [String], message: String) throws {
        let dir = try scratchDirectory("err")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "[1]".write(toFile: dir + "/arr.json", atomically: true, encoding: .utf8)
        try "{".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let args = arguments.map { a -> String in
            switch a {
            case "K": return Fixtures.path("oct.jwk.json")
            case "PUBLIC": return Fixtures.path("ec256.jwk.json")
            case "CLAIMS-ARRAY": return dir + "/arr.json"
            case "CLAIMS-BAD": return dir + "/bad.json"
            default: return a
            }
        }
        let run = jose(["sign"] + args)
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines.count == 1 && run.err.hasPrefix("jose sign: "))
        #expect(run.err.contains(message), "\(run.err)")
    }

    @Test func help() {
        for command in ["sign", "keygen"] {
            let run = jose([command, "--help"])
            #expect(run.status == 0 && run.out.hasPrefix("Usage: jose \(command)"))
            #expect(jose(["help", command]).out == run.out)
        }
        #expect(jose(["--help"]).out.contains("keygen"))
    }
}

@Suite("jose keygen")
struct KeygenCommandTests {
    @Test func octKeyFileIsPrivateAndNotOverwritten() throws {
        let dir = try scratchDirectory("keygen")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/secret.json"
        let run = jose(["keygen", "--kty", "oct", "--bytes", "48", "--out", path])
        #expect(run.status == 0 && run.out.isEmpty, "\(run.err)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let jwk = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: String])
        #expect(jwk["kty"] == "oct" && jwk["kid"] != nil)
        let k = try #require(jwk["k"])
        #expect(k.count == 64)  // 48 bytes of base64url
        let again = jose(["keygen", "--kty", "oct", "--bytes", "48", "--out", path])
        #expect(again.status == 2 && again.err.contains("already exists"))
        // Two keys differ.
        let a = jose(["keygen", "--kty", "oct", "--bytes", "32"]), b = jose(["keygen", "--kty", "oct", "--bytes", "32"])
        #expect(a.status == 0 && a.out != b.out)
    }

    @Test(arguments: [
        (["--kty", "DSA"], "--kty must be EC, OKP, RSA or oct"),
        ([] as [String], "--kty EC|OKP|RSA|oct is required"),
        (["--kty", "oct"], "needs --bytes"),
        (["--kty", "oct", "--bytes", "16"], "from 32 to 1024"),
        (["--kty", "oct", "--bytes", "32", "--pem"], "no PEM form"),
        (["--kty", "oct", "--bytes", "32", "--crv", "P-256"], "--crv does not apply"),
        (["--kty", "EC", "--crv", "P-192"], "--crv must be P-256, P-384 or P-521"),
        (["--kty", "EC", "--crv", "Ed25519"], "--crv must be P-256, P-384 or P-521"),
        (["--kty", "EC"], "needs --crv"),
        (["--kty", "OKP"], "--kty OKP needs --crv Ed25519"),
        (["--kty", "OKP", "--crv", "X25519"], "--crv Ed25519 only"),
        (["--kty", "OKP", "--crv", "P-521"], "--crv Ed25519 only"),
        (["--kty", "OKP", "--crv", "Ed25519", "--bits", "2048"], "--bits does not apply"),
        (["--kty", "RSA", "--bits", "1024"], "--bits must be 2048, 3072 or 4096"),
        (["--kty", "RSA", "--bits", "2048", "extra"], "unexpected argument"),
    ])
    func errors(arguments: [String], message: String) {
        let run = jose(["keygen"] + arguments)
        #expect(run.status == 2 && run.out.isEmpty)
        #expect(run.errLines.count == 1 && run.err.hasPrefix("jose keygen: "))
        #expect(run.err.contains(message), "\(run.err)")
    }
}

@Suite("jose sign, keygen and apple-secret with EC and RSA keys")
struct AsymmetricCommandTests {
    static func repoFile(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(relative).path
    }

    /// jose keygen → jose sign → jose verify, for every algorithm, with the private key as JWK and as PEM, and the
    /// public key from --public-out.
    @Test(arguments: [
        (["--kty", "EC", "--crv", "P-256"], ["ES256"]),
        (["--kty", "EC", "--crv", "P-384"], ["ES384"]),
        (["--kty", "EC", "--crv", "P-521"], ["ES512"]),
        (["--kty", "OKP", "--crv", "Ed25519"], ["EdDSA", "Ed25519"]),
        (["--kty", "RSA", "--bits", "2048"], ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512"]),
    ])
    func keygenSignVerify(keygen: [String], algs: [String]) throws {
        let dir = try scratchDirectory("asym")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for pem in [false, true] {
            let key = dir + (pem ? "/k.pem" : "/k.json"), pub = dir + (pem ? "/pub.pem" : "/pub.json")
            let gen = jose(["keygen"] + keygen + (pem ? ["--pem"] : []) + ["--kid", "kid-1", "--out", key, "--public-out", pub])
            #expect(gen.status == 0, "\(gen.err)")
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int)
            #expect(mode == 0o600)
            let text = try String(contentsOfFile: pub, encoding: .utf8)
            #expect(pem ? text.hasPrefix("-----BEGIN PUBLIC KEY-----") : !text.contains("\"d\""))
            if pem { #expect(try String(contentsOfFile: key, encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----")) }
            for alg in algs {
                let run = jose(["sign", "--key", key, "--alg", alg, "--exp", "60"])
                #expect(run.status == 0, "\(alg): \(run.err)")
                let token = run.out.trimmingCharacters(in: .newlines)
                let verify = jose(["verify", "--key", pub, "--alg", alg, token])
                #expect(verify.status == 0, "\(alg) pem=\(pem): \(verify.out)")
                // The wrong curve or family for this key is refused before signing.
                let other = alg.hasPrefix("ES") ? (alg == "ES256" ? "ES384" : "ES256") : "ES256"
                #expect(jose(["sign", "--key", key, "--alg", other]).status == 2)
            }
            try FileManager.default.removeItem(atPath: key)
            try FileManager.default.removeItem(atPath: pub)
        }
    }

    /// Ed25519 signing is deterministic (RFC 8032): the RFC 8037 A.1 key signs the same claims at the same iat to
    /// the same token, EdDSA and Ed25519 differ only by the header; a JWK whose d is not its x's is refused.
    @Test func okpKeyFromRFC8037() throws {
        let dir = try scratchDirectory("okp")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let key = dir + "/a1.json"
        try #"{"kty":"OKP","crv":"Ed25519","d":"nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#
            .write(toFile: key, atomically: true, encoding: .utf8)
        var tokens: [String] = []
        for alg in ["EdDSA", "EdDSA", "Ed25519"] {
            let run = jose(["sign", "--key", key, "--alg", alg, "--iat", "\(Fixtures.now)", "--exp", "600"])
            #expect(run.status == 0, "\(run.err)")
            tokens.append(run.out.trimmingCharacters(in: .newlines))
        }
        #expect(tokens[0] == tokens[1] && tokens[0] != tokens[2])
        #expect(tokens[0].hasPrefix(Data(#"{"alg":"EdDSA","typ":"JWT"}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "") + "."))
        #expect(tokens[2].hasPrefix(Data(#"{"alg":"Ed25519","typ":"JWT"}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "") + "."))
        let pub = dir + "/pub.json"
        try #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#.write(toFile: pub, atomically: true, encoding: .utf8)
        #expect(jose(["verify", "--key", pub, "--alg", "EdDSA", tokens[0]]).status == 0)
        #expect(jose(["verify", "--key", pub, "--alg", "Ed25519", tokens[2]]).status == 0)
        #expect(jose(["verify", "--key", pub, "--alg", "Ed25519", tokens[0]]).status != 0)
        // x of another key: refused with a clear message.
        let wrong = dir + "/wrong.json"
        try #"{"kty":"OKP","crv":"Ed25519","d":"nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A","x":"XsvhLZWI6D-Fe9AjcyUsA0_oGAF0kub8UsUFW5EH528"}"#
            .write(toFile: wrong, atomically: true, encoding: .utf8)
        let refused = jose(["sign", "--key", wrong, "--alg", "EdDSA"])
        #expect(refused.status == 2 && refused.errLines.count == 1 && refused.err.contains("is not the public key of"), "\(refused.err)")
    }

    @Test func appleSecret() throws {
        let p8 = Self.repoFile("Vectors/keys/generated/apple-style-AuthKey_TEST123456.p8")
        let run = jose(["apple-secret", "--p8", p8, "--team", "TEAM123456", "--client", "com.example.service", "--kid", "TEST123456",
                        "--days", "10"])
        #expect(run.status == 0, "\(run.err)")
        let token = run.out.trimmingCharacters(in: .newlines)
        #expect(Fixtures.payloadText(token) == #"{"iss":"TEAM123456","iat":\#(Fixtures.now),"exp":\#(Fixtures.now + 864_000),"aud":"https://appleid.apple.com","sub":"com.example.service"}"#)
        let verify = jose(["verify", "--key", Self.repoFile("Vectors/keys/generated/apple-style-AuthKey_TEST123456.pub.pem"),
                           "--iss", "TEAM123456", "--aud", "https://appleid.apple.com", token])
        #expect(verify.status == 0, "\(verify.out)")
        for (args, message) in [(["--days", "183"], "--days must be"), (["--days", "0"], "--days must be"),
                                (["--kid"], "needs a value")] as [([String], String)] {
            let bad = jose(["apple-secret", "--p8", p8, "--team", "T", "--client", "C", "--kid", "K"] + args)
            #expect(bad.status == 2 && bad.err.contains(message), "\(bad.err)")
        }
        let missing = jose(["apple-secret", "--p8", p8, "--team", "T", "--client", "C"])
        #expect(missing.status == 2 && missing.err.contains("--kid K is required"))
        let wrongKey = jose(["apple-secret", "--p8", Self.repoFile("Vectors/keys/generated/p384-sec1.pem"), "--team", "T", "--client", "C", "--kid", "K"])
        #expect(wrongKey.status == 2 && wrongKey.errLines.count == 1)
        #expect(jose(["apple-secret", "--help"]).out.hasPrefix("Usage: jose apple-secret"))
    }
}
