import Foundation
import Hummingbird
import HummingbirdAuth
import JOSE
import NIOCore

/// Body of `POST /auth/apple`: what the app got from `ASAuthorizationAppleIDCredential`, and the nonce as Apple
/// puts it in the token: the value the app gave Apple (apps commonly give the SHA-256 hex of a raw nonce; then send
/// that hex, or hash the raw nonce on the server before calling ``SignInWithApple/signIn(identityToken:authorizationCode:nonce:)``).
public struct AppleSignInRequest: Codable, Sendable {
    public var identityToken: String
    public var authorizationCode: String
    public var nonce: String?
}

/// Answer of `POST /auth/apple` and `POST /auth/refresh`.
public struct SessionResponse: ResponseEncodable, Sendable {
    public var sessionToken: String
    public var subject: String
    public var expiresIn: Int
}

extension SignInWithApple {
    /// Adds `POST /auth/apple` (sign in → session token), `POST /auth/refresh` (session token in the
    /// `Authorization: Bearer` header → a new one), `GET /me` (the session's subject, behind
    /// ``JWTAuthenticator``) and, for ES256 and RS256 sessions, `GET /.well-known/jwks.json` (the public session
    /// key set) to `router`.
    public func addRoutes(to router: Router<JWTRequestContext>) {
        let sessions = self.sessions
        let lifetime = Int(sessions.lifetime)
        router.post("/auth/apple") { request, context -> SessionResponse in
            let body = try await request.decode(as: AppleSignInRequest.self, context: context)
            do {
                let s = try await self.signIn(identityToken: body.identityToken, authorizationCode: body.authorizationCode,
                                              nonce: body.nonce)
                return SessionResponse(sessionToken: s.token, subject: s.subject, expiresIn: lifetime)
            } catch let e as JWTError {
                throw HTTPError(.unauthorized, message: "sign-in refused: \(e.code)")
            } catch let e as IntegrationError {
                throw HTTPError(.unauthorized, message: "sign-in refused: \(e.code)")
            } catch {
                throw HTTPError(.badGateway, message: "sign-in failed")
            }
        }
        router.post("/auth/refresh") { request, _ -> SessionResponse in
            guard case .token(let token) = JWTAuthenticator<JWTRequestContext>.bearerToken(request.headers[values: .authorization]) else {
                throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"session\""])
            }
            do {
                let fresh = try sessions.refresh(token)
                let sub = try sessions.verify(fresh).claims.subject ?? ""
                return SessionResponse(sessionToken: fresh, subject: sub, expiresIn: lifetime)
            } catch let e as JWTError {
                throw HTTPError(.unauthorized, headers: [.wwwAuthenticate:
                    "Bearer realm=\"session\", error=\"invalid_token\", error_description=\"\(e.code)\""])
            } catch {
                throw HTTPError(.unauthorized, headers: [.wwwAuthenticate:
                    "Bearer realm=\"session\", error=\"invalid_token\", error_description=\"refreshRefused\""])
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
