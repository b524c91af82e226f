// The character string types certificates use (RFC 5280 §4.1.2.4 DirectoryString, §4.2.1.6 IA5String
// names), each read from its primitive DER element with its character set checked (X.680 §41, §43).

extension DERElement {
    private func requireString(_ t: DERTag, _ what: String) throws(DERError) {
        guard tag == t else {
            throw DERError.make(.unexpectedTag, at: offset, "expected \(what), found \(tag)")
        }
    }

    /// A UTF8String: well-formed UTF-8 (Unicode §3.9 Table 3-7: no overlong forms, no surrogates,
    /// nothing above U+10FFFF, no truncated sequence).
    public func utf8StringValue() throws(DERError) -> String {
        try requireString(.utf8String, "UTF8String")
        guard DERStrings.isWellFormedUTF8(contents) else {
            throw DERError.make(.invalidString, at: offset, "UTF8String is not well-formed UTF-8")
        }
        return String(decoding: contents, as: UTF8.self)
    }

    /// A PrintableString: A–Z, a–z, 0–9, space and `'()+,-./:=?` (X.680 §41.4, Table 10).
    public func printableStringValue() throws(DERError) -> String {
        try requireString(.printableString, "PrintableString")
        for b in contents where !DERStrings.isPrintable(b) {
            throw DERError.make(.invalidString, at: offset, "PrintableString holds the octet 0x\(String(b, radix: 16)), outside its character set (X.680 §41.4)")
        }
        return String(decoding: contents, as: UTF8.self)
    }

    /// An IA5String: octets 0x00–0x7F (International Alphabet No. 5, i.e. ASCII).
    public func ia5StringValue() throws(DERError) -> String {
        try requireString(.ia5String, "IA5String")
        for b in contents where b >= 0x80 {
            throw DERError.make(.invalidString, at: offset, "IA5String holds the octet 0x\(String(b, radix: 16)), above 0x7F")
        }
        return String(decoding: contents, as: UTF8.self)
    }

    /// A BMPString: UCS-2 big-endian, so an even number of octets and no surrogate code units
    /// (U+D800–U+DFFF are not characters in UCS-2).
    public func bmpStringValue() throws(DERError) -> String {
        try requireString(.bmpString, "BMPString")
        guard contents.count % 2 == 0 else {
            throw DERError.make(.invalidString, at: offset, "BMPString of \(contents.count) octets; UCS-2 needs an even number")
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(contents.count)
        var i = contents.startIndex
        while i < contents.endIndex {
            let u = UInt32(contents[i]) << 8 | UInt32(contents[i + 1])
            guard u < 0xD800 || u > 0xDFFF else {
                throw DERError.make(.invalidString, at: offset, "BMPString holds a surrogate code unit (UCS-2 has none)")
            }
            DERStrings.appendUTF8(u, to: &utf8)
            i += 2
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// A UniversalString: UCS-4 big-endian, a multiple of four octets, scalars only (no surrogates,
    /// nothing above U+10FFFF).
    public func universalStringValue() throws(DERError) -> String {
        try requireString(.universalString, "UniversalString")
        guard contents.count % 4 == 0 else {
            throw DERError.make(.invalidString, at: offset, "UniversalString of \(contents.count) octets; UCS-4 needs a multiple of four")
        }
        var utf8: [UInt8] = []
        var i = contents.startIndex
        while i < contents.endIndex {
            var u: UInt32 = 0
            for k in 0..<4 { u = u << 8 | UInt32(contents[i + k]) }
            guard u <= 0x10FFFF, u < 0xD800 || u > 0xDFFF else {
                throw DERError.make(.invalidString, at: offset, "UniversalString holds a value that is not a Unicode scalar")
            }
            DERStrings.appendUTF8(u, to: &utf8)
            i += 4
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// A TeletexString (T61String) as its octets: T.61's character set has no faithful mapping to
    /// Unicode, so the bytes are handed over unchanged for the caller to compare or display.
    public func teletexStringBytes() throws(DERError) -> ArraySlice<UInt8> {
        try requireString(.teletexString, "TeletexString")
        return contents
    }
}

/// Character-set checks shared by the string readers.
public enum DERStrings {
    /// Whether `b` belongs to PrintableString's set (X.680 §41.4).
    public static func isPrintable(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: " "), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: ","),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// Well-formed UTF-8 per Unicode §3.9, Table 3-7.
    public static func isWellFormedUTF8(_ c: some Collection<UInt8>) -> Bool {
        var it = c.makeIterator()
        while let b0 = it.next() {
            if b0 < 0x80 { continue }
            let count: Int, low: UInt8, high: UInt8   // the allowed range of the second octet
            switch b0 {
            case 0xC2...0xDF: (count, low, high) = (1, 0x80, 0xBF)
            case 0xE0: (count, low, high) = (2, 0xA0, 0xBF)            // no overlong 3-octet forms
            case 0xE1...0xEC, 0xEE, 0xEF: (count, low, high) = (2, 0x80, 0xBF)
            case 0xED: (count, low, high) = (2, 0x80, 0x9F)            // no surrogates
            case 0xF0: (count, low, high) = (3, 0x90, 0xBF)            // no overlong 4-octet forms
            case 0xF1...0xF3: (count, low, high) = (3, 0x80, 0xBF)
            case 0xF4: (count, low, high) = (3, 0x80, 0x8F)            // nothing above U+10FFFF
            default: return false                                      // 0x80–0xC1, 0xF5–0xFF
            }
            guard let b1 = it.next(), b1 >= low, b1 <= high else { return false }
            for _ in 1..<count {
                guard let b = it.next(), b & 0xC0 == 0x80 else { return false }
            }
        }
        return true
    }

    /// Appends the UTF-8 encoding of a Unicode scalar value (the caller has excluded surrogates).
    static func appendUTF8(_ u: UInt32, to out: inout [UInt8]) {
        switch u {
        case 0..<0x80:
            out.append(UInt8(u))
        case 0x80..<0x800:
            out.append(0xC0 | UInt8(u >> 6)); out.append(0x80 | UInt8(u & 0x3F))
        case 0x800..<0x10000:
            out.append(0xE0 | UInt8(u >> 12)); out.append(0x80 | UInt8(u >> 6 & 0x3F)); out.append(0x80 | UInt8(u & 0x3F))
        default:
            out.append(0xF0 | UInt8(u >> 18)); out.append(0x80 | UInt8(u >> 12 & 0x3F))
            out.append(0x80 | UInt8(u >> 6 & 0x3F)); out.append(0x80 | UInt8(u & 0x3F))
        }
    }
}
