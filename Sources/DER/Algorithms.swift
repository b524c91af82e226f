/// The named curves this package knows (RFC 5480 §2.1.1.1).
public enum ECNamedCurve: Sendable, Equatable, Hashable, CaseIterable {
    case p256, p384, p521

    /// The curve's OBJECT IDENTIFIER (secp256r1, secp384r1, secp521r1).
    public var oid: ASN1ObjectIdentifier {
        switch self {
        case .p256: return ASN1ObjectIdentifier.Known.secp256r1
        case .p384: return ASN1ObjectIdentifier.Known.secp384r1
        case .p521: return ASN1ObjectIdentifier.Known.secp521r1
        }
    }

    /// Octets of a field element or scalar: ⌈bits/8⌉ (32, 48, 66).
    public var coordinateByteCount: Int {
        switch self { case .p256: return 32; case .p384: return 48; case .p521: return 66 }
    }

    /// Octets of a scalar (private key, r, s) — the same as the coordinates for these curves.
    public var scalarByteCount: Int { coordinateByteCount }

    /// The curve an OID names, or nil.
    public init?(oid: ASN1ObjectIdentifier) {
        guard let c = ECNamedCurve.allCases.first(where: { $0.oid == oid }) else { return nil }
        self = c
    }

    /// Reads ECParameters (RFC 5480 §2.1.1): only `namedCurve` is supported; `specifiedCurve`
    /// (explicit parameters, a SEQUENCE) and `implicitCurve` (NULL) are refused, as RFC 5480 and
    /// the JOSE/X.509 profiles require.
    static func read(from r: inout DERReader) throws -> ECNamedCurve {
        guard !r.isAtEnd else {
            throw DERError.make(.missingParameters, at: r.position, "EC key without curve parameters")
        }
        let e = try r.next()
        switch e.tag {
        case .objectIdentifier:
            let oid = try e.objectIdentifierValue()
            guard let c = ECNamedCurve(oid: oid) else {
                let name = oid == ASN1ObjectIdentifier.Known.secp256k1 ? "secp256k1 (\(oid))" : "\(oid)"
                throw DERError.make(.unsupported, at: e.offset, "unsupported named curve \(name)")
            }
            return c
        case .sequence:
            throw DERError.make(.unsupported, at: e.offset, "explicit (specifiedCurve) EC parameters are not supported; RFC 5480 §2.1.1 requires namedCurve")
        case .null:
            throw DERError.make(.unsupported, at: e.offset, "implicitCurve EC parameters are not supported")
        default:
            throw DERError.make(.unexpectedTag, at: e.offset, "expected ECParameters, found \(e.tag)")
        }
    }
}

/// Hash algorithms that can appear in RSASSA-PSS parameters (RFC 8017 App. A.2.1, RFC 4055 §2.1).
public enum DigestAlgorithm: Sendable, Equatable, Hashable, CaseIterable {
    case sha1, sha224, sha256, sha384, sha512, sha512_224, sha512_256

    /// The hash's OBJECT IDENTIFIER (RFC 8017 App. A.2.1; NIST CSOR).
    public var oid: ASN1ObjectIdentifier {
        typealias K = ASN1ObjectIdentifier.Known
        switch self {
        case .sha1: return K.sha1
        case .sha224: return K.sha224
        case .sha256: return K.sha256
        case .sha384: return K.sha384
        case .sha512: return K.sha512
        case .sha512_224: return K.sha512_224
        case .sha512_256: return K.sha512_256
        }
    }

    /// Digest length in octets.
    public var byteCount: Int {
        switch self {
        case .sha1: return 20
        case .sha224, .sha512_224: return 28
        case .sha256, .sha512_256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    /// The hash an OID names, or nil.
    public init?(oid: ASN1ObjectIdentifier) {
        guard let d = DigestAlgorithm.allCases.first(where: { $0.oid == oid }) else { return nil }
        self = d
    }

    /// Reads `HashAlgorithm ::= AlgorithmIdentifier` (RFC 8017 App. A.2.1). RFC 4055 §2.1: the
    /// parameters are NULL or absent and both must be accepted; the returned flag says which
    /// form was used so the value can be re-encoded as it came.
    static func readIdentifier(from r: inout DERReader) throws -> (DigestAlgorithm, nullParameters: Bool) {
        try r.sequence("hash AlgorithmIdentifier") { s in
            let at = s.position
            let oid = try s.readObjectIdentifier("hash algorithm")
            guard let d = DigestAlgorithm(oid: oid) else {
                throw DERError.make(.unsupported, at: at, "unsupported hash algorithm \(oid)")
            }
            if s.isAtEnd { return (d, false) }
            let p = try s.next()
            guard p.tag == .null else {
                throw DERError.make(.invalidParameters, at: p.offset, "hash algorithm parameters must be NULL or absent (RFC 4055 §2.1)")
            }
            try p.nullValue()
            return (d, true)
        }
    }

    func writeIdentifier(to w: inout DERWriter, nullParameters: Bool) {
        w.writeSequence { s in
            s.writeObjectIdentifier(oid)
            if nullParameters { s.writeNull() }
        }
    }
}

/// RSASSA-PSS-params (RFC 8017 App. A.2.3; RFC 4055 §3.1):
///
/// ```
/// RSASSA-PSS-params ::= SEQUENCE {
///     hashAlgorithm      [0] HashAlgorithm      DEFAULT sha1,
///     maskGenAlgorithm   [1] MaskGenAlgorithm   DEFAULT mgf1SHA1,
///     saltLength         [2] INTEGER            DEFAULT 20,
///     trailerField       [3] TrailerField       DEFAULT trailerFieldBC }
/// ```
/// Only MGF1 is defined as mask generation function, and trailerFieldBC (1) as trailer.
/// DER (X.690 §11.5) forbids encoding a component equal to its DEFAULT, so such encodings are
/// rejected with `.defaultValueEncoded` and the writer omits them.
///
/// Equality compares the four parameters only, not whether the hash identifiers were written with
/// NULL or absent parameters (RFC 4055 §2.1 makes both forms equivalent; the form is remembered
/// only so that a parsed value re-encodes byte for byte).
public struct RSASSAPSSParameters: Sendable, Equatable, Hashable {
    /// Message hash, MGF1 hash, and salt length in octets.
    public var hashAlgorithm: DigestAlgorithm
    /// The hash MGF1 uses (`maskGenAlgorithm`'s parameter).
    public var maskGenHashAlgorithm: DigestAlgorithm
    /// The salt length in octets (`saltLength`, DEFAULT 20).
    public var saltLength: Int
    /// Always 1 (trailerFieldBC, the 0xBC trailer octet); other values are refused when parsing.
    public var trailerField: Int

    /// Whether the hash and MGF1-hash AlgorithmIdentifiers carry an explicit NULL (true, as
    /// OpenSSL writes them) or no parameters.
    var hashParametersNull = true
    var mgfHashParametersNull = true

    /// The defaults: SHA-1, MGF1 with SHA-1, 20 octets of salt, trailer 1.
    public static let defaults = RSASSAPSSParameters(hashAlgorithm: .sha1, maskGenHashAlgorithm: .sha1, saltLength: 20)

    /// Parameters; a negative salt length is a programming error.
    public init(hashAlgorithm: DigestAlgorithm, maskGenHashAlgorithm: DigestAlgorithm, saltLength: Int, trailerField: Int = 1) {
        precondition(saltLength >= 0, "negative PSS salt length")
        self.hashAlgorithm = hashAlgorithm
        self.maskGenHashAlgorithm = maskGenHashAlgorithm
        self.saltLength = saltLength
        self.trailerField = trailerField
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.hashAlgorithm == b.hashAlgorithm && a.maskGenHashAlgorithm == b.maskGenHashAlgorithm
            && a.saltLength == b.saltLength && a.trailerField == b.trailerField
    }
    public func hash(into h: inout Hasher) {
        h.combine(hashAlgorithm); h.combine(maskGenHashAlgorithm); h.combine(saltLength); h.combine(trailerField)
    }

    /// Parses a DER-encoded RSASSA-PSS-params SEQUENCE (no trailing data).
    public init(derEncoded: [UInt8]) throws {
        var r = try DERReader(derEncoded)
        self = try RSASSAPSSParameters.read(from: &r)
        try r.finish()
    }

    /// Canonical DER (components equal to their DEFAULT omitted).
    public func derEncoded() -> [UInt8] {
        var w = DERWriter()
        write(to: &w)
        return w.bytes
    }

    static func read(from r: inout DERReader) throws -> RSASSAPSSParameters {
        try r.sequence("RSASSA-PSS-params") { s in
            var p = RSASSAPSSParameters.defaults
            let hashAt = s.position
            if let (h, null) = try s.explicitIfPresent(0, { try DigestAlgorithm.readIdentifier(from: &$0) }) {
                guard h != .sha1 else {
                    throw DERError.make(.defaultValueEncoded, at: hashAt, "hashAlgorithm sha1 is the DEFAULT and must be omitted (X.690 §11.5)")
                }
                p.hashAlgorithm = h
                p.hashParametersNull = null
            }
            let mgfAt = s.position
            if let (h, null) = try s.explicitIfPresent(1, { m in
                try m.sequence("MaskGenAlgorithm") { a in
                    let at = a.position
                    let oid = try a.readObjectIdentifier("mask generation function")
                    guard oid == ASN1ObjectIdentifier.Known.mgf1 else {
                        throw DERError.make(.unsupported, at: at, "unsupported mask generation function \(oid)")
                    }
                    guard !a.isAtEnd else {
                        throw DERError.make(.invalidParameters, at: at, "MGF1 without its hash parameter")
                    }
                    return try DigestAlgorithm.readIdentifier(from: &a)
                }
            }) {
                guard h != .sha1 else {
                    throw DERError.make(.defaultValueEncoded, at: mgfAt, "maskGenAlgorithm mgf1SHA1 is the DEFAULT and must be omitted (X.690 §11.5)")
                }
                p.maskGenHashAlgorithm = h
                p.mgfHashParametersNull = null
            }
            let saltAt = s.position
            if let salt = try s.explicitIfPresent(2, { try $0.readInt("saltLength") }) {
                guard salt >= 0 else {
                    throw DERError.make(.invalidParameters, at: saltAt, "negative saltLength")
                }
                guard salt != 20 else {
                    throw DERError.make(.defaultValueEncoded, at: saltAt, "saltLength 20 is the DEFAULT and must be omitted (X.690 §11.5)")
                }
                p.saltLength = salt
            }
            let trailerAt = s.position
            if let t = try s.explicitIfPresent(3, { try $0.readInt("trailerField") }) {
                guard t != 1 else {
                    throw DERError.make(.defaultValueEncoded, at: trailerAt, "trailerField 1 is the DEFAULT and must be omitted (X.690 §11.5)")
                }
                throw DERError.make(.unsupported, at: trailerAt, "trailerField \(t) is not defined (RFC 8017 App. A.2.3 allows only trailerFieldBC = 1)")
            }
            return p
        }
    }

    func write(to w: inout DERWriter) {
        w.writeSequence { s in
            if hashAlgorithm != .sha1 {
                s.writeExplicit(0) { hashAlgorithm.writeIdentifier(to: &$0, nullParameters: hashParametersNull) }
            }
            if maskGenHashAlgorithm != .sha1 {
                s.writeExplicit(1) { m in
                    m.writeSequence { a in
                        a.writeObjectIdentifier(ASN1ObjectIdentifier.Known.mgf1)
                        maskGenHashAlgorithm.writeIdentifier(to: &a, nullParameters: mgfHashParametersNull)
                    }
                }
            }
            if saltLength != 20 { s.writeExplicit(2) { $0.writeInteger(saltLength) } }
            if trailerField != 1 { s.writeExplicit(3) { $0.writeInteger(trailerField) } }
        }
    }
}

/// The key algorithm of a SubjectPublicKeyInfo or PKCS#8 PrivateKeyInfo, with its parameters.
public enum PublicKeyAlgorithm: Sendable, Equatable, Hashable {
    /// rsaEncryption, parameters NULL (RFC 8017 App. A.1, RFC 3279 §2.3.1).
    case rsaEncryption
    /// id-RSASSA-PSS (RFC 4055 §3.1): nil when the parameters are absent (any PSS parameters
    /// allowed), otherwise the parameters the key is restricted to.
    case rsassaPSS(RSASSAPSSParameters?)
    /// id-ecPublicKey with a named curve (RFC 5480 §2.1.1).
    case ecPublicKey(ECNamedCurve)

    /// Reads `AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }`.
    static func read(from r: inout DERReader) throws -> PublicKeyAlgorithm {
        try r.sequence("AlgorithmIdentifier") { s in
            let at = s.position
            let oid = try s.readObjectIdentifier("algorithm")
            typealias K = ASN1ObjectIdentifier.Known
            switch oid {
            case K.rsaEncryption:
                // RFC 3279 §2.3.1 / RFC 8017 App. A.1: "the parameters field shall have a value of
                // type NULL" — required, not optional.
                guard let p = try s.nextIfPresent(.null) else {
                    throw DERError.make(.invalidParameters, at: s.position, "rsaEncryption parameters must be NULL")
                }
                try p.nullValue()
                return .rsaEncryption
            case K.rsassaPSS:
                if s.isAtEnd { return .rsassaPSS(nil) }
                return .rsassaPSS(try RSASSAPSSParameters.read(from: &s))
            case K.ecPublicKey:
                return .ecPublicKey(try ECNamedCurve.read(from: &s))
            default:
                throw DERError.make(.unsupported, at: at, "unsupported key algorithm \(oid)")
            }
        }
    }

    func write(to w: inout DERWriter) {
        typealias K = ASN1ObjectIdentifier.Known
        w.writeSequence { s in
            switch self {
            case .rsaEncryption:
                s.writeObjectIdentifier(K.rsaEncryption)
                s.writeNull()
            case .rsassaPSS(let p):
                s.writeObjectIdentifier(K.rsassaPSS)
                p?.write(to: &s)
            case .ecPublicKey(let c):
                s.writeObjectIdentifier(K.ecPublicKey)
                s.writeObjectIdentifier(c.oid)
            }
        }
    }

    /// True for the two RSA algorithms.
    public var isRSA: Bool {
        switch self { case .rsaEncryption, .rsassaPSS: return true; case .ecPublicKey: return false }
    }
}
