import Foundation
import JOSE
import JOSEServerSupport
import Vapor

/// Body of `POST /auth/apple`: what the app got from `ASAuthorizationAppleIDCredential`, and the nonce this server
/// issued at `POST /auth/apple/nonce` (the app passed its SHA-256 in lowercase hex to Apple's request).
public struct AppleSignInBody: Codable, Sendable {
    public var identityToken: String
    public var authorizationCode: String
    public var nonce: String?
    public init(identityToken: String, authorizationCode: String, nonce: String?) {
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.nonce = nonce
    }
}

/// Answer of `POST /auth/apple` and `POST /auth/refresh`.
public struct SessionAnswer: Codable, Sendable {
    public var sessionToken: String
    public var subject: String
    public var expiresIn: Int
}

/// Answer of `POST /auth/apple/nonce`.
public struct NonceAnswer: Codable, Sendable {
    public var nonce: String
    public var expiresIn: Int
}

extension SignInWithApple {
    /// Adds to `routes`:
    /// - `POST /auth/apple/nonce`: a new server-issued nonce (5 minutes, once only), bound to the client session
    ///   by the HttpOnly ``JOSEServerSupport/SignInWithApple/nonceSessionCookie`` cookie (set here if the client has
    ///   no well-formed one);
    /// - `POST /auth/apple`: identity token + authorization code + that nonce (with the cookie) → session token;
    ///
    /// (Both read their bodies under ``JOSEServerSupport/SignInWithApple/bodyReads``: the whole body within
    /// ``JOSEServerSupport/SignInWithApple/Configuration/bodyReadTimeout`` or 408 and the connection closed; past
    /// ``JOSEServerSupport/SignInWithApple/Configuration/maximumConcurrentBodyReads`` bodies at once, 503 and closed.)
    /// - `POST /auth/refresh`: a session token in `Authorization: Bearer` → a new one;
    /// - `GET /me`: the session's subject, behind ``JOSEBearerAuthenticator`` and ``JOSEGuardMiddleware`` (realm
    ///   `session`);
    /// - for ES256 and RS256 sessions, `GET /.well-known/jwks.json`, the public session key set.
    ///
    /// Also sets `app.jose.sessions` to this flow's sessions (so `req.jose.sign` and `req.jose.verify` use them)
    /// when it is not set yet, and, when the app has none, Vapor's `idleTimeout` to the body deadline plus 1 s: Vapor hands a
    /// request to its route only once the first byte of its body has arrived, so a body that never starts is closed
    /// by the idle timeout (one that starts and stalls or drips is answered 408 by the route).
    ///
    /// - Parameter secureCookie: mark the nonce cookie `Secure` (https only); turn off for plain-http tests.
    public func addRoutes(to app: Application, secureCookie: Bool = true) {
        GuardedBody.setIdleTimeoutIfUnset(app, seconds: bodyReads.timeout + 1)
        if app.jose.sessions == nil { app.jose.sessions = sessions }
        app.jose.signInWithApple = self
        addRoutes(to: app as any RoutesBuilder, secureCookie: secureCookie)
    }

    /// The same routes on any routes builder (a group, a prefix).
    public func addRoutes(to routes: any RoutesBuilder, secureCookie: Bool = true) {
        let sessions = self.sessions
        let lifetime = Int(sessions.lifetime)
        let gate = bodyReads
        let bodyLimit = configuration.maximumBodyBytes
        routes.on(.POST, "auth", "apple", "nonce", body: .stream) { req async throws -> Response in
            // No body is expected; one that is declared is read (1 KiB at most) within the deadline, so that it
            // cannot hold the connection.
            if GuardedBody.declared(req) {
                switch await GuardedBody.read(req, limit: 1024, gate: gate) {
                case .bytes: break
                case .tooLarge: throw Abort(.payloadTooLarge)
                case .refused(let response): return response
                }
            }
            let existing = Self.sessionCookie(req)
            let session = existing ?? NonceStore.newSessionID()
            let issued: NonceStore.Issued
            do { issued = try await self.issueNonce(session: session) } catch {
                throw Abort(.serviceUnavailable, reason: "no nonce available now; try again later")
            }
            let seconds = issued.lifetime.isFinite ? Int(min(max(issued.lifetime, 0), 86_400)) : 0
            let response = try jsonResponse(NonceAnswer(nonce: issued.value, expiresIn: seconds))
            response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
            if session != existing {
                response.cookies[Self.nonceSessionCookie] = HTTPCookies.Value(
                    string: session, maxAge: 3600, path: "/auth/apple", isSecure: secureCookie, isHTTPOnly: true,
                    sameSite: .lax)
            }
            return response
        }
        routes.on(.POST, "auth", "apple", body: .stream) { req async throws -> Response in
            let bytes: [UInt8]
            switch await GuardedBody.read(req, limit: bodyLimit, gate: gate) {
            case .bytes(let b): bytes = b
            case .tooLarge: throw Abort(.payloadTooLarge)
            case .refused(let response): return response
            }
            let body: AppleSignInBody
            do { body = try JSONDecoder().decode(AppleSignInBody.self, from: Data(bytes)) } catch {
                throw Abort(.badRequest, reason: "body is not {identityToken, authorizationCode, nonce}")
            }
            do {
                let s = try await self.signIn(identityToken: body.identityToken, authorizationCode: body.authorizationCode,
                                              nonce: body.nonce, nonceSession: Self.sessionCookie(req))
                return try jsonResponse(SessionAnswer(sessionToken: s.token, subject: s.subject, expiresIn: lifetime))
            } catch let e as JWTError {
                throw Abort(.unauthorized, reason: "sign-in refused: \(e.code)")
            } catch let e as IntegrationError where e.code == .tooManyNonces {
                throw Abort(.serviceUnavailable, reason: "sign-in refused: \(e.code): \(e.reason)")
            } catch let e as IntegrationError {
                throw Abort(.unauthorized, reason: "sign-in refused: \(e.code)")
            } catch {
                throw Abort(.badGateway, reason: "sign-in failed")
            }
        }
        routes.post("auth", "refresh") { req async throws -> Response in
            guard case .token(let token) = BearerCredentials.parse(req.headers[.authorization]) else {
                throw BearerAbort(.missing(realm: "session"))
            }
            do {
                let fresh = try sessions.refresh(token)
                let sub = try sessions.verify(fresh).claims.subject ?? ""
                return try jsonResponse(SessionAnswer(sessionToken: fresh, subject: sub, expiresIn: lifetime))
            } catch let e as JWTError {
                throw BearerAbort(.invalidToken(e, realm: "session"))
            } catch {
                throw BearerAbort(.invalidToken(code: "refreshRefused", realm: "session"))
            }
        }
        if let jwks = sessions.publicKeySetJSON {
            // The server's public session keys (ES256, RS256), for other services verifying its sessions.
            routes.get(".well-known", "jwks.json") { _ -> Response in
                Response(status: .ok, headers: ["Content-Type": "application/jwk-set+json", "Cache-Control": "max-age=3600"],
                         body: .init(string: jwks))
            }
        }
        let verifier = BearerVerifier(source: .keys(sessions.verificationKeys), algorithms: sessions.algorithms,
                                      expectations: sessions.expectations, realm: "session")
        routes.grouped(JOSEClaims.joseAuthenticator(verifier: verifier), JOSEClaims.joseGuard(realm: "session"))
            .get("me") { req -> String in
                try req.auth.require(JOSEClaims.self).sub ?? ""
            }
    }
}

extension SignInWithApple {
    /// The request's ``JOSEServerSupport/SignInWithApple/nonceSessionCookie`` value if it has the shape of one this
    /// server sets (``JOSEServerSupport/NonceStore/isWellFormed(_:)``), else nil.
    static func sessionCookie(_ req: Request) -> String? {
        guard let value = req.cookies[nonceSessionCookie]?.string, NonceStore.isWellFormed(value) else { return nil }
        return value
    }
}

func jsonResponse(_ value: some Encodable) throws -> Response {
    let data = try JSONEncoder().encode(value)
    return Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: .init(data: data))
}
