import SharedPrimitives
import DER

/// An X.501 Name as RFC 5280 §4.1.2.4 uses it: a sequence of relative distinguished names, each a SET OF
/// attribute type and value. Printed as an RFC 4514 string (most specific RDN first).
public struct DistinguishedName: Sendable, Hashable, CustomStringConvertible {
    /// One attribute: its type and its value as the DER element it was (tag and contents).
    public struct Attribute: Sendable, Hashable {
        /// The attribute type (2.5.4.3 commonName, …).
        public let type: ASN1ObjectIdentifier
        /// The value's tag.
        public let valueTag: DERTag
        /// The value's content octets.
        public let valueBytes: [UInt8]
        /// The value as text, when it is one of the string types a DirectoryString or IA5String uses
        /// (TeletexString is read as Latin-1 for display only); nil for other types.
        public let stringValue: String?

        public init(type: ASN1ObjectIdentifier, valueTag: DERTag, valueBytes: [UInt8], stringValue: String?) {
            self.type = type; self.valueTag = valueTag; self.valueBytes = valueBytes; self.stringValue = stringValue
        }
    }

    /// The RDNs in encoding order (least specific first, usually C or DC).
    public let relativeNames: [[Attribute]]
    /// The DER encoding of the whole Name.
    public let derEncoded: [UInt8]
    /// Each RDN's attributes prepared for comparison once, when the Name is read (RFC 5280 §7.1).
    let preparedNames: [PreparedRDN]

    /// The most attributes a Name may carry, all its RDNs together. A Name with more is refused when read, with
    /// `X509Error.Code.limitExceeded` (`DERError.Code.tooManyElements` inside a structure): real names carry a
    /// dozen or so, and matching costs grow with the count.
    public static let maximumAttributes = 64

    /// Whether the Name has no RDN.
    public var isEmpty: Bool { relativeNames.isEmpty }

    /// Every attribute in encoding order.
    public var attributes: [Attribute] { relativeNames.flatMap { $0 } }

    /// The string values of attributes of `type`, in encoding order.
    public func values(of type: ASN1ObjectIdentifier) -> [String] {
        attributes.filter { $0.type == type }.compactMap { $0.stringValue }
    }

    /// The first commonName (2.5.4.3), if any.
    public var commonName: String? { values(of: X509OID.commonName).first }

    public init(derEncoded: [UInt8]) throws(X509Error) {
        do throws(DERError) {
            var r = try DERReader(derEncoded)
            let e = try r.next(.sequence, "Name")
            try r.finish()
            self = try DistinguishedName(element: e)
        } catch {
            throw X509Error.der(error, "Name")
        }
    }

    init(element e: DERElement) throws(DERError) {
        var rdns: [[Attribute]] = []
        var s = try e.contentsReader()
        var total = 0
        while !s.isAtEnd {
            let set = try s.next(.set, "RelativeDistinguishedName")
            var a = try set.contentsReader()
            var rdn: [Attribute] = []
            while !a.isAtEnd {
                total += 1
                guard total <= DistinguishedName.maximumAttributes else {
                    throw DERError.make(.tooManyElements, at: set.offset, "a Name with more than \(DistinguishedName.maximumAttributes) attributes")
                }
                rdn.append(try a.sequence("AttributeTypeAndValue") { (t: inout DERReader) throws(DERError) -> Attribute in
                    let type = try t.readObjectIdentifier("attribute type")
                    let v = try t.next()
                    return Attribute(type: type, valueTag: v.tag, valueBytes: Array(v.contents), stringValue: try DistinguishedName.text(of: v))
                })
            }
            guard !rdn.isEmpty else {
                throw DERError.make(.missingElement, at: set.offset, "empty RelativeDistinguishedName (X.501: SIZE (1..MAX))")
            }
            _ = try DERNode.parse(set.encoded)   // SET OF order (X.690 §11.6), once the count is known to be bounded
            rdns.append(rdn)
        }
        relativeNames = rdns
        derEncoded = Array(e.encoded)
        preparedNames = rdns.map(PreparedRDN.init)
    }

    /// The text of a string-typed value, checked against its type's character set; nil for other types.
    static func text(of v: DERElement) throws(DERError) -> String? {
        switch v.tag {
        case .utf8String: return try v.utf8StringValue()
        case .printableString: return try v.printableStringValue()
        case .ia5String: return try v.ia5StringValue()
        case .bmpString: return try v.bmpStringValue()
        case .universalString: return try v.universalStringValue()
        case .teletexString:
            var u: [UInt8] = []
            for b in try v.teletexStringBytes() { X509Text.appendUTF8(UInt32(b), to: &u) }
            return String(decoding: u, as: UTF8.self)
        default: return nil
        }
    }

    /// RFC 4514 §2: RDNs from the last to the first, joined by `,`; attributes of one RDN by `+`;
    /// known types by their short names, others as dotted OIDs; non-string values as `#` + hex DER.
    public var description: String {
        var parts: [String] = []
        for rdn in relativeNames.reversed() {
            var items: [String] = []
            for a in rdn {
                let key = X509OID.shortName(a.type) ?? a.type.description
                let value: String
                if let s = a.stringValue, X509OID.shortName(a.type) != nil {
                    value = X509Text.escapeRFC4514(s)
                } else {
                    var der = DERWriter()
                    der.write(a.valueTag, contents: a.valueBytes)
                    value = "#" + Hex.encode(der.bytes)
                }
                items.append(key + "=" + value)
            }
            parts.append(items.joined(separator: "+"))
        }
        return parts.joined(separator: ",")
    }

    /// RFC 5280 §7.1 name matching: the same number of RDNs, each with the same attributes (in any order
    /// within the RDN); string values compared after RFC 4518-style preparation (insignificant space
    /// removed, runs of spaces folded, ASCII case folded), other values byte for byte. A TeletexString whose
    /// octets are all PrintableString characters compares as that text; other TeletexStrings only byte for
    /// byte. Each Name is prepared once, when read, and the RDNs compare as sorted lists: O(n log n) in the
    /// attributes, never pairwise.
    public func matches(_ other: DistinguishedName) -> Bool {
        if derEncoded == other.derEncoded { return true }
        guard preparedNames.count == other.preparedNames.count else { return false }
        for (a, b) in zip(preparedNames, other.preparedNames) where a.keys != b.keys { return false }
        return true
    }

    /// Where a name stands against a directoryName subtree.
    enum Containment: Equatable { case inside, outside, undecided }

    /// Whether `self` is `base` followed by zero or more further RDNs (the directoryName subtree rule of
    /// RFC 5280 §4.2.1.10). `.undecided` when an RDN of the base and the one it is compared with differ only
    /// in values that this module cannot prepare as RFC 4518 asks (text outside printable ASCII, a TeletexString
    /// outside PrintableString's characters, a value that is not a string): the caller fails closed, an excluded
    /// subtree counting it as inside and a permitted one as outside.
    func containment(in base: DistinguishedName) -> Containment {
        guard base.preparedNames.count <= preparedNames.count else { return .outside }
        var undecided = false
        for (b, n) in zip(base.preparedNames, preparedNames) where b.keys != n.keys {
            guard b.types == n.types, b.uncertain || n.uncertain else { return .outside }
            undecided = true
        }
        return undecided ? .undecided : .inside
    }

    /// One RDN prepared for comparison: every attribute as a key (its type's encoding, then its prepared text
    /// or its value's whole encoding), sorted, so that two RDNs match exactly when their key lists are equal.
    struct PreparedRDN: Sendable, Hashable {
        let keys: [[UInt8]]
        /// The attribute types' encodings, sorted.
        let types: [[UInt8]]
        /// Whether some value might equal another under RFC 4518 without an equal key (see `containment(in:)`).
        let uncertain: Bool

        init(_ rdn: [Attribute]) {
            var keys: [[UInt8]] = [], types: [[UInt8]] = []
            var uncertain = false
            keys.reserveCapacity(rdn.count); types.reserveCapacity(rdn.count)
            for a in rdn {
                var w = DERWriter()
                w.writeObjectIdentifier(a.type)
                types.append(w.bytes)
                var key = w.bytes
                if let text = PreparedRDN.comparableText(a) {
                    key.append(0)
                    let p = X509Text.prepared(text)
                    if p.contains(where: { $0 < 0x20 || $0 > 0x7E }) { uncertain = true }
                    key += p
                } else {
                    key.append(1)
                    var v = DERWriter()
                    v.write(a.valueTag, contents: a.valueBytes)
                    key += v.bytes
                    uncertain = true
                }
                keys.append(key)
            }
            self.keys = keys.sorted { $0.lexicographicallyPrecedes($1) }
            self.types = types.sorted { $0.lexicographicallyPrecedes($1) }
            self.uncertain = uncertain
        }

        /// The text a value compares as: a string type's text; a TeletexString's only when every octet is a
        /// PrintableString character (where T.61 and ASCII agree); nil otherwise.
        static func comparableText(_ a: Attribute) -> String? {
            guard let s = a.stringValue else { return nil }
            guard a.valueTag == .teletexString else { return s }
            return a.valueBytes.allSatisfy(isPrintableStringCharacter) ? s : nil
        }

        /// X.680 §41.4: A–Z, a–z, 0–9, space and `'()+,-./:=?`.
        static func isPrintableStringCharacter(_ c: UInt8) -> Bool {
            switch c {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x20, 0x27, 0x28, 0x29, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x3A, 0x3D, 0x3F: return true
            default: return false
            }
        }
    }
}

/// Object identifiers this module reads.
public enum X509OID {
    typealias O = ASN1ObjectIdentifier
    public static let commonName: ASN1ObjectIdentifier = [2, 5, 4, 3]
    public static let emailAddress: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 1]
    // Extensions (RFC 5280 §4.2).
    public static let subjectKeyIdentifier: ASN1ObjectIdentifier = [2, 5, 29, 14]
    public static let keyUsage: ASN1ObjectIdentifier = [2, 5, 29, 15]
    public static let subjectAlternativeName: ASN1ObjectIdentifier = [2, 5, 29, 17]
    public static let issuerAlternativeName: ASN1ObjectIdentifier = [2, 5, 29, 18]
    public static let basicConstraints: ASN1ObjectIdentifier = [2, 5, 29, 19]
    public static let nameConstraints: ASN1ObjectIdentifier = [2, 5, 29, 30]
    public static let certificatePolicies: ASN1ObjectIdentifier = [2, 5, 29, 32]
    public static let policyMappings: ASN1ObjectIdentifier = [2, 5, 29, 33]
    public static let authorityKeyIdentifier: ASN1ObjectIdentifier = [2, 5, 29, 35]
    public static let policyConstraints: ASN1ObjectIdentifier = [2, 5, 29, 36]
    public static let extendedKeyUsage: ASN1ObjectIdentifier = [2, 5, 29, 37]
    public static let inhibitAnyPolicy: ASN1ObjectIdentifier = [2, 5, 29, 54]
    public static let authorityInfoAccess: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 1, 1]
    /// id-ad-ocsp, the authorityInfoAccess method of an OCSP responder (RFC 5280 §4.2.2.1).
    public static let ocspAccessMethod: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1]
    public static let anyExtendedKeyUsage: ASN1ObjectIdentifier = [2, 5, 29, 37, 0]
    // Extended key usages (RFC 5280 §4.2.1.12).
    public static let serverAuth: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 3, 1]
    public static let clientAuth: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 3, 2]
    public static let codeSigning: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 3, 3]
    public static let emailProtection: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 3, 4]
    public static let timeStamping: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 3, 8]
    public static let ocspSigning: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 3, 9]

    static let shortNames: [(ASN1ObjectIdentifier, String)] = [
        ([2, 5, 4, 3], "CN"), ([2, 5, 4, 7], "L"), ([2, 5, 4, 8], "ST"), ([2, 5, 4, 10], "O"),
        ([2, 5, 4, 11], "OU"), ([2, 5, 4, 6], "C"), ([2, 5, 4, 9], "STREET"),
        ([0, 9, 2342, 19200300, 100, 1, 25], "DC"), ([0, 9, 2342, 19200300, 100, 1, 1], "UID"),
        ([2, 5, 4, 5], "serialNumber"), ([1, 2, 840, 113549, 1, 9, 1], "emailAddress"),
    ]

    /// RFC 4514 §3's short name for an attribute type (plus serialNumber and emailAddress), or nil.
    static func shortName(_ o: ASN1ObjectIdentifier) -> String? {
        shortNames.first(where: { $0.0 == o })?.1
    }
}

/// Text helpers (no Foundation).
enum X509Text {

    static func appendUTF8(_ u: UInt32, to out: inout [UInt8]) {
        if u < 0x80 { out.append(UInt8(u)) } else { out.append(0xC0 | UInt8(u >> 6)); out.append(0x80 | UInt8(u & 0x3F)) }
    }

    /// RFC 4514 §2.4: escape `"+,;<>\` anywhere, `#` and space at the start, space at the end, NUL as `\00`.
    static func escapeRFC4514(_ s: String) -> String {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        for (i, c) in b.enumerated() {
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "<"),
                 UInt8(ascii: ">"), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\")); out.append(c)
            case UInt8(ascii: "#") where i == 0, UInt8(ascii: " ") where i == 0 || i == b.count - 1:
                out.append(UInt8(ascii: "\\")); out.append(c)
            case 0:
                out += Array("\\00".utf8)
            default:
                out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 4518-style preparation for comparison: leading and trailing spaces removed, inner runs of
    /// whitespace folded to one space, ASCII letters lower-cased.
    static func prepared(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        var pendingSpace = false
        for c in s.utf8 {
            if c == 0x20 || (c >= 0x09 && c <= 0x0D) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(c >= 0x41 && c <= 0x5A ? c | 0x20 : c)
        }
        return out
    }

    /// ASCII lower case.
    static func lower(_ b: [UInt8]) -> [UInt8] { b.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } }
}
