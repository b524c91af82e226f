import DER
import Ed25519

extension JWK {
    /// A public JWK from DER: a SubjectPublicKeyInfo (RFC 5280 §4.1.2.7; RSA per RFC 3279 §2.3.1, EC per
    /// RFC 5480 §2, Ed25519 per RFC 8410 §4) or a bare PKCS#1 `RSAPublicKey` (RFC 8017 §A.1.1). EC points must be
    /// uncompressed.
    public init(derRepresentation der: [UInt8], keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: Options = .default) throws(JWTError) {
        if let curve = JWK.rfc8410Curve(der) {
            try self.init(rfc8410SPKI: der, curve: curve, keyID: keyID, algorithm: algorithm)
            return
        }
        let spki: SubjectPublicKeyInfo
        do {
            spki = try SubjectPublicKeyInfo(derEncoded: der)
        } catch let spkiError {
            // An SPKI of an algorithm or curve the DER module does not know is refused as such.
            if spkiError.code.isUnsupported {
                throw JWTError.make(.unsupportedKey, "SubjectPublicKeyInfo: \(spkiError)")
            }
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
    init(pkcs1DER der: [UInt8], keyID: String?, algorithm: JWSAlgorithm?, options: Options) throws(JWTError) {
        let k: PKCS1RSAPublicKey
        do { k = try PKCS1RSAPublicKey(derEncoded: der) } catch {
            throw JWTError.make(.invalidKey, "not a PKCS#1 RSAPublicKey: \(error)")
        }
        try self.init(rsaModulus: k.modulus, exponent: k.publicExponent, keyID: keyID, algorithm: algorithm, options: options)
    }

    /// A public JWK from a parsed SubjectPublicKeyInfo.
    public init(spki: SubjectPublicKeyInfo, keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: Options = .default) throws(JWTError) {
        if spki.algorithm.isRSA {
            var alg = algorithm
            if spki.algorithm.kind == .rsassaPSS {
                alg = try Self.algorithmForPSSKey(spki.algorithm.rsassaPSSParameters, requested: algorithm)
            }
            let k: PKCS1RSAPublicKey
            do { k = try spki.rsaPublicKey() } catch { throw JWTError(.invalidKey, "RSA public key: \(error)") }
            try self.init(rsaModulus: k.modulus, exponent: k.publicExponent, keyID: keyID, algorithm: alg, options: options)
        } else if let named = spki.algorithm.namedCurve {
            guard let curve = Curve(namedCurve: named) else {
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
                options: Options = .default) throws(JWTError) {
        let doc: PEMDocument
        do { doc = try PEMDocument(pemString: pem) } catch { throw JWTError.make(.invalidKey, "PEM: \(error)") }
        guard doc.label == "PUBLIC KEY" || doc.label == "RSA PUBLIC KEY" else {
            if containsBytes(doc.label, "PRIVATE") {
                throw JWTError.make(.privateKeyMaterial, "PEM holds a private key (\(doc.label)); give the public key")
            }
            throw JWTError.make(.unsupportedKey, "PEM label \(quoted(doc.label)) is not a public key")
        }
        // The label says which structure the body is (RFC 7468 §13; RFC 8017 §A.1.1): no fallback between them.
        if doc.label == "RSA PUBLIC KEY" {
            try self.init(pkcs1DER: doc.derBytes, keyID: keyID, algorithm: algorithm, options: options)
        } else if let curve = JWK.rfc8410Curve(doc.derBytes) {
            try self.init(rfc8410SPKI: doc.derBytes, curve: curve, keyID: keyID, algorithm: algorithm)
        } else {
            let spki: SubjectPublicKeyInfo
            do { spki = try SubjectPublicKeyInfo(derEncoded: doc.derBytes) } catch {
                if error.code.isUnsupported { throw JWTError.make(.unsupportedKey, "PUBLIC KEY: \(error)") }
                throw JWTError.make(.invalidKey, "PUBLIC KEY is not a SubjectPublicKeyInfo: \(error)")
            }
            try self.init(spki: spki, keyID: keyID, algorithm: algorithm, options: options)
        }
    }

    /// The curve name of an RFC 8410 SubjectPublicKeyInfo (id-X25519, id-X448, id-Ed25519, id-Ed448), read by the DER
    /// module's AlgorithmIdentifier reader; nil for any other structure (which then goes to the DER module's
    /// SubjectPublicKeyInfo reader).
    static func rfc8410Curve(_ der: [UInt8]) -> String? {
        guard var r = try? DERReader(der), let top = try? r.next(.sequence), var s = try? top.contentsReader(),
              let algorithm = try? s.readPublicKeyAlgorithm(), algorithm.rfc8410KeyByteCount != nil else { return nil }
        return algorithm.kind.description
    }

    /// An RFC 8410 SubjectPublicKeyInfo: Ed25519 is read strictly by the Ed25519 module (RFC 8410 §4: no
    /// parameters, a 32-byte key, a BIT STRING without unused bits); the other curves are refused as unsupported.
    init(rfc8410SPKI der: [UInt8], curve: String, keyID: String?, algorithm: JWSAlgorithm?) throws(JWTError) {
        guard curve == "Ed25519" else {
            throw JWTError.make(.unsupportedKey, "\(curve) keys are not supported (Ed25519 is; RFC 8037 §2)")
        }
        let key: Curve25519.Signing.PublicKey
        do { key = try Curve25519.Signing.PublicKey(derRepresentation: der) } catch {
            throw JWTError.make(.invalidKey, "Ed25519 SubjectPublicKeyInfo refused: \(error)")
        }
        try self.init(ed25519PublicKey: key.rawRepresentation, keyID: keyID, algorithm: algorithm)
    }

    /// An id-RSASSA-PSS key (RFC 4055 §1.2) may only verify RSASSA-PSS signatures, and with parameters only with
    /// its hash, its MGF1 hash and a salt at least its salt length. A JWK can carry that restriction only as its
    /// `alg`, so the key becomes a PS256/384/512 key: the `algorithm` asked for, if it fits the parameters, else the
    /// one the parameters name (hash = MGF1 hash, salt length ≤ hash length, as RFC 7518 §3.5 uses them). Without
    /// parameters and without a requested PS* algorithm, the key is refused rather than widened to every RSA use.
    static func algorithmForPSSKey(_ params: RSASSAPSSParameters?, requested: JWSAlgorithm?) throws(JWTError) -> JWSAlgorithm {
        func fits(_ alg: JWSAlgorithm) -> Bool {
            let spec = alg.spec
            guard spec.family == .rsaPSS else { return false }
            guard let p = params else { return true }
            let hash = spec.hash.digest
            return p.hashAlgorithm == hash && p.maskGenHashAlgorithm == hash && p.saltLength <= spec.hash.byteCount
        }
        if let alg = requested {
            guard fits(alg) else {
                throw JWTError.make(.keyMismatch, "an id-RSASSA-PSS key cannot be used for \(alg.rawValue)")
            }
            return alg
        }
        if params != nil, let alg = JWSAlgorithm.allCases.first(where: fits) { return alg }
        throw JWTError.make(.unsupportedKey,
                       "an id-RSASSA-PSS key restricts its padding; say which PS256/384/512 algorithm it is for")
    }

    /// The key as a SubjectPublicKeyInfo (RSA: rsaEncryption with NULL parameters; EC: id-ecPublicKey with the
    /// named curve and an uncompressed point). Throws `unsupportedKey` for `oct` keys, which have no SPKI form, and
    /// for Ed25519 keys, whose algorithm the DER module's `SubjectPublicKeyInfo` does not model: use
    /// ``derRepresentation()`` / ``pemRepresentation()``, which handle every asymmetric key.
    public func subjectPublicKeyInfo() throws(JWTError) -> SubjectPublicKeyInfo {
        guard let k = publicKey else {
            throw JWTError.make(.unsupportedKey, "a symmetric (oct) key has no SubjectPublicKeyInfo form")
        }
        if k.ed25519 != nil {
            throw JWTError.make(.unsupportedKey, "an Ed25519 key's SubjectPublicKeyInfo is written by derRepresentation() (RFC 8410 §4)")
        }
        if let r = k.rsa {
            return SubjectPublicKeyInfo(rsaPublicKey: PKCS1RSAPublicKey(modulus: r.modulus, publicExponent: r.publicExponent))
        }
        guard let named = k.namedCurve, let point = k.x963Representation else {
            throw JWTError.make(.unsupportedKey, "\(k) has no SubjectPublicKeyInfo form")
        }
        return SubjectPublicKeyInfo(algorithm: .ecPublicKey(named), subjectPublicKey: point)
    }

    /// DER SubjectPublicKeyInfo of this key. See ``subjectPublicKeyInfo()``.
    /// For Ed25519, the RFC 8410 §4 form (44 bytes).
    public func derRepresentation() throws(JWTError) -> [UInt8] {
        if let e = publicKey?.ed25519 { return e.derRepresentation }
        return try subjectPublicKeyInfo().derEncoded()
    }

    /// PEM `PUBLIC KEY` of this key. See ``subjectPublicKeyInfo()``; for Ed25519, RFC 8410 §10.1.
    public func pemRepresentation() throws(JWTError) -> String {
        if let e = publicKey?.ed25519 { return e.pemRepresentation }
        return try subjectPublicKeyInfo().pemString
    }
}
