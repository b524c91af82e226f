import Foundation
import Testing
@testable import JoseCLI

private let now = ["--now", "1800000000"]
private let jwks = ["--jwks", Fixtures.path("keys.jwks.json")]
/// HMAC keys live in their own set: PureJOSE refuses a set mixing shared secrets and public keys.
private let hsJWKS = ["--jwks", Fixtures.path("hs.jwks.json")]
private func keySet(for token: String) -> [String] { token.hasPrefix("HS") ? hsJWKS : jwks }

@Suite("jose verify, one token")
struct VerifyTokenTests {
    @Test(arguments: ["RS256", "PS256", "ES256", "ES384", "HS256", "RS256-no-kid", "ES256-no-kid"])
    func validWithTheKeySet(name: String) {
        let token = Fixtures.token(name)
        let run = jose(["verify"] + keySet(for: name) + now + [token])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.err.isEmpty)
        // `valid` and the claims as compact JSON: exactly the signer's compact payload.
        #expect(run.outLines == ["valid " + Fixtures.payloadText(token)])
    }

    @Test(arguments: [
        ("RS256", "rsa.spki.pem"), ("RS256", "rsa.pkcs1.pem"), ("RS256", "rsa.spki.der"), ("RS256", "rsa.jwk.json"),
        ("PS256", "rsa.spki.pem"), ("RS256-no-kid", "rsa.spki.pem"), ("ES256", "ec256.spki.pem"),
        ("ES256", "ec256.jwk.json"), ("ES384", "ec384.spki.pem"), ("HS256", "oct.jwk.json"),
    ])
    func validWithASingleKey(name: String, keyFile: String) {
        let run = jose(["verify", "--key", Fixtures.path(keyFile)] + now + [Fixtures.token(name)])
        #expect(run.status == 0, "\(name) with \(keyFile): \(run.out)\(run.err)")
        #expect(run.out.hasPrefix("valid {"))
    }

    @Test(arguments: [
        ("RS256-tampered", [String](), "invalidSignature"),
        ("ES256-other-key", [], "invalidSignature"),
        ("RS256-expired", [], "expired"),
        ("RS256-not-yet", [], "notYetValid"),
        ("HS256-tampered", [], "invalidSignature"),
        ("HS256-expired", [], "expired"),
        ("HS256-not-yet", [], "notYetValid"),
        ("HS256", ["--iss", "https://evil.example"], "issuerMismatch"),
        ("HS256", ["--aud", "com.example.other"], "audienceMismatch"),
        ("HS256", ["--nonce", "another"], "nonceMismatch"),
        ("HS256", ["--alg", "HS384", "--alg", "HS512"], "algorithmNotAllowed"),
        ("RS256", ["--alg", "ES256", "--alg", "PS256"], "algorithmNotAllowed"),
    ])
    func invalid(name: String, options: [String], errorCase: String) {
        let run = jose(["verify"] + keySet(for: name) + now + options + [Fixtures.token(name)])
        #expect(run.status == 1, "\(run.out)\(run.err)")
        #expect(run.err.isEmpty)
        #expect(run.outLines.count == 1)
        #expect(run.out.hasPrefix("invalid: \(errorCase): "), "\(run.out)")
    }

    @Test func hmacTokensAgainstPublicKeysAndTheReverse() {
        // An HS256 token never verifies with a public key set, nor an RS256 token with an HMAC set.
        let hs = jose(["verify"] + jwks + now + [Fixtures.token("HS256")])
        #expect(hs.status == 1)
        #expect(hs.out.hasPrefix("invalid: "))
        let rs = jose(["verify"] + hsJWKS + now + [Fixtures.token("RS256")])
        #expect(rs.status == 1)
        #expect(rs.out.hasPrefix("invalid: "))
    }

    @Test func wrongKeyFileGivesInvalid() {
        let run = jose(["verify", "--key", Fixtures.path("other.spki.pem")] + now + [Fixtures.token("ES256")])
        #expect(run.status == 1)
        #expect(run.out.hasPrefix("invalid: "))
    }

    @Test func claimChecksThatHold() {
        let facts = Fixtures.facts
        let options = ["--iss", facts["iss"] as! String, "--aud", facts["aud"] as! String,
                       "--nonce", facts["nonce"] as! String]
        for name in ["HS256", "RS256"] {
            let run = jose(["verify"] + keySet(for: name) + now + options + ["--alg", name, Fixtures.token(name)])
            #expect(run.status == 0, "\(run.out)")
        }
    }

    @Test func leewayAndClock() {
        // Expired an hour before 1800000000 (and issued 100 s before it): valid with 3600 s of leeway only.
        let expired = Fixtures.token("HS256-expired")
        #expect(jose(["verify"] + hsJWKS + now + ["--leeway", "3601", expired]).status == 0)
        #expect(jose(["verify"] + hsJWKS + now + ["--leeway", "3599", expired]).status == 1)
        // A token valid until 2000000000: --now, or else the clock, decides.
        let good = Fixtures.token("HS256")
        #expect(jose(["verify"] + hsJWKS + ["--now", "1999999999", good]).status == 0)
        #expect(jose(["verify"] + hsJWKS + ["--now", "2000000000", good]).out.hasPrefix("invalid: expired: "))
        #expect(jose(["verify"] + hsJWKS + [good], clock: 1_999_999_999).status == 0)
        #expect(jose(["verify"] + hsJWKS + [good], clock: 2_000_000_001).status == 1)
        // Issued 100 s after this --now: issued in the future.
        #expect(jose(["verify"] + hsJWKS + ["--now", "1799999000", good]).out.hasPrefix("invalid: issuedInFuture: "))
    }
}

@Suite("jose verify, tokens on standard input")
struct VerifyBatchTests {
    /// The acceptance case: good, tampered, good → exactly three verdicts in order, exit 1.
    @Test(arguments: ["HS256", "RS256"])
    func threeLines(alg: String) {
        let good = Fixtures.token(alg), tampered = Fixtures.token(alg + "-tampered")
        let run = jose(["verify"] + keySet(for: alg) + now, stdin: [good, tampered, good])
        #expect(run.status == 1)
        #expect(run.err.isEmpty)
        let lines = run.outLines
        #expect(lines.count == 3)
        #expect(lines[0] == "valid " + Fixtures.payloadText(good))
        #expect(lines[1].hasPrefix("invalid: invalidSignature: "))
        #expect(lines[2] == lines[0])
    }

    @Test func everyTokenValidExitsZero() {
        let hs = jose(["verify"] + hsJWKS + now, stdin: Array(repeating: Fixtures.token("HS256"), count: 3))
        #expect(hs.status == 0)
        #expect(hs.outLines.count == 3)

        let names = ["RS256", "PS256", "ES256", "ES384", "RS256-no-kid"]
        let run = jose(["verify"] + jwks + now + ["-"], stdin: names.map(Fixtures.token))
        #expect(run.status == 0)
        #expect(run.outLines.count == names.count)
        #expect(run.outLines.allSatisfy { $0.hasPrefix("valid {") })
    }

    @Test func oneVerdictPerTokenInOrderBlankLinesSkipped() {
        let t = Fixtures.token
        let input = [t("HS256") + " \r", t("HS256-expired"), "", "  ", t("HS256"), "x.y.z", t("HS256-tampered"),
                     "\t" + t("HS256")]
        let run = jose(["verify"] + hsJWKS + now, stdin: input)
        #expect(run.status == 1)
        let lines = run.outLines
        #expect(lines.count == 6)
        let verdicts = lines.map { $0.hasPrefix("valid ") }
        #expect(verdicts == [true, false, true, false, false, true])
        #expect(lines[1].hasPrefix("invalid: expired: "))
    }

    /// Hostile header text (a kid with line breaks and an escape character) never breaks the one-line verdict.
    @Test func verdictsStayOneLine() {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let hostile = part(#"{"alg":"HS256","kid":"a\nb\r\u001b[31mc\u2028"}"#) + "." + part(#"{"exp":2000000000}"#) + ".AAAA"
        let run = jose(["verify"] + hsJWKS + now, stdin: [hostile, Fixtures.token("HS256")])
        #expect(run.status == 1)
        #expect(run.outLines.count == 2)
        #expect(run.outLines.first?.hasPrefix("invalid: ") == true)
        #expect(run.out.unicodeScalars.allSatisfy { $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F) })
    }

    /// A 1 MB line is one invalid verdict (the size limit), and the next token is still checked.
    @Test func hugeLine() {
        let huge = String(repeating: "A", count: 500_000) + "." + String(repeating: "B", count: 500_000) + ".C"
        let run = jose(["verify"] + hsJWKS + now, stdin: [huge, Fixtures.token("HS256")])
        #expect(run.status == 1)
        #expect(run.outLines.count == 2)
        #expect(run.outLines.first?.hasPrefix("invalid: limitExceeded: ") == true, "\(run.outLines.first ?? "")")
        #expect(run.outLines.last?.hasPrefix("valid {") == true)
    }

    @Test func noTokenIsAUsageError() {
        let run = jose(["verify"] + jwks + now, stdin: ["", "   "])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines.count == 1)
    }
}

@Suite("jose verify, bad input")
struct VerifyBadInputTests {
    static let cases: [([String], String)] = [
        ([Fixtures.token("RS256")], "give the keys with --jwks FILE or --key FILE"),
        (["--jwks", Fixtures.path("keys.jwks.json"), "--key", Fixtures.path("rsa.spki.pem")], "either --jwks or --key"),
        (["--jwks", Fixtures.path("missing.json")], "no such file"),
        (["--jwks", Fixtures.directory], "is a directory"),
        (["--jwks", Fixtures.path("empty.txt")], "is empty"),
        (["--jwks", Fixtures.path("bad.jwk.json")], "not a usable JWK Set"),
        (["--jwks", Fixtures.path("mixed.jwks.json")], "not a usable JWK Set"),
        (["--jwks", Fixtures.path("rsa.jwk.json")], "not a usable JWK Set"),
        (["--jwks", Fixtures.path("rsa.spki.pem")], "not a usable JWK Set"),
        (["--key", Fixtures.path("garbage.pem")], "not a usable PEM public key"),
        (["--key", Fixtures.path("bad.jwk.json")], "not valid JSON"),
        (["--key", Fixtures.path("unknown-kty.jwk.json")], "not a usable JWK"),
        (["--key", Fixtures.path("ec256.private.pem")], "not a usable PEM public key"),
        (["--key", Fixtures.path("keys.jwks.json")], "is a JWK Set"),
        (["--key", Fixtures.path("random.bin")], "neither PEM, DER nor a JWK"),
        (["--jwks"], "needs a value"),
        (["--jwks", Fixtures.path("keys.jwks.json"), "--alg", "none"], "unknown algorithm 'none'"),
        (["--jwks", Fixtures.path("keys.jwks.json"), "--now", "yesterday"], "whole number"),
        (["--jwks", Fixtures.path("keys.jwks.json"), "--leeway", "-5"], "--leeway"),
        (["--jwks", Fixtures.path("keys.jwks.json"), "--iss", "a", "--iss", "b"], "more than once"),
        (["--jwks", Fixtures.path("keys.jwks.json"), "--audience", "x"], "unknown option '--audience'"),
        (["--jwks", Fixtures.path("keys.jwks.json"), "a.b.c", "d.e.f"], "at most one TOKEN"),
    ]

    @Test(arguments: cases)
    func oneLineAndExitTwo(arguments: [String], message: String) {
        // Standard input holds a valid token: a usage error must win before any verdict is printed.
        let run = jose(["verify"] + arguments, stdin: [Fixtures.token("RS256")])
        #expect(run.status == 2, "\(arguments): \(run.out)\(run.err)")
        #expect(run.out.isEmpty)
        #expect(run.errLines.count == 1)
        #expect(run.err.hasPrefix("jose verify: "))
        #expect(run.err.contains(message), "\(run.err)")
    }
}
