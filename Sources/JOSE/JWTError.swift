import PureX509
import SharedPrimitives

/// Every rejection in the JOSE module: a machine-readable ``code`` and a human-readable ``reason``.
///
/// Reasons name what went wrong and where (offsets, claim names, algorithm names, times) but never carry key
/// material, signatures or the whole token. Two errors are `==` when their codes are equal; compare `reason`
/// yourself if you need to.
public struct JWTError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of rejection. A struct over a private enum, so new codes can be added without breaking `switch`es.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case malformedToken, invalidBase64URL, invalidJSON, duplicateMember, limitExceeded
            case unsupportedAlgorithm, algorithmNotAllowed, unsecuredAlgorithm, unsupportedCriticalHeader
            case keyNotFound, keyMismatch, weakKey, invalidKey, unsupportedKey, privateKeyMaterial
            case duplicateKeyID, mixedKeySet, invalidSignature
            case expired, notYetValid, issuedInFuture, tooOld, missingClaim, invalidClaim
            case issuerMismatch, audienceMismatch, subjectMismatch, nonceMismatch, typeMismatch
            case decodingFailed, fetchFailed
            case invalidCertificate, untrustedCertificateChain, thumbprintMismatch
            case decryptionFailed, refusedAlgorithm, refusedCompression
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }
        public var description: String { backing.rawValue }

        /// Not three dot-separated parts, or a part that is not what it must be (RFC 7515 §7.1).
        public static let malformedToken = Code(.malformedToken)
        /// A part is not strict base64url (RFC 7515 §2).
        public static let invalidBase64URL = Code(.invalidBase64URL)
        /// Not strict RFC 8259 JSON (the reason carries the byte offset).
        public static let invalidJSON = Code(.invalidJSON)
        /// A JSON object names the same member twice (RFC 7515 §4, RFC 7519 §4).
        public static let duplicateMember = Code(.duplicateMember)
        /// A size, depth or count limit was exceeded.
        public static let limitExceeded = Code(.limitExceeded)
        /// The `alg` is not one this library implements (e.g. ES512, EdDSA, a JWE algorithm).
        public static let unsupportedAlgorithm = Code(.unsupportedAlgorithm)
        /// The `alg` is implemented but not in the verifier's allow-list.
        public static let algorithmNotAllowed = Code(.algorithmNotAllowed)
        /// `alg` is `none` (in any spelling): never accepted (RFC 7518 §3.6, RFC 8725 §3.1).
        public static let unsecuredAlgorithm = Code(.unsecuredAlgorithm)
        /// `crit` names an extension this verifier does not understand, or is malformed (RFC 7515 §4.1.11).
        public static let unsupportedCriticalHeader = Code(.unsupportedCriticalHeader)
        /// No key with the token's `kid`, or (without `kid`) no key fits the `alg`.
        public static let keyNotFound = Code(.keyNotFound)
        /// The key named by `kid` does not fit the `alg` (type, curve, JWK `alg`, `use`, `key_ops`).
        public static let keyMismatch = Code(.keyMismatch)
        /// An HMAC key shorter than the hash output (RFC 7518 §3.2).
        public static let weakKey = Code(.weakKey)
        /// A JWK whose members are missing, malformed, or describe an invalid key.
        public static let invalidKey = Code(.invalidKey)
        /// A JWK of a key type or curve this library does not implement, or refused by policy (e.g. RSA < 2048 bits).
        public static let unsupportedKey = Code(.unsupportedKey)
        /// A JWK offered for verification carries private members (`d`, `p`, `q`, …).
        public static let privateKeyMaterial = Code(.privateKeyMaterial)
        /// Two keys in one JWK Set share a `kid`.
        public static let duplicateKeyID = Code(.duplicateKeyID)
        /// A JWK Set mixes symmetric (`oct`) and public keys.
        public static let mixedKeySet = Code(.mixedKeySet)
        /// The signature does not verify, or has the wrong size or form.
        public static let invalidSignature = Code(.invalidSignature)
        /// `exp` is in the past (RFC 7519 §4.1.4).
        public static let expired = Code(.expired)
        /// `nbf` is in the future (RFC 7519 §4.1.5).
        public static let notYetValid = Code(.notYetValid)
        /// `iat` is in the future (RFC 7519 §4.1.6).
        public static let issuedInFuture = Code(.issuedInFuture)
        /// `iat` is older than the expectations' maximum age.
        public static let tooOld = Code(.tooOld)
        /// A required claim (or header member) is absent.
        public static let missingClaim = Code(.missingClaim)
        /// A claim (or header member) has the wrong JSON type or an out-of-range value.
        public static let invalidClaim = Code(.invalidClaim)
        /// `iss` is not the expected issuer.
        public static let issuerMismatch = Code(.issuerMismatch)
        /// `aud` does not contain the expected audience.
        public static let audienceMismatch = Code(.audienceMismatch)
        /// `sub` is not the expected subject.
        public static let subjectMismatch = Code(.subjectMismatch)
        /// `nonce` is not the expected nonce.
        public static let nonceMismatch = Code(.nonceMismatch)
        /// The header `typ` is not the expected type.
        public static let typeMismatch = Code(.typeMismatch)
        /// A `Decodable` type could not be decoded from the JSON.
        public static let decodingFailed = Code(.decodingFailed)
        /// A ``JWKSCache`` fetch failed and no earlier key set is available.
        public static let fetchFailed = Code(.fetchFailed)
        /// An `x5c` entry is not strict standard base64 of a DER X.509 certificate (RFC 7515 §4.1.6), or the
        /// certificate breaks RFC 5280's encoding rules; the reason carries the `X509Error` code and reason.
        public static let invalidCertificate = Code(.invalidCertificate)
        /// The `x5c` chain does not validate to a pinned root (RFC 5280 §6.1): expired, wrong issuer, not a CA,
        /// a constraint broken, a weak signature, …; the reason carries the `X509Error` code and reason.
        public static let untrustedCertificateChain = Code(.untrustedCertificateChain)
        /// `x5t#S256` is not the SHA-256 thumbprint of the `x5c` leaf certificate (RFC 7515 §4.1.8).
        public static let thumbprintMismatch = Code(.thumbprintMismatch)
        /// A JWE did not decrypt: the tag, the MAC, the padding, the key unwrap or the key agreement failed — one
        /// error for all of them, so a padding or unwrap oracle learns nothing (RFC 7516 §11.4–11.5).
        public static let decryptionFailed = Code(.decryptionFailed)
        /// A JWE `alg` refused by design: `RSA1_5` (Bleichenbacher's padding oracle, RFC 8725 §3.2) and `PBES2-*`
        /// (a sender-chosen iteration count costs the receiver unbounded CPU time).
        public static let refusedAlgorithm = Code(.refusedAlgorithm)
        /// A JWE with `zip`: refused by design, decompressing attacker-supplied data invites decompression bombs.
        public static let refusedCompression = Code(.refusedCompression)
    }

    /// What kind of rejection.
    public let code: Code
    /// What was wrong, in words (never key material, never the whole token).
    public let reason: String
    /// The source file (`#fileID`) of the throw site in this module, for debugging.
    public let file: String
    /// The source line of the throw site in this module, for debugging.
    public let line: Int
    /// The certificate error behind an `x5c` refusal (`untrustedCertificateChain`, `invalidCertificate`, a leaf key
    /// PureX509 could not use), as PureX509 threw it: its code, position and reason, kept as a value.
    public let certificateError: X509Error?

    /// A bare error with only a code, handy in tests and `catch` patterns: `JWTError(.expired) == someError`.
    public init(_ code: Code) {
        self.code = code; self.reason = code.description; self.file = ""; self.line = 0; self.certificateError = nil
    }

    /// An error with a reason of yours — for a closure that refuses a token (``X5CVerifier/ValidationTime/fromPayloadChecked(_:)``).
    public init(_ code: Code, reason: String) {
        self.init(code, reason, file: "", line: 0)
    }

    /// An error with a reason and the throw site (prefer ``make(_:_:file:line:)`` inside the module).
    init(_ code: Code, _ reason: String, certificateError: X509Error? = nil, file: String = #fileID, line: Int = #line) {
        self.code = code; self.reason = reason; self.file = file; self.line = line; self.certificateError = certificateError
    }

    /// The factory throw sites go through; kept out of line so the happy path stays small.
    @inline(never)
    static func make(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) -> JWTError {
        JWTError(code, reason, file: file, line: line)
    }

    /// An `x5c` refusal caused by `cause`: its code and reason in ``reason`` (one line), the error itself in
    /// ``certificateError``.
    @inline(never)
    static func make(_ code: Code, _ prefix: String, cause: X509Error, file: String = #fileID, line: Int = #line) -> JWTError {
        JWTError(code, "\(prefix): \(cause.code): \(oneLine(cause.reason))", certificateError: cause, file: file, line: line)
    }

    /// `JWTError.<code>: <reason>`.
    public var description: String { "JWTError.\(code): \(reason)" }

    public static func == (a: JWTError, b: JWTError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    @inline(never)
    static func badBase64(offset: Int, _ why: String, file: String = #fileID, line: Int = #line) -> JWTError {
        JWTError(.invalidBase64URL, "\(why) at offset \(offset)", file: file, line: line)
    }
}

/// Shortens text from the token for an error message (so no error repeats a large part of a token), and escapes
/// every character that could break a one-line log record or fake one: C0 controls, DEL, C1 controls
/// (U+0080–U+009F: NEL is a line break to Unicode-aware splitters, CSI starts terminal escapes), U+2028/U+2029,
/// and the bidi embedding/override/isolate controls (U+202A–U+202E, U+2066–U+2069) that reorder displayed text.
@inline(never)
func quoted(_ s: String, max: Int = 40) -> String {
    "\"" + LogText.escaped(s, limit: max) + "\""
}

/// `s` with every character that could break or fake a one-line log record escaped (`LogText`): PureX509's reasons
/// name certificates by their subjects, which the token chose.
func oneLine(_ s: String) -> String { LogText.escaped(s) }

/// Whether `part`'s UTF-8 bytes occur in `s`'s (no Unicode processing).
func containsBytes(_ s: String, _ part: String) -> Bool {
    let a = Array(s.utf8), b = Array(part.utf8)
    if b.isEmpty { return true }
    if a.count < b.count { return false }
    for i in 0...(a.count - b.count) where a[i..<(i + b.count)].elementsEqual(b) { return true }
    return false
}

/// `String.withUTF8` with a closure that throws ``JWTError`` only (`withUTF8` is `rethrows`, whose error type is
/// `any Error`, which Embedded Swift cannot carry).
@inline(__always)
func withUTF8Bytes<R>(_ s: inout String, _ body: (UnsafeBufferPointer<UInt8>) throws(JWTError) -> R) throws(JWTError) -> R {
    try s.withUTF8 { buf in Result { () throws(JWTError) in try body(buf) } }.get()
}
