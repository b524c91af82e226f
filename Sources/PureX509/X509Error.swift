import DER

/// Why a certificate was refused, when parsed or when a chain was validated.
///
/// `code` says what kind of problem it is (callers and tests match on it); `reason` explains it in words
/// and, for validation, names the certificate (`position` in the chain, 0 = leaf, and its `subject` as
/// an RFC 4514 string) and the rule; `file`/`line` locate the throw site in this module. Two errors are
/// equal when their codes are equal. No error carries key material.
public struct X509Error: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added, so switch over it with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case invalidEncoding, invalidPEM, invalidVersion, invalidSerialNumber, signatureAlgorithmMismatch
            case duplicateExtension, invalidExtension, invalidName, unsupportedPublicKey
            case expired, notYetValid, invalidSignature, unsupportedSignatureAlgorithm, signatureAlgorithmNotAllowed
            case issuerNotFound, notACertificateAuthority, missingKeyCertSign, pathLengthExceeded
            case nameConstraintViolation, unknownCriticalExtension, missingExtendedKeyUsage, missingKeyUsage
            case missingRequiredExtension, chainTooLong, searchLimitExceeded, rejectedByPolicy, profileViolation
            case ocspUnsuccessful, ocspUnsupportedResponse, ocspResponderNotAuthorized, ocspCertIDMismatch, ocspStale
            case limitExceeded
            case revoked, ocspUnknownCertificate, ocspNoResponder, ocspFetchFailed, chainLengthMismatch
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }
        public var description: String { backing.rawValue }

        /// Not strict DER, or not the ASN.1 structure of a Certificate (RFC 5280 §4.1).
        public static let invalidEncoding = Code(.invalidEncoding)
        /// PEM armour without exactly the CERTIFICATE block(s) asked for (RFC 7468 §5).
        public static let invalidPEM = Code(.invalidPEM)
        /// A version other than v1, v2, v3, or one that does not fit the fields present (§4.1.2.1).
        public static let invalidVersion = Code(.invalidVersion)
        /// A serial number that is zero, negative or longer than 20 octets (§4.1.2.2).
        public static let invalidSerialNumber = Code(.invalidSerialNumber)
        /// `signature` inside the TBSCertificate differs from `signatureAlgorithm` outside (§4.1.1.2).
        public static let signatureAlgorithmMismatch = Code(.signatureAlgorithmMismatch)
        /// The same extension twice (§4.2).
        public static let duplicateExtension = Code(.duplicateExtension)
        /// A known extension whose value does not parse, or breaks its section's rules.
        public static let invalidExtension = Code(.invalidExtension)
        /// A distinguished name that does not parse or is empty where it must not be (§4.1.2.4, §4.1.2.6).
        public static let invalidName = Code(.invalidName)
        /// A subject public key whose algorithm or curve this package cannot verify with.
        public static let unsupportedPublicKey = Code(.unsupportedPublicKey)
        /// The validation time is after notAfter (§6.1.3 (a)(2)).
        public static let expired = Code(.expired)
        /// The validation time is before notBefore (§6.1.3 (a)(2)).
        public static let notYetValid = Code(.notYetValid)
        /// A signature that the issuer's key does not verify (§6.1.3 (a)(1)).
        public static let invalidSignature = Code(.invalidSignature)
        /// A signature algorithm that is refused (SHA-1, MD5) or unknown.
        public static let unsupportedSignatureAlgorithm = Code(.unsupportedSignatureAlgorithm)
        /// A signature algorithm outside the policy's allowed list.
        public static let signatureAlgorithmNotAllowed = Code(.signatureAlgorithmNotAllowed)
        /// No issuer for a certificate among the intermediates and trust roots (§6.1.3 (a)(4)): the
        /// chain does not end at a pinned root.
        public static let issuerNotFound = Code(.issuerNotFound)
        /// An issuing certificate without basicConstraints cA = TRUE (§6.1.4 (k)).
        public static let notACertificateAuthority = Code(.notACertificateAuthority)
        /// An issuing certificate whose keyUsage lacks keyCertSign (§6.1.4 (n)).
        public static let missingKeyCertSign = Code(.missingKeyCertSign)
        /// More intermediates below a CA than its pathLenConstraint allows (§6.1.4 (l)–(m)).
        public static let pathLengthExceeded = Code(.pathLengthExceeded)
        /// A name outside a permitted subtree or inside an excluded one (§6.1.3 (b)–(c)).
        public static let nameConstraintViolation = Code(.nameConstraintViolation)
        /// A critical extension this package does not process (§6.1.4 (o), §6.1.5 (f)).
        public static let unknownCriticalExtension = Code(.unknownCriticalExtension)
        /// The leaf's extendedKeyUsage lacks a usage the policy requires (§4.2.1.12).
        public static let missingExtendedKeyUsage = Code(.missingExtendedKeyUsage)
        /// The leaf's keyUsage lacks a usage the policy requires (§4.2.1.3).
        public static let missingKeyUsage = Code(.missingKeyUsage)
        /// An extension the policy requires is absent.
        public static let missingRequiredExtension = Code(.missingRequiredExtension)
        /// The chain would be longer than the policy's maximum.
        public static let chainTooLong = Code(.chainTooLong)
        /// Path building stopped at its bound on candidates or signature checks (a hostile pool).
        public static let searchLimitExceeded = Code(.searchLimitExceeded)
        /// The caller's own check refused the chain.
        public static let rejectedByPolicy = Code(.rejectedByPolicy)
        /// A certificate breaks an RFC 5280 profile rule that is not one of the above (a missing
        /// authority or subject key identifier, a critical extension that must not be, a malformed
        /// subject alternative name, …).
        public static let profileViolation = Code(.profileViolation)
        /// An OCSP responder answered with a `responseStatus` other than successful (tryLater, unauthorized, …;
        /// RFC 6960 §4.2.1): no status is known.
        public static let ocspUnsuccessful = Code(.ocspUnsuccessful)
        /// An OCSP response of a type other than BasicOCSPResponse, or of a version other than v1.
        public static let ocspUnsupportedResponse = Code(.ocspUnsupportedResponse)
        /// An OCSP response signed by neither the issuer nor a delegated responder certificate that the issuer
        /// issued with id-kp-OCSPSigning and that is valid (RFC 6960 §4.2.2.2).
        public static let ocspResponderNotAuthorized = Code(.ocspResponderNotAuthorized)
        /// An OCSP response with no answer for the certificate asked about (RFC 6960 §3.2 (1)).
        public static let ocspCertIDMismatch = Code(.ocspCertIDMismatch)
        /// An OCSP answer past its nextUpdate, or too old when it has none (RFC 6960 §3.2 (5), §4.2.2.1).
        public static let ocspStale = Code(.ocspStale)
        /// More of something than this package reads: attributes in a Name
        /// (``DistinguishedName/maximumAttributes``), extensions (``CertificateExtensions/maximumCount``), policies
        /// (``CertificateExtensions/maximumPolicies``), subject alternative names or name-constraint subtrees
        /// (``CertificateExtensions/maximumNames``), certificates in an OCSP response
        /// (``OCSPResponse/maximumCertificates``). Real certificates stay far below each bound.
        public static let limitExceeded = Code(.limitExceeded)
        /// A certificate of the chain was revoked (its OCSP status is `revoked`, RFC 6960 §2.2).
        public static let revoked = Code(.revoked)
        /// The OCSP responder does not know the certificate (status `unknown`, RFC 6960 §2.2).
        public static let ocspUnknownCertificate = Code(.ocspUnknownCertificate)
        /// A certificate whose revocation must be checked names no OCSP responder (authorityInfoAccess, RFC 5280
        /// §4.2.2.1).
        public static let ocspNoResponder = Code(.ocspNoResponder)
        /// The caller's OCSP fetch failed (the responder could not be reached): try again later.
        public static let ocspFetchFailed = Code(.ocspFetchFailed)
        /// A chain of another length than the policy's exact one (App Store data: exactly 3 certificates).
        public static let chainLengthMismatch = Code(.chainLengthMismatch)
    }

    /// What went wrong.
    public let code: Code
    /// What was wrong, in words (never key material).
    public let reason: String
    /// The certificate's position in the chain (0 = leaf) when the error is about one certificate.
    public let position: Int?
    /// That certificate's subject (RFC 4514), when known.
    public let subject: String?
    /// Where in this module the error was raised (for debugging).
    public let file: String
    /// The source line of the throw site in this module (for debugging).
    public let line: Int

    /// A bare error with only a code, handy in tests: `#expect(throws: X509Error(.expired))`.
    public init(_ code: Code) {
        self.code = code; reason = code.description; position = nil; subject = nil; file = ""; line = 0
    }

    init(code: Code, reason: String, position: Int?, subject: String?, file: String, line: Int) {
        self.code = code; self.reason = reason; self.position = position; self.subject = subject
        self.file = file; self.line = line
    }

    public static func == (a: X509Error, b: X509Error) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    public var description: String { "X509Error.\(code): \(reason)" }

    /// The factory every parse-time throw site goes through.
    @inline(never)
    package static func make(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) -> X509Error {
        X509Error(code: code, reason: reason, position: nil, subject: nil, file: file, line: line)
    }

    /// The factory for validation errors: the reason starts with the certificate's position and subject.
    @inline(never)
    package static func make(_ code: Code, at position: Int, _ certificate: Certificate, _ reason: String,
                     file: String = #fileID, line: Int = #line) -> X509Error {
        let name = certificate.subject.description
        let role = position == 0 ? "leaf" : "certificate \(position)"
        return X509Error(code: code, reason: "\(role) (\(name.isEmpty ? "empty subject" : name)): \(reason)",
                         position: position, subject: name, file: file, line: line)
    }

    /// A DER error met while reading `what`.
    @inline(never)
    static func der(_ e: DERError, _ what: String, file: String = #fileID, line: Int = #line) -> X509Error {
        X509Error(code: e.code == .tooManyElements ? .limitExceeded : .invalidEncoding, reason: "\(what): \(e.description)",
                  position: nil, subject: nil, file: file, line: line)
    }
}
