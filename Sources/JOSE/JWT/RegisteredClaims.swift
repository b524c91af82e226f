/// The registered claims of a JWT (RFC 7519 §4.1), read straight from the parsed payload without `Codable`.
///
/// Times are NumericDate values (RFC 7519 §2): seconds since 1970-01-01T00:00:00Z, integer or fraction. RFC 7519
/// sets no range; PureJOSE accepts every value in I-JSON's interoperable range, |value| ≤ 2⁵³ − 1
/// (9007199254740991, RFC 7493 §2.2), where every integer is exact in a Double. A NumericDate that is not a
/// number or lies outside that range is rejected as ``JWTError/Code/invalidClaim`` with a reason naming the range.
/// A negative `exp` is a date long past (the token is expired); a negative `nbf` or `iat` is simply in the past.
public struct RegisteredClaims: Sendable, Equatable {
    /// `iss`.
    public var issuer: String?
    /// `sub`.
    public var subject: String?
    /// `aud`, a string or an array of strings (a single string becomes a one-element array).
    public var audience: [String]?
    /// `exp`, seconds since the epoch.
    public var expiresAt: Double?
    /// `nbf`, seconds since the epoch.
    public var notBefore: Double?
    /// `iat`, seconds since the epoch.
    public var issuedAt: Double?
    /// `jti`.
    public var jwtID: String?
    /// `nonce` (OpenID Connect Core §2).
    public var nonce: String?

    public init(issuer: String? = nil, subject: String? = nil, audience: [String]? = nil, expiresAt: Double? = nil,
                notBefore: Double? = nil, issuedAt: Double? = nil, jwtID: String? = nil, nonce: String? = nil) {
        self.issuer = issuer
        self.subject = subject
        self.audience = audience
        self.expiresAt = expiresAt
        self.notBefore = notBefore
        self.issuedAt = issuedAt
        self.jwtID = jwtID
        self.nonce = nonce
    }

    /// Largest NumericDate accepted: 2⁵³ − 1 (I-JSON's interoperable integer range, RFC 7493 §2.2).
    public static let maximumNumericDate: Double = 9_007_199_254_740_991
    /// Smallest NumericDate accepted: −(2⁵³ − 1).
    public static let minimumNumericDate: Double = -9_007_199_254_740_991

    static let rangeText = "−(2^53−1) … 2^53−1 (I-JSON, RFC 7493 §2.2)"

    /// Reads the registered claims from a claims-set object, checking each one's type.
    public init(object o: JSONObject) throws(JWTError) {
        for m in o.members {
            let n = m.name, v = m.value
            switch n.utf8.count {
            case 3:
                if sameBytes(n, "iss") { issuer = try RegisteredClaims.string(v, n) }
                else if sameBytes(n, "sub") { subject = try RegisteredClaims.string(v, n) }
                else if sameBytes(n, "aud") { audience = try RegisteredClaims.audience(v) }
                else if sameBytes(n, "exp") { expiresAt = try RegisteredClaims.numericDate(v, n) }
                else if sameBytes(n, "nbf") { notBefore = try RegisteredClaims.numericDate(v, n) }
                else if sameBytes(n, "iat") { issuedAt = try RegisteredClaims.numericDate(v, n) }
                else if sameBytes(n, "jti") { jwtID = try RegisteredClaims.string(v, n) }
            case 5:
                if sameBytes(n, "nonce") { nonce = try RegisteredClaims.string(v, n) }
            default: break
            }
        }
    }

    static func string(_ v: JSONValue, _ name: String) throws(JWTError) -> String {
        guard case .string(let s) = v else {
            throw JWTError.make(.invalidClaim, "claim \(quoted(name)) must be a string, found \(v.typeName)")
        }
        return s
    }

    static func audience(_ v: JSONValue) throws(JWTError) -> [String] {
        switch v {
        case .string(let s): return [s]
        case .array(let a):
            return try a.map { (e: JSONValue) throws(JWTError) -> String in
                guard case .string(let s) = e else {
                    throw JWTError.make(.invalidClaim, "claim \"aud\" must be a string or an array of strings")
                }
                return s
            }
        default:
            throw JWTError.make(.invalidClaim, "claim \"aud\" must be a string or an array of strings, found \(v.typeName)")
        }
    }

    /// RFC 7519 §2 NumericDate.
    static func numericDate(_ v: JSONValue, _ name: String) throws(JWTError) -> Double {
        let d: Double, literal: Substring
        switch v {
        case .integer(let i):
            guard i.magnitude <= 9_007_199_254_740_991 else {
                throw JWTError.make(.invalidClaim, "claim \(quoted(name)) = \(i) is outside the NumericDate range \(rangeText)")
            }
            return Double(i)
        case .number(let n):
            guard let x = n.doubleValue else {
                throw JWTError.make(.invalidClaim, "claim \(quoted(name)) = \(n.literal.prefix(24)) is not a finite number")
            }
            d = x
            literal = n.literal.prefix(24)
        default:
            throw JWTError.make(.invalidClaim, "claim \(quoted(name)) must be a NumericDate (number), found \(v.typeName)")
        }
        guard d >= minimumNumericDate && d <= maximumNumericDate else {
            throw JWTError.make(.invalidClaim, "claim \(quoted(name)) = \(literal) is outside the NumericDate range \(rangeText)")
        }
        return d
    }
}
