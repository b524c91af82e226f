import DER
import RSA

/// A certificate's signature algorithm (RFC 5280 §4.1.1.2; RFC 3279, 4055, 5758, 8410).
///
/// A struct over a private enum, so that algorithms can be added without breaking a caller's `switch`;
/// compare with `==` against the static members. SHA-1 and MD5 algorithms are recognised so that they
/// can be named when refused; other OIDs are kept and read back through ``unknownOID``.
public struct SignatureAlgorithm: Sendable, Hashable, CustomStringConvertible {
    private enum Backing: Sendable, Hashable {
        case ecdsa(DigestAlgorithm)
        case rsaPKCS1(DigestAlgorithm)
        case rsaPSS(RSASSAPSSParameters)
        case ed25519
        case md5WithRSA
        case other(ASN1ObjectIdentifier)
    }
    private let backing: Backing
    private init(_ b: Backing) { backing = b }

    public static let ecdsaWithSHA256 = SignatureAlgorithm(.ecdsa(.sha256))
    public static let ecdsaWithSHA384 = SignatureAlgorithm(.ecdsa(.sha384))
    public static let ecdsaWithSHA512 = SignatureAlgorithm(.ecdsa(.sha512))
    public static let ecdsaWithSHA1 = SignatureAlgorithm(.ecdsa(.sha1))
    public static let sha256WithRSAEncryption = SignatureAlgorithm(.rsaPKCS1(.sha256))
    public static let sha384WithRSAEncryption = SignatureAlgorithm(.rsaPKCS1(.sha384))
    public static let sha512WithRSAEncryption = SignatureAlgorithm(.rsaPKCS1(.sha512))
    public static let sha1WithRSAEncryption = SignatureAlgorithm(.rsaPKCS1(.sha1))
    public static let md5WithRSAEncryption = SignatureAlgorithm(.md5WithRSA)
    public static let ed25519 = SignatureAlgorithm(.ed25519)
    /// RSASSA-PSS with its parameters (RFC 4055 §3.1).
    public static func rsassaPSS(_ p: RSASSAPSSParameters) -> SignatureAlgorithm { SignatureAlgorithm(.rsaPSS(p)) }

    /// The algorithms a ``CertificateVerifier`` accepts by default: ECDSA and RSA PKCS#1 v1.5 with
    /// SHA-256/384/512, RSASSA-PSS with SHA-256/384/512 (MGF1 with the same hash), Ed25519.
    public static func isStrongByDefault(_ a: SignatureAlgorithm) -> Bool {
        switch a.backing {
        case .ecdsa(let h), .rsaPKCS1(let h): return h == .sha256 || h == .sha384 || h == .sha512
        case .rsaPSS(let p):
            return (p.hashAlgorithm == .sha256 || p.hashAlgorithm == .sha384 || p.hashAlgorithm == .sha512)
                && p.maskGenHashAlgorithm == p.hashAlgorithm
        case .ed25519: return true
        case .md5WithRSA, .other: return false
        }
    }

    /// The OID of an algorithm this type does not model, else nil.
    public var unknownOID: ASN1ObjectIdentifier? {
        if case .other(let o) = backing { return o }
        return nil
    }

    /// Whether the hash is SHA-1 or MD5.
    public var usesBrokenHash: Bool {
        switch backing {
        case .ecdsa(let h), .rsaPKCS1(let h): return h == .sha1
        case .rsaPSS(let p): return p.hashAlgorithm == .sha1 || p.maskGenHashAlgorithm == .sha1
        case .md5WithRSA: return true
        case .ed25519, .other: return false
        }
    }

    public var description: String {
        switch backing {
        case .ecdsa(let h): return "ecdsa-with-\(h)"
        case .rsaPKCS1(let h): return "\(h)WithRSAEncryption"
        case .rsaPSS(let p): return "RSASSA-PSS(\(p.hashAlgorithm), MGF1-\(p.maskGenHashAlgorithm), salt \(p.saltLength))"
        case .ed25519: return "Ed25519"
        case .md5WithRSA: return "md5WithRSAEncryption"
        case .other(let o): return "\(o)"
        }
    }

    typealias O = ASN1ObjectIdentifier
    static let ecdsaOIDs: [(ASN1ObjectIdentifier, DigestAlgorithm)] = [
        ([1, 2, 840, 10045, 4, 1], .sha1), ([1, 2, 840, 10045, 4, 3, 1], .sha224), ([1, 2, 840, 10045, 4, 3, 2], .sha256),
        ([1, 2, 840, 10045, 4, 3, 3], .sha384), ([1, 2, 840, 10045, 4, 3, 4], .sha512),
    ]
    static let rsaOIDs: [(ASN1ObjectIdentifier, DigestAlgorithm)] = [
        ([1, 2, 840, 113549, 1, 1, 5], .sha1), ([1, 2, 840, 113549, 1, 1, 14], .sha224), ([1, 2, 840, 113549, 1, 1, 11], .sha256),
        ([1, 2, 840, 113549, 1, 1, 12], .sha384), ([1, 2, 840, 113549, 1, 1, 13], .sha512),
    ]
    static let md5WithRSAOID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 4]

    /// Reads an AlgorithmIdentifier with the parameter rules of each family: ECDSA and Ed25519 without
    /// parameters (RFC 5758 §3.2, RFC 8410 §3), RSA PKCS#1 with NULL or absent (RFC 4055 §5), PSS with
    /// RSASSA-PSS-params (required here: absent parameters would mean SHA-1).
    static func read(_ e: DERElement) throws(DERError) -> SignatureAlgorithm {
        var s = try e.contentsReader()
        let at = s.position
        let oid = try s.readObjectIdentifier("signature algorithm")
        let result: SignatureAlgorithm
        if let h = ecdsaOIDs.first(where: { $0.0 == oid })?.1 {
            result = SignatureAlgorithm(.ecdsa(h))
        } else if let h = rsaOIDs.first(where: { $0.0 == oid })?.1 {
            if let n = try s.nextIfPresent(.null) { try n.nullValue() }
            result = SignatureAlgorithm(.rsaPKCS1(h))
        } else if oid == md5WithRSAOID {
            if let n = try s.nextIfPresent(.null) { try n.nullValue() }
            result = SignatureAlgorithm(.md5WithRSA)
        } else if oid == ASN1ObjectIdentifier.Known.rsassaPSS {
            guard !s.isAtEnd else { throw DERError.make(.missingParameters, at: at, "RSASSA-PSS signature without parameters") }
            let p = try s.next(.sequence, "RSASSA-PSS-params")
            result = SignatureAlgorithm(.rsaPSS(try RSASSAPSSParameters(derEncoded: Array(p.encoded))))
        } else if oid == ASN1ObjectIdentifier.Known.ed25519 {
            result = .ed25519
        } else {
            // Unknown: keep it (it is refused when a chain is validated); its parameters must be DER.
            while !s.isAtEnd { _ = try DERNode.parse(try s.next().encoded) }
            return SignatureAlgorithm(.other(oid))
        }
        guard s.isAtEnd else {
            throw DERError.make(.invalidParameters, at: s.position, "unexpected parameters for \(result)")
        }
        return result
    }

    /// How a signature of this algorithm is checked (DER ECDSA signatures, PKCS#1 v1.5 or the PSS parameters' padding,
    /// Ed25519); nil for MD5, unknown algorithms and hashes RSA does not implement, which verify nothing.
    var scheme: VerificationScheme? {
        switch backing {
        case .ecdsa(let h): return .ecdsa(h, der: true)
        case .rsaPKCS1(let h): return RSAHashAlgorithm(h).map { .rsa(.pkcs1v1_5($0)) }
        case .rsaPSS(let p): return RSAPadding(p).map { .rsa($0) }
        case .ed25519: return .ed25519
        case .md5WithRSA, .other: return nil
        }
    }

    /// Whether a key of `algorithm` (an SPKI's) is of this signature algorithm's family: only then is the key made.
    func fitsKey(of algorithm: SubjectPublicKeyInfo.Algorithm) -> Bool {
        switch backing {
        case .ecdsa: return algorithm.namedCurve.map { ECNamedCurve.allCases.contains($0) } ?? false
        case .rsaPKCS1, .rsaPSS: return algorithm.isRSA
        case .ed25519: return algorithm == .ed25519
        case .md5WithRSA, .other: return false
        }
    }

    /// Whether `signature` over `message` verifies with the key of `spki`, for this algorithm; a key of another
    /// family never verifies. Throws for a key this package cannot use. `key` gives the key ready to verify (made from
    /// `spki`, or the same value kept from an earlier call); it is asked only once the key's family fits this
    /// algorithm.
    func verify(_ signature: [UInt8], over message: ArraySlice<UInt8>, with spki: SubjectPublicKeyInfo,
                key: () throws(X509Error) -> Certificate.PublicKey) throws(X509Error) -> Bool {
        guard let scheme, fitsKey(of: spki.algorithm) else { return false }
        let k = try key()
        return message.withUnsafeBufferPointer { k.isValidSignature(signature, for: $0, scheme: scheme) }
    }
}
