/// Every refusal in the AppStore module: a machine-readable ``code`` and a reason in words.
///
/// Reasons never carry key material or a whole signed payload. Two errors are `==` when their codes are equal.
public struct AppStoreError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of refusal; a struct over a private enum, so codes can be added without breaking `switch`es.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case invalidArgument, invalidKey, signingFailed
            case invalidJWTFormat, invalidAlgorithm, invalidChainLength, invalidCertificate, invalidChain
            case verificationFailure, retryableVerificationFailure, certificateRevoked
            case invalidAppIdentifier, invalidEnvironment, decodingFailed, signedDateInFuture
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }
        public var description: String { backing.rawValue }

        /// A parameter of a token or signature is empty, malformed or out of range.
        public static let invalidArgument = Code(.invalidArgument)
        /// The `.p8` text is not a P-256 private key.
        public static let invalidKey = Code(.invalidKey)
        /// Signing failed (the JOSE signer refused).
        public static let signingFailed = Code(.signingFailed)
        /// The signed data is not a compact JWS with a JSON header and payload.
        public static let invalidJWTFormat = Code(.invalidJWTFormat)
        /// The header's `alg` is not ES256.
        public static let invalidAlgorithm = Code(.invalidAlgorithm)
        /// `x5c` is missing or does not hold exactly three certificates.
        public static let invalidChainLength = Code(.invalidChainLength)
        /// A certificate in `x5c` does not parse, or lacks Apple's marker OID.
        public static let invalidCertificate = Code(.invalidCertificate)
        /// The chain does not validate to a trusted root at the time that counts.
        public static let invalidChain = Code(.invalidChain)
        /// The signature does not verify with the leaf's key.
        public static let verificationFailure = Code(.verificationFailure)
        /// The revocation status could not be established (the OCSP fetch failed, or its answer was unsuccessful,
        /// out of date or not signed by an authorized responder); try again later.
        public static let retryableVerificationFailure = Code(.retryableVerificationFailure)
        /// The OCSP responder says the signing or intermediate certificate is revoked.
        public static let certificateRevoked = Code(.certificateRevoked)
        /// The bundle ID or app Apple ID is not the one expected.
        public static let invalidAppIdentifier = Code(.invalidAppIdentifier)
        /// The payload's environment is not the verifier's.
        public static let invalidEnvironment = Code(.invalidEnvironment)
        /// The payload does not decode into the model.
        public static let decodingFailed = Code(.decodingFailed)
        /// Offline, the payload's `signedDate` (`receiptCreationDate`) is later than the verifier's clock plus its
        /// ``SignedDataVerifier/futureSignedDateLeeway``: the chain would be validated at a time the signer chose.
        public static let signedDateInFuture = Code(.signedDateInFuture)
    }

    public let code: Code
    /// What was wrong, in words.
    public let reason: String

    /// A bare error with only a code, for comparisons: `AppStoreError(.invalidChain) == error`.
    public init(_ code: Code) { self.code = code; reason = code.description }

    init(_ code: Code, _ reason: String) { self.code = code; self.reason = reason }

    @inline(never)
    static func make(_ code: Code, _ reason: String) -> AppStoreError { AppStoreError(code, reason) }

    /// `AppStoreError.<code>: <reason>`.
    public var description: String { "AppStoreError.\(code): \(reason)" }

    public static func == (a: AppStoreError, b: AppStoreError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }
}
