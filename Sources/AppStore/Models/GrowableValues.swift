/// A field Apple documents as one of a list of strings. The list grows (Apple adds notification types, product
/// types and reasons every year), so a value this version does not name is kept as it came rather than refused:
/// a server keeps working and can log the new value. Compare with the static members (`==`), and `switch` with a
/// `default`.
public protocol AppStoreStringValue: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible
where RawValue == String {
    init(rawValue: String)
}

extension AppStoreStringValue {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
    public var description: String { rawValue }
}

/// A field Apple documents as one of a list of integers; like ``AppStoreStringValue``, unknown values are kept.
public protocol AppStoreIntegerValue: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible
where RawValue == Int32 {
    init(rawValue: Int32)
}

extension AppStoreIntegerValue {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int32.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
    public var description: String { String(rawValue) }
}

/// The server environment that signed the data: `Production`, `Sandbox`, `Xcode` (StoreKit testing in Xcode) or
/// `LocalTesting`.
public struct AppStoreEnvironment: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let production = Self(rawValue: "Production")
    public static let sandbox = Self(rawValue: "Sandbox")
    public static let xcode = Self(rawValue: "Xcode")
    public static let localTesting = Self(rawValue: "LocalTesting")
}

/// `type` of a transaction.
public struct ProductType: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let autoRenewable = Self(rawValue: "Auto-Renewable Subscription")
    public static let nonConsumable = Self(rawValue: "Non-Consumable")
    public static let consumable = Self(rawValue: "Consumable")
    public static let nonRenewing = Self(rawValue: "Non-Renewing Subscription")
}

/// `inAppOwnershipType`: bought by the user or shared with them through Family Sharing.
public struct InAppOwnershipType: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let familyShared = Self(rawValue: "FAMILY_SHARED")
    public static let purchased = Self(rawValue: "PURCHASED")
}

/// `transactionReason`.
public struct TransactionReason: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let purchase = Self(rawValue: "PURCHASE")
    public static let renewal = Self(rawValue: "RENEWAL")
}

/// `offerDiscountType`: the payment mode of an offer.
public struct OfferDiscountType: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let freeTrial = Self(rawValue: "FREE_TRIAL")
    public static let payAsYouGo = Self(rawValue: "PAY_AS_YOU_GO")
    public static let payUpFront = Self(rawValue: "PAY_UP_FRONT")
    public static let oneTime = Self(rawValue: "ONE_TIME")
}

/// `revocationType` of a refunded transaction.
public struct RevocationType: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let refundFull = Self(rawValue: "REFUND_FULL")
    public static let refundProrated = Self(rawValue: "REFUND_PRORATED")
    public static let familyRevoke = Self(rawValue: "FAMILY_REVOKE")
}

/// `billingPlanType` / `commitmentRenewalBillingPlanType` / `renewalBillingPlanType`.
public struct BillingPlanType: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let monthly = Self(rawValue: "MONTHLY")
    public static let upFront = Self(rawValue: "UP_FRONT")
}

/// `notificationType` of an App Store Server Notification V2.
public struct NotificationTypeV2: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let subscribed = Self(rawValue: "SUBSCRIBED")
    public static let didChangeRenewalPref = Self(rawValue: "DID_CHANGE_RENEWAL_PREF")
    public static let didChangeRenewalStatus = Self(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    public static let offerRedeemed = Self(rawValue: "OFFER_REDEEMED")
    public static let didRenew = Self(rawValue: "DID_RENEW")
    public static let expired = Self(rawValue: "EXPIRED")
    public static let didFailToRenew = Self(rawValue: "DID_FAIL_TO_RENEW")
    public static let gracePeriodExpired = Self(rawValue: "GRACE_PERIOD_EXPIRED")
    public static let priceIncrease = Self(rawValue: "PRICE_INCREASE")
    public static let refund = Self(rawValue: "REFUND")
    public static let refundDeclined = Self(rawValue: "REFUND_DECLINED")
    public static let consumptionRequest = Self(rawValue: "CONSUMPTION_REQUEST")
    public static let renewalExtended = Self(rawValue: "RENEWAL_EXTENDED")
    public static let revoke = Self(rawValue: "REVOKE")
    public static let test = Self(rawValue: "TEST")
    public static let renewalExtension = Self(rawValue: "RENEWAL_EXTENSION")
    public static let refundReversed = Self(rawValue: "REFUND_REVERSED")
    public static let externalPurchaseToken = Self(rawValue: "EXTERNAL_PURCHASE_TOKEN")
    public static let oneTimeCharge = Self(rawValue: "ONE_TIME_CHARGE")
    public static let rescindConsent = Self(rawValue: "RESCIND_CONSENT")
    public static let metadataUpdate = Self(rawValue: "METADATA_UPDATE")
    public static let migration = Self(rawValue: "MIGRATION")
    public static let priceChange = Self(rawValue: "PRICE_CHANGE")
}

/// `subtype` of an App Store Server Notification V2.
public struct NotificationSubtype: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let initialBuy = Self(rawValue: "INITIAL_BUY")
    public static let resubscribe = Self(rawValue: "RESUBSCRIBE")
    public static let downgrade = Self(rawValue: "DOWNGRADE")
    public static let upgrade = Self(rawValue: "UPGRADE")
    public static let autoRenewEnabled = Self(rawValue: "AUTO_RENEW_ENABLED")
    public static let autoRenewDisabled = Self(rawValue: "AUTO_RENEW_DISABLED")
    public static let voluntary = Self(rawValue: "VOLUNTARY")
    public static let billingRetry = Self(rawValue: "BILLING_RETRY")
    public static let priceIncrease = Self(rawValue: "PRICE_INCREASE")
    public static let gracePeriod = Self(rawValue: "GRACE_PERIOD")
    public static let pending = Self(rawValue: "PENDING")
    public static let accepted = Self(rawValue: "ACCEPTED")
    public static let billingRecovery = Self(rawValue: "BILLING_RECOVERY")
    public static let productNotForSale = Self(rawValue: "PRODUCT_NOT_FOR_SALE")
    public static let summary = Self(rawValue: "SUMMARY")
    public static let failure = Self(rawValue: "FAILURE")
    public static let unreported = Self(rawValue: "UNREPORTED")
    public static let created = Self(rawValue: "CREATED")
}

/// `status` of an auto-renewable subscription in a notification's data.
public struct SubscriptionStatus: AppStoreIntegerValue {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let active = Self(rawValue: 1)
    public static let expired = Self(rawValue: 2)
    public static let billingRetry = Self(rawValue: 3)
    public static let billingGracePeriod = Self(rawValue: 4)
    public static let revoked = Self(rawValue: 5)
}

/// `consumptionRequestReason` of a `CONSUMPTION_REQUEST` notification.
public struct ConsumptionRequestReason: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unintendedPurchase = Self(rawValue: "UNINTENDED_PURCHASE")
    public static let fulfillmentIssue = Self(rawValue: "FULFILLMENT_ISSUE")
    public static let unsatisfiedWithPurchase = Self(rawValue: "UNSATISFIED_WITH_PURCHASE")
    public static let legal = Self(rawValue: "LEGAL")
    public static let other = Self(rawValue: "OTHER")
}

/// `revocationReason`: 0 other, 1 an issue in the app.
public struct RevocationReason: AppStoreIntegerValue {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let refundedForOtherReason = Self(rawValue: 0)
    public static let refundedDueToIssue = Self(rawValue: 1)
}

/// `offerType`: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
public struct OfferType: AppStoreIntegerValue {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let introductoryOffer = Self(rawValue: 1)
    public static let promotionalOffer = Self(rawValue: 2)
    public static let subscriptionOfferCode = Self(rawValue: 3)
    public static let winBackOffer = Self(rawValue: 4)
}

/// `expirationIntent` of renewal info.
public struct ExpirationIntent: AppStoreIntegerValue {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let customerCancelled = Self(rawValue: 1)
    public static let billingError = Self(rawValue: 2)
    public static let customerDidNotConsentToPriceIncrease = Self(rawValue: 3)
    public static let productNotAvailable = Self(rawValue: 4)
    public static let other = Self(rawValue: 5)
}

/// `autoRenewStatus`: 0 off, 1 on.
public struct AutoRenewStatus: AppStoreIntegerValue {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let off = Self(rawValue: 0)
    public static let on = Self(rawValue: 1)
}

/// `priceIncreaseStatus`: 0 not yet responded, 1 consented or notified.
public struct PriceIncreaseStatus: AppStoreIntegerValue {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let customerHasNotResponded = Self(rawValue: 0)
    public static let customerConsentedOrWasNotifiedWithoutNeedingConsent = Self(rawValue: 1)
}

/// `originalPlatform` of an app transaction.
public struct PurchasePlatform: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let iOS = Self(rawValue: "iOS")
    public static let macOS = Self(rawValue: "macOS")
    public static let tvOS = Self(rawValue: "tvOS")
    public static let visionOS = Self(rawValue: "visionOS")
}

/// Advanced Commerce API: `refundReason` of a refund.
public struct AdvancedCommerceRefundReason: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unintendedPurchase = Self(rawValue: "UNINTENDED_PURCHASE")
    public static let fulfillmentIssue = Self(rawValue: "FULFILLMENT_ISSUE")
    public static let unsatisfiedWithPurchase = Self(rawValue: "UNSATISFIED_WITH_PURCHASE")
    public static let legal = Self(rawValue: "LEGAL")
    public static let other = Self(rawValue: "OTHER")
    public static let modifyItemsRefund = Self(rawValue: "MODIFY_ITEMS_REFUND")
    public static let simulateRefundDecline = Self(rawValue: "SIMULATE_REFUND_DECLINE")
}

/// Advanced Commerce API: `refundType` of a refund.
public struct AdvancedCommerceRefundType: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let full = Self(rawValue: "FULL")
    public static let prorated = Self(rawValue: "PRORATED")
    public static let custom = Self(rawValue: "CUSTOM")
}

/// Advanced Commerce API: `status` of a price increase.
public struct AdvancedCommercePriceIncreaseStatus: AppStoreStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let scheduled = Self(rawValue: "SCHEDULED")
    public static let pending = Self(rawValue: "PENDING")
    public static let accepted = Self(rawValue: "ACCEPTED")
}
