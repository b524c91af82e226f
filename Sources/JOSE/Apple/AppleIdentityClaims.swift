// Hosted only (Codable claims): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
/// The claims of a Sign in with Apple identity token (Apple's "Authenticating users with Sign in with Apple").
///
/// Apple sends some booleans as JSON booleans and some as the strings `"true"`/`"false"`; both are accepted.
/// Decode with `try jwt.decode(AppleIdentityClaims.self)` after verifying with
/// ``ClaimExpectations/signInWithApple(clientID:nonce:leeway:now:)``.
public struct AppleIdentityClaims: Decodable, Sendable, Equatable {
    /// `iss`: `https://appleid.apple.com`.
    public var issuer: String
    /// `aud`: your client ID.
    public var audience: String
    /// `exp`.
    public var expiresAt: Double
    /// `iat`.
    public var issuedAt: Double
    /// `sub`: the stable user identifier.
    public var subject: String
    /// `email`, possibly a private relay address.
    public var email: String?
    /// `email_verified`.
    public var emailVerified: Bool?
    /// `is_private_email`.
    public var isPrivateEmail: Bool?
    /// `nonce`.
    public var nonce: String?
    /// `nonce_supported`.
    public var nonceSupported: Bool?
    /// `real_user_status`: 0 unsupported, 1 unknown, 2 likely real.
    public var realUserStatus: Int?
    /// `auth_time`.
    public var authTime: Double?
    /// `c_hash`.
    public var codeHash: String?
    /// `at_hash`.
    public var accessTokenHash: String?
    /// `transfer_sub`, present while an app is transferred between teams.
    public var transferSubject: String?

    enum CodingKeys: String, CodingKey {
        case issuer = "iss", audience = "aud", expiresAt = "exp", issuedAt = "iat", subject = "sub", email
        case emailVerified = "email_verified", isPrivateEmail = "is_private_email", nonce
        case nonceSupported = "nonce_supported", realUserStatus = "real_user_status", authTime = "auth_time"
        case codeHash = "c_hash", accessTokenHash = "at_hash", transferSubject = "transfer_sub"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        issuer = try c.decode(String.self, forKey: .issuer)
        // Apple issues a single audience string; accept a one-element array too.
        if let s = try? c.decode(String.self, forKey: .audience) {
            audience = s
        } else {
            let a = try c.decode([String].self, forKey: .audience)
            guard a.count == 1 else {
                throw DecodingError.dataCorruptedError(forKey: .audience, in: c, debugDescription: "expected one audience")
            }
            audience = a[0]
        }
        expiresAt = try c.decode(Double.self, forKey: .expiresAt)
        issuedAt = try c.decode(Double.self, forKey: .issuedAt)
        subject = try c.decode(String.self, forKey: .subject)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        emailVerified = try AppleIdentityClaims.flexibleBool(c, .emailVerified)
        isPrivateEmail = try AppleIdentityClaims.flexibleBool(c, .isPrivateEmail)
        nonce = try c.decodeIfPresent(String.self, forKey: .nonce)
        nonceSupported = try AppleIdentityClaims.flexibleBool(c, .nonceSupported)
        realUserStatus = try c.decodeIfPresent(Int.self, forKey: .realUserStatus)
        authTime = try c.decodeIfPresent(Double.self, forKey: .authTime)
        codeHash = try c.decodeIfPresent(String.self, forKey: .codeHash)
        accessTokenHash = try c.decodeIfPresent(String.self, forKey: .accessTokenHash)
        transferSubject = try c.decodeIfPresent(String.self, forKey: .transferSubject)
    }

    /// `true`/`false` or `"true"`/`"false"`; anything else is an error.
    static func flexibleBool(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Bool? {
        guard c.contains(key), try !c.decodeNil(forKey: key) else { return nil }
        if let b = try? c.decode(Bool.self, forKey: key) { return b }
        let s = try c.decode(String.self, forKey: key)
        if s.utf8.elementsEqual("true".utf8) { return true }
        if s.utf8.elementsEqual("false".utf8) { return false }
        throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "expected true/false or \"true\"/\"false\"")
    }
}
#endif  // !hasFeature(Embedded)
