/// SubjectPublicKeyInfo (RFC 5280 §4.1.1.2; EC form RFC 5480 §2; RSA forms RFC 3279 §2.3.1, RFC 4055 §1.2):
///
/// ```
/// SubjectPublicKeyInfo ::= SEQUENCE {
///     algorithm         AlgorithmIdentifier,
///     subjectPublicKey  BIT STRING }
/// ```
/// Parsing is strict DER and also checks the key inside the BIT STRING: for RSA it must be a
/// PKCS#1 RSAPublicKey, for EC an uncompressed (0x04‖X‖Y) or compressed (0x02/0x03‖X) SEC1 point
/// of the curve's size (whether the point is on the curve is for the ECDSA module to decide), for
/// the RFC 8410 algorithms a key of their exact length (RFC 8410 §4).
public struct SubjectPublicKeyInfo: Sendable, Equatable, Hashable {
    /// The key algorithm and its parameters.
    public typealias Algorithm = PublicKeyAlgorithm

    /// The `algorithm` AlgorithmIdentifier, decoded.
    public var algorithm: Algorithm
    /// The BIT STRING payload (the unused-bits octet removed; it must be 0).
    public var subjectPublicKey: [UInt8]

    /// A structure to encode.
    public init(algorithm: Algorithm, subjectPublicKey: [UInt8]) {
        self.algorithm = algorithm
        self.subjectPublicKey = subjectPublicKey
    }

    /// Parses DER; trailing data after the SEQUENCE is an error.
    public init(derEncoded: [UInt8]) throws(DERError) {
        try self.init(derEncoded: derEncoded[...])
    }

    /// The same for a slice (no copy of the input).
    public init(derEncoded: ArraySlice<UInt8>) throws(DERError) {
        var r = try DERReader(derEncoded)
        self = try SubjectPublicKeyInfo.read(from: &r)
        try r.finish()
    }

    /// Parses a PEM `PUBLIC KEY` block (RFC 7468 §13).
    public init(pemString: String) throws(DERError) {
        let doc = try PEMDocument(pemString: pemString, expectedLabel: "PUBLIC KEY")
        try self.init(derEncoded: doc.derBytes)
    }

    static func read(from r: inout DERReader) throws(DERError) -> SubjectPublicKeyInfo {
        try r.sequence("SubjectPublicKeyInfo") { s throws(DERError) in
            let alg = try PublicKeyAlgorithm.read(from: &s)
            let bitsElement = try s.next(.bitString, "subjectPublicKey BIT STRING")
            let key = try bitsElement.octetAlignedBitString("subjectPublicKey")
            if alg.isRSA {
                _ = try PKCS1RSAPublicKey(derEncoded: key)
            } else if let curve = alg.namedCurve {
                try ECPoint.validateEncoding(key, curve: curve, offset: bitsElement.offset)
            } else if let n = alg.rfc8410KeyByteCount {
                guard key.count == n else {
                    throw DERError.make(.invalidKey, at: bitsElement.offset, "\(alg) public key of \(key.count) octets, expected \(n) (RFC 8410 §4)")
                }
            } else {
                throw DERError.make(.unsupported, at: bitsElement.offset, "no public key format for \(alg)")
            }
            return SubjectPublicKeyInfo(algorithm: alg, subjectPublicKey: Array(key))
        }
    }

    /// Canonical DER.
    public func derEncoded() -> [UInt8] {
        var w = DERWriter()
        w.writeSequence { s in
            algorithm.write(to: &s)
            s.writeBitString(subjectPublicKey)
        }
        return w.bytes
    }

    /// PEM `PUBLIC KEY`.
    public var pemString: String { PEMDocument(label: "PUBLIC KEY", derBytes: derEncoded()).pemString }

    /// The PKCS#1 RSAPublicKey inside an RSA key (`.unsupported` for other algorithms).
    public func rsaPublicKey() throws(DERError) -> PKCS1RSAPublicKey {
        guard algorithm.isRSA else {
            throw DERError.make(.unsupported, at: nil, "not an RSA key")
        }
        return try PKCS1RSAPublicKey(derEncoded: subjectPublicKey)
    }

    /// An RSA SPKI (rsaEncryption, NULL parameters) for a PKCS#1 key.
    public init(rsaPublicKey: PKCS1RSAPublicKey) {
        self.init(algorithm: .rsaEncryption, subjectPublicKey: rsaPublicKey.derEncoded())
    }
}

/// SEC 1 v2 §2.3.3–2.3.4 point encodings, checked for form and size only.
enum ECPoint {
    static func validateEncoding(_ p: ArraySlice<UInt8>, curve: ECNamedCurve, offset: Int?) throws(DERError) {
        let n = curve.coordinateByteCount
        guard let first = p.first else {
            throw DERError.make(.invalidKey, at: offset, "empty EC point")
        }
        switch first {
        case 0x04:
            guard p.count == 1 + 2 * n else {
                throw DERError.make(.invalidKey, at: offset, "uncompressed point of \(p.count) octets, expected \(1 + 2 * n) (SEC 1 §2.3.3)")
            }
        case 0x02, 0x03:
            guard p.count == 1 + n else {
                throw DERError.make(.invalidKey, at: offset, "compressed point of \(p.count) octets, expected \(1 + n) (SEC 1 §2.3.3)")
            }
        case 0x00:
            throw DERError.make(.invalidKey, at: offset, "the point at infinity is not a public key")
        default:
            throw DERError.make(.invalidKey, at: offset, "unknown EC point format 0x\(String(first, radix: 16))")
        }
    }
}
