/// One TLV element as read from the input: a view into the caller's bytes (no copy).
///
/// Indices of `encoded` and `contents` are those of the slice given to the reader, so for an
/// `[UInt8]` input `offset` is the absolute byte position of the identifier octet.
public struct DERElement: Sendable {
    /// The element's identifier.
    public let tag: DERTag
    /// The whole encoding: identifier, length and contents octets.
    public let encoded: ArraySlice<UInt8>
    /// The contents octets.
    public let contents: ArraySlice<UInt8>
    /// Nesting depth of this element (0 for a top-level element).
    public let depth: Int

    /// Position of the identifier octet in the input.
    public var offset: Int { encoded.startIndex }

    /// A reader over the contents of this (constructed) element, one level deeper.
    public func contentsReader() throws(DERError) -> DERReader {
        guard tag.isConstructed else {
            throw DERError.make(.unexpectedTag, at: offset, "\(tag) is primitive, expected a constructed element")
        }
        return try DERReader(contents, depth: depth + 1)
    }
}

/// A strict, zero-copy DER reader over a byte slice (X.690 §8 with the DER restrictions of §10–11).
///
/// It reads one element at a time; constructed elements are entered with `sequence(_:)`,
/// `explicit(_:_:)` or `DERElement.contentsReader()`, each one level deeper, and nesting beyond
/// `maximumDepth` is refused, so no input can drive unbounded recursion. Every length is checked
/// against the bytes that remain before it is used; nothing here can trap on hostile input.
public struct DERReader: Sendable {
    /// The deepest nesting accepted. Keys and signatures need at most 6 levels.
    public static let maximumDepth = 32

    /// The bytes not read yet (indices are those of the input).
    public private(set) var remaining: ArraySlice<UInt8>
    /// Nesting level of the elements this reader reads (0 = top level).
    public let depth: Int

    /// A reader over `bytes` at nesting `depth`; throws `.nestingTooDeep` past `maximumDepth`.
    public init(_ bytes: ArraySlice<UInt8>, depth: Int = 0) throws(DERError) {
        guard depth <= DERReader.maximumDepth else {
            throw DERError.make(.nestingTooDeep, at: bytes.startIndex, "nesting deeper than \(DERReader.maximumDepth) levels")
        }
        self.remaining = bytes
        self.depth = depth
    }

    /// A top-level reader over an array.
    public init(_ bytes: [UInt8]) throws(DERError) { try self.init(bytes[...]) }

    /// True when every byte has been read.
    public var isAtEnd: Bool { remaining.isEmpty }
    /// Where the next element starts.
    public var position: Int { remaining.startIndex }

    /// The tag of the next element without consuming it (nil at the end or when the identifier
    /// octets are malformed — `next()` will then report the problem).
    public func peekTag() -> DERTag? {
        var copy = self
        return try? copy.readTag()
    }

    private mutating func readTag() throws(DERError) -> DERTag {
        var i = remaining.startIndex
        let end = remaining.endIndex
        guard i < end else { throw DERError.make(.truncated, at: i, "expected an element, input ended") }
        let b0 = publicOctet(remaining[i])
        i += 1
        let cls = DERTag.TagClass(rawValue: b0 >> 6)!
        let constructed = b0 & 0x20 != 0
        var number = UInt32(b0 & 0x1F)
        if number == 0x1F {
            // X.690 §8.1.2.4: base-128, bit 8 set on all but the last octet; the first subsequent
            // octet shall not be 0x80 (§8.1.2.4.2 c). Limited to 4 octets (28 bits).
            number = 0
            var count = 0
            while true {
                guard i < end else { throw DERError.make(.truncated, at: remaining.startIndex, "identifier octets end early") }
                let b = publicOctet(remaining[i])
                i += 1
                if count == 0 && b == 0x80 {
                    throw DERError.make(.invalidTag, at: remaining.startIndex, "high tag number with a leading 0x80 octet")
                }
                count += 1
                guard count <= 4 else {
                    throw DERError.make(.invalidTag, at: remaining.startIndex, "tag number longer than 4 octets")
                }
                number = number << 7 | UInt32(b & 0x7F)
                if b & 0x80 == 0 { break }
            }
            guard number >= 31 else {
                throw DERError.make(.invalidTag, at: remaining.startIndex, "tag number \(number) uses the high-tag-number form")
            }
        }
        let tag = DERTag(cls, number: number, constructed: constructed)
        if cls == .universal {
            if number == 0 {
                throw DERError.make(.invalidTag, at: remaining.startIndex, "end-of-contents octets are not DER")
            }
            // X.690 §10.2 (DER: string types primitive) and §8.9.1/§8.11.1 (SEQUENCE, SET constructed).
            // EXTERNAL (8) and EMBEDDED PDV (11) are always constructed.
            let mustBeConstructed = number == 16 || number == 17 || number == 8 || number == 11
            if constructed != mustBeConstructed {
                throw DERError.make(.invalidTag, at: remaining.startIndex,
                    "universal tag \(number) must be \(mustBeConstructed ? "constructed" : "primitive") in DER")
            }
        }
        remaining = remaining[i...]
        return tag
    }

    /// Reads the next element, whatever its tag.
    public mutating func next() throws(DERError) -> DERElement {
        let before = remaining
        let start = remaining.startIndex
        let tag = try readTag()
        var i = remaining.startIndex
        let end = remaining.endIndex
        guard i < end else { throw DERError.make(.truncated, at: start, "length octets missing") }
        let l0 = publicOctet(remaining[i])
        i += 1
        let length: Int
        if l0 < 0x80 {
            length = Int(l0)
        } else if l0 == 0x80 {
            throw DERError.make(.indefiniteLength, at: start, "indefinite length is not DER (X.690 §10.1)")
        } else if l0 == 0xFF {
            throw DERError.make(.invalidLength, at: start, "length octet 0xFF is reserved (X.690 §8.1.3.5 c)")
        } else {
            let k = Int(l0 & 0x7F)
            guard k <= end - i else { throw DERError.make(.truncated, at: start, "length octets end early") }
            guard publicOctet(remaining[i]) != 0 else {
                throw DERError.make(.nonMinimalLength, at: start, "long-form length with a leading zero octet")
            }
            // A non-zero leading octet and more than 8 octets means a value ≥ 2^64: past any input.
            guard k <= 8 else {
                throw DERError.make(.truncated, at: start, "\(k)-octet length exceeds the input")
            }
            var v: UInt64 = 0
            for j in 0..<k { v = v << 8 | UInt64(publicOctet(remaining[i + j])) }
            i += k
            guard v >= 0x80 else {
                throw DERError.make(.nonMinimalLength, at: start, "long-form length \(v) fits the short form")
            }
            guard v <= UInt64(end - i) else {
                throw DERError.make(.truncated, at: start, "length \(v) exceeds the \(end - i) remaining octets")
            }
            length = Int(v)
        }
        guard length <= end - i else {
            throw DERError.make(.truncated, at: start, "length \(length) exceeds the \(end - i) remaining octets")
        }
        let contents = remaining[i..<(i + length)]
        let encodedElement = before[start..<(i + length)]
        remaining = remaining[(i + length)...]
        return DERElement(tag: tag, encoded: encodedElement, contents: contents, depth: depth)
    }

    /// Reads the next element and checks its tag.
    public mutating func next(_ tag: DERTag, _ what: @autoclosure () -> String = "") throws(DERError) -> DERElement {
        guard !isAtEnd else {
            let name = what()
            throw DERError.make(.missingElement, at: position, "expected \(name.isEmpty ? tag.description : name), the structure ended")
        }
        let e = try next()
        guard e.tag == tag else {
            let name = what()
            throw DERError.make(.unexpectedTag, at: e.offset, "expected \(name.isEmpty ? tag.description : name), found \(e.tag)")
        }
        return e
    }

    /// Reads the next element if it has `tag`; otherwise consumes nothing.
    public mutating func nextIfPresent(_ tag: DERTag) throws(DERError) -> DERElement? {
        guard !isAtEnd else { return nil }
        var copy = self
        let e = try copy.next()
        guard e.tag == tag else { return nil }
        self = copy
        return e
    }

    /// Throws `.unexpectedElement` (inside a structure) or `.trailingData` (top level) unless every
    /// byte has been consumed.
    public func finish() throws(DERError) {
        guard isAtEnd else {
            if depth == 0 {
                throw DERError.make(.trailingData, at: position, "\(remaining.count) octets after the top-level element")
            }
            throw DERError.make(.unexpectedElement, at: position, "unexpected element after the last defined component")
        }
    }

    /// Reads a SEQUENCE and hands a reader over its contents to `body`, which must consume all of it.
    public mutating func sequence<R>(_ what: @autoclosure () -> String = "SEQUENCE", _ body: (inout DERReader) throws(DERError) -> R) throws(DERError) -> R {
        let e = try next(.sequence, what())
        var inner = try e.contentsReader()
        let r = try body(&inner)
        try inner.finish()
        return r
    }

    /// Reads an EXPLICIT `[n]` wrapper (X.690 §8.14.2: constructed, containing exactly one element).
    public mutating func explicit<R>(_ n: UInt32, _ body: (inout DERReader) throws(DERError) -> R) throws(DERError) -> R {
        let e = try next(.contextSpecific(n, constructed: true))
        var inner = try e.contentsReader()
        guard !inner.isAtEnd else {
            throw DERError.make(.missingElement, at: e.offset, "explicit [\(n)] tag with no content")
        }
        let r = try body(&inner)
        try inner.finish()
        return r
    }

    /// Like `explicit` but returns nil (consuming nothing) if the next element is not `[n]`.
    public mutating func explicitIfPresent<R>(_ n: UInt32, _ body: (inout DERReader) throws(DERError) -> R) throws(DERError) -> R? {
        guard peekTag() == .contextSpecific(n, constructed: true) else { return nil }
        return try explicit(n, body)
    }

    // MARK: Typed shorthands

    /// The next element as an INTEGER (minimal two's complement, X.690 §8.3).
    public mutating func readInteger() throws(DERError) -> ArraySlice<UInt8> { try next(.integer).integerContents() }
    /// The next element as a non-negative INTEGER; its magnitude without sign octet.
    public mutating func readUnsignedInteger(_ what: String = "INTEGER") throws(DERError) -> ArraySlice<UInt8> {
        try next(.integer, what).unsignedIntegerMagnitude(what)
    }
    /// The next element as an INTEGER that fits in `Int`.
    public mutating func readInt(_ what: String = "INTEGER") throws(DERError) -> Int { try next(.integer, what).intValue(what) }
    /// The next element as a DER BOOLEAN.
    public mutating func readBoolean() throws(DERError) -> Bool { try next(.boolean).booleanValue() }
    /// The next element as NULL.
    public mutating func readNull() throws(DERError) { try next(.null).nullValue() }
    /// The next element as a (primitive) OCTET STRING; its contents.
    public mutating func readOctetString(_ what: String = "OCTET STRING") throws(DERError) -> ArraySlice<UInt8> {
        try next(.octetString, what).contents
    }
    /// The next element as a BIT STRING with zero unused bits (X.690 §11.2.1).
    public mutating func readBitString(_ what: String = "BIT STRING") throws(DERError) -> DERBitString {
        try next(.bitString, what).bitStringValue()
    }
    /// The next element as an OBJECT IDENTIFIER.
    public mutating func readObjectIdentifier(_ what: String = "OBJECT IDENTIFIER") throws(DERError) -> ASN1ObjectIdentifier {
        try next(.objectIdentifier, what).objectIdentifierValue()
    }
}
