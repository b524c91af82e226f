/// The one error type of the DER module.
///
/// `code` says what kind of problem it is (tests and callers match on it); `offset` is the byte
/// position in the input where the offending element starts (or where reading stopped), when known;
/// `reason` is a human-readable explanation. Two errors are equal when their codes are equal, so a
/// test can write `#expect(throws: DERError(.nonMinimalLength))`-style checks.
///
/// No error ever carries key material: reasons name fields and sizes, never values.
public struct DERError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. A struct over a private enum so that codes can be added without breaking
    /// callers that `switch` on them.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case truncated
            case indefiniteLength
            case nonMinimalLength
            case invalidLength
            case invalidTag
            case unexpectedTag
            case trailingData
            case unexpectedElement
            case missingElement
            case emptyInteger
            case nonMinimalInteger
            case negativeInteger
            case integerTooLarge
            case invalidBoolean
            case invalidNull
            case invalidBitString
            case nonZeroUnusedBits
            case invalidObjectIdentifier
            case nestingTooDeep
            case unsupported
            case invalidParameters
            case defaultValueEncoded
            case invalidVersion
            case inconsistentParameters
            case missingParameters
            case invalidKey
            case invalidPEM
            case invalidBase64
            case unexpectedPEMLabel
            case invalidSignatureLength
            case unsortedSet
            case unsupportedAlgorithm
            case unsupportedCurve
            case explicitCurveParameters
            case invalidPrivateKeyLength
            case invalidTime
            case invalidString
            case tooManyElements
        }

        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        public var description: String { backing.rawValue }

        /// True for the codes that mean "well-formed, but outside what this module supports":
        /// `unsupported`, `unsupportedAlgorithm`, `unsupportedCurve`, `explicitCurveParameters`.
        public var isUnsupported: Bool {
            switch backing {
            case .unsupported, .unsupportedAlgorithm, .unsupportedCurve, .explicitCurveParameters: return true
            default: return false
            }
        }

        /// The input ends before an element (or a declared length) is complete. X.690 §8.1.3.
        public static let truncated = Code(.truncated)
        /// Indefinite length (0x80) — allowed in BER, never in DER. X.690 §10.1.
        public static let indefiniteLength = Code(.indefiniteLength)
        /// A length that is not in the shortest form: long form for a value < 128, or leading zero
        /// octets. X.690 §10.1.
        public static let nonMinimalLength = Code(.nonMinimalLength)
        /// A length octet that X.690 reserves (0xFF), or a length that does not fit the input.
        public static let invalidLength = Code(.invalidLength)
        /// A malformed identifier octet sequence (non-minimal high tag number, too-large tag number,
        /// end-of-contents tag, or a universal type with the wrong primitive/constructed form).
        public static let invalidTag = Code(.invalidTag)
        /// A well-formed element with a different tag than the structure requires.
        public static let unexpectedTag = Code(.unexpectedTag)
        /// Bytes after the top-level element.
        public static let trailingData = Code(.trailingData)
        /// More elements inside a SEQUENCE (or explicit tag) than its definition allows.
        public static let unexpectedElement = Code(.unexpectedElement)
        /// A SEQUENCE ends before a required element.
        public static let missingElement = Code(.missingElement)
        /// An INTEGER with no content octets. X.690 §8.3.1.
        public static let emptyInteger = Code(.emptyInteger)
        /// An INTEGER whose first nine bits are all zero or all one. X.690 §8.3.2.
        public static let nonMinimalInteger = Code(.nonMinimalInteger)
        /// A negative INTEGER where only non-negative values are meaningful (moduli, r and s, …).
        public static let negativeInteger = Code(.negativeInteger)
        /// An INTEGER too large for the field (a version, a salt length, an r wider than the curve).
        public static let integerTooLarge = Code(.integerTooLarge)
        /// A BOOLEAN that is not exactly one octet 0x00 or 0xFF. X.690 §11.1.
        public static let invalidBoolean = Code(.invalidBoolean)
        /// A NULL with content octets. X.690 §8.8.2.
        public static let invalidNull = Code(.invalidNull)
        /// A BIT STRING whose unused-bit count is > 7, or > 0 with no content, or (for key fields)
        /// not octet-aligned. X.690 §8.6.2.
        public static let invalidBitString = Code(.invalidBitString)
        /// A BIT STRING whose unused bits are not zero. X.690 §11.2.1.
        public static let nonZeroUnusedBits = Code(.nonZeroUnusedBits)
        /// An OBJECT IDENTIFIER that is empty, has 0x80 padding in an arc, ends mid-arc, or has an
        /// arc too large. X.690 §8.19.
        public static let invalidObjectIdentifier = Code(.invalidObjectIdentifier)
        /// A SET OF whose components are not in ascending order of their encodings (X.690 §11.6), or
        /// a SET whose components are not in the canonical order of their tags (X.690 §10.3).
        public static let unsortedSet = Code(.unsortedSet)
        /// Nesting deeper than `DERReader.maximumDepth`.
        public static let nestingTooDeep = Code(.nestingTooDeep)
        /// Well-formed but outside what this module supports (an algorithm, a curve, explicit curve
        /// parameters, PEM headers, …).
        public static let unsupported = Code(.unsupported)
        /// Algorithm parameters of the wrong form (e.g. rsaEncryption without its NULL).
        public static let invalidParameters = Code(.invalidParameters)
        /// A component explicitly encoded with its DEFAULT value, which DER forbids. X.690 §11.5.
        public static let defaultValueEncoded = Code(.defaultValueEncoded)
        /// A version field with a value the structure does not define.
        public static let invalidVersion = Code(.invalidVersion)
        /// Two parts of a structure that disagree (e.g. PKCS#8 and SEC1 name different curves).
        public static let inconsistentParameters = Code(.inconsistentParameters)
        /// A structure that does not say which curve it is for.
        public static let missingParameters = Code(.missingParameters)
        /// A key field whose size or form cannot be right (EC private key of the wrong length,
        /// a malformed point encoding, an even RSA modulus in a private key, …).
        public static let invalidKey = Code(.invalidKey)
        /// PEM armour that is malformed (missing or mismatched boundary, no block, several blocks).
        public static let invalidPEM = Code(.invalidPEM)
        /// A PEM body that is not strict base64.
        public static let invalidBase64 = Code(.invalidBase64)
        /// A PEM block whose label is not the one the caller asked for.
        public static let unexpectedPEMLabel = Code(.unexpectedPEMLabel)
        /// A raw r‖s signature whose length is not twice the scalar size.
        public static let invalidSignatureLength = Code(.invalidSignatureLength)
        /// A key AlgorithmIdentifier whose OBJECT IDENTIFIER names no key algorithm this module reads
        /// (DSA, an unknown OID, …).
        public static let unsupportedAlgorithm = Code(.unsupportedAlgorithm)
        /// EC parameters naming a curve this module does not support (secp256k1, an unknown OID) or the
        /// `implicitCurve` NULL form.
        public static let unsupportedCurve = Code(.unsupportedCurve)
        /// EC parameters given explicitly (`specifiedCurve`), which RFC 5480 §2.1.1 forbids.
        public static let explicitCurveParameters = Code(.explicitCurveParameters)
        /// A private key field of the wrong length for its curve (RFC 5915 §3, RFC 8410 §7).
        public static let invalidPrivateKeyLength = Code(.invalidPrivateKeyLength)
        /// A UTCTime or GeneralizedTime that is not in its DER form (X.690 §11.7–11.8) or not a
        /// valid date and time of day, or outside RFC 5280 §4.1.2.5's profile.
        public static let invalidTime = Code(.invalidTime)
        /// A character string whose octets do not belong to its type's character set (UTF-8 that is
        /// not well-formed, a PrintableString with `@`, a BMPString of odd length, …).
        public static let invalidString = Code(.invalidString)
        /// A structure with more components than its reader accepts (a caller's documented bound on
        /// attacker-chosen counts, such as the attributes of an X.509 Name).
        public static let tooManyElements = Code(.tooManyElements)
    }

    /// What went wrong.
    public let code: Code
    /// Byte offset in the input where the problem was found, when known.
    public let offset: Int?
    /// What was wrong, in words (never key material).
    public let reason: String
    /// Where in this module the error was raised (for debugging).
    public let file: String
    /// The source line of the throw site in this module (for debugging).
    public let line: Int

    /// A bare error with only a code, handy in tests: `DERError(.truncated) == someError`.
    public init(_ code: Code) {
        self.code = code; self.offset = nil; self.reason = code.description; self.file = ""; self.line = 0
    }

    @usableFromInline
    init(code: Code, offset: Int?, reason: String, file: String, line: Int) {
        self.code = code; self.offset = offset; self.reason = reason; self.file = file; self.line = line
    }

    public static func == (a: DERError, b: DERError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    public var description: String {
        if let o = offset { return "DERError.\(code) at offset \(o): \(reason)" }
        return "DERError.\(code): \(reason)"
    }

    /// The factory every throw site goes through; kept out of line so the happy path stays small.
    /// Public so that modules parsing their own structures on this reader (X509) report DER rules
    /// in the same type.
    @inline(never)
    public static func make(
        _ code: Code, at offset: Int?, _ reason: String, file: String = #fileID, line: Int = #line
    ) -> DERError {
        DERError(code: code, offset: offset, reason: reason, file: file, line: line)
    }
}
