/// A signed renewal info's payload (`JWSRenewalInfoDecodedPayload`): the state of an auto-renewable subscription.
/// Dates are milliseconds since 1970 (UTC).
public struct JWSRenewalInfoDecodedPayload: Decodable, Hashable, Sendable {
    public var expirationIntent: ExpirationIntent?
    public var originalTransactionId: String?
    public var autoRenewProductId: String?
    public var productId: String?
    public var autoRenewStatus: AutoRenewStatus?
    public var isInBillingRetryPeriod: Bool?
    public var priceIncreaseStatus: PriceIncreaseStatus?
    @Milliseconds public var gracePeriodExpiresDate: Int64?
    public var offerType: OfferType?
    public var offerIdentifier: String?
    @Milliseconds public var signedDate: Int64?
    public var environment: AppStoreEnvironment?
    @Milliseconds public var recentSubscriptionStartDate: Int64?
    @Milliseconds public var renewalDate: Int64?
    public var currency: String?
    /// In milliunits of ``currency``.
    public var renewalPrice: Int64?
    public var offerDiscountType: OfferDiscountType?
    public var eligibleWinBackOfferIds: [String]?
    public var appTransactionId: String?
    public var offerPeriod: String?
    public var appAccountToken: String?
    public var advancedCommerceInfo: AdvancedCommerceRenewalInfo?
    public var commitmentInfo: RenewalCommitmentInfo?
    public var renewalBillingPlanType: BillingPlanType?
}

/// `commitmentInfo` of renewal info.
public struct RenewalCommitmentInfo: Decodable, Hashable, Sendable {
    public var commitmentAutoRenewProductId: String?
    public var commitmentAutoRenewStatus: AutoRenewStatus?
    public var commitmentRenewalBillingPlanType: BillingPlanType?
    @Milliseconds public var commitmentRenewalDate: Int64?
    public var commitmentRenewalPrice: Int64?
}

/// `advancedCommerceInfo` of renewal info.
public struct AdvancedCommerceRenewalInfo: Decodable, Hashable, Sendable {
    public var consistencyToken: String?
    public var descriptors: AdvancedCommerceDescriptors?
    public var items: [AdvancedCommerceRenewalItem]?
    public var period: String?
    public var requestReferenceId: String?
    public var taxCode: String?
}

/// One item of ``AdvancedCommerceRenewalInfo``.
public struct AdvancedCommerceRenewalItem: Decodable, Hashable, Sendable {
    /// The JSON member `SKU`.
    public var sku: String?
    public var description: String?
    public var displayName: String?
    public var offer: AdvancedCommerceOffer?
    public var price: Int64?
    public var priceIncreaseInfo: AdvancedCommercePriceIncreaseInfo?

    enum CodingKeys: String, CodingKey {
        case sku = "SKU", description, displayName, offer, price, priceIncreaseInfo
    }
}

/// `priceIncreaseInfo` of an Advanced Commerce renewal item.
public struct AdvancedCommercePriceIncreaseInfo: Decodable, Hashable, Sendable {
    public var dependentSKUs: [String]?
    public var price: Int64?
    public var status: AdvancedCommercePriceIncreaseStatus?
}
