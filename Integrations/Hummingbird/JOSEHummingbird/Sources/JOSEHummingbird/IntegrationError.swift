/// Errors of the Hummingbird integration (house error shape): a typed `code`, a `reason` that never holds a
/// token or key material, and the throw site.
public struct IntegrationError: Error, Equatable, CustomStringConvertible, Sendable {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Backing: String, Sendable {
            case insecureURL, invalidURL, httpStatus, bodyTooLarge, timeout, invalidResponse, tokenEndpoint, configuration,
                 nonceRefused
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
        /// A sign-in without a nonce this server issued to the session, unexpired and unused; or no nonce could be
        /// issued (the store is full).
        public static let nonceRefused = Code(.nonceRefused)
    }

    public let code: Code
    public let reason: String
    public let file: String
    public let line: Int

    public var description: String { "IntegrationError.\(code): \(reason)" }

    public static func == (a: IntegrationError, b: IntegrationError) -> Bool { a.code == b.code }

    @inline(never)
    static func make(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) -> IntegrationError {
        IntegrationError(code: code, reason: reason, file: file, line: line)
    }
}
