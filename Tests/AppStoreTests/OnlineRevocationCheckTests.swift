import Foundation
import Testing
import PureX509
import TestSupport
@testable import AppStore

/// `SignedDataVerifier` with `enableOnlineChecks`: an App Store-shaped chain and OCSP answers made by Python
/// `cryptography` (Scripts/generate-ocsp-responses.py → Vectors/ocsp/appstore), served by a fake fetcher closure.
@Suite("App Store online revocation checks")
struct OnlineRevocationCheckTests {
    static let folder = "ocsp/appstore"
    /// One hour after the answers' thisUpdate (2026-06-01T12:00Z): inside every certificate's validity.
    static let now: Int64 = 1_780_318_800

    /// Records each fetch and answers from a table of URL → response file (nil: the fetch fails).
    final class FakeResponder: @unchecked Sendable {
        let lock = NSLock()
        var answers: [String: String?]
        var fetches: [String] = []
        var requests: [[UInt8]] = []
        init(_ answers: [String: String?]) { self.answers = answers }

        struct Unreachable: Error {}

        func fetch(_ request: [UInt8], _ url: String) throws -> [UInt8] {
            let file: String?? = lock.withLock {
                fetches.append(url); requests.append(request)
                return answers[url]
            }
            guard let entry = file, let name = entry else { throw Unreachable() }
            return try Vectors.bytes("\(OnlineRevocationCheckTests.folder)/\(name)")
        }
        var fetchCount: Int { lock.withLock { fetches.count } }
    }

    static let leafURL = "http://ocsp.example.test/intermediate"
    static let intermediateURL = "http://ocsp.example.test/root"

    final class Clock: @unchecked Sendable {
        let lock = NSLock()
        var t: Int64
        init(_ t: Int64) { self.t = t }
        var value: Int64 { get { lock.withLock { t } } set { lock.withLock { t = newValue } } }
    }

    static func verifier(_ responder: FakeResponder, clock: Clock = Clock(now), online: Bool = true) throws -> SignedDataVerifier {
        let root = try Certificate(pemEncoded: Vectors.text("\(folder)/root.pem"))
        return try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", appAppleID: nil, environment: .sandbox,
                                      enableOnlineChecks: online,
                                      ocspFetcher: { request, url in try responder.fetch(request, url) },
                                      clock: { clock.value })
    }

    static func transaction() throws -> String {
        try Vectors.text("\(folder)/transaction.jws").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func expectCode(_ code: AppStoreError.Code, _ body: () async throws -> Void,
                           sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            try await body()
            Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
        } catch let error as AppStoreError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected AppStoreError.\(code), got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("good answers for the leaf and the intermediate: verified, each asked once with an OCSP request for it")
    func goodStatusVerifies() async throws {
        let responder = FakeResponder([Self.leafURL: "leaf-good.der", Self.intermediateURL: "intermediate-good.der"])
        let t = try await Self.verifier(responder).verifyAndDecodeTransaction(Self.transaction())
        #expect(t.transactionId == "23456" && t.bundleId == "com.example" && t.environment == .sandbox)
        #expect(responder.fetches == [Self.leafURL, Self.intermediateURL])
        // Each request parses as an OCSP request whose CertID serial is the certificate's (0x53 leaf, 0x52 intermediate).
        #expect(responder.requests.map { $0.suffix(3) } == [[0x02, 0x01, 0x53], [0x02, 0x01, 0x52]])
        // Offline, the same data verifies at its signedDate with no fetch.
        let offline = FakeResponder([:])
        _ = try await Self.verifier(offline, online: false).verifyAndDecodeTransaction(Self.transaction())
        #expect(offline.fetchCount == 0)
        Vectors.report("\(Self.folder)/transaction.jws", cases: 1)
    }

    @Test("a revoked signing or intermediate certificate is certificateRevoked; unknown is invalidChain")
    func revokedAndUnknown() async throws {
        let revokedLeaf = FakeResponder([Self.leafURL: "leaf-revoked.der", Self.intermediateURL: "intermediate-good.der"])
        await Self.expectCode(.certificateRevoked) { _ = try await Self.verifier(revokedLeaf).verifyAndDecodeTransaction(Self.transaction()) }
        let revokedIntermediate = FakeResponder([Self.leafURL: "leaf-good.der", Self.intermediateURL: "intermediate-revoked.der"])
        await Self.expectCode(.certificateRevoked) { _ = try await Self.verifier(revokedIntermediate).verifyAndDecodeTransaction(Self.transaction()) }
        let unknown = FakeResponder([Self.leafURL: "leaf-unknown.der", Self.intermediateURL: "intermediate-good.der"])
        await Self.expectCode(.invalidChain) { _ = try await Self.verifier(unknown).verifyAndDecodeTransaction(Self.transaction()) }
    }

    @Test("a failed fetch, a stale answer or an answer for another certificate is retryable, never a pass")
    func unusableAnswersAreRetryable() async throws {
        let table: [String: String?] = [Self.leafURL: nil, Self.intermediateURL: "intermediate-good.der"]
        let unreachable = FakeResponder(table)
        await Self.expectCode(.retryableVerificationFailure) { _ = try await Self.verifier(unreachable).verifyAndDecodeTransaction(Self.transaction()) }
        let stale = FakeResponder([Self.leafURL: "leaf-stale.der", Self.intermediateURL: "intermediate-good.der"])
        await Self.expectCode(.retryableVerificationFailure) { _ = try await Self.verifier(stale).verifyAndDecodeTransaction(Self.transaction()) }
        // The intermediate's answer served for the leaf: signed by the root, for another CertID.
        let swapped = FakeResponder([Self.leafURL: "intermediate-good.der", Self.intermediateURL: "intermediate-good.der"])
        await Self.expectCode(.retryableVerificationFailure) { _ = try await Self.verifier(swapped).verifyAndDecodeTransaction(Self.transaction()) }
        // None of these was remembered: a good answer afterwards is fetched again.
        let good = FakeResponder([Self.leafURL: "leaf-good.der", Self.intermediateURL: "intermediate-good.der"])
        _ = try await Self.verifier(good).verifyAndDecodeTransaction(Self.transaction())
        #expect(good.fetchCount == 2)
    }

    @Test("a verified chain's status is reused for 15 minutes, then asked again")
    func verifiedChainIsCachedForFifteenMinutes() async throws {
        let responder = FakeResponder([Self.leafURL: "leaf-good.der", Self.intermediateURL: "intermediate-good.der"])
        let clock = Clock(Self.now - 3600)
        let v = try Self.verifier(responder, clock: clock)
        _ = try await v.verifyAndDecodeTransaction(Self.transaction())
        #expect(responder.fetchCount == 2)
        clock.value += 899
        _ = try await v.verifyAndDecodeTransaction(Self.transaction())
        #expect(responder.fetchCount == 2)
        clock.value += 1
        _ = try await v.verifyAndDecodeTransaction(Self.transaction())
        #expect(responder.fetchCount == 4)
    }

    @Test("online checks need a fetcher and the async entry points; offline verifiers keep both forms")
    func onlineNeedsFetcherAndAsync() async throws {
        let root = try Certificate(pemEncoded: Vectors.text("\(Self.folder)/root.pem"))
        #expect(throws: AppStoreError(.invalidArgument)) {
            try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", appAppleID: nil, environment: .sandbox,
                                   enableOnlineChecks: true, ocspFetcher: nil)
        }
        let responder = FakeResponder([Self.leafURL: "leaf-good.der", Self.intermediateURL: "intermediate-good.der"])
        let v = try Self.verifier(responder)
        let signed = try Self.transaction()
        #expect(throws: AppStoreError(.invalidArgument)) { () throws -> Void in
            let sync: (String) throws(AppStoreError) -> JWSTransactionDecodedPayload = v.verifyAndDecodeTransaction
            _ = try sync(signed)
        }
        #expect(responder.fetchCount == 0)
    }
}
