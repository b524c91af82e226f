import Foundation
import Hummingbird
import HummingbirdAuth
import JOSE
import JOSEServerSupport
import NIOCore

/// Body of `POST /auth/apple`: what the app got from `ASAuthorizationAppleIDCredential`, and the raw nonce it got
/// from `POST /auth/apple/nonce` (the app gave Apple its SHA-256 hex, which is the token's `nonce` claim).
public struct AppleSignInRequest: Codable, Sendable {
    public var identityToken: String
    public var authorizationCode: String
    public var nonce: String?
}

/// Answer of `POST /auth/apple/nonce`: the raw nonce (give Apple `SHA-256 hex(nonce)`, send `nonce` back with the
/// sign-in) and its lifetime in seconds. The response also sets the session cookie the nonce is bound to.
public struct NonceResponse: ResponseEncodable, Sendable {
    public var nonce: String
    public var expiresIn: Int
}

/// Answer of `POST /auth/apple` and `POST /auth/refresh`.
public struct SessionResponse: ResponseEncodable, Sendable {
    public var sessionToken: String
    public var subject: String
    public var expiresIn: Int
}

extension SignInWithApple {
    /// Adds `POST /auth/apple/nonce` (a nonce for this client's session, setting the ``nonceSessionCookie``
    /// cookie, `Path` `/auth/apple`, `HttpOnly`, `SameSite=Strict`, `Secure` unless
    /// ``Configuration/allowInsecureHTTPForTesting``), `POST /auth/apple` (sign in with that nonce → session token), `POST /auth/refresh` (session token in the
    /// `Authorization: Bearer` header → a new one), `GET /me` (the session's subject, behind
    /// ``JWTAuthenticator``) and, for ES256 and RS256 sessions, `GET /.well-known/jwks.json` (the public session
    /// key set) to `router`.
    public func addRoutes(to router: Router<JWTRequestContext>) {
        let sessions = self.sessions
        let lifetime = Int(sessions.lifetime)
        let secureCookie = !configuration.allowInsecureHTTPForTesting
        let gate = bodyReads
        let bodyLimit = configuration.maximumBodyBytes
        router.post("/auth/apple/nonce") { request, context -> Response in
            // No body is expected; one that is declared is read (1 KiB at most) within the deadline.
            if RequestBodyDeadline.declaresBody(request.head) {
                _ = try await Self.readBody(request, limit: 1024, gate: gate)
            }
            // The client's session cookie if it has a well-formed one, else a new session.
            let session = Self.sessionCookie(request) ?? NonceStore.newSessionID()
            let issued: NonceStore.Issued
            do { issued = try await self.issueNonce(session: session) } catch {
                throw HTTPError(.serviceUnavailable, message: "no nonce can be issued now")
            }
            let seconds = issued.lifetime.isFinite ? Int(min(max(issued.lifetime, 0), 86_400)) : 0
            var response = try NonceResponse(nonce: issued.value, expiresIn: seconds).response(from: request, context: context)
            response.headers[.cacheControl] = "no-store"
            response.setCookie(Cookie(name: Self.nonceSessionCookie, value: session, maxAge: max(seconds, 1),
                                      path: "/auth/apple", secure: secureCookie, httpOnly: true, sameSite: .strict))
            return response
        }
        router.post("/auth/apple") { request, context -> SessionResponse in
            let bytes = try await Self.readBody(request, limit: bodyLimit, gate: gate)
            let body: AppleSignInRequest
            do { body = try JSONDecoder().decode(AppleSignInRequest.self, from: Data(bytes.readableBytesView)) } catch {
                throw HTTPError(.badRequest, message: "body is not {identityToken, authorizationCode, nonce}")
            }
            do {
                let s = try await self.signIn(identityToken: body.identityToken, authorizationCode: body.authorizationCode,
                                              nonce: body.nonce, nonceSession: Self.sessionCookie(request))
                return SessionResponse(sessionToken: s.token, subject: s.subject, expiresIn: lifetime)
            } catch let e as IntegrationError where e.code == .tooManyNonces {
                throw HTTPError(.serviceUnavailable, message: "sign-in refused: \(e.code): \(e.reason)")
            } catch let e as IntegrationError where e.code == .nonceRefused {
                throw HTTPError(.unauthorized, message: "sign-in refused: \(e.code): \(e.reason)")
            } catch let e as JWTError {
                throw HTTPError(.unauthorized, message: "sign-in refused: \(e.code)")
            } catch let e as IntegrationError {
                throw HTTPError(.unauthorized, message: "sign-in refused: \(e.code)")
            } catch {
                throw HTTPError(.badGateway, message: "sign-in failed")
            }
        }
        router.post("/auth/refresh") { request, _ -> SessionResponse in
            guard case .token(let token) = BearerCredentials.parse(request.headers[values: .authorization]) else {
                throw JWTAuthenticator<JWTRequestContext>.httpError(.missing(realm: "session"))
            }
            do {
                let fresh = try sessions.refresh(token)
                let sub = try sessions.verify(fresh).claims.subject ?? ""
                return SessionResponse(sessionToken: fresh, subject: sub, expiresIn: lifetime)
            } catch let e as JWTError {
                throw JWTAuthenticator<JWTRequestContext>.httpError(.invalidToken(e, realm: "session"))
            } catch {
                throw JWTAuthenticator<JWTRequestContext>.httpError(.invalidToken(code: "refreshRefused", realm: "session"))
            }
        }
        if let jwks = sessions.publicKeySetJSON {
            // The server's public session keys (ES256, RS256), for other services verifying its sessions.
            router.get("/.well-known/jwks.json") { _, _ -> Response in
                Response(status: .ok, headers: [.contentType: "application/jwk-set+json", .cacheControl: "max-age=3600"],
                         body: .init(byteBuffer: ByteBuffer(string: jwks)))
            }
        }
        router.group("me")
            .add(middleware: JWTAuthenticator(source: .keys(sessions.verificationKeys), algorithms: sessions.algorithms,
                                              expectations: sessions.expectations, realm: "session"))
            .get { _, context -> String in
                try context.requireIdentity().claims.subject ?? ""
            }
    }
}

extension SignInWithApple {
    /// The request's body, at most `limit` bytes, read within `gate`'s deadline: 413 over the limit, 408 past the
    /// deadline and 503 when the gate is full (``RequestBodyDeadline``, when the server has it, closes those
    /// connections).
    static func readBody(_ request: Request, limit: Int, gate: BodyReadGate) async throws -> ByteBuffer {
        switch await gate.read({ var r = request; return try await r.collectBody(upTo: limit) }) {
        case .read(let buffer): return buffer
        case .failed: throw HTTPError(.contentTooLarge, message: "body over \(limit) bytes")
        case .timedOut: throw HTTPError(.requestTimeout, headers: [.connection: "close"], message: "refused: bodyTimeout")
        case .busy: throw HTTPError(.serviceUnavailable, headers: [.connection: "close"], message: "refused: tooManyBodyReads")
        }
    }

    /// The request's ``nonceSessionCookie`` value if it has the shape of one this server sets, else nil.
    static func sessionCookie(_ request: Request) -> String? {
        guard let value = request.cookies[nonceSessionCookie]?.value, NonceStore.isWellFormed(value) else { return nil }
        return value
    }
}
