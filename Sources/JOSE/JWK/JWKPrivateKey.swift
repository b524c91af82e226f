// Hosted only (signing keys): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
import SHA2
import DER
import RSA
import ECDSA
import Ed25519

/// A private or secret JSON Web Key (RFC 7517, RFC 7518 §6.2.2 EC on P-256/P-384/P-521, §6.3.2 RSA, §6.4 `oct`,
/// RFC 8037 §2 `OKP` on Ed25519): what a ``JWTSigner`` signs with.
///
/// A type of its own, never a ``JWK``: ``JWKSet`` and ``JWTVerifier`` only take ``JWK`` values, and a JWK document
/// with private members is refused there (`privateKeyMaterial`), so a private key cannot end up in a verifier's or
/// a published key set by accident. Use ``publicJWK`` for the verification half.
///
/// `description` never prints key material.
public struct JWKPrivateKey: Sendable, CustomStringConvertible {
    /// `kty`.
    public var keyType: JWK.KeyType { publicPart.keyType }
    /// `crv` for EC and OKP keys.
    public var curve: JWK.Curve? { publicPart.curve }
    /// `kid` (RFC 7517 §4.5).
    public var keyID: String? { publicPart.keyID }
    /// `alg` exactly as given.
    public var algorithm: String? { publicPart.algorithm }
    /// `use`.
    public var use: String? { publicPart.use }
    /// `key_ops`.
    public var keyOperations: [String]? { publicPart.keyOperations }

    /// The public members (for `oct`, the secret JWK itself), checked as a verification key would be.
    let publicPart: JWK
    let material: SigningKey

    public var description: String {
        var parts = ["kty=\(keyType.rawValue)", "private"]
        if let c = curve { parts.append("crv=\(c.rawValue)") }
        if let b = publicPart.modulusBitCount { parts.append("bits=\(b)") }
        if let n = publicPart.symmetricKeyByteCount { parts.append("bytes=\(n)") }
        if let k = keyID { parts.append("kid=\(quoted(k))") }
        if let a = algorithm { parts.append("alg=\(quoted(a))") }
        return "JWKPrivateKey(" + parts.joined(separator: ", ") + ")"
    }

    // MARK: Loading

    /// Parses one private JWK from JSON text.
    public init(json: String, options: JWK.Options = .default) throws(JWTError) {
        try self.init(json: Array(json.utf8), options: options)
    }

    /// Parses one private JWK from JSON bytes.
    public init(json: [UInt8], options: JWK.Options = .default) throws(JWTError) {
        guard case .object(let o) = try JSONValue(parsing: json, limits: JSONLimits(maxDepth: 8, maxBytes: 1 << 18)) else {
            throw signingError(.invalidKey, "a JWK must be a JSON object")
        }
        try self.init(object: o, options: options)
    }

    /// The private members of each key type (RFC 7518 §6.2.2, §6.3.2).
    static let privateMembers = ["d", "p", "q", "dp", "dq", "qi", "oth"]

    /// Builds a private JWK from a parsed JSON object. EC: `d` of exactly the curve's size (32, 48 or 66 bytes) with
    /// d·G = (x, y). OKP (Ed25519, RFC 8037 §2): `d`, the 32-byte seed, whose public key (RFC 8032 §5.1.5) is `x`.
    /// RSA: `d`, and either all of `p`, `q`, `dp`, `dq`, `qi` or none of them (`oth`, multi-prime, is refused);
    /// the key must be consistent. `oct`: `k`.
    public init(object o: JSONObject, options: JWK.Options = .default) throws(JWTError) {
        // The public half is checked exactly as a verification key is (kty, crv, x/y on the curve, n/e, key_ops …).
        var publicMembers: [(String, JSONValue)] = []
        for m in o.members where !Self.privateMembers.contains(where: { sameBytes($0, m.name) }) {
            publicMembers.append((m.name, m.value))
        }
        let pub = try JWK(object: try JSONObject(publicMembers), options: options)
        func bytes(_ name: String) throws(JWTError) -> [UInt8]? {
            guard let v = o[name] else { return nil }
            guard case .string(let s) = v else { throw signingError(.invalidKey, "JWK member \(quoted(name)) must be a string") }
            do { return try Base64URL.decodeSecret(s) } catch let e {
                throw signingError(.invalidKey, "JWK member \(quoted(name)): \(e.reason)")
            }
        }
        if case .hmac(let h) = pub.material {
            for m in Self.privateMembers where o[m] != nil {
                throw signingError(.invalidKey, "an oct JWK has no member \(quoted(m))")
            }
            publicPart = pub
            material = .hmac(h)
            return
        }
        guard let d = try bytes("d") else {
            throw signingError(.invalidKey, "the JWK has no private member \"d\": it is a public key")
        }
        if let curve = pub.curve, let x = pub.x, let y = pub.y {
            // RFC 7518 §6.2.2.1: d is exactly the coordinate size; it must be the key (x, y) describes.
            guard d.count == curve.coordinateByteCount else {
                throw signingError(.invalidKey, "EC \"d\" is \(d.count) bytes; \(curve.rawValue) needs exactly \(curve.coordinateByteCount)")
            }
            for m in ["p", "q", "dp", "dq", "qi", "oth"] where o[m] != nil {
                throw signingError(.invalidKey, "an EC JWK has no member \(quoted(m))")
            }
            let key = try ECSigningKey(curve: curve, d: d)
            guard Array(key.publicX963.dropFirst()) == x + y else {
                throw signingError(.invalidKey, "EC \"d\" does not belong to the public key (x, y): d·G differs")
            }
            publicPart = pub
            material = .ec(key)
            return
        }
        if pub.keyType == .okp, let x = pub.x {
            // RFC 8037 §2: d is the 32-byte seed of RFC 8032 §5.1.5; x must be the public key it gives.
            guard d.count == 32 else {
                throw signingError(.invalidKey, "OKP \"d\" is \(d.count) bytes; an Ed25519 private key (seed) is exactly 32 (RFC 8037 §2)")
            }
            for m in ["p", "q", "dp", "dq", "qi", "oth"] where o[m] != nil {
                throw signingError(.invalidKey, "an OKP JWK has no member \(quoted(m))")
            }
            let key: Curve25519.Signing.PrivateKey
            do { key = try Curve25519.Signing.PrivateKey(rawRepresentation: d) } catch {
                throw signingError(.invalidKey, "Ed25519 private key refused: \(error)")
            }
            guard key.publicKey.rawRepresentation == x else {
                throw signingError(.invalidKey, "OKP \"x\" is not the public key of \"d\" (RFC 8032 §5.1.5): d belongs to another key")
            }
            publicPart = pub
            material = .ed25519(key)
            return
        }
        guard let n = pub.modulus, let e = pub.publicExponent else {
            throw signingError(.unsupportedKey, "private \(pub.keyType.rawValue) JWKs are not supported")
        }
        // RFC 7518 §6.3.2: d, then either all of p q dp dq qi or none; oth (multi-prime) is not supported.
        if o["oth"] != nil {
            throw signingError(.unsupportedKey, "multi-prime RSA keys (\"oth\") are not supported")
        }
        var crt: [[UInt8]?] = []
        for name in ["p", "q", "dp", "dq", "qi"] { crt.append(try bytes(name)) }
        let present = crt.filter { $0 != nil }.count
        let rsaOptions = options.rsa
        let key: RSAPrivateKey
        do {
            if present == 5 {
                key = try RSAPrivateKey(modulus: n, publicExponent: e, privateExponent: d, prime1: crt[0]!, prime2: crt[1]!,
                                        exponent1: crt[2]!, exponent2: crt[3]!, coefficient: crt[4]!, options: rsaOptions)
            } else if present == 0 {
                key = try RSAPrivateKey(modulus: n, publicExponent: e, privateExponent: d, options: rsaOptions)
            } else {
                throw signingError(.invalidKey, "an RSA JWK gives either all of p, q, dp, dq, qi or none of them (RFC 7518 §6.3.2)")
            }
        } catch let e as JWTError {
            throw e
        } catch {
            throw JWKPrivateKey.rsaError("RSA private key refused", error)
        }
        publicPart = pub
        material = .rsa(key)
    }

    /// A private JWK around an already checked EC, OKP or RSA key.
    init(material: SigningKey, keyID: String?, algorithm: JWSAlgorithm?, options: JWK.Options = .default) throws(JWTError) {
        switch material {
        case .hmac(let h):
            publicPart = JWK(symmetricKey: h.secret, keyID: keyID, algorithm: algorithm)
        case .ec(let k):
            // 04 ‖ x ‖ y, each the curve's coordinate size.
            let point = k.publicX963
            let n = k.curve.coordinateByteCount
            publicPart = try JWK(curve: k.curve, x: Array(point[1...n]), y: Array(point[(n + 1)...]), keyID: keyID, algorithm: algorithm)
        case .rsa(let k):
            publicPart = try JWK(rsaModulus: k.publicKey.modulus, exponent: k.publicKey.publicExponent, keyID: keyID,
                                 algorithm: algorithm, options: options)
        case .ed25519(let k):
            publicPart = try JWK(ed25519PublicKey: k.publicKey.rawRepresentation, keyID: keyID, algorithm: algorithm)
        }
        self.material = material
    }

    /// An ES256 key.
    public init(_ key: P256.Signing.PrivateKey, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) {
        try self.init(material: .ec(.p256(key)), keyID: keyID, algorithm: algorithm)
    }

    /// An ES384 key.
    public init(_ key: P384.Signing.PrivateKey, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) {
        try self.init(material: .ec(.p384(key)), keyID: keyID, algorithm: algorithm)
    }

    /// An ES512 key.
    public init(_ key: P521.Signing.PrivateKey, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) {
        try self.init(material: .ec(.p521(key)), keyID: keyID, algorithm: algorithm)
    }

    /// An Ed25519 key (`OKP`, RFC 8037 §2) for EdDSA and the fully specified Ed25519 (RFC 9864).
    public init(_ key: Curve25519.Signing.PrivateKey, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) {
        try self.init(material: .ed25519(key), keyID: keyID, algorithm: algorithm)
    }

    /// An RSA key (RS*/PS*).
    public init(_ key: RSAPrivateKey, keyID: String? = nil, algorithm: JWSAlgorithm? = nil, options: JWK.Options = .default) throws(JWTError) {
        try self.init(material: .rsa(key), keyID: keyID, algorithm: algorithm, options: options)
    }

    /// A secret (`oct`) key for HS256/384/512.
    public init(symmetricKey secret: some Sequence<UInt8>, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) {
        let pub = JWK(symmetricKey: secret, keyID: keyID, algorithm: algorithm)
        guard case .hmac(let h) = pub.material else { preconditionFailure("JWK(symmetricKey:) is always oct") }
        publicPart = pub
        material = .hmac(h)
    }

    /// A new random `oct` key of `byteCount` bytes (at least 32) from the system's secure generator.
    public static func generateSymmetric(byteCount: Int = 32, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) -> JWKPrivateKey {
        guard byteCount >= 32 && byteCount <= 1024 else {
            throw signingError(.weakKey, "an oct key for signing needs 32 to 1024 bytes (RFC 7518 §3.2: at least the hash size), not \(byteCount)")
        }
        var g = SystemRandomNumberGenerator()
        var secret = [UInt8](repeating: 0, count: byteCount)
        for i in 0..<byteCount { secret[i] = g.next() }
        return JWKPrivateKey(symmetricKey: secret, keyID: keyID, algorithm: algorithm)
    }

    /// A new EC key on `curve` (P-256, P-384 or P-521) from the system's secure generator.
    public static func generateEC(curve: JWK.Curve, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) -> JWKPrivateKey {
        try JWKPrivateKey(material: .ec(ECSigningKey.generate(curve: curve)), keyID: keyID, algorithm: algorithm)
    }

    /// A new `OKP` key on `curve` (Ed25519, RFC 8037 §2) from the system's secure generator.
    public static func generateOKP(curve: JWK.Curve = .ed25519, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) -> JWKPrivateKey {
        guard curve == .ed25519 else {
            throw signingError(.unsupportedKey, "OKP curve \(curve.rawValue) is not supported for signing (Ed25519 is)")
        }
        return try JWKPrivateKey(Curve25519.Signing.PrivateKey(), keyID: keyID, algorithm: algorithm)
    }

    /// A new RSA key of `bitCount` bits (2048, 3072 or 4096), e = 65537, from the system's secure generator.
    public static func generateRSA(bitCount: Int, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws(JWTError) -> JWKPrivateKey {
        guard [2048, 3072, 4096].contains(bitCount) else {
            throw signingError(.unsupportedKey, "RSA keys for signing are made with 2048, 3072 or 4096 bits, not \(bitCount)")
        }
        let key: RSAPrivateKey
        do { key = try RSAPrivateKey(bitCount: bitCount) } catch {
            throw signingError(.invalidKey, "RSA key generation failed: \(error)")
        }
        return try JWKPrivateKey(key, keyID: keyID, algorithm: algorithm)
    }

    /// A private key from PEM: `PRIVATE KEY` (PKCS#8 — Apple's `.p8` files are this; Ed25519 keys per RFC 8410 §7),
    /// `EC PRIVATE KEY` (SEC 1, RFC 5915 §4, with its curve parameters) or `RSA PRIVATE KEY` (PKCS#1); EC keys on
    /// P-256, P-384 or P-521, RSA keys within `options.rsa` (size, ROCA). The label decides the structure
    /// (RFC 7468 §10–11): a body of another structure is refused, naming the label it belongs under.
    public init(pemRepresentation pem: String, keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: JWK.Options = .default) throws(JWTError) {
        let doc: PEMDocument
        do { doc = try PEMDocument(pemString: pem) } catch { throw signingError(.invalidKey, "PEM: \(error)") }
        let der = doc.derBytes
        let label = doc.label
        guard let expected = PrivateKeyStructure(label: label) else {
            switch label {
            case "PUBLIC KEY", "RSA PUBLIC KEY":
                throw signingError(.invalidKey, "PEM holds a public key (\(label)); signing needs the private key")
            case "ENCRYPTED PRIVATE KEY":
                throw signingError(.unsupportedKey, "encrypted private keys are not supported; decrypt it first (openssl pkey)")
            default:
                throw signingError(.unsupportedKey, "PEM label \(quoted(label)) is not a private key")
            }
        }
        if let found = PrivateKeyStructure(der: der), found != expected {
            throw signingError(.invalidKey, "the \(label) block holds a \(found.name), which belongs under the PEM label \(found.label); \(label) is \(expected.name) (RFC 7468)")
        }
        switch expected {
        case .pkcs1:
            // RFC 8017 App. A.1.2; the RSA module tells PKCS#1 from PKCS#8 by the second element, checked above.
            do { _ = try PKCS1RSAPrivateKey(derEncoded: der) } catch {
                throw signingError(.invalidKey, "RSA PRIVATE KEY is not a PKCS#1 RSAPrivateKey: \(error)")
            }
            try self.init(rsaDER: der, what: label, keyID: keyID, algorithm: algorithm, options: options)
        case .sec1:
            // RFC 5915 §3: the parameters name the curve, and a conforming key always carries them.
            let sec1: SEC1ECPrivateKey
            do { sec1 = try SEC1ECPrivateKey(derEncoded: der) } catch {
                throw JWKPrivateKey.derError("EC PRIVATE KEY", error)
            }
            try self.init(ecDER: der, curve: sec1.curve, what: label, keyID: keyID, algorithm: algorithm)
        case .pkcs8:
            // The algorithm identifier inside says which kind of key it is.
            if let alg = Self.pkcs8Algorithm(der), alg.rfc8410KeyByteCount != nil {
                guard alg == .ed25519 else {
                    throw signingError(.unsupportedKey, "\(alg.kind) private keys are not supported (Ed25519 is; RFC 8037 §2)")
                }
                do { try self.init(Curve25519.Signing.PrivateKey(derRepresentation: der), keyID: keyID, algorithm: algorithm) } catch let e as JWTError { throw e } catch {
                    throw signingError(.invalidKey, "PRIVATE KEY (Ed25519) refused: \(error)")
                }
                return
            }
            let info: PKCS8PrivateKeyInfo
            do { info = try PKCS8PrivateKeyInfo(derEncoded: der) } catch {
                throw JWKPrivateKey.derError("PRIVATE KEY", error)
            }
            if info.algorithm.isRSA {
                try self.init(rsaDER: der, what: "PRIVATE KEY (RSA)", keyID: keyID, algorithm: algorithm, options: options)
            } else if let curve = info.algorithm.namedCurve {
                try self.init(ecDER: der, curve: curve, what: "PRIVATE KEY (EC)", keyID: keyID, algorithm: algorithm)
            } else {
                throw signingError(.unsupportedKey, "PRIVATE KEY holds a \(info.algorithm) key, which cannot sign here")
            }
        }
    }

    /// An RSA private key from PKCS#1 or PKCS#8 DER whose structure is already known, with the caller's whole
    /// `RSAKeyOptions` (size limits and ROCA).
    private init(rsaDER der: [UInt8], what: String, keyID: String?, algorithm: JWSAlgorithm?, options: JWK.Options) throws(JWTError) {
        let key: RSAPrivateKey
        do { key = try RSAPrivateKey(derRepresentation: der, options: options.rsa) } catch {
            throw JWKPrivateKey.rsaError(what, error)
        }
        try self.init(key, keyID: keyID, algorithm: algorithm, options: options)
    }

    /// An EC private key from SEC1 or PKCS#8 DER on `curve` (read from the key's own parameters): only that
    /// curve's loader runs, so its error is the real cause.
    private init(ecDER der: [UInt8], curve: ECNamedCurve, what: String, keyID: String?, algorithm: JWSAlgorithm?) throws(JWTError) {
        try self.init(material: .ec(ECSigningKey(named: curve, der: der, what: what)), keyID: keyID, algorithm: algorithm)
    }

    /// A DER container error as a JWTError: an algorithm or curve the DER module does not support is
    /// `unsupportedKey`, anything else `invalidKey`.
    static func derError(_ what: String, _ error: DERError) -> JWTError {
        if error.code.isUnsupported {
            return signingError(.unsupportedKey, "\(what): \(error)")
        }
        if error.code == .missingParameters {
            return signingError(.invalidKey, "\(what) without curve parameters: its curve is unknown (RFC 5915 §3 requires them; if you know the curve, load the key with P256/P384/P521.Signing.PrivateKey(pemRepresentation:)): \(error)")
        }
        return signingError(.invalidKey, "\(what) is not a valid key structure: \(error)")
    }

    /// The three private-key structures a PEM block may hold, each under its own label.
    enum PrivateKeyStructure: Equatable {
        /// PKCS#1 RSAPrivateKey (RFC 8017 App. A.1.2), `RSA PRIVATE KEY`.
        case pkcs1
        /// SEC 1 ECPrivateKey (RFC 5915 §3), `EC PRIVATE KEY`.
        case sec1
        /// PKCS#8 PrivateKeyInfo / OneAsymmetricKey (RFC 5208, RFC 5958), `PRIVATE KEY`.
        case pkcs8

        /// The structure a PEM label stands for; nil for any other label.
        init?(label: String) {
            switch label {
            case "RSA PRIVATE KEY": self = .pkcs1
            case "EC PRIVATE KEY": self = .sec1
            case "PRIVATE KEY": self = .pkcs8
            default: return nil
            }
        }

        /// The structure a DER body has, told by the element after the leading version INTEGER: an INTEGER
        /// (PKCS#1's modulus), an OCTET STRING (SEC 1's private key) or a SEQUENCE (PKCS#8's
        /// AlgorithmIdentifier); nil when the body does not start like any of them (its own parser then says why).
        init?(der: [UInt8]) {
            do {
                var r = try DERReader(der)
                let outer = try r.next(.sequence, "private key")
                var s = try outer.contentsReader()
                _ = try s.next(.integer, "version")
                switch s.peekTag() {
                case .integer?: self = .pkcs1
                case .octetString?: self = .sec1
                case .sequence?: self = .pkcs8
                default: return nil
                }
            } catch {
                return nil
            }
        }

        var name: String {
            switch self {
            case .pkcs1: return "PKCS#1 RSAPrivateKey"
            case .sec1: return "SEC 1 ECPrivateKey"
            case .pkcs8: return "PKCS#8 PrivateKeyInfo"
            }
        }

        var label: String {
            switch self {
            case .pkcs1: return "RSA PRIVATE KEY"
            case .sec1: return "EC PRIVATE KEY"
            case .pkcs8: return "PRIVATE KEY"
            }
        }
    }

    /// An RSA module error as a JWTError: a key below the size minimum is refused by policy (`unsupportedKey`,
    /// as ``JWK`` does), anything else is an invalid key.
    static func rsaError(_ what: String, _ error: any Error) -> JWTError {
        if let e = error as? RSAKeyError, e.code == .modulusTooSmall || e.code == .modulusTooLarge {
            return signingError(.unsupportedKey, "\(what): \(e)")
        }
        return signingError(.invalidKey, "\(what): \(error)")
    }

    /// The key algorithm of a PKCS#8 PrivateKeyInfo / OneAsymmetricKey (`SEQUENCE { version, AlgorithmIdentifier … }`,
    /// read by the DER module), or nil if the DER does not start that way.
    static func pkcs8Algorithm(_ der: [UInt8]) -> PublicKeyAlgorithm? {
        do {
            var r = try DERReader(der)
            var s = try r.next(.sequence, "PrivateKeyInfo").contentsReader()
            _ = try s.readInt("version")
            return try s.readPublicKeyAlgorithm()
        } catch {
            return nil
        }
    }

    /// The same key with another `kid`.
    public func withKeyID(_ keyID: String?) -> JWKPrivateKey {
        var members: [JSONObject.Member] = []
        for m in jsonObject().members where !sameBytes(m.name, "kid") { members.append(m) }
        if let k = keyID { members.insert(JSONObject.Member(name: "kid", value: .string(k)), at: 1) }
        // Rebuilt from this key's own members with only kid changed: it loads again.
        return (try? JWKPrivateKey(object: JSONObject(members: members))) ?? self
    }

    /// The private key as PEM `PRIVATE KEY` (PKCS#8, RFC 5208 / RFC 5958; Ed25519 per RFC 8410 §7). `oct` keys have
    /// no PEM form.
    public func pemRepresentation() throws(JWTError) -> String {
        switch material {
        case .hmac: throw signingError(.unsupportedKey, "a symmetric (oct) key has no PEM form")
        case .rsa(let k): return k.pemRepresentation
        case .ec(let k): return k.pemRepresentation
        case .ed25519(let k): return k.pemRepresentation
        }
    }

    /// The private key in its algorithm's own PEM: `RSA PRIVATE KEY` (PKCS#1) or `EC PRIVATE KEY` (SEC 1, with the
    /// curve and the public key). Ed25519 has no other form than PKCS#8 (RFC 8410 §7): its `PRIVATE KEY`, as
    /// OpenSSL writes for `-traditional` too.
    public func traditionalPEMRepresentation() throws(JWTError) -> String {
        switch material {
        case .hmac: throw signingError(.unsupportedKey, "a symmetric (oct) key has no PEM form")
        case .rsa(let k): return k.pkcs1PEMRepresentation
        case .ec(let k): return k.sec1PEMRepresentation
        case .ed25519(let k): return k.pemRepresentation
        }
    }

    // MARK: Use

    /// Checks that this key may sign `alg`: `use` is `sig` if present, `key_ops` lists `sign` if present, the
    /// JWK's own `alg` equals `alg` if present, and the key type, curve and size fit (the verifier's rules).
    public func checkCanSign(_ alg: JWSAlgorithm) throws(JWTError) {
        let kid = publicPart.kidText
        if let u = use, !sameBytes(u, "sig") {
            throw signingError(.keyMismatch, "key \(kid) has use \(quoted(u)), not \"sig\"")
        }
        if let ops = keyOperations, !ops.contains(where: { sameBytes($0, "sign") }) {
            throw signingError(.keyMismatch, "key \(kid) has key_ops \(ops) without \"sign\"")
        }
        if let a = algorithm, !sameBytes(a, alg.rawValue) {
            throw signingError(.keyMismatch, "key \(kid) is for alg \(quoted(a)), not \(alg.rawValue)")
        }
        try material.checkFits(alg, kid: keyID)
    }

    /// The verification key: for EC and RSA keys the public half, for `oct` keys the secret key itself (HMAC
    /// verifies with the same secret). `use` and `alg` are kept; `key_ops` becomes `["verify"]` when it listed
    /// `sign`; `kid` is this key's, or else its RFC 7638 thumbprint.
    public var verificationKey: JWK {
        var o = publicPart.jsonObject(includingSecret: true)
        var members: [(String, JSONValue)] = []
        for m in o.members {
            if sameBytes(m.name, "key_ops") {
                let ops = publicPart.keyOperations ?? []
                let canVerify = ops.contains { sameBytes($0, "sign") || sameBytes($0, "verify") }
                members.append(("key_ops", .array(canVerify ? [.string("verify")] : [])))
            } else {
                members.append((m.name, m.value))
            }
        }
        if publicPart.keyID == nil {
            members.insert(("kid", .string(publicPart.thumbprintBase64URL)), at: 1)
        }
        o = (try? JSONObject(members)) ?? o
        // Built from a JWK that loaded, with only kid/key_ops changed: it loads again.
        return (try? JWK(object: o)) ?? publicPart
    }

    /// The public half as a JWK (EC, OKP, RSA), or `nil` for an `oct` key, which has none. See ``verificationKey``.
    public var publicJWK: JWK? {
        if case .hmac = material { return nil }
        return verificationKey
    }

    /// The RFC 7638 thumbprint of the public half (for `oct`, of the secret key), base64url.
    public var thumbprintBase64URL: String { publicPart.thumbprintBase64URL }

    /// The private JWK as a JSON object: `kty`, `kid`, `use`, `key_ops`, `alg`, the public members, then the private
    /// ones (`d`, and for RSA `p`, `q`, `dp`, `dq`, `qi`; for `oct`, `k`). This is key material.
    /// OKP (RFC 8037 §2): `kty`, `crv`, `x`, then `d` (the 32-byte seed).
    public func jsonObject() -> JSONObject {
        var members = publicPart.jsonObject(includingSecret: true).members
        func add(_ name: String, _ bytes: [UInt8]) {
            // base64urlUInt (RFC 7518 §2): no leading zero bytes, except EC d, which keeps the full size.
            members.append(JSONObject.Member(name: name, value: .string(Base64URL.encode(bytes))))
        }
        func minimal(_ b: [UInt8]) -> [UInt8] {
            var s = b[...]
            while s.count > 1 && s.first == 0 { s = s.dropFirst() }
            return Array(s)
        }
        switch material {
        case .hmac: break
        case .ec(let k): add("d", k.rawRepresentation)
        case .ed25519(let k): add("d", k.rawRepresentation)
        case .rsa(let k):
            if let p = try? PKCS1RSAPrivateKey(derEncoded: k.pkcs1DERRepresentation) {
                add("d", minimal(p.privateExponent))
                add("p", minimal(p.prime1))
                add("q", minimal(p.prime2))
                add("dp", minimal(p.exponent1))
                add("dq", minimal(p.exponent2))
                add("qi", minimal(p.coefficient))
            }
        }
        return JSONObject(members: members)
    }

    /// Compact JSON text of ``jsonObject()``. This is key material: store it as such (mode 0600).
    public func jsonString() -> String {
        JSONValue.object(jsonObject()).description
    }
}
#endif  // !hasFeature(Embedded)
