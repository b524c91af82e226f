import Foundation
import Testing
import SHA2
@testable import JoseCLI

/// `jose verify --key` uses the one key whatever `kid` a token names, for every token of a batch.
@Suite("jose verify --key, any kid")
struct SingleKeyKidTests {
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// An HS256 token naming `kid`, signed with the secret of `oct.jwk.json`.
    static func token(kid: String) throws -> String {
        let k = try #require(Fixtures.json("oct.jwk.json")["k"] as? String)
        var b64 = k.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        b64 += String(repeating: "=", count: (4 - b64.count % 4) % 4)
        let secret = [UInt8](try #require(Data(base64Encoded: b64)))
        let header = #"{"alg":"HS256","kid":"\#(kid)"}"#
        let input = base64URL(Array(header.utf8)) + "." + base64URL(Array(#"{"exp":2000000000}"#.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: secret))
        return input + "." + base64URL(Array(mac))
    }

    /// "é" as one scalar and as e + combining acute are equal as Swift Strings but are different kids.
    @Test func canonicallyEquivalentKidsAreBothChecked() throws {
        let tokens = [try Self.token(kid: "\u{E9}"), try Self.token(kid: "e\u{301}"), try Self.token(kid: "\u{E9}")]
        let run = jose(["verify", "--key", Fixtures.path("oct.jwk.json"), "--now", "1800000000"], stdin: tokens)
        #expect(run.status == 0, "\(run.out)")
        #expect(run.outLines == Array(repeating: #"valid {"exp":2000000000}"#, count: 3))
    }

    /// More distinct kids than the tool keeps verifiers for: every token is still valid.
    @Test func manyDistinctKids() throws {
        let tokens = try (0..<70).map { try Self.token(kid: "key-\($0)") }
        let run = jose(["verify", "--key", Fixtures.path("oct.jwk.json"), "--now", "1800000000"], stdin: tokens)
        #expect(run.status == 0)
        #expect(run.outLines.count == 70)
        #expect(run.outLines.allSatisfy { $0 == #"valid {"exp":2000000000}"# })
    }
}
