import Foundation
import Testing
import TestSupport
@testable import JoseCLI

/// `jose appstore token` and `jose apns-token`: exact claims, usage errors with exit status 2.
@Suite("jose appstore token and apns-token")
struct AppStoreTokenCommandTests {
    static let p8 = Vectors.path("apple/certs/testSigningKey.p8")

    static func headerText(_ token: String) -> String {
        var part = String(token.split(separator: ".")[0]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while part.count % 4 != 0 { part += "=" }
        return String(decoding: Data(base64Encoded: part)!, as: UTF8.self)
    }

    @Test func appStoreTokenClaims() throws {
        let run = jose(["appstore", "token", "--p8", Self.p8, "--issuer", "issuerId", "--kid", "keyId", "--bundle-id", "com.example",
                        "--minutes", "60"])
        #expect(run.status == 0, "\(run.err)")
        let token = run.out.trimmingCharacters(in: .newlines)
        #expect(Self.headerText(token) == #"{"alg":"ES256","typ":"JWT","kid":"keyId"}"#)
        #expect(Fixtures.payloadText(token) == #"{"iss":"issuerId","iat":\#(Fixtures.now),"exp":\#(Fixtures.now + 3600),"aud":"appstoreconnect-v1","bid":"com.example"}"#)
        let fixed = jose(["appstore", "token", "--p8", Self.p8, "--issuer", "i", "--kid", "k", "--bundle-id", "b", "--iat", "1700000000"])
        #expect(Fixtures.payloadText(fixed.out.trimmingCharacters(in: .newlines)) == #"{"iss":"i","iat":1700000000,"exp":1700000300,"aud":"appstoreconnect-v1","bid":"b"}"#)
        Vectors.report("apple/certs/testSigningKey.p8", cases: 1, detail: "jose appstore token")
    }

    @Test func apnsTokenClaims() throws {
        let run = jose(["apns-token", "--p8", Self.p8, "--team", "DEF123GHIJ", "--kid", "ABC123DEFG", "--iat", "1437179036"])
        #expect(run.status == 0, "\(run.err)")
        let token = run.out.trimmingCharacters(in: .newlines)
        #expect(Self.headerText(token) == #"{"alg":"ES256","kid":"ABC123DEFG"}"#)
        #expect(Fixtures.payloadText(token) == #"{"iss":"DEF123GHIJ","iat":1437179036}"#)
    }

    @Test func tokenUsageErrors() throws {
        let base = ["appstore", "token", "--p8", Self.p8, "--issuer", "i", "--kid", "k", "--bundle-id", "b"]
        for (args, message) in [(["--minutes", "61"], "--minutes must be"), (["--minutes", "0"], "--minutes must be"),
                                (["extra"], "unexpected argument")] as [([String], String)] {
            let bad = jose(base + args)
            #expect(bad.status == 2 && bad.err.contains(message) && bad.out.isEmpty, "\(bad.err)")
        }
        let noBundle = jose(["appstore", "token", "--p8", Self.p8, "--issuer", "i", "--kid", "k"])
        #expect(noBundle.status == 2 && noBundle.err.contains("--bundle-id ID is required"))
        let noTeam = jose(["apns-token", "--p8", Self.p8, "--kid", "k"])
        #expect(noTeam.status == 2 && noTeam.err.contains("--team T is required"))
        let notKey = jose(["apns-token", "--p8", Vectors.path("apple/models/appData.json"), "--team", "T", "--kid", "k"])
        #expect(notKey.status == 2 && notKey.errLines.count == 1 && notKey.err.contains("not a P-256 private key"), "\(notKey.err)")
        let missing = jose(["apns-token", "--p8", "/nonexistent/AuthKey.p8", "--team", "T", "--kid", "k"])
        #expect(missing.status == 2 && missing.err.contains("no such file"))
        let unknown = jose(["appstore", "frobnicate"])
        #expect(unknown.status == 2 && unknown.err.contains("unknown subcommand"))
        #expect(jose(["appstore", "token", "--help"]).out.hasPrefix("Usage: jose appstore token"))
        #expect(jose(["apns-token", "--help"]).out.hasPrefix("Usage: jose apns-token"))
        let offer = ["appstore", "offer-signature", "--p8", Self.p8, "--kid", "k", "--bundle-id", "b", "--product", "p", "--offer", "o"]
        let badNonce = jose(offer + ["--nonce", "not-a-uuid"])
        #expect(badNonce.status == 2 && badNonce.err.contains("must be a UUID") && badNonce.out.isEmpty, "\(badNonce.err)")
        let good = jose(offer + ["--nonce", "20fba6fe-3d16-4d5d-a1b4-5f2b0c5e3b6c", "--timestamp", "1698148900000"])
        #expect(good.status == 0 && Data(base64Encoded: good.out.trimmingCharacters(in: .newlines)) != nil, "\(good.err)")
        #expect(jose(["--help"]).out.contains("apns-token"))
    }
}
