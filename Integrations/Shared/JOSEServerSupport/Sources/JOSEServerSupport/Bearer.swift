import JOSE

/// What an `Authorization` header holds for a Bearer-token endpoint (RFC 6750 §2.1).
public enum BearerCredentials: Equatable, Sendable {
    /// No `Authorization` header, or one with another scheme: the answer is a challenge without an error (§3.1).
    case missing
    /// A header that is not one `Bearer <b64token>`; the reason is a short code (`multipleAuthorizationHeaders`,
    /// `spaceInToken`, `emptyToken`, `invalidTokenCharacters`), never a part of the header.
    case malformed(String)
    case token(String)

    /// Parses the `Authorization` field lines: exactly one `Bearer <b64token>`. The scheme is matched
    /// case-insensitively (RFC 9110 §11.1) and spaces or tabs around the token are tolerated; other schemes count
    /// as missing credentials for a Bearer endpoint (the challenge tells the client what to send).
    public static func parse(_ values: [String]) -> BearerCredentials {
        guard !values.isEmpty else { return .missing }
        guard values.count == 1 else { return .malformed("multipleAuthorizationHeaders") }
        let v = values[0].utf8
        var i = v.startIndex
        func skipSpaces() { while i != v.endIndex, v[i] == 0x20 || v[i] == 0x09 { i = v.index(after: i) } }
        skipSpaces()
        let schemeStart = i
        while i != v.endIndex, v[i] != 0x20, v[i] != 0x09 { i = v.index(after: i) }
        // ASCII case folding on the bytes (no String made per request): `x | 0x20` is one of "bearer"'s letters only
        // for that letter in either case.
        let scheme = v[schemeStart..<i]
        guard scheme.count == 6, zip(scheme, "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return .missing }
        skipSpaces()
        let tokenStart = i
        while i != v.endIndex, v[i] != 0x20, v[i] != 0x09 { i = v.index(after: i) }
        let tokenEnd = i
        skipSpaces()
        guard i == v.endIndex else { return .malformed("spaceInToken") }
        guard tokenStart != tokenEnd else { return .malformed("emptyToken") }
        // b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
        var sawEquals = false
        for c in v[tokenStart..<tokenEnd] {
            let ok: Bool
            switch c {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E, 0x2B, 0x2F: ok = !sawEquals
            case 0x3D: sawEquals = true; ok = true
            default: ok = false
            }
            if !ok { return .malformed("invalidTokenCharacters") }
        }
        return .token(String(decoding: v[tokenStart..<tokenEnd], as: UTF8.self))
    }
}

/// The answer to a request a Bearer endpoint refuses (RFC 6750 §3): a status and a `WWW-Authenticate` value that
/// names the error and, as `error_description`, the PureJOSE error code — never the token or any part of it.
public struct BearerRefusal: Error, Equatable, Sendable {
    /// 401 or 400.
    public let status: Int
    /// The `WWW-Authenticate` field value.
    public let challenge: String
    /// `invalid_token`, `invalid_request`, or nil when no credentials were sent.
    public let error: String?
    /// The error code (e.g. `expired`, `keyNotFound`, `spaceInToken`), or nil.
    public let description: String?

    /// No credentials (or another scheme): 401 with `Bearer realm="…"` only (§3.1).
    public static func missing(realm: String) -> BearerRefusal {
        BearerRefusal(status: 401, challenge: "Bearer realm=\"\(sanitizedRealm(realm))\"", error: nil, description: nil)
    }

    /// A malformed `Authorization` header: 400 `invalid_request`.
    public static func malformed(_ why: String, realm: String) -> BearerRefusal {
        make(400, "invalid_request", why, realm: realm)
    }

    /// A token that did not verify: 401 `invalid_token` with the error's code (``JOSE/JWTError``'s code, an
    /// ``IntegrationError``'s code, or `rejected` for anything else).
    public static func invalidToken(_ error: any Error, realm: String) -> BearerRefusal {
        let code: String
        switch error {
        case let e as JWTError: code = e.code.description
        case let e as IntegrationError: code = e.code.description
        default: code = "rejected"
        }
        return make(401, "invalid_token", code, realm: realm)
    }

    /// A token refused for a reason named by the caller (a short code such as `refreshRefused`).
    public static func invalidToken(code: String, realm: String) -> BearerRefusal {
        make(401, "invalid_token", code, realm: realm)
    }

    static func make(_ status: Int, _ error: String, _ description: String, realm: String) -> BearerRefusal {
        // The description is one of our own codes; keep it to the characters RFC 6750 allows there anyway.
        let d = String(description.unicodeScalars.filter { $0.value >= 0x20 && $0.value <= 0x7E && $0 != "\"" && $0 != "\\" })
        return BearerRefusal(status: status,
                             challenge: "Bearer realm=\"\(sanitizedRealm(realm))\", error=\"\(error)\", error_description=\"\(d)\"",
                             error: error, description: d)
    }

    /// A realm without quotes or backslashes, so the challenge stays one quoted-string.
    public static func sanitizedRealm(_ realm: String) -> String {
        realm.filter { $0 != "\"" && $0 != "\\" }
    }
}

/// Where an authenticator finds its keys: a fixed set (your own session keys), a provider's remote set, or a
/// ``JOSE/JWKSCache`` you built yourself.
public struct JWTKeySource: Sendable {
    public let verify: @Sendable (String, Set<JWSAlgorithm>, ClaimExpectations, JWTVerifier.Options) async throws -> VerifiedJWT

    public init(verify: @escaping @Sendable (String, Set<JWSAlgorithm>, ClaimExpectations, JWTVerifier.Options) async throws -> VerifiedJWT) {
        self.verify = verify
    }

    /// A fixed key set.
    public static func keys(_ set: JWKSet) -> JWTKeySource {
        JWTKeySource { token, algs, expect, options in
            try JWTVerifier(keys: set, algorithms: algs, options: options).verify(token, expecting: expect)
        }
    }

    /// A provider's JWK Set over HTTPS.
    public static func remote(_ jwks: RemoteJWKS) -> JWTKeySource {
        JWTKeySource { token, algs, expect, options in
            try await jwks.verify(token, algorithms: algs, expecting: expect, options: options)
        }
    }

    /// A cache around your own fetch.
    public static func cache(_ cache: JWKSCache) -> JWTKeySource {
        JWTKeySource { token, algs, expect, options in
            try await cache.verify(token, algorithms: algs, expecting: expect, options: options)
        }
    }
}

/// A Bearer check in one call: parse the `Authorization` field lines, verify the token, or throw the
/// ``BearerRefusal`` to answer with.
public struct BearerVerifier: Sendable {
    public let source: JWTKeySource
    public let algorithms: Set<JWSAlgorithm>
    public let expectations: ClaimExpectations
    public let options: JWTVerifier.Options
    public let realm: String

    public init(source: JWTKeySource, algorithms: Set<JWSAlgorithm>, expectations: ClaimExpectations,
                options: JWTVerifier.Options = .default, realm: String = "api") {
        self.source = source
        self.algorithms = algorithms
        self.expectations = expectations
        self.options = options
        self.realm = BearerRefusal.sanitizedRealm(realm)
    }

    /// The verified token of a request whose `Authorization` field lines are `authorization`.
    public func verify(authorization: [String]) async throws(BearerRefusal) -> VerifiedJWT {
        switch BearerCredentials.parse(authorization) {
        case .missing: throw .missing(realm: realm)
        case .malformed(let why): throw .malformed(why, realm: realm)
        case .token(let token): return try await verify(token: token)
        }
    }

    /// A token already taken from its header.
    public func verify(token: String) async throws(BearerRefusal) -> VerifiedJWT {
        do {
            return try await source.verify(token, algorithms, expectations, options)
        } catch {
            throw .invalidToken(error, realm: realm)
        }
    }
}
