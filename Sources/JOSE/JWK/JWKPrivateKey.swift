import SHA2

/// A private or secret JSON Web Key (RFC 7517, RFC 7518 §6.2.2 EC, §6.3.2 RSA, §6.4 `oct`): what a
/// ``JWTSigner`` signs with.
///
/// A type of its own, never a ``JWK``: ``JWKSet`` and ``JWTVerifier`` only take ``JWK`` values, and a JWK document
/// with private members is refused there (`privateKeyMaterial`), so a private key cannot end up in a verifier's or
/// a published key set by accident. Use ``publicJWK`` for the verification half.
///
/// `description` never prints key material.
public struct JWKPrivateKey: Sendable, CustomStringConvertible {
    /// `kty`.
    public var keyType: JWK.KeyType { publicPart.keyType }
    /// `crv` for EC keys.
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
    public init(json: String, options: JWK.Options = .default) throws {
        try self.init(json: Array(json.utf8), options: options)
    }

    /// Parses one private JWK from JSON bytes.
    public init(json: [UInt8], options: JWK.Options = .default) throws {
        guard case .object(let o) = try JSONValue(parsing: json, limits: JSONLimits(maxDepth: 8, maxBytes: 1 << 18)) else {
            throw signingError(.invalidKey, "a JWK must be a JSON object")
        }
        try self.init(object: o, options: options)
    }

    /// The private members of each key type (RFC 7518 §6.2.2, §6.3.2).
    static let privateMembers = ["d", "p", "q", "dp", "dq", "qi", "oth"]

    /// Builds a private JWK from a parsed JSON object. EC: `d` of exactly the curve's size with d·G = (x, y).
    /// RSA: `d`, and either all of `p`, `q`, `dp`, `dq`, `qi` or none of them (`oth`, multi-prime, is refused);
    /// the key must be consistent. `oct`: `k`.
    public init(object o: JSONObject, options: JWK.Options = .default) throws {
        // The public half is checked exactly as a verification key is (kty, crv, x/y on the curve, n/e, key_ops …).
        var publicMembers: [(String, JSONValue)] = []
        for m in o.members where !Self.privateMembers.contains(where: { sameBytes($0, m.name) }) {
            publicMembers.append((m.name, m.value))
        }
        let pub = try JWK(object: try JSONObject(publicMembers), options: options)
        func bytes(_ name: String) throws -> [UInt8]? {
            guard let v = o[name] else { return nil }
            guard case .string(let s) = v else { throw signingError(.invalidKey, "JWK member \(quoted(name)) must be a string") }
            do { return try Base64URL.decode(s) } catch let e as JWTError {
                throw signingError(.invalidKey, "JWK member \(quoted(name)): \(e.reason)")
            }
        }
        switch pub.material {
        case .hmac(let h):
            for m in Self.privateMembers where o[m] != nil {
                throw signingError(.invalidKey, "an oct JWK has no member \(quoted(m))")
            }
            publicPart = pub
            material = .hmac(h)
        default:
            guard try bytes("d") != nil else {
                throw signingError(.invalidKey, "the JWK has no private member \"d\": it is a public key")
            }
            throw signingError(.unsupportedKey, "\(pub.keyType.rawValue) private JWKs are not supported yet")
        }
    }

    /// A secret (`oct`) key for HS256/384/512.
    public init(symmetricKey secret: some Sequence<UInt8>, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) {
        let pub = JWK(symmetricKey: secret, keyID: keyID, algorithm: algorithm)
        guard case .hmac(let h) = pub.material else { preconditionFailure("JWK(symmetricKey:) is always oct") }
        publicPart = pub
        material = .hmac(h)
    }

    /// A new random `oct` key of `byteCount` bytes (at least 32) from the system's secure generator.
    public static func generateSymmetric(byteCount: Int = 32, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws -> JWKPrivateKey {
        guard byteCount >= 32 && byteCount <= 1024 else {
            throw signingError(.weakKey, "an oct key for signing needs 32 to 1024 bytes (RFC 7518 §3.2: at least the hash size), not \(byteCount)")
        }
        var g = SystemRandomNumberGenerator()
        var secret = [UInt8](repeating: 0, count: byteCount)
        for i in 0..<byteCount { secret[i] = g.next() }
        return JWKPrivateKey(symmetricKey: secret, keyID: keyID, algorithm: algorithm)
    }

    /// A new EC key on `curve` (P-256 or P-384).
    public static func generateEC(curve: JWK.Curve, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws -> JWKPrivateKey {
        throw signingError(.unsupportedKey, "EC private keys are not available in this build")
    }

    /// A new RSA key of `bitCount` bits (2048…4096 for signing), e = 65537.
    public static func generateRSA(bitCount: Int, keyID: String? = nil, algorithm: JWSAlgorithm? = nil) throws -> JWKPrivateKey {
        throw signingError(.unsupportedKey, "RSA private keys are not available in this build")
    }

    /// A private key from PEM: `PRIVATE KEY` (PKCS#8), `EC PRIVATE KEY` (SEC 1) or `RSA PRIVATE KEY` (PKCS#1).
    public init(pemRepresentation pem: String, keyID: String? = nil, algorithm: JWSAlgorithm? = nil,
                options: JWK.Options = .default) throws {
        throw signingError(.unsupportedKey, "PEM private keys are not available in this build")
    }

    /// The same key with another `kid`.
    public func withKeyID(_ keyID: String?) -> JWKPrivateKey {
        var members: [JSONObject.Member] = []
        for m in jsonObject().members where !sameBytes(m.name, "kid") { members.append(m) }
        if let k = keyID { members.insert(JSONObject.Member(name: "kid", value: .string(k)), at: 1) }
        // Rebuilt from this key's own members with only kid changed: it loads again.
        return (try? JWKPrivateKey(object: JSONObject(members: members))) ?? self
    }

    /// The private key as PEM `PRIVATE KEY` (PKCS#8, RFC 5208 / RFC 5958). `oct` keys have no PEM form.
    public func pemRepresentation() throws -> String {
        throw signingError(.unsupportedKey, "a symmetric (oct) key has no PEM form")
    }

    // MARK: Use

    /// Checks that this key may sign `alg`: `use` is `sig` if present, `key_ops` lists `sign` if present, the
    /// JWK's own `alg` equals `alg` if present, and the key type, curve and size fit (the verifier's rules).
    public func checkCanSign(_ alg: JWSAlgorithm) throws {
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

    /// The public half as a JWK (EC, RSA), or `nil` for an `oct` key, which has none. See ``verificationKey``.
    public var publicJWK: JWK? {
        if case .hmac = material { return nil }
        return verificationKey
    }

    /// The RFC 7638 thumbprint of the public half (for `oct`, of the secret key), base64url.
    public var thumbprintBase64URL: String { publicPart.thumbprintBase64URL }

    /// The private JWK as a JSON object: `kty`, `kid`, `use`, `key_ops`, `alg`, the public members, then the private
    /// ones (`d`, and for RSA `p`, `q`, `dp`, `dq`, `qi`; for `oct`, `k`). This is key material.
    public func jsonObject() -> JSONObject {
        let members = publicPart.jsonObject(includingSecret: true).members
        return JSONObject(members: members)
    }

    /// Compact JSON text of ``jsonObject()``. This is key material: store it as such (mode 0600).
    public func jsonString() -> String {
        JSONValue.object(jsonObject()).description
    }
}
