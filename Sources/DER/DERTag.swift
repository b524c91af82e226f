/// An ASN.1 identifier: class, primitive/constructed bit and tag number (X.690 §8.1.2).
public struct DERTag: Hashable, Sendable, CustomStringConvertible {
    /// The two class bits of the identifier octet.
    public enum TagClass: UInt8, Hashable, Sendable {
        case universal = 0, application = 1, contextSpecific = 2, `private` = 3
    }

    /// Universal, application, context-specific or private.
    public var tagClass: TagClass
    /// Whether the contents are elements (constructed) or octets (primitive).
    public var isConstructed: Bool
    /// The tag number; numbers ≥ 31 use the high-tag-number form (X.690 §8.1.2.4).
    public var number: UInt32

    /// A tag of the given class, number and form.
    public init(_ tagClass: TagClass, number: UInt32, constructed: Bool) {
        self.tagClass = tagClass; self.number = number; self.isConstructed = constructed
    }

    /// UNIVERSAL 1, primitive.
    public static let boolean = DERTag(.universal, number: 1, constructed: false)
    /// UNIVERSAL 2, primitive.
    public static let integer = DERTag(.universal, number: 2, constructed: false)
    /// UNIVERSAL 3, primitive (DER, X.690 §10.2).
    public static let bitString = DERTag(.universal, number: 3, constructed: false)
    /// UNIVERSAL 4, primitive (DER, X.690 §10.2).
    public static let octetString = DERTag(.universal, number: 4, constructed: false)
    /// UNIVERSAL 5, primitive.
    public static let null = DERTag(.universal, number: 5, constructed: false)
    /// UNIVERSAL 6, primitive.
    public static let objectIdentifier = DERTag(.universal, number: 6, constructed: false)
    /// UNIVERSAL 12, primitive (DER, X.690 §10.2).
    public static let utf8String = DERTag(.universal, number: 12, constructed: false)
    /// UNIVERSAL 19, primitive: PrintableString (X.680 §41.4).
    public static let printableString = DERTag(.universal, number: 19, constructed: false)
    /// UNIVERSAL 20, primitive: TeletexString (T61String).
    public static let teletexString = DERTag(.universal, number: 20, constructed: false)
    /// UNIVERSAL 22, primitive: IA5String (ASCII).
    public static let ia5String = DERTag(.universal, number: 22, constructed: false)
    /// UNIVERSAL 23, primitive: UTCTime (X.690 §11.8).
    public static let utcTime = DERTag(.universal, number: 23, constructed: false)
    /// UNIVERSAL 24, primitive: GeneralizedTime (X.690 §11.7).
    public static let generalizedTime = DERTag(.universal, number: 24, constructed: false)
    /// UNIVERSAL 28, primitive: UniversalString (UCS-4).
    public static let universalString = DERTag(.universal, number: 28, constructed: false)
    /// UNIVERSAL 30, primitive: BMPString (UCS-2, big-endian).
    public static let bmpString = DERTag(.universal, number: 30, constructed: false)
    /// UNIVERSAL 16, constructed (SEQUENCE and SEQUENCE OF).
    public static let sequence = DERTag(.universal, number: 16, constructed: true)
    /// UNIVERSAL 17, constructed (SET and SET OF).
    public static let set = DERTag(.universal, number: 17, constructed: true)

    /// `[n]` — an EXPLICIT context tag is always constructed; an IMPLICIT one keeps the form of the
    /// type it replaces.
    public static func contextSpecific(_ n: UInt32, constructed: Bool = true) -> DERTag {
        DERTag(.contextSpecific, number: n, constructed: constructed)
    }

    public var description: String {
        let form = isConstructed ? "constructed" : "primitive"
        switch tagClass {
        case .universal:
            let names: [UInt32: String] = [
                1: "BOOLEAN", 2: "INTEGER", 3: "BIT STRING", 4: "OCTET STRING", 5: "NULL",
                6: "OBJECT IDENTIFIER", 12: "UTF8String", 16: "SEQUENCE", 17: "SET", 19: "PrintableString",
                20: "TeletexString", 22: "IA5String", 23: "UTCTime", 24: "GeneralizedTime", 28: "UniversalString",
                30: "BMPString",
            ]
            if let n = names[number] { return isConstructed == (number == 16 || number == 17) ? n : "\(n) (\(form))" }
            return "UNIVERSAL \(number) (\(form))"
        case .application: return "[APPLICATION \(number)] (\(form))"
        case .contextSpecific: return "[\(number)] (\(form))"
        case .private: return "[PRIVATE \(number)] (\(form))"
        }
    }

    /// The identifier octets, in the shortest form (X.690 §8.1.2).
    public var encoded: [UInt8] {
        let lead = tagClass.rawValue << 6 | (isConstructed ? 0x20 : 0)
        if number < 31 { return [lead | UInt8(number)] }
        var out: [UInt8] = [lead | 0x1F]
        var groups: [UInt8] = []
        var n = number
        repeat { groups.append(UInt8(n & 0x7F)); n >>= 7 } while n != 0
        for i in stride(from: groups.count - 1, through: 0, by: -1) {
            out.append(groups[i] | (i == 0 ? 0 : 0x80))
        }
        return out
    }
}
