import Foundation
import Testing
import TestSupport
@testable import JoseCLI

/// `jose appstore verify`: Apple's mock signed data verified against Apple's test CA; the payload printed as JSON,
/// refusals as one `invalid: <code>: <reason>` line with exit 1, usage errors with exit 2.
@Suite("jose appstore verify")
struct AppStoreVerifyCommandTests {
    static let testCA = Vectors.path("apple/certs/testCA.der")
    static func signed(_ name: String) throws -> String {
        try Vectors.text("apple/mock_signed_data/\(name)").trimmingCharacters(in: .whitespacesAndNewlines)
    }
    static let sandbox = ["appstore", "verify", "--root", testCA, "--bundle-id", "com.example", "--environment", "Sandbox"]

    static func json(_ text: String) -> NSDictionary? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary
    }

    @Test func validDataPrintsItsPayload() throws {
        let run = jose(Self.sandbox + [try Self.signed("transactionInfo")])
        #expect(run.status == 0, "\(run.err)")
        #expect(Self.json(run.out) == ["environment": "Sandbox", "bundleId": "com.example", "signedDate": 1_672_956_154_000] as NSDictionary)
        // A notification is recognised by its members, read from standard input with '-'.
        let note = jose(Self.sandbox + ["--app-apple-id", "1234", "-"], stdin: [try Self.signed("testNotification")])
        #expect(note.status == 0, "\(note.err)")
        #expect(Self.json(note.out)?["notificationType"] as? String == "TEST")
        #expect(Self.json(note.out)?["notificationUUID"] as? String == "9ad56bd2-0bc6-42e0-af24-fd996d87a1e6")
        Vectors.report("apple/mock_signed_data/transactionInfo", cases: 1, detail: "jose appstore verify")
    }

    @Test func refusalsAreOneInvalidLineWithExitOne() throws {
        for (args, data, code) in [
            (["--type", "notification"], "wrongBundleId", "invalidAppIdentifier"),
            ([], "missingX5CHeaderClaim", "invalidChainLength"),
        ] as [([String], String, String)] {
            let run = jose(Self.sandbox + args + [try Self.signed(data)])
            #expect(run.status == 1, "\(data): \(run.err)")
            #expect(run.out.hasPrefix("invalid: \(code): ") && run.out.split(separator: "\n").count == 1, "\(data): \(run.out)")
        }
        // Another bundle ID, another environment, Apple's real root instead of the test CA.
        let transaction = try Self.signed("transactionInfo")
        let otherBundle = jose(["appstore", "verify", "--root", Self.testCA, "--bundle-id", "com.other", "--environment", "Sandbox", transaction])
        #expect(otherBundle.status == 1 && otherBundle.out.hasPrefix("invalid: invalidAppIdentifier: "))
        let production = jose(["appstore", "verify", "--root", Self.testCA, "--bundle-id", "com.example", "--app-apple-id", "1234", transaction])
        #expect(production.status == 1 && production.out.hasPrefix("invalid: invalidEnvironment: "), "\(production.out)")
        let appleRoot = jose(["appstore", "verify", "--bundle-id", "com.example", "--environment", "Sandbox", transaction])
        #expect(appleRoot.status == 1 && appleRoot.out.hasPrefix("invalid: invalidChain: "), "\(appleRoot.out)")
        // Tampered: the payload of another value under this signature.
        let parts = transaction.split(separator: ".").map(String.init)
        let other = try Self.signed("renewalInfo").split(separator: ".").map(String.init)
        let tampered = jose(Self.sandbox + [parts[0] + "." + other[1] + "." + parts[2]])
        #expect(tampered.status == 1 && tampered.out.hasPrefix("invalid: verificationFailure: "), "\(tampered.out)")
    }

    @Test func usageErrorsExitTwo() throws {
        let transaction = try Self.signed("transactionInfo")
        for (args, message) in [
            (["appstore", "verify", transaction], "--bundle-id ID is required"),
            (["appstore", "verify", "--bundle-id", "b", transaction], "app Apple ID is required"),
            (["appstore", "verify", "--bundle-id", "b", "--environment", "production", transaction], "--environment must be"),
            (["appstore", "verify", "--bundle-id", "b", "--environment", "Sandbox", "--type", "receipt", transaction], "--type must be"),
            (["appstore", "verify", "--bundle-id", "b", "--environment", "Sandbox", "--online", transaction], "does no networking"),
            (["appstore", "verify", "--bundle-id", "b", "--environment", "Sandbox", "--root", Vectors.path("apple/models/appData.json"), transaction], "is not a certificate"),
            (["appstore", "verify", "--bundle-id", "b", "--environment", "Sandbox"], "give the SIGNED data"),
            (["appstore", "verify", "--bundle-id", "b", "--environment", "Sandbox", "--app-apple-id", "0", transaction], "--app-apple-id"),
        ] as [([String], String)] {
            let run = jose(args)
            #expect(run.status == 2 && run.out.isEmpty && run.errLines.count == 1 && run.err.contains(message), "\(args.dropLast()): \(run.err)")
        }
        let help = jose(["appstore", "verify", "--help"])
        #expect(help.status == 0 && help.out.contains("Usage: jose appstore verify"))
    }
}
