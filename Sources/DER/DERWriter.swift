/// Produces canonical DER: shortest lengths (X.690 §10.1), minimal INTEGERs (§8.3.2), BOOLEAN as
/// 0x00/0xFF (§11.1), BIT STRINGs with zeroed unused bits (§11.2.1), primitive strings (§10.2).
///
/// Constructed values are written by a closure; the length is inserted once the contents are known.
public struct DERWriter: Sendable {
    /// The encoding written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// Encodes a length in the shortest form (X.690 §8.1.3, §10.1).
    static func lengthOctets(_ n: Int) -> [UInt8] {
        precondition(n >= 0)
        if n < 0x80 { return [UInt8(n)] }
        var v = n
        var out: [UInt8] = []
        while v > 0 { out.append(UInt8(v & 0xFF)); v >>= 8 }
        return [0x80 | UInt8(out.count)] + out.reversed()
    }

    /// Appends one element with the given contents.
    public mutating func write(_ tag: DERTag, contents: some Collection<UInt8>) {
        bytes += tag.encoded
        bytes += DERWriter.lengthOctets(contents.count)
        bytes += contents
    }

    /// Appends an already-encoded element (or several) verbatim.
    public mutating func writeEncoded(_ encoded: some Collection<UInt8>) {
        bytes += encoded
    }

    /// Appends a constructed element whose contents `body` writes.
    public mutating func writeConstructed<E: Error>(_ tag: DERTag, _ body: (inout DERWriter) throws(E) -> Void) throws(E) {
        var inner = DERWriter()
        try body(&inner)
        write(tag, contents: inner.bytes)
    }

    /// Appends a SEQUENCE whose contents `body` writes.
    public mutating func writeSequence<E: Error>(_ body: (inout DERWriter) throws(E) -> Void) throws(E) {
        try writeConstructed(.sequence, body)
    }

    /// `[n] EXPLICIT`: a constructed context tag around the element(s) `body` writes.
    public mutating func writeExplicit<E: Error>(_ n: UInt32, _ body: (inout DERWriter) throws(E) -> Void) throws(E) {
        try writeConstructed(.contextSpecific(n, constructed: true), body)
    }

    /// A non-negative INTEGER from its big-endian magnitude: leading zero octets are dropped and a
    /// 0x00 sign octet is added when the top bit is set; an empty or all-zero magnitude is 0.
    public mutating func writeUnsignedInteger(_ magnitude: some Collection<UInt8>, tag: DERTag = .integer) {
        write(tag, contents: DERWriter.unsignedIntegerContents(magnitude))
    }

    static func unsignedIntegerContents(_ magnitude: some Collection<UInt8>) -> [UInt8] {
        let m = magnitude.drop(while: { $0 == 0 })
        guard let first = m.first else { return [0] }
        return first & 0x80 != 0 ? [0] + Array(m) : Array(m)
    }

    /// An INTEGER from a machine integer, in minimal two's complement.
    public mutating func writeInteger(_ value: Int) {
        var out: [UInt8] = []
        var v = value
        repeat {
            out.append(UInt8(truncatingIfNeeded: v))
            v >>= 8
        } while !(v == 0 && out.last! & 0x80 == 0) && !(v == -1 && out.last! & 0x80 != 0)
        write(.integer, contents: out.reversed())
    }

    /// Appends a BOOLEAN (0xFF for TRUE, X.690 §11.1).
    public mutating func writeBoolean(_ value: Bool) { write(.boolean, contents: [value ? 0xFF : 0x00]) }
    /// Appends NULL.
    public mutating func writeNull() { write(.null, contents: EmptyCollection()) }
    /// Appends a primitive OCTET STRING.
    public mutating func writeOctetString(_ value: some Collection<UInt8>) { write(.octetString, contents: value) }

    /// A BIT STRING; the `unusedBits` low bits of the last octet are cleared (X.690 §11.2.1).
    public mutating func writeBitString(_ value: some Collection<UInt8>, unusedBits: UInt8 = 0, tag: DERTag = .bitString) {
        precondition(unusedBits <= 7 && (unusedBits == 0 || !value.isEmpty), "invalid BIT STRING unused-bit count")
        var c: [UInt8] = [unusedBits]
        c += value
        if unusedBits > 0 { c[c.count - 1] &= ~UInt8((1 << unusedBits) - 1) }
        write(tag, contents: c)
    }

    /// Appends an OBJECT IDENTIFIER.
    public mutating func writeObjectIdentifier(_ oid: ASN1ObjectIdentifier) {
        write(.objectIdentifier, contents: oid.contentOctets)
    }
}
