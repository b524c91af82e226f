import ConstantTime
import DER

// RFC 8410 key containers for id-Ed25519 (1.3.101.112), built here on DER's reader and writer:
//
//   SubjectPublicKeyInfo ::= SEQUENCE { SEQUENCE { id-Ed25519 }, BIT STRING (0 unused bits, 32 bytes) }
//   OneAsymmetricKey ::= SEQUENCE { version (0 or 1), SEQUENCE { id-Ed25519 },
//                                   OCTET STRING { CurvePrivateKey ::= OCTET STRING (32 bytes) },
//                                   [0] attributes OPTIONAL, [1] IMPLICIT BIT STRING publicKey OPTIONAL }
//
// RFC 8410 §3: the AlgorithmIdentifier has no parameters (absent, not NULL). RFC 5958 §2: version is v2 (1)
// exactly when the public key is present; a present public key must be the one the seed gives.

enum Ed25519DER {
    static let oid = ASN1ObjectIdentifier.Known.ed25519
    static let publicLabel = "PUBLIC KEY"
    static let privateLabel = "PRIVATE KEY"

    static func encodeSPKI(_ publicKey: [UInt8]) -> [UInt8] {
        var w = DERWriter()
        w.writeSequence { s in
            s.writeSequence { a in a.writeObjectIdentifier(oid) }
            s.writeBitString(publicKey)
        }
        return w.bytes
    }

    static func encodePKCS8(seed: [UInt8]) -> [UInt8] {
        var inner = DERWriter()
        inner.writeOctetString(seed)
        var w = DERWriter()
        w.writeSequence { s in
            s.writeInteger(0)
            s.writeSequence { a in a.writeObjectIdentifier(oid) }
            s.writeOctetString(inner.bytes)
        }
        var innerBytes = inner.bytes
        CT.wipe(&innerBytes)
        return w.bytes
    }

    /// Checks the AlgorithmIdentifier DER read (which refuses parameters on id-Ed25519, RFC 8410 §3).
    static func checkAlgorithm(_ a: PublicKeyAlgorithm) throws(Ed25519Error) {
        guard a == .ed25519 else {
            throw .make(.unsupportedAlgorithm, "the key's algorithm is \(a) (\(a.oid)), not id-Ed25519 (1.3.101.112)")
        }
    }

    /// A DER error met while reading a container: an algorithm or curve DER does not know is another algorithm
    /// than Ed25519; anything else is a malformed encoding.
    static func mapped(_ e: DERError, _ what: String) -> Ed25519Error {
        switch e.code {
        case .unsupportedAlgorithm, .unsupportedCurve, .explicitCurveParameters:
            return .make(.unsupportedAlgorithm, "\(what): \(e)")
        default:
            return .make(.invalidEncoding, "\(what): \(e)")
        }
    }

    /// The 32-byte public key from an SPKI. DER is read first (any DER error is `.invalidEncoding` naming the
    /// `DERError`), then the RFC 8410 rules are checked.
    static func decodeSPKI(_ der: [UInt8]) throws(Ed25519Error) -> [UInt8] {
        let algorithm: PublicKeyAlgorithm, key: [UInt8]
        do throws(DERError) {
            var r = try DERReader(der)
            let top = try r.next(.sequence, "SubjectPublicKeyInfo")
            try r.finish()
            var s = try top.contentsReader()
            algorithm = try s.readPublicKeyAlgorithm()
            key = Array(try s.next(.bitString, "subjectPublicKey").octetAlignedBitString("subjectPublicKey"))
            try s.finish()
        } catch {
            throw mapped(error, "SubjectPublicKeyInfo")
        }
        try checkAlgorithm(algorithm)
        return key
    }

    /// The 32-byte seed (and the public key, if the structure carries one) from a PKCS#8 / OneAsymmetricKey.
    static func decodePKCS8(_ der: [UInt8]) throws(Ed25519Error) -> (seed: [UInt8], publicKey: [UInt8]?) {
        let version: Int, algorithm: PublicKeyAlgorithm, seed: [UInt8], pub: [UInt8]?
        do throws(DERError) {
            var r = try DERReader(der)
            let top = try r.next(.sequence, "OneAsymmetricKey")
            try r.finish()
            var s = try top.contentsReader()
            version = try s.readInt("version")
            algorithm = try s.readPublicKeyAlgorithm()
            // CurvePrivateKey ::= OCTET STRING, inside the privateKey OCTET STRING (RFC 8410 §7).
            var inner = try DERReader(try s.next(.octetString, "privateKey").contents)
            seed = Array(try inner.next(.octetString, "CurvePrivateKey").contents)
            try inner.finish()
            _ = try s.nextIfPresent(.contextSpecific(0, constructed: true))   // attributes: not used
            if let p = try s.nextIfPresent(.contextSpecific(1, constructed: false)) {
                pub = Array(try p.octetAlignedBitString("publicKey"))
            } else {
                pub = nil
            }
            try s.finish()
        } catch {
            throw mapped(error, "PKCS#8")
        }
        guard version == 0 || version == 1 else {
            throw .make(.invalidEncoding, "PKCS#8 version field \(version) (must be 0 or 1)")
        }
        try checkAlgorithm(algorithm)
        guard seed.count == 32 else {
            throw .make(.invalidEncoding, "CurvePrivateKey is \(seed.count) bytes, not 32")
        }
        guard (version == 1) == (pub != nil) else {
            throw .make(.invalidEncoding, "PKCS#8 v\(version + 1) \(pub == nil ? "without" : "with") a public key (RFC 5958 §2: v2 exactly when present)")
        }
        return (seed, pub)
    }

    static func pemBody(_ pem: String, label: String) throws(Ed25519Error) -> [UInt8] {
        do {
            return try PEMDocument(pemString: pem, expectedLabel: label).derBytes
        } catch {
            throw .make(.invalidEncoding, "PEM: \(error)")
        }
    }
}

extension Curve25519.Signing.PublicKey {
    /// From a DER SubjectPublicKeyInfo with algorithm id-Ed25519 (RFC 8410 §4).
    public init(derRepresentation: some Collection<UInt8>) throws(Ed25519Error) {
        try self.init(rawRepresentation: try Ed25519DER.decodeSPKI(Array(derRepresentation)))
    }

    /// From a PEM `PUBLIC KEY` block (surrounding text ignored, exactly one block).
    public init(pemRepresentation: String) throws(Ed25519Error) {
        try self.init(derRepresentation: try Ed25519DER.pemBody(pemRepresentation, label: Ed25519DER.publicLabel))
    }

    /// The DER SubjectPublicKeyInfo (44 bytes).
    public var derRepresentation: [UInt8] { Ed25519DER.encodeSPKI(encoded) }

    /// The PEM `PUBLIC KEY` block.
    public var pemRepresentation: String {
        PEMDocument(label: Ed25519DER.publicLabel, derBytes: derRepresentation).pemString
    }
}

extension Curve25519.Signing.PrivateKey {
    /// From a DER PKCS#8 PrivateKeyInfo / OneAsymmetricKey with algorithm id-Ed25519 (RFC 8410 §7). A public
    /// key in the structure (v2) must match the seed (`.inconsistentKey`).
    public init(derRepresentation: some Collection<UInt8>) throws(Ed25519Error) {
        var (seed, pub) = try Ed25519DER.decodePKCS8(Array(derRepresentation))
        defer { CT.wipe(&seed) }
        try self.init(rawRepresentation: seed)
        if let pub, pub != publicKey.rawRepresentation {
            throw Ed25519Error.make(.inconsistentKey, "the PKCS#8 public key does not belong to the private key")
        }
    }

    /// From a PEM `PRIVATE KEY` block (surrounding text ignored, exactly one block).
    public init(pemRepresentation: String) throws(Ed25519Error) {
        var der = try Ed25519DER.pemBody(pemRepresentation, label: Ed25519DER.privateLabel)
        defer { CT.wipe(&der) }
        try self.init(derRepresentation: der)
    }

    /// The DER PKCS#8 v1 PrivateKeyInfo (48 bytes), as OpenSSL and CryptoKit write it.
    public var derRepresentation: [UInt8] {
        var seed = rawRepresentation
        defer { CT.wipe(&seed) }
        return Ed25519DER.encodePKCS8(seed: seed)
    }

    /// The PEM `PRIVATE KEY` block.
    public var pemRepresentation: String {
        PEMDocument(label: Ed25519DER.privateLabel, derBytes: derRepresentation).pemString
    }
}
