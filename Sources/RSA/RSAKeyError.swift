import DER

/// Why an RSA key was refused or an RSA private operation failed. The one error type of the RSA
/// module (typed throws: `throws(RSAKeyError)`). Equality compares ``code`` only. Never carries
/// key material: reasons name fields and sizes, never values.
public struct RSAKeyError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem: a struct over a private enum, so codes can be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case modulusTooSmall, modulusTooLarge, modulusEven, invalidExponent, rocaFingerprint
            case unsupportedKeyType, unsupportedParameters, invalidEncoding, unsupportedVersion
            case invalidPrime, modulusMismatch, privateExponentMismatch, crtExponentMismatch
            case crtCoefficientMismatch, factorizationFailed, unsupportedKeySize, signingFailed
            case unsupportedHash, decryptionFailed, messageTooLong
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }
        public var description: String { backing.rawValue }

        /// Fewer bits than ``RSAKeyOptions/minimumModulusBits`` (also a zero modulus).
        public static let modulusTooSmall = Code(.modulusTooSmall)
        /// More bits than ``RSAKeyOptions/maximumModulusBits``.
        public static let modulusTooLarge = Code(.modulusTooLarge)
        /// An even modulus (not a product of odd primes).
        public static let modulusEven = Code(.modulusEven)
        /// Public exponent even, below 3, or not below 2³² (for key generation: below 65537).
        public static let invalidExponent = Code(.invalidExponent)
        /// The modulus has the ROCA fingerprint (CVE-2017-15361): its factors can be computed.
        public static let rocaFingerprint = Code(.rocaFingerprint)
        /// Not an RSA key (an EC key, or a PEM block of another kind).
        public static let unsupportedKeyType = Code(.unsupportedKeyType)
        /// An `id-RSASSA-PSS` key whose parameters need an unsupported hash (SHA-1) or trailer.
        public static let unsupportedParameters = Code(.unsupportedParameters)
        /// The DER or PEM could not be parsed; ``RSAKeyError/underlying`` has the DER error.
        public static let invalidEncoding = Code(.invalidEncoding)
        /// A multi-prime (version 1) RSAPrivateKey: not supported.
        public static let unsupportedVersion = Code(.unsupportedVersion)
        /// A prime factor that cannot be one (below 3, even, equal to the other, or too large), or that breaks a
        /// prime rule: fewer than ⌊nlen / 3⌋ bits, or |p − q| ≤ 2^(nlen/2 − 100).
        public static let invalidPrime = Code(.invalidPrime)
        /// n ≠ p·q.
        public static let modulusMismatch = Code(.modulusMismatch)
        /// d·e ≢ 1 modulo λ(n) (nor φ(n)), or d out of range.
        public static let privateExponentMismatch = Code(.privateExponentMismatch)
        /// dP ≠ d mod (p − 1) or dQ ≠ d mod (q − 1).
        public static let crtExponentMismatch = Code(.crtExponentMismatch)
        /// qInv·q ≢ 1 mod p.
        public static let crtCoefficientMismatch = Code(.crtCoefficientMismatch)
        /// A key given as n, e, d only whose factors could not be recovered (SP 800-56B App. C.2): d does not fit
        /// n and e, or n is not the product of two primes of comparable size.
        public static let factorizationFailed = Code(.factorizationFailed)
        /// Key generation asked for a size outside 2048…16384 bits (or not a multiple of 2).
        public static let unsupportedKeySize = Code(.unsupportedKeySize)
        /// The private operation produced a signature that does not verify (a fault): nothing released.
        public static let signingFailed = Code(.signingFailed)
        /// A digest whose type does not match the padding's hash, or a hash too large for the key.
        public static let unsupportedHash = Code(.unsupportedHash)
        /// RSA-OAEP decryption failed. One code, and the same words, for every cause (wrong length, ciphertext not
        /// below n, bad padding, wrong label, a fault): telling them apart is a padding oracle (Manger 2001).
        public static let decryptionFailed = Code(.decryptionFailed)
        /// A message too long for RSA-OAEP with this key and hash (more than k − 2·hLen − 2 bytes).
        public static let messageTooLong = Code(.messageTooLong)
    }

    /// What kind of problem it is.
    public let code: Code
    /// Human-readable detail (sizes and field names, never key values).
    public let reason: String
    /// The DER module's error, for ``Code/invalidEncoding``.
    public let underlying: DERError?
    /// Where in this module the error was raised (for debugging).
    public let file: String
    /// The source line of the throw site in this module (for debugging).
    public let line: Int

    /// A bare error with only a code, handy in tests: `RSAKeyError(.modulusEven) == someError`.
    public init(_ code: Code) {
        self.init(code: code, reason: code.description, underlying: nil, file: "", line: 0)
    }

    init(code: Code, reason: String, underlying: DERError?, file: String, line: Int) {
        self.code = code; self.reason = reason; self.underlying = underlying; self.file = file; self.line = line
    }

    public static func == (a: RSAKeyError, b: RSAKeyError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    public var description: String { "RSAKeyError.\(code): \(reason)" }

    /// The factory every throw site goes through; kept out of line so the happy path stays small.
    @inline(never)
    static func make(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) -> RSAKeyError {
        RSAKeyError(code: code, reason: reason, underlying: nil, file: file, line: line)
    }

    /// `.invalidEncoding` carrying the DER module's error.
    @inline(never)
    static func encoding(_ what: String, _ e: DERError, file: String = #fileID, line: Int = #line) -> RSAKeyError {
        RSAKeyError(code: .invalidEncoding, reason: "\(what): \(e)", underlying: e, file: file, line: line)
    }

    #if !hasFeature(Embedded)
    /// `.invalidEncoding` for an untyped error from the DER module (before its throws are typed).
    @inline(never) @_disfavoredOverload
    static func encoding(_ what: String, _ e: any Error, file: String = #fileID, line: Int = #line) -> RSAKeyError {
        RSAKeyError(code: .invalidEncoding, reason: "\(what): \(e)", underlying: e as? DERError, file: file, line: line)
    }
    #endif
}
