import Foundation
import Testing
@testable import JoseCLI

/// `jose verify` refuses a token without `exp` unless `--allow-missing-exp` is given, and key refusals name their rule.
@Suite("jose verify: --allow-missing-exp, key refusal reasons")
struct CLIMissingExpAndKeyReasonTests {
    static let hs = ["--jwks", Fixtures.path("hs.jwks.json"), "--now", "1800000000"]

    /// An HS256 token without exp and its 32-byte key ("PureJOSE --allow-missing-exp key"), made with Python's
    /// hmac module: header {"alg":"HS256","typ":"JWT"}, claims {"sub":"no-exp","iat":1799999900}.
    static let noExpToken = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJuby1leHAiLCJpYXQiOjE3OTk5OTk5MDB9.ZkjzXgQ7ogcCtKsjxt0PfSyvCY43Rd2fO-qjZmaBWNQ"

    static func withKeyFile(_ k: String, _ body: (String) throws -> Void) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jose-\(UUID().uuidString).jwk.json")
        try Data(#"{"kty":"oct","k":"\#(k)"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try body(file.path)
    }

    @Test func missingExpRefusedByDefault() throws {
        try Self.withKeyFile("UHVyZUpPU0UgLS1hbGxvdy1taXNzaW5nLWV4cCBrZXk") { key in
            let run = jose(["verify", "--key", key, "--now", "1800000000", Self.noExpToken])
            #expect(run.status == 1)
            #expect(run.outLines == ["invalid: missingClaim: claim \"exp\" is required"])
        }
    }

    @Test func allowMissingExpVerifies() throws {
        try Self.withKeyFile("UHVyZUpPU0UgLS1hbGxvdy1taXNzaW5nLWV4cCBrZXk") { key in
            let run = jose(["verify", "--allow-missing-exp", "--key", key, "--now", "1800000000", Self.noExpToken])
            #expect(run.status == 0, "\(run.out)\(run.err)")
            #expect(run.outLines == [#"valid {"sub":"no-exp","iat":1799999900}"#])
            // The flag takes no value.
            #expect(jose(["verify", "--allow-missing-exp=yes", "--key", key, Self.noExpToken]).status == 2)
        }
        // A present exp is still checked with the flag.
        let expired = jose(["verify", "--allow-missing-exp"] + Self.hs + [Fixtures.token("HS256-expired")])
        #expect(expired.status == 1)
        #expect(expired.out.hasPrefix("invalid: expired: "))
    }

    @Test func helpDocumentsTheFlagNextToLeeway() {
        let help = jose(["verify", "--help"]).out
        let lines = help.split(separator: "\n").map(String.init)
        let leeway = lines.firstIndex { $0.contains("--leeway") }
        let flag = lines.firstIndex { $0.contains("--allow-missing-exp") }
        #expect(leeway != nil && flag == leeway.map { $0 + 1 })
    }

    /// The 19-byte secret of jwt.io's example ("your-256-bit-secret") given with --key: the verdict says why.
    @Test(arguments: [("HS256", "the oct key \"hs-1\" is 19 bytes; HS256 needs at least 32 (RFC 7518 §3.2)")])
    func shortSecretWithKeySaysWhy(token: String, reason: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jose-short-\(UUID().uuidString).jwk.json")
        let k = Data("your-256-bit-secret".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        try Data(#"{"kty":"oct","k":"\#(k)"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = jose(["verify", "--key", file.path, "--now", "1800000000", Fixtures.token(token)])
        #expect(run.status == 1)
        #expect(run.outLines == ["invalid: weakKey: " + reason], "\(run.out)")
    }
}
