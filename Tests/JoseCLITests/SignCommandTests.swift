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
        (["--key", "K", "--alg", "HS256", "--exp", "0"], "--exp needs a positive"),
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
        (["--kty", "DSA"], "--kty must be EC, RSA or oct"),
        ([] as [String], "--kty EC|RSA|oct is required"),
        (["--kty", "oct"], "needs --bytes"),
        (["--kty", "oct", "--bytes", "16"], "from 32 to 1024"),
        (["--kty", "oct", "--bytes", "32", "--pem"], "no PEM form"),
        (["--kty", "oct", "--bytes", "32", "--crv", "P-256"], "--crv does not apply"),
        (["--kty", "EC", "--crv", "P-521"], "--crv must be P-256 or P-384"),
        (["--kty", "EC"], "needs --crv"),
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
