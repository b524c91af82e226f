/// Why an Ed25519 key was refused, or an X25519 key agreement (`Curve25519.KeyAgreement`).
///
/// `code` says what kind of problem it is (callers and tests match on it); `reason` explains it in words; `file`
/// and `line` name the throw site in this module. Two errors are equal when their codes are equal. No error
/// carries key material. (Signature checks do not throw: `isValidSignature` answers `false`.)
public struct Ed25519Error: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added, so switch over it with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case invalidKeyLength
            case nonCanonicalEncoding
            case invalidPoint
            case smallOrderKey
            case invalidEncoding
            case unsupportedAlgorithm
            case inconsistentKey
            case zeroSharedSecret
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        public var description: String { backing.rawValue }

        /// A raw key is not exactly 32 bytes (a seed for private keys, an encoded point for public keys).
        public static let invalidKeyLength = Code(.invalidKeyLength)
        /// A public key whose y coordinate is ≥ p (RFC 8032 §5.1.3 step 1).
        public static let nonCanonicalEncoding = Code(.nonCanonicalEncoding)
        /// A public key that is not a point of edwards25519 (no square root in RFC 8032 §5.1.3 step 3, or x = 0
        /// with the sign bit set, step 4).
        public static let invalidPoint = Code(.invalidPoint)
        /// A public key of small order (8·A is the identity: one of the eight torsion points). For such a key,
        /// one signature (R = the identity, S = 0, or similar) is valid for every message, so it is refused.
        public static let smallOrderKey = Code(.smallOrderKey)
        /// Malformed DER or PEM (the reason names the `DERError`), or an RFC 8410 rule broken (parameters
        /// present, a private key that is not a 32-byte OCTET STRING, …).
        public static let invalidEncoding = Code(.invalidEncoding)
        /// Well-formed SubjectPublicKeyInfo / PKCS#8 for another algorithm than id-Ed25519 (1.3.101.112).
        public static let unsupportedAlgorithm = Code(.unsupportedAlgorithm)
        /// A PKCS#8 v2 (OneAsymmetricKey) whose public key does not belong to its private key.
        public static let inconsistentKey = Code(.inconsistentKey)
        /// An X25519 key agreement whose result is all zeros: the peer's public key has small order, so the
        /// "shared" secret is the same for every private key (RFC 7748 §6.1, RFC 8037 §4).
        public static let zeroSharedSecret = Code(.zeroSharedSecret)
    }

    /// What went wrong.
    public let code: Code
    /// What was wrong, in words (never key material).
    public let reason: String
    /// Where in this module the error was raised (for debugging).
    public let file: String
    /// The source line of the throw site in this module (for debugging).
    public let line: Int

    /// A bare error with only a code, handy in tests: `Ed25519Error(.invalidPoint) == someError`.
    public init(_ code: Code) {
        self.code = code; self.reason = code.description; self.file = ""; self.line = 0
    }

    init(code: Code, reason: String, file: String, line: Int) {
        self.code = code; self.reason = reason; self.file = file; self.line = line
    }

    public static func == (a: Ed25519Error, b: Ed25519Error) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    public var description: String { "Ed25519Error.\(code): \(reason)" }

    /// The factory every throw site goes through; kept out of line so the happy path stays small.
    @inline(never)
    static func make(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) -> Ed25519Error {
        Ed25519Error(code: code, reason: reason, file: file, line: line)
    }
}
