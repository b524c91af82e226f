/// What a verified token's claims must satisfy (RFC 7519 §4.1, OpenID Connect Core §3.1.3.7).
///
/// String expectations (`iss`, `aud`, `sub`, `nonce`, `typ`) are compared as UTF-8 bytes, never with
/// `String ==` (which would equate canonically equivalent strings). Times are seconds since the epoch;
/// `leeway` widens every time check by that many seconds to absorb clock skew.
public struct ClaimExpectations: Sendable {
    /// Required `iss`, if set.
    public var issuer: String?
    /// An audience that `aud` (string or array) must contain, if set.
    public var audience: String?
    /// Required `sub`, if set.
    public var subject: String?
    /// Required `nonce`, if set.
    public var nonce: String?
    /// Required header `typ`, if set (e.g. `"JWT"`, `"at+jwt"`).
    public var type: String?
    /// Allowed clock skew in seconds (applies to `exp`, `nbf`, `iat` and `maxAge`). Must be finite (a NaN or
    /// infinite leeway makes every check fail with `invalidClaim` rather than pass); a negative one is stricter.
    public var leeway: Double
    /// Largest accepted age (now − `iat`) in seconds; when set, `iat` is required. NaN is refused (`invalidClaim`).
    public var maxAge: Double?
    /// Whether `exp` must be present (default `true`).
    public var requireExpiration: Bool
    /// The clock; default the system clock (``systemTimeSeconds()``). Inject a fixed time in tests.
    public var now: @Sendable () -> Double

    public init(issuer: String? = nil, audience: String? = nil, subject: String? = nil, nonce: String? = nil,
                type: String? = nil, leeway: Double = 0, maxAge: Double? = nil, requireExpiration: Bool = true,
                now: (@Sendable () -> Double)? = nil) {
        self.issuer = issuer
        self.audience = audience
        self.subject = subject
        self.nonce = nonce
        self.type = type
        self.leeway = leeway
        self.maxAge = maxAge
        self.requireExpiration = requireExpiration
        #if hasFeature(Embedded)
        self.now = now ?? { .nan }
#else
        self.now = now ?? { systemTimeSeconds() }
#endif
    }

    /// Checks the registered claims and header type against these expectations, in the order: `exp`, `nbf`,
    /// `iat`, max age, `iss`, `aud`, `sub`, `nonce`, `typ`.
    public func check(_ c: RegisteredClaims, header: JWSHeader? = nil) throws(JWTError) {
        let t = now()
        guard t.isFinite else { throw JWTError.make(.invalidClaim, "the clock returned a non-finite time") }
        // A NaN or infinite leeway, or a NaN max age, would make comparisons below silently pass (NaN compares
        // false; an infinite leeway excuses any exp): refuse the configuration instead of accepting the token.
        guard leeway.isFinite else { throw JWTError.make(.invalidClaim, "the expectations' leeway (\(leeway)) is not finite") }
        if let maxAge, maxAge.isNaN { throw JWTError.make(.invalidClaim, "the expectations' maxAge is NaN") }
        if let exp = c.expiresAt {
            // RFC 7519 §4.1.4: the current time MUST be before exp.
            if !(t < exp + leeway) {
                throw JWTError.make(.expired, "token expired: exp \(fmt(exp)), now \(fmt(t)), leeway \(fmt(leeway))s")
            }
        } else if requireExpiration {
            throw JWTError.make(.missingClaim, "claim \"exp\" is required")
        }
        if let nbf = c.notBefore, t + leeway < nbf {
            throw JWTError.make(.notYetValid, "token not valid before \(fmt(nbf)), now \(fmt(t)), leeway \(fmt(leeway))s")
        }
        if let iat = c.issuedAt, iat > t + leeway {
            throw JWTError.make(.issuedInFuture, "token issued in the future: iat \(fmt(iat)), now \(fmt(t)), leeway \(fmt(leeway))s")
        }
        if let maxAge {
            guard let iat = c.issuedAt else { throw JWTError.make(.missingClaim, "claim \"iat\" is required (max age is set)") }
            if t - iat > maxAge + leeway {
                throw JWTError.make(.tooOld, "token issued at \(fmt(iat)) is older than \(fmt(maxAge))s (now \(fmt(t)))")
            }
        }
        if let want = issuer {
            guard let got = c.issuer else { throw JWTError.make(.missingClaim, "claim \"iss\" is required") }
            guard sameBytes(got, want) else {
                throw JWTError.make(.issuerMismatch, "issuer \(quoted(got)) is not the expected \(quoted(want))")
            }
        }
        if let want = audience {
            guard let got = c.audience else { throw JWTError.make(.missingClaim, "claim \"aud\" is required") }
            guard got.contains(where: { sameBytes($0, want) }) else {
                throw JWTError.make(.audienceMismatch, "audience does not include \(quoted(want))")
            }
        }
        if let want = subject {
            guard let got = c.subject else { throw JWTError.make(.missingClaim, "claim \"sub\" is required") }
            guard sameBytes(got, want) else { throw JWTError.make(.subjectMismatch, "subject is not the expected one") }
        }
        if let want = nonce {
            guard let got = c.nonce else { throw JWTError.make(.missingClaim, "claim \"nonce\" is required") }
            guard sameBytes(got, want) else { throw JWTError.make(.nonceMismatch, "nonce is not the expected one") }
        }
        if let want = type {
            guard let got = header?.type else { throw JWTError.make(.missingClaim, "header \"typ\" is required") }
            guard sameBytes(got, want) else {
                throw JWTError.make(.typeMismatch, "typ \(quoted(got)) is not the expected \(quoted(want))")
            }
        }
    }

    /// Expectations for a Sign in with Apple identity token: issuer `https://appleid.apple.com`, audience your
    /// app's client ID (bundle or Services ID), `exp` required, and the nonce you sent (Apple returns the SHA-256
    /// hex of it if you sent the hash), with 60 seconds of leeway by default.
    public static func signInWithApple(clientID: String, nonce: String? = nil, leeway: Double = 60,
                                       now: (@Sendable () -> Double)? = nil) -> ClaimExpectations {
        ClaimExpectations(issuer: "https://appleid.apple.com", audience: clientID, nonce: nonce, leeway: leeway, now: now)
    }
}

func fmt(_ d: Double) -> String {
    if d == d.rounded() && abs(d) <= 9_007_199_254_740_991 { return String(Int64(d)) }
    return String(d)
}
