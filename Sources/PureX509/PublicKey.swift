import DER
import ECDSA
import Ed25519
import RSA
import SHA2

extension Certificate {
    /// A public key ready to verify signatures: RSA (PKCS#1 v1.5 and PSS), ECDSA on P-256, P-384 or P-521, or
    /// Ed25519 — parsed, validated and with its verification tables built (ECDSA's multiples of Q, RSA's Montgomery
    /// context, Ed25519's decoded point) once, when the key is made. Building those costs about as much as one
    /// verification, so make a key once and keep it; it is an immutable value, safe to share between threads.
    ///
    /// The one key type of the package: a certificate's subject key, a ``CertificateVerifier``'s issuer keys, an OCSP
    /// responder's key and JOSE's asymmetric `JWK` are all this type. It has one verification entry per signature
    /// vocabulary: ``isValidSignature(_:for:algorithm:)`` for X.509 ``SignatureAlgorithm``s, and JOSE's for JWS
    /// algorithms; both reach the same dispatch (`VerificationScheme`). (Modelled on swift-certificates'
    /// `Certificate.PublicKey`.)
    public struct PublicKey: Sendable, CustomStringConvertible {
        /// The key of one family. A new curve is a case here, its line in ``ECDSAVerificationKey``'s conformances and
        /// in ``init(namedCurve:point:)``.
        enum Backing: Sendable {
            case rsa(RSAPublicKey)
            case p256(P256.Signing.PublicKey)
            case p384(P384.Signing.PublicKey)
            case p521(P521.Signing.PublicKey)
            case ed25519(Curve25519.Signing.PublicKey)
        }
        let backing: Backing

        /// An RSA key (its padding restrictions, for an id-RSASSA-PSS key, are the RSA module's).
        public init(_ key: RSAPublicKey) { backing = .rsa(key) }
        /// A P-256 key.
        public init(_ key: P256.Signing.PublicKey) { backing = .p256(key) }
        /// A P-384 key.
        public init(_ key: P384.Signing.PublicKey) { backing = .p384(key) }
        /// A P-521 key.
        public init(_ key: P521.Signing.PublicKey) { backing = .p521(key) }
        /// An Ed25519 key.
        public init(_ key: Curve25519.Signing.PublicKey) { backing = .ed25519(key) }

        /// The key of a SubjectPublicKeyInfo, read from the parsed structure itself (nothing is encoded again):
        /// rsaEncryption and id-RSASSA-PSS (RFC 3279 §2.3.1, RFC 4055 §1.2) under `rsaOptions`, id-ecPublicKey on
        /// P-256/384/521 with an uncompressed or compressed point (RFC 5480 §2.2), id-Ed25519 (RFC 8410 §4).
        /// Throws `unsupportedPublicKey` for another algorithm or an invalid key, with the key module's reason.
        public init(spki: SubjectPublicKeyInfo, rsaOptions: RSAKeyOptions = .default) throws(X509Error) {
            if spki.algorithm.isRSA {
                do throws(RSAKeyError) { backing = .rsa(try RSAPublicKey(spki: spki, options: rsaOptions)) } catch {
                    throw X509Error.make(.unsupportedPublicKey, "RSA key: \(error)")
                }
            } else if spki.algorithm == .ed25519 {
                do throws(Ed25519Error) {
                    backing = .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: spki.subjectPublicKey))
                } catch {
                    throw X509Error.make(.unsupportedPublicKey, "Ed25519 key: \(error)")
                }
            } else if let curve = spki.algorithm.namedCurve {
                do throws(ECDSAError) { self = try PublicKey(namedCurve: curve, point: spki.subjectPublicKey) } catch {
                    throw X509Error.make(.unsupportedPublicKey, "EC key: \(error)")
                }
            } else {
                throw X509Error.make(.unsupportedPublicKey, "no signature verification for \(spki.algorithm) keys")
            }
        }

        /// The key of a DER SubjectPublicKeyInfo.
        public init(derEncoded der: [UInt8], rsaOptions: RSAKeyOptions = .default) throws(X509Error) {
            let spki: SubjectPublicKeyInfo
            do { spki = try SubjectPublicKeyInfo(derEncoded: der) } catch {
                throw X509Error.make(.unsupportedPublicKey, "SubjectPublicKeyInfo: \(error)")
            }
            try self.init(spki: spki, rsaOptions: rsaOptions)
        }

        /// An EC key on `namedCurve` from its SEC 1 point: `04 ‖ X ‖ Y` or the compressed `02/03 ‖ X`
        /// (SEC 1 v2 §2.3.3–2.3.4). The curve's branch is here, once: `unsupportedCurve` for a curve without one.
        public init(namedCurve: ECNamedCurve, point: [UInt8]) throws(ECDSAError) {
            let compressed = point.first != 4
            if namedCurve == .p256 {
                backing = .p256(compressed ? try .init(compressedRepresentation: point) : try .init(x963Representation: point))
            } else if namedCurve == .p384 {
                backing = .p384(compressed ? try .init(compressedRepresentation: point) : try .init(x963Representation: point))
            } else if namedCurve == .p521 {
                backing = .p521(compressed ? try .init(compressedRepresentation: point) : try .init(x963Representation: point))
            } else {
                throw ECDSAError(.unsupportedCurve)
            }
        }

        /// The RSA key, if this is one.
        public var rsa: RSAPublicKey? { if case .rsa(let k) = backing { return k } else { return nil } }
        /// The Ed25519 key, if this is one.
        public var ed25519: Curve25519.Signing.PublicKey? { if case .ed25519(let k) = backing { return k } else { return nil } }
        /// The EC key's curve, if this is an EC key.
        public var namedCurve: ECNamedCurve? {
            switch backing {
            case .p256: return .p256
            case .p384: return .p384
            case .p521: return .p521
            case .rsa, .ed25519: return nil
            }
        }
        /// The EC key's point `04 ‖ X ‖ Y`, if this is an EC key.
        public var x963Representation: [UInt8]? {
            switch backing {
            case .p256(let k): return k.x963Representation
            case .p384(let k): return k.x963Representation
            case .p521(let k): return k.x963Representation
            case .rsa, .ed25519: return nil
            }
        }

        /// The DER SubjectPublicKeyInfo (RSA with its own algorithm, EC with the uncompressed point, Ed25519 per
        /// RFC 8410 §4).
        public var derRepresentation: [UInt8] {
            switch backing {
            case .rsa(let k): return k.derRepresentation
            case .p256(let k): return k.derRepresentation
            case .p384(let k): return k.derRepresentation
            case .p521(let k): return k.derRepresentation
            case .ed25519(let k): return k.derRepresentation
            }
        }

        public var description: String {
            switch backing {
            case .rsa(let k): return "PublicKey(RSA \(k.modulusBitCount) bits)"
            case .p256: return "PublicKey(P-256)"
            case .p384: return "PublicKey(P-384)"
            case .p521: return "PublicKey(P-521)"
            case .ed25519: return "PublicKey(Ed25519)"
            }
        }

        // MARK: Verification

        /// Whether `signature` is `algorithm`'s signature over `message` with this key (RFC 5280 §4.1.1.3): the
        /// X.509 entry. A key of another family than the algorithm's, an MD5 or unknown algorithm, or a signature of
        /// the wrong shape verifies nothing. Inputs are public: variable time.
        public func isValidSignature(_ signature: [UInt8], for message: some Collection<UInt8>, algorithm: SignatureAlgorithm) -> Bool {
            guard let scheme = algorithm.scheme else { return false }
            let m = Array(message)
            return m.withUnsafeBufferPointer { isValidSignature(signature, for: $0, scheme: scheme) }
        }

        /// The one dispatch behind both entries: `scheme` against the key's family; a mismatch is false.
        package func isValidSignature(_ signature: [UInt8], for message: UnsafeBufferPointer<UInt8>, scheme: VerificationScheme) -> Bool {
            switch (scheme, backing) {
            case (.ecdsa(let h, let der), .p256(let k)): return k.verify(signature, der: der, hash: h, message: message)
            case (.ecdsa(let h, let der), .p384(let k)): return k.verify(signature, der: der, hash: h, message: message)
            case (.ecdsa(let h, let der), .p521(let k)): return k.verify(signature, der: der, hash: h, message: message)
            case (.rsa(let padding), .rsa(let k)): return k.isValidSignature(signature, for: message, padding: padding)
            case (.ed25519, .ed25519(let k)): return k.isValidSignature(signature, for: message)
            default: return false
            }
        }
    }
}

/// How a signature is checked, whatever names the algorithm (an X.509 ``SignatureAlgorithm`` or a JWS `alg`):
/// ECDSA with a hash and the signature's encoding (DER for X.509, r‖s for JWS), RSA with a padding, or Ed25519.
package enum VerificationScheme: Sendable {
    case ecdsa(DigestAlgorithm, der: Bool)
    case rsa(RSAPadding)
    case ed25519
}

/// The ECDSA module's public keys, one per curve, behind one shape so that verification is written once.
protocol ECDSAVerificationKey {
    associatedtype Signature
    static func signature(raw: [UInt8]) -> Signature?
    static func signature(der: [UInt8]) -> Signature?
    func isValid(_ signature: Signature, digest: some Digest) -> Bool
}

extension ECDSAVerificationKey {
    /// Verifies `signature` (DER or r‖s) over `message` hashed with `hash` (SHA-256/384/512; any other is false).
    @inline(__always)
    func verify(_ signature: [UInt8], der: Bool, hash: DigestAlgorithm, message: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let s = der ? Self.signature(der: signature) : Self.signature(raw: signature) else { return false }
        switch hash {
        case .sha256: return isValid(s, digest: SHA256.hash(data: message))
        case .sha384: return isValid(s, digest: SHA384.hash(data: message))
        case .sha512: return isValid(s, digest: SHA512.hash(data: message))
        default: return false
        }
    }
}

extension P256.Signing.PublicKey: ECDSAVerificationKey {
    static func signature(raw: [UInt8]) -> P256.Signing.ECDSASignature? { try? .init(rawRepresentation: raw) }
    static func signature(der: [UInt8]) -> P256.Signing.ECDSASignature? { try? .init(derRepresentation: der) }
    func isValid(_ signature: P256.Signing.ECDSASignature, digest: some Digest) -> Bool { isValidSignature(signature, for: digest) }
}

extension P384.Signing.PublicKey: ECDSAVerificationKey {
    static func signature(raw: [UInt8]) -> P384.Signing.ECDSASignature? { try? .init(rawRepresentation: raw) }
    static func signature(der: [UInt8]) -> P384.Signing.ECDSASignature? { try? .init(derRepresentation: der) }
    func isValid(_ signature: P384.Signing.ECDSASignature, digest: some Digest) -> Bool { isValidSignature(signature, for: digest) }
}

extension P521.Signing.PublicKey: ECDSAVerificationKey {
    static func signature(raw: [UInt8]) -> P521.Signing.ECDSASignature? { try? .init(rawRepresentation: raw) }
    static func signature(der: [UInt8]) -> P521.Signing.ECDSASignature? { try? .init(derRepresentation: der) }
    func isValid(_ signature: P521.Signing.ECDSASignature, digest: some Digest) -> Bool { isValidSignature(signature, for: digest) }
}
