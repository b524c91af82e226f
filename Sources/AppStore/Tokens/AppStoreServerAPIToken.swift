/// The bearer token of the App Store Server API (`Authorization: Bearer <token>`): an ES256 JWT made with an
/// In-App Purchase key.
///
/// Header `{"alg":"ES256","typ":"JWT","kid":…}`; claims `iss` (issuer ID), `iat`, `exp`, `aud`
/// (`appstoreconnect-v1`) and `bid` (bundle ID), in that order. Apple refuses tokens that live longer than an hour.
///
/// ```swift
/// let maker = try AppStoreServerAPIToken(key: AppleAPIKey(keyID: "ABCDEFGHIJ", p8: p8Text),
///                                        issuerID: "57246542-96fe-1a63-e053-0824d011072a", bundleID: "com.example")
/// let bearer = try maker.token(issuedAt: now)           // valid 5 minutes, like Apple's library
/// ```
public struct AppStoreServerAPIToken: Sendable {
    /// `aud` of every App Store Server API token.
    public static let audience = "appstoreconnect-v1"
    /// The longest lifetime Apple accepts: 3,600 seconds.
    public static let maximumLifetime: Int64 = 3600
    /// The lifetime used when none is given: 300 seconds, as Apple's library.
    public static let defaultLifetime: Int64 = 300

    public let key: AppleAPIKey
    public let issuerID: String
    public let bundleID: String

    public init(key: AppleAPIKey, issuerID: String, bundleID: String) throws(AppStoreError) {
        try requireText(issuerID, "issuer ID")
        try requireText(bundleID, "bundle ID")
        self.key = key
        self.issuerID = issuerID
        self.bundleID = bundleID
    }

    struct Claims: Encodable {
        let iss: String
        let iat: Int64
        let exp: Int64
        let aud: String
        let bid: String
    }

    /// A token issued at `issuedAt` (seconds since 1970) valid for `lifetime` seconds (1 … 3600).
    public func token(issuedAt: Int64, lifetime: Int64 = defaultLifetime) throws(AppStoreError) -> String {
        guard lifetime > 0 && lifetime <= Self.maximumLifetime else {
            throw .make(.invalidArgument, "an App Store Server API token lives 1 to 3600 seconds, not \(lifetime)")
        }
        try requireIssuedAt(issuedAt, lifetime: lifetime)
        return try key.sign(Claims(iss: issuerID, iat: issuedAt, exp: issuedAt + lifetime, aud: Self.audience,
                                   bid: bundleID), type: "JWT")
    }
}

/// The bearer token of the App Store Connect API: an ES256 JWT made with a team key (claims `iss` issuer ID) or an
/// individual key (claims `sub` `"user"`, no `iss`).
///
/// Header `{"alg":"ES256","typ":"JWT","kid":…}`; claims `iss` or `sub`, `iat`, `exp`, `aud` (`appstoreconnect-v1`) and
/// optionally `scope` (the requests the token may make, e.g. `"GET /v1/apps?filter[platform]=IOS"`). Apple refuses
/// tokens that live longer than 20 minutes (except for a few long-lived `GET` uses, which this type does not make).
public struct AppStoreConnectAPIToken: Sendable {
    /// Who the key belongs to.
    public struct Issuer: Sendable, Equatable {
        enum Backing: Sendable, Equatable { case team(String), individual }
        let backing: Backing
        /// A team key: `iss` is the issuer ID shown on the Keys page.
        public static func team(issuerID: String) -> Issuer { Issuer(backing: .team(issuerID)) }
        /// An individual key: `sub` is `"user"` and there is no `iss`.
        public static let individual = Issuer(backing: .individual)
    }

    /// `aud` of every App Store Connect API token.
    public static let audience = "appstoreconnect-v1"
    /// The longest lifetime Apple accepts: 1,200 seconds.
    public static let maximumLifetime: Int64 = 1200

    public let key: AppleAPIKey
    public let issuer: Issuer

    public init(key: AppleAPIKey, issuer: Issuer) throws(AppStoreError) {
        if case .team(let id) = issuer.backing { try requireText(id, "issuer ID") }
        self.key = key
        self.issuer = issuer
    }

    struct TeamClaims: Encodable {
        let iss: String
        let iat: Int64
        let exp: Int64
        let aud: String
        let scope: [String]?
    }

    struct IndividualClaims: Encodable {
        let sub: String
        let iat: Int64
        let exp: Int64
        let aud: String
        let scope: [String]?
    }

    /// A token issued at `issuedAt` valid for `lifetime` seconds (1 … 1200), limited to `scope` when given.
    public func token(issuedAt: Int64, lifetime: Int64 = maximumLifetime, scope: [String]? = nil) throws(AppStoreError) -> String {
        guard lifetime > 0 && lifetime <= Self.maximumLifetime else {
            throw .make(.invalidArgument, "an App Store Connect API token lives 1 to 1200 seconds, not \(lifetime)")
        }
        try requireIssuedAt(issuedAt, lifetime: lifetime)
        if let scope {
            guard !scope.isEmpty else { throw .make(.invalidArgument, "an empty scope allows nothing; leave scope out instead") }
            for s in scope { try requireText(s, "scope entry") }
        }
        switch issuer.backing {
        case .team(let id):
            return try key.sign(TeamClaims(iss: id, iat: issuedAt, exp: issuedAt + lifetime, aud: Self.audience, scope: scope), type: "JWT")
        case .individual:
            return try key.sign(IndividualClaims(sub: "user", iat: issuedAt, exp: issuedAt + lifetime, aud: Self.audience, scope: scope), type: "JWT")
        }
    }
}
