/// An ASN.1 OBJECT IDENTIFIER, held as its DER content octets (X.690 §8.19).
///
/// Equality and hashing are on the encoding, which is unique in DER, so comparing with a known
/// identifier is a byte comparison.
public struct ASN1ObjectIdentifier: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// The content octets (without tag and length).
    public let contentOctets: [UInt8]

    /// Builds an identifier from its arcs. The first arc must be 0, 1 or 2, the second < 40 unless
    /// the first is 2 (X.660); a malformed list is a programming error and traps.
    public init(arcs: [UInt64]) {
        precondition(arcs.count >= 2 && arcs[0] <= 2 && (arcs[0] == 2 || arcs[1] < 40), "invalid OID arcs \(arcs)")
        var out: [UInt8] = []
        func put(_ v: UInt64) {
            var groups: [UInt8] = []
            var n = v
            repeat { groups.append(UInt8(n & 0x7F)); n >>= 7 } while n != 0
            for i in stride(from: groups.count - 1, through: 0, by: -1) {
                out.append(groups[i] | (i == 0 ? 0 : 0x80))
            }
        }
        let (first, overflow) = arcs[0].multipliedReportingOverflow(by: 40)
        let (combined, overflow2) = first.addingReportingOverflow(arcs[1])
        precondition(!overflow && !overflow2, "OID arc too large")
        put(combined)
        for a in arcs.dropFirst(2) { put(a) }
        contentOctets = out
    }

    public init(arrayLiteral elements: UInt64...) { self.init(arcs: elements) }

    /// Parses and validates content octets: non-empty, each arc minimal (no leading 0x80 octet,
    /// X.690 §8.19.2), the last octet ends an arc, and every arc fits in 64 bits.
    public init(contentOctets c: ArraySlice<UInt8>, offset: Int? = nil) throws(DERError) {
        guard !c.isEmpty else {
            throw DERError.make(.invalidObjectIdentifier, at: offset, "empty OBJECT IDENTIFIER")
        }
        var atArcStart = true
        var arcBits = 0
        for b in c {
            if atArcStart && b == 0x80 {
                throw DERError.make(.invalidObjectIdentifier, at: offset, "OBJECT IDENTIFIER arc padded with 0x80 (X.690 §8.19.2)")
            }
            arcBits += 7
            guard arcBits <= 63 else {
                throw DERError.make(.invalidObjectIdentifier, at: offset, "OBJECT IDENTIFIER arc larger than 63 bits")
            }
            atArcStart = b & 0x80 == 0
            if atArcStart { arcBits = 0 }
        }
        guard atArcStart else {
            throw DERError.make(.invalidObjectIdentifier, at: offset, "OBJECT IDENTIFIER ends in the middle of an arc")
        }
        contentOctets = Array(c)
    }

    /// The arcs (the first two recovered from the combined first subidentifier, X.690 §8.19.4).
    public var arcs: [UInt64] {
        var subs: [UInt64] = []
        var v: UInt64 = 0
        for b in contentOctets {
            v = v << 7 | UInt64(b & 0x7F)
            if b & 0x80 == 0 { subs.append(v); v = 0 }
        }
        guard let first = subs.first else { return [] }
        let head: [UInt64] = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80]
        return head + subs.dropFirst()
    }

    /// Dotted decimal, e.g. "1.2.840.10045.2.1".
    public var description: String { arcs.map(String.init).joined(separator: ".") }
}

extension ASN1ObjectIdentifier {
    /// Object identifiers used by the key containers.
    public enum Known {
        /// rsaEncryption, RFC 8017 App. C.
        public static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 1]
        /// id-RSASSA-PSS, RFC 8017 App. C / RFC 4055 §3.1.
        public static let rsassaPSS: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 10]
        /// id-mgf1, RFC 8017 App. B.2.1.
        public static let mgf1: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 8]
        /// id-ecPublicKey, RFC 5480 §2.1.1.
        public static let ecPublicKey: ASN1ObjectIdentifier = [1, 2, 840, 10045, 2, 1]
        /// secp256r1 / prime256v1, RFC 5480 §2.1.1.1.
        public static let secp256r1: ASN1ObjectIdentifier = [1, 2, 840, 10045, 3, 1, 7]
        /// secp384r1, RFC 5480 §2.1.1.1.
        public static let secp384r1: ASN1ObjectIdentifier = [1, 3, 132, 0, 34]
        /// secp521r1, RFC 5480 §2.1.1.1.
        public static let secp521r1: ASN1ObjectIdentifier = [1, 3, 132, 0, 35]
        /// secp256k1 (recognised only to say it is unsupported).
        public static let secp256k1: ASN1ObjectIdentifier = [1, 3, 132, 0, 10]
        /// id-sha1, RFC 8017 App. B.1 (recognised only to be refused).
        public static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
        /// id-sha256 (NIST CSOR 2.16.840.1.101.3.4.2.1), RFC 8017 App. B.1.
        public static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
        /// id-sha384 (…4.2.2), RFC 8017 App. B.1.
        public static let sha384: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 2]
        /// id-sha512 (…4.2.3), RFC 8017 App. B.1.
        public static let sha512: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 3]
        /// id-sha224 (…4.2.4), RFC 8017 App. B.1.
        public static let sha224: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 4]
        /// id-sha512-224 (…4.2.5), RFC 8017 App. B.1.
        public static let sha512_224: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 5]
        /// id-sha512-256 (…4.2.6), RFC 8017 App. B.1.
        public static let sha512_256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 6]
        /// id-X25519, RFC 8410 §3 (recognised only to say it is unsupported).
        public static let x25519: ASN1ObjectIdentifier = [1, 3, 101, 110]
        /// id-X448, RFC 8410 §3 (recognised only to say it is unsupported).
        public static let x448: ASN1ObjectIdentifier = [1, 3, 101, 111]
        /// id-Ed25519, RFC 8410 §3.
        public static let ed25519: ASN1ObjectIdentifier = [1, 3, 101, 112]
        /// id-Ed448, RFC 8410 §3 (recognised only to say it is unsupported).
        public static let ed448: ASN1ObjectIdentifier = [1, 3, 101, 113]
    }
}
