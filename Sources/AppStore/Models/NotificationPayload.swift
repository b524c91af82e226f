/// The payload of an App Store Server Notification V2 (`ResponseBodyV2DecodedPayload`): what Apple POSTs as
/// `{"signedPayload": …}`. Exactly one of ``data``, ``summary``, ``externalPurchaseToken`` and ``appData`` is present,
/// depending on the notification type. Dates are milliseconds since 1970 (UTC).
public struct ResponseBodyV2DecodedPayload: Decodable, Hashable, Sendable {
    public var notificationType: NotificationTypeV2?
    public var subtype: NotificationSubtype?
    public var notificationUUID: String?
    public var data: NotificationData?
    public var version: String?
    @Milliseconds public var signedDate: Int64?
    public var summary: NotificationSummary?
    public var externalPurchaseToken: ExternalPurchaseToken?
    public var appData: AppData?
}

/// `data` of a notification about a purchase or subscription (Apple's `Data`). The signed transaction and renewal
/// info inside are JWS strings of their own; `SignedDataVerifier` verifies them on request.
public struct NotificationData: Decodable, Hashable, Sendable {
    public var environment: AppStoreEnvironment?
    public var appAppleId: Int64?
    public var bundleId: String?
    public var bundleVersion: String?
    public var signedTransactionInfo: String?
    public var signedRenewalInfo: String?
    public var status: SubscriptionStatus?
    public var consumptionRequestReason: ConsumptionRequestReason?
}

/// `summary` of a `RENEWAL_EXTENSION` / `SUMMARY` notification (Apple's `Summary`).
public struct NotificationSummary: Decodable, Hashable, Sendable {
    public var environment: AppStoreEnvironment?
    public var appAppleId: Int64?
    public var bundleId: String?
    public var productId: String?
    public var requestIdentifier: String?
    public var storefrontCountryCodes: [String]?
    public var succeededCount: Int64?
    public var failedCount: Int64?
}

/// `externalPurchaseToken` of an `EXTERNAL_PURCHASE_TOKEN` notification.
public struct ExternalPurchaseToken: Decodable, Hashable, Sendable {
    public var externalPurchaseId: String?
    @Milliseconds public var tokenCreationDate: Int64?
    public var appAppleId: Int64?
    public var bundleId: String?
}

/// `appData` of a notification about the app rather than a purchase (e.g. `RESCIND_CONSENT`).
public struct AppData: Decodable, Hashable, Sendable {
    public var appAppleId: Int64?
    public var bundleId: String?
    public var environment: AppStoreEnvironment?
    public var signedAppTransactionInfo: String?
}
