import AsyncHTTPClient
import Foundation
import JOSE
import NIOCore

/// Sign in with Apple on the server: verify the app's identity token (with its nonce), exchange the authorization
/// code at Apple's token endpoint with your client secret, verify the `id_token` Apple returns, and issue the
/// server's own session token.
///
/// By default a sign-in must present a nonce this server issued (``issueNonce(session:)``) to the same client
/// session, unexpired and unused; it is consumed exactly once, by the first sign-in whose identity token carries
/// it, whatever happens next (``SignInNonceStore``; ``NonceStore`` in memory by default, which stores nothing for an
/// issued nonce, only the used ones until they expire). The identity token's `nonce` claim must
/// be the SHA-256 of that nonce in lowercase hex (``NonceStore/appleNonceClaim(for:)``: what the app passes to
/// `ASAuthorizationAppleIDRequest.nonce`), so a captured token never shows an issued nonce.
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
        /// Require a nonce issued by this server (``SignInWithApple/issueNonce(session:)``) on every sign-in: on by
        /// default. Turned off, a sign-in is accepted with no nonce at all, or with any nonce the client sends whose
        /// SHA-256 hex matches the token's claim — which nothing ties to a sign-in this server started: anyone
        /// holding a user's identity token and authorization code (a log, a proxy, a malicious app extension) can
        /// then sign in as that user while they are valid. Turn it off only while migrating clients.
        public var requireServerIssuedNonce = true
        /// Seconds the whole body of `POST /auth/apple` (or of a nonce request that declares one) may take to
        /// arrive: past it the routes answer 408 and close the connection (``BodyReadGate``).
        public var bodyReadTimeout: Double = BodyReadGate.defaultTimeout
        /// Most request bodies the routes read at once; a further one is answered 503 and its connection closed.
        public var maximumConcurrentBodyReads = BodyReadGate.defaultMaximumConcurrentReads
        /// Largest `POST /auth/apple` body read, in bytes (a sign-in is two tokens and a nonce: a few kilobytes).
        public var maximumBodyBytes = 64 * 1024

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
    /// The cookie that binds an issued nonce to the client session that asked for it, in both frameworks' routes
    /// (a random 43-character value from ``NonceStore/newSessionID()``, `HttpOnly`, `Path=/auth/apple`).
    public static let nonceSessionCookie = "siwa_session"

    /// The server-issued nonces: a ``NonceStore`` (5-minute lifetime) unless another store was given.
    public let nonces: any SignInNonceStore
    /// The deadline and concurrency limit of the routes' body reads (from ``Configuration/bodyReadTimeout`` and
    /// ``Configuration/maximumConcurrentBodyReads``).
    public let bodyReads: BodyReadGate
    private let clientSecret: @Sendable () async throws -> String
    private let httpClient: HTTPClient
    private let now: (@Sendable () -> Double)?

    /// - Parameters:
    ///   - appleKeys: Apple's JWK Set (`https://appleid.apple.com/auth/keys`).
    ///   - clientSecret: the ES256 client secret JWT for the exchange, e.g. from ``AppleClientSecretSource``.
    ///   - nonces: where issued nonces wait to be used (a new ``NonceStore`` with its defaults if nil; a shared
    ///     store conforming to ``SignInNonceStore`` for a server with several instances).
    public init(configuration: Configuration, appleKeys: RemoteJWKS, sessions: SessionTokens,
                nonces: (any SignInNonceStore)? = nil,
                httpClient: HTTPClient = .shared, now: (@Sendable () -> Double)? = nil,
                clientSecret: @escaping @Sendable () async throws -> String) throws(IntegrationError) {
        try RemoteJWKS.checkURL(configuration.tokenEndpoint, allowHTTP: configuration.allowInsecureHTTPForTesting)
        if let nonces { self.nonces = nonces } else { self.nonces = try NonceStore() }
        bodyReads = try BodyReadGate(timeout: configuration.bodyReadTimeout,
                                     maximumConcurrentReads: configuration.maximumConcurrentBodyReads)
        guard configuration.maximumBodyBytes >= 1024, configuration.maximumBodyBytes <= 1 << 20 else {
            throw .make(.configuration, "a sign-in body limit is 1 KiB to 1 MiB")
        }
        self.configuration = configuration
        self.appleKeys = appleKeys
        self.sessions = sessions
        self.clientSecret = clientSecret
        self.httpClient = httpClient
        self.now = now
    }

    /// With the client secret made and renewed by `clientSecretSource` from the team's `.p8` key (the usual setup).
    public init(configuration: Configuration, appleKeys: RemoteJWKS, sessions: SessionTokens,
                nonces: (any SignInNonceStore)? = nil, clientSecretSource: AppleClientSecretSource, httpClient: HTTPClient = .shared,
                now: (@Sendable () -> Double)? = nil) throws(IntegrationError) {
        try self.init(configuration: configuration, appleKeys: appleKeys, sessions: sessions, nonces: nonces,
                      httpClient: httpClient,
                      now: now, clientSecret: { try clientSecretSource.clientSecret() })
    }

    /// Verifies an identity token: Apple's signature, issuer, audience (your client ID), expiry, and the nonce.
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

    /// A nonce for the client session `session` (see ``SignInNonceStore/issue(session:)``). The app gives Apple
    /// its ``NonceStore/Issued/appleNonceClaim`` and sends the nonce back with the sign-in.
    public func issueNonce(session: String) async throws(IntegrationError) -> NonceStore.Issued {
        try await nonces.issue(session: session)
    }

    /// The whole sign-in: nonce (issued here to `nonceSession`, checked) → identity token → nonce consumed → code
    /// exchange → same user in both → session token.
    ///
    /// With ``Configuration/requireServerIssuedNonce`` (the default), `nonce` must be a nonce this server issued to
    /// `nonceSession`, unexpired and unused. It is checked first (``CheckingSignInNonceStore/check(_:session:)``: for
    /// ``NonceStore`` its tag, expiry and session binding, nothing stored), then the identity token is verified with
    /// a `nonce` claim that must be its SHA-256 hex (``NonceStore/appleNonceClaim(for:)``), and only then is the nonce
    /// consumed — once, whatever happens next: of sign-ins racing for it exactly one gets past this point. So only a
    /// client holding an identity token Apple issued for that nonce can use it up (a flood of sign-ins with nonces
    /// but no such token records nothing). Anything else throws ``IntegrationError/Code/nonceRefused`` (the reason
    /// ends with the store's answer, e.g. `(unknown)`) or the ``JOSE/JWTError`` of the identity token, before Apple's
    /// token endpoint is called; ``IntegrationError/Code/tooManyNonces`` when the store's record of used nonces is
    /// full (``NonceStore/Outcome/storeFull``: answer 503). With the requirement off, a nonce that is given is only
    /// compared, hashed, with the claim.
    public func signIn(identityToken: String, authorizationCode: String, nonce: String?,
                       nonceSession: String?) async throws -> Session {
        let identity: AppleIdentityClaims
        if configuration.requireServerIssuedNonce {
            guard let nonce, !nonce.isEmpty else {
                throw IntegrationError.make(.nonceRefused, "no nonce: ask this server for one first")
            }
            guard let nonceSession, !nonceSession.isEmpty else {
                throw IntegrationError.make(.nonceRefused, "no client session for the nonce")
            }
            let checked = await (nonces as? any CheckingSignInNonceStore)?.check(nonce, session: nonceSession) ?? .valid
            guard checked == .valid else { throw Self.nonceRefused(checked) }
            identity = try await verifyIdentityToken(identityToken, nonce: NonceStore.appleNonceClaim(for: nonce))
            let outcome = await nonces.consume(nonce, session: nonceSession)
            guard outcome == .consumed else { throw Self.nonceRefused(outcome) }
        } else {
            identity = try await verifyIdentityToken(identityToken, nonce: nonce.map(NonceStore.appleNonceClaim(for:)))
        }
        let (exchanged, refresh) = try await exchange(code: authorizationCode, nonce: identity.nonce)
        guard exchanged.subject == identity.subject else {
            throw IntegrationError.make(.invalidResponse, "id_token from the exchange names another user than the identity token")
        }
        let token = try sessions.issue(subject: identity.subject, email: identity.email)
        return Session(token: token, subject: identity.subject, email: identity.email, appleRefreshToken: refresh)
    }

    static func nonceRefused(_ outcome: NonceStore.Outcome) -> IntegrationError {
        if outcome == .storeFull {
            return .make(.tooManyNonces, "the record of used nonces is full; try again later (storeFull)")
        }
        return .make(.nonceRefused, "the nonce is not one issued to this session, unexpired and unused (\(outcome))")
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
