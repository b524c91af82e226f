import JOSE

/// The claims of a Google ID token (OpenID Connect) that servers use.
public struct GoogleIdentityClaims: Decodable, Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var audience: String
    /// `azp`: the client the token was issued to.
    public var authorizedParty: String?
    public var expiresAt: Double
    public var issuedAt: Double
    public var email: String?
    public var emailVerified: Bool?
    /// `hd`: the Google Workspace domain of the account, if any.
    public var hostedDomain: String?
    public var name: String?
    public var picture: String?
    public var nonce: String?

    enum CodingKeys: String, CodingKey {
        case issuer = "iss", subject = "sub", audience = "aud", authorizedParty = "azp", expiresAt = "exp",
             issuedAt = "iat", email, emailVerified = "email_verified", hostedDomain = "hd", name, picture, nonce
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        issuer = try c.decode(String.self, forKey: .issuer)
        subject = try c.decode(String.self, forKey: .subject)
        audience = try decodeAudience(c, .audience)
        authorizedParty = try c.decodeIfPresent(String.self, forKey: .authorizedParty)
        expiresAt = try c.decode(Double.self, forKey: .expiresAt)
        issuedAt = try c.decode(Double.self, forKey: .issuedAt)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        // Google sends a JSON boolean; some older tokens a string.
        if let b = try? c.decodeIfPresent(Bool.self, forKey: .emailVerified) { emailVerified = b }
        else { emailVerified = try c.decodeIfPresent(String.self, forKey: .emailVerified).map { $0 == "true" } }
        hostedDomain = try c.decodeIfPresent(String.self, forKey: .hostedDomain)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        picture = try c.decodeIfPresent(String.self, forKey: .picture)
        nonce = try c.decodeIfPresent(String.self, forKey: .nonce)
    }
}

/// The claims of a Microsoft identity platform (v2.0) ID token that servers use.
public struct MicrosoftIdentityClaims: Decodable, Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var audience: String
    public var expiresAt: Double
    public var issuedAt: Double
    /// `tid`: the tenant (directory) the user signed in with.
    public var tenantID: String
    /// `oid`: the user's object ID, stable across the tenant's applications.
    public var objectID: String?
    public var preferredUsername: String?
    public var name: String?
    public var email: String?
    public var nonce: String?

    enum CodingKeys: String, CodingKey {
        case issuer = "iss", subject = "sub", audience = "aud", expiresAt = "exp", issuedAt = "iat", tenantID = "tid",
             objectID = "oid", preferredUsername = "preferred_username", name, email, nonce
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        issuer = try c.decode(String.self, forKey: .issuer)
        subject = try c.decode(String.self, forKey: .subject)
        audience = try decodeAudience(c, .audience)
        expiresAt = try c.decode(Double.self, forKey: .expiresAt)
        issuedAt = try c.decode(Double.self, forKey: .issuedAt)
        tenantID = try c.decode(String.self, forKey: .tenantID)
        objectID = try c.decodeIfPresent(String.self, forKey: .objectID)
        preferredUsername = try c.decodeIfPresent(String.self, forKey: .preferredUsername)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        nonce = try c.decodeIfPresent(String.self, forKey: .nonce)
    }
}

/// `aud` as one string (an array of exactly one is accepted; the verifier already checked ours is in it).
private func decodeAudience<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> String {
    if let s = try? c.decode(String.self, forKey: key) { return s }
    let list = try c.decode([String].self, forKey: key)
    guard let first = list.first else {
        throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "empty aud")
    }
    return first
}

/// Identity tokens of the big providers, checked as each documents them: the provider's JWK Set (RS256), its
/// issuer, your client ID as audience, expiry with leeway, and the provider's own rules (Google's two issuer
/// spellings and Workspace domain, Microsoft's per-tenant issuer). The keys come from a ``RemoteJWKS`` of the
/// provider's URL (https only, size and time limits, `Cache-Control: max-age` within bounds).
public enum IdentityProviders {
    /// Apple's JWK Set.
    public static let appleKeysURL = "https://appleid.apple.com/auth/keys"
    public static let appleIssuer = "https://appleid.apple.com"
    /// Google's JWK Set (OpenID Connect discovery's `jwks_uri`).
    public static let googleKeysURL = "https://www.googleapis.com/oauth2/v3/certs"
    /// Google's issuer, in both spellings it uses.
    public static let googleIssuers: Set<String> = ["https://accounts.google.com", "accounts.google.com"]
    /// Microsoft's JWK Set for the v2.0 endpoints of every tenant.
    public static let microsoftKeysURL = "https://login.microsoftonline.com/common/discovery/v2.0/keys"

    /// The issuer of a Microsoft v2.0 token from `tenantID`.
    public static func microsoftIssuer(tenantID: String) -> String {
        "https://login.microsoftonline.com/\(tenantID)/v2.0"
    }

    /// An Apple identity token for `applicationIdentifier` (your bundle ID or Services ID); `nonce`, if given, must
    /// equal the token's.
    public static func verifyApple(_ token: String, keys: RemoteJWKS, applicationIdentifier: String,
                                   nonce: String? = nil, leeway: Double = 60,
                                   now: (@Sendable () -> Double)? = nil) async throws -> AppleIdentityClaims {
        let expect = ClaimExpectations.signInWithApple(clientID: applicationIdentifier, nonce: nonce, leeway: leeway, now: now)
        return try await keys.verify(token, algorithms: [.rs256], expecting: expect).decode(AppleIdentityClaims.self)
    }

    /// A Google ID token for `applicationIdentifier` (your OAuth client ID). `gSuiteDomainName`, if given, must be
    /// the token's `hd` (a Workspace account of that domain); `nonce`, if given, must equal the token's.
    public static func verifyGoogle(_ token: String, keys: RemoteJWKS, applicationIdentifier: String,
                                    gSuiteDomainName: String? = nil, nonce: String? = nil, leeway: Double = 60,
                                    now: (@Sendable () -> Double)? = nil) async throws -> GoogleIdentityClaims {
        let expect = ClaimExpectations(issuer: nil, audience: applicationIdentifier, nonce: nonce, leeway: leeway, now: now)
        let claims = try await keys.verify(token, algorithms: [.rs256], expecting: expect).decode(GoogleIdentityClaims.self)
        guard googleIssuers.contains(claims.issuer) else {
            throw IntegrationError.make(.providerClaims, "issuer is not Google's")
        }
        if let domain = gSuiteDomainName, claims.hostedDomain != domain {
            throw IntegrationError.make(.providerClaims, "hd is not the expected Workspace domain")
        }
        return claims
    }

    /// A Microsoft v2.0 ID token for `applicationIdentifier` (your application (client) ID). With `tenantID`, the
    /// issuer must be that tenant's; without it (a multi-tenant app), the issuer must be the one of the token's own
    /// `tid`, as Microsoft's documentation requires.
    public static func verifyMicrosoft(_ token: String, keys: RemoteJWKS, applicationIdentifier: String,
                                       tenantID: String? = nil, nonce: String? = nil, leeway: Double = 60,
                                       now: (@Sendable () -> Double)? = nil) async throws -> MicrosoftIdentityClaims {
        let expect = ClaimExpectations(issuer: tenantID.map { microsoftIssuer(tenantID: $0) }, audience: applicationIdentifier,
                                       nonce: nonce, leeway: leeway, now: now)
        let claims = try await keys.verify(token, algorithms: [.rs256], expecting: expect).decode(MicrosoftIdentityClaims.self)
        guard claims.issuer == microsoftIssuer(tenantID: claims.tenantID) else {
            throw IntegrationError.make(.providerClaims, "issuer is not the one of the token's tenant")
        }
        return claims
    }
}
