/// Why an ML-DSA key or signing request was refused.
///
/// `code` says what kind of problem it is (callers and tests match on it); `reason` explains it in words; `file`
/// and `line` name the throw site in this module. Two errors are equal when their codes are equal. No error carries
/// key material. (Signature checks do not throw: `isValidSignature` answers `false` for every malformed signature.)
public struct MLDSAError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added, so switch over it with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case invalidKeyLength
            case invalidPrivateKey
            case contextTooLong
            case invalidMuLength
            case invalidRandomnessLength
            case invalidEncoding
            case unsupportedAlgorithm
            case inconsistentKey
            case expandedKeyOnly
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        public var description: String { backing.rawValue }

        /// A seed that is not 32 bytes, or a public or expanded private key whose length is not the parameter set's.
        public static let invalidKeyLength = Code(.invalidKeyLength)
        /// An expanded private key (FIPS 204 skEncode) with a coefficient of s1 or s2 outside [−η, η], or whose t0
        /// or tr does not follow from its ρ, s1 and s2.
        public static let invalidPrivateKey = Code(.invalidPrivateKey)
        /// A context string longer than 255 bytes (FIPS 204 Algorithm 2 step 1).
        public static let contextTooLong = Code(.contextTooLong)
        /// An external μ that is not 64 bytes.
        public static let invalidMuLength = Code(.invalidMuLength)
        /// Signing randomness (rnd) that is not 32 bytes.
        public static let invalidRandomnessLength = Code(.invalidRandomnessLength)
        /// Malformed DER or PEM, or an RFC 9881 rule broken (parameters present, a private key of the wrong shape).
        public static let invalidEncoding = Code(.invalidEncoding)
        /// Well-formed SubjectPublicKeyInfo / PKCS#8 for another algorithm or another ML-DSA level.
        public static let unsupportedAlgorithm = Code(.unsupportedAlgorithm)
        /// A private key whose seed does not expand to the expanded key or public key stored beside it.
        public static let inconsistentKey = Code(.inconsistentKey)
        /// A PKCS#8 ML-DSA private key in the expanded-only form (RFC 9881 `expandedKey`): without the seed, the key
        /// cannot be checked or re-serialised in the seed form this library keeps.
        public static let expandedKeyOnly = Code(.expandedKeyOnly)
    }

    /// What went wrong.
    public let code: Code
    /// What was wrong, in words (never key material).
    public let reason: String
    /// Where in this module the error was raised (for debugging).
    public let file: String
    /// The source line of the throw site in this module (for debugging).
    public let line: Int

    /// A bare error with only a code, handy in tests: `MLDSAError(.contextTooLong) == someError`.
    public init(_ code: Code) {
        self.code = code; self.reason = code.description; self.file = ""; self.line = 0
    }

    init(code: Code, reason: String, file: String, line: Int) {
        self.code = code; self.reason = reason; self.file = file; self.line = line
    }

    public static func == (a: MLDSAError, b: MLDSAError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    public var description: String { "MLDSAError.\(code): \(reason)" }

    /// The factory every throw site goes through; kept out of line so the happy path stays small.
    @inline(never)
    static func make(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) -> MLDSAError {
        MLDSAError(code: code, reason: reason, file: file, line: line)
    }
}
