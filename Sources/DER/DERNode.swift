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
    /// constrained (BOOLEAN, INTEGER, NULL, BIT STRING, OBJECT IDENTIFIER), and the order of
    /// SET components (X.690 §10.3, §11.6).
    public static func parse(_ bytes: [UInt8]) throws(DERError) -> DERNode { try parse(bytes[...]) }

    /// The same for a slice; offsets in errors are the slice's indices.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(DERError) -> DERNode {
        var r = try DERReader(bytes)
        let node = try DERNode(r.next())
        try r.finish()
        return node
    }

    init(_ e: DERElement) throws(DERError) {
        tag = e.tag; encoded = e.encoded; contents = e.contents
        if e.tag.isConstructed {
            var r = try e.contentsReader()
            var kids: [DERNode] = []
            while !r.isAtEnd { kids.append(try DERNode(r.next())) }
            if e.tag == .set { try DERNode.checkSetOrder(e, kids.map { ($0.tag, $0.encoded) }, tagOrderAllowed: true) }
            children = kids
        } else {
            children = []
            try DERNode.checkPrimitive(e)
        }
    }

    /// Validates an element and everything inside it without building a tree.
    static func validate(_ e: DERElement) throws(DERError) {
        if e.tag.isConstructed {
            var r = try e.contentsReader()
            var parts: [(DERTag, ArraySlice<UInt8>)] = []
            while !r.isAtEnd {
                let c = try r.next()
                try validate(c)
                parts.append((c.tag, c.encoded))
            }
            if e.tag == .set { try checkSetOrder(e, parts, tagOrderAllowed: true) }
        } else {
            try checkPrimitive(e)
        }
    }

    static func checkPrimitive(_ e: DERElement) throws(DERError) {
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

    /// X.690 §11.6: the components of a SET OF appear in ascending order of their encodings,
    /// compared as octet strings with the shorter one padded with trailing zero octets. §10.3: the
    /// components of a SET appear in the canonical order of their tags (X.680 §8.6: class, then
    /// number). A reader cannot tell SET from SET OF, so a universal SET passes if either order
    /// holds (`tagOrderAllowed`); a container that knows it holds a SET OF (PKCS#8 attributes,
    /// an IMPLICIT `[0] SET OF`) asks for the encoding order alone.
    static func checkSetOrder(_ e: DERElement, _ parts: [(DERTag, ArraySlice<UInt8>)], tagOrderAllowed: Bool) throws(DERError) {
        guard parts.count > 1 else { return }
        var byEncoding = true, byTag = tagOrderAllowed
        for i in 1..<parts.count {
            if comparePadded(parts[i - 1].1, parts[i].1) > 0 { byEncoding = false }
            let a = parts[i - 1].0, b = parts[i].0
            if (a.tagClass.rawValue, a.number) >= (b.tagClass.rawValue, b.number) { byTag = false }
        }
        guard byEncoding || byTag else {
            throw DERError.make(.unsortedSet, at: e.offset,
                tagOrderAllowed ? "SET components in neither encoding (X.690 §11.6) nor tag order (§10.3)"
                                : "SET OF components not in ascending order of their encodings (X.690 §11.6)")
        }
    }

    /// Lexicographic comparison with the shorter operand padded with zero octets (X.690 §11.6).
    static func comparePadded(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        for k in 0..<Swift.max(a.count, b.count) {
            let x = k < a.count ? a[a.startIndex + k] : 0
            let y = k < b.count ? b[b.startIndex + k] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}
