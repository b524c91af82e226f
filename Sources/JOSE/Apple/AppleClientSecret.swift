// Hosted only (signing (an ES256 client secret)): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
import DER
import ECDSA

/// The client secret a Sign in with Apple server sends to Apple's token endpoint (`/auth/token`, `/auth/revoke`):
/// an ES256 JWT signed with the team's `.p8` key.
///
/// Header exactly `{"alg":"ES256","kid":<key ID>}`; claims exactly `iss` (team ID), `iat`, `exp`, `aud`
/// (`https://appleid.apple.com`) and `sub` (the client ID: the app's bundle ID or the Services ID), in that order.
/// Apple refuses a secret valid for more than six months (15,777,000 s); make one well before it expires and reuse it.
///
/// ```swift
/// let apple = try AppleClientSecret(teamID: "TEAM123456", clientID: "com.example.app", keyID: "ABC123DEFG",
///                                   p8: try String(contentsOfFile: "AuthKey_ABC123DEFG.p8"))
/// let secret = try apple.token(issuedAt: now, lifetime: 86_400 * 180)
/// ```
public struct AppleClientSecret: Sendable {
    /// The longest lifetime Apple accepts: 15,777,000 seconds (six months).
    public static let maximumLifetime: Int64 = 15_777_000
    /// `aud` of every client secret.
    public static let audience = "https://appleid.apple.com"

    public let teamID: String
    public let clientID: String
    public let keyID: String
    let signer: JWTSigner

    /// With a loaded P-256 key.
    public init(teamID: String, clientID: String, keyID: String, privateKey: P256.Signing.PrivateKey) throws(JWTError) {
        for (name, value) in [("team ID", teamID), ("client ID", clientID), ("key ID", keyID)] where value.isEmpty {
            throw signingError(.invalidClaim, "the \(name) is empty")
        }
        self.teamID = teamID
        self.clientID = clientID
        self.keyID = keyID
        signer = try JWTSigner(key: privateKey, keyID: keyID)
    }

    /// With the text of the `.p8` file Apple hands out (PEM `PRIVATE KEY`, PKCS#8, P-256).
    public init(teamID: String, clientID: String, keyID: String, p8 pem: String) throws(JWTError) {
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(pemRepresentation: pem) } catch {
            if let kind = PKCS8PrivateKeyInfo.keyKind(pemString: pem), !kind.hasSuffix("P-256 key") {
                throw signingError(.invalidKey, "the .p8 text is not a P-256 private key: it holds \(kind)")
            }
            throw signingError(.invalidKey, "the .p8 text is not a P-256 private key: \(error)")
        }
        try self.init(teamID: teamID, clientID: clientID, keyID: keyID, privateKey: key)
    }

    /// The claims of a client secret, in the order they are written.
    struct Claims: Encodable {
        let iss: String
        let iat: Int64
        let exp: Int64
        let aud: String
        let sub: String
    }

    /// A client secret issued at `issuedAt` (seconds since 1970) and valid for `lifetime` seconds
    /// (1 … ``maximumLifetime``).
    public func token(issuedAt: Int64, lifetime: Int64) throws(JWTError) -> String {
        guard lifetime > 0 && lifetime <= Self.maximumLifetime else {
            throw signingError(.invalidClaim, "a client secret lives 1 to \(Self.maximumLifetime) seconds (six months), not \(lifetime)")
        }
        guard issuedAt >= 0 && issuedAt <= RegisteredClaims.maximumNumericDateInteger - lifetime else {
            throw signingError(.invalidClaim, "issuedAt \(issuedAt) is outside the NumericDate range")
        }
        let claims = Claims(iss: teamID, iat: issuedAt, exp: issuedAt + lifetime, aud: Self.audience, sub: clientID)
        return try signer.sign(claims, header: .init(type: nil))
    }
}

extension RegisteredClaims {
    /// ``maximumNumericDate`` as an integer.
    static let maximumNumericDateInteger: Int64 = 253_402_300_799
}
#endif  // !hasFeature(Embedded)
