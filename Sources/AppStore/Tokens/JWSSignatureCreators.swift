import JOSE

/// The JWS that StoreKit 2 takes for promotional offers, introductory-offer eligibility and Advanced Commerce in-app
/// requests ("Generating JWS to sign App Store requests"): ES256, header `{"alg":"ES256","typ":"JWT","kid":…}`,
/// claims `nonce` (a fresh UUID), `iss` (issuer ID), `bid`, `aud` (the feature), `iat`, then the feature's own claims.
public struct AppStoreJWSSignatureCreator: Sendable {
    /// Which App Store feature the signature is for (its `aud`).
    public struct Feature: Sendable, Hashable {
        public let audience: String
        public static let promotionalOffer = Feature(audience: "promotional-offer")
        public static let introductoryOfferEligibility = Feature(audience: "introductory-offer-eligibility")
        public static let advancedCommerce = Feature(audience: "advanced-commerce-api")
    }

    public let key: AppleAPIKey
    public let issuerID: String
    public let bundleID: String
    /// Supplies `nonce` (a fresh random UUID unless a test injects one) and `iat` (the system clock).
    let nonce: @Sendable () -> String
    let clock: @Sendable () -> Int64

    public init(key: AppleAPIKey, issuerID: String, bundleID: String) throws(AppStoreError) {
        try self.init(key: key, issuerID: issuerID, bundleID: bundleID, nonce: { randomUUID() },
                      clock: { Int64(systemTimeSeconds()) })
    }

    /// With injected `nonce` and clock (for reproducible output in tests).
    public init(key: AppleAPIKey, issuerID: String, bundleID: String, nonce: @escaping @Sendable () -> String,
                clock: @escaping @Sendable () -> Int64) throws(AppStoreError) {
        try requireText(issuerID, "issuer ID")
        try requireText(bundleID, "bundle ID")
        self.key = key
        self.issuerID = issuerID
        self.bundleID = bundleID
        self.nonce = nonce
        self.clock = clock
    }

    struct PromotionalOfferClaims: Encodable {
        let nonce: String, iss: String, bid: String, aud: String, iat: Int64
        let productId: String
        let offerIdentifier: String
        let transactionId: String?
    }

    struct EligibilityClaims: Encodable {
        let nonce: String, iss: String, bid: String, aud: String, iat: Int64
        let productId: String
        let allowIntroductoryOffer: Bool
        let transactionId: String
    }

    struct AdvancedCommerceClaims: Encodable {
        let nonce: String, iss: String, bid: String, aud: String, iat: Int64
        let request: String
    }

    private func base() throws(AppStoreError) -> (nonce: String, iat: Int64) {
        let iat = clock()
        try requireIssuedAt(iat)
        return (nonce(), iat)
    }

    /// A promotional offer signature (StoreKit 2, `Product.PurchaseOption.promotionalOffer(_:compactJWS:)`).
    /// `transactionID` is optional but recommended (any of the customer's transactions, or their app transaction ID).
    public func promotionalOffer(productID: String, offerIdentifier: String, transactionID: String? = nil) throws(AppStoreError) -> String {
        try requireText(productID, "product ID")
        try requireText(offerIdentifier, "offer identifier")
        if let transactionID { try requireText(transactionID, "transaction ID") }
        let b = try base()
        return try key.sign(PromotionalOfferClaims(nonce: b.nonce, iss: issuerID, bid: bundleID,
                                                   aud: Feature.promotionalOffer.audience, iat: b.iat, productId: productID,
                                                   offerIdentifier: offerIdentifier, transactionId: transactionID), type: "JWT")
    }

    /// An introductory-offer eligibility signature.
    public func introductoryOfferEligibility(productID: String, allowIntroductoryOffer: Bool, transactionID: String) throws(AppStoreError) -> String {
        try requireText(productID, "product ID")
        try requireText(transactionID, "transaction ID")
        let b = try base()
        return try key.sign(EligibilityClaims(nonce: b.nonce, iss: issuerID, bid: bundleID,
                                              aud: Feature.introductoryOfferEligibility.audience, iat: b.iat,
                                              productId: productID, allowIntroductoryOffer: allowIntroductoryOffer,
                                              transactionId: transactionID), type: "JWT")
    }

    /// An Advanced Commerce in-app request: `request` is the request encoded as JSON, then base64 (standard alphabet).
    public func advancedCommerceInAppRequest(_ request: some Encodable) throws(AppStoreError) -> String {
        let json: [UInt8]
        do { json = try JSONValueEncoder().encode(request) } catch {
            throw .make(.invalidArgument, "the request does not encode as JSON: \(error)")
        }
        let b = try base()
        return try key.sign(AdvancedCommerceClaims(nonce: b.nonce, iss: issuerID, bid: bundleID,
                                                   aud: Feature.advancedCommerce.audience, iat: b.iat,
                                                   request: base64(json)), type: "JWT")
    }
}
