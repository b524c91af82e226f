import Foundation
import Testing
import JOSE
import PureX509
import TestSupport
@testable import AppStore

/// `SignedDataVerifier` against Apple's mock signed data and certificate chains (Vectors/apple, from Apple's
/// app-store-server-library tests): what verifies decodes field for field; every refusal has its own code.
@Suite("App Store signed data verification")
struct SignedDataVerificationTests {
    static func text(_ name: String) throws -> String {
        try Vectors.text("apple/\(name)").trimmingCharacters(in: .whitespacesAndNewlines)
    }
    static func certificate(_ name: String) throws -> Certificate { try Certificate(pemEncoded: Vectors.text("apple/certs/\(name).pem")) }
    static func testRoot() throws -> Certificate { try Certificate(derEncoded: Vectors.bytes("apple/certs/testCA.der")) }
    /// Apple's tests: the test CA, bundle com.example, app 1234, sandbox, no online checks.
    static func verifier(_ environment: AppStoreEnvironment = .sandbox, appAppleID: Int64? = 1234,
                         bundleID: String = "com.example") throws -> SignedDataVerifier {
        try SignedDataVerifier(rootCertificates: [testRoot()], bundleID: bundleID, appAppleID: appAppleID, environment: environment)
    }

    static func expectCode(_ code: AppStoreError.Code, _ body: () throws -> Void,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
        } catch let error as AppStoreError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected AppStoreError.\(code), got \(error)", sourceLocation: sourceLocation)
        }
    }

    /// A compact JWS with the given header members (x5c from PEM certificates) and payload, and a signature of
    /// 64 zero bytes: it can only get as far as the signature check.
    static func forged(x5c: [Certificate], payload: String, alg: String = "ES256") -> String {
        let chain = x5c.map { "\"" + Data($0.derEncoded).base64EncodedString() + "\"" }.joined(separator: ",")
        let header = #"{"alg":"\#(alg)","x5c":[\#(chain)]}"#
        return Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8)) + "." + Base64URL.encode([UInt8](repeating: 0, count: 64))
    }

    @Test func mockTransactionVerifiesAndDecodes() throws {
        let t = try Self.verifier().verifyAndDecodeTransaction(Self.text("mock_signed_data/transactionInfo"))
        #expect(t.environment == .sandbox)
        #expect(t.bundleId == "com.example")
        #expect(t.signedDate == 1_672_956_154_000)
        #expect(t.transactionId == nil)
        Vectors.report("apple/mock_signed_data/transactionInfo", cases: 1)
    }

    @Test func mockRenewalInfoVerifiesAndDecodes() throws {
        let r = try Self.verifier().verifyAndDecodeRenewalInfo(Self.text("mock_signed_data/renewalInfo"))
        #expect(r.environment == .sandbox)
        #expect(r.signedDate == 1_672_956_154_000)
        Vectors.report("apple/mock_signed_data/renewalInfo", cases: 1)
    }

    @Test func mockNotificationVerifiesAndDecodes() throws {
        let signed = try Self.text("mock_signed_data/testNotification")
        let n = try Self.verifier().verifyAndDecodeNotification(signed)
        #expect(n.notificationType == .test)
        #expect(n.subtype == nil)
        #expect(n.notificationUUID == "9ad56bd2-0bc6-42e0-af24-fd996d87a1e6")
        #expect(n.signedDate == 1_681_314_324_000)
        #expect(n.data?.bundleId == "com.example")
        #expect(n.data?.appAppleId == 1234)
        #expect(n.data?.environment == .sandbox)
        let nested = try Self.verifier().verifyAndDecodeNotificationWithNestedData(signed)
        #expect(nested.notification == n)
        #expect(nested.transaction == nil && nested.renewalInfo == nil && nested.appTransaction == nil)
        // In production the app Apple ID is compared too.
        Self.expectCode(.invalidAppIdentifier) { _ = try Self.verifier(.production, appAppleID: 9999).verifyAndDecodeNotification(signed) }
        Self.expectCode(.invalidEnvironment) { _ = try Self.verifier(.production, appAppleID: 1234).verifyAndDecodeNotification(signed) }
        Vectors.report("apple/mock_signed_data/testNotification", cases: 4)
    }

    @Test func wrongBundleIDIsInvalidAppIdentifier() throws {
        Self.expectCode(.invalidAppIdentifier) {
            _ = try Self.verifier().verifyAndDecodeNotification(Self.text("mock_signed_data/wrongBundleId"))
        }
        Self.expectCode(.invalidAppIdentifier) {
            _ = try Self.verifier(bundleID: "com.example.other").verifyAndDecodeTransaction(Self.text("mock_signed_data/transactionInfo"))
        }
        Vectors.report("apple/mock_signed_data/wrongBundleId", cases: 1)
    }

    @Test func missingX5CIsInvalidChainLength() throws {
        Self.expectCode(.invalidChainLength) {
            _ = try Self.verifier().verifyAndDecodeNotification(Self.text("mock_signed_data/missingX5CHeaderClaim"))
        }
        Vectors.report("apple/mock_signed_data/missingX5CHeaderClaim", cases: 1)
    }

    @Test func wrongEnvironmentIsInvalidEnvironment() throws {
        Self.expectCode(.invalidEnvironment) {
            _ = try Self.verifier(.production).verifyAndDecodeTransaction(Self.text("mock_signed_data/transactionInfo"))
        }
        Self.expectCode(.invalidEnvironment) {
            _ = try Self.verifier(.production).verifyAndDecodeRenewalInfo(Self.text("mock_signed_data/renewalInfo"))
        }
    }

    @Test func productionNeedsTheAppAppleID() throws {
        Self.expectCode(.invalidAppIdentifier) { _ = try Self.verifier(.production, appAppleID: nil) }
        _ = try Self.verifier(.sandbox, appAppleID: nil)
    }

    @Test func tamperedDataIsRefusedWithItsCode() throws {
        let signed = try Self.text("mock_signed_data/transactionInfo")
        let parts = signed.split(separator: ".").map(String.init)
        let v = try Self.verifier()
        // Verified once first, so every tampered copy below meets the issuer and leaf keys the verifier kept.
        #expect(try v.verifyAndDecodeTransaction(signed).bundleId == "com.example")
        // Another payload under the same signature.
        let otherPayload = Base64URL.encode(Array(#"{"environment":"Sandbox","bundleId":"com.example","signedDate":1672956154001}"#.utf8))
        Self.expectCode(.verificationFailure) { _ = try v.verifyAndDecodeTransaction(parts[0] + "." + otherPayload + "." + parts[2]) }
        // The signature's bytes changed (first character), or cut short.
        let first = parts[2].first == "A" ? "B" : "A"
        let changed: String = parts[0] + "." + parts[1] + "." + first + String(parts[2].dropFirst())
        Self.expectCode(.verificationFailure) { _ = try v.verifyAndDecodeTransaction(changed) }
        let short: String = parts[0] + "." + parts[1] + "." + String(parts[2].dropLast(4))
        Self.expectCode(.verificationFailure) { _ = try v.verifyAndDecodeTransaction(short) }
        // Header rewritten: another alg, too few certificates, a certificate that is not base64 / not DER.
        var header = String(decoding: try Base64URL.decode(parts[0]), as: UTF8.self)
        let reencode = { (h: String) in Base64URL.encode(Array(h.utf8)) + "." + parts[1] + "." + parts[2] }
        Self.expectCode(.invalidAlgorithm) { _ = try v.verifyAndDecodeTransaction(reencode(header.replacingOccurrences(of: "ES256", with: "ES384"))) }
        Self.expectCode(.invalidAlgorithm) { _ = try v.verifyAndDecodeTransaction(reencode(header.replacingOccurrences(of: "\"ES256\"", with: "\"none\""))) }
        let x5c = try #require(try JSONValue(parsing: header)["x5c"]?.arrayValue?.compactMap(\.stringValue))
        header = #"{"alg":"ES256","x5c":["\#(x5c[0])","\#(x5c[1])"]}"#
        Self.expectCode(.invalidChainLength) { _ = try v.verifyAndDecodeTransaction(reencode(header)) }
        header = #"{"alg":"ES256","x5c":["\#(x5c[0])","\#(x5c[1])","\#(x5c[2])","\#(x5c[2])"]}"#
        Self.expectCode(.invalidChainLength) { _ = try v.verifyAndDecodeTransaction(reencode(header)) }
        header = #"{"alg":"ES256","x5c":["\#(x5c[0].dropLast(4))!!!!","\#(x5c[1])","\#(x5c[2])"]}"#
        Self.expectCode(.invalidCertificate) { _ = try v.verifyAndDecodeTransaction(reencode(header)) }
        header = #"{"alg":"ES256","x5c":["AAAA","\#(x5c[1])","\#(x5c[2])"]}"#
        Self.expectCode(.invalidCertificate) { _ = try v.verifyAndDecodeTransaction(reencode(header)) }
        // Leaf and intermediate swapped: the intermediate lacks the leaf's marker.
        header = #"{"alg":"ES256","x5c":["\#(x5c[1])","\#(x5c[0])","\#(x5c[2])"]}"#
        Self.expectCode(.invalidCertificate) { _ = try v.verifyAndDecodeTransaction(reencode(header)) }
        // Not a compact JWS.
        for junk in ["", "a.b", "a.b.c.d", parts[0] + "..", String(repeating: "A", count: 1 << 21)] {
            Self.expectCode(.invalidJWTFormat) { _ = try v.verifyAndDecodeTransaction(junk) }
        }
        // The genuine transaction still verifies after all of them.
        #expect(try v.verifyAndDecodeTransaction(signed).bundleId == "com.example")
        // Another trust root (Apple's real G3): the test chain does not lead there.
        Self.expectCode(.invalidChain) {
            _ = try SignedDataVerifier(bundleID: "com.example", appAppleID: 1234, environment: .sandbox).verifyAndDecodeTransaction(signed)
        }
    }

    /// Apple's test chain with a wrong marker OID on the leaf or on the intermediate: refused before any signature.
    @Test func wrongMarkerOIDIsInvalidCertificate() throws {
        let root = try Self.certificate("root-ca"), inter = try Self.certificate("intermediate-ca")
        let v = try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", appAppleID: 1234, environment: .sandbox)
        let payload = #"{"bundleId":"com.example","environment":"Sandbox","signedDate":1681312846000}"#
        Self.expectCode(.invalidCertificate) {
            _ = try v.verifyAndDecodeTransaction(Self.forged(x5c: [Self.certificate("leaf-cert-invalid-oid"), inter, root], payload: payload))
        }
        Self.expectCode(.invalidCertificate) {
            _ = try v.verifyAndDecodeTransaction(Self.forged(x5c: [Self.certificate("leaf-cert-for-intermediate-ca-invalid-oid"),
                                                                   Self.certificate("intermediate-ca-invalid-oid"), root], payload: payload))
        }
        // The twin with the right OIDs gets past the chain, to the (forged) signature.
        Self.expectCode(.verificationFailure) {
            _ = try v.verifyAndDecodeTransaction(Self.forged(x5c: [Self.certificate("leaf-cert"), inter, root], payload: payload))
        }
        Self.expectCode(.invalidAlgorithm) {
            _ = try v.verifyAndDecodeTransaction(Self.forged(x5c: [Self.certificate("leaf-cert"), inter, root], payload: payload, alg: "HS256"))
        }
    }

    /// The real Apple Root CA – G3 chain, trusted by default: valid at its effective date (1761962975), refused a day
    /// after the leaf expires (2027-10-13T17:47:23Z) and before it starts.
    @Test func realAppleChainValidatesAtItsEffectiveDateOnly() throws {
        let leaf = try Self.certificate("real-apple-signing-certificate"), inter = try Self.certificate("real-apple-intermediate")
        let root = try Self.certificate("real-apple-root")
        #expect(SignedDataVerifier.appleRootCAG3 == root)
        #expect(SignedDataVerifier.appleRootCAG3.subject.commonName == "Apple Root CA - G3")
        // Dates up to a day after the leaf's end are not "in the future" for this test (issue 39: the bound on a
        // future signed date is tested in SignedDateBoundAndIdentityTests).
        let v = try SignedDataVerifier(bundleID: "com.example", appAppleID: 1234, environment: .production,
                                       futureSignedDateLeeway: 100 * 365 * 86_400)
        func payload(_ ms: Int64) -> String { #"{"bundleId":"com.example","environment":"Production","signedDate":\#(ms)}"# }
        // Chain valid: only the forged signature is wrong.
        Self.expectCode(.verificationFailure) { _ = try v.verifyAndDecodeTransaction(Self.forged(x5c: [leaf, inter, root], payload: payload(1_761_962_975_000))) }
        Self.expectCode(.invalidChain) { _ = try v.verifyAndDecodeTransaction(Self.forged(x5c: [leaf, inter, root], payload: payload((1_823_449_643 + 86_400) * 1000))) }
        Self.expectCode(.invalidChain) { _ = try v.verifyAndDecodeTransaction(Self.forged(x5c: [leaf, inter, root], payload: payload(1_758_311_090_000))) }
        // The app transaction's time is its receiptCreationDate.
        let app = #"{"bundleId":"com.example","receiptType":"Production","appAppleId":1234,"receiptCreationDate":\#((1_823_449_643 + 86_400) * 1000)}"#
        Self.expectCode(.invalidChain) { _ = try v.verifyAndDecodeAppTransaction(Self.forged(x5c: [leaf, inter, root], payload: app)) }
        // With no signed date, the verifier's clock decides.
        let late = try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", appAppleID: 1234, environment: .production,
                                          clock: { 1_823_449_643 + 86_400 })
        Self.expectCode(.invalidChain) {
            _ = try late.verifyAndDecodeTransaction(Self.forged(x5c: [leaf, inter, root], payload: #"{"bundleId":"com.example","environment":"Production"}"#))
        }
    }

    /// Xcode's StoreKit testing data: not signed by the App Store, decoded without chain or signature as Apple's
    /// library does; fractional millisecond dates are floored.
    @Test func xcodeDataDecodesWithoutTheChain() throws {
        let v = try SignedDataVerifier(rootCertificates: [Self.testRoot()], bundleID: "com.example.naturelab.backyardbirds.example",
                                       appAppleID: nil, environment: .xcode)
        let t = try v.verifyAndDecodeTransaction(Self.text("xcode/xcode-signed-transaction"))
        #expect(t.environment == .xcode)
        #expect(t.transactionId == "0" && t.originalTransactionId == "0" && t.webOrderLineItemId == "0")
        #expect(t.productId == "pass.premium")
        #expect(t.subscriptionGroupIdentifier == "6F3A93AB")
        #expect(t.purchaseDate == 1_697_679_936_049 && t.originalPurchaseDate == 1_697_679_936_049)
        #expect(t.expiresDate == 1_700_358_336_049 && t.signedDate == 1_697_679_936_056)
        #expect(t.quantity == 1 && t.type == .autoRenewable && t.inAppOwnershipType == .purchased)
        #expect(t.isUpgraded == false && t.offerType == .introductoryOffer && t.transactionReason == .purchase)
        #expect(t.storefront == "USA" && t.storefrontId == "143441")
        let r = try v.verifyAndDecodeRenewalInfo(Self.text("xcode/xcode-signed-renewal-info"))
        #expect(r.environment == .xcode && r.autoRenewStatus == .on && r.productId == "pass.premium")
        #expect(r.renewalDate == 1_700_358_336_049 && r.signedDate == 1_697_679_936_711 && r.recentSubscriptionStartDate == 1_697_679_936_049)
        let a = try v.verifyAndDecodeAppTransaction(Self.text("xcode/xcode-signed-app-transaction"))
        #expect(a.receiptType == .xcode && a.applicationVersion == "1" && a.originalApplicationVersion == "1")
        #expect(a.receiptCreationDate == 1_697_680_122_257 && a.originalPurchaseDate == -62_135_769_600_000)
        #expect(a.deviceVerificationNonce == "48c8b92d-ce0d-4229-bedf-e61b4f9cfc92")
        for f in ["xcode-signed-transaction", "xcode-signed-renewal-info", "xcode-signed-app-transaction"] {
            Vectors.report("apple/xcode/\(f)", cases: 1)
        }
        // The environment is still compared: sandbox data is not Xcode data, and a sandbox verifier checks Xcode data's chain.
        let xcodeForExample = try SignedDataVerifier(rootCertificates: [Self.testRoot()], bundleID: "com.example", appAppleID: nil, environment: .xcode)
        Self.expectCode(.invalidEnvironment) { _ = try xcodeForExample.verifyAndDecodeTransaction(Self.text("mock_signed_data/transactionInfo")) }
        // Xcode signs with one self-made certificate: a sandbox verifier refuses it.
        Self.expectCode(.invalidChainLength) { _ = try Self.verifier().verifyAndDecodeTransaction(Self.text("xcode/xcode-signed-transaction")) }
    }

    /// x5c entries are read by JOSE's X5CVerifier: strict standard base64 only (RFC 7515 §4.1.6), so base64url,
    /// missing or extra padding and whitespace are invalidCertificate; the entry as sent gets past the chain to the
    /// signature (which covers the header, so it no longer verifies).
    @Test func x5cEntriesMustBeStrictStandardBase64() throws {
        let parts = try Self.text("mock_signed_data/transactionInfo").split(separator: ".").map(String.init)
        let header = String(decoding: try Base64URL.decode(parts[0]), as: UTF8.self)
        let x5c = try #require(try JSONValue(parsing: header)["x5c"]?.arrayValue?.compactMap(\.stringValue))
        let v = try Self.verifier()
        func with(_ leaf: String) -> String {
            Base64URL.encode(Array(#"{"alg":"ES256","x5c":["\#(leaf)","\#(x5c[1])","\#(x5c[2])"]}"#.utf8)) + "." + parts[1] + "." + parts[2]
        }
        var variants = [x5c[0] + "=", String(x5c[0].dropLast()), "\\n" + x5c[0], " " + x5c[0], x5c[0] + "AAAA====", ""]
        let url = x5c[0].replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        if url != x5c[0] { variants.append(url) }
        for bad in variants {
            Self.expectCode(.invalidCertificate) { _ = try v.verifyAndDecodeTransaction(with(bad)) }
        }
        Self.expectCode(.verificationFailure) { _ = try v.verifyAndDecodeTransaction(with(x5c[0])) }
    }

    /// What a verifier keeps between calls (keys, verified certificate signatures, parsed certificates) never changes
    /// an answer: Apple's mock data, tampered copies and forged chains get the same result from a verifier asked a
    /// second time (after the genuine transaction filled it) and from one that keeps nothing.
    @Test func keptVerificationsNeverChangeTheAnswer() throws {
        let signed = try Self.text("mock_signed_data/transactionInfo")
        let parts = signed.split(separator: ".").map(String.init)
        let header = String(decoding: try Base64URL.decode(parts[0]), as: UTF8.self)
        let x5c = try #require(try JSONValue(parsing: header)["x5c"]?.arrayValue?.compactMap(\.stringValue))
        let first = parts[2].first == "A" ? "B" : "A"
        let otherPayload = Base64URL.encode(Array(#"{"environment":"Sandbox","bundleId":"com.example","signedDate":1672956154001}"#.utf8))
        func reheader(_ h: String) -> String { Base64URL.encode(Array(h.utf8)) + "." + parts[1] + "." + parts[2] }
        let sandbox = [signed, parts[0] + "." + parts[1] + "." + first + String(parts[2].dropFirst()),
                       parts[0] + "." + otherPayload + "." + parts[2],
                       reheader(#"{"alg":"ES256","x5c":["\#(x5c[1])","\#(x5c[0])","\#(x5c[2])"]}"#),
                       reheader(#"{"alg":"ES256","x5c":["\#(x5c[0])","\#(x5c[1])","\#(x5c[1])"]}"#),
                       try Self.text("mock_signed_data/renewalInfo"), try Self.text("xcode/xcode-signed-transaction"), signed]
        let leaf = try Self.certificate("real-apple-signing-certificate"), inter = try Self.certificate("real-apple-intermediate")
        let root = try Self.certificate("real-apple-root")
        func payload(_ ms: Int64) -> String { #"{"bundleId":"com.example","environment":"Production","signedDate":\#(ms)}"# }
        // The real chain (forged signature): valid at its effective date, expired a day after the leaf, not yet valid before.
        let production = [1_761_962_975_000, (1_823_449_643 + 86_400) * 1000, 1_758_311_090_000, 1_761_962_975_000].map {
            Self.forged(x5c: [leaf, inter, root], payload: payload($0))
        }
        func outcome(_ v: SignedDataVerifier, _ s: String) -> String {
            do { return "valid \(try v.verifyAndDecodeTransaction(s).signedDate ?? -1)" } catch { return "\(error)" }
        }
        var answers: [String] = []
        for (roots, environment, inputs) in [([try Self.testRoot()], AppStoreEnvironment.sandbox, sandbox),
                                             ([root], AppStoreEnvironment.production, production)] {
            func make(_ capacity: Int?) throws -> SignedDataVerifier {
                try SignedDataVerifier(rootCertificates: roots, bundleID: "com.example", appAppleID: 1234, environment: environment,
                                       clock: { 1_823_449_643 + 86_400 }, cacheCapacity: capacity)
            }
            let kept = try make(nil), nothing = try make(0)
            for s in inputs {
                let once = outcome(kept, s)
                #expect(outcome(kept, s) == once)
                #expect(outcome(nothing, s) == once)
                answers.append(once)
            }
        }
        // Sanity: the genuine transaction verifies, the tampered copies and forged chains do not, each with its code.
        #expect(answers[0] == "valid 1672956154000" && answers[7] == answers[0])
        #expect(answers.filter { $0.hasPrefix("valid") }.count == 2)
        #expect(answers[1].contains("verificationFailure") && answers[2].contains("verificationFailure"))
        #expect(answers[3].contains("invalidCertificate") && answers[8].contains("verificationFailure") && answers[9].contains("invalidChain"))
    }
}
