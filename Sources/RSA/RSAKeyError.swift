import DER

/// Limits checked when an RSA public key is constructed.
///
/// The default (``default``) accepts moduli of 2048…16384 bits. ``legacy1024`` lowers the
/// minimum to 1024 bits for verifying old signatures only: 1024-bit RSA is no longer considered
/// secure (NIST SP 800-131A Rev. 2 disallows it for signature generation), so accept such keys
/// only where the signatures' provenance makes forgery irrelevant.
public struct RSAKeyOptions: Sendable, Hashable {
    /// Smallest accepted modulus, in bits.
    public var minimumModulusBits: Int
    /// Largest accepted modulus, in bits (bounds the verification cost an attacker can cause).
    public var maximumModulusBits: Int

    /// Limits in bits (both inclusive).
    public init(minimumModulusBits: Int = 2048, maximumModulusBits: Int = 16384) {
        self.minimumModulusBits = minimumModulusBits
        self.maximumModulusBits = maximumModulusBits
    }

    /// 2048…16384 bits.
    public static let `default` = RSAKeyOptions()
    /// 1024…16384 bits: legacy verification only (see the type's documentation).
    public static let legacy1024 = RSAKeyOptions(minimumModulusBits: 1024)
}

/// Why an RSA public key was refused. Equality compares ``code`` only. Never carries key material.
public struct RSAKeyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem: a struct over a private enum, so codes can be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case modulusTooSmall, modulusTooLarge, modulusEven, invalidExponent
            case unsupportedKeyType, unsupportedParameters, invalidEncoding
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
        /// Public exponent even, below 3, or not below 2³².
        public static let invalidExponent = Code(.invalidExponent)
        /// Not an RSA key (an EC key, or a PEM block of another kind).
        public static let unsupportedKeyType = Code(.unsupportedKeyType)
        /// An `id-RSASSA-PSS` key whose parameters need an unsupported hash (SHA-1) or trailer.
        public static let unsupportedParameters = Code(.unsupportedParameters)
        /// The DER or PEM could not be parsed; ``RSAKeyError/underlying`` has the DER error.
        public static let invalidEncoding = Code(.invalidEncoding)
    }

    /// What kind of problem it is.
    public let code: Code
    /// Human-readable detail (sizes and field names, never key values).
    public let reason: String
    /// The DER module's error, for ``Code/invalidEncoding``.
    public let underlying: DERError?

    /// An error with its code, a reason, and the DER error behind it if any.
    public init(_ code: Code, _ reason: String, underlying: DERError? = nil) {
        self.code = code
        self.reason = reason
        self.underlying = underlying
    }

    public static func == (a: RSAKeyError, b: RSAKeyError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    public var description: String { "RSAKeyError.\(code): \(reason)" }
}
