import Foundation
import Testing
import JOSE
import PureX509
import TestSupport
@testable import AppStore

/// Issue 39, findings 7 and 11: offline verification validates the chain at the payload's own date, so a date later
/// than the clock plus ``SignedDataVerifier/futureSignedDateLeeway`` is refused before the chain is looked at; and
/// the identity rules (bundle ID everywhere, app Apple ID in production only, as Apple's library) pinned for every
/// environment and every entry that checks them — the production realtime request included.
@Suite("App Store signed-date bound and identity matrix")
struct SignedDateBoundAndIdentityTests {
    typealias S = SignedDataVerificationTests

    static func verifier(clock: Int64, leeway: Int64? = nil, _ environment: AppStoreEnvironment = .sandbox,
                         roots: [Certificate]? = nil) throws -> SignedDataVerifier {
        if let leeway {
            return try SignedDataVerifier(rootCertificates: roots ?? [S.testRoot()], bundleID: "com.example", appAppleID: 1234,
                                          environment: environment, clock: { clock }, futureSignedDateLeeway: leeway)
        }
        return try SignedDataVerifier(rootCertificates: roots ?? [S.testRoot()], bundleID: "com.example", appAppleID: 1234,
                                      environment: environment, clock: { clock })
    }

    /// Apple's mock transaction (signedDate 1672956154000 ms), renewal info (the same) and notification
    /// (1681314324000): verified up to 300 s ahead of the clock, refused one second further, by every entry point.
    @Test func signedDateLaterThanClockPlusLeewayIsRefused() throws {
        #expect(SignedDataVerifier.defaultFutureSignedDateLeeway == 300)
        for (name, seconds) in [("transactionInfo", Int64(1_672_956_154)), ("renewalInfo", 1_672_956_154),
                                ("testNotification", 1_681_314_324)] {
            let signed = try S.text("mock_signed_data/\(name)")
            func run(_ v: SignedDataVerifier) throws {
                switch name {
                case "transactionInfo": _ = try v.verifyAndDecodeTransaction(signed)
                case "renewalInfo": _ = try v.verifyAndDecodeRenewalInfo(signed)
                default: _ = try v.verifyAndDecodeNotificationWithNestedData(signed)
                }
            }
            try run(try Self.verifier(clock: seconds - 300))
            try run(try Self.verifier(clock: seconds))
            try run(try Self.verifier(clock: seconds - 3600, leeway: 3600))
            S.expectCode(.signedDateInFuture) { try run(try Self.verifier(clock: seconds - 301)) }
            S.expectCode(.signedDateInFuture) { try run(try Self.verifier(clock: seconds - 1, leeway: 0)) }
            S.expectCode(.signedDateInFuture) { try run(try Self.verifier(clock: 0)) }
            S.expectCode(.signedDateInFuture) { try run(try Self.verifier(clock: Int64.min)) }
            S.expectCode(.signedDateInFuture) { try run(try Self.verifier(clock: seconds - 3601, leeway: 3600)) }
            // A clock near the end of Int64: the bound saturates instead of trapping (the chain is still validated at
            // the signed date, so the data verifies).
            try run(try Self.verifier(clock: Int64.max))
            try run(try Self.verifier(clock: Int64.max - 299))
            try run(try Self.verifier(clock: Int64.max, leeway: Int64.max))
        }
        Vectors.report("apple/mock_signed_data/renewalInfo", cases: 1, detail: "signed-date bound")
    }

    /// The bound is checked before the chain: the real Apple chain with a forged signature and a date a year ahead
    /// (inside the leaf's validity) is `signedDateInFuture`, not `verificationFailure`; an app transaction's
    /// `receiptCreationDate` likewise; the year-old date gets through to the signature.
    @Test func boundComesBeforeTheChainAndCoversReceiptCreationDate() throws {
        let leaf = try S.certificate("real-apple-signing-certificate"), inter = try S.certificate("real-apple-intermediate")
        let root = try S.certificate("real-apple-root")
        let now: Int64 = 1_761_962_975 + 86_400
        let v = try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", appAppleID: 1234,
                                       environment: .production, clock: { now })
        func transaction(_ seconds: Int64) -> String {
            S.forged(x5c: [leaf, inter, root], payload: #"{"bundleId":"com.example","environment":"Production","signedDate":\#(seconds * 1000)}"#)
        }
        func app(_ seconds: Int64) -> String {
            S.forged(x5c: [leaf, inter, root], payload: #"{"bundleId":"com.example","receiptType":"Production","appAppleId":1234,"receiptCreationDate":\#(seconds * 1000)}"#)
        }
        S.expectCode(.verificationFailure) { _ = try v.verifyAndDecodeTransaction(transaction(now - 86_400)) }
        S.expectCode(.verificationFailure) { _ = try v.verifyAndDecodeTransaction(transaction(now + 300)) }
        S.expectCode(.signedDateInFuture) { _ = try v.verifyAndDecodeTransaction(transaction(now + 301)) }
        S.expectCode(.signedDateInFuture) { _ = try v.verifyAndDecodeTransaction(transaction(now + 365 * 86_400)) }
        S.expectCode(.verificationFailure) { _ = try v.verifyAndDecodeAppTransaction(app(now)) }
        S.expectCode(.signedDateInFuture) { _ = try v.verifyAndDecodeAppTransaction(app(now + 365 * 86_400)) }
        S.expectCode(.signedDateInFuture) { _ = try v.verifyAndDecodeRealtimeRequest(transaction(now + 365 * 86_400)) }
        // Fractional and extreme dates: the floor decides; Int64.max ms is refused, Int64.min ms is left to the chain.
        S.expectCode(.signedDateInFuture) {
            _ = try v.verifyAndDecodeTransaction(S.forged(x5c: [leaf, inter, root], payload: #"{"bundleId":"com.example","environment":"Production","signedDate":9223372036854775807}"#))
        }
        S.expectCode(.signedDateInFuture) {
            _ = try v.verifyAndDecodeTransaction(S.forged(x5c: [leaf, inter, root], payload: #"{"bundleId":"com.example","environment":"Production","signedDate":8.9e18}"#))
        }
        S.expectCode(.invalidChain) {
            _ = try v.verifyAndDecodeTransaction(S.forged(x5c: [leaf, inter, root], payload: #"{"bundleId":"com.example","environment":"Production","signedDate":-9223372036854775808}"#))
        }
        // A date that is not a number of milliseconds is still decodingFailed.
        S.expectCode(.decodingFailed) {
            _ = try v.verifyAndDecodeTransaction(S.forged(x5c: [leaf, inter, root], payload: #"{"bundleId":"com.example","environment":"Production","signedDate":"soon"}"#))
        }
        // A negative leeway is refused at construction.
        #expect(throws: AppStoreError(.invalidArgument)) {
            _ = try SignedDataVerifier(rootCertificates: [root], bundleID: "b", appAppleID: 1, environment: .production,
                                       clock: { 0 }, futureSignedDateLeeway: -1)
        }
    }

    /// Xcode and LocalTesting data is decoded without the chain, so its date is not bounded (nothing is validated
    /// at it); Apple's Xcode transaction decodes with a clock at 0.
    @Test func unsignedEnvironmentsAreNotBounded() throws {
        let v = try SignedDataVerifier(rootCertificates: [S.testRoot()], bundleID: "com.example.naturelab.backyardbirds.example",
                                       appAppleID: nil, environment: .xcode, clock: { 0 })
        #expect(try v.verifyAndDecodeTransaction(S.text("xcode/xcode-signed-transaction")).productId == "pass.premium")
    }

    // MARK: Identity matrix

    /// A model fixture of Vectors/apple/models with members replaced (a nil value removes the member); `inside`
    /// names the nested object edited (a notification's data, summary, externalPurchaseToken, appData).
    static func edited(_ name: String, inside: String? = nil, _ changes: [String: Any?]) throws -> [UInt8] {
        var top = try #require(try JSONSerialization.jsonObject(with: Data(Vectors.bytes("apple/models/\(name).json"))) as? [String: Any])
        var object = inside.map { top[$0] as? [String: Any] ?? [:] } ?? top
        for (k, v) in changes { object[k] = v }
        if let inside { top[inside] = object } else { top = object }
        return Array(try JSONSerialization.data(withJSONObject: top))
    }

    static func decode<T: Decodable>(_ bytes: [UInt8], as: T.Type) throws -> T { try JSONValueDecoder().decode(T.self, from: bytes) }

    static let environments: [(AppStoreEnvironment, String)] = [(.production, "Production"), (.sandbox, "Sandbox"),
                                                                (.xcode, "Xcode"), (.localTesting, "LocalTesting")]

    /// Every environment × every check of bundle ID and app Apple ID: the right identity passes; another bundle ID
    /// is refused everywhere; another (or no) app Apple ID is refused in production and, as in Apple's library,
    /// not compared elsewhere. The realtime request in production is the case issue 39 found untested.
    @Test func identityIsCheckedInEveryEnvironmentAndEntry() throws {
        let app: Int64 = 531_412
        var checked = 0
        for (environment, raw) in Self.environments {
            let v = try SignedDataVerifier(rootCertificates: [S.testRoot()], bundleID: "com.example", appAppleID: app,
                                           environment: environment, clock: { 0 })
            func expectAppID(_ body: (Any?) throws -> Void, what: String) {
                for (value, refusedInProduction) in [(app as Any?, false), (app + 1, true), (Int64.max, true), (nil, true)] as [(Any?, Bool)] {
                    do {
                        try body(value)
                        #expect(!(refusedInProduction && environment == .production), "\(what) \(raw) app \(String(describing: value)) passed")
                    } catch let e as AppStoreError {
                        #expect(refusedInProduction && environment == .production && e.code == .invalidAppIdentifier,
                                "\(what) \(raw) app \(String(describing: value)): \(e)")
                    } catch { Issue.record("\(what): \(error)") }
                    checked += 1
                }
            }
            func expectBundle(_ body: (String) throws -> Void, what: String) {
                #expect(throws: Never.self, "\(what) \(raw)") { try body("com.example") }
                for other in ["com.other", "com.example ", "Com.example", ""] {
                    S.expectCode(.invalidAppIdentifier) { try body(other) }
                    checked += 1
                }
            }
            // Realtime request: app Apple ID only.
            expectAppID({ id in
                _ = try v.checkRealtimeRequest(Self.decode(Self.edited("decodedRealtimeRequest", ["environment": raw, "appAppleId": id]),
                                                            as: DecodedRealtimeRequestBody.self))
            }, what: "realtime request")
            // App transaction: both.
            expectAppID({ id in
                _ = try v.checkAppTransaction(Self.decode(Self.edited("appTransaction", ["receiptType": raw, "appAppleId": id]), as: AppTransaction.self))
            }, what: "app transaction")
            expectBundle({ b in
                _ = try v.checkAppTransaction(Self.decode(Self.edited("appTransaction", ["receiptType": raw, "appAppleId": app, "bundleId": b]),
                                                          as: AppTransaction.self))
            }, what: "app transaction")
            // Transaction: bundle ID.
            expectBundle({ b in
                _ = try v.checkTransaction(Self.decode(Self.edited("signedTransaction", ["environment": raw, "bundleId": b]),
                                                       as: JWSTransactionDecodedPayload.self))
            }, what: "transaction")
            // Notification: whichever of data, summary, appData carries the identity.
            for (file, inside) in [("signedNotification", "data"), ("signedSummaryNotification", "summary")] {
                expectAppID({ id in
                    _ = try v.checkNotification(Self.decode(Self.edited(file, inside: inside, ["environment": raw, "appAppleId": id]),
                                                            as: ResponseBodyV2DecodedPayload.self))
                }, what: "notification \(inside)")
                expectBundle({ b in
                    _ = try v.checkNotification(Self.decode(Self.edited(file, inside: inside, ["environment": raw, "appAppleId": app, "bundleId": b]),
                                                            as: ResponseBodyV2DecodedPayload.self))
                }, what: "notification \(inside)")
            }
            let appData = try #require(try JSONSerialization.jsonObject(with: Data(Vectors.bytes("apple/models/appData.json"))) as? [String: Any])
            func appDataNotification(_ changes: [String: Any?]) throws -> ResponseBodyV2DecodedPayload {
                var d = appData
                d["environment"] = raw
                for (k, x) in changes { d[k] = x }
                let top: [String: Any] = ["notificationType": "TEST", "notificationUUID": "u", "version": "2.0", "appData": d]
                return try Self.decode(Array(try JSONSerialization.data(withJSONObject: top)), as: ResponseBodyV2DecodedPayload.self)
            }
            expectAppID({ id in _ = try v.checkNotification(appDataNotification(["appAppleId": id])) }, what: "notification appData")
            expectBundle({ b in _ = try v.checkNotification(appDataNotification(["appAppleId": app, "bundleId": b])) }, what: "notification appData")
            // External purchase token: the environment comes from the SANDBOX prefix, so only production and sandbox apply.
            if environment == .production || environment == .sandbox {
                let id = environment == .sandbox ? "SANDBOX_1234" : "1234"
                expectAppID({ x in
                    _ = try v.checkNotification(Self.decode(Self.edited("signedExternalPurchaseTokenNotification", inside: "externalPurchaseToken",
                                                                        ["externalPurchaseId": id, "appAppleId": x]), as: ResponseBodyV2DecodedPayload.self))
                }, what: "external purchase token")
                expectBundle({ b in
                    _ = try v.checkNotification(Self.decode(Self.edited("signedExternalPurchaseTokenNotification", inside: "externalPurchaseToken",
                                                                        ["externalPurchaseId": id, "appAppleId": app, "bundleId": b]),
                                                            as: ResponseBodyV2DecodedPayload.self))
                }, what: "external purchase token")
            }
        }
        // 4 environments × (5 app-ID entries × 4 values + 5 bundle entries × 4 values) + 2 × (4 + 4).
        #expect(checked == 4 * (5 * 4 + 5 * 4) + 2 * 8)
        Vectors.report("apple/models/decodedRealtimeRequest.json", cases: 16, detail: "identity matrix")
    }

    /// Through the whole entry point (Xcode data is decoded without a signature, so the identity checks are reached
    /// with any payload): a realtime request naming another app passes outside production, as in Apple's library.
    @Test func realtimeRequestEntryPointOutsideProduction() throws {
        let payload = Base64URL.encode(try Self.edited("decodedRealtimeRequest", ["environment": "Xcode", "appAppleId": 1]))
        let token = Base64URL.encode(Array(#"{"alg":"ES256"}"#.utf8)) + "." + payload + ".AAAA"
        let v = try SignedDataVerifier(rootCertificates: [S.testRoot()], bundleID: "com.example", appAppleID: 531_412, environment: .xcode)
        #expect(try v.verifyAndDecodeRealtimeRequest(token).appAppleId == 1)
    }

    /// The APNs token cache's age (`now - madeAt`) with a clock that jumps across Int64: a new token is asked for
    /// (and refused for its issued-at time), never a trap.
    @Test func apnsTokenAgeAtTheExtremes() async throws {
        final class Box: @unchecked Sendable { var now: Int64 = 1_700_000_000 }
        let box = Box()
        let cache = try APNsProviderTokenCache(APNsTokenCacheConcurrencyTests.maker(), refreshAge: 3000, clock: { box.now })
        let first = try await cache.current()
        #expect(try await cache.current() == first)
        for t in [Int64.min, Int64.min + 1, Int64.max] {
            box.now = t
            await #expect(throws: AppStoreError(.invalidArgument), "\(t)") { _ = try await cache.current() }
        }
        box.now = 1_700_000_000
        #expect(try await cache.current() == first)
    }
}
