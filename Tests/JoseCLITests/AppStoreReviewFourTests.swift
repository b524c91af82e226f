import Foundation
import Testing
import JOSE
import TestSupport
@testable import JoseCLI

/// Issue 39, findings 7 and 9: `jose appstore verify` chooses renewal info by the members Apple defines (so Apple's
/// own mock renewal info verifies without `--type`) and refuses a signed date ahead of its clock; a `.p8` file with
/// a key of another kind names that kind.
@Suite("jose appstore: review 4")
struct AppStoreReviewFourTests {
    typealias A = AppStoreVerifyCommandTests

    @Test func mockRenewalInfoVerifiesWithoutType() throws {
        let run = jose(A.sandbox + [try A.signed("renewalInfo")])
        #expect(run.status == 0, "\(run.out) \(run.err)")
        #expect(A.json(run.out) == ["environment": "Sandbox", "signedDate": 1_672_956_154_000] as NSDictionary)
        // The mock transaction is still a transaction (it names its bundle).
        #expect(jose(A.sandbox + [try A.signed("transactionInfo")]).status == 0)
        Vectors.report("apple/mock_signed_data/renewalInfo", cases: 1, detail: "jose appstore verify without --type")
    }

    /// Apple's model fixtures, each recognised as its type by the members it carries.
    @Test func typeIsChosenByApplesMembers() throws {
        for (file, type) in [("signedRenewalInfo", "renewal-info"), ("signedTransaction", "transaction"),
                             ("signedTransactionWithRevocation", "transaction"), ("appTransaction", "app-transaction"),
                             ("decodedRealtimeRequest", "realtime-request"), ("signedNotification", "notification"),
                             ("signedSummaryNotification", "notification")] {
            let payload = try JSONValue(parsing: Vectors.bytes("apple/models/\(file).json"))
            #expect(AppStoreVerifyCommand.guessType(payload) == .found(type), "\(file)")
            Vectors.report("apple/models/\(file).json", cases: 1, detail: "jose appstore verify type")
        }
        #expect(AppStoreVerifyCommand.guessType(try JSONValue(parsing: #"{"environment":"Sandbox","signedDate":1}"#)) == .found("renewal-info"))
        #expect(AppStoreVerifyCommand.guessType(try JSONValue(parsing: #"{"bundleId":"b","signedDate":1}"#)) == .found("transaction"))
        #expect(AppStoreVerifyCommand.guessType(nil) == .found("transaction"))
        // Members of both: the tool does not guess.
        let both = try JSONValue(parsing: #"{"bundleId":"com.example","autoRenewStatus":1,"environment":"Sandbox"}"#)
        guard case .ambiguous = AppStoreVerifyCommand.guessType(both) else { Issue.record("not ambiguous"); return }
        let parts = try A.signed("transactionInfo").split(separator: ".").map(String.init)
        let token = parts[0] + "." + Base64URL.encode(Array(#"{"bundleId":"com.example","autoRenewStatus":1}"#.utf8)) + "." + parts[2]
        let run = jose(A.sandbox + [token])
        #expect(run.status == 2 && run.out.isEmpty && run.err.contains("give --type"), "\(run.err)")
        let typed = jose(A.sandbox + ["--type", "renewal-info", token])
        #expect(typed.status == 1 && typed.out.hasPrefix("invalid: verificationFailure: "), "\(typed.out)")
    }

    /// The tool's clock bounds the signed date: Apple's mock transaction (signed at 1672956154 s) verifies with the
    /// clock 300 s before it and is refused at 301 s before.
    @Test func signedDateAheadOfTheClockIsRefused() throws {
        let signed = try A.signed("transactionInfo")
        #expect(jose(A.sandbox + [signed], clock: 1_672_956_154 - 300).status == 0)
        let early = jose(A.sandbox + [signed], clock: 1_672_956_154 - 301)
        #expect(early.status == 1 && early.out.hasPrefix("invalid: signedDateInFuture: "), "\(early.out)")
    }

    /// `.p8` files holding an RSA, Ed25519 or P-384 key: the refusal names the kind of key (it said
    /// "(unsupportedCurve)" before), for every command that reads a `.p8`.
    @Test func p8OfAnotherKindNamesIt() throws {
        // RFC 8410 §10.3's Ed25519 private key.
        let ed25519 = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n-----END PRIVATE KEY-----\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ed25519-\(UUID().uuidString).p8")
        try Data(ed25519.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for (path, kind) in [(Vectors.path("keys/pyca/PKCS8/unenc-rsa-pkcs8.pem"), "an RSA key"),
                             (Vectors.path("keys/pyca/PKCS8/rsa_pss_2048.pem"), "an RSA key"),
                             (Vectors.path("keys/rfc6979/p384_pkcs8_private.pem"), "an EC P-384 key"),
                             (file.path, "an Ed25519 key")] {
            for args in [["apns-token", "--p8", path, "--team", "T", "--kid", "k"],
                         ["appstore", "token", "--p8", path, "--issuer", "i", "--kid", "k", "--bundle-id", "b"],
                         ["appstore", "offer-signature", "--p8", path, "--kid", "k", "--bundle-id", "b", "--product", "p", "--offer", "o",
                          "--nonce", "20fba6fe-3d16-4d5d-a1b4-5f2b0c5e3b6c"],
                         ["apple-secret", "--p8", path, "--team", "T", "--client", "C", "--kid", "K"]] {
                let run = jose(args)
                #expect(run.status == 2 && run.out.isEmpty && run.err.contains("not a P-256 private key: it holds \(kind)")
                        && !run.err.contains("unsupportedCurve"), "\(args[0]) \(path): \(run.err)")
            }
        }
        for f in ["keys/pyca/PKCS8/unenc-rsa-pkcs8.pem", "keys/pyca/PKCS8/rsa_pss_2048.pem", "keys/rfc6979/p384_pkcs8_private.pem"] {
            Vectors.report(f, cases: 4, detail: ".p8 of another kind")
        }
        // A P-256 .p8 still works, and text that is no key keeps the parser's reason.
        #expect(jose(["apns-token", "--p8", Vectors.path("apple/certs/testSigningKey.p8"), "--team", "T", "--kid", "k"]).status == 0)
    }
}
