import JOSE
import JOSEServerSupport
import Vapor

/// A refused Bearer request as Vapor's error: the RFC 6750 status and `WWW-Authenticate` challenge (naming the
/// error code, never the token), and a reason of `invalid_token`, `invalid_request` or `unauthorized`.
public struct BearerAbort: AbortError, Sendable {
    public let refusal: BearerRefusal
    public init(_ refusal: BearerRefusal) { self.refusal = refusal }
    public var status: HTTPResponseStatus { .init(statusCode: refusal.status) }
    public var headers: HTTPHeaders { ["WWW-Authenticate": refusal.challenge] }
    public var reason: String { refusal.error ?? "unauthorized" }
}

extension Request {
    /// PureJOSE for this request: Bearer verification, signing with the application's session key, and the
    /// provider presets.
    public var jose: JOSEService { JOSEService(request: self) }

    public struct JOSEService: Sendable {
        public let request: Request

        struct VerifiedKey: StorageKey { typealias Value = VerifiedJWT }
        struct RefusalKey: StorageKey { typealias Value = BearerRefusal }

        func configuredVerifier() throws -> BearerVerifier {
            guard let v = request.application.jose.verifier else {
                throw Abort(.internalServerError, reason: "app.jose has neither sessions nor a verifier")
            }
            return v
        }

        /// The request's `Authorization: Bearer` token, verified with `app.jose.verifier` (or the one given).
        /// A refusal throws ``BearerAbort``: 401 (400 for a malformed header) with the RFC 6750 challenge.
        public func verify(with verifier: BearerVerifier? = nil) async throws -> VerifiedJWT {
            let v = try verifier ?? configuredVerifier()
            do {
                let verified = try await v.verify(authorization: request.headers[.authorization])
                request.storage[VerifiedKey.self] = verified
                return verified
            } catch {
                throw BearerAbort(error)
            }
        }

        /// The Bearer token's claims decoded as `T`, after verification (signature, algorithm, issuer, audience,
        /// expiry).
        public func verify<T: Decodable>(as type: T.Type, with verifier: BearerVerifier? = nil) async throws -> T {
            let verified = try await verify(with: verifier)
            do { return try verified.decode(T.self) } catch {
                throw BearerAbort(.invalidToken(error, realm: (try? verifier ?? configuredVerifier())?.realm ?? "api"))
            }
        }

        /// A token given as a string (not from the header), verified and decoded as `T`.
        public func verify<T: Decodable>(_ token: String, as type: T.Type, with verifier: BearerVerifier? = nil) async throws -> T {
            let v = try verifier ?? configuredVerifier()
            do { return try await v.verify(token: token).decode(T.self) } catch let r as BearerRefusal {
                throw BearerAbort(r)
            } catch {
                throw BearerAbort(.invalidToken(error, realm: v.realm))
            }
        }

        /// The token an authenticator or ``verify(with:)`` verified on this request, if any.
        public var verified: VerifiedJWT? { request.storage[VerifiedKey.self] }

        /// Signs `claims` with the application's session key (`app.jose.sessions`).
        public func sign(_ claims: some Encodable) throws -> String {
            guard let sessions = request.application.jose.sessions else {
                throw Abort(.internalServerError, reason: "app.jose.sessions is not set")
            }
            return try sessions.sign(claims)
        }

        /// Apple's identity tokens (`app.jose.apple`).
        public var apple: Apple { Apple(request: request) }
        /// Google's ID tokens (`app.jose.google`).
        public var google: Google { Google(request: request) }
        /// Microsoft's v2.0 ID tokens (`app.jose.microsoft`).
        public var microsoft: Microsoft { Microsoft(request: request) }

        public struct Apple: Sendable {
            let request: Request
            /// The Bearer token as an Apple identity token for `applicationIdentifier` (default
            /// `app.jose.apple.applicationIdentifier`), with `nonce` if given.
            public func verify(applicationIdentifier: String? = nil, nonce: String? = nil) async throws -> AppleIdentityClaims {
                try await verify(bearer(request), applicationIdentifier: applicationIdentifier, nonce: nonce)
            }
            public func verify(_ token: String, applicationIdentifier: String? = nil, nonce: String? = nil) async throws -> AppleIdentityClaims {
                let p = request.application.jose.apple
                let id = try clientID(applicationIdentifier ?? p.applicationIdentifier, "apple")
                return try await refusing {
                    try await IdentityProviders.verifyApple(token, keys: request.application.jose.keys(of: p),
                                                            applicationIdentifier: id, nonce: nonce, leeway: p.leeway)
                }
            }
        }

        public struct Google: Sendable {
            let request: Request
            /// The Bearer token as a Google ID token for `applicationIdentifier`; with `gSuiteDomainName`, its `hd`
            /// must be that domain.
            public func verify(applicationIdentifier: String? = nil, gSuiteDomainName: String? = nil,
                               nonce: String? = nil) async throws -> GoogleIdentityClaims {
                try await verify(bearer(request), applicationIdentifier: applicationIdentifier,
                                 gSuiteDomainName: gSuiteDomainName, nonce: nonce)
            }
            public func verify(_ token: String, applicationIdentifier: String? = nil, gSuiteDomainName: String? = nil,
                               nonce: String? = nil) async throws -> GoogleIdentityClaims {
                let p = request.application.jose.google
                let id = try clientID(applicationIdentifier ?? p.applicationIdentifier, "google")
                return try await refusing {
                    try await IdentityProviders.verifyGoogle(token, keys: request.application.jose.keys(of: p),
                                                             applicationIdentifier: id, gSuiteDomainName: gSuiteDomainName,
                                                             nonce: nonce, leeway: p.leeway)
                }
            }
        }

        public struct Microsoft: Sendable {
            let request: Request
            /// The Bearer token as a Microsoft v2.0 ID token for `applicationIdentifier`; with `tenantID`, from that
            /// tenant only.
            public func verify(applicationIdentifier: String? = nil, tenantID: String? = nil,
                               nonce: String? = nil) async throws -> MicrosoftIdentityClaims {
                try await verify(bearer(request), applicationIdentifier: applicationIdentifier, tenantID: tenantID, nonce: nonce)
            }
            public func verify(_ token: String, applicationIdentifier: String? = nil, tenantID: String? = nil,
                               nonce: String? = nil) async throws -> MicrosoftIdentityClaims {
                let p = request.application.jose.microsoft
                let id = try clientID(applicationIdentifier ?? p.applicationIdentifier, "microsoft")
                return try await refusing {
                    try await IdentityProviders.verifyMicrosoft(token, keys: request.application.jose.keys(of: p),
                                                                applicationIdentifier: id, tenantID: tenantID,
                                                                nonce: nonce, leeway: p.leeway)
                }
            }
        }
    }
}

private func bearer(_ request: Request) throws -> String {
    switch BearerCredentials.parse(request.headers[.authorization]) {
    case .missing: throw BearerAbort(.missing(realm: "api"))
    case .malformed(let why): throw BearerAbort(.malformed(why, realm: "api"))
    case .token(let t): return t
    }
}

private func clientID(_ id: String?, _ provider: String) throws -> String {
    guard let id, !id.isEmpty else {
        throw Abort(.internalServerError, reason: "app.jose.\(provider).applicationIdentifier is not set")
    }
    return id
}

/// Runs a provider verification; a refused token answers 401 `invalid_token` naming the code.
private func refusing<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch let e as JWTError {
        throw BearerAbort(.invalidToken(e, realm: "api"))
    } catch let e as IntegrationError where e.code != .configuration && e.code != .insecureURL && e.code != .invalidURL {
        throw BearerAbort(.invalidToken(e, realm: "api"))
    }
}
