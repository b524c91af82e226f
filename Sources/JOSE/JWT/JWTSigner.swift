// Hosted only (signing): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
import SharedPrimitives
import SHA2
import RSA
import ECDSA
import Ed25519

/// Makes compact JWS / JWT tokens (RFC 7515 §7.1, RFC 7519 §7.1) with one private or secret key and one algorithm.
///
/// ```swift
/// let signer = try JWTSigner(key: privateJWK, algorithm: .es256, keyID: "ABC123")   // or a P256/P384/P521 or Ed25519 key, RSAPrivateKey, SymmetricKey
/// let token = try signer.sign(claims)                                     // header {"alg","typ":"JWT","kid"}
/// let token = try signer.sign(claims, header: .init(type: "at+jwt", extra: ["x5t#S256": .string(t)]))
/// let jws = try signer.signPayload(bytes)                                 // any bytes; header {"alg","kid"}
/// ```
///
/// The key ↔ `alg` rules are the verifier's (``JWK/checkFits(_:)``), applied when the signer is made: HMAC keys at
/// least as long as the hash (RFC 7518 §3.2), RSA keys of at least 2048 bits, the EC curve of the algorithm, and a
/// private JWK's own `alg`, `use` (`sig`) and `key_ops` (must list `sign`). Whatever a signer makes, a
/// ``JWTVerifier`` holding the matching public key (default options) accepts: the claims must encode to a JSON
/// object whose registered claims have their RFC 7519 types, the JSON is at most 32 levels deep, and the token is at
/// most 65,536 bytes — each checked before signing.
///
/// A signer is an immutable value; share one across threads and tasks. Signing with ECDSA and RSA-PSS uses fresh
/// randomness each time (hedged ECDSA nonces, PSS salt); HMAC, RSA PKCS#1 v1.5 and Ed25519 (RFC 8032) are deterministic.
public struct JWTSigner: Sendable {
    /// The protected header of a token, apart from `alg` and `kid` (which come from the signer).
    public struct Header: Sendable {
        /// `typ` (RFC 7519 §5.1); `"JWT"` by default for ``JWTSigner/sign(_:header:)``, `nil` to leave it out.
        public var type: String?
        /// `cty` (RFC 7515 §4.1.10), usually absent.
        public var contentType: String?
        /// Further members, written after `alg`, `typ`, `kid`, `cty` in the order given. They may not repeat one
        /// of those four, nor each other.
        public var extra: [(name: String, value: JSONValue)]
        /// The header parameters the receiving verifier understands (its
        /// ``JWTVerifier/Options/understoodCriticalHeaders``): the only names a `crit` member in ``extra`` may list.
        /// Empty by default, as the verifier's default, so a header with `crit` is refused unless you say which
        /// extensions the verifier knows. The rule is the verifier's own (RFC 7515 §4.1.11).
        public var understoodCriticalHeaders: Set<String>

        public init(type: String? = "JWT", contentType: String? = nil, extra: KeyValuePairs<String, JSONValue> = [:],
                    understoodCriticalHeaders: Set<String> = JWTVerifier.Options.default.understoodCriticalHeaders) {
            self.type = type
            self.contentType = contentType
            self.extra = extra.map { (name: $0.key, value: $0.value) }
            self.understoodCriticalHeaders = understoodCriticalHeaders
        }
    }

    /// The algorithm every token of this signer names in `alg`.
    public let algorithm: JWSAlgorithm
    /// The `kid` written into every header, if any.
    public let keyID: String?
    let key: SigningKey
    /// The `x5c` member written into every header (after `kid`), if a chain was given
    /// (``withCertificateChain(_:)``).
    let x5c: JSONValue?
    /// The header JSON of `Header()` and of `Header(type: nil)`, written once.
    let jwtHeader: [UInt8]
    let plainHeader: [UInt8]

    /// Largest token a signer makes: a ``JWTVerifier``'s default ``JWTVerifier/Options/maxTokenBytes``.
    public static let maximumTokenBytes = 65_536
    /// Deepest JSON a signer writes: a ``JWTVerifier``'s default JSON depth limit.
    public static let maximumJSONDepth = 32

    /// A signer with a private JWK. `algorithm` defaults to the JWK's `alg`; `keyID` to the JWK's `kid`.
    public init(key: JWKPrivateKey, algorithm: JWSAlgorithm? = nil, keyID: String? = nil) throws(JWTError) {
        let alg: JWSAlgorithm
        if let a = algorithm {
            alg = a
        } else if let name = key.algorithm {
            alg = try JWSAlgorithm.parse(name)
        } else {
            throw signingError(.keyMismatch, "the JWK has no \"alg\"; say which algorithm to sign with")
        }
        try key.checkCanSign(alg)
        try self.init(checked: key.material, algorithm: alg, keyID: keyID ?? key.keyID)
    }

    /// An HMAC signer (HS256/384/512) with a secret of at least the hash length (RFC 7518 §3.2).
    public init(key: SymmetricKey, algorithm: JWSAlgorithm = .hs256, keyID: String? = nil) throws(JWTError) {
        let secret = key.withUnsafeBytes { Array($0) }
        try self.init(material: .hmac(HMACKeyHolder(secret: secret)), algorithm: algorithm, keyID: keyID)
    }

    /// An ES256 signer.
    public init(key: P256.Signing.PrivateKey, keyID: String? = nil) throws(JWTError) {
        try self.init(material: .ec(.p256(key)), algorithm: .es256, keyID: keyID)
    }

    /// An ES384 signer.
    public init(key: P384.Signing.PrivateKey, keyID: String? = nil) throws(JWTError) {
        try self.init(material: .ec(.p384(key)), algorithm: .es384, keyID: keyID)
    }

    /// An ES512 signer (P-521, RFC 7518 §3.4).
    public init(key: P521.Signing.PrivateKey, keyID: String? = nil) throws(JWTError) {
        try self.init(material: .ec(.p521(key)), algorithm: .es512, keyID: keyID)
    }

    /// An Ed25519 signer (RFC 8037 §3.1): `algorithm` is `.edDSA` (default) or the fully specified `.ed25519`
    /// of RFC 9864; both make the same signature, only the header's `alg` differs.
    public init(key: Curve25519.Signing.PrivateKey, algorithm: JWSAlgorithm = .edDSA, keyID: String? = nil) throws(JWTError) {
        try self.init(material: .ed25519(key), algorithm: algorithm, keyID: keyID)
    }

    /// An RS256/384/512 or PS256/384/512 signer with a key of at least 2048 bits.
    public init(key: RSAPrivateKey, algorithm: JWSAlgorithm = .rs256, keyID: String? = nil) throws(JWTError) {
        try self.init(material: .rsa(key), algorithm: algorithm, keyID: keyID)
    }

    init(material: SigningKey, algorithm: JWSAlgorithm, keyID: String?) throws(JWTError) {
        try material.checkFits(algorithm, kid: keyID)
        try self.init(checked: material, algorithm: algorithm, keyID: keyID)
    }

    /// The key has passed ``SigningKey/checkFits(_:kid:)`` for `algorithm`.
    init(checked material: SigningKey, algorithm: JWSAlgorithm, keyID: String?, x5c: JSONValue? = nil) throws(JWTError) {
        self.algorithm = algorithm
        self.keyID = keyID
        self.key = material
        self.x5c = x5c
        jwtHeader = try JWTSigner.headerBytes(Header(), algorithm: algorithm, keyID: keyID, x5c: x5c)
        plainHeader = try JWTSigner.headerBytes(Header(type: nil), algorithm: algorithm, keyID: keyID, x5c: x5c)
    }

    // MARK: Signing

    /// A JWT: `claims` encoded with ``JSONValueEncoder`` (it must encode to a JSON object), header
    /// `{"alg":…,"typ":"JWT","kid":…}` by default.
    public func sign(_ claims: some Encodable, header: Header = Header()) throws(JWTError) -> String {
        let tree: JSONValue
        do { tree = try JSONValueEncoder().encodeValue(claims) } catch let e as JWTError { throw e } catch {
            throw signingError(.invalidClaim, "claims of type \(type(of: claims)) do not encode: \(error)")
        }
        guard case .object(let object) = tree else {
            throw signingError(.invalidClaim, "a JWT claims set must be a JSON object; \(type(of: claims)) encodes a \(tree.typeName)")
        }
        // The verifier reads these claims with their RFC 7519 types; refuse what it would refuse.
        _ = try RegisteredClaims(object: object)
        let payload = try JWTSigner.serializeChecked(tree, "claims")
        return try signCompact(header: headerBytes(header), payload: payload)
    }

    /// The header JSON for `h`, the prepared bytes for the two default headers.
    func headerBytes(_ h: Header) throws(JWTError) -> [UInt8] {
        if h.contentType == nil && h.extra.isEmpty {
            if h.type == nil { return plainHeader }
            if let t = h.type, sameBytes(t, "JWT") { return jwtHeader }
        }
        return try JWTSigner.headerBytes(h, algorithm: algorithm, keyID: keyID, x5c: x5c)
    }

    /// A compact JWS over arbitrary payload bytes; header `{"alg":…,"kid":…}` by default (no `typ`).
    public func signPayload(_ payload: some Sequence<UInt8>, header: Header = Header(type: nil)) throws(JWTError) -> String {
        try signCompact(header: headerBytes(header), payload: Array(payload))
    }

    /// A compact JWS from the exact header JSON bytes given (which must be a strict JSON object whose `alg` is this
    /// signer's) and the exact payload bytes: `BASE64URL(header) . BASE64URL(payload) . BASE64URL(signature)`.
    /// For reproducing published examples byte for byte; ``sign(_:header:)`` writes the header itself. A `crit`
    /// member may list only `understoodCriticalHeaders` (the receiving verifier's), as for ``Header``.
    public func sign(headerJSON: [UInt8], payload: [UInt8],
                     understoodCriticalHeaders: Set<String> = JWTVerifier.Options.default.understoodCriticalHeaders) throws(JWTError) -> String {
        let v: JSONValue
        do { v = try JSONValue(parsing: headerJSON, limits: JSONLimits(maxDepth: Self.maximumJSONDepth, maxBytes: Self.maximumTokenBytes)) } catch let e {
            throw signingError(e.code, "header: \(e.reason)")
        }
        guard case .object(let o) = v else { throw signingError(.malformedToken, "the header is not a JSON object") }
        let h = try JWSHeader(object: o)
        guard sameBytes(h.algorithmName, algorithm.rawValue) else {
            throw signingError(.keyMismatch, "the header says alg \(quoted(h.algorithmName)); this signer signs \(algorithm.rawValue)")
        }
        try h.checkCritical(understood: understoodCriticalHeaders)
        return try signCompact(header: headerJSON, payload: payload)
    }

    /// The raw signature (HMAC tag, RSA signature, or ECDSA r‖s) over `signingInput`, as RFC 7518 §3 defines it.
    public func signature(for signingInput: some Sequence<UInt8>) throws(JWTError) -> [UInt8] {
        let input = Array(signingInput)
        return try input.withUnsafeBufferPointer { b in Result { () throws(JWTError) in try key.sign(algorithm, b) } }.get()
    }

    // MARK: Pieces

    static func headerBytes(_ h: Header, algorithm: JWSAlgorithm, keyID: String?, x5c: JSONValue? = nil) throws(JWTError) -> [UInt8] {
        var members: [JSONObject.Member] = [JSONObject.Member(name: "alg", value: .string(algorithm.rawValue))]
        if let t = h.type { members.append(.init(name: "typ", value: .string(t))) }
        if let k = keyID { members.append(.init(name: "kid", value: .string(k))) }
        if let x5c { members.append(.init(name: "x5c", value: x5c)) }
        if let c = h.contentType { members.append(.init(name: "cty", value: .string(c))) }
        for (name, value) in h.extra {
            if members.contains(where: { sameBytes($0.name, name) }) {
                throw signingError(.duplicateMember, "header member \(quoted(name)) is given twice (alg, typ, kid and cty come from the signer and Header)")
            }
            members.append(.init(name: name, value: value))
        }
        let object = JSONObject(members: members)
        // What the verifier will check: member types, and crit/b64 with the verifier's own rule — `crit` may list
        // only what the receiving verifier understands, never merely what the header itself names.
        let parsed = try JWSHeader(object: object)
        try parsed.checkCritical(understood: h.understoodCriticalHeaders)
        return try serializeChecked(.object(object), "header")
    }

    static func serializeChecked(_ v: JSONValue, _ what: String) throws(JWTError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        do {
            try JSONSerializer.write(v, into: &out, depth: 1, maxDepth: Self.maximumJSONDepth)
        } catch let e {
            throw signingError(e.code, "\(what): \(e.reason)")
        }
        return out
    }

    /// `BASE64URL(header) . BASE64URL(payload) . BASE64URL(signature)`, built in one buffer.
    func signCompact(header: [UInt8], payload: [UInt8]) throws(JWTError) -> String {
        let inputCount = Base64.encodedCount(header.count, padded: false) + 1 + Base64.encodedCount(payload.count, padded: false)
        let total = inputCount + 1 + Base64.encodedCount(key.maximumSignatureBytes, padded: false)
        guard total <= Self.maximumTokenBytes + 4 else {
            throw signingError(.limitExceeded, "the token would exceed \(Self.maximumTokenBytes) bytes")
        }
        var out = [UInt8](repeating: 0, count: total)
        let used = try out.withUnsafeMutableBufferPointer { buf -> Result<Int, JWTError> in Result { () throws(JWTError) -> Int in
            let base = buf.baseAddress!
            var n = header.withUnsafeBufferPointer { Base64.encode($0, alphabet: .url, padded: false, to: base) }
            base[n] = UInt8(ascii: ".")
            n += 1
            n += payload.withUnsafeBufferPointer { Base64.encode($0, alphabet: .url, padded: false, to: base + n) }
            let sig = try key.sign(algorithm, UnsafeBufferPointer(start: base, count: n))
            base[n] = UInt8(ascii: ".")
            n += 1
            n += sig.withUnsafeBufferPointer { Base64.encode($0, alphabet: .url, padded: false, to: base + n) }
            return n
        } }.get()
        guard used <= Self.maximumTokenBytes else {
            throw signingError(.limitExceeded, "the token of \(used) bytes exceeds \(Self.maximumTokenBytes)")
        }
        return out.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[0..<used]), as: UTF8.self) }
    }
}

/// The key behind a signer or a private JWK: one case per algorithm family, each signing through its family's file
/// under `Algorithms/` (``JWSAlgorithmFamily``). A new curve is not a case here (it is a case of ``ECSigningKey``).
enum SigningKey: Sendable {
    case hmac(HMACKeyHolder)
    case rsa(RSAPrivateKey)
    case ec(ECSigningKey)
    case ed25519(Curve25519.Signing.PrivateKey)

    /// Largest signature in bytes (for buffer sizing): the table's size, or the RSA modulus length.
    var maximumSignatureBytes: Int {
        switch self {
        case .hmac: return JWSHash.sha512.byteCount
        case .rsa(let k): return k.publicKey.modulusByteCount
        case .ec(let k): return k.curve.spec.signatureByteCount
        case .ed25519: return JWK.Curve.ed25519.spec.signatureByteCount
        }
    }

    /// The verifier's key ↔ `alg` rule (``JWK/checkFits(_:)``) for this key material, from the algorithm's row.
    func checkFits(_ alg: JWSAlgorithm, kid: String?) throws(JWTError) {
        let name = kid.map { quoted($0) } ?? "(no kid)"
        let spec = alg.spec
        switch (spec.family, self) {
        case (.hmac, .hmac(let h)):
            let minimum = spec.minimumKeySize ?? spec.hash.byteCount
            if h.secret.count < minimum {
                throw signingError(.weakKey, "HMAC key \(name) has \(h.secret.count) bytes; \(alg.rawValue) needs at least \(minimum) (RFC 7518 §3.2)")
            }
        case (.rsaPKCS1, .rsa(let k)), (.rsaPSS, .rsa(let k)):
            // RFC 7518 §3.3, §3.5: 2048 bits or larger (the table's minimum, RSAKeyOptions.default), whatever a key
            // file was allowed to be loaded with.
            let minimum = spec.minimumKeySize ?? RSAKeyOptions.default.minimumModulusBits
            if k.publicKey.modulusBitCount < minimum {
                throw signingError(.unsupportedKey, "RSA key \(name) has \(k.publicKey.modulusBitCount) bits; \(alg.rawValue) needs at least \(minimum) (RFC 7518 §3.3)")
            }
            if k.publicKey.isPSSOnly && spec.family != .rsaPSS {
                throw signingError(.keyMismatch, "RSA key \(name) is an id-RSASSA-PSS key; it cannot sign \(alg.rawValue)")
            }
        case (.ecdsa, .ec(let k)):
            if k.curve != spec.curve {
                throw signingError(.keyMismatch, "key \(name) is on \(k.curve.rawValue); \(alg.rawValue) needs \(spec.curve?.rawValue ?? "no EC key")")
            }
        case (.eddsa, .ed25519):
            // EdDSA (RFC 8037 §3.1) and Ed25519 (RFC 9864) both sign with an Ed25519 key.
            if spec.curve != .ed25519 {
                throw signingError(.keyMismatch, "key \(name) is on Ed25519; \(alg.rawValue) needs \(spec.curve?.rawValue ?? "another key")")
            }
        default:
            throw signingError(.keyMismatch, "key \(name) of type \(keyTypeName) cannot sign \(alg.rawValue)")
        }
    }

    var keyTypeName: String {
        switch self {
        case .hmac: return "oct"
        case .rsa: return "RSA"
        case .ec: return "EC"
        case .ed25519: return "OKP"
        }
    }

    /// RFC 7518 §3: the signature over the signing input, by the key's family. `checkFits` has passed.
    func sign(_ alg: JWSAlgorithm, _ input: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8] {
        guard signs(alg.family) else {
            throw signingError(.keyMismatch, "a key of type \(keyTypeName) cannot sign \(alg.rawValue)")
        }
        switch self {
        case .hmac(let h): return try HMACFamily.sign(alg, key: h, signingInput: input)
        case .rsa(let k): return try RSAFamily.sign(alg, key: k, signingInput: input)
        case .ec(let k): return try ECDSAFamily.sign(alg, key: k, signingInput: input)
        case .ed25519(let k): return try EdDSAFamily.sign(alg, key: k, signingInput: input)
        }
    }

    /// Whether this key belongs to `family` (an RSA key to both RSA families).
    private func signs(_ family: JWSFamily) -> Bool {
        switch self {
        case .hmac: return family == .hmac
        case .rsa: return family == .rsaPKCS1 || family == .rsaPSS
        case .ec: return family == .ecdsa
        case .ed25519: return family == .eddsa
        }
    }
}

/// Every error the signing side throws is made here, with the throw site's file and line (the house error shape).
@inline(never)
func signingError(_ code: JWTError.Code, _ reason: String, file: String = #fileID, line: Int = #line) -> JWTError {
    JWTError.make(code, reason, file: file, line: line)
}
#endif  // !hasFeature(Embedded)
