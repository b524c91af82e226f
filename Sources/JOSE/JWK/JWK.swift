import ECDSA
import Ed25519
import PureX509
import RSA
/// A JSON Web Key (RFC 7517) usable to verify JWS signatures: `RSA` (RFC 7518 §6.3.1), `EC` on P-256 or
/// P-384 or P-521 (RFC 7518 §6.2.1), `OKP` on Ed25519 (RFC 8037 §2), or `oct` (RFC 7518 §6.4, an HMAC secret).
///
/// The key object (RSA Montgomery context, validated EC point, HMAC secret) is built once when the JWK is
/// created and shared by every copy, so a JWK can be reused from any number of threads.
///
/// Loading refuses private members (`d`, `p`, `q`, `dp`, `dq`, `qi`, `oth`): a verification key is public.
/// `description` never prints key material.
public struct JWK: Sendable, CustomStringConvertible {
    /// A `kty` value (RFC 7517 §4.1). A struct over a private enum so that key types can be added (OKP)
    /// without breaking a caller's `switch`.
    public struct KeyType: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        private enum Backing: String, Sendable, Hashable, CaseIterable { case rsa = "RSA", ec = "EC", oct = "oct", okp = "OKP" }
        private let backing: Backing
        private init(_ b: Backing) { backing = b }

        /// `RSA` (RFC 7518 §6.3).
        public static let rsa = KeyType(.rsa)
        /// `EC` (RFC 7518 §6.2).
        public static let ec = KeyType(.ec)
        /// `oct`, a symmetric secret (RFC 7518 §6.4).
        public static let oct = KeyType(.oct)
        /// `OKP`, an octet key pair (RFC 8037 §2); here only with `crv` `Ed25519`.
        public static let okp = KeyType(.okp)

        /// The `kty` value.
        public var rawValue: String { backing.rawValue }
        /// The key type whose `kty` is exactly `rawValue` (byte for byte, case-sensitive), or nil.
        public init?(rawValue: String) {
            guard let b = Backing.allCases.first(where: { $0.rawValue.utf8.elementsEqual(rawValue.utf8) }) else { return nil }
            backing = b
        }
        public var description: String { rawValue }
    }

    /// Key-loading policy.
    public struct Options: Sendable, Equatable {
        /// The RSA module's key rules (modulus size 2048…16384 bits by default, ROCA moduli refused).
        public var rsa: RSAKeyOptions
        /// Smallest RSA modulus accepted, in bits (``rsa``'s minimum). Default 2048 (RFC 7518 §3.3, §3.5);
        /// 1024 only when asked.
        public var minimumRSAModulusBits: Int {
            get { rsa.minimumModulusBits }
            set { rsa.minimumModulusBits = newValue }
        }
        public init(minimumRSAModulusBits: Int = 2048) { rsa = RSAKeyOptions(minimumModulusBits: minimumRSAModulusBits) }
        public init(rsa: RSAKeyOptions) { self.rsa = rsa }
        public static let `default` = Options()
    }

    public let keyType: KeyType
    /// `crv` for EC and OKP keys.
    public let curve: Curve?
    /// `kid` (RFC 7517 §4.5).
    public let keyID: String?
    /// `alg` (RFC 7517 §4.4) exactly as given; it may name an algorithm this library does not know.
    public let algorithm: String?
    /// `use` (RFC 7517 §4.2).
    public let use: String?
    /// `key_ops` (RFC 7517 §4.3).
    public let keyOperations: [String]?

    let material: KeyMaterial

    /// The public key of an `RSA`, `EC` or `OKP` JWK — the package's one key type, which verifies JWS and X.509
    /// signatures alike; nil for an `oct` key.
    public var publicKey: Certificate.PublicKey? { if case .asymmetric(let k) = material { return k } else { return nil } }

    /// RSA modulus `n` (big-endian, no leading zeros), for RSA keys.
    public var modulus: [UInt8]? { publicKey?.rsa?.modulus }
    /// RSA public exponent `e` (big-endian, no leading zeros), for RSA keys.
    public var publicExponent: [UInt8]? { publicKey?.rsa?.publicExponent }
    /// EC `x` coordinate, exactly ``Curve/coordinateByteCount`` bytes; for an OKP key, the 32-byte Ed25519
    /// public key (RFC 8037 §2).
    public var x: [UInt8]? {
        guard let k = publicKey else { return nil }
        if let e = k.ed25519 { return e.rawRepresentation }
        guard let p = k.x963Representation else { return nil }
        return Array(p[1...((p.count - 1) / 2)])
    }
    /// EC `y` coordinate, exactly ``Curve/coordinateByteCount`` bytes.
    public var y: [UInt8]? {
        guard let p = publicKey?.x963Representation else { return nil }
        return Array(p[((p.count - 1) / 2 + 1)...])
    }
    /// RSA modulus size in bits.
    public var modulusBitCount: Int? { publicKey?.rsa?.modulusBitCount }
    /// For `oct` keys, the number of secret bytes (the secret itself is not exposed by `description`).
    public var symmetricKeyByteCount: Int? { if case .hmac(let h) = material { return h.secret.count } else { return nil } }

    /// The secret of an `oct` key. Handle with care: this is key material.
    public var symmetricKeyBytes: [UInt8]? { if case .hmac(let h) = material { return h.secret } else { return nil } }

    public var description: String {
        var parts = ["kty=\(keyType.rawValue)"]
        if let c = curve { parts.append("crv=\(c.rawValue)") }
        if let b = modulusBitCount { parts.append("bits=\(b)") }
        if let n = symmetricKeyByteCount { parts.append("bytes=\(n)") }
        if let k = keyID { parts.append("kid=\(quoted(k))") }
        if let a = algorithm { parts.append("alg=\(quoted(a))") }
        if let u = use { parts.append("use=\(quoted(u))") }
        if let o = keyOperations { parts.append("key_ops=\(o)") }
        return "JWK(" + parts.joined(separator: ", ") + ")"
    }

    // MARK: Loading

    /// Parses one JWK from JSON text.
    public init(json: String, options: Options = .default) throws(JWTError) {
        try self.init(json: Array(json.utf8), options: options)
    }

    /// Parses one JWK from JSON bytes.
    public init(json: [UInt8], options: Options = .default) throws(JWTError) {
        guard case .object(let o) = try JSONValue(parsing: json, limits: JSONLimits(maxDepth: 8, maxBytes: 1 << 18)) else {
            throw JWTError.make(.invalidKey, "a JWK must be a JSON object")
        }
        try self.init(object: o, options: options)
    }

    /// Builds a JWK from a parsed JSON object (RFC 7517 §4).
    public init(object o: JSONObject, options: Options = .default) throws(JWTError) {
        func string(_ name: String) throws(JWTError) -> String? {
            guard let v = o[name] else { return nil }
            guard case .string(let s) = v else { throw JWTError.make(.invalidKey, "JWK member \(quoted(name)) must be a string") }
            return s
        }
        func bytes(_ name: String, secret: Bool = false) throws(JWTError) -> [UInt8] {
            guard let s = try string(name) else { throw JWTError.make(.invalidKey, "JWK is missing \(quoted(name))") }
            do { return try secret ? Base64URL.decodeSecret(s) : Base64URL.decode(s) } catch let e {
                throw JWTError.make(.invalidKey, "JWK member \(quoted(name)): \(e.reason)")
            }
        }
        // Private members are refused first, whatever else is wrong with the object (RFC 7517 §9.2: a
        // verification key is public; a published set holding a private key has leaked it).
        if let m = JWK.privateMember(in: o) {
            throw JWTError.make(.privateKeyMaterial, "JWK carries the private member \(quoted(m)); a verification key is public (RFC 7517 §9.2)")
        }
        guard let kty = try string("kty") else { throw JWTError.make(.invalidKey, "JWK is missing \"kty\"") }
        keyID = try string("kid")
        algorithm = try string("alg")
        use = try string("use")
        if let ops = o["key_ops"] {
            guard case .array(let a) = ops else { throw JWTError.make(.invalidKey, "\"key_ops\" must be an array of strings") }
            var list: [String] = []
            for e in a {
                guard case .string(let s) = e else { throw JWTError.make(.invalidKey, "\"key_ops\" must be an array of strings") }
                // RFC 7517 §4.3: duplicate key operation values MUST NOT be present.
                if list.contains(where: { sameBytes($0, s) }) {
                    throw JWTError.make(.invalidKey, "\"key_ops\" repeats \(quoted(s))")
                }
                list.append(s)
            }
            keyOperations = list
        } else {
            keyOperations = nil
        }

        switch kty {
        case _ where sameBytes(kty, "RSA"):
            keyType = .rsa
            curve = nil
            let n = try bytes("n"), e = try bytes("e")
            material = .asymmetric(try JWK.rsaKey(modulus: n, exponent: e, options: options))
        case _ where sameBytes(kty, "EC"):
            keyType = .ec
            guard let crv = try string("crv") else { throw JWTError.make(.invalidKey, "EC JWK is missing \"crv\"") }
            guard let c = Curve(rawValue: crv), c.isWeierstrass else {
                throw JWTError.make(.unsupportedKey, "EC curve \(quoted(crv)) is not supported (P-256, P-384 and P-521 are)")
            }
            curve = c
            let x = try JWK.normaliseCoordinate(try bytes("x"), curve: c, name: "x")
            let y = try JWK.normaliseCoordinate(try bytes("y"), curve: c, name: "y")
            material = .asymmetric(try JWK.ecKey(curve: c, x: x, y: y))
        case _ where sameBytes(kty, "OKP"):
            keyType = .okp
            guard let crv = try string("crv") else { throw JWTError.make(.invalidKey, "OKP JWK is missing \"crv\"") }
            guard let c = Curve(rawValue: crv), c == .ed25519 else {
                throw JWTError.make(.unsupportedKey, "OKP curve \(quoted(crv)) is not supported (Ed25519 is; RFC 8037 §2)")
            }
            curve = c
            material = .asymmetric(try JWK.ed25519Key(try bytes("x")))
        case _ where sameBytes(kty, "oct"):
            keyType = .oct
            curve = nil
            material = .hmac(HMACKeyHolder(secret: try bytes("k", secret: true)))
        default:
            throw JWTError.make(.unsupportedKey, "key type \(quoted(kty)) is not supported (RSA, EC, OKP and oct are)")
        }
    }

    /// The members that only a private key has (RFC 7518 §6.2.2, §6.3.2; OKP's `d`, RFC 8037 §2).
    static let privateMemberNames = ["d", "p", "q", "dp", "dq", "qi", "oth"]

    /// The first private member `o` carries, if any (checked before anything else about the object).
    static func privateMember(in o: JSONObject) -> String? {
        privateMemberNames.first { o[$0] != nil }
    }

    /// An RSA public key from its modulus and exponent (big-endian; one leading zero byte is tolerated).
    public init(rsaModulus n: [UInt8], exponent e: [UInt8], keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: Options = .default) throws(JWTError) {
        self.keyType = .rsa
        self.curve = nil
        self.keyID = keyID
        self.algorithm = algorithm?.rawValue
        self.use = nil
        self.keyOperations = nil
        self.material = .asymmetric(try JWK.rsaKey(modulus: n, exponent: e, options: options))
    }

    /// An EC public key from its affine coordinates (each normalised as for JSON input).
    public init(curve: Curve, x: [UInt8], y: [UInt8], keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) {
        guard curve.isWeierstrass else {
            throw JWTError.make(.unsupportedKey, "\(curve.rawValue) is not an EC curve (use JWK(ed25519PublicKey:) for an OKP key)")
        }
        self.keyType = .ec
        self.curve = curve
        self.keyID = keyID
        self.algorithm = algorithm?.rawValue
        self.use = nil
        self.keyOperations = nil
        let nx = try JWK.normaliseCoordinate(x, curve: curve, name: "x")
        let ny = try JWK.normaliseCoordinate(y, curve: curve, name: "y")
        self.material = .asymmetric(try JWK.ecKey(curve: curve, x: nx, y: ny))
    }

    /// An Ed25519 public key (`OKP`, RFC 8037 §2) from its 32-byte encoding `x` (RFC 8032 §5.1.5).
    public init(ed25519PublicKey x: [UInt8], keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) {
        self.keyType = .okp
        self.curve = .ed25519
        self.keyID = keyID
        self.algorithm = algorithm?.rawValue
        self.use = nil
        self.keyOperations = nil
        self.material = .asymmetric(try JWK.ed25519Key(x))
    }

    /// A JWK around a public key (`RSA`, `EC` or `OKP`). An id-RSASSA-PSS key, which may only verify RSASSA-PSS, gets
    /// the PS256/384/512 algorithm its parameters name (or `algorithm`, if it fits them), as from a
    /// SubjectPublicKeyInfo; without parameters it needs `algorithm`.
    public init(publicKey: Certificate.PublicKey, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) {
        var alg = algorithm
        if let r = publicKey.rsa {
            keyType = .rsa
            curve = nil
            if r.isPSSOnly { alg = try JWK.algorithmForPSSKey(r.pssParameters, requested: algorithm) }
        } else if publicKey.ed25519 != nil {
            keyType = .okp
            curve = .ed25519
        } else {
            guard let named = publicKey.namedCurve, let c = Curve(namedCurve: named) else {
                throw JWTError.make(.unsupportedKey, "\(publicKey) has no JWK form")
            }
            keyType = .ec
            curve = c
        }
        self.keyID = keyID
        self.algorithm = alg?.rawValue
        self.use = nil
        self.keyOperations = nil
        self.material = .asymmetric(publicKey)
    }

    /// An RSA key from `n` and `e` (RFC 7518 §6.3.1), under `options`' size rules.
    static func rsaKey(modulus n: [UInt8], exponent e: [UInt8], options: Options) throws(JWTError) -> Certificate.PublicKey {
        // RFC 7518 §6.3.1.1 asks for the minimal encoding; one leading zero byte (a signed-integer habit seen in
        // real JWK Sets) is tolerated and removed.
        var n = n[...]
        if n.count > 1 && n.first == 0 { n = n.dropFirst() }
        guard let top = n.first, top != 0 else { throw JWTError(.invalidKey, "RSA modulus is zero or has leading zeros") }
        var e = e[...]
        while e.count > 1 && e.first == 0 { e = e.dropFirst() }
        // The size, exponent and ROCA rules are the RSA module's (RSAKeyOptions); only the codes are mapped here.
        do throws(RSAKeyError) {
            return Certificate.PublicKey(try RSAPublicKey(modulus: Array(n), publicExponent: Array(e), options: options.rsa))
        } catch {
            switch error.code {
            case .modulusTooSmall, .modulusTooLarge: throw JWTError(.unsupportedKey, "RSA key refused: \(error.reason)")
            default: throw JWTError(.invalidKey, "RSA key refused: \(error.reason)")
            }
        }
    }

    /// An EC key from its coordinates, each already the curve's size (RFC 7518 §6.2.1), validated as a point once.
    static func ecKey(curve: Curve, x: [UInt8], y: [UInt8]) throws(JWTError) -> Certificate.PublicKey {
        guard let named = curve.spec.namedCurve else {
            throw JWTError.make(.unsupportedKey, "\(curve.rawValue) is not an EC curve with an ECDSA verifier here (P-256, P-384 and P-521 are)")
        }
        do throws(ECDSAError) {
            return try Certificate.PublicKey(namedCurve: named, point: [4] + x + y)
        } catch {
            if error.code == .unsupportedCurve {
                throw JWTError.make(.unsupportedKey, "\(curve.rawValue) is not an EC curve with an ECDSA verifier here (P-256, P-384 and P-521 are)")
            }
            throw JWTError.make(.invalidKey, "EC public key refused: \(error)")
        }
    }

    /// An Ed25519 key (`OKP`, RFC 8037 §2) from the 32-byte encoding of RFC 8032 §5.1.5, decoded and validated once
    /// (canonical y < p, on the curve, not of small order).
    static func ed25519Key(_ x: [UInt8]) throws(JWTError) -> Certificate.PublicKey {
        let size = JWK.Curve.ed25519.coordinateByteCount
        guard x.count == size else {
            throw JWTError.make(.invalidKey, "OKP member \"x\" is \(x.count) bytes; an Ed25519 public key is \(size) (RFC 8037 §2)")
        }
        do throws(Ed25519Error) { return Certificate.PublicKey(try Curve25519.Signing.PublicKey(rawRepresentation: x)) } catch {
            throw JWTError.make(.invalidKey, "Ed25519 public key refused: \(error)")
        }
    }

    /// A symmetric (`oct`) key for HS256/384/512.
    public init(symmetricKey secret: some Sequence<UInt8>, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) {
        self.keyType = .oct
        self.curve = nil
        self.keyID = keyID
        self.algorithm = algorithm?.rawValue
        self.use = nil
        self.keyOperations = nil
        self.material = .hmac(HMACKeyHolder(secret: Array(secret)))
    }

    /// EC coordinate policy: exactly the field size is accepted; one byte more with a leading 0x00 (seen from
    /// encoders that treat the value as a signed integer) and one byte less (the leading zero byte dropped, seen
    /// from Keycloak) are normalised to the field size; anything else is refused. RFC 7518 §6.2.1.2 asks for the
    /// full size; whether the value is below the field prime is checked when the point is validated.
    static func normaliseCoordinate(_ v: [UInt8], curve: Curve, name: String) throws(JWTError) -> [UInt8] {
        let n = curve.coordinateByteCount
        if v.count == n { return v }
        if v.count == n + 1 && v[0] == 0 { return Array(v.dropFirst()) }
        if v.count == n - 1 { return [0] + v }
        throw JWTError.make(.invalidKey, "EC coordinate \(quoted(name)) is \(v.count) bytes; \(curve.rawValue) needs \(n) (RFC 7518 §6.2.1.2)")
    }

    // MARK: Fitness for an algorithm

    /// Checks that this key may verify `alg` (RFC 7517 §4.2–4.4, RFC 7518 §3, RFC 8725 §3.1):
    /// `use` is `sig` if present, `key_ops` contains `verify` if present, the JWK's own `alg` equals `alg` if
    /// present, and the key type/curve fits. HMAC secrets must be at least as long as the hash (RFC 7518 §3.2).
    ///
    /// The JWK `alg` comparison is byte-exact: no aliases. (Wycheproof's RFC 7520 P-521 keys say `"ES521"` for
    /// ES512; such a key fits no algorithm, ES512 included.) `EdDSA` and `Ed25519`
    /// (RFC 9864) are distinct algorithms: a key whose JWK `alg` is one of them does not fit the other.
    public func checkFits(_ alg: JWSAlgorithm) throws(JWTError) {
        // Each refusal names its rule: the member or property at fault, what the algorithm needs, the RFC.
        if let u = use, !sameBytes(u, "sig") {
            throw JWTError.make(.keyMismatch, "key \(kidText) has use \(quoted(u)); verifying needs use \"sig\" (RFC 7517 §4.2)")
        }
        if let ops = keyOperations, !ops.contains(where: { sameBytes($0, "verify") }) {
            let list = ops.map { quoted($0) }.joined(separator: ", ")
            throw JWTError.make(.keyMismatch, "key \(kidText) has key_ops [\(list)] without \"verify\" (RFC 7517 §4.3)")
        }
        if let a = algorithm, !sameBytes(a, alg.rawValue) {
            throw JWTError.make(.keyMismatch, "key \(kidText) is for alg \(quoted(a)) (its JWK alg); the token's alg is \(alg.rawValue) (RFC 7517 §4.4)")
        }
        switch (alg.family, material) {
        case (.hmac, .hmac(let h)):
            if h.secret.count < alg.hashByteCount {
                throw JWTError.make(.weakKey, "the oct key \(kidText) is \(h.secret.count) bytes; \(alg.rawValue) needs at least \(alg.hashByteCount) (RFC 7518 §3.2)")
            }
        case (.rsaPKCS1, .asymmetric(let k)) where k.rsa != nil, (.rsaPSS, .asymmetric(let k)) where k.rsa != nil,
             (.eddsa, .asymmetric(let k)) where k.ed25519 != nil:
            break
        case (.ecdsa, .asymmetric(let k)) where k.namedCurve != nil:
            // The algorithm's curve is its row in the table (RFC 7518 §3.4).
            let need = alg.spec.curve
            if let c = curve, c != need {
                throw JWTError.make(.keyMismatch, "key \(kidText) is on \(c.rawValue); \(alg.rawValue) needs \(need?.rawValue ?? "no EC key") (RFC 7518 §3.4)")
            }
        default:
            let need: String
            switch alg.family {
            case .hmac: need = "an oct key (RFC 7518 §3.2)"
            case .rsaPKCS1: need = "an RSA key (RFC 7518 §3.3)"
            case .rsaPSS: need = "an RSA key (RFC 7518 §3.5)"
            case .ecdsa: need = "an EC key (RFC 7518 §3.4)"
            case .eddsa: need = "an OKP key on Ed25519 (RFC 8037 §3.1)"
            }
            throw JWTError.make(.keyMismatch, "key \(kidText) is an \(keyType.rawValue) key; \(alg.rawValue) needs \(need)")
        }
    }

    /// Whether ``checkFits(_:)`` passes.
    public func fits(_ alg: JWSAlgorithm) -> Bool { (try? checkFits(alg)) != nil }

    var kidText: String { keyID.map { quoted($0) } ?? "(no kid)" }

    /// Verifies `signature` over `signingInput` with this key for `alg`, after ``checkFits(_:)``.
    /// Returns normally on success; throws `invalidSignature` on a bad signature.
    func verify(_ alg: JWSAlgorithm, signature: [UInt8], signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) {
        try checkFits(alg)
        let ok: Bool
        switch material {
        case .hmac(let h): ok = try HMACFamily.verify(alg, key: h, signature: signature, signingInput: signingInput)
        case .asymmetric(let k): ok = try k.isValidSignature(signature, alg: alg, signingInput: signingInput)
        }
        if !ok { throw JWTError.make(.invalidSignature, "signature does not verify with key \(kidText) (\(alg.rawValue))") }
    }
}

/// The key object behind a JWK, built once: an HMAC secret, or the package's one public-key type.
enum KeyMaterial: Sendable {
    case hmac(HMACKeyHolder)
    case asymmetric(Certificate.PublicKey)
}
