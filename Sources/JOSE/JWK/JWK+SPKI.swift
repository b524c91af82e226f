import DER

extension JWK {
    /// A public JWK from DER: a SubjectPublicKeyInfo (RFC 5280 §4.1.2.7; RSA per RFC 3279 §2.3.1, EC per
    /// RFC 5480 §2) or a bare PKCS#1 `RSAPublicKey` (RFC 8017 §A.1.1). EC points must be uncompressed.
    public init(derRepresentation der: [UInt8], keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: Options = .default) throws {
        let spki: SubjectPublicKeyInfo
        do {
            spki = try SubjectPublicKeyInfo(derEncoded: der)
        } catch let spkiError {
            // Not an SPKI: maybe a PKCS#1 RSAPublicKey.
            guard let pkcs1 = try? PKCS1RSAPublicKey(derEncoded: der) else {
                throw JWTError(.invalidKey, "not a SubjectPublicKeyInfo or RSAPublicKey: \(spkiError)")
            }
            try self.init(rsaModulus: pkcs1.modulus, exponent: pkcs1.publicExponent, keyID: keyID, algorithm: algorithm, options: options)
            return
        }
        try self.init(spki: spki, keyID: keyID, algorithm: algorithm, options: options)
    }

    /// A public JWK from a parsed SubjectPublicKeyInfo.
    public init(spki: SubjectPublicKeyInfo, keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: Options = .default) throws {
        switch spki.algorithm {
        case .rsaEncryption, .rsassaPSS:
            let k: PKCS1RSAPublicKey
            do { k = try spki.rsaPublicKey() } catch { throw JWTError(.invalidKey, "RSA public key: \(error)") }
            try self.init(rsaModulus: k.modulus, exponent: k.publicExponent, keyID: keyID, algorithm: algorithm, options: options)
        case .ecPublicKey(let named):
            let curve: Curve
            switch named {
            case .p256: curve = .p256
            case .p384: curve = .p384
            default: throw JWTError(.unsupportedKey, "EC curve \(named) is not supported")
            }
            let n = curve.coordinateByteCount
            let p = spki.subjectPublicKey
            guard p.count == 1 + 2 * n, p[0] == 0x04 else {
                throw JWTError(.invalidKey, "EC public key must be an uncompressed point of \(1 + 2 * n) bytes (SEC 1 §2.3.3)")
            }
            try self.init(curve: curve, x: Array(p[1...n]), y: Array(p[(n + 1)...]), keyID: keyID, algorithm: algorithm)
        }
    }

    /// A public JWK from PEM: `PUBLIC KEY` (SubjectPublicKeyInfo) or `RSA PUBLIC KEY` (PKCS#1), RFC 7468.
    public init(pemRepresentation pem: String, keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: Options = .default) throws {
        let doc: PEMDocument
        do { doc = try PEMDocument(pemString: pem) } catch { throw JWTError(.invalidKey, "PEM: \(error)") }
        guard doc.label == "PUBLIC KEY" || doc.label == "RSA PUBLIC KEY" else {
            if doc.label.contains("PRIVATE") {
                throw JWTError(.privateKeyMaterial, "PEM holds a private key (\(doc.label)); give the public key")
            }
            throw JWTError(.unsupportedKey, "PEM label \(quoted(doc.label)) is not a public key")
        }
        try self.init(derRepresentation: doc.derBytes, keyID: keyID, algorithm: algorithm, options: options)
    }

    /// The key as a SubjectPublicKeyInfo (RSA: rsaEncryption with NULL parameters; EC: id-ecPublicKey with the
    /// named curve and an uncompressed point). Throws `unsupportedKey` for `oct` keys, which have no SPKI form.
    public func subjectPublicKeyInfo() throws -> SubjectPublicKeyInfo {
        switch material {
        case .rsa(let r):
            return SubjectPublicKeyInfo(rsaPublicKey: PKCS1RSAPublicKey(modulus: r.modulus, publicExponent: r.exponent))
        case .ec(let e):
            let named: ECNamedCurve = e.curve == .p256 ? .p256 : .p384
            return SubjectPublicKeyInfo(algorithm: .ecPublicKey(named), subjectPublicKey: [0x04] + e.x + e.y)
        case .hmac:
            throw JWTError(.unsupportedKey, "a symmetric (oct) key has no SubjectPublicKeyInfo form")
        }
    }

    /// DER SubjectPublicKeyInfo of this key. See ``subjectPublicKeyInfo()``.
    public func derRepresentation() throws -> [UInt8] { try subjectPublicKeyInfo().derEncoded() }

    /// PEM `PUBLIC KEY` of this key. See ``subjectPublicKeyInfo()``.
    public func pemRepresentation() throws -> String { try subjectPublicKeyInfo().pemString }
}
