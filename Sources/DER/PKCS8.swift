/// PKCS#8 PrivateKeyInfo / OneAsymmetricKey (RFC 5208 §5, RFC 5958 §2) — the unencrypted
/// `PRIVATE KEY` PEM, Apple's `.p8`:
///
/// ```
/// OneAsymmetricKey ::= SEQUENCE {
///     version                   Version,                 -- v1(0), v2(1)
///     privateKeyAlgorithm       AlgorithmIdentifier,
///     privateKey                OCTET STRING,
///     attributes            [0] IMPLICIT Attributes OPTIONAL,
///     ...,
///     [[2: publicKey        [1] IMPLICIT BIT STRING OPTIONAL ]], ... }
/// ```
/// RFC 5958 §2: version is v2 exactly when publicKey is present. The private key is decoded
/// according to the algorithm: PKCS#1 RSAPrivateKey for rsaEncryption and id-RSASSA-PSS,
/// SEC1 ECPrivateKey for id-ecPublicKey (whose curve must agree with the algorithm's), and
/// CurvePrivateKey (an OCTET STRING of the algorithm's key length) for the RFC 8410 algorithms.
/// Attributes are kept as their encoding (checked to be well-formed DER) and written back as is.
public struct PKCS8PrivateKeyInfo: Sendable, Equatable, Hashable {
    /// The decoded private key, by algorithm family.
    ///
    /// A struct over a private enum, so that key kinds can be added without breaking
    /// callers: build with ``rsa(_:)``, ``ec(_:)`` or ``curvePrivateKey(_:)``, read with ``rsa`` /
    /// ``ec`` / ``curvePrivateKey`` (nil for the other kinds).
    public struct PrivateKey: Sendable, Hashable {
        private enum Backing: Sendable, Hashable {
            case rsa(PKCS1RSAPrivateKey)
            case ec(SEC1ECPrivateKey)
            case curve([UInt8])
        }

        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        /// A PKCS#1 RSAPrivateKey (for rsaEncryption and id-RSASSA-PSS).
        public static func rsa(_ key: PKCS1RSAPrivateKey) -> PrivateKey { PrivateKey(.rsa(key)) }
        /// A SEC1 ECPrivateKey (for id-ecPublicKey).
        public static func ec(_ key: SEC1ECPrivateKey) -> PrivateKey { PrivateKey(.ec(key)) }

        /// An RFC 8410 CurvePrivateKey (the X25519/X448 scalar or Ed25519/Ed448 seed octets).
        public static func curvePrivateKey(_ bytes: [UInt8]) -> PrivateKey { PrivateKey(.curve(bytes)) }

        /// The RFC 8410 CurvePrivateKey octets, or nil if this is another kind.
        public var curvePrivateKey: [UInt8]? {
            if case .curve(let k) = backing { return k }
            return nil
        }

        /// The RSA key, or nil if this is another kind.
        public var rsa: PKCS1RSAPrivateKey? {
            if case .rsa(let k) = backing { return k }
            return nil
        }

        /// The EC key, or nil if this is another kind.
        public var ec: SEC1ECPrivateKey? {
            if case .ec(let k) = backing { return k }
            return nil
        }

        /// The DER the `privateKey` OCTET STRING holds.
        func derEncoded() -> [UInt8] {
            switch backing {
            case .rsa(let k): return k.derEncoded()
            case .ec(let k): return k.derEncoded()
            case .curve(let k):
                var w = DERWriter()
                w.writeOctetString(k)
                return w.bytes
            }
        }
    }

    /// `privateKeyAlgorithm`, with its parameters.
    public var algorithm: PublicKeyAlgorithm
    /// The `privateKey` OCTET STRING, decoded.
    public var privateKey: PrivateKey
    /// The `[0]` attributes element, whole (tag and length included), if present.
    public var attributes: [UInt8]?
    /// The v2 `[1] publicKey` BIT STRING payload, if present (its presence makes the version v2).
    public var publicKey: [UInt8]?

    /// A structure to encode; `publicKey` makes it version v2.
    public init(algorithm: PublicKeyAlgorithm, privateKey: PrivateKey, attributes: [UInt8]? = nil, publicKey: [UInt8]? = nil) {
        self.algorithm = algorithm; self.privateKey = privateKey
        self.attributes = attributes; self.publicKey = publicKey
    }

    /// A PKCS#8 wrapper around a PKCS#1 key (rsaEncryption).
    public init(rsaPrivateKey: PKCS1RSAPrivateKey) {
        self.init(algorithm: .rsaEncryption, privateKey: .rsa(rsaPrivateKey))
    }

    /// A PKCS#8 wrapper around a SEC1 key (id-ecPublicKey with its curve).
    public init(ecPrivateKey: SEC1ECPrivateKey) {
        self.init(algorithm: .ecPublicKey(ecPrivateKey.curve), privateKey: .ec(ecPrivateKey))
    }

    /// Parses strict DER (no trailing data); encrypted PKCS#8 is `.unsupported`.
    public init(derEncoded: [UInt8]) throws(DERError) { try self.init(derEncoded: derEncoded[...]) }

    /// The same for a slice (no copy of the input).
    public init(derEncoded: ArraySlice<UInt8>) throws(DERError) {
        var r = try DERReader(derEncoded)
        self = try r.sequence("PrivateKeyInfo") { s throws(DERError) in
            let versionAt = s.position
            // EncryptedPrivateKeyInfo (RFC 5958 §3) starts with an AlgorithmIdentifier instead.
            if s.peekTag() == .sequence {
                throw DERError.make(.unsupported, at: versionAt, "encrypted PKCS#8 (EncryptedPrivateKeyInfo, RFC 5958 §3) is not supported")
            }
            let version = try s.readInt("version")
            guard version == 0 || version == 1 else {
                throw DERError.make(.invalidVersion, at: versionAt, "PrivateKeyInfo version \(version) (must be 0 or 1)")
            }
            let alg = try PublicKeyAlgorithm.read(from: &s)
            let keyElement = try s.next(.octetString, "privateKey OCTET STRING")
            var attributes: [UInt8]? = nil
            if let a = try s.nextIfPresent(.contextSpecific(0, constructed: true)) {
                // Attributes ::= SET OF Attribute — checked as well-formed DER, components in X.690
                // §11.6 order, and kept verbatim.
                try DERNode.validate(a)
                var list = try a.contentsReader()
                var parts: [(DERTag, ArraySlice<UInt8>)] = []
                while !list.isAtEnd { let c = try list.next(); parts.append((c.tag, c.encoded)) }
                try DERNode.checkSetOrder(a, parts, tagOrderAllowed: false)
                attributes = Array(a.encoded)
            }
            var pub: [UInt8]? = nil
            if let p = try s.nextIfPresent(.contextSpecific(1, constructed: false)) {
                pub = Array(try p.octetAlignedBitString("publicKey"))
            }
            guard (version == 1) == (pub != nil) else {
                throw DERError.make(.invalidVersion, at: versionAt,
                    version == 1 ? "version v2 without a publicKey (RFC 5958 §2)" : "publicKey present in a v1 PrivateKeyInfo (RFC 5958 §2)")
            }
            let key: PrivateKey
            if alg.isRSA {
                key = .rsa(try PKCS1RSAPrivateKey(derEncoded: keyElement.contents))
            } else if let c = alg.namedCurve {
                key = .ec(try SEC1ECPrivateKey(derEncoded: keyElement.contents, curve: c))
                if let p = pub { try ECPoint.validateEncoding(p[...], curve: c, offset: nil) }
            } else if let n = alg.rfc8410KeyByteCount {
                // RFC 8410 §7: CurvePrivateKey ::= OCTET STRING, inside the privateKey OCTET STRING.
                var inner = try DERReader(keyElement.contents, depth: s.depth + 1)
                let k = try inner.next(.octetString, "CurvePrivateKey OCTET STRING")
                try inner.finish()
                guard k.contents.count == n else {
                    throw DERError.make(.invalidPrivateKeyLength, at: k.offset, "CurvePrivateKey is \(k.contents.count) octets, \(alg) needs \(n) (RFC 8410 §7)")
                }
                if let p = pub, p.count != n {
                    throw DERError.make(.invalidKey, at: nil, "publicKey is \(p.count) octets, \(alg) needs \(n) (RFC 8410 §4)")
                }
                key = .curvePrivateKey(Array(k.contents))
            } else {
                throw DERError.make(.unsupportedAlgorithm, at: keyElement.offset, "no private key format for \(alg)")
            }
            return PKCS8PrivateKeyInfo(algorithm: alg, privateKey: key, attributes: attributes, publicKey: pub)
        }
        try r.finish()
    }

    /// Whether `der` has the outer shape of a PrivateKeyInfo — `SEQUENCE { INTEGER, SEQUENCE …` —
    /// rather than of a SEC1 ECPrivateKey (`SEQUENCE { INTEGER, OCTET STRING …`), read with the
    /// strict reader; says nothing about whether the rest is valid.
    public static func hasPrivateKeyInfoLayout(_ der: some Collection<UInt8>) -> Bool {
        guard var r = try? DERReader(Array(der)), let top = try? r.next(.sequence),
              var s = try? top.contentsReader(), (try? s.next(.integer)) != nil else { return false }
        return s.peekTag() == .sequence
    }

    /// Parses a PEM `PRIVATE KEY` block. (`ENCRYPTED PRIVATE KEY` is refused by its label.)
    public init(pemString: String) throws(DERError) {
        let any = try PEMDocument(pemString: pemString)
        if any.label == "ENCRYPTED PRIVATE KEY" {
            throw DERError.make(.unsupported, at: nil, "encrypted PKCS#8 (ENCRYPTED PRIVATE KEY, RFC 7468 §11) is not supported")
        }
        let doc = try PEMDocument(pemString: pemString, expectedLabel: "PRIVATE KEY")
        try self.init(derEncoded: doc.derBytes)
    }

    /// Canonical DER.
    public func derEncoded() -> [UInt8] {
        var w = DERWriter()
        w.writeSequence { s in
            s.writeInteger(publicKey == nil ? 0 : 1)
            algorithm.write(to: &s)
            s.writeOctetString(privateKey.derEncoded())
            if let a = attributes { s.writeEncoded(a) }
            if let p = publicKey { s.writeBitString(p, tag: .contextSpecific(1, constructed: false)) }
        }
        return w.bytes
    }

    /// PEM `PRIVATE KEY`.
    public var pemString: String { PEMDocument(label: "PRIVATE KEY", derBytes: derEncoded()).pemString }
}

extension PKCS8PrivateKeyInfo {
    /// The kind of key a PEM `PRIVATE KEY` holds, in words — "an RSA key (rsaEncryption)", "an Ed25519 key",
    /// "an EC P-384 key" — for the refusal of a tool that takes only one kind (Apple's `.p8` files are P-256).
    /// Nil when the text is not a PKCS#8 key this module reads.
    public static func keyKind(pemString: String) -> String? {
        guard let info = try? PKCS8PrivateKeyInfo(pemString: pemString) else { return nil }
        let a = info.algorithm
        switch a.kind {
        case .rsaEncryption, .rsassaPSS: return "an RSA key (\(a.kind))"
        case .ecPublicKey: return "an EC \(a.namedCurve.map { $0.name } ?? "?") key"
        case .ed25519: return "an Ed25519 key"
        case .ed448: return "an Ed448 key"
        case .x25519: return "an X25519 key"
        case .x448: return "an X448 key"
        default: return "a \(a.kind) key"
        }
    }
}
