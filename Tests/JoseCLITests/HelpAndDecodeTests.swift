import Foundation
import Testing
@testable import JoseCLI

@Suite("jose --help and command dispatch")
struct HelpTests {
    @Test func toolHelpListsEveryCommand() {
        for form in [["--help"], ["-h"], ["help"]] {
            let run = jose(form)
            #expect(run.status == 0)
            #expect(run.err.isEmpty)
            for command in ["decode", "verify", "jwk", "pem", "thumbprint"] {
                #expect(run.out.contains("  \(command) "), "help lacks \(command)")
            }
        }
    }

    @Test(arguments: ["decode", "verify", "jwk", "pem", "thumbprint"])
    func everyCommandHasHelp(command: String) {
        for form in [[command, "--help"], [command, "-h"], ["help", command]] {
            let run = jose(form)
            #expect(run.status == 0)
            #expect(run.err.isEmpty)
            #expect(run.out.hasPrefix("Usage: jose \(command)"))
            #expect(run.out.contains("Exit status"))
        }
    }

    @Test func noArgumentsIsAUsageError() {
        let run = jose([])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.contains("Usage: jose <command>"))
    }

    @Test(arguments: [["frobnicate"], ["--bogus"], ["help", "frobnicate"]])
    func unknownCommandOrOption(arguments: [String]) {
        let run = jose(arguments)
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines.count == 1)
        #expect(run.err.hasPrefix("jose: unknown"))
    }
}

@Suite("jose decode")
struct DecodeTests {
    @Test func decodesHeaderAndClaimsAndSaysItDidNotVerify() throws {
        let token = Fixtures.token("RS256")
        let run = jose(["decode", token])
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        #expect(run.outLines.first?.contains("not verified") == true)
        #expect(run.out.contains("\"alg\": \"RS256\""))
        #expect(run.out.contains("\"kid\": \"rsa-1\""))
        #expect(run.out.contains("\"iss\": \"https://issuer.example\""))
        // NumericDates as UTC dates (reference values from Python's datetime).
        #expect(run.out.contains("2000000000  2033-05-18 03:33:20 UTC"))
        #expect(run.out.contains("1799999900  2027-01-15 07:58:20 UTC"))
        #expect(!run.out.contains("warning"))
        // The pretty claims are the token's own claims, member for member.
        let printed = try #require(run.out.range(of: "claims:\n")).upperBound
        let end = try #require(run.out.range(of: "\n}\n", range: printed..<run.out.endIndex)).upperBound
        let claims = try JSONSerialization.jsonObject(with: Data(run.out[printed..<end].utf8)) as? NSDictionary
        let original = try JSONSerialization.jsonObject(with: Data(Fixtures.payloadText(token).utf8)) as? NSDictionary
        #expect(claims == original)
    }

    @Test func warnsWhenExpired() {
        let run = jose(["decode", Fixtures.token("RS256-expired"), "--now", "1800000000"])
        #expect(run.status == 0)
        #expect(run.out.contains("warning: expired at 2027-01-15 07:00:00 UTC (now 2027-01-15 08:00:00 UTC)"))
    }

    @Test func warnsWhenNotYetValid() {
        let run = jose(["decode", "--now=1800000000", Fixtures.token("RS256-not-yet")])
        #expect(run.status == 0)
        #expect(run.out.contains("warning: not valid before 2027-01-15 09:00:00 UTC"))
    }

    @Test func expiryFollowsTheClock() {
        // Valid token (exp 2000000000) read after its expiry.
        let run = jose(["decode", Fixtures.token("ES256")], clock: 2_000_000_000)
        #expect(run.out.contains("warning: expired at 2033-05-18 03:33:20 UTC"))
    }

    @Test func numericDatesThatAreFractionsOrNotNumbers() {
        // An unsigned token written here: decode does not look at the signature.
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let token = part(#"{"alg":"HS256"}"#) + "." + part(#"{"exp":1.5e9,"nbf":"soon","iat":2000000000.75}"#) + ".AAAA"
        let run = jose(["decode", token])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("exp       1.5e9  2017-07-14 02:40:00 UTC"))
        #expect(run.out.contains("nbf       \"soon\"  not a NumericDate"))
        #expect(run.out.contains("iat       2000000000.75  2033-05-18 03:33:20 UTC"))
        #expect(run.out.contains("warning: expired at 2017-07-14 02:40:00 UTC"))
    }

    @Test func readsTheTokenFromStandardInputWithDash() {
        let run = jose(["decode", "-"], stdin: [Fixtures.token("HS256") + "\r"])
        #expect(run.status == 0)
        #expect(run.out.contains("\"alg\": \"HS256\""))
    }

    @Test(arguments: [
        (["decode"], "give one TOKEN"),
        (["decode", "a.b.c", "d.e.f"], "exactly one TOKEN"),
        (["decode", "not-a-token"], "not a decodable token"),
        (["decode", "eyJhbGciOiJIUzI1NiJ9.e30"], "not a decodable token"),
        (["decode", "!!!.???.###"], "not a decodable token"),
        (["decode", "--now", "soon", "a.b.c"], "whole number"),
        (["decode", "--color", "a.b.c"], "unknown option '--color'"),
        (["decode", "-"], "no token on standard input"),
    ])
    func badInput(arguments: [String], message: String) {
        let run = jose(arguments)
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines.count == 1)
        #expect(run.err.hasPrefix("jose decode: "))
        #expect(run.err.contains(message), "\(run.err)")
    }
}

@Suite("Formatting helpers")
struct FormattingTests {
    @Test func utcDates() {
        // Reference values from Python's datetime.fromtimestamp(t, UTC).
        #expect(UTCDate.format(0) == "1970-01-01 00:00:00 UTC")
        #expect(UTCDate.format(-1) == "1969-12-31 23:59:59 UTC")
        #expect(UTCDate.format(951_782_400) == "2000-02-29 00:00:00 UTC")
        #expect(UTCDate.format(2_000_000_000) == "2033-05-18 03:33:20 UTC")
        #expect(UTCDate.format(1_796_400_000) == "2026-12-04 16:00:00 UTC")
        // Extremes do not trap.
        #expect(UTCDate.format(Int64.max).hasSuffix("UTC"))
        #expect(UTCDate.format(Int64.min).hasSuffix("UTC"))
    }

    @Test func jsonText() {
        let value = JSONText.object([
            ("s", .string("a\"b\\c\n\u{1}é")), ("n", .number("1.5e3")), ("a", .array([.null, .bool(true)])),
            ("o", .object([])),
        ])
        #expect(value.compact == #"{"s":"a\"b\\c\n\u0001é","n":1.5e3,"a":[null,true],"o":{}}"#)
        #expect(value.pretty == "{\n  \"s\": \"a\\\"b\\\\c\\n\\u0001é\",\n  \"n\": 1.5e3,\n  \"a\": [\n    null,\n    true\n  ],\n  \"o\": {}\n}")
    }

    @Test func argumentParsing() throws {
        let parsed = try ParsedArguments(["--alg", "RS256", "--alg=ES256", "x", "--", "--y"], command: "t",
                                         valued: ["--alg"], repeatable: ["--alg"])
        #expect(parsed.allValues("--alg") == ["RS256", "ES256"])
        #expect(parsed.operands == ["x", "--y"])
        #expect(throws: CLIFailure.self) { try ParsedArguments(["--k", "a", "--k", "b"], command: "t", valued: ["--k"]) }
        #expect(throws: CLIFailure.self) { try ParsedArguments(["--k"], command: "t", valued: ["--k"]) }
        #expect(throws: CLIFailure.self) { try ParsedArguments(["--help=1"], command: "t", valued: []) }
    }
}
