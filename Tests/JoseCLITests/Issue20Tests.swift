import Foundation
import Testing
@testable import JoseCLI

/// Issue 20 in the tool: `--allow-missing-exp`, and key refusals that name their rule.
@Suite("jose verify: --allow-missing-exp, key refusal reasons")
struct CLIIssue20Tests {
    static let hs = ["--jwks", Fixtures.path("hs.jwks.json"), "--now", "1800000000"]

    @Test func missingExpRefusedByDefault() {
        let run = jose(["verify"] + Self.hs + [Fixtures.token("HS256-no-exp")])
        #expect(run.status == 1)
        #expect(run.outLines == ["invalid: missingClaim: claim \"exp\" is required"])
    }

    @Test func allowMissingExpVerifies() {
        let token = Fixtures.token("HS256-no-exp")
        let run = jose(["verify", "--allow-missing-exp"] + Self.hs + [token])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.outLines == ["valid " + Fixtures.payloadText(token)])
        // A present exp is still checked with the flag.
        let expired = jose(["verify", "--allow-missing-exp"] + Self.hs + [Fixtures.token("HS256-expired")])
        #expect(expired.status == 1)
        #expect(expired.out.hasPrefix("invalid: expired: "))
        // The flag takes no value.
        #expect(jose(["verify", "--allow-missing-exp=yes"] + Self.hs + [token]).status == 2)
    }

    @Test func helpDocumentsTheFlagNextToLeeway() {
        let help = jose(["verify", "--help"]).out
        let lines = help.split(separator: "\n").map(String.init)
        let leeway = try? #require(lines.firstIndex { $0.contains("--leeway") })
        let flag = lines.firstIndex { $0.contains("--allow-missing-exp") }
        #expect(leeway != nil && flag == leeway.map { $0 + 1 })
    }

    /// The 19-byte secret of jwt.io's example ("your-256-bit-secret") given with --key: the verdict says why.
    @Test(arguments: [("HS256", "the oct key \"hs-1\" is 19 bytes; HS256 needs at least 32 (RFC 7518 §3.2)")])
    func shortSecretWithKeySaysWhy(token: String, reason: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jose-short-\(getpid()).jwk.json")
        let k = Data("your-256-bit-secret".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        try Data(#"{"kty":"oct","k":"\#(k)"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = jose(["verify", "--key", file.path, "--now", "1800000000", Fixtures.token(token)])
        #expect(run.status == 1)
        #expect(run.outLines == ["invalid: weakKey: " + reason], "\(run.out)")
    }
}
