import Foundation
import Testing
@testable import JoseCLI

private let now = ["--now", "1800000000"]
private let jwks = ["--jwks", Fixtures.path("keys.jwks.json")]

@Suite("jose verify, one token")
struct VerifyTokenTests {
    @Test(arguments: ["RS256", "PS256", "ES256", "ES384", "HS256", "RS256-no-kid", "ES256-no-kid"])
    func validWithTheKeySet(name: String) {
        let token = Fixtures.token(name)
        let run = jose(["verify"] + jwks + now + [token])
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
        ("RS256", ["--iss", "https://evil.example"], "issuerMismatch"),
        ("RS256", ["--aud", "com.example.other"], "audienceMismatch"),
        ("RS256", ["--nonce", "another"], "nonceMismatch"),
        ("RS256", ["--alg", "ES256", "--alg", "PS256"], "algorithmNotAllowed"),
    ])
    func invalid(name: String, options: [String], errorCase: String) {
        let run = jose(["verify"] + jwks + now + options + [Fixtures.token(name)])
        #expect(run.status == 1, "\(run.out)\(run.err)")
        #expect(run.err.isEmpty)
        #expect(run.outLines.count == 1)
        #expect(run.out.hasPrefix("invalid: \(errorCase): "), "\(run.out)")
    }

    @Test func wrongKeyFileGivesInvalid() {
        let run = jose(["verify", "--key", Fixtures.path("other.spki.pem")] + now + [Fixtures.token("ES256")])
        #expect(run.status == 1)
        #expect(run.out.hasPrefix("invalid: "))
    }

    @Test func claimChecksThatHold() {
        let facts = Fixtures.facts
        let options = ["--iss", facts["iss"] as! String, "--aud", facts["aud"] as! String,
                       "--nonce", facts["nonce"] as! String, "--alg", "RS256"]
        let run = jose(["verify"] + jwks + now + options + [Fixtures.token("RS256")])
        #expect(run.status == 0, "\(run.out)")
    }

    @Test func leewayAndClock() {
        // Expired an hour before 1800000000: valid with 3600 s of leeway, and at an earlier --now.
        let expired = Fixtures.token("RS256-expired")
        #expect(jose(["verify"] + jwks + now + ["--leeway", "3601", expired]).status == 0)
        #expect(jose(["verify"] + jwks + ["--now", "1799990000", expired]).status == 0)
        #expect(jose(["verify"] + jwks + [expired], clock: 1_799_990_000).status == 0)
        #expect(jose(["verify"] + jwks + [expired], clock: 1_800_000_000).status == 1)
    }
}

@Suite("jose verify, tokens on standard input")
struct VerifyBatchTests {
    /// The acceptance case: good, tampered, good → exactly three verdicts in order, exit 1.
    @Test func threeLines() {
        let good = Fixtures.token("RS256"), tampered = Fixtures.token("RS256-tampered")
        let run = jose(["verify"] + jwks + now, stdin: [good, tampered, good])
        #expect(run.status == 1)
        #expect(run.err.isEmpty)
        let lines = run.outLines
        #expect(lines.count == 3)
        #expect(lines[0] == "valid " + Fixtures.payloadText(good))
        #expect(lines[1].hasPrefix("invalid: invalidSignature: "))
        #expect(lines[2] == lines[0])
    }

    @Test func everyTokenValidExitsZero() {
        let names = ["RS256", "PS256", "ES256", "ES384", "HS256"]
        let run = jose(["verify"] + jwks + now + ["-"], stdin: names.map(Fixtures.token))
        #expect(run.status == 0)
        #expect(run.outLines.count == names.count)
        #expect(run.outLines.allSatisfy { $0.hasPrefix("valid {") })
    }

    @Test func oneVerdictPerTokenInOrderBlankLinesSkipped() {
        let t = Fixtures.token
        let input = [t("ES256") + " \r", t("RS256-expired"), "", "  ", t("HS256"), "x.y.z", t("ES256-other-key"),
                     "\t" + t("PS256")]
        let run = jose(["verify"] + jwks + now, stdin: input)
        #expect(run.status == 1)
        let lines = run.outLines
        #expect(lines.count == 6)
        let verdicts = lines.map { $0.hasPrefix("valid ") }
        #expect(verdicts == [true, false, true, false, false, true])
        #expect(lines[1].hasPrefix("invalid: expired: "))
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
        (["--jwks", Fixtures.path("rsa.spki.pem")], "not a usable JWK Set"),
        (["--key", Fixtures.path("garbage.pem")], "not a usable PEM public key"),
        (["--key", Fixtures.path("bad.jwk.json")], "not valid JSON"),
        (["--key", Fixtures.path("unknown-kty.jwk.json")], "not a usable JWK"),
        (["--key", Fixtures.path("ec256.private.pem")], "not a usable PEM public key"),
        (["--key", Fixtures.path("keys.jwks.json")], "is a JWK Set"),
        (["--key", Fixtures.path("generate.py")], "neither PEM, DER nor a JWK"),
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
        #expect(run.err.hasPrefix("jose: jose verify: "))
        #expect(run.err.contains(message), "\(run.err)")
    }
}
