/// SEC1 ECPrivateKey (RFC 5915 §3; SEC 1 v2 §C.4):
///
/// ```
/// ECPrivateKey ::= SEQUENCE {
///     version        INTEGER { ecPrivkeyVer1(1) },
///     privateKey     OCTET STRING,
///     parameters [0] ECParameters {{ NamedCurve }} OPTIONAL,
///     publicKey  [1] BIT STRING OPTIONAL }
/// ```
/// The private key octet string must be exactly ⌈log2(n)/8⌉ octets (RFC 5915 §3), so the curve
/// must be known: from `parameters`, or from the enclosing PKCS#8 AlgorithmIdentifier. If both are
/// present they must agree (`.inconsistentParameters`); if neither is, `.missingParameters`.
public struct SEC1ECPrivateKey: Sendable, Equatable, Hashable {
    /// The curve (from the parameters field or from the context the key was parsed in).
    public var curve: ECNamedCurve
    /// Whether the encoding carries the `[0] parameters` field.
    public var includesParameters: Bool
    /// The private scalar, big-endian, exactly `curve.scalarByteCount` octets.
    public var privateKey: [UInt8]
    /// The `[1] publicKey` SEC1 point, if present.
    public var publicKey: [UInt8]?

    /// A key to encode; `includesParameters` writes the `[0]` curve field.
    public init(curve: ECNamedCurve, privateKey: [UInt8], publicKey: [UInt8]? = nil, includesParameters: Bool = true) {
        self.curve = curve; self.privateKey = privateKey; self.publicKey = publicKey
        self.includesParameters = includesParameters
    }

    /// Parses DER. `curve` is the curve named by an enclosing structure (PKCS#8), if any.
    public init(derEncoded: [UInt8], curve: ECNamedCurve? = nil) throws(DERError) {
        try self.init(derEncoded: derEncoded[...], curve: curve)
    }

    /// The same for a slice (no copy of the input).
    public init(derEncoded: ArraySlice<UInt8>, curve outer: ECNamedCurve? = nil) throws(DERError) {
        var r = try DERReader(derEncoded)
        self = try r.sequence("ECPrivateKey") { s throws(DERError) in
            let versionAt = s.position
            let version = try s.readInt("version")
            guard version == 1 else {
                throw DERError.make(.invalidVersion, at: versionAt, "ECPrivateKey version \(version) (must be 1, RFC 5915 §3)")
            }
            let keyElement = try s.next(.octetString, "privateKey OCTET STRING")
            let paramsAt = s.position
            let inner = try s.explicitIfPresent(0) { (e: inout DERReader) throws(DERError) in try ECNamedCurve.read(from: &e) }
            let pubElement: DERElement? = try s.explicitIfPresent(1) { (e: inout DERReader) throws(DERError) in try e.next(.bitString, "publicKey BIT STRING") }
            let curve: ECNamedCurve
            switch (inner, outer) {
            case (let i?, let o?):
                guard i == o else {
                    throw DERError.make(.inconsistentParameters, at: paramsAt, "ECPrivateKey parameters name \(i) but the enclosing structure names \(o)")
                }
                curve = i
            case (let i?, nil): curve = i
            case (nil, let o?): curve = o
            case (nil, nil):
                throw DERError.make(.missingParameters, at: paramsAt, "ECPrivateKey without curve parameters")
            }
            guard keyElement.contents.count == curve.scalarByteCount else {
                throw DERError.make(.invalidPrivateKeyLength, at: keyElement.offset,
                    "privateKey is \(keyElement.contents.count) octets, \(curve) needs \(curve.scalarByteCount) (RFC 5915 §3)")
            }
            var pub: [UInt8]? = nil
            if let pe = pubElement {
                let bytes = ArraySlice(try pe.octetAlignedBitString("publicKey").map(publicOctet))   // public: published
                try ECPoint.validateEncoding(bytes, curve: curve, offset: pe.offset)
                pub = Array(bytes)
            }
            return SEC1ECPrivateKey(curve: curve, privateKey: Array(keyElement.contents), publicKey: pub, includesParameters: inner != nil)
        }
        try r.finish()
    }

    /// Parses a PEM `EC PRIVATE KEY` block.
    public init(pemString: String) throws(DERError) {
        let doc = try PEMDocument(pemString: pemString, expectedLabel: "EC PRIVATE KEY")
        try self.init(derEncoded: doc.derBytes)
    }

    /// Canonical DER.
    public func derEncoded() -> [UInt8] {
        var w = DERWriter()
        w.writeSequence { s in
            s.writeInteger(1)
            s.writeOctetString(privateKey)
            if includesParameters { s.writeExplicit(0) { $0.writeObjectIdentifier(curve.oid) } }
            if let p = publicKey { s.writeExplicit(1) { $0.writeBitString(p) } }
        }
        return w.bytes
    }

    /// PEM `EC PRIVATE KEY`.
    public var pemString: String { PEMDocument(label: "EC PRIVATE KEY", derBytes: derEncoded()).pemString }
}
