/// Errors of the server integrations (Hummingbird, Vapor; house error shape): a typed `code`, a `reason` that never holds a
/// token or key material, and the throw site.
public struct IntegrationError: Error, Equatable, CustomStringConvertible, Sendable {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Backing: String, Sendable {
            case insecureURL, invalidURL, httpStatus, bodyTooLarge, timeout, invalidResponse, tokenEndpoint, configuration,
                 nonceRefused, tooManyNonces, providerClaims
        }
        private let backing: Backing
        fileprivate init(_ b: Backing) { backing = b }
        public var description: String { backing.rawValue }

        /// A URL that is not `https` (plain `http` only where a test opts in).
        public static let insecureURL = Code(.insecureURL)
        /// A URL that cannot be parsed.
        public static let invalidURL = Code(.invalidURL)
        /// A remote answered with a status other than 200.
        public static let httpStatus = Code(.httpStatus)
        /// A response body over its limit.
        public static let bodyTooLarge = Code(.bodyTooLarge)
        /// A remote did not answer in time.
        public static let timeout = Code(.timeout)
        /// A response that is not what the protocol says it should be.
        public static let invalidResponse = Code(.invalidResponse)
        /// The token endpoint refused the exchange (its OAuth `error` is in the reason).
        public static let tokenEndpoint = Code(.tokenEndpoint)
        /// A setting that cannot work (e.g. a missing environment variable).
        public static let configuration = Code(.configuration)
        /// A sign-in without a nonce this server issued, or with one that is expired, already used or issued to
        /// another client session.
        public static let nonceRefused = Code(.nonceRefused)
        /// A nonce store is full: a store of your own refused to issue, or ``NonceStore`` remembers ``NonceStore/capacity``
        /// used, unexpired nonces and refuses one more sign-in (``NonceStore/Outcome/storeFull``); try again later.
        public static let tooManyNonces = Code(.tooManyNonces)
        /// A provider's own rule on its identity token failed (Google's issuer or `hd`, Microsoft's tenant issuer).
        public static let providerClaims = Code(.providerClaims)
    }

    public let code: Code
    public let reason: String
    public let file: String
    public let line: Int

    public var description: String { "IntegrationError.\(code): \(reason)" }

    public static func == (a: IntegrationError, b: IntegrationError) -> Bool { a.code == b.code }

    @inline(never)
    public static func make(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) -> IntegrationError {
        IntegrationError(code: code, reason: reason, file: file, line: line)
    }
}
