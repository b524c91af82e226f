// Hosted only (Codable claims): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
/// The registered claims of RFC 7519 §4.1 (plus OpenID Connect's `nonce`) and any further members, as a value to
/// sign — for callers without a claims type of their own.
///
/// Named `JWTClaims` rather than a second `RegisteredClaims`: ``RegisteredClaims`` is the verifier's read-only view
/// of a verified token's registered claims (times as `Double`, `aud` always a list); this is what a signer writes
/// (times as whole seconds, `aud` kept as the string or array you give, extra members in order). It is also
/// `Decodable`, so `verifiedJWT.decode(JWTClaims.self)` reads a token back into the same shape.
///
/// Members are written in the order `iss`, `sub`, `aud`, `exp`, `nbf`, `iat`, `jti`, `nonce`, then ``extra``;
/// absent ones are left out.
public struct JWTClaims: Codable, Sendable, Equatable {
    /// `aud`: one string, or an array of strings (RFC 7519 §4.1.3).
    public struct Audience: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
        /// The audiences.
        public var values: [String]
        /// Whether it is written as an array even when it holds one value.
        public var isArray: Bool

        public init(_ value: String) { values = [value]; isArray = false }
        public init(_ values: [String]) { self.values = values; isArray = true }
        public init(stringLiteral value: String) { self.init(value) }
        public init(arrayLiteral elements: String...) { self.init(elements) }

        public static func == (a: Audience, b: Audience) -> Bool {
            a.isArray == b.isArray && a.values.count == b.values.count && zip(a.values, b.values).allSatisfy { sameBytes($0, $1) }
        }
    }

    /// `iss`.
    public var issuer: String?
    /// `sub`.
    public var subject: String?
    /// `aud`.
    public var audience: Audience?
    /// `exp`, seconds since 1970-01-01T00:00:00Z.
    public var expiresAt: Int64?
    /// `nbf`, seconds since the epoch.
    public var notBefore: Int64?
    /// `iat`, seconds since the epoch.
    public var issuedAt: Int64?
    /// `jti`.
    public var jwtID: String?
    /// `nonce` (OpenID Connect Core §2).
    public var nonce: String?
    /// Further members, written after the registered ones in their order. A name that repeats a registered claim
    /// set above is an error when encoding.
    public var extra: JSONObject

    public init(issuer: String? = nil, subject: String? = nil, audience: Audience? = nil, expiresAt: Int64? = nil,
                notBefore: Int64? = nil, issuedAt: Int64? = nil, jwtID: String? = nil, nonce: String? = nil,
                extra: JSONObject = JSONObject()) {
        self.issuer = issuer
        self.subject = subject
        self.audience = audience
        self.expiresAt = expiresAt
        self.notBefore = notBefore
        self.issuedAt = issuedAt
        self.jwtID = jwtID
        self.nonce = nonce
        self.extra = extra
    }

    static let registeredNames = ["iss", "sub", "aud", "exp", "nbf", "iat", "jti", "nonce"]

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        func key(_ s: String) -> AnyCodingKey { AnyCodingKey(stringValue: s) }
        try c.encodeIfPresent(issuer, forKey: key("iss"))
        try c.encodeIfPresent(subject, forKey: key("sub"))
        if let a = audience {
            if a.isArray || a.values.count != 1 { try c.encode(a.values, forKey: key("aud")) } else { try c.encode(a.values[0], forKey: key("aud")) }
        }
        try c.encodeIfPresent(expiresAt, forKey: key("exp"))
        try c.encodeIfPresent(notBefore, forKey: key("nbf"))
        try c.encodeIfPresent(issuedAt, forKey: key("iat"))
        try c.encodeIfPresent(jwtID, forKey: key("jti"))
        try c.encodeIfPresent(nonce, forKey: key("nonce"))
        for m in extra {
            if JWTClaims.registeredNames.contains(where: { sameBytes($0, m.name) }) {
                throw EncodingError.invalidValue(m.name, .init(codingPath: encoder.codingPath,
                    debugDescription: "extra member \(quoted(m.name)) repeats a registered claim; set the property instead"))
            }
            try c.encode(m.value, forKey: key(m.name))
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        func key(_ s: String) -> AnyCodingKey { AnyCodingKey(stringValue: s) }
        issuer = try c.decodeIfPresent(String.self, forKey: key("iss"))
        subject = try c.decodeIfPresent(String.self, forKey: key("sub"))
        if c.contains(key("aud")) {
            if let s = try? c.decode(String.self, forKey: key("aud")) { audience = Audience(s) } else {
                audience = Audience(try c.decode([String].self, forKey: key("aud")))
            }
        }
        expiresAt = try c.decodeIfPresent(Int64.self, forKey: key("exp"))
        notBefore = try c.decodeIfPresent(Int64.self, forKey: key("nbf"))
        issuedAt = try c.decodeIfPresent(Int64.self, forKey: key("iat"))
        jwtID = try c.decodeIfPresent(String.self, forKey: key("jti"))
        nonce = try c.decodeIfPresent(String.self, forKey: key("nonce"))
        var rest: [JSONObject.Member] = []
        for k in c.allKeys where !JWTClaims.registeredNames.contains(where: { sameBytes($0, k.stringValue) }) {
            rest.append(JSONObject.Member(name: k.stringValue, value: try c.decode(JSONValue.self, forKey: k)))
        }
        extra = JSONObject(members: rest)
    }
}
#endif  // !hasFeature(Embedded)
