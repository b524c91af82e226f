/// A signed transaction's payload (`JWSTransactionDecodedPayload`): one purchase, renewal or restore.
///
/// Every field is optional, as Apple documents them; dates are milliseconds since 1970-01-01T00:00:00Z (UTC).
/// Members Apple adds later are ignored when decoding; values of enum-like fields this version does not name are
/// kept (see ``AppStoreStringValue``).
public struct JWSTransactionDecodedPayload: Decodable, Hashable, Sendable {
    public var originalTransactionId: String?
    public var transactionId: String?
    public var webOrderLineItemId: String?
    public var bundleId: String?
    public var productId: String?
    public var subscriptionGroupIdentifier: String?
    @Milliseconds public var purchaseDate: Int64?
    @Milliseconds public var originalPurchaseDate: Int64?
    @Milliseconds public var expiresDate: Int64?
    public var quantity: Int32?
    public var type: ProductType?
    /// A UUID the app chose, in the text form Apple sends (lowercase hex with hyphens).
    public var appAccountToken: String?
    public var inAppOwnershipType: InAppOwnershipType?
    @Milliseconds public var signedDate: Int64?
    public var revocationReason: RevocationReason?
    @Milliseconds public var revocationDate: Int64?
    public var isUpgraded: Bool?
    public var offerType: OfferType?
    public var offerIdentifier: String?
    public var environment: AppStoreEnvironment?
    public var storefront: String?
    public var storefrontId: String?
    public var transactionReason: TransactionReason?
    public var currency: String?
    /// In milliunits of ``currency``.
    public var price: Int64?
    public var offerDiscountType: OfferDiscountType?
    public var appTransactionId: String?
    /// An ISO 8601 duration, e.g. `P1Y`.
    public var offerPeriod: String?
    public var revocationType: RevocationType?
    /// In thousandths of a percent (50000 is 50 %).
    public var revocationPercentage: Int32?
    public var advancedCommerceInfo: AdvancedCommerceTransactionInfo?
    public var billingPlanType: BillingPlanType?
    public var commitmentInfo: CommitmentInfo?
}

/// `commitmentInfo` of a transaction: a subscription billed monthly over a longer commitment.
public struct CommitmentInfo: Decodable, Hashable, Sendable {
    public var billingPeriodNumber: Int32?
    @Milliseconds public var commitmentExpiresDate: Int64?
    public var commitmentPrice: Int64?
    public var totalBillingPeriods: Int32?
}

/// `descriptors` of an Advanced Commerce purchase.
public struct AdvancedCommerceDescriptors: Decodable, Hashable, Sendable {
    public var description: String?
    public var displayName: String?
}

/// `offer` of an Advanced Commerce item.
public struct AdvancedCommerceOffer: Decodable, Hashable, Sendable {
    public var period: String?
    public var periodCount: Int32?
    public var price: Int64?
    public var reason: String?
}

/// One refund of an Advanced Commerce item.
public struct AdvancedCommerceRefund: Decodable, Hashable, Sendable {
    public var refundAmount: Int64?
    @Milliseconds public var refundDate: Int64?
    public var refundReason: AdvancedCommerceRefundReason?
    public var refundType: AdvancedCommerceRefundType?
}

/// `advancedCommerceInfo` of a transaction.
public struct AdvancedCommerceTransactionInfo: Decodable, Hashable, Sendable {
    public var descriptors: AdvancedCommerceDescriptors?
    public var estimatedTax: Int64?
    public var items: [AdvancedCommerceTransactionItem]?
    public var period: String?
    public var requestReferenceId: String?
    public var taxCode: String?
    public var taxExclusivePrice: Int64?
    /// A decimal rate as text, e.g. `"0.15"`.
    public var taxRate: String?
}

/// One item of ``AdvancedCommerceTransactionInfo``.
public struct AdvancedCommerceTransactionItem: Decodable, Hashable, Sendable {
    /// The JSON member `SKU`.
    public var sku: String?
    public var description: String?
    public var displayName: String?
    public var offer: AdvancedCommerceOffer?
    public var price: Int64?
    public var refunds: [AdvancedCommerceRefund]?
    @Milliseconds public var revocationDate: Int64?

    enum CodingKeys: String, CodingKey {
        case sku = "SKU", description, displayName, offer, price, refunds, revocationDate
    }
}
