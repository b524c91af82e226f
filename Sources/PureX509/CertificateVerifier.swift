import DER

/// Validates a certificate chain to pinned trust roots (RFC 5280 §6.1, with the trust anchors given as
/// certificates, and the profile rules of §4 that a chain must meet).
///
/// `validate(leaf:intermediates:at:)` builds a path from the leaf through an unordered pool of
/// intermediates to one of the roots (depth-first, roots tried first, each certificate at most once per
/// path, with caps on the candidates looked at and on the signatures checked, so a hostile pool cannot
/// make the search exponential), and accepts the first path that passes every check:
/// every signature, validity at the given time, issuer/subject chaining (§7.1 name matching), basic
/// constraints and pathLenConstraint, keyUsage keyCertSign on issuers that carry keyUsage, name
/// constraints (dNSName, rfc822Name, iPAddress, directoryName; permitted and excluded), no unknown
/// critical extension, the §4.2 profile rules a verifier can see (key identifiers, criticality), and the
/// ``Policy``. When no path passes, the error of the most complete path tried is thrown.
public struct CertificateVerifier: Sendable {
    /// What the caller requires beyond RFC 5280.
    public struct Policy: Sendable {
        /// Extended key usages the leaf must allow (a leaf without extendedKeyUsage allows all).
        public var requiredExtendedKeyUsages: [ASN1ObjectIdentifier]
        /// Key usages the leaf must allow (a leaf without keyUsage allows all).
        public var requiredKeyUsage: KeyUsage
        /// Extensions the leaf must carry.
        public var requiredLeafExtensions: [ASN1ObjectIdentifier]
        /// Extensions every intermediate (not the root) must carry.
        public var requiredIntermediateExtensions: [ASN1ObjectIdentifier]
        /// The most certificates a chain may hold, leaf and root included.
        public var maximumChainLength: Int
        /// The signature algorithms accepted on the certificates below the root; nil accepts
        /// ``SignatureAlgorithm/isStrongByDefault(_:)``. SHA-1 and MD5 are refused in every case.
        public var allowedSignatureAlgorithms: [SignatureAlgorithm]?
        /// The caller's own check of a chain that passed every other rule (leaf first, root last).
        public var additionalCheck: (@Sendable ([Certificate]) throws(X509Error) -> Void)?
        /// Whether the RFC 5280 §4.2 rules for how CAs must write their certificates are enforced:
        /// authority and subject key identifiers present, basicConstraints, nameConstraints and
        /// policyConstraints critical. On by default; off for chains of CAs that omit them (Apple's
        /// App Store test chain has no key identifiers and a non-critical basicConstraints). The path
        /// rules of §6.1 (cA, pathLen, keyCertSign, name constraints, …) hold either way.
        public var strictProfile: Bool
        /// The most issuer candidates looked at in one search.
        public var maximumCandidates: Int
        /// The most signatures checked in one search.
        public var maximumSignatureChecks: Int
        /// Whether a CA certificate (basicConstraints cA) that is not self-issued must carry an
        /// authorityKeyIdentifier keyIdentifier (RFC 5280 §4.2.1.1). Off by default: the path-validation
        /// algorithm of §6.1 does not use it and private CAs omit it. A leaf without one is refused under
        /// ``strictProfile`` either way.
        public var requireAuthorityKeyIdentifierOnCAs: Bool = false

        public init(requiredExtendedKeyUsages: [ASN1ObjectIdentifier] = [], requiredKeyUsage: KeyUsage = [],
                    requiredLeafExtensions: [ASN1ObjectIdentifier] = [], requiredIntermediateExtensions: [ASN1ObjectIdentifier] = [],
                    maximumChainLength: Int = 10, allowedSignatureAlgorithms: [SignatureAlgorithm]? = nil,
                    additionalCheck: (@Sendable ([Certificate]) throws(X509Error) -> Void)? = nil,
                    strictProfile: Bool = true, maximumCandidates: Int = 256, maximumSignatureChecks: Int = 64) {
            self.strictProfile = strictProfile
            self.requiredExtendedKeyUsages = requiredExtendedKeyUsages
            self.requiredKeyUsage = requiredKeyUsage
            self.requiredLeafExtensions = requiredLeafExtensions
            self.requiredIntermediateExtensions = requiredIntermediateExtensions
            self.maximumChainLength = maximumChainLength
            self.allowedSignatureAlgorithms = allowedSignatureAlgorithms
            self.additionalCheck = additionalCheck
            self.maximumCandidates = maximumCandidates
            self.maximumSignatureChecks = maximumSignatureChecks
        }
    }

    /// The pinned roots.
    public let trustRoots: [Certificate]
    /// The policy.
    public let policy: Policy

    /// The trust roots' keys, made once (keys of roots that cannot verify anything are left out and
    /// refused, when used, as before), by SubjectPublicKeyInfo DER.
    let rootKeys: [[UInt8]: Certificate.PublicKey]
    /// The keys of other certificates met while validating (issuers) or asked for (``publicKey(of:)``: a leaf's),
    /// shared by copies of this verifier.
    let keys: PreparedKeyCache<Certificate.PublicKey>

    /// Certificates whose signature verified, each with the exact issuer key it verified with, shared by copies
    /// of this verifier (only successes are kept).
    let verifiedSignatures: BoundedCache<SignedBy, Bool>
    /// Certificates parsed by ``certificate(derEncoded:)``, by their exact DER, shared by copies of this verifier.
    let parsedCertificates: BoundedCache<ExactBytes, Certificate>

    /// The number of issuer keys (other than the trust roots') a verifier keeps prepared between calls.
    public static let defaultKeyCacheCapacity = 64
    /// The number of verified certificate signatures a verifier remembers between calls.
    public static let defaultVerifiedSignatureCacheCapacity = 64
    /// The number of parsed certificates ``certificate(derEncoded:)`` keeps between calls.
    public static let defaultParsedCertificateCacheCapacity = 64

    /// A verifier that accepts chains ending at one of `trustRoots`.
    ///
    /// The roots' public keys are prepared for verification here, once; the keys of intermediates and other
    /// issuers are prepared when first used and kept, up to `keyCacheCapacity` of them (the oldest is dropped
    /// first), for every later call on this verifier or a copy of it — keyed by the exact SubjectPublicKeyInfo
    /// DER, so a kept key serves only the identical key. Make one verifier and keep it: a verifier made per
    /// request is as correct, only slower. `keyCacheCapacity` 0 keeps no issuer keys. (In Embedded Swift no
    /// issuer keys are kept.)
    ///
    /// The verifier also remembers, up to ``defaultVerifiedSignatureCacheCapacity`` of them, which certificates'
    /// signatures verified with which issuer keys, and keeps up to ``defaultParsedCertificateCacheCapacity``
    /// certificates parsed by ``certificate(derEncoded:)``; use
    /// ``init(trustRoots:policy:keyCacheCapacity:verifiedSignatureCacheCapacity:parsedCertificateCacheCapacity:)``
    /// to bound them otherwise or turn them off.
    public init(trustRoots: [Certificate], policy: Policy = Policy(), keyCacheCapacity: Int = CertificateVerifier.defaultKeyCacheCapacity) {
        self.init(trustRoots: trustRoots, policy: policy, keyCacheCapacity: keyCacheCapacity,
                  verifiedSignatureCacheCapacity: CertificateVerifier.defaultVerifiedSignatureCacheCapacity,
                  parsedCertificateCacheCapacity: CertificateVerifier.defaultParsedCertificateCacheCapacity)
    }

    /// A verifier that accepts chains ending at one of `trustRoots`, with every bound on what it keeps between calls.
    ///
    /// - Parameters:
    ///   - trustRoots: the only certificates a chain may end at.
    ///   - policy: what the caller requires beyond RFC 5280.
    ///   - keyCacheCapacity: the issuer keys (other than the roots', which are always prepared once) kept prepared
    ///     for verification, by their exact SubjectPublicKeyInfo DER.
    ///   - verifiedSignatureCacheCapacity: the certificate signatures remembered as verified. An entry is the
    ///     certificate's whole DER and its issuer's whole SubjectPublicKeyInfo DER, both compared byte for byte, and
    ///     is kept only after the signature verified: a certificate or an issuer key that differs in one byte never
    ///     hits, and a signature that failed is checked again on every call. A hit skips only the signature
    ///     arithmetic (which is a function of those bytes alone): the algorithm policy, validity at the time asked
    ///     for, names, extensions, constraints and the ``Policy`` are checked on every call.
    ///   - parsedCertificateCacheCapacity: the certificates ``certificate(derEncoded:)`` keeps parsed, by their
    ///     whole DER (a parse is a function of the bytes alone; only successes are kept).
    ///
    /// Each bound is the most entries kept (the oldest is dropped first); 0 keeps none of that kind. Copies of the
    /// verifier share what it keeps; it is safe to share between threads and tasks. In Embedded Swift nothing is kept.
    public init(trustRoots: [Certificate], policy: Policy = Policy(), keyCacheCapacity: Int = CertificateVerifier.defaultKeyCacheCapacity,
                verifiedSignatureCacheCapacity: Int, parsedCertificateCacheCapacity: Int) {
        self.trustRoots = trustRoots
        self.policy = policy
        var roots: [[UInt8]: Certificate.PublicKey] = [:]
        for root in trustRoots where roots[root.subjectPublicKeyInfoBytes] == nil {
            if let spki = root.subjectPublicKeyInfo, let k = try? Certificate.PublicKey(spki: spki) {
                roots[root.subjectPublicKeyInfoBytes] = k
            }
        }
        rootKeys = roots
        keys = PreparedKeyCache(capacity: keyCacheCapacity)
        verifiedSignatures = BoundedCache(capacity: verifiedSignatureCacheCapacity)
        parsedCertificates = BoundedCache(capacity: parsedCertificateCacheCapacity)
    }

    /// Parses one DER certificate as ``Certificate/init(derEncoded:)`` does, or returns the certificate this
    /// verifier (or a copy of it) already parsed from the identical bytes — the whole DER is compared. Errors are
    /// not kept: bytes that fail to parse fail again, with the same error, on every call.
    public func certificate(derEncoded der: [UInt8]) throws(X509Error) -> Certificate {
        let key = ExactBytes(der)
        if let c = parsedCertificates.value(for: key) { return c }
        let c = try Certificate(derEncoded: der)
        parsedCertificates.insert(c, for: key)
        return c
    }

    /// `certificate`'s public key, ready to verify: a trust root's made once by ``init(trustRoots:policy:keyCacheCapacity:)``,
    /// another certificate's kept from an earlier call on this verifier or a copy (by the exact SubjectPublicKeyInfo
    /// DER, within the key cache's capacity) or made now and kept. This is how JOSE's `X5CVerifier` takes the key of a
    /// leaf this verifier validated. Throws `unsupportedPublicKey` for a key of no family this package verifies with
    /// or an invalid one; only keys made without error are kept.
    public func publicKey(of certificate: Certificate) throws(X509Error) -> Certificate.PublicKey {
        guard let spki = certificate.subjectPublicKeyInfo else {
            throw X509Error.make(.unsupportedPublicKey, "the certificate's public key algorithm is not supported")
        }
        return try publicKey(of: certificate, spki)
    }

    func publicKey(of certificate: Certificate, _ spki: SubjectPublicKeyInfo) throws(X509Error) -> Certificate.PublicKey {
        let der = certificate.subjectPublicKeyInfoBytes
        if let k = rootKeys[der] { return k }
        if let k = keys.value(for: der) { return k }
        let k = try Certificate.PublicKey(spki: spki)
        keys.insert(k, for: der)
        return k
    }

    /// Validates `leaf` at `time` (Unix seconds) and returns the chain, leaf first, root last.
    public func validate(leaf: Certificate, intermediates: [Certificate] = [], at time: Int64) throws(X509Error) -> [Certificate] {
        var search = Search(verifier: self, pool: intermediates, time: time)
        if let chain = try search.extend([leaf]) { return chain }
        throw search.best?.error ?? X509Error.make(.issuerNotFound, at: 0, leaf,
            "no issuer named \(leaf.issuer) among \(intermediates.count) intermediates and \(trustRoots.count) trust roots")
    }

    /// The state of one path search.
    struct Search {
        let verifier: CertificateVerifier
        let pool: [Certificate]
        let time: Int64
        var candidatesSeen = 0
        var signatureChecks = 0
        /// Signature results by (subject DER, issuer DER) so a certificate pair is verified once per search.
        var verified: [SignedBy: Bool] = [:]
        /// The error of the longest path that failed, and that path's length.
        var best: (error: X509Error, depth: Int)? = nil

        mutating func record(_ e: X509Error, depth: Int) {
            if best == nil || depth > best!.depth { best = (e, depth) }
        }

        /// Tries to complete `path` (leaf first); returns a valid chain or nil.
        mutating func extend(_ path: [Certificate]) throws(X509Error) -> [Certificate]? {
            let current = path[path.count - 1]
            let position = path.count - 1
            // A trust root at the end of the path (also the leaf itself, or an intermediate that is pinned).
            if verifier.trustRoots.contains(current) {
                do throws(X509Error) {
                    try verifier.check(path, at: time)
                    return path
                } catch {
                    record(error, depth: path.count)
                }
            }
            guard path.count < verifier.policy.maximumChainLength else {
                record(X509Error.make(.chainTooLong, at: position, current,
                    "the chain would exceed the policy's \(verifier.policy.maximumChainLength) certificates"), depth: path.count)
                return nil
            }
            var candidates: [Certificate] = []
            var listed = Set<Certificate>()
            for c in verifier.trustRoots + pool where c.subject.matches(current.issuer) && !path.contains(c) && listed.insert(c).inserted {
                candidates.append(c)
            }
            if candidates.isEmpty {
                record(X509Error.make(.issuerNotFound, at: position, current,
                    "no issuer named \(current.issuer) among the intermediates and trust roots (RFC 5280 §6.1: the path must end at a trust anchor)"),
                    depth: path.count)
                return nil
            }
            for issuer in candidates {
                candidatesSeen += 1
                guard candidatesSeen <= verifier.policy.maximumCandidates else {
                    throw X509Error.make(.searchLimitExceeded, at: position, current, "path building looked at \(verifier.policy.maximumCandidates) candidates")
                }
                let key = SignedBy(certificate: current.derEncoded, issuerKey: issuer.derEncoded)
                let ok: Bool
                if let known = verified[key] {
                    ok = known
                } else {
                    signatureChecks += 1
                    guard signatureChecks <= verifier.policy.maximumSignatureChecks else {
                        throw X509Error.make(.searchLimitExceeded, at: position, current, "path building checked \(verifier.policy.maximumSignatureChecks) signatures")
                    }
                    do throws(X509Error) {
                        ok = try verifier.signatureVerifies(current, position: position, by: issuer)
                    } catch {
                        record(error, depth: path.count + 1)
                        verified[key] = false
                        continue
                    }
                    verified[key] = ok
                }
                guard ok else {
                    record(X509Error.make(.invalidSignature, at: position, current,
                        "the signature does not verify with the key of \(issuer.subject) (RFC 5280 §6.1.3 (a)(1))"), depth: path.count + 1)
                    continue
                }
                if let chain = try extend(path + [issuer]) { return chain }
            }
            return nil
        }
    }

    /// Whether `issuer`'s key verifies `certificate`'s signature; refuses weak and disallowed algorithms.
    func signatureVerifies(_ certificate: Certificate, position: Int, by issuer: Certificate) throws(X509Error) -> Bool {
        let a = certificate.signatureAlgorithm
        if a.usesBrokenHash {
            throw X509Error.make(.unsupportedSignatureAlgorithm, at: position, certificate, "signed with \(a): SHA-1 and MD5 signatures are refused")
        }
        if let o = a.unknownOID {
            throw X509Error.make(.unsupportedSignatureAlgorithm, at: position, certificate, "signed with an unsupported algorithm \(o)")
        }
        if let allowed = policy.allowedSignatureAlgorithms {
            guard allowed.contains(a) else {
                throw X509Error.make(.signatureAlgorithmNotAllowed, at: position, certificate, "signed with \(a), which the policy does not allow")
            }
        } else if !SignatureAlgorithm.isStrongByDefault(a) {
            throw X509Error.make(.signatureAlgorithmNotAllowed, at: position, certificate, "signed with \(a), outside the default algorithms")
        }
        guard let key = issuer.subjectPublicKeyInfo else {
            throw X509Error.make(.unsupportedPublicKey, at: position + 1, issuer, "its public key algorithm is not supported")
        }
        // Verified before, by this verifier or a copy, for these very certificate bytes and issuer key bytes.
        let remembered = SignedBy(certificate: certificate.derEncoded, issuerKey: issuer.subjectPublicKeyInfoBytes)
        if verifiedSignatures.value(for: remembered) != nil { return true }
        do throws(X509Error) {
            let ok = try a.verify(certificate.signature, over: certificate.tbsCertificateBytes[...], with: key,
                                  key: { () throws(X509Error) in try publicKey(of: issuer, key) })
            if ok { verifiedSignatures.insert(true, for: remembered) }
            return ok
        } catch {
            throw X509Error.make(error.code, at: position + 1, issuer, error.reason)
        }
    }
}
