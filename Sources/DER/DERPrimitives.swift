import ConstantTime

/// A decoded BIT STRING: the content bits as octets plus the count of unused low bits in the last
/// octet (X.690 §8.6.2). DER requires the unused bits to be zero (X.690 §11.2.1).
public struct DERBitString: Sendable, Equatable {
    /// The content octets after the unused-bits octet.
    public var bytes: ArraySlice<UInt8>
    /// Unused low bits in the last octet (0–7).
    public var unusedBits: UInt8

    /// A bit string from its octets and unused-bit count.
    public init(bytes: ArraySlice<UInt8>, unusedBits: UInt8) {
        self.bytes = bytes; self.unusedBits = unusedBits
    }
}

extension DERElement {
    private func requireTag(_ t: DERTag, _ what: String) throws(DERError) {
        guard tag.tagClass == t.tagClass, tag.number == t.number, tag.isConstructed == t.isConstructed else {
            throw DERError.make(.unexpectedTag, at: offset, "expected \(what), found \(tag)")
        }
    }

    /// The contents of an INTEGER, checked for DER's minimal two's-complement form.
    ///
    /// X.690 §8.3.1: at least one octet. §8.3.2: if there is more than one octet, the bits of the
    /// first octet and bit 8 of the second shall not be all ones, nor all zeros.
    /// The tag is not checked, so an IMPLICIT-tagged INTEGER can be read the same way.
    public func integerContents() throws(DERError) -> ArraySlice<UInt8> {
        let c = contents
        guard let first = c.first else {
            throw DERError.make(.emptyInteger, at: offset, "INTEGER with no content octets (X.690 §8.3.1)")
        }
        if c.count > 1 {
            // Key INTEGERs are secret: the verdict is computed under masks and only it is published.
            let f = UInt64(first), top = UInt64(c[c.startIndex + 1]) & 0x80
            let needless = (CT.equalMask(f, 0x00) & CT.equalMask(top, 0)) | (CT.equalMask(f, 0xFF) & CT.nonZeroMask(top))
            if CT.declassify(needless) {
                throw DERError.make(.nonMinimalInteger, at: offset, "INTEGER with a needless leading 0x\(publicOctet(first) == 0 ? "00" : "FF") octet (X.690 §8.3.2)")
            }
        }
        return c
    }

    /// The big-endian magnitude of a non-negative INTEGER, without the sign octet (so with no
    /// leading zero octet; zero is the empty slice). Negative values throw `.negativeInteger`.
    ///
    /// The contents may be secret (private-key INTEGERs): no branch looks at them except the published sign
    /// verdict and whether a sign octet is present — the magnitude's length, which the DER length shows to within
    /// one octet and which every user of the value treats as public.
    public func unsignedIntegerMagnitude(_ what: String = "INTEGER") throws(DERError) -> ArraySlice<UInt8> {
        let c = try integerContents()
        let first = UInt64(c.first!)
        guard !CT.declassify(first & 0x80) else {
            throw DERError.make(.negativeInteger, at: offset, "\(what) is negative")
        }
        return CT.declassify(CT.equalMask(first, 0)) ? c.dropFirst() : c
    }

    /// A small INTEGER as `Int` (versions, salt lengths). Values that do not fit throw
    /// `.integerTooLarge`.
    public func intValue(_ what: String = "INTEGER") throws(DERError) -> Int {
        let c = try integerContents()
        guard c.count <= 8 else {
            throw DERError.make(.integerTooLarge, at: offset, "\(what) does not fit in 64 bits")
        }
        // Small INTEGERs (versions, counts) are structure: published octet by octet.
        var v: Int64 = publicOctet(c.first!) & 0x80 != 0 ? -1 : 0
        for b in c { v = v << 8 | Int64(publicOctet(b)) }
        guard let r = Int(exactly: v) else {
            throw DERError.make(.integerTooLarge, at: offset, "\(what) does not fit in Int")
        }
        return r
    }

    /// X.690 §11.1: DER BOOLEAN is one octet, 0x00 (FALSE) or 0xFF (TRUE).
    public func booleanValue() throws(DERError) -> Bool {
        try requireTag(.boolean, "BOOLEAN")
        guard contents.count == 1, let b = contents.first, b == 0x00 || b == 0xFF else {
            throw DERError.make(.invalidBoolean, at: offset, "BOOLEAN must be the single octet 0x00 or 0xFF (X.690 §11.1)")
        }
        return b == 0xFF
    }

    /// X.690 §8.8.2: NULL has no content octets.
    public func nullValue() throws(DERError) {
        try requireTag(.null, "NULL")
        guard contents.isEmpty else {
            throw DERError.make(.invalidNull, at: offset, "NULL with \(contents.count) content octets (X.690 §8.8.2)")
        }
    }

    /// X.690 §8.6.2: the first content octet is the number of unused bits (0–7) in the last octet;
    /// it is 0 when there are no further octets. §11.2.1: unused bits are zero.
    /// The tag is not checked beyond being primitive (IMPLICIT-tagged BIT STRINGs read the same way).
    public func bitStringValue() throws(DERError) -> DERBitString {
        guard !tag.isConstructed else {
            throw DERError.make(.unexpectedTag, at: offset, "constructed BIT STRING is not DER (X.690 §10.2)")
        }
        guard let unused = contents.first.map(publicOctet) else {   // structure, published
            throw DERError.make(.invalidBitString, at: offset, "BIT STRING with no content octets (X.690 §8.6.2.1)")
        }
        let data = contents.dropFirst()
        guard unused <= 7 else {
            throw DERError.make(.invalidBitString, at: offset, "BIT STRING declares \(unused) unused bits (X.690 §8.6.2.2)")
        }
        if data.isEmpty {
            guard unused == 0 else {
                throw DERError.make(.invalidBitString, at: offset, "empty BIT STRING with unused bits (X.690 §8.6.2.3)")
            }
        } else if unused > 0 {
            let mask = UInt8((1 << unused) - 1)
            guard data.last! & mask == 0 else {
                throw DERError.make(.nonZeroUnusedBits, at: offset, "BIT STRING unused bits are not zero (X.690 §11.2.1)")
            }
        }
        return DERBitString(bytes: data, unusedBits: unused)
    }

    /// The octets of a BIT STRING that must be a whole number of octets (keys, signatures).
    public func octetAlignedBitString(_ what: String = "BIT STRING") throws(DERError) -> ArraySlice<UInt8> {
        let b = try bitStringValue()
        guard b.unusedBits == 0 else {
            throw DERError.make(.invalidBitString, at: offset, "\(what) is not a whole number of octets (\(b.unusedBits) unused bits)")
        }
        return b.bytes
    }

    /// An OBJECT IDENTIFIER, checked for minimal base-128 arcs (X.690 §8.19.2).
    public func objectIdentifierValue() throws(DERError) -> ASN1ObjectIdentifier {
        try requireTag(.objectIdentifier, "OBJECT IDENTIFIER")
        // An identifier names an algorithm or a curve: structure, published (inside a private key's DER too).
        return try ASN1ObjectIdentifier(contentOctets: ArraySlice(contents.map(publicOctet)), offset: offset)
    }
}
