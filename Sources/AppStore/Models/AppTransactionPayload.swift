/// A signed app transaction's payload (`AppTransaction`): the customer's purchase of the app itself.
/// Dates are milliseconds since 1970 (UTC).
public struct AppTransaction: Decodable, Hashable, Sendable {
    /// The environment (Apple names the member `receiptType`).
    public var receiptType: AppStoreEnvironment?
    public var appAppleId: Int64?
    public var bundleId: String?
    public var applicationVersion: String?
    public var versionExternalIdentifier: Int64?
    @Milliseconds public var receiptCreationDate: Int64?
    @Milliseconds public var originalPurchaseDate: Int64?
    public var originalApplicationVersion: String?
    public var deviceVerification: String?
    public var deviceVerificationNonce: String?
    @Milliseconds public var preorderDate: Int64?
    public var appTransactionId: String?
    public var originalPlatform: PurchasePlatform?
}

/// The payload of a Retention Messaging realtime request (`DecodedRealtimeRequestBody`): Apple asks the server which
/// message to show a customer.
public struct DecodedRealtimeRequestBody: Decodable, Hashable, Sendable {
    public var originalTransactionId: String?
    public var appAppleId: Int64?
    public var productId: String?
    public var userLocale: String?
    public var requestIdentifier: String?
    public var environment: AppStoreEnvironment?
    @Milliseconds public var signedDate: Int64?
}
