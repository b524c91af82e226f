/// Verifies compact JWS / JWT tokens against a fixed key set and algorithm allow-list.
///
/// The order of checks follows RFC 7515 §5.2 and RFC 8725: size limit → exactly two dots → header base64url →
/// strict header JSON → `alg` (never `none`; must be supported and allowed) → `crit` → payload and signature
/// base64url → key selection → key ↔ `alg` binding → signature → only then the claims (strict JSON, registered
/// claims, expectations).
///
/// Key selection: a `kid` in the header selects exactly that key — if it is absent from the set the token fails
/// with `keyNotFound`, and if it does not fit the `alg` with `keyMismatch`; there is never a fallback to other keys.
/// Without `kid`, every key that fits the `alg` is tried, in document order — but only when at most
/// ``Options/maxKeysTriedWithoutKeyID`` keys (default 16) fit; otherwise the token fails with `limitExceeded` before
/// any signature check, so a flood of kid-less tokens cannot cost hundreds of RSA verifications each, and whether a
/// token passes never depends on where its key sits in a large set. Keys in `jwk`/`jku`/`x5u`/`x5c` headers are never used.
///
/// A verifier is an immutable value; share one across threads and tasks.
public struct JWTVerifier: Sendable {
    /// Parsing limits and leniencies.
    public struct Options: Sendable {
        /// Largest token accepted, checked before anything else. Default 64 KiB.
        public var maxTokenBytes: Int
        /// Limits for the header and payload JSON. Default depth 32, 64 KiB.
        public var jsonLimits: JSONLimits
        /// Accept `=`-padded base64url parts (AWS Application Load Balancers emit them). Default `false`:
        /// RFC 7515 §2 forbids padding.
        public var allowPaddedBase64: Bool
        /// Header parameter names this application understands, so `crit` may list them (RFC 7515 §4.1.11).
        public var understoodCriticalHeaders: Set<String>
        /// For a token without `kid`: the most keys fitting its `alg` that may be tried. When more fit, the token
        /// fails with `limitExceeded` without any being tried (give your tokens a `kid`, or raise this). Default 16:
        /// real provider sets hold a handful of keys, and each try of an RSA key is a full verification.
        public var maxKeysTriedWithoutKeyID: Int

        public init(maxTokenBytes: Int = 65_536, jsonLimits: JSONLimits = JSONLimits(maxDepth: 32, maxBytes: 65_536),
                    allowPaddedBase64: Bool = false, understoodCriticalHeaders: Set<String> = [],
                    maxKeysTriedWithoutKeyID: Int = 16) {
            self.maxTokenBytes = maxTokenBytes
            self.jsonLimits = jsonLimits
            self.allowPaddedBase64 = allowPaddedBase64
            self.understoodCriticalHeaders = understoodCriticalHeaders
            self.maxKeysTriedWithoutKeyID = maxKeysTriedWithoutKeyID
        }
        public static let `default` = Options()
    }

    public let keys: JWKSet
    public let algorithms: Set<JWSAlgorithm>
    public let options: Options

    /// - Parameters:
    ///   - keys: the only keys that will ever be used.
    ///   - algorithms: the allow-list; a token whose `alg` is not in it fails with `algorithmNotAllowed`.
    ///   - options: size and JSON limits, base64url strictness, understood `crit` names (``Options/default``).
    public init(keys: JWKSet, algorithms: Set<JWSAlgorithm>, options: Options = .default) {
        self.keys = keys
        self.algorithms = algorithms
        self.options = options
    }

    /// A verifier with a single key.
    public init(key: JWK, algorithms: Set<JWSAlgorithm>, options: Options = .default) {
        // A one-key set cannot hold duplicates or a mix, so this cannot fail.
        self.keys = (try? JWKSet(keys: [key]))!
        self.algorithms = algorithms
        self.options = options
    }

    /// Verifies the signature of a compact JWS and returns its header and payload bytes. The payload is not
    /// interpreted (it need not be JSON). Use ``verify(_:expecting:)`` for JWTs.
    public func verifySignature(_ token: String) throws(JWTError) -> VerifiedJWS {
        var t = token
        return try withUTF8Bytes(&t) { buf throws(JWTError) in
            let (header, payload, key) = try checkSignature(buf)
            return VerifiedJWS(header: header, payload: payload, key: key)
        }
    }

    /// Verifies a JWT: the signature first, then the claims set (strict JSON object) against `expecting`.
    public func verify(_ token: String, expecting: ClaimExpectations = ClaimExpectations()) throws(JWTError) -> VerifiedJWT {
        var t = token
        return try withUTF8Bytes(&t) { buf throws(JWTError) in
            let (header, payload, key) = try checkSignature(buf)
            let object = try JWTVerifier.claimsObject(payload, limits: options.jsonLimits)
            let claims = try JWTVerifier.checkClaims(object, header: header, expecting: expecting)
            return VerifiedJWT(header: header, claims: claims, payload: payload, claimsObject: object, key: key)
        }
    }

    /// The payload of a JWS as a JWT claims set: strict JSON, an object (RFC 7519 §7.2 step 10).
    static func claimsObject(_ payload: [UInt8], limits: JSONLimits) throws(JWTError) -> JSONObject {
        let value: JSONValue
        do throws(JWTError) {
            // Claims are public text (anyone holding the token reads them): the scan may branch on their bytes.
            value = try payload.withUnsafeBufferPointer { b throws(JWTError) in try JSONValue.parse(b, limits: limits, publicText: true) }
        } catch let e {
            throw JWTError(e.code, "payload: \(e.reason)")
        }
        guard case .object(let object) = value else { throw JWTError.make(.malformedToken, "the JWT claims set is not a JSON object") }
        return object
    }

    /// The registered claims of a claims set whose signature verified, checked against `expecting` — the one
    /// claims check every verifier of this module runs.
    static func checkClaims(_ object: JSONObject, header: JWSHeader, expecting: ClaimExpectations) throws(JWTError) -> RegisteredClaims {
        let claims = try RegisteredClaims(object: object)
        try expecting.check(claims, header: header)
        return claims
    }

    /// RFC 7515 §5.2 steps 1–4 and RFC 8725 §3.1: size, the two dots, the header (strict base64url and JSON),
    /// `alg` (never `none`, implemented, in the allow-list) and `crit`. Everything a token is checked for before
    /// any key is looked at — ``JWKSCache`` runs it before an unknown `kid` may cause a fetch.
    static func checkHeader(_ buf: UnsafeBufferPointer<UInt8>, algorithms: Set<JWSAlgorithm>,
                            options: Options) throws(JWTError) -> (CompactParts, JWSHeader, JWSAlgorithm) {
        let parts = try CompactParts.locate(buf, maxBytes: options.maxTokenBytes)
        let header = try parseHeader(buf.slice(parts.headerRange), limits: options.jsonLimits, allowPadding: options.allowPaddedBase64)
        let alg = try JWSAlgorithm.parse(header.algorithmName)
        guard algorithms.contains(alg) else {
            throw JWTError.make(.algorithmNotAllowed, "alg \(alg.rawValue) is not in this verifier's allow-list")
        }
        try header.checkCritical(understood: options.understoodCriticalHeaders)
        return (parts, header, alg)
    }

    /// No key fits `alg` (and the token names no kid): with one key, that key's own refusal (which names the
    /// rule: too short, wrong type, wrong curve, its `alg`, `use` or `key_ops`); with several, `keyNotFound` listing
    /// why the first few were refused.
    static func noKeyFits(_ alg: JWSAlgorithm, _ keys: [JWK]) -> JWTError {
        var reasons: [String] = []
        for key in keys {
            do { try key.checkFits(alg) } catch let e {
                if keys.count == 1 { return e }
                if reasons.count < 3 { reasons.append(e.reason) }
            }
        }
        if reasons.isEmpty { return JWTError.make(.keyNotFound, "no key in the set fits alg \(alg.rawValue) (the set is empty)") }
        let more = keys.count > reasons.count ? "; …" : ""
        return JWTError.make(.keyNotFound, "no key in the set fits alg \(alg.rawValue): \(reasons.joined(separator: "; "))\(more)")
    }

    /// RFC 7515 §5.2 steps 1–8 on the token bytes: returns the header, the decoded payload and the key that
    /// verified the signature.
    func checkSignature(_ buf: UnsafeBufferPointer<UInt8>) throws(JWTError) -> (JWSHeader, [UInt8], JWK) {
        let (parts, header, alg) = try JWTVerifier.checkHeader(buf, algorithms: algorithms, options: options)
        let payload = try decodePart(buf.slice(parts.payloadRange), "payload", allowPadding: options.allowPaddedBase64)
        let signature = try decodePart(buf.slice(parts.signatureRange), "signature", allowPadding: options.allowPaddedBase64)
        let input = buf.slice(parts.signingInputRange)

        if let kid = header.keyID {
            guard let key = keys.key(id: kid) else {
                throw JWTError.make(.keyNotFound, "no key with kid \(quoted(kid))")
            }
            try key.verify(alg, signature: signature, signingInput: input)
            return (header, payload, key)
        }
        var candidates = 0
        for key in keys.keys where key.fits(alg) { candidates += 1 }
        if candidates > options.maxKeysTriedWithoutKeyID {
            throw JWTError.make(.limitExceeded, "the token has no kid and \(candidates) keys fit \(alg.rawValue); at most \(options.maxKeysTriedWithoutKeyID) are tried without a kid")
        }
        var firstError: JWTError? = nil
        for key in keys.keys where key.fits(alg) {
            do {
                try key.verify(alg, signature: signature, signingInput: input)
                return (header, payload, key)
            } catch let e {
                if firstError == nil { firstError = e }
            }
        }
        if candidates == 0 { throw JWTVerifier.noKeyFits(alg, keys.keys) }
        if candidates == 1, let e = firstError { throw e }
        throw JWTError.make(.invalidSignature, "signature does not verify with any of the \(candidates) keys that fit \(alg.rawValue)")
    }
}

/// A JWS whose signature verified.
public struct VerifiedJWS: Sendable {
    public let header: JWSHeader
    /// The algorithm that verified it.
    public var algorithm: JWSAlgorithm { header.algorithm! }
    /// The decoded payload bytes.
    public let payload: [UInt8]
    /// The key that verified it.
    public let key: JWK
}

/// A JWT whose signature verified and whose claims met the expectations.
public struct VerifiedJWT: Sendable {
    public let header: JWSHeader
    /// The algorithm that verified it.
    public var algorithm: JWSAlgorithm { header.algorithm! }
    public let claims: RegisteredClaims
    /// The decoded payload bytes (the claims set as JSON).
    public let payload: [UInt8]
    /// The parsed claims set.
    public let claimsObject: JSONObject
    /// The key that verified it.
    public let key: JWK

#if !hasFeature(Embedded)
    /// Decodes the claims set into any `Decodable` type (no Foundation). Failures are ``JWTError`` with code
    /// `decodingFailed`.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(JWTError) -> T {
        do {
            return try JSONValueDecoder().decode(type, from: .object(claimsObject))
        } catch let e as JWTError {
            throw e
        } catch {
            throw JWTError.make(.decodingFailed, "\(T.self): \(error)")
        }
    }
#endif
}
