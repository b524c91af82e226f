import Hummingbird
import HummingbirdAuth
import JOSE

/// Where a ``JWTAuthenticator`` finds its keys: a fixed set (your own session keys), a provider's remote set, or a
/// ``JOSE/JWKSCache`` you built yourself.
public struct JWTKeySource: Sendable {
    let verify: @Sendable (String, Set<JWSAlgorithm>, ClaimExpectations, JWTVerifier.Options) async throws -> VerifiedJWT

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

/// A request context carrying the verified token of the request (nil until ``JWTAuthenticator`` ran).
public struct JWTRequestContext: AuthRequestContext, RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The verified token: header, registered claims, the claims object and the key that verified it.
    public var identity: VerifiedJWT?

    public init(source: Source) {
        coreContext = .init(source: source)
        identity = nil
    }
}

/// Middleware that requires an `Authorization: Bearer <JWT>` (RFC 6750 §2.1) on every request it guards, verifies
/// the token (signature with an allow-listed algorithm, issuer, audience, expiry with leeway) and stores the
/// ``JOSE/VerifiedJWT`` in the context's `identity`.
///
/// Failures answer 401 with an RFC 6750 §3 challenge, e.g.
/// `WWW-Authenticate: Bearer realm="api", error="invalid_token", error_description="expired"` — the description is
/// the ``JOSE/JWTError`` code, never the token or its contents. A request without credentials gets the challenge
/// without an error (§3.1); a malformed `Authorization` header (two of them, a token with spaces or characters
/// outside `b64token`) gets 400 `invalid_request`.
///
/// The scheme name is matched case-insensitively (RFC 9110 §11.1); spaces around the token are tolerated.
public struct JWTAuthenticator<Context: AuthRequestContext>: RouterMiddleware where Context.Identity == VerifiedJWT {
    public let source: JWTKeySource
    public let algorithms: Set<JWSAlgorithm>
    public let expectations: ClaimExpectations
    public let options: JWTVerifier.Options
    /// The `realm` of the challenge.
    public let realm: String

    /// - Parameters:
    ///   - expectations: issuer, audience, leeway, `requireExpiration`… (``JOSE/ClaimExpectations``).
    public init(source: JWTKeySource, algorithms: Set<JWSAlgorithm>, expectations: ClaimExpectations,
                options: JWTVerifier.Options = .default, realm: String = "api", context: Context.Type = Context.self) {
        self.source = source
        self.algorithms = algorithms
        self.expectations = expectations
        self.options = options
        self.realm = realm.filter { $0 != "\"" && $0 != "\\" }
    }

    /// The common case: issuer and audience required, `leeway` seconds of clock skew.
    public init(source: JWTKeySource, algorithms: Set<JWSAlgorithm>, issuer: String?, audience: String?,
                leeway: Double = 60, realm: String = "api", context: Context.Type = Context.self) {
        self.init(source: source, algorithms: algorithms,
                  expectations: ClaimExpectations(issuer: issuer, audience: audience, leeway: leeway), realm: realm)
    }

    public func handle(_ request: Request, context: Context,
                       next: (Request, Context) async throws -> Response) async throws -> Response {
        let token: String
        switch Self.bearerToken(request.headers[values: .authorization]) {
        case .missing:
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"\(realm)\""])
        case .malformed(let why):
            throw HTTPError(.badRequest, headers: [.wwwAuthenticate: challenge("invalid_request", why)],
                            message: "invalid_request")
        case .token(let t):
            token = t
        }
        let verified: VerifiedJWT
        do {
            verified = try await source.verify(token, algorithms, expectations, options)
        } catch let e as JWTError {
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: challenge("invalid_token", e.code.description)],
                            message: "invalid_token")
        } catch {
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: challenge("invalid_token", "rejected")],
                            message: "invalid_token")
        }
        var context = context
        context.identity = verified
        return try await next(request, context)
    }

    func challenge(_ error: String, _ description: String) -> String {
        "Bearer realm=\"\(realm)\", error=\"\(error)\", error_description=\"\(description)\""
    }

    enum Credentials: Equatable { case missing, malformed(String), token(String) }

    /// Parses the `Authorization` field lines: exactly one `Bearer <b64token>`. Other schemes count as missing
    /// credentials for this middleware (the challenge tells the client what to send).
    static func bearerToken(_ values: [String]) -> Credentials {
        guard !values.isEmpty else { return .missing }
        guard values.count == 1 else { return .malformed("multipleAuthorizationHeaders") }
        let v = values[0].utf8
        var i = v.startIndex
        func skipSpaces() { while i != v.endIndex, v[i] == 0x20 || v[i] == 0x09 { i = v.index(after: i) } }
        skipSpaces()
        let schemeStart = i
        while i != v.endIndex, v[i] != 0x20, v[i] != 0x09 { i = v.index(after: i) }
        let scheme = String(decoding: v[schemeStart..<i], as: UTF8.self)
        guard scheme.lowercased() == "bearer" else { return .missing }
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
