import JOSE
import JOSEServerSupport
import Vapor

/// Vapor's `AsyncBearerAuthenticator` over PureJOSE: verifies the `Authorization: Bearer` token (signature with an
/// allow-listed algorithm, issuer, audience, expiry with leeway), decodes its claims as `Payload` and logs that in
/// (`req.auth.login`). The verified token itself is at `req.jose.verified`.
///
/// Like every Vapor authenticator it never refuses a request on its own; it records why a request was not
/// authenticated, and ``JOSEGuardMiddleware`` (`Payload.joseGuard()`) answers with that: 401 with an RFC 6750
/// challenge naming the PureJOSE error code (`error="invalid_token", error_description="expired"`), 400
/// `invalid_request` for a malformed header, or the bare challenge when no Bearer credentials came.
///
/// The header is read more carefully than Vapor's `bearerAuthorization`: exactly one `Authorization` line, the
/// scheme in any case, spaces or tabs around the token, and only RFC 6750 `b64token` characters.
public struct JOSEBearerAuthenticator<Payload: Authenticatable & Decodable & Sendable>: AsyncBearerAuthenticator {
    /// The verifier, or nil for `app.jose.verifier` at request time.
    public let verifier: BearerVerifier?

    public init(verifier: BearerVerifier? = nil) { self.verifier = verifier }

    func resolved(_ request: Request) throws -> BearerVerifier {
        guard let v = verifier ?? request.application.jose.verifier else {
            throw Abort(.internalServerError, reason: "app.jose has neither sessions nor a verifier")
        }
        return v
    }

    public func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        try await authenticate(token: bearer.token, with: resolved(request), for: request)
    }

    /// The token verified with `v` (resolved once per request by ``respond(to:chainingTo:)``), its claims logged in.
    func authenticate(token: String, with v: BearerVerifier, for request: Request) async {
        do {
            let verified = try await v.verify(token: token)
            let payload: Payload
            do { payload = try verified.decode(Payload.self) } catch {
                request.storage[Request.JOSEService.RefusalKey.self] = .invalidToken(error, realm: v.realm)
                return
            }
            request.storage[Request.JOSEService.VerifiedKey.self] = verified
            request.auth.login(payload)
        } catch {
            request.storage[Request.JOSEService.RefusalKey.self] = error
        }
    }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let v = try resolved(request)
        switch BearerCredentials.parse(request.headers[.authorization]) {
        case .missing:
            request.storage[Request.JOSEService.RefusalKey.self] = .missing(realm: v.realm)
        case .malformed(let why):
            request.storage[Request.JOSEService.RefusalKey.self] = .malformed(why, realm: v.realm)
        case .token(let token):
            await authenticate(token: token, with: v, for: request)
        }
        return try await next.respond(to: request)
    }
}

/// Requires `Payload` to be logged in; otherwise answers what the authenticator found (see
/// ``JOSEBearerAuthenticator``), or `401 WWW-Authenticate: Bearer realm="…"` when none ran.
public struct JOSEGuardMiddleware<Payload: Authenticatable>: AsyncMiddleware {
    public let realm: String
    public init(realm: String = "api") { self.realm = realm }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.has(Payload.self) else {
            throw BearerAbort(request.storage[Request.JOSEService.RefusalKey.self] ?? .missing(realm: realm))
        }
        return try await next.respond(to: request)
    }
}

extension Authenticatable where Self: Decodable & Sendable {
    /// An authenticator logging in the verified token's claims as `Self` (`app.jose.verifier` unless given).
    public static func joseAuthenticator(verifier: BearerVerifier? = nil) -> JOSEBearerAuthenticator<Self> {
        JOSEBearerAuthenticator(verifier: verifier)
    }

    /// A guard answering RFC 6750 401s (with the error code) when `Self` is not logged in.
    public static func joseGuard(realm: String = "api") -> JOSEGuardMiddleware<Self> {
        JOSEGuardMiddleware(realm: realm)
    }
}

/// The registered claims of a verified token as an `Authenticatable` (when no payload type of your own is needed):
/// `routes.grouped(JOSEClaims.joseAuthenticator(), JOSEClaims.joseGuard())`, then `req.auth.require(JOSEClaims.self)`.
public struct JOSEClaims: Authenticatable, Decodable, Sendable {
    public var sub: String?
    public var iss: String?
    public var exp: Double?
    public var iat: Double?
    public var jti: String?
}
