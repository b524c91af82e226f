import Foundation
import JOSE
import SHA2

/// The server's own session tokens: issued after a sign-in, checked by ``JWTAuthenticator`` on every request,
/// refreshed while the sign-in is younger than `maximumSessionAge`.
///
/// Signing: HS256 with a server secret (≥ 32 bytes), built here from PureJOSE's HMAC; verification with PureJOSE's
/// ``JOSE/JWTVerifier``. (ES256 sessions need PureJOSE's `JWTSigner`; see the README.)
public struct SessionTokens: Sendable {
    public let issuer: String
    public let audience: String
    /// Seconds a session token is valid.
    public let lifetime: Double
    /// Seconds after the sign-in (`auth_time`) past which a token is no longer refreshed.
    public let maximumSessionAge: Double
    public let keyID: String
    /// The keys that verify the tokens (for ``JWTAuthenticator`` via ``JWTKeySource/keys(_:)``).
    public let verificationKeys: JWKSet
    private let secret: [UInt8]
    private let now: @Sendable () -> Double

    public init(hs256Secret secret: [UInt8], keyID: String = "session-1", issuer: String, audience: String,
                lifetime: Double = 3600, maximumSessionAge: Double = 30 * 86_400,
                now: (@Sendable () -> Double)? = nil) throws(IntegrationError) {
        guard secret.count >= 32 else {
            throw .make(.configuration, "an HS256 session secret needs at least 32 bytes (RFC 7518 §3.2)")
        }
        guard !keyID.isEmpty, keyID.utf8.count <= 64, keyID.utf8.allSatisfy({
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F
        }) else {
            throw .make(.configuration, "a session key ID is 1 to 64 of A-Z a-z 0-9 - . _")
        }
        self.secret = secret
        self.keyID = keyID
        self.issuer = issuer
        self.audience = audience
        self.lifetime = lifetime
        self.maximumSessionAge = maximumSessionAge
        self.now = now ?? { Date().timeIntervalSince1970 }
        do {
            verificationKeys = try JWKSet(keys: [JWK(symmetricKey: secret, keyID: keyID, algorithm: .hs256)])
        } catch {
            throw .make(.configuration, "session key rejected")
        }
    }

    public var algorithms: Set<JWSAlgorithm> { [.hs256] }

    /// What ``JWTAuthenticator`` should expect of a session token.
    public var expectations: ClaimExpectations { ClaimExpectations(issuer: issuer, audience: audience, leeway: 5, now: now) }

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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = Base64URL.encode(Array("{\"alg\":\"HS256\",\"kid\":\"\(keyID)\",\"typ\":\"JWT\"}".utf8))
        let payload = Base64URL.encode(Array(try encoder.encode(claims)))
        let input = Array("\(header).\(payload)".utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: input, using: HMAC<SHA256>.Key(keyBytes: secret)).bytes
        return "\(header).\(payload).\(Base64URL.encode(mac))"
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
