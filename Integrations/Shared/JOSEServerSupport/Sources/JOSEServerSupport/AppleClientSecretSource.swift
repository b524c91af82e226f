import Foundation
import JOSE
import Synchronization

/// The client secret for Apple's token endpoint, made from the team's `.p8` key with PureJOSE's
/// ``JOSE/AppleClientSecret`` and reused until it is near its expiry.
///
/// A secret lives `lifetime` seconds (default 30 days; Apple accepts at most six months) and is renewed on the first
/// call once fewer than `renewBefore` seconds (default 1 day) of it are left, so a secret sent to Apple always has at
/// least that long to go. Safe to share across tasks; at most one secret is made at a time.
///
/// ```swift
/// let secrets = try AppleClientSecretSource(teamID: "TEAM123456", clientID: "com.example.app",
///                                           keyID: "ABC123DEFG", p8: String(contentsOfFile: "AuthKey_ABC123DEFG.p8"))
/// let siwa = try SignInWithApple(configuration: config, appleKeys: keys, sessions: sessions,
///                                clientSecretSource: secrets)
/// ```
public final class AppleClientSecretSource: Sendable {
    public let secret: AppleClientSecret
    /// Seconds each secret is valid (1 … ``JOSE/AppleClientSecret/maximumLifetime``).
    public let lifetime: Int64
    /// A secret with fewer seconds than this left is replaced.
    public let renewBefore: Int64
    private let now: @Sendable () -> Double
    private struct Current: Sendable { var token: String; var expiresAt: Int64 }
    private let state = Mutex<(current: Current?, made: Int)>((nil, 0))

    public init(secret: AppleClientSecret, lifetime: Int64 = 30 * 86_400, renewBefore: Int64 = 86_400,
                now: (@Sendable () -> Double)? = nil) throws(IntegrationError) {
        guard lifetime > 0, lifetime <= AppleClientSecret.maximumLifetime else {
            throw .make(.configuration, "a client secret lives 1 to \(AppleClientSecret.maximumLifetime) seconds, not \(lifetime)")
        }
        guard renewBefore >= 0, renewBefore < lifetime else {
            throw .make(.configuration, "renewBefore (\(renewBefore) s) must be shorter than the lifetime (\(lifetime) s)")
        }
        self.secret = secret
        self.lifetime = lifetime
        self.renewBefore = renewBefore
        self.now = now ?? { Date().timeIntervalSince1970 }
    }

    /// With the text of the team's `.p8` file.
    public convenience init(teamID: String, clientID: String, keyID: String, p8 pem: String,
                            lifetime: Int64 = 30 * 86_400, renewBefore: Int64 = 86_400,
                            now: (@Sendable () -> Double)? = nil) throws {
        try self.init(secret: AppleClientSecret(teamID: teamID, clientID: clientID, keyID: keyID, p8: pem),
                      lifetime: lifetime, renewBefore: renewBefore, now: now)
    }

    /// The current client secret, made anew when there is none or it has fewer than `renewBefore` seconds left.
    public func clientSecret() throws -> String {
        let t = Int64(now().rounded(.down))
        return try state.withLock { s in
            if let c = s.current, c.expiresAt - t > renewBefore { return c.token }
            let token = try secret.token(issuedAt: t, lifetime: lifetime)
            s.current = Current(token: token, expiresAt: t + lifetime)
            s.made += 1
            return token
        }
    }

    /// How many secrets this source has made (for monitoring and tests).
    public var secretsMade: Int { state.withLock { $0.made } }
}
