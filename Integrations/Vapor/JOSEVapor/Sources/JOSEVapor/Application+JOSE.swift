import JOSE
import JOSEServerSupport
import Synchronization
import Vapor

extension Application {
    /// PureJOSE for this application: the Bearer verifier, the session signer, providers' JWK Set caches and the
    /// Sign in with Apple flow. Configure it in `configure(_:)`:
    ///
    /// ```swift
    /// app.jose.sessions = try SessionTokens(signingKey: key, algorithm: .es256, issuer: "https://api.example.com",
    ///                                       audience: "api")
    /// app.jose.apple.applicationIdentifier = "com.example.app"
    /// ```
    public var jose: JOSEService { JOSEService(application: self) }

    public struct JOSEService: Sendable {
        public let application: Application

        /// Settings of one identity provider preset.
        public struct Provider: Sendable {
            /// Your client ID at the provider (bundle ID or Services ID for Apple); the `aud` its tokens must carry.
            public var applicationIdentifier: String?
            /// The provider's JWK Set URL (https).
            public var keysURL: String
            /// Limits of the JWK Set cache (fetch deadline, body size, `max-age` bounds, refetch interval).
            public var jwksConfiguration = RemoteJWKS.Configuration()
            /// Clock skew allowed on `exp`/`iat`, in seconds.
            public var leeway: Double = 60

            public init(keysURL: String, applicationIdentifier: String? = nil) {
                self.keysURL = keysURL
                self.applicationIdentifier = applicationIdentifier
            }
        }

        final class Storage: Sendable {
            struct State {
                var sessions: SessionTokens?
                var verifier: BearerVerifier?
                var remote: [String: RemoteJWKS] = [:]
                var apple = Provider(keysURL: IdentityProviders.appleKeysURL)
                var google = Provider(keysURL: IdentityProviders.googleKeysURL)
                var microsoft = Provider(keysURL: IdentityProviders.microsoftKeysURL)
                var signInWithApple: SignInWithApple?
            }
            let state = Mutex(State())
        }

        struct Key: StorageKey, LockKey { typealias Value = Storage }

        var storage: Storage {
            if let s = application.storage[Key.self] { return s }
            return application.locks.lock(for: Key.self).withLock {
                if let s = application.storage[Key.self] { return s }
                let s = Storage()
                application.storage[Key.self] = s
                return s
            }
        }

        /// The application's own session tokens: the signer of ``Request/JOSEService/sign(_:)`` and, unless
        /// ``verifier`` is set, the keys ``Request/JOSEService/verify()`` checks Bearer tokens against.
        public var sessions: SessionTokens? {
            get { storage.state.withLock { $0.sessions } }
            nonmutating set { storage.state.withLock { $0.sessions = newValue } }
        }

        /// The Bearer verifier used by ``Request/JOSEService/verify()`` and the authenticators; when nil, one over
        /// ``sessions`` (its key, its one algorithm, its issuer and audience) with realm `api`.
        public var verifier: BearerVerifier? {
            get {
                storage.state.withLock { s in
                    s.verifier ?? s.sessions.map {
                        BearerVerifier(source: .keys($0.verificationKeys), algorithms: $0.algorithms,
                                       expectations: $0.expectations, realm: "api")
                    }
                }
            }
            nonmutating set { storage.state.withLock { $0.verifier = newValue } }
        }

        /// Verifies Bearer tokens against a fixed key set (e.g. keys of another service you trust).
        public func use(keys: JWKSet, algorithms: Set<JWSAlgorithm>, issuer: String?, audience: String?,
                        leeway: Double = 60, realm: String = "api") {
            verifier = BearerVerifier(source: .keys(keys), algorithms: algorithms,
                                      expectations: ClaimExpectations(issuer: issuer, audience: audience, leeway: leeway),
                                      realm: realm)
        }

        /// The cached JWK Set at `url`, fetched with the application's HTTP client (`app.http.client.shared`).
        /// One cache per URL for the application's lifetime; `configuration` applies when it is first made.
        public func remoteJWKS(url: String, configuration: RemoteJWKS.Configuration = .init()) throws -> RemoteJWKS {
            if let r = storage.state.withLock({ $0.remote[url] }) { return r }
            let made = try RemoteJWKS(url: url, httpClient: application.http.client.shared, configuration: configuration)
            return storage.state.withLock { s in
                if let r = s.remote[url] { return r }
                s.remote[url] = made
                return made
            }
        }

        /// Apple's preset (`https://appleid.apple.com/auth/keys`, RS256).
        public var apple: Provider {
            get { storage.state.withLock { $0.apple } }
            nonmutating set { storage.state.withLock { $0.apple = newValue } }
        }
        /// Google's preset (`https://www.googleapis.com/oauth2/v3/certs`, RS256).
        public var google: Provider {
            get { storage.state.withLock { $0.google } }
            nonmutating set { storage.state.withLock { $0.google = newValue } }
        }
        /// Microsoft's preset (v2.0 keys of every tenant, RS256).
        public var microsoft: Provider {
            get { storage.state.withLock { $0.microsoft } }
            nonmutating set { storage.state.withLock { $0.microsoft = newValue } }
        }

        /// The JWK Set cache of a provider preset.
        public func keys(of provider: Provider) throws -> RemoteJWKS {
            try remoteJWKS(url: provider.keysURL, configuration: provider.jwksConfiguration)
        }

        /// The Sign in with Apple flow, once ``SignInWithApple/addRoutes(to:secureCookie:)`` or the app set it.
        public var signInWithApple: SignInWithApple? {
            get { storage.state.withLock { $0.signInWithApple } }
            nonmutating set { storage.state.withLock { $0.signInWithApple = newValue } }
        }
    }
}
