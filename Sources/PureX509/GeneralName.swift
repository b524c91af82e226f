import SharedPrimitives
import DER

/// GeneralName (RFC 5280 §4.2.1.6): the nine alternatives are fixed by the RFC, so this is a plain enum.
public enum GeneralName: Sendable, Hashable, CustomStringConvertible {
    /// `[0]` otherName: the type and the value's DER (the `[0] EXPLICIT` content).
    case otherName(ASN1ObjectIdentifier, [UInt8])
    /// `[1]` rfc822Name (IA5String).
    case rfc822Name(String)
    /// `[2]` dNSName (IA5String).
    case dnsName(String)
    /// `[3]` x400Address (its DER).
    case x400Address([UInt8])
    /// `[4]` directoryName.
    case directoryName(DistinguishedName)
    /// `[5]` ediPartyName (its DER).
    case ediPartyName([UInt8])
    /// `[6]` uniformResourceIdentifier (IA5String).
    case uniformResourceIdentifier(String)
    /// `[7]` iPAddress: 4 or 16 octets in a SAN, 8 or 32 (address and mask) in name constraints.
    case ipAddress([UInt8])
    /// `[8]` registeredID.
    case registeredID(ASN1ObjectIdentifier)

    public var description: String {
        switch self {
        case .otherName(let o, _): return "otherName:\(o)"
        case .rfc822Name(let s): return "email:\(s)"
        case .dnsName(let s): return "DNS:\(s)"
        case .x400Address: return "x400Address"
        case .directoryName(let n): return "DirName:\(n)"
        case .ediPartyName: return "ediPartyName"
        case .uniformResourceIdentifier(let s): return "URI:\(s)"
        case .ipAddress(let b):
            if b.count == 4 { return "IP:" + b.map { String($0) }.joined(separator: ".") }
            return "IP:" + Hex.encode(b)
        case .registeredID(let o): return "RID:\(o)"
        }
    }

    static func read(_ e: DERElement) throws(DERError) -> GeneralName {
        guard e.tag.tagClass == .contextSpecific else {
            throw DERError.make(.unexpectedTag, at: e.offset, "GeneralName must be context-tagged, found \(e.tag)")
        }
        func ia5() throws(DERError) -> String {
            guard !e.tag.isConstructed else { throw DERError.make(.invalidTag, at: e.offset, "IA5String GeneralName must be primitive") }
            for b in e.contents where b >= 0x80 {
                throw DERError.make(.invalidString, at: e.offset, "GeneralName IA5String holds an octet above 0x7F")
            }
            return String(decoding: e.contents, as: UTF8.self)
        }
        switch e.tag.number {
        case 0:
            guard e.tag.isConstructed else { throw DERError.make(.invalidTag, at: e.offset, "otherName must be constructed") }
            var r = try e.contentsReader()
            let type = try r.readObjectIdentifier("otherName type-id")
            let value = try r.next(.contextSpecific(0, constructed: true), "otherName value")
            try r.finish()
            _ = try DERNode.parse(value.encoded)
            return .otherName(type, Array(value.contents))
        case 1: return .rfc822Name(try ia5())
        case 2: return .dnsName(try ia5())
        case 3:
            _ = try DERNode.parse(e.encoded)
            return .x400Address(Array(e.encoded))
        case 4:
            guard e.tag.isConstructed else { throw DERError.make(.invalidTag, at: e.offset, "directoryName must be constructed") }
            var r = try e.contentsReader()
            let n = try r.next(.sequence, "directoryName Name")
            try r.finish()
            return .directoryName(try DistinguishedName(element: n))
        case 5:
            _ = try DERNode.parse(e.encoded)
            return .ediPartyName(Array(e.encoded))
        case 6: return .uniformResourceIdentifier(try ia5())
        case 7:
            guard !e.tag.isConstructed else { throw DERError.make(.invalidTag, at: e.offset, "iPAddress must be primitive") }
            return .ipAddress(Array(e.contents))
        case 8:
            guard !e.tag.isConstructed else { throw DERError.make(.invalidTag, at: e.offset, "registeredID must be primitive") }
            return .registeredID(try ASN1ObjectIdentifier(contentOctets: e.contents, offset: e.offset))
        default:
            throw DERError.make(.unexpectedTag, at: e.offset, "GeneralName [\(e.tag.number)] is not defined (RFC 5280 §4.2.1.6)")
        }
    }

    /// `GeneralNames ::= SEQUENCE SIZE (1..MAX) OF GeneralName`.
    static func readList(_ r: inout DERReader, _ what: String) throws(DERError) -> [GeneralName] {
        try r.sequence(what) { (s: inout DERReader) throws(DERError) -> [GeneralName] in
            var out: [GeneralName] = []
            while !s.isAtEnd { out.append(try GeneralName.read(try s.next())) }
            guard !out.isEmpty else { throw DERError.make(.missingElement, at: s.position, "\(what) is empty (SIZE (1..MAX))") }
            return out
        }
    }
}
