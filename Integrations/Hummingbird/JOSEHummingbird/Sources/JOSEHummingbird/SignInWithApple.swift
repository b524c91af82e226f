import AsyncHTTPClient
import Foundation
import JOSE
import NIOCore

/// Sign in with Apple on the server: verify the app's identity token (with its nonce), exchange the authorization
/// code at Apple's token endpoint with your client secret, verify the `id_token` Apple returns, and issue the
/// server's own session token.
public struct SignInWithApple: Sendable {
    public struct Configuration: Sendable {
        /// Your app's bundle ID or Services ID (`aud` of Apple's tokens, `client_id` of the exchange).
        public var clientID: String
        /// Apple's token endpoint; tests point it at a fake.
        public var tokenEndpoint = "https://appleid.apple.com/auth/token"
        /// `redirect_uri` of the exchange, for web sign-in.
        public var redirectURI: String?
        /// Algorithms accepted on Apple's tokens (Apple signs with RS256).
        public var algorithms: Set<JWSAlgorithm> = [.rs256]
        public var leeway: Double = 60
        /// Seconds the exchange may take.
        public var exchangeTimeout: Double = 10
        /// Largest token-endpoint answer accepted, in bytes.
        public var maximumResponseBytes = 64 * 1024
        /// Accept an `http://` token endpoint. For tests on the loopback interface only.
        public var allowInsecureHTTPForTesting = false
        /// Require a nonce this server issued (``SignInWithApple/nonces``) to the signing-in session, unexpired and
        /// unused, whose SHA-256 hex is the identity token's `nonce` claim (on by default).
        ///
        /// Turning it off is a risk: a captured identity token and authorization code (from a log, a proxy, a
        /// compromised client) can then be replayed to sign in as their user while they are valid (the identity
        /// token for ten minutes, the code once), because nothing ties the token to a sign-in this server started.
        /// Off, a nonce sent with the sign-in is still checked against the claim, and a sign-in without one is not.
        public var requireIssuedNonce = true

        public init(clientID: String) { self.clientID = clientID }
    }

    /// The result of a sign-in.
    public struct Session: Sendable {
        /// The server's session token.
        public var token: String
        /// Apple's stable user identifier.
        public var subject: String
        public var email: String?
        /// Apple's refresh token, to keep for revocation or later validation.
        public var appleRefreshToken: String?
    }

    public let configuration: Configuration
    public let appleKeys: RemoteJWKS
    public let sessions: SessionTokens
    /// The server-issued nonces (``Configuration/requireIssuedNonce``); by default an ``InMemoryNonceStore``.
    public let nonces: any SignInNonceStore
    private let clientSecret: @Sendable () async throws -> String
    private let httpClient: HTTPClient
    private let now: (@Sendable () -> Double)?

    /// - Parameters:
    ///   - appleKeys: Apple's JWK Set (`https://appleid.apple.com/auth/keys`).
    ///   - nonces: where issued nonces are kept (default: an ``InMemoryNonceStore`` with its defaults).
    ///   - clientSecret: the ES256 client secret JWT for the exchange, e.g. from ``AppleClientSecretSource``.
    public init(configuration: Configuration, appleKeys: RemoteJWKS, sessions: SessionTokens,
                httpClient: HTTPClient = .shared, now: (@Sendable () -> Double)? = nil,
                nonces: (any SignInNonceStore)? = nil,
                clientSecret: @escaping @Sendable () async throws -> String) throws(IntegrationError) {
        try RemoteJWKS.checkURL(configuration.tokenEndpoint, allowHTTP: configuration.allowInsecureHTTPForTesting)
        self.configuration = configuration
        self.appleKeys = appleKeys
        self.sessions = sessions
        if let nonces { self.nonces = nonces } else { self.nonces = try InMemoryNonceStore() }
        self.clientSecret = clientSecret
        self.httpClient = httpClient
        self.now = now
    }

    /// With the client secret made and renewed by `clientSecretSource` from the team's `.p8` key (the usual setup).
    public init(configuration: Configuration, appleKeys: RemoteJWKS, sessions: SessionTokens,
                clientSecretSource: AppleClientSecretSource, httpClient: HTTPClient = .shared,
                now: (@Sendable () -> Double)? = nil, nonces: (any SignInNonceStore)? = nil) throws(IntegrationError) {
        try self.init(configuration: configuration, appleKeys: appleKeys, sessions: sessions, httpClient: httpClient,
                      now: now, nonces: nonces, clientSecret: { try clientSecretSource.clientSecret() })
    }

    /// A new nonce for `session` (a value the framework binds to the client, e.g. a cookie it sets): the client
    /// gives Apple its SHA-256 hex (``IssuedNonce/appleNonceClaim``) and sends it back with the sign-in.
    public func issueNonce(session: String) async throws(IntegrationError) -> IssuedNonce {
        try await nonces.issue(session: session)
    }

    /// Verifies an identity token: Apple's signature, issuer, audience (your client ID), expiry, and the nonce
    /// (`nonce` is the value the `nonce` claim must hold; `nil`: not checked).
    public func verifyIdentityToken(_ token: String, nonce: String?) async throws -> AppleIdentityClaims {
        let expect = ClaimExpectations.signInWithApple(clientID: configuration.clientID, nonce: nonce,
                                                       leeway: configuration.leeway, now: now)
        let verified = try await appleKeys.verify(token, algorithms: configuration.algorithms, expecting: expect)
        return try verified.decode(AppleIdentityClaims.self)
    }

    struct TokenResponse: Decodable {
        var id_token: String?
        var refresh_token: String?
        var error: String?
    }

    /// Exchanges an authorization code; returns the verified claims of the `id_token` and Apple's refresh token.
    public func exchange(code: String, nonce: String?) async throws -> (AppleIdentityClaims, String?) {
        var form = "client_id=\(Self.formEncode(configuration.clientID))"
        form += "&client_secret=\(Self.formEncode(try await clientSecret()))"
        form += "&code=\(Self.formEncode(code))&grant_type=authorization_code"
        if let r = configuration.redirectURI { form += "&redirect_uri=\(Self.formEncode(r))" }
        var request = HTTPClientRequest(url: configuration.tokenEndpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(string: form))
        let timeout = TimeAmount.nanoseconds(Int64(max(0.001, configuration.exchangeTimeout) * 1e9))
        let response = try await httpClient.execute(request, timeout: timeout)
        let body: ByteBuffer
        do { body = try await response.body.collect(upTo: configuration.maximumResponseBytes) } catch is NIOTooManyBytesError {
            throw IntegrationError.make(.bodyTooLarge, "token endpoint answer over \(configuration.maximumResponseBytes) bytes")
        }
        let decoded = try? JSONDecoder().decode(TokenResponse.self, from: Data(body.readableBytesView))
        guard response.status == .ok else {
            // Only the OAuth error code (RFC 6749 §5.2), a short ASCII word, is repeated.
            let code = decoded?.error.map { String($0.prefix(40).filter { $0.isASCII && ($0.isLetter || $0 == "_") }) } ?? "none"
            throw IntegrationError.make(.tokenEndpoint, "token endpoint answered \(response.status.code), error \(code)")
        }
        guard let idToken = decoded?.id_token else {
            throw IntegrationError.make(.invalidResponse, "token endpoint answer has no id_token")
        }
        // The nonce was checked on the identity token; the exchange's id_token need not carry one, but a
        // different one is refused.
        let claims = try await verifyIdentityToken(idToken, nonce: nil)
        if let got = claims.nonce, let want = nonce, got != want {
            throw IntegrationError.make(.invalidResponse, "id_token from the exchange carries another nonce")
        }
        return (claims, decoded?.refresh_token)
    }

    /// The whole sign-in: the nonce → identity token → code exchange → same user in both → session token.
    ///
    /// `nonce` is the raw nonce the client got from ``issueNonce(session:)``, `session` the session it was issued
    /// to. With ``Configuration/requireIssuedNonce`` (the default) it is consumed first — once, whatever happens
    /// next — and must have been issued to `session` and not have expired; the identity token's `nonce` claim must
    /// then be its SHA-256 hex (``SignInNonces/appleNonceClaim(for:)``). Anything else throws
    /// ``IntegrationError/Code/nonceRefused`` before Apple's token endpoint is called. With the requirement off, a
    /// given nonce is only compared (hashed) with the claim.
    public func signIn(identityToken: String, authorizationCode: String, nonce: String?,
                       session: String?) async throws -> Session {
        let expectedClaim: String?
        if configuration.requireIssuedNonce {
            guard let nonce, let session else {
                throw IntegrationError.make(.nonceRefused, nonce == nil ? "no nonce: ask this server for one first"
                                                                        : "no session for the nonce")
            }
            let check = await nonces.consume(nonce, session: session)
            guard check == .accepted else {
                throw IntegrationError.make(.nonceRefused, "the nonce is not one issued to this session, unexpired and unused (\(check.rawValue))")
            }
            expectedClaim = SignInNonces.appleNonceClaim(for: nonce)
        } else {
            expectedClaim = nonce.map(SignInNonces.appleNonceClaim(for:))
        }
        let identity = try await verifyIdentityToken(identityToken, nonce: expectedClaim)
        let (exchanged, refresh) = try await exchange(code: authorizationCode, nonce: expectedClaim)
        guard exchanged.subject == identity.subject else {
            throw IntegrationError.make(.invalidResponse, "id_token from the exchange names another user than the identity token")
        }
        let token = try sessions.issue(subject: identity.subject, email: identity.email)
        return Session(token: token, subject: identity.subject, email: identity.email, appleRefreshToken: refresh)
    }

    /// ``signIn(identityToken:authorizationCode:nonce:session:)`` without a session: refused while
    /// ``Configuration/requireIssuedNonce`` is on (the default), since a nonce binds to a session.
    public func signIn(identityToken: String, authorizationCode: String, nonce: String?) async throws -> Session {
        try await signIn(identityToken: identityToken, authorizationCode: authorizationCode, nonce: nonce, session: nil)
    }

    static func formEncode(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: out.unicodeScalars.append(Unicode.Scalar(b))
            default: out += "%" + String(b, radix: 16, uppercase: true).leftPad(2)
            }
        }
        return out
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
