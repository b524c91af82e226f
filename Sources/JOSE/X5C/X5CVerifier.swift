// Hosted only (untyped `throws` closures, async revocation): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
import DER
import PureX509
import SHA2
import SharedPrimitives

/// Verifies compact JWS / JWT tokens whose key is the leaf of the `x5c` certificate chain in their header
/// (RFC 7515 §4.1.6), a chain that must validate to one of the pinned trust roots — the way Apple signs App Store
/// transactions and notifications, device attestations and some enterprise issuers sign theirs.
///
/// ``JWTVerifier`` never uses `x5c`; this type does, and only this. The checks, in order:
/// 1. everything ``JWTVerifier`` checks before looking at a key: size, the two dots, strict header JSON, `alg`
///    (never `none`, in `algorithms`), `crit`;
/// 2. `x5c`: a non-empty array of strict standard base64 strings (not base64url; RFC 7515 §4.1.6), at most
///    ``Options/maximumCertificates`` entries of at most ``Options/maximumCertificateBytes`` each, every one a
///    DER certificate that PureX509 parses; the first is the leaf, the rest an unordered pool of intermediates;
///    then ``Options/certificateCheck``, if you gave one;
/// 3. `x5t#S256`, when present: the base64url SHA-256 of the leaf's DER (RFC 7515 §4.1.8);
/// 4. the chain, by `CertificateVerifier` at the ``ValidationTime`` the caller chooses, to a pinned root, with the
///    caller's policy — plus `digitalSignature` when the leaf has a keyUsage extension;
/// 5. the leaf's public key bound to `alg` exactly as a JWK is (``JWK/checkFits(_:)``: type, curve, RSA size);
/// 6. the signature; 7. for `verify(_:at:expecting:)`, the claims, as ``JWTVerifier/verify(_:expecting:)``
///    checks them.
///
/// Every refusal is a ``JWTError``: chain failures are `untrustedCertificateChain`, unreadable certificates
/// `invalidCertificate`, a wrong thumbprint `thumbprintMismatch`; their reasons carry the `X509Error` code and
/// reason. A verifier is an immutable value; share one across threads and tasks.
public struct X5CVerifier: Sendable {
    /// The time at which the certificates must be valid.
    public enum ValidationTime: Sendable {
        /// The system clock (``systemTimeSeconds()``).
        case now
        /// A clock of your own, in seconds since the epoch.
        case clock(@Sendable () -> Double)
        /// A fixed Unix time in seconds.
        case fixed(Int64)
        /// A Unix time in seconds read from the payload, which must be a JSON object, before the signature is
        /// checked (App Store data is validated at its `signedDate`). Returning nil refuses the token with
        /// `missingClaim`. Only the certificate validity uses it; claim times still come from
        /// ``ClaimExpectations/now``. The token chooses this time, so bound it in the closure: return nil for a
        /// time in the future or older than you accept, or a certificate that has since expired validates.
        case fromPayload(@Sendable (JSONObject) -> Int64?)
        /// As ``fromPayload(_:)``, with a closure that refuses the token with an error of its own — e.g.
        /// `notYetValid` for a time later than your clock allows (App Store data: its `signedDate`), before the
        /// chain is looked at.
        case fromPayloadChecked(@Sendable (JSONObject) throws(JWTError) -> Int64)
    }

    /// Limits on the token and on its `x5c`.
    public struct Options: Sendable {
        /// Size, JSON and `crit` options, as for ``JWTVerifier``.
        public var tokenOptions: JWTVerifier.Options
        /// The most certificates `x5c` may hold. Default 10.
        public var maximumCertificates: Int
        /// The largest DER certificate accepted, in bytes. Default 16 KiB.
        public var maximumCertificateBytes: Int
        /// The rules on `x5c` positions and revocation (``ChainPolicy``). Default: none.
        public var chainPolicy: ChainPolicy
        /// A check of your own on the `x5c` certificates in the token's order (leaf first), run after
        /// ``chainPolicy``'s position rules and before the thumbprint, the validation time and the path are looked at.
        /// What it throws becomes `invalidCertificate` with the error's description in the reason.
        @available(*, deprecated, message: "use chainPolicy (X5CVerifier.ChainPolicy): exact chain length, marker extensions, revocation")
        public var certificateCheck: (@Sendable ([Certificate]) throws -> Void)? {
            get { check }
            set { check = newValue }
        }
        var check: (@Sendable ([Certificate]) throws -> Void)?

        public init(tokenOptions: JWTVerifier.Options = .default, maximumCertificates: Int = 10,
                    maximumCertificateBytes: Int = 16_384, chainPolicy: ChainPolicy = ChainPolicy()) {
            self.tokenOptions = tokenOptions
            self.maximumCertificates = maximumCertificates
            self.maximumCertificateBytes = maximumCertificateBytes
            self.chainPolicy = chainPolicy
            self.check = nil
        }

        @available(*, deprecated, message: "use init(tokenOptions:maximumCertificates:maximumCertificateBytes:chainPolicy:)")
        public init(tokenOptions: JWTVerifier.Options = .default, maximumCertificates: Int = 10,
                    maximumCertificateBytes: Int = 16_384,
                    certificateCheck: (@Sendable ([Certificate]) throws -> Void)?) {
            self.init(tokenOptions: tokenOptions, maximumCertificates: maximumCertificates,
                      maximumCertificateBytes: maximumCertificateBytes)
            self.check = certificateCheck
        }
        public static let `default` = Options()
    }

    /// Rules on the `x5c` certificates by position, and their revocation — the App Store's, or any issuer's that
    /// works the same way. The position rules are checked once every certificate parses, before the thumbprint, the
    /// validation time and the path; revocation once the path validated (the async `verify(_:at:expecting:)` and
    /// `verifySignature(_:at:)` only: the fetch is yours and asynchronous).
    public struct ChainPolicy: Sendable {
        /// The exact number of certificates `x5c` must hold, which is then also the validated chain's length (the
        /// chain is `x5c`'s own certificates in their order, ending at the pinned root): refused as
        /// `invalidCertificate` (`X509Error.chainLengthMismatch`) before the path, `untrustedCertificateChain` after.
        /// nil: any number within ``Options/maximumCertificates``.
        public var exactChainLength: Int?
        /// Extensions the leaf (`x5c[0]`) must carry, e.g. Apple's marker 1.2.840.113635.100.6.11.1.
        public var requiredLeafExtensions: [ASN1ObjectIdentifier]
        /// Extensions every `x5c` certificate after the leaf and before the last must carry, e.g. Apple's
        /// intermediate marker 1.2.840.113635.100.6.2.1.
        public var requiredIntermediateExtensions: [ASN1ObjectIdentifier]
        /// The OCSP status of every certificate of the validated chain but the root, through your fetch: the
        /// `async` entry points check it; the synchronous ones refuse a verifier that has one.
        public var revocation: OCSPRevocationChecker?

        public init(exactChainLength: Int? = nil, requiredLeafExtensions: [ASN1ObjectIdentifier] = [],
                    requiredIntermediateExtensions: [ASN1ObjectIdentifier] = [], revocation: OCSPRevocationChecker? = nil) {
            self.exactChainLength = exactChainLength
            self.requiredLeafExtensions = requiredLeafExtensions
            self.requiredIntermediateExtensions = requiredIntermediateExtensions
            self.revocation = revocation
        }

        /// The position rules, on `x5c` in the token's order: the count first, then the leaf's and the
        /// intermediates' extensions.
        func check(_ certificates: [Certificate]) throws(JWTError) {
            if let n = exactChainLength, certificates.count != n {
                throw JWTError.make(.invalidCertificate, "x5c", cause: X509Error.make(.chainLengthMismatch,
                    "x5c holds \(certificates.count) certificates; the policy requires exactly \(n)"))
            }
            for oid in requiredLeafExtensions where certificates[0].extensions.first(oid) == nil {
                throw JWTError.make(.invalidCertificate, "x5c", cause: X509Error.make(.missingRequiredExtension, at: 0,
                    certificates[0], "lacks the required extension \(oid)"))
            }
            if certificates.count > 2 {
                for i in 1..<(certificates.count - 1) {
                    for oid in requiredIntermediateExtensions where certificates[i].extensions.first(oid) == nil {
                        throw JWTError.make(.invalidCertificate, "x5c", cause: X509Error.make(.missingRequiredExtension, at: i,
                            certificates[i], "lacks the required extension \(oid)"))
                    }
                }
            }
        }
    }

    /// The path validation: the pinned roots and the policy (with `digitalSignature` required of a leaf that
    /// carries keyUsage).
    public let certificateVerifier: CertificateVerifier
    /// The allow-list; a token whose `alg` is not in it fails with `algorithmNotAllowed`.
    public let algorithms: Set<JWSAlgorithm>
    public let options: Options

    /// - Parameters:
    ///   - trustRoots: the only roots a chain may end at (pin them; never take them from the token).
    ///   - policy: extended key usages, required extensions, chain length, signature algorithms, an extra check.
    ///   - algorithms: the JWS algorithms accepted.
    ///   - options: token and `x5c` limits.
    ///   - keyCacheCapacity: how many public keys (issuers' and leaves') are kept prepared for
    ///     verification between calls (see `CertificateVerifier.init(trustRoots:policy:keyCacheCapacity:)`): a
    ///     kept key serves only the identical SubjectPublicKeyInfo, and every chain and signature is still checked
    ///     on every call. Keep one verifier for all tokens; 0 keeps none.
    ///
    /// The certificate verifier also remembers verified certificate signatures and parsed `x5c` certificates, with
    /// `CertificateVerifier`'s default bounds; use
    /// ``init(trustRoots:policy:algorithms:options:keyCacheCapacity:verifiedSignatureCacheCapacity:parsedCertificateCacheCapacity:)``
    /// to bound them otherwise or turn them off.
    public init(trustRoots: [Certificate], policy: CertificateVerifier.Policy = CertificateVerifier.Policy(),
                algorithms: Set<JWSAlgorithm>, options: Options = .default,
                keyCacheCapacity: Int = CertificateVerifier.defaultKeyCacheCapacity) {
        self.init(trustRoots: trustRoots, policy: policy, algorithms: algorithms, options: options,
                  keyCacheCapacity: keyCacheCapacity,
                  verifiedSignatureCacheCapacity: CertificateVerifier.defaultVerifiedSignatureCacheCapacity,
                  parsedCertificateCacheCapacity: CertificateVerifier.defaultParsedCertificateCacheCapacity)
    }

    /// A verifier with every bound on what it keeps between calls.
    ///
    /// - Parameters:
    ///   - trustRoots: the only roots a chain may end at (pin them; never take them from the token).
    ///   - policy: extended key usages, required extensions, chain length, signature algorithms, an extra check.
    ///   - algorithms: the JWS algorithms accepted.
    ///   - options: token and `x5c` limits.
    ///   - keyCacheCapacity: how many public keys (issuers' and leaves') are kept prepared.
    ///   - verifiedSignatureCacheCapacity: how many certificate signatures are remembered as verified (the
    ///     certificate's whole DER with its issuer's whole SubjectPublicKeyInfo, compared byte for byte; successes
    ///     only). A hit skips only that signature's arithmetic: every chain rule, the validity at the time asked for,
    ///     and the token's own signature are checked on every call.
    ///   - parsedCertificateCacheCapacity: how many `x5c` certificates are kept parsed, by their whole DER.
    ///
    /// 0 keeps none of that kind. See `CertificateVerifier.init(trustRoots:policy:keyCacheCapacity:verifiedSignatureCacheCapacity:parsedCertificateCacheCapacity:)`.
    public init(trustRoots: [Certificate], policy: CertificateVerifier.Policy = CertificateVerifier.Policy(),
                algorithms: Set<JWSAlgorithm>, options: Options = .default,
                keyCacheCapacity: Int = CertificateVerifier.defaultKeyCacheCapacity,
                verifiedSignatureCacheCapacity: Int, parsedCertificateCacheCapacity: Int) {
        var p = policy
        // A key certified for other uses only (keyEncipherment, …) does not sign tokens (RFC 5280 §4.2.1.3).
        p.requiredKeyUsage.insert(.digitalSignature)
        self.certificateVerifier = CertificateVerifier(trustRoots: trustRoots, policy: p, keyCacheCapacity: keyCacheCapacity,
                                                       verifiedSignatureCacheCapacity: verifiedSignatureCacheCapacity,
                                                       parsedCertificateCacheCapacity: parsedCertificateCacheCapacity)
        self.algorithms = algorithms
        self.options = options
    }

    /// Verifies the chain and the signature of a compact JWS; the payload is not interpreted unless
    /// `time` is ``ValidationTime/fromPayload(_:)`` (the object it parsed is then returned as
    /// ``X5CVerifiedJWS/payloadObject``). A verifier whose ``ChainPolicy`` checks revocation refuses: use the
    /// `async` form.
    public func verifySignature(_ token: String, at time: ValidationTime = .now) throws(JWTError) -> X5CVerifiedJWS {
        try refuseWithoutRevocation()
        return try checkedJWS(token, at: time)
    }

    /// Verifies a JWT: the chain and the signature, then the claims set against `expecting` (the same checks as
    /// ``JWTVerifier/verify(_:expecting:)``). A verifier whose ``ChainPolicy`` checks revocation refuses: use the
    /// `async` form.
    public func verify(_ token: String, at time: ValidationTime = .now,
                       expecting: ClaimExpectations = ClaimExpectations()) throws(JWTError) -> X5CVerifiedJWT {
        try refuseWithoutRevocation()
        return try checkedJWT(token, at: time, expecting: expecting)
    }

    /// As the synchronous form, then the revocation of the validated chain (``ChainPolicy/revocation``), if the policy
    /// has a checker: refused as `untrustedCertificateChain` with the `X509Error` (`revoked`, `ocspFetchFailed`, …) in
    /// ``JWTError/certificateError``.
    public func verifySignature(_ token: String, at time: ValidationTime = .now) async throws(JWTError) -> X5CVerifiedJWS {
        let jws = try checkedJWS(token, at: time)
        try await checkRevocation(jws.certificateChain, at: jws.validationTime)
        return jws
    }

    /// As the synchronous form, then the revocation of the validated chain (``ChainPolicy/revocation``), if any.
    public func verify(_ token: String, at time: ValidationTime = .now,
                       expecting: ClaimExpectations = ClaimExpectations()) async throws(JWTError) -> X5CVerifiedJWT {
        let jwt = try checkedJWT(token, at: time, expecting: expecting)
        try await checkRevocation(jwt.certificateChain, at: jwt.validationTime)
        return jwt
    }

    /// The start of the reason of a refusal by the revocation check (its cause is in ``JWTError/certificateError``).
    public static let revocationReasonPrefix = "x5c revocation"

    func refuseWithoutRevocation() throws(JWTError) {
        if options.chainPolicy.revocation != nil {
            throw JWTError.make(.untrustedCertificateChain, "this verifier checks revocation online: call the async entry point (try await)")
        }
    }

    func checkRevocation(_ chain: [Certificate], at time: Int64) async throws(JWTError) {
        guard let checker = options.chainPolicy.revocation else { return }
        do { try await checker.check(chain, at: time) } catch {
            throw JWTError.make(.untrustedCertificateChain, X5CVerifier.revocationReasonPrefix, cause: error)
        }
    }

    func checkedJWS(_ token: String, at time: ValidationTime) throws(JWTError) -> X5CVerifiedJWS {
        var t = token
        return try withUTF8Bytes(&t) { buf throws(JWTError) in
            let checked = try check(buf, at: time)
            return X5CVerifiedJWS(header: checked.header, payload: checked.payload, key: checked.key,
                                  certificateChain: checked.chain, payloadObject: checked.object,
                                  validationTime: checked.seconds)
        }
    }

    func checkedJWT(_ token: String, at time: ValidationTime, expecting: ClaimExpectations) throws(JWTError) -> X5CVerifiedJWT {
        var t = token
        return try withUTF8Bytes(&t) { buf throws(JWTError) in
            let checked = try check(buf, at: time)
            let object: JSONObject
            if let o = checked.object { object = o } else {
                object = try JWTVerifier.claimsObject(checked.payload, limits: options.tokenOptions.jsonLimits)
            }
            let claims = try JWTVerifier.checkClaims(object, header: checked.header, expecting: expecting)
            let jwt = VerifiedJWT(header: checked.header, claims: claims, payload: checked.payload, claimsObject: object,
                                  key: checked.key)
            return X5CVerifiedJWT(jwt: jwt, certificateChain: checked.chain, validationTime: checked.seconds)
        }
    }

    struct Checked {
        let header: JWSHeader
        let payload: [UInt8]
        let object: JSONObject?
        let key: JWK
        let chain: [Certificate]
        let seconds: Int64
    }

    func check(_ buf: UnsafeBufferPointer<UInt8>, at time: ValidationTime) throws(JWTError) -> Checked {
        let (parts, header, alg) = try JWTVerifier.checkHeader(buf, algorithms: algorithms, options: options.tokenOptions)
        let allowPadding = options.tokenOptions.allowPaddedBase64
        let payload = try decodePart(buf.slice(parts.payloadRange), "payload", allowPadding: allowPadding)
        let signature = try decodePart(buf.slice(parts.signatureRange), "signature", allowPadding: allowPadding)
        let certificates = try X5CVerifier.certificates(in: header, options: options, parsingWith: certificateVerifier)
        let policy = options.chainPolicy
        try policy.check(certificates)
        if let own = options.check {
            do { try own(certificates) } catch {
                throw JWTError.make(.invalidCertificate, "x5c certificate check: \(error)")
            }
        }
        let leaf = certificates[0]
        try X5CVerifier.checkThumbprint(header, leaf: leaf)

        var object: JSONObject? = nil
        let seconds: Int64
        switch time {
        case .now: seconds = try X5CVerifier.wholeSeconds(systemTimeSeconds())
        case .clock(let clock): seconds = try X5CVerifier.wholeSeconds(clock())
        case .fixed(let s): seconds = s
        case .fromPayload(let read):
            let o = try JWTVerifier.claimsObject(payload, limits: options.tokenOptions.jsonLimits)
            object = o
            guard let s = read(o) else {
                throw JWTError.make(.missingClaim, "the certificate validation time could not be read from the payload")
            }
            seconds = s
        case .fromPayloadChecked(let read):
            let o = try JWTVerifier.claimsObject(payload, limits: options.tokenOptions.jsonLimits)
            object = o
            seconds = try read(o)
        }

        let chain: [Certificate]
        do {
            chain = try certificateVerifier.validate(leaf: leaf, intermediates: Array(certificates.dropFirst()), at: seconds)
        } catch {
            throw JWTError.make(.untrustedCertificateChain, "x5c", cause: error)
        }
        if let n = policy.exactChainLength {
            // x5c's own certificates in their order, ending at a pinned root: the positions checked above are the path's.
            guard chain.count == n, chain.indices.dropLast().allSatisfy({ chain[$0] == certificates[$0] }) else {
                throw JWTError.make(.untrustedCertificateChain, "x5c", cause: X509Error.make(.chainLengthMismatch,
                    "the chain validated through \(chain.count) certificates other than x5c's \(n) in their order"))
            }
        }

        let key: JWK
        do {
            key = try leafKey(leaf)
            try key.checkFits(alg)
        } catch let e {
            throw JWTError(e.code, "x5c leaf certificate's key: \(e.reason)", certificateError: e.certificateError)
        }
        try key.verify(alg, signature: signature, signingInput: buf.slice(parts.signingInputRange))
        return Checked(header: header, payload: payload, object: object, key: key, chain: chain, seconds: seconds)
    }

    /// The validated leaf's key as a JWK: the certificate verifier's key for it (kept between tokens in the
    /// verifier's one key cache, by the exact SubjectPublicKeyInfo), wrapped with the JOSE rules of a key read from a
    /// SubjectPublicKeyInfo (an id-RSASSA-PSS key becomes a PS* key).
    func leafKey(_ leaf: Certificate) throws(JWTError) -> JWK {
        guard let spki = leaf.subjectPublicKeyInfo else {
            throw JWTError.make(.unsupportedKey, "its public key algorithm is not supported")
        }
        let key: Certificate.PublicKey
        do { key = try certificateVerifier.publicKey(of: leaf) } catch {
            // The code JOSE gives for that key (its codes tell an invalid key from an unsupported one).
            var code = JWTError.Code.unsupportedKey
            do { _ = try JWK(spki: spki) } catch { code = error.code }
            throw JWTError.make(code, "its key", cause: error)
        }
        return try JWK(publicKey: key)
    }

    static func wholeSeconds(_ t: Double) throws(JWTError) -> Int64 {
        guard t.isFinite, t > -9.2e18, t < 9.2e18 else {
            throw JWTError.make(.invalidClaim, "the clock returned a time (\(t)) that is not a finite number of seconds")
        }
        return Int64(t.rounded(.down))
    }

    /// The certificates of the header's `x5c` (RFC 7515 §4.1.6), leaf first.
    /// Each is parsed by `parser`, which keeps the certificates it parsed (the same leaf and intermediates arrive in
    /// token after token).
    static func certificates(in header: JWSHeader, options: Options, parsingWith parser: CertificateVerifier) throws(JWTError) -> [Certificate] {
        guard let value = header.object["x5c"] else {
            throw JWTError.make(.keyNotFound, "the header has no \"x5c\" certificate chain")
        }
        guard case .array(let entries) = value else {
            throw JWTError.make(.malformedToken, "header member \"x5c\" must be an array of strings, found \(value.typeName)")
        }
        guard !entries.isEmpty else { throw JWTError.make(.malformedToken, "header member \"x5c\" is an empty array") }
        guard entries.count <= options.maximumCertificates else {
            throw JWTError.make(.limitExceeded, "\"x5c\" holds \(entries.count) certificates; at most \(options.maximumCertificates) are accepted")
        }
        var out: [Certificate] = []
        out.reserveCapacity(entries.count)
        for (i, entry) in entries.enumerated() {
            guard case .string(let text) = entry else {
                throw JWTError.make(.malformedToken, "x5c[\(i)] must be a string, found \(entry.typeName)")
            }
            // Four base64 characters per three bytes: refuse an oversized entry before decoding it.
            guard text.utf8.count <= (options.maximumCertificateBytes + 2) / 3 * 4 else {
                throw JWTError.make(.limitExceeded, "x5c[\(i)] is longer than \(options.maximumCertificateBytes) bytes of DER")
            }
            let der = try StandardBase64.decode(text, what: "x5c[\(i)]")
            guard der.count <= options.maximumCertificateBytes else {
                throw JWTError.make(.limitExceeded, "x5c[\(i)] is \(der.count) bytes of DER; at most \(options.maximumCertificateBytes) are accepted")
            }
            do {
                out.append(try parser.certificate(derEncoded: der))
            } catch {
                throw JWTError.make(.invalidCertificate, "x5c[\(i)]", cause: error)
            }
        }
        return out
    }

    /// `x5t#S256` (RFC 7515 §4.1.8), when present: strict base64url of the SHA-256 of the leaf's DER.
    static func checkThumbprint(_ header: JWSHeader, leaf: Certificate) throws(JWTError) {
        guard let value = header.object["x5t#S256"] else { return }
        guard case .string(let text) = value else {
            throw JWTError.make(.malformedToken, "header member \"x5t#S256\" must be a string, found \(value.typeName)")
        }
        let given: [UInt8]
        do { given = try Base64URL.decode(text) } catch let e {
            throw JWTError.make(.invalidBase64URL, "x5t#S256: \(e.reason)")
        }
        let actual = SHA256.hash(data: leaf.derEncoded).bytes
        guard given == actual else {
            throw JWTError.make(.thumbprintMismatch, "x5t#S256 is not the SHA-256 thumbprint of the x5c leaf certificate")
        }
    }
}

/// A JWS whose `x5c` chain validated and whose signature verified with the chain's leaf.
public struct X5CVerifiedJWS: Sendable {
    public let header: JWSHeader
    /// The algorithm that verified it.
    public var algorithm: JWSAlgorithm { header.algorithm! }
    /// The decoded payload bytes.
    public let payload: [UInt8]
    /// The leaf certificate's public key.
    public let key: JWK
    /// The validated chain, leaf first, pinned root last.
    public let certificateChain: [Certificate]
    /// The payload's JSON object, when the verifier parsed it (for ``X5CVerifier/ValidationTime/fromPayload(_:)``):
    /// the claims it read the validation time from, parsed once.
    public let payloadObject: JSONObject?
    /// The time (Unix seconds) the chain was validated at.
    public let validationTime: Int64
}

/// A JWT whose `x5c` chain validated, whose signature verified with the chain's leaf, and whose claims met the
/// expectations.
public struct X5CVerifiedJWT: Sendable {
    /// The token as ``JWTVerifier`` would return it (header, claims, payload, the leaf's key).
    public let jwt: VerifiedJWT
    /// The validated chain, leaf first, pinned root last.
    public let certificateChain: [Certificate]
    /// The time (Unix seconds) the chain was validated at.
    public let validationTime: Int64

    public var header: JWSHeader { jwt.header }
    public var claims: RegisteredClaims { jwt.claims }
    /// Decodes the claims set into any `Decodable` type (see ``VerifiedJWT/decode(_:)``).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(JWTError) -> T { try jwt.decode(type) }
}

/// Strict standard base64 (RFC 4648 §4), as `x5c` uses: the `+/` alphabet, padded to a multiple of four, no
/// whitespace, and zero bits after the last byte (one encoding per byte string). The codec is `Base64`; this names
/// the entry in its errors.
enum StandardBase64 {
    static func decode(_ text: String, what: String) throws(JWTError) -> [UInt8] {
        guard !text.isEmpty else { throw JWTError.make(.invalidCertificate, "\(what) is an empty string") }
        var text = text
        return try withUTF8Bytes(&text) { s throws(JWTError) in
            do throws(Base64.DecodingError) {
                return try Base64.decode(s, alphabet: .standard, padding: .required)
            } catch {
                switch error.kind {
                case .invalidLength:
                    throw JWTError.make(.invalidCertificate, "\(what) is not standard base64: its length \(s.count) is not a multiple of 4 (RFC 4648 §4)")
                case .nonZeroTrailingBits:
                    throw JWTError.make(.invalidCertificate, "\(what) is not canonical base64: bits after the last byte are not zero")
                case .invalidCharacter, .misplacedPadding:
                    let c = s[error.offset]
                    let shown = c == UInt8(ascii: "-") || c == UInt8(ascii: "_") ? " (base64url; x5c is standard base64, RFC 7515 §4.1.6)" : ""
                    throw JWTError.make(.invalidCertificate, "\(what) is not standard base64: byte 0x\(String(c, radix: 16)) at offset \(error.offset)\(shown)")
                }
            }
        }
    }
}
#endif  // !hasFeature(Embedded)
