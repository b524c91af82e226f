import BigNum
import DER
import SHA2

/// An RSA public key for signature verification (RFC 8017 §3.1), immutable and `Sendable`.
///
/// Construction validates the key (odd modulus within ``RSAKeyOptions``' size limits; public
/// exponent odd with 3 ≤ e < 2³²) and precomputes the Montgomery constants of the modulus once,
/// so a verification is the exponentiation s^e mod n (17 modular products for e = 65537) plus the
/// encoding check. Build a key once and share it across threads.
///
/// Keys read from an `id-RSASSA-PSS` SubjectPublicKeyInfo (RFC 4055 §1.2) may be used with PSS
/// only; when their parameters are present they also fix the hashes and the minimum salt length
/// (see ``pssParameters``).
public final class RSAPublicKey: Sendable {
    /// Montgomery constants of n.
    let context: MontgomeryContext
    /// The public exponent e (3 ≤ e < 2³², odd).
    let exponent: UInt64
    /// The SPKI algorithm this key was read with (rsaEncryption unless the key came from an
    /// `id-RSASSA-PSS` SubjectPublicKeyInfo).
    let spkiAlgorithm: SubjectPublicKeyInfo.Algorithm

    /// Size of the modulus in bits.
    public let modulusBitCount: Int
    /// Size of the modulus in bytes, k: every signature is exactly this long.
    public let modulusByteCount: Int

    /// Creates a key from the big-endian modulus and public exponent (leading zero bytes allowed).
    ///
    /// - Throws: ``RSAKeyError`` with `.modulusTooSmall`, `.modulusTooLarge`, `.modulusEven`,
    ///   `.invalidExponent` or `.rocaFingerprint` (unless ``RSAKeyOptions/refusesROCAModuli`` is off).
    public convenience init(
        modulus: some Collection<UInt8>, publicExponent: some Collection<UInt8>, options: RSAKeyOptions = .default
    ) throws(RSAKeyError) {
        try self.init(modulus: modulus, publicExponent: publicExponent, options: options, algorithm: .rsaEncryption)
    }

    convenience init(
        modulus: some Collection<UInt8>, publicExponent: some Collection<UInt8>, options: RSAKeyOptions,
        algorithm: SubjectPublicKeyInfo.Algorithm
    ) throws(RSAKeyError) {
        try self.init(modulusBytes: Array(modulus), publicExponentBytes: Array(publicExponent), options: options,
                      algorithm: algorithm)
    }

    /// The designated initialiser is not generic (Embedded Swift has no generic methods in classes).
    init(
        modulusBytes modulus: [UInt8], publicExponentBytes publicExponent: [UInt8], options: RSAKeyOptions,
        algorithm: SubjectPublicKeyInfo.Algorithm
    ) throws(RSAKeyError) {
        let n = BigUInt(bigEndianBytes: modulus)
        let bits = n.bitWidth
        guard bits >= options.minimumModulusBits else {
            throw .make(.modulusTooSmall, "modulus of \(bits) bits, at least \(options.minimumModulusBits) required")
        }
        guard bits <= options.maximumModulusBits else {
            throw .make(.modulusTooLarge, "modulus of \(bits) bits, at most \(options.maximumModulusBits) allowed")
        }
        guard let ctx = MontgomeryContext(modulus: n) else {
            throw .make(.modulusEven, "the modulus is even")
        }
        let eBytes = Array(publicExponent.drop(while: { $0 == 0 }))
        guard eBytes.count <= 4 else {
            throw .make(.invalidExponent, "public exponent of \(eBytes.count) bytes; it must be below 2^32")
        }
        let e = eBytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard e >= 3, e & 1 == 1 else {
            throw .make(.invalidExponent, "public exponent must be odd and at least 3")
        }
        if options.refusesROCAModuli && ROCA.hasFingerprint(modulus) {
            throw .make(.rocaFingerprint, "the modulus has the ROCA fingerprint (CVE-2017-15361): its private key is recoverable")
        }
        if let p = algorithm.rsassaPSSParameters, RSAPadding(p) == nil {
            throw .make(.unsupportedParameters,
                              "id-RSASSA-PSS parameters need \(p.hashAlgorithm)/MGF1-\(p.maskGenHashAlgorithm), trailer \(p.trailerField): unsupported")
        }
        context = ctx
        exponent = e
        spkiAlgorithm = algorithm
        modulusBitCount = bits
        modulusByteCount = ctx.byteCount
    }

    /// Reads a DER SubjectPublicKeyInfo (RFC 5280 §4.1.1.2; rsaEncryption or id-RSASSA-PSS) or a
    /// PKCS#1 RSAPublicKey (RFC 8017 App. A.1.1), told apart by their first element.
    ///
    /// - Throws: ``RSAKeyError`` (`.invalidEncoding` with the DER error, `.unsupportedKeyType` for
    ///   non-RSA keys, or a key check failure).
    public convenience init(derRepresentation der: some Collection<UInt8>, options: RSAKeyOptions = .default) throws(RSAKeyError) {
        let bytes = Array(der)
        if RSAPublicKey.looksLikePKCS1(bytes) {
            try self.init(pkcs1: bytes, options: options)
        } else {
            let spki: SubjectPublicKeyInfo
            do {
                spki = try SubjectPublicKeyInfo(derEncoded: bytes)
            } catch {
                throw .encoding("SubjectPublicKeyInfo", error)
            }
            try self.init(spki: spki, options: options)
        }
    }

    /// Reads a key from a parsed SubjectPublicKeyInfo.
    public convenience init(spki: SubjectPublicKeyInfo, options: RSAKeyOptions = .default) throws(RSAKeyError) {
        guard spki.algorithm.isRSA else {
            throw .make(.unsupportedKeyType, "not an RSA key")
        }
        let inner: PKCS1RSAPublicKey
        do {
            inner = try spki.rsaPublicKey()
        } catch {
            throw .encoding("RSAPublicKey", error)
        }
        try self.init(modulus: inner.modulus, publicExponent: inner.publicExponent, options: options,
                      algorithm: spki.algorithm)
    }

    private convenience init(pkcs1 bytes: [UInt8], options: RSAKeyOptions) throws(RSAKeyError) {
        let key: PKCS1RSAPublicKey
        do {
            key = try PKCS1RSAPublicKey(derEncoded: bytes)
        } catch {
            throw .encoding("RSAPublicKey", error)
        }
        try self.init(modulus: key.modulus, publicExponent: key.publicExponent, options: options, algorithm: .rsaEncryption)
    }

    /// Reads a PEM `PUBLIC KEY` (SubjectPublicKeyInfo, RFC 7468 §13) or `RSA PUBLIC KEY`
    /// (PKCS#1) block. Text around the single block is ignored.
    public convenience init(pemRepresentation pem: String, options: RSAKeyOptions = .default) throws(RSAKeyError) {
        let doc: PEMDocument
        do {
            doc = try PEMDocument(pemString: pem)
        } catch {
            throw .encoding("PEM", error)
        }
        switch doc.label {
        case "PUBLIC KEY":
            guard !RSAPublicKey.looksLikePKCS1(doc.derBytes) else {
                throw .make(.invalidEncoding, "a PUBLIC KEY block must hold a SubjectPublicKeyInfo")
            }
            try self.init(derRepresentation: doc.derBytes, options: options)
        case "RSA PUBLIC KEY":
            try self.init(pkcs1: doc.derBytes, options: options)
        default:
            throw .make(.unsupportedKeyType, "PEM block \"\(doc.label)\" is not an RSA public key")
        }
    }

    /// A PKCS#1 RSAPublicKey is SEQUENCE { INTEGER, … }; an SPKI is SEQUENCE { SEQUENCE, … }.
    private static func looksLikePKCS1(_ der: [UInt8]) -> Bool {
        guard der.count >= 3, der[0] == 0x30 else { return false }
        let lengthOctets = der[1] < 0x80 ? 0 : Int(der[1] & 0x7f)
        let inner = 2 + lengthOctets
        return inner < der.count && der[inner] == 0x02
    }

    // MARK: - Properties

    /// The modulus n, big-endian, minimal.
    public var modulus: [UInt8] { context.modulus.bigEndianBytes }

    /// The public exponent e, big-endian, minimal.
    public var publicExponent: [UInt8] { BigUInt(exponent).bigEndianBytes }

    /// The PKCS#1 RSAPublicKey structure.
    public var pkcs1PublicKey: PKCS1RSAPublicKey { PKCS1RSAPublicKey(modulus: modulus, publicExponent: publicExponent) }

    /// DER SubjectPublicKeyInfo (with the algorithm the key was read with: rsaEncryption, or
    /// id-RSASSA-PSS and its parameters).
    public var derRepresentation: [UInt8] {
        SubjectPublicKeyInfo(algorithm: spkiAlgorithm, subjectPublicKey: pkcs1PublicKey.derEncoded()).derEncoded()
    }

    /// PEM `PUBLIC KEY` of ``derRepresentation``.
    public var pemRepresentation: String { PEMDocument(label: "PUBLIC KEY", derBytes: derRepresentation).pemString }

    /// DER PKCS#1 RSAPublicKey.
    public var pkcs1DERRepresentation: [UInt8] { pkcs1PublicKey.derEncoded() }

    /// True if the key came from an `id-RSASSA-PSS` SubjectPublicKeyInfo: it verifies PSS
    /// signatures only.
    public var isPSSOnly: Bool {
        spkiAlgorithm.kind == .rsassaPSS
    }

    /// The RSASSA-PSS-params of an `id-RSASSA-PSS` key, when present: signatures must then use
    /// their hash and MGF1 hash, and a salt at least `saltLength` bytes long (the rule OpenSSL
    /// applies to such keys; RFC 4055 §3.1 lets the key's parameters restrict its use).
    public var pssParameters: RSASSAPSSParameters? {
        spkiAlgorithm.rsassaPSSParameters
    }

    /// Whether this key may be used with `padding` (see ``isPSSOnly`` and ``pssParameters``).
    /// Salt lengths are checked by the verification itself.
    public func permits(_ padding: RSAPadding) -> Bool {
        if spkiAlgorithm.kind == .rsaEncryption { return true }
        guard spkiAlgorithm.kind == .rsassaPSS else { return false }
        switch (spkiAlgorithm.rsassaPSSParameters, padding.backing) {
        case (_, .pkcs1v1_5): return false
        case (nil, .pss): return true
        case (let p?, .pss(let h, let m, let s)):
            return p.hashAlgorithm == h.digestAlgorithm && p.maskGenHashAlgorithm == m.digestAlgorithm
                && (s.map { $0 >= p.saltLength } ?? true)
        }
    }

    /// The smallest salt length a PSS signature under this key may have.
    var minimumSaltLength: Int { pssParameters?.saltLength ?? 0 }
}
