/// Why an AES operation was refused.
///
/// `code` says what kind of problem it is (callers and tests match on it); `reason` explains it in words; `file`
/// and `line` name the throw site in this module. Two errors are equal when their codes are equal. No error carries
/// key material, plaintext or anything computed from them: a wrong GCM tag, a wrong CBC-HMAC MAC, bad CBC padding
/// and a key-wrap integrity failure are all the one ``Code-swift.struct/authenticationFailure``.
public struct AESError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added, so switch over it with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: String, Hashable, Sendable {
            case invalidKeySize
            case invalidNonceSize
            case invalidTagSize
            case invalidInputSize
            case authenticationFailure
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        public var description: String { backing.rawValue }

        /// A key of a length the operation does not take: AES keys are 16, 24 or 32 bytes; AES_CBC_HMAC_SHA2 keys
        /// 32, 48 or 64 (MAC key ‖ encryption key, RFC 7518 §5.2).
        public static let invalidKeySize = Code(.invalidKeySize)
        /// A GCM nonce that is empty, or a CBC initialisation vector that is not 16 bytes.
        public static let invalidNonceSize = Code(.invalidNonceSize)
        /// A GCM tag that is not 16 bytes.
        public static let invalidTagSize = Code(.invalidTagSize)
        /// Input of a length the operation cannot take: a block operation on a length that is not a multiple of 16,
        /// a key to wrap shorter than 16 bytes or not a multiple of 8, a wrapped key shorter than 24 bytes or not a
        /// multiple of 8, a combined GCM box shorter than nonce and tag.
        public static let invalidInputSize = Code(.invalidInputSize)
        /// The message did not authenticate: a GCM tag, a CBC-HMAC MAC or padding, or a key-wrap integrity value
        /// that does not match. Nothing was decrypted, or what was is wiped; the error says no more than that.
        public static let authenticationFailure = Code(.authenticationFailure)
    }

    /// What went wrong.
    public let code: Code
    /// What was wrong, in words (never key material or plaintext).
    public let reason: String
    /// Where in this module the error was raised (for debugging).
    public let file: String
    /// The source line of the throw site in this module (for debugging).
    public let line: Int

    /// A bare error with only a code, handy in tests: `AESError(.authenticationFailure) == someError`.
    public init(_ code: Code) {
        self.code = code; self.reason = code.description; self.file = ""; self.line = 0
    }

    init(code: Code, reason: String, file: String, line: Int) {
        self.code = code; self.reason = reason; self.file = file; self.line = line
    }

    public static func == (a: AESError, b: AESError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }

    public var description: String { "AESError.\(code): \(reason)" }

    /// The factory every throw site goes through; kept out of line so the happy path stays small.
    @inline(never)
    static func make(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) -> AESError {
        AESError(code: code, reason: reason, file: file, line: line)
    }
}
