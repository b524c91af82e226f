/// Why an ECDSA key, signature or signing request was refused.
///
/// `code` says what kind of problem it is (callers and tests match on it); `reason` explains it in
/// words; `file`/`line` locate the throw site in this module. Two errors are equal when their codes are
/// equal. No error carries key material (reasons name fields and sizes, never values).
public struct ECDSAError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added, so switch over it with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case invalidKeyEncoding
            case pointNotOnCurve
            case coordinateOutOfRange
            case pointAtInfinity
            case invalidSignatureEncoding
            case unsupportedCurve
            case invalidPrivateKeyLength
            case privateKeyOutOfRange
            case publicKeyMismatch
            case inconsistentCurve
            case explicitParameters
            case trailingData
            case unsupportedDigest
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        public var description: String { backing.rawValue }

        /// The bytes are not a point encoding of the expected form or length, or the DER/PEM is malformed.
        public static let invalidKeyEncoding = Code(.invalidKeyEncoding)
        /// The coordinates do not satisfy the curve equation (SEC 1 v2 §3.2.2.1 step 2).
        public static let pointNotOnCurve = Code(.pointNotOnCurve)
        /// A coordinate is ≥ p (SEC 1 v2 §3.2.2.1 step 1: coordinates must be field elements).
        public static let coordinateOutOfRange = Code(.coordinateOutOfRange)
        /// The point at infinity is never a public key.
        public static let pointAtInfinity = Code(.pointAtInfinity)
        /// The signature is not exactly r‖s of the curve's size, or not a valid DER ECDSA-Sig-Value.
        public static let invalidSignatureEncoding = Code(.invalidSignatureEncoding)
        /// The key is for a different curve or algorithm than the type it is loaded into.
        public static let unsupportedCurve = Code(.unsupportedCurve)
        /// A private scalar whose encoding does not have the curve's byte length (RFC 5915 §3).
        public static let invalidPrivateKeyLength = Code(.invalidPrivateKeyLength)
        /// A private scalar d = 0 or d ≥ n (FIPS 186-5 §6.2.1: d ∈ [1, n − 1]).
        public static let privateKeyOutOfRange = Code(.privateKeyOutOfRange)
        /// A public key stored with the private key (SEC1 `[1]`, PKCS#8 v2, x963 `04‖X‖Y‖d`) is not d·G.
        public static let publicKeyMismatch = Code(.publicKeyMismatch)
        /// Two parts of one key name different curves (PKCS#8 AlgorithmIdentifier and SEC1 `[0]`).
        public static let inconsistentCurve = Code(.inconsistentCurve)
        /// Explicit (specifiedCurve) EC parameters: RFC 5480 §2.1.1 requires a named curve.
        public static let explicitParameters = Code(.explicitParameters)
        /// Bytes after the key structure.
        public static let trailingData = Code(.trailingData)
        /// A digest type outside SHA-2 was given to `signature(for:)`.
        public static let unsupportedDigest = Code(.unsupportedDigest)
    }

    /// What went wrong.
    public let code: Code
    /// What was wrong, in words (never key material).
    public let reason: String
    /// Where in this module the error was raised (for debugging).
    public let file: String
    /// The source line of the throw site (for debugging).
    public let line: Int

    /// A bare error with only a code, handy in tests: `ECDSAError(.pointNotOnCurve) == someError`.
    public init(_ code: Code) {
        self.code = code; self.reason = code.description; self.file = ""; self.line = 0
    }

    init(code: Code, reason: String, file: String, line: Int) {
        self.code = code; self.reason = reason; self.file = file; self.line = line
    }

    public var description: String { "ECDSAError.\(code): \(reason)" }

    public static func == (a: ECDSAError, b: ECDSAError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    /// The factory every throw site goes through; kept out of line so the happy path stays small.
    @inline(never)
    static func make(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) -> ECDSAError {
        ECDSAError(code: code, reason: reason, file: file, line: line)
    }
}
