import Foundation
import JOSE

/// The server's own session tokens: issued after a sign-in, checked by ``JWTAuthenticator`` on every request,
/// refreshed while the sign-in is younger than `maximumSessionAge`.
///
/// Signed with PureJOSE's ``JOSE/JWTSigner``: ES256 (a P-256 key), RS256 (an RSA key of ≥ 2048 bits) or HS256 (a
/// secret of ≥ 32 bytes); verified with PureJOSE's ``JOSE/JWTVerifier`` holding the matching key, with exactly that
/// one algorithm allowed. For ES256 and RS256, ``publicKeySet`` is the server's JWK Set (served at
/// `/.well-known/jwks.json` by ``SignInWithApple/addRoutes(to:)``), so other services can verify the sessions
/// without holding a secret.
public struct SessionTokens: Sendable {
    public let issuer: String
    public let audience: String
    /// Seconds a session token is valid.
    public let lifetime: Double
    /// Seconds after the sign-in (`auth_time`) past which a token is no longer refreshed.
    public let maximumSessionAge: Double
    public let keyID: String
    /// The one algorithm sessions are signed and verified with: ES256, RS256 or HS256.
    public let algorithm: JWSAlgorithm
    /// The keys that verify the tokens (for ``JWTAuthenticator`` via ``JWTKeySource/keys(_:)``). For HS256 this
    /// holds the secret: never publish it.
    public let verificationKeys: JWKSet
    /// The public JWK Set (ES256, RS256) to publish, or `nil` for HS256, whose key is a secret.
    public let publicKeySet: JWKSet?
    private let signer: JWTSigner
    private let now: @Sendable () -> Double

    /// The algorithms a session may be signed with.
    public static let supportedAlgorithms: Set<JWSAlgorithm> = [.es256, .rs256, .hs256]
    /// The longest session token lifetime accepted: 366 days.
    public static let maximumLifetime: Double = 366 * 86_400
    /// The longest `maximumSessionAge` accepted: ten years.
    public static let maximumSessionAgeLimit: Double = 3660 * 86_400

    /// Sessions signed with `signingKey` (an EC P-256 key for ES256, an RSA key for RS256, an `oct` key of ≥ 32
    /// bytes for HS256). The key's own `alg`, `use` and `key_ops`, if any, must allow `algorithm`; the key is then
    /// used (and published) with `kid` = `keyID`, `use` = `sig` and `alg` = `algorithm`.
    public init(signingKey: JWKPrivateKey, algorithm: JWSAlgorithm, keyID: String = "session-1", issuer: String,
                audience: String, lifetime: Double = 3600, maximumSessionAge: Double = 30 * 86_400,
                now: (@Sendable () -> Double)? = nil) throws(IntegrationError) {
        guard Self.supportedAlgorithms.contains(algorithm) else {
            throw .make(.configuration, "session tokens are signed with ES256, RS256 or HS256, not \(algorithm.rawValue)")
        }
        guard !keyID.isEmpty, keyID.utf8.count <= 64, keyID.utf8.allSatisfy({
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F
        }) else {
            throw .make(.configuration, "a session key ID is 1 to 64 of A-Z a-z 0-9 - . _")
        }
        // Checked before any arithmetic: exp = iat + lifetime and the routes' whole-second `expiresIn` stay in range.
        guard lifetime.isFinite, lifetime >= 1, lifetime <= Self.maximumLifetime else {
            throw .make(.configuration, "a session lifetime is 1 to \(Int(Self.maximumLifetime)) seconds")
        }
        guard maximumSessionAge.isFinite, maximumSessionAge >= 0, maximumSessionAge <= Self.maximumSessionAgeLimit else {
            throw .make(.configuration, "a maximum session age is 0 to \(Int(Self.maximumSessionAgeLimit)) seconds")
        }
        if algorithm == .hs256, (signingKey.keyType != .oct || (signingKey.verificationKey.symmetricKeyByteCount ?? 0) < 32) {
            throw .make(.configuration, "an HS256 session secret needs at least 32 bytes (RFC 7518 §3.2)")
        }
        let key: JWKPrivateKey
        do {
            // The key's own alg/use/key_ops must allow this algorithm; the published key then names exactly it.
            try signingKey.checkCanSign(algorithm)
            var members: [(String, JSONValue)] = [("kty", .string(signingKey.keyType.rawValue)), ("kid", .string(keyID)),
                                                  ("use", .string("sig")), ("alg", .string(algorithm.rawValue))]
            for m in signingKey.jsonObject().members where !["kty", "kid", "use", "alg", "key_ops"].contains(m.name) {
                members.append((m.name, m.value))
            }
            key = try JWKPrivateKey(object: JSONObject(members))
        } catch {
            throw .make(.configuration, "session key refused for \(algorithm.rawValue): \(error)")
        }
        do {
            signer = try JWTSigner(key: key, algorithm: algorithm, keyID: keyID)
            verificationKeys = try JWKSet(keys: [key.verificationKey])
            publicKeySet = try key.publicJWK.map { try JWKSet(keys: [$0]) }
        } catch {
            throw .make(.configuration, "session key refused for \(algorithm.rawValue): \(error)")
        }
        self.algorithm = algorithm
        self.keyID = keyID
        self.issuer = issuer
        self.audience = audience
        self.lifetime = lifetime
        self.maximumSessionAge = maximumSessionAge
        self.now = now ?? { Date().timeIntervalSince1970 }
    }

    /// HS256 sessions with a server secret (≥ 32 bytes).
    public init(hs256Secret secret: [UInt8], keyID: String = "session-1", issuer: String, audience: String,
                lifetime: Double = 3600, maximumSessionAge: Double = 30 * 86_400,
                now: (@Sendable () -> Double)? = nil) throws(IntegrationError) {
        guard secret.count >= 32 else {
            throw .make(.configuration, "an HS256 session secret needs at least 32 bytes (RFC 7518 §3.2)")
        }
        try self.init(signingKey: JWKPrivateKey(symmetricKey: secret, algorithm: .hs256), algorithm: .hs256,
                      keyID: keyID, issuer: issuer, audience: audience, lifetime: lifetime,
                      maximumSessionAge: maximumSessionAge, now: now)
    }

    public var algorithms: Set<JWSAlgorithm> { [algorithm] }

    /// What ``JWTAuthenticator`` should expect of a session token.
    public var expectations: ClaimExpectations { ClaimExpectations(issuer: issuer, audience: audience, leeway: 5, now: now) }

    /// The JSON text of ``publicKeySet`` (`{"keys":[…]}`, public members only), or `nil` for HS256.
    public var publicKeySetJSON: String? {
        guard let set = publicKeySet else { return nil }
        let keys = JSONValue.array(set.keys.map { .object($0.jsonObject()) })
        guard let object = try? JSONObject([("keys", keys)]), let text = try? JSONValue.object(object).serialized() else {
            return nil
        }
        return String(decoding: text, as: UTF8.self)
    }

    struct Claims: Codable {
        var iss: String, aud: String, sub: String, iat: Int64, exp: Int64, auth_time: Int64, jti: String
        var email: String?
    }

    /// A new session token for `subject`; `authTime` is when the user signed in (now, by default).
    public func issue(subject: String, email: String? = nil, authTime: Double? = nil) throws -> String {
        let t = now()
        var id = [UInt8](repeating: 0, count: 16)
        var rng = SystemRandomNumberGenerator()
        for i in id.indices { id[i] = rng.next() }
        let claims = Claims(iss: issuer, aud: audience, sub: subject, iat: Int64(t), exp: Int64(t + lifetime),
                            auth_time: Int64(authTime ?? t), jti: Base64URL.encode(id), email: email)
        return try signer.sign(claims)
    }

    /// Signs any claims with the session key (the header names the session `kid` and algorithm). For tokens
    /// other than sessions (e.g. a short-lived token for another service of yours); ``issue(subject:email:authTime:)``
    /// makes sessions.
    public func sign(_ claims: some Encodable) throws -> String {
        try signer.sign(claims)
    }

    /// Verifies a session token (signature, issuer, audience, expiry).
    public func verify(_ token: String) throws -> VerifiedJWT {
        try JWTVerifier(keys: verificationKeys, algorithms: algorithms).verify(token, expecting: expectations)
    }

    /// A fresh token for a still-valid one, keeping its subject and sign-in time; refused once the sign-in is older
    /// than `maximumSessionAge` (the user signs in again).
    public func refresh(_ token: String) throws -> String {
        let verified = try verify(token)
        let claims = try verified.decode(Claims.self)
        guard now() - Double(claims.auth_time) <= maximumSessionAge else {
            throw IntegrationError.make(.configuration, "session too old to refresh; sign in again")
        }
        return try issue(subject: claims.sub, email: claims.email, authTime: Double(claims.auth_time))
    }
}
