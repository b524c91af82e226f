import Hummingbird
import HummingbirdAuth
import JOSE
import JOSEServerSupport

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
/// The scheme name is matched case-insensitively (RFC 9110 §11.1); spaces around the token are tolerated. Parsing,
/// verification and the challenge are JOSEServerSupport's ``BearerVerifier``, as in the Vapor package.
public struct JWTAuthenticator<Context: AuthRequestContext>: RouterMiddleware where Context.Identity == VerifiedJWT {
    public let source: JWTKeySource
    public let algorithms: Set<JWSAlgorithm>
    public let expectations: ClaimExpectations
    public let options: JWTVerifier.Options
    /// The `realm` of the challenge.
    public let realm: String
    let verifier: BearerVerifier

    /// - Parameters:
    ///   - expectations: issuer, audience, leeway, `requireExpiration`… (``JOSE/ClaimExpectations``).
    public init(source: JWTKeySource, algorithms: Set<JWSAlgorithm>, expectations: ClaimExpectations,
                options: JWTVerifier.Options = .default, realm: String = "api", context: Context.Type = Context.self) {
        self.source = source
        self.algorithms = algorithms
        self.expectations = expectations
        self.options = options
        self.realm = BearerRefusal.sanitizedRealm(realm)
        verifier = BearerVerifier(source: source, algorithms: algorithms, expectations: expectations, options: options,
                                  realm: realm)
    }

    /// The common case: issuer and audience required, `leeway` seconds of clock skew.
    public init(source: JWTKeySource, algorithms: Set<JWSAlgorithm>, issuer: String?, audience: String?,
                leeway: Double = 60, realm: String = "api", context: Context.Type = Context.self) {
        self.init(source: source, algorithms: algorithms,
                  expectations: ClaimExpectations(issuer: issuer, audience: audience, leeway: leeway), realm: realm)
    }

    public func handle(_ request: Request, context: Context,
                       next: (Request, Context) async throws -> Response) async throws -> Response {
        let verified: VerifiedJWT
        do {
            verified = try await verifier.verify(authorization: request.headers[values: .authorization])
        } catch {
            throw Self.httpError(error)
        }
        var context = context
        context.identity = verified
        return try await next(request, context)
    }

    /// The Hummingbird answer to a refusal: its status, its `WWW-Authenticate` challenge, and the RFC 6750 error
    /// (if any) as the body.
    static func httpError(_ refusal: BearerRefusal) -> HTTPError {
        HTTPError(.init(code: refusal.status), headers: [.wwwAuthenticate: refusal.challenge], message: refusal.error)
    }
}
