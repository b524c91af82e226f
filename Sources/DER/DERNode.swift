/// A fully parsed DER tree, for callers that want to look at arbitrary structures (and for
/// validating opaque fields). Children of constructed elements are parsed eagerly; recursion is
/// bounded by `DERReader.maximumDepth`, so hostile nesting ends in `.nestingTooDeep`, never in a
/// stack overflow.
public struct DERNode: Sendable {
    /// Tag, whole encoding and contents octets (slices of the input).
    public let tag: DERTag
    /// The whole encoding: identifier, length and contents octets.
    public let encoded: ArraySlice<UInt8>
    /// The contents octets.
    public let contents: ArraySlice<UInt8>
    /// The children of a constructed element (empty for a primitive one).
    public let children: [DERNode]

    /// Position of the identifier octet in the input.
    public var offset: Int { encoded.startIndex }

    /// Parses exactly one element (trailing data is an error), checking every length, tag and
    /// nesting level, and the content rules of the universal types whose DER form is
    /// constrained (BOOLEAN, INTEGER, NULL, BIT STRING, OBJECT IDENTIFIER).
    public static func parse(_ bytes: [UInt8]) throws -> DERNode { try parse(bytes[...]) }

    /// The same for a slice; offsets in errors are the slice's indices.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws -> DERNode {
        var r = try DERReader(bytes)
        let node = try DERNode(r.next())
        try r.finish()
        return node
    }

    init(_ e: DERElement) throws {
        tag = e.tag; encoded = e.encoded; contents = e.contents
        if e.tag.isConstructed {
            var r = try e.contentsReader()
            var kids: [DERNode] = []
            while !r.isAtEnd { kids.append(try DERNode(r.next())) }
            children = kids
        } else {
            children = []
            try DERNode.checkPrimitive(e)
        }
    }

    /// Validates an element and everything inside it without building a tree.
    static func validate(_ e: DERElement) throws {
        if e.tag.isConstructed {
            var r = try e.contentsReader()
            while !r.isAtEnd { try validate(r.next()) }
        } else {
            try checkPrimitive(e)
        }
    }

    static func checkPrimitive(_ e: DERElement) throws {
        guard e.tag.tagClass == .universal else { return }
        switch e.tag.number {
        case 1: _ = try e.booleanValue()
        case 2, 10: _ = try e.integerContents()  // INTEGER, ENUMERATED (X.690 §8.4)
        case 3: _ = try e.bitStringValue()
        case 5: try e.nullValue()
        case 6: _ = try e.objectIdentifierValue()
        default: break
        }
    }
}
