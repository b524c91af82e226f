/// Conversion between the DER `ECDSA-Sig-Value` and the fixed-width raw r‖s form that JWS uses
/// (RFC 7518 §3.4).
///
/// ```
/// ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }   -- RFC 3279 §2.2.3, SEC 1 §C.5
/// ```
/// DER strictness applies in full (minimal lengths and integers, no trailing data). r and s must
/// be non-negative and, once the sign octet is removed, at most `scalarByteCount` octets; the raw
/// form left-pads each to exactly that width. Whether r and s are in [1, n−1] is for the ECDSA
/// verifier to decide.
public enum ECDSASignatureValue {
    /// The largest scalar size accepted (P-521 needs 66).
    public static let maximumScalarByteCount = 512

    /// DER → raw r‖s, each half `scalarByteCount` octets.
    public static func rawRepresentation(fromDER der: [UInt8], scalarByteCount: Int) throws(DERError) -> [UInt8] {
        try rawRepresentation(fromDER: der[...], scalarByteCount: scalarByteCount)
    }

    /// The same for a slice (no copy of the input).
    public static func rawRepresentation(fromDER der: ArraySlice<UInt8>, scalarByteCount n: Int) throws(DERError) -> [UInt8] {
        try checkScalarSize(n)
        var reader = try DERReader(der)
        let (r, s) = try reader.sequence("ECDSA-Sig-Value") { q throws(DERError) in
            (try q.next(.integer, "r INTEGER"), try q.next(.integer, "s INTEGER"))
        }
        try reader.finish()
        var out = [UInt8](repeating: 0, count: 2 * n)
        for (i, e) in [r, s].enumerated() {
            let name = i == 0 ? "r" : "s"
            let m = try e.unsignedIntegerMagnitude(name)
            guard m.count <= n else {
                throw DERError.make(.integerTooLarge, at: e.offset, "\(name) is \(m.count) octets, wider than the \(n)-octet scalar")
            }
            let dst = (i + 1) * n - m.count
            for (j, b) in m.enumerated() { out[dst + j] = b }
        }
        return out
    }

    /// Raw r‖s (exactly 2 × `scalarByteCount` octets) → DER, each INTEGER minimal with a 0x00
    /// sign octet when its top bit is set.
    public static func derRepresentation(fromRaw raw: [UInt8], scalarByteCount n: Int) throws(DERError) -> [UInt8] {
        try checkScalarSize(n)
        guard raw.count == 2 * n else {
            throw DERError.make(.invalidSignatureLength, at: nil, "raw signature of \(raw.count) octets, expected \(2 * n)")
        }
        var w = DERWriter()
        w.writeSequence { s in
            s.writeUnsignedInteger(raw[0..<n])
            s.writeUnsignedInteger(raw[n..<(2 * n)])
        }
        return w.bytes
    }

    private static func checkScalarSize(_ n: Int) throws(DERError) {
        guard n > 0 && n <= maximumScalarByteCount else {
            throw DERError.make(.invalidParameters, at: nil, "scalar size \(n) out of range 1…\(maximumScalarByteCount)")
        }
    }
}
