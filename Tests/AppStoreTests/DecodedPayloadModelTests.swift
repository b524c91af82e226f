import Foundation
import Testing
import JOSE
import TestSupport
@testable import AppStore

/// Apple's decoded-payload fixtures (`Vectors/apple/models/`) decode field for field, as Apple's own tests check them.
@Suite("App Store decoded payloads")
struct DecodedPayloadModelTests {
    static let folder = "apple/models"

    static func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        let bytes = try Vectors.bytes("\(folder)/\(name).json")
        let value = try JSONValueDecoder().decode(T.self, from: bytes)
        Vectors.report("\(folder)/\(name).json", cases: 1)
        return value
    }

    @Test func everyFixtureIsDecodedByOneTest() throws {
        // The twelve payload bodies this module models (the API-response fixtures of Apple's library are not copied).
        let names = try Vectors.files(in: Self.folder, suffix: ".json")
        #expect(names == [
            "appData.json", "appTransaction.json", "decodedRealtimeRequest.json",
            "signedConsumptionRequestNotification.json", "signedExternalPurchaseTokenNotification.json",
            "signedExternalPurchaseTokenSandboxNotification.json", "signedNotification.json",
            "signedRenewalInfo.json", "signedRescindConsentNotification.json", "signedSummaryNotification.json",
            "signedTransaction.json", "signedTransactionWithRevocation.json",
        ])
        Vectors.report(Self.folder, cases: names.count, detail: "payload fixtures")
    }

    @Test func transaction() throws {
        let t = try Self.load("signedTransaction", as: JWSTransactionDecodedPayload.self)
        #expect(t.originalTransactionId == "12345")
        #expect(t.transactionId == "23456")
        #expect(t.webOrderLineItemId == "34343")
        #expect(t.bundleId == "com.example")
        #expect(t.productId == "com.example.product")
        #expect(t.subscriptionGroupIdentifier == "55555")
        #expect(t.originalPurchaseDate == 1_698_148_800_000)
        #expect(t.purchaseDate == 1_698_148_900_000)
        #expect(t.revocationDate == 1_698_148_950_000)
        #expect(t.expiresDate == 1_698_149_000_000)
        #expect(t.quantity == 1)
        #expect(t.type == .autoRenewable)
        #expect(t.type?.rawValue == "Auto-Renewable Subscription")
        #expect(t.appAccountToken == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
        #expect(t.inAppOwnershipType == .purchased)
        #expect(t.signedDate == 1_698_148_900_000)
        #expect(t.revocationReason == .refundedDueToIssue)
        #expect(t.revocationReason?.rawValue == 1)
        #expect(t.isUpgraded == true)
        #expect(t.offerType == .introductoryOffer)
        #expect(t.offerIdentifier == "abc.123")
        #expect(t.environment == .localTesting)
        #expect(t.environment?.rawValue == "LocalTesting")
        #expect(t.transactionReason == .purchase)
        #expect(t.storefront == "USA")
        #expect(t.storefrontId == "143441")
        #expect(t.price == 10_990)
        #expect(t.currency == "USD")
        #expect(t.offerDiscountType == .payAsYouGo)
        #expect(t.appTransactionId == "71134")
        #expect(t.offerPeriod == "P1Y")
        #expect(t.revocationType == nil)
        #expect(t.revocationPercentage == nil)
        #expect(t.billingPlanType == .monthly)
        #expect(t.commitmentInfo == CommitmentInfo(billingPeriodNumber: 3, commitmentExpiresDate: 1_698_150_000_000,
                                                   commitmentPrice: 119_880, totalBillingPeriods: 12))
        let ac = try #require(t.advancedCommerceInfo)
        #expect(ac.descriptors == AdvancedCommerceDescriptors(description: "Premium Plan", displayName: "Premium"))
        #expect(ac.estimatedTax == 1500)
        #expect(ac.period == "P1M")
        #expect(ac.requestReferenceId == "ref-12345")
        #expect(ac.taxCode == "TAX_CODE_1")
        #expect(ac.taxExclusivePrice == 8490)
        #expect(ac.taxRate == "0.15")
        let items = try #require(ac.items)
        #expect(items.count == 1)
        #expect(items[0].sku == "com.example.sku.premium")
        #expect(items[0].description == "Premium feature")
        #expect(items[0].displayName == "Premium Feature")
        #expect(items[0].price == 9990)
        #expect(items[0].offer == nil)
        #expect(items[0].revocationDate == 1_698_149_200_000)
        #expect(items[0].refunds == [AdvancedCommerceRefund(refundAmount: 5000, refundDate: 1_698_149_100_000,
                                                            refundReason: .fulfillmentIssue, refundType: .prorated)])
    }

    @Test func transactionWithRevocation() throws {
        let t = try Self.load("signedTransactionWithRevocation", as: JWSTransactionDecodedPayload.self)
        #expect(t.transactionId == "23456")
        #expect(t.revocationReason == .refundedDueToIssue)
        #expect(t.revocationDate == 1_698_148_950_000)
        #expect(t.revocationType == .refundProrated)
        #expect(t.revocationPercentage == 50_000)
        #expect(t.advancedCommerceInfo == nil)
        #expect(t.commitmentInfo == nil)
        #expect(t.billingPlanType == nil)
    }

    @Test func renewalInfo() throws {
        let r = try Self.load("signedRenewalInfo", as: JWSRenewalInfoDecodedPayload.self)
        #expect(r.expirationIntent == .customerCancelled)
        #expect(r.originalTransactionId == "12345")
        #expect(r.autoRenewProductId == "com.example.product.2")
        #expect(r.productId == "com.example.product")
        #expect(r.autoRenewStatus == .on)
        #expect(r.isInBillingRetryPeriod == true)
        #expect(r.priceIncreaseStatus == .customerHasNotResponded)
        #expect(r.gracePeriodExpiresDate == 1_698_148_900_000)
        #expect(r.offerType == .promotionalOffer)
        #expect(r.offerIdentifier == "abc.123")
        #expect(r.signedDate == 1_698_148_800_000)
        #expect(r.environment == .localTesting)
        #expect(r.recentSubscriptionStartDate == 1_698_148_800_000)
        #expect(r.renewalDate == 1_698_148_850_000)
        #expect(r.renewalPrice == 9990)
        #expect(r.currency == "USD")
        #expect(r.offerDiscountType == .payAsYouGo)
        #expect(r.eligibleWinBackOfferIds == ["eligible1", "eligible2"])
        #expect(r.appTransactionId == "71134")
        #expect(r.offerPeriod == "P1Y")
        #expect(r.appAccountToken == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
        #expect(r.renewalBillingPlanType == .monthly)
        #expect(r.commitmentInfo == RenewalCommitmentInfo(
            commitmentAutoRenewProductId: "com.example.product.commitment", commitmentAutoRenewStatus: .on,
            commitmentRenewalBillingPlanType: .monthly, commitmentRenewalDate: 1_698_149_500_000,
            commitmentRenewalPrice: 9990))
        let ac = try #require(r.advancedCommerceInfo)
        #expect(ac.consistencyToken == "token-abc-123")
        #expect(ac.descriptors?.displayName == "Premium")
        #expect(ac.period == "P1M")
        #expect(ac.requestReferenceId == "ref-12345")
        #expect(ac.taxCode == "TAX_CODE_1")
        let item = try #require(ac.items?.first)
        #expect(ac.items?.count == 1)
        #expect(item.sku == "com.example.sku.premium")
        #expect(item.price == 9990)
        #expect(item.priceIncreaseInfo == AdvancedCommercePriceIncreaseInfo(
            dependentSKUs: ["com.example.sku.1", "com.example.sku.2"], price: 12_990, status: .pending))
    }

    @Test func notificationWithData() throws {
        let n = try Self.load("signedNotification", as: ResponseBodyV2DecodedPayload.self)
        #expect(n.notificationType == .subscribed)
        #expect(n.subtype == .initialBuy)
        #expect(n.notificationUUID == "002e14d5-51f5-4503-b5a8-c3a1af68eb20")
        #expect(n.version == "2.0")
        #expect(n.signedDate == 1_698_148_900_000)
        #expect(n.summary == nil && n.externalPurchaseToken == nil && n.appData == nil)
        #expect(n.data == NotificationData(environment: .localTesting, appAppleId: 41234, bundleId: "com.example",
                                           bundleVersion: "1.2.3", signedTransactionInfo: "signed_transaction_info_value",
                                           signedRenewalInfo: "signed_renewal_info_value", status: .active,
                                           consumptionRequestReason: nil))
    }

    @Test func consumptionRequestNotification() throws {
        let n = try Self.load("signedConsumptionRequestNotification", as: ResponseBodyV2DecodedPayload.self)
        #expect(n.notificationType == .consumptionRequest)
        #expect(n.subtype == nil)
        #expect(n.data?.consumptionRequestReason == .unintendedPurchase)
        #expect(n.data?.status == .active)
        #expect(n.data?.appAppleId == 41234)
        #expect(n.data?.signedRenewalInfo == "signed_renewal_info_value")
    }

    @Test func summaryNotification() throws {
        let n = try Self.load("signedSummaryNotification", as: ResponseBodyV2DecodedPayload.self)
        #expect(n.notificationType == .renewalExtension)
        #expect(n.subtype == .summary)
        #expect(n.data == nil)
        #expect(n.summary == NotificationSummary(environment: .localTesting, appAppleId: 41234, bundleId: "com.example",
                                                 productId: "com.example.product",
                                                 requestIdentifier: "efb27071-45a4-4aca-9854-2a1e9146f265",
                                                 storefrontCountryCodes: ["CAN", "USA", "MEX"],
                                                 succeededCount: 5, failedCount: 2))
    }

    @Test(arguments: [("signedExternalPurchaseTokenNotification", "b2158121-7af9-49d4-9561-1f588205523e"),
                      ("signedExternalPurchaseTokenSandboxNotification", "SANDBOX_b2158121-7af9-49d4-9561-1f588205523e")])
    func externalPurchaseTokenNotification(name: String, id: String) throws {
        let n = try Self.load(name, as: ResponseBodyV2DecodedPayload.self)
        #expect(n.notificationType == .externalPurchaseToken)
        #expect(n.subtype == .unreported)
        #expect(n.signedDate == 1_698_148_900_000)
        #expect(n.data == nil && n.summary == nil)
        #expect(n.externalPurchaseToken == ExternalPurchaseToken(externalPurchaseId: id, tokenCreationDate: 1_698_148_950_000,
                                                                 appAppleId: 55555, bundleId: "com.example"))
    }

    @Test func rescindConsentNotification() throws {
        let n = try Self.load("signedRescindConsentNotification", as: ResponseBodyV2DecodedPayload.self)
        #expect(n.notificationType == .rescindConsent)
        #expect(n.notificationType?.rawValue == "RESCIND_CONSENT")
        #expect(n.subtype == nil)
        #expect(n.data == nil)
        #expect(n.appData == AppData(appAppleId: 41234, bundleId: "com.example", environment: .localTesting,
                                     signedAppTransactionInfo: "signed_app_transaction_info_value"))
    }

    @Test func appData() throws {
        let a = try Self.load("appData", as: AppData.self)
        #expect(a == AppData(appAppleId: 987_654_321, bundleId: "com.example", environment: .sandbox,
                             signedAppTransactionInfo: "signed-app-transaction-info"))
    }

    @Test func appTransaction() throws {
        let a = try Self.load("appTransaction", as: AppTransaction.self)
        #expect(a.receiptType == .localTesting)
        #expect(a.appAppleId == 531_412)
        #expect(a.bundleId == "com.example")
        #expect(a.applicationVersion == "1.2.3")
        #expect(a.versionExternalIdentifier == 512)
        #expect(a.receiptCreationDate == 1_698_148_900_000)
        #expect(a.originalPurchaseDate == 1_698_148_800_000)
        #expect(a.originalApplicationVersion == "1.1.2")
        #expect(a.deviceVerification == "device_verification_value")
        #expect(a.deviceVerificationNonce == "48ccfa42-7431-4f22-9908-7e88983e105a")
        #expect(a.preorderDate == 1_698_148_700_000)
        #expect(a.appTransactionId == "71134")
        #expect(a.originalPlatform == .iOS)
    }

    @Test func realtimeRequest() throws {
        let r = try Self.load("decodedRealtimeRequest", as: DecodedRealtimeRequestBody.self)
        #expect(r == DecodedRealtimeRequestBody(originalTransactionId: "99371282", appAppleId: 531_412,
                                                productId: "com.example.product", userLocale: "en-US",
                                                requestIdentifier: "3db5c98d-8acf-4e29-831e-8e1f82f9f6e9",
                                                environment: .localTesting, signedDate: 1_698_148_900_000))
    }

    /// Xcode's StoreKit testing writes fractional milliseconds (`1697679936049.7297`): floored to the millisecond.
    /// A date that is not a number, or out of range, is still an error; `null` is nil.
    @Test func fractionalMillisecondDatesAreFloored() throws {
        let json = #"{"purchaseDate":1697679936049.7297,"signedDate":1697679936056.485,"expiresDate":null,"originalPurchaseDate":-62135769600000}"#
        let t = try JSONValueDecoder().decode(JWSTransactionDecodedPayload.self, from: Array(json.utf8))
        #expect(t.purchaseDate == 1_697_679_936_049)
        #expect(t.signedDate == 1_697_679_936_056)
        #expect(t.expiresDate == nil && t.revocationDate == nil)
        #expect(t.originalPurchaseDate == -62_135_769_600_000)
        let negative = try JSONValueDecoder().decode(AppTransaction.self, from: Array(#"{"preorderDate":-1.5}"#.utf8))
        #expect(negative.preorderDate == -2)
        for bad in [#"{"purchaseDate":"1697679936049"}"#, #"{"purchaseDate":1e300}"#, #"{"purchaseDate":true}"#] {
            #expect(throws: DecodingError.self) { _ = try JSONValueDecoder().decode(JWSTransactionDecodedPayload.self, from: Array(bad.utf8)) }
        }
    }

    /// A value Apple adds next year decodes and is kept; a wrong JSON type is still an error.
    @Test func unknownEnumValuesAreKeptAndWrongTypesRefused() throws {
        let json = #"{"notificationType":"SOMETHING_NEW","subtype":"ALSO_NEW","data":{"status":42},"newMember":[1]}"#
        let n = try JSONValueDecoder().decode(ResponseBodyV2DecodedPayload.self, from: Array(json.utf8))
        #expect(n.notificationType?.rawValue == "SOMETHING_NEW")
        #expect(n.notificationType != .subscribed)
        #expect(n.subtype?.rawValue == "ALSO_NEW")
        #expect(n.data?.status?.rawValue == 42)
        #expect(throws: DecodingError.self) {
            _ = try JSONValueDecoder().decode(JWSTransactionDecodedPayload.self, from: Array(#"{"purchaseDate":"soon"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONValueDecoder().decode(JWSTransactionDecodedPayload.self, from: Array(#"{"type":1}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONValueDecoder().decode(JWSTransactionDecodedPayload.self, from: Array(#"{"quantity":3000000000}"#.utf8))
        }
    }
}
