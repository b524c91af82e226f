/// Why CBOR input was refused.
///
/// `code` says what kind of problem it is (callers and tests match on it); `reason` explains it in words;
/// `offset` is the byte offset in the input where the offending item (or the missing byte) starts. Two errors
/// are equal when their codes are equal. Reasons name sizes and positions, never the data itself.
public struct CBORError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added, so switch over it with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Backing: UInt8, Hashable, Sendable {
            case truncated, trailingBytes, malformed, indefiniteLength, invalidUTF8, duplicateKey
            case nonPreferredEncoding, unsortedKeys, depthLimit, itemLimit, sizeLimit
        }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        public var description: String {
            switch backing {
            case .truncated: return "truncated"
            case .trailingBytes: return "trailingBytes"
            case .malformed: return "malformed"
            case .indefiniteLength: return "indefiniteLength"
            case .invalidUTF8: return "invalidUTF8"
            case .duplicateKey: return "duplicateKey"
            case .nonPreferredEncoding: return "nonPreferredEncoding"
            case .unsortedKeys: return "unsortedKeys"
            case .depthLimit: return "depthLimit"
            case .itemLimit: return "itemLimit"
            case .sizeLimit: return "sizeLimit"
            }
        }

        /// The input ends inside a data item (a head, a length or the content it announces).
        public static let truncated = Code(.truncated)
        /// Bytes follow the single data item that was expected.
        public static let trailingBytes = Code(.trailingBytes)
        /// Not well-formed (RFC 8949 §3): reserved additional information 28–30, a lone "break", or a
        /// two-byte simple value below 32.
        public static let malformed = Code(.malformed)
        /// An indefinite-length string, array or map (additional information 31): never accepted.
        public static let indefiniteLength = Code(.indefiniteLength)
        /// A text string that is not valid UTF-8.
        public static let invalidUTF8 = Code(.invalidUTF8)
        /// A map holds the same key twice.
        public static let duplicateKey = Code(.duplicateKey)
        /// Deterministic mode: an integer, length or float not in its shortest (preferred) form.
        public static let nonPreferredEncoding = Code(.nonPreferredEncoding)
        /// Deterministic mode: map keys not in bytewise-lexicographic order of their encodings.
        public static let unsortedKeys = Code(.unsortedKeys)
        /// Nesting (arrays, maps, tags) deeper than the options allow.
        public static let depthLimit = Code(.depthLimit)
        /// More data items than the options allow.
        public static let itemLimit = Code(.itemLimit)
        /// The input is longer than the options allow.
        public static let sizeLimit = Code(.sizeLimit)
    }

    /// What kind of problem it is.
    public let code: Code
    /// The problem in words.
    public let reason: String
    /// Byte offset in the input where the problem was found.
    public let offset: Int

    public init(_ code: Code, _ reason: String, offset: Int) {
        self.code = code
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "\(code): \(reason) (at byte \(offset))" }

    public static func == (a: CBORError, b: CBORError) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }
}
