import SharedPrimitives

/// A named elliptic curve (RFC 5480 §2.1.1.1).
///
/// A struct over a private enum, so that curves can be added without breaking a caller's `switch`
/// (which therefore needs a `default`); compare with `==` against the static members.
public struct ECNamedCurve: Sendable, Hashable, CustomStringConvertible {
    private enum Backing: Sendable, Hashable {
        case p256, p384, p521
    }

    private let backing: Backing
    private init(_ b: Backing) { backing = b }

    /// NIST P-256 (secp256r1, prime256v1).
    public static let p256 = ECNamedCurve(.p256)
    /// NIST P-384 (secp384r1).
    public static let p384 = ECNamedCurve(.p384)
    /// NIST P-521 (secp521r1).
    public static let p521 = ECNamedCurve(.p521)

    /// Every curve this module knows, in order of size.
    public static let allCases: [ECNamedCurve] = [.p256, .p384, .p521]

    /// The curve's OBJECT IDENTIFIER (secp256r1, secp384r1, secp521r1).
    public var oid: ASN1ObjectIdentifier {
        switch backing {
        case .p256: return ASN1ObjectIdentifier.Known.secp256r1
        case .p384: return ASN1ObjectIdentifier.Known.secp384r1
        case .p521: return ASN1ObjectIdentifier.Known.secp521r1
        }
    }

    /// The NIST name: `P-256`, `P-384`, `P-521` (also the JOSE `crv` value, RFC 7518 §6.2.1.1).
    public var name: String {
        switch backing { case .p256: return "P-256"; case .p384: return "P-384"; case .p521: return "P-521" }
    }

    public var description: String { name }

    /// Octets of a field element or scalar: ⌈bits/8⌉ (32, 48, 66).
    public var coordinateByteCount: Int {
        switch backing { case .p256: return 32; case .p384: return 48; case .p521: return 66 }
    }

    /// Octets of a scalar (private key, r, s) — the same as the coordinates for these curves.
    public var scalarByteCount: Int { coordinateByteCount }

    /// The curve an OID names, or nil.
    public init?(oid: ASN1ObjectIdentifier) {
        guard let c = ECNamedCurve.allCases.first(where: { $0.oid == oid }) else { return nil }
        self = c
    }

    /// The curve with the NIST name (`"P-256"`, …, exactly as ``name`` spells it), or nil.
    public init?(name: String) {
        guard let c = ECNamedCurve.allCases.first(where: { $0.name == name }) else { return nil }
        self = c
    }

    /// Reads ECParameters (RFC 5480 §2.1.1): only `namedCurve` is supported; `specifiedCurve`
    /// (explicit parameters, a SEQUENCE) and `implicitCurve` (NULL) are refused, as RFC 5480 and
    /// the JOSE/X.509 profiles require.
    static func read(from r: inout DERReader) throws(DERError) -> ECNamedCurve {
        guard !r.isAtEnd else {
            throw DERError.make(.missingParameters, at: r.position, "EC key without curve parameters")
        }
        let e = try r.next()
        switch e.tag {
        case .objectIdentifier:
            let oid = try e.objectIdentifierValue()
            guard let c = ECNamedCurve(oid: oid) else {
                let name = oid == ASN1ObjectIdentifier.Known.secp256k1 ? "secp256k1 (\(oid))" : "\(oid)"
                throw DERError.make(.unsupportedCurve, at: e.offset, "unsupported named curve \(name)")
            }
            return c
        case .sequence:
            throw DERError.make(.explicitCurveParameters, at: e.offset, "explicit (specifiedCurve) EC parameters are not supported; RFC 5480 §2.1.1 requires namedCurve")
        case .null:
            throw DERError.make(.unsupportedCurve, at: e.offset, "implicitCurve EC parameters are not supported")
        default:
            throw DERError.make(.unexpectedTag, at: e.offset, "expected ECParameters, found \(e.tag)")
        }
    }
}

/// Hash algorithms that can appear in RSASSA-PSS parameters (RFC 8017 App. A.2.1, RFC 4055 §2.1).
///
/// A struct over the package's hash identity, so that hashes can be added without breaking a caller's `switch`
/// (which therefore needs a `default`); compare with `==` against the static members.
public struct DigestAlgorithm: Sendable, Hashable, CustomStringConvertible {
    /// The package's name for the function (`HashIdentity`), which the other modules' hash names map from.
    package let identity: HashIdentity
    package init(_ identity: HashIdentity) { self.identity = identity }

    /// SHA-1 (recognised in parameters; the RSA module refuses to verify with it).
    public static let sha1 = DigestAlgorithm(.sha1)
    /// SHA-224 (FIPS 180-4).
    public static let sha224 = DigestAlgorithm(.sha224)
    /// SHA-256 (FIPS 180-4).
    public static let sha256 = DigestAlgorithm(.sha256)
    /// SHA-384 (FIPS 180-4).
    public static let sha384 = DigestAlgorithm(.sha384)
    /// SHA-512 (FIPS 180-4).
    public static let sha512 = DigestAlgorithm(.sha512)
    /// SHA-512/224 (FIPS 180-4).
    public static let sha512_224 = DigestAlgorithm(.sha512_224)
    /// SHA-512/256 (FIPS 180-4).
    public static let sha512_256 = DigestAlgorithm(.sha512_256)

    /// Every hash this module knows.
    public static let allCases: [DigestAlgorithm] = [.sha1, .sha224, .sha256, .sha384, .sha512, .sha512_224, .sha512_256]

    /// The hash's OBJECT IDENTIFIER (RFC 8017 App. A.2.1; NIST CSOR).
    public var oid: ASN1ObjectIdentifier {
        typealias K = ASN1ObjectIdentifier.Known
        switch identity {
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
    public var byteCount: Int { identity.byteCount }

    /// The conventional name: `SHA-1`, `SHA-224`, …, `SHA-512/256`.
    public var name: String { identity.name }

    public var description: String { name }

    /// The hash an OID names, or nil.
    public init?(oid: ASN1ObjectIdentifier) {
        guard let d = DigestAlgorithm.allCases.first(where: { $0.oid == oid }) else { return nil }
        self = d
    }

    /// Reads `HashAlgorithm ::= AlgorithmIdentifier` (RFC 8017 App. A.2.1). RFC 4055 §2.1: the
    /// parameters are NULL or absent and both must be accepted; the returned flag says which
    /// form was used so the value can be re-encoded as it came.
    static func readIdentifier(from r: inout DERReader) throws(DERError) -> (DigestAlgorithm, nullParameters: Bool) {
        try r.sequence("hash AlgorithmIdentifier") { s throws(DERError) in
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
    public init(derEncoded: [UInt8]) throws(DERError) {
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

    static func read(from r: inout DERReader) throws(DERError) -> RSASSAPSSParameters {
        try r.sequence("RSASSA-PSS-params") { s throws(DERError) in
            var p = RSASSAPSSParameters.defaults
            let hashAt = s.position
            if let (h, null) = try s.explicitIfPresent(0, { (e: inout DERReader) throws(DERError) in try DigestAlgorithm.readIdentifier(from: &e) }) {
                guard h != .sha1 else {
                    throw DERError.make(.defaultValueEncoded, at: hashAt, "hashAlgorithm sha1 is the DEFAULT and must be omitted (X.690 §11.5)")
                }
                p.hashAlgorithm = h
                p.hashParametersNull = null
            }
            let mgfAt = s.position
            if let (h, null) = try s.explicitIfPresent(1, { m throws(DERError) in
                try m.sequence("MaskGenAlgorithm") { a throws(DERError) in
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
            if let salt = try s.explicitIfPresent(2, { (e: inout DERReader) throws(DERError) in try e.readInt("saltLength") }) {
                guard salt >= 0 else {
                    throw DERError.make(.invalidParameters, at: saltAt, "negative saltLength")
                }
                guard salt != 20 else {
                    throw DERError.make(.defaultValueEncoded, at: saltAt, "saltLength 20 is the DEFAULT and must be omitted (X.690 §11.5)")
                }
                p.saltLength = salt
            }
            let trailerAt = s.position
            if let t = try s.explicitIfPresent(3, { (e: inout DERReader) throws(DERError) in try e.readInt("trailerField") }) {
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
///
/// A struct over a private enum, so that key algorithms can be added without breaking
/// callers: ask ``kind`` (and compare it with `==`, or `switch` with a `default`) and read the
/// parameters through ``rsassaPSSParameters`` and ``namedCurve``. Build values with
/// ``rsaEncryption``, ``rsassaPSS(_:)``, ``ecPublicKey(_:)`` and the four RFC 8410 members
/// ``ed25519``, ``ed448``, ``x25519``, ``x448`` (which take no parameters).
public struct PublicKeyAlgorithm: Sendable, Hashable, CustomStringConvertible {
    private enum Backing: Sendable, Hashable {
        case rsaEncryption
        case rsassaPSS(RSASSAPSSParameters?)
        case ecPublicKey(ECNamedCurve)
        case x25519, x448, ed25519, ed448
    }

    private let backing: Backing
    private init(_ b: Backing) { backing = b }

    /// rsaEncryption, parameters NULL (RFC 8017 App. A.1, RFC 3279 §2.3.1).
    public static let rsaEncryption = PublicKeyAlgorithm(.rsaEncryption)

    /// id-RSASSA-PSS (RFC 4055 §3.1): nil when the parameters are absent (any PSS parameters
    /// allowed), otherwise the parameters the key is restricted to.
    public static func rsassaPSS(_ parameters: RSASSAPSSParameters?) -> PublicKeyAlgorithm {
        PublicKeyAlgorithm(.rsassaPSS(parameters))
    }

    /// id-ecPublicKey with a named curve (RFC 5480 §2.1.1).
    public static func ecPublicKey(_ curve: ECNamedCurve) -> PublicKeyAlgorithm {
        PublicKeyAlgorithm(.ecPublicKey(curve))
    }

    /// id-X25519 (RFC 8410 §3, parameters absent).
    public static let x25519 = PublicKeyAlgorithm(.x25519)
    /// id-X448 (RFC 8410 §3, parameters absent).
    public static let x448 = PublicKeyAlgorithm(.x448)
    /// id-Ed25519 (RFC 8410 §3, parameters absent).
    public static let ed25519 = PublicKeyAlgorithm(.ed25519)
    /// id-Ed448 (RFC 8410 §3, parameters absent).
    public static let ed448 = PublicKeyAlgorithm(.ed448)

    /// The algorithm without its parameters (its OBJECT IDENTIFIER, as a value to compare).
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Backing: String, Sendable, Hashable {
            case rsaEncryption, rsassaPSS, ecPublicKey
            case x25519 = "X25519", x448 = "X448", ed25519 = "Ed25519", ed448 = "Ed448"
        }

        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        /// rsaEncryption (RFC 8017 App. A.1).
        public static let rsaEncryption = Kind(.rsaEncryption)
        /// id-RSASSA-PSS (RFC 4055 §3.1).
        public static let rsassaPSS = Kind(.rsassaPSS)
        /// id-ecPublicKey (RFC 5480 §2.1.1).
        public static let ecPublicKey = Kind(.ecPublicKey)
        /// id-X25519 (RFC 8410 §3).
        public static let x25519 = Kind(.x25519)
        /// id-X448 (RFC 8410 §3).
        public static let x448 = Kind(.x448)
        /// id-Ed25519 (RFC 8410 §3).
        public static let ed25519 = Kind(.ed25519)
        /// id-Ed448 (RFC 8410 §3).
        public static let ed448 = Kind(.ed448)

        /// The algorithm's OBJECT IDENTIFIER.
        public var oid: ASN1ObjectIdentifier {
            typealias K = ASN1ObjectIdentifier.Known
            switch backing {
            case .rsaEncryption: return K.rsaEncryption
            case .rsassaPSS: return K.rsassaPSS
            case .ecPublicKey: return K.ecPublicKey
            case .x25519: return K.x25519
            case .x448: return K.x448
            case .ed25519: return K.ed25519
            case .ed448: return K.ed448
            }
        }

        public var description: String { backing.rawValue }
    }

    /// Which algorithm this is, without parameters.
    public var kind: Kind {
        switch backing {
        case .rsaEncryption: return .rsaEncryption
        case .rsassaPSS: return .rsassaPSS
        case .ecPublicKey: return .ecPublicKey
        case .x25519: return .x25519
        case .x448: return .x448
        case .ed25519: return .ed25519
        case .ed448: return .ed448
        }
    }

    /// The algorithm's OBJECT IDENTIFIER.
    public var oid: ASN1ObjectIdentifier { kind.oid }

    /// The parameters of an id-RSASSA-PSS key that restricts its use; nil for other algorithms and
    /// for a PSS key without parameters (use ``kind`` to tell those apart).
    public var rsassaPSSParameters: RSASSAPSSParameters? {
        if case .rsassaPSS(let p) = backing { return p }
        return nil
    }

    /// The named curve of an id-ecPublicKey key; nil for other algorithms.
    public var namedCurve: ECNamedCurve? {
        if case .ecPublicKey(let c) = backing { return c }
        return nil
    }

    /// True for the two RSA algorithms.
    public var isRSA: Bool { kind == .rsaEncryption || kind == .rsassaPSS }

    /// For the RFC 8410 algorithms, the length in octets of their public key and of their
    /// CurvePrivateKey (X25519 32, X448 56, Ed25519 32, Ed448 57: RFC 7748 §5, RFC 8032 §5.1.5/§5.2.5);
    /// nil for the others.
    public var rfc8410KeyByteCount: Int? {
        switch backing {
        case .x25519, .ed25519: return 32
        case .x448: return 56
        case .ed448: return 57
        case .rsaEncryption, .rsassaPSS, .ecPublicKey: return nil
        }
    }

    public var description: String {
        switch backing {
        case .rsaEncryption: return "rsaEncryption"
        case .rsassaPSS(nil): return "id-RSASSA-PSS"
        case .rsassaPSS(let p?): return "id-RSASSA-PSS(\(p.hashAlgorithm), MGF1-\(p.maskGenHashAlgorithm), salt \(p.saltLength))"
        case .ecPublicKey(let c): return "id-ecPublicKey(\(c))"
        case .x25519: return "id-X25519"
        case .x448: return "id-X448"
        case .ed25519: return "id-Ed25519"
        case .ed448: return "id-Ed448"
        }
    }

    /// Parses a DER AlgorithmIdentifier of a key (no trailing data).
    public init(derEncoded: some Collection<UInt8>) throws(DERError) {
        var r = try DERReader(Array(derEncoded))
        self = try PublicKeyAlgorithm.read(from: &r)
        try r.finish()
    }

    /// Canonical DER of the AlgorithmIdentifier.
    public func derEncoded() -> [UInt8] {
        var w = DERWriter()
        write(to: &w)
        return w.bytes
    }

    /// Reads `AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }`.
    static func read(from r: inout DERReader) throws(DERError) -> PublicKeyAlgorithm {
        try r.sequence("AlgorithmIdentifier") { s throws(DERError) in
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
            case K.x25519, K.x448, K.ed25519, K.ed448:
                // RFC 8410 §3: "the parameters MUST be absent" (not NULL).
                guard s.isAtEnd else {
                    throw DERError.make(.invalidParameters, at: s.position, "\(oid) takes no parameters; they must be absent (RFC 8410 §3)")
                }
                switch oid {
                case K.x25519: return .x25519
                case K.x448: return .x448
                case K.ed25519: return .ed25519
                default: return .ed448
                }
            default:
                throw DERError.make(.unsupportedAlgorithm, at: at, "unsupported key algorithm \(oid)")
            }
        }
    }

    func write(to w: inout DERWriter) {
        w.writeSequence { s in
            s.writeObjectIdentifier(oid)
            switch backing {
            case .rsaEncryption: s.writeNull()
            case .rsassaPSS(let p): p?.write(to: &s)
            case .ecPublicKey(let c): s.writeObjectIdentifier(c.oid)
            case .x25519, .x448, .ed25519, .ed448: break
            }
        }
    }
}

extension DERReader {
    /// The next element as a key's AlgorithmIdentifier (RSA, RSASSA-PSS, EC on a named curve, the
    /// RFC 8410 algorithms), parameters checked as ``SubjectPublicKeyInfo`` checks them.
    public mutating func readPublicKeyAlgorithm() throws(DERError) -> PublicKeyAlgorithm {
        try PublicKeyAlgorithm.read(from: &self)
    }
}
