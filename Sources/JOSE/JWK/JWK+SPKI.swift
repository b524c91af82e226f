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
            guard (try? PKCS1RSAPublicKey(derEncoded: der)) != nil else {
                throw JWTError.make(.invalidKey, "not a SubjectPublicKeyInfo or RSAPublicKey: \(spkiError)")
            }
            try self.init(pkcs1DER: der, keyID: keyID, algorithm: algorithm, options: options)
            return
        }
        try self.init(spki: spki, keyID: keyID, algorithm: algorithm, options: options)
    }

    /// A bare PKCS#1 `RSAPublicKey` (RFC 8017 §A.1.1).
    init(pkcs1DER der: [UInt8], keyID: String?, algorithm: JWSAlgorithm?, options: Options) throws {
        let k: PKCS1RSAPublicKey
        do { k = try PKCS1RSAPublicKey(derEncoded: der) } catch {
            throw JWTError.make(.invalidKey, "not a PKCS#1 RSAPublicKey: \(error)")
        }
        try self.init(rsaModulus: k.modulus, exponent: k.publicExponent, keyID: keyID, algorithm: algorithm, options: options)
    }

    /// A public JWK from a parsed SubjectPublicKeyInfo.
    public init(spki: SubjectPublicKeyInfo, keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: Options = .default) throws {
        if spki.algorithm.isRSA {
            var alg = algorithm
            if spki.algorithm.kind == .rsassaPSS {
                alg = try Self.algorithmForPSSKey(spki.algorithm.rsassaPSSParameters, requested: algorithm)
            }
            let k: PKCS1RSAPublicKey
            do { k = try spki.rsaPublicKey() } catch { throw JWTError(.invalidKey, "RSA public key: \(error)") }
            try self.init(rsaModulus: k.modulus, exponent: k.publicExponent, keyID: keyID, algorithm: alg, options: options)
        } else if let named = spki.algorithm.namedCurve {
            let curve: Curve
            if named == .p256 { curve = .p256 } else if named == .p384 { curve = .p384 } else {
                throw JWTError(.unsupportedKey, "EC curve \(named) is not supported")
            }
            let n = curve.coordinateByteCount
            let p = spki.subjectPublicKey
            guard p.count == 1 + 2 * n, p[0] == 0x04 else {
                throw JWTError(.invalidKey, "EC public key must be an uncompressed point of \(1 + 2 * n) bytes (SEC 1 §2.3.3)")
            }
            try self.init(curve: curve, x: Array(p[1...n]), y: Array(p[(n + 1)...]), keyID: keyID, algorithm: algorithm)
        } else {
            throw JWTError(.unsupportedKey, "key algorithm \(spki.algorithm) is not supported")
        }
    }

    /// A public JWK from PEM: `PUBLIC KEY` (SubjectPublicKeyInfo) or `RSA PUBLIC KEY` (PKCS#1), RFC 7468.
    public init(pemRepresentation pem: String, keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: Options = .default) throws {
        let doc: PEMDocument
        do { doc = try PEMDocument(pemString: pem) } catch { throw JWTError.make(.invalidKey, "PEM: \(error)") }
        guard doc.label == "PUBLIC KEY" || doc.label == "RSA PUBLIC KEY" else {
            if doc.label.contains("PRIVATE") {
                throw JWTError.make(.privateKeyMaterial, "PEM holds a private key (\(doc.label)); give the public key")
            }
            throw JWTError.make(.unsupportedKey, "PEM label \(quoted(doc.label)) is not a public key")
        }
        // The label says which structure the body is (RFC 7468 §13; RFC 8017 §A.1.1): no fallback between them.
        if doc.label == "RSA PUBLIC KEY" {
            try self.init(pkcs1DER: doc.derBytes, keyID: keyID, algorithm: algorithm, options: options)
        } else {
            let spki: SubjectPublicKeyInfo
            do { spki = try SubjectPublicKeyInfo(derEncoded: doc.derBytes) } catch {
                throw JWTError.make(.invalidKey, "PUBLIC KEY is not a SubjectPublicKeyInfo: \(error)")
            }
            try self.init(spki: spki, keyID: keyID, algorithm: algorithm, options: options)
        }
    }

    /// An id-RSASSA-PSS key (RFC 4055 §1.2) may only verify RSASSA-PSS signatures, and with parameters only with
    /// its hash, its MGF1 hash and a salt at least its salt length. A JWK can carry that restriction only as its
    /// `alg`, so the key becomes a PS256/384/512 key: the `algorithm` asked for, if it fits the parameters, else the
    /// one the parameters name (hash = MGF1 hash, salt length ≤ hash length, as RFC 7518 §3.5 uses them). Without
    /// parameters and without a requested PS* algorithm, the key is refused rather than widened to every RSA use.
    static func algorithmForPSSKey(_ params: RSASSAPSSParameters?, requested: JWSAlgorithm?) throws -> JWSAlgorithm {
        func fits(_ alg: JWSAlgorithm) -> Bool {
            let hash: DigestAlgorithm, length: Int
            switch alg {
            case .ps256: (hash, length) = (.sha256, 32)
            case .ps384: (hash, length) = (.sha384, 48)
            case .ps512: (hash, length) = (.sha512, 64)
            default: return false
            }
            guard let p = params else { return true }
            return p.hashAlgorithm == hash && p.maskGenHashAlgorithm == hash && p.saltLength <= length
        }
        if let alg = requested {
            guard fits(alg) else {
                throw JWTError.make(.keyMismatch, "an id-RSASSA-PSS key cannot be used for \(alg.rawValue)")
            }
            return alg
        }
        if params != nil, let alg = [JWSAlgorithm.ps256, .ps384, .ps512].first(where: fits) { return alg }
        throw JWTError.make(.unsupportedKey,
                       "an id-RSASSA-PSS key restricts its padding; say which PS256/384/512 algorithm it is for")
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
            throw JWTError.make(.unsupportedKey, "a symmetric (oct) key has no SubjectPublicKeyInfo form")
        }
    }

    /// DER SubjectPublicKeyInfo of this key. See ``subjectPublicKeyInfo()``.
    public func derRepresentation() throws -> [UInt8] { try subjectPublicKeyInfo().derEncoded() }

    /// PEM `PUBLIC KEY` of this key. See ``subjectPublicKeyInfo()``.
    public func pemRepresentation() throws -> String { try subjectPublicKeyInfo().pemString }
}
