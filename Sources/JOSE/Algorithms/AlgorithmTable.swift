import DER
import RSA
import SharedPrimitives

// The shapes of JOSE's algorithm table. The rows are in `JWSAlgorithm.spec` (one per JWS algorithm) and
// `JWK.Curve.spec` (one per curve); every rule that depends on an algorithm or a curve reads them there.

/// The SHA-2 functions of the JWS algorithms (a subset of the package's `HashIdentity`, which the RSA module's and
/// the DER module's names are mapped from).
enum JWSHash: Sendable, Equatable {
    case sha256, sha384, sha512

    /// The package's name for the function.
    var identity: HashIdentity {
        switch self {
        case .sha256: return .sha256
        case .sha384: return .sha384
        case .sha512: return .sha512
        }
    }

    /// Output size in bytes.
    var byteCount: Int { identity.byteCount }

    /// The RSA module's name (PKCS#1 v1.5 and PSS paddings).
    var rsa: RSAHashAlgorithm { RSAHashAlgorithm(identity: identity)! }

    /// The DER module's name (id-RSASSA-PSS parameters).
    var digest: DigestAlgorithm { DigestAlgorithm(identity) }
}

/// The family of key an algorithm needs; each has one file under `Algorithms/` that verifies and signs.
enum JWSFamily: Sendable, Equatable { case hmac, rsaPKCS1, rsaPSS, ecdsa, eddsa }

/// What JOSE knows about one JWS algorithm (RFC 7518 §3, RFC 8037 §3.1, RFC 9864 §2.2).
struct JWSAlgorithmSpec: Sendable {
    let family: JWSFamily
    /// The hash: of the MAC, the RSA padding or ECDSA; for EdDSA the SHA-512 inside Ed25519 (RFC 8032 §5.1.6).
    let hash: JWSHash
    /// ES* and EdDSA: the one curve the key must be on. nil for HMAC and RSA.
    let curve: JWK.Curve?
    /// Size of every signature in bytes; nil for RSA, whose signature is as long as the modulus.
    let signatureByteCount: Int?
    /// RS*: RSASSA-PKCS1-v1_5 (RFC 7518 §3.3); PS*: RSASSA-PSS with MGF1 over the same hash and a salt as long as
    /// the hash (RFC 7518 §3.5). nil for the other families.
    let rsaPadding: RSAPadding?
    /// HMAC: the shortest secret in bytes, the hash length (RFC 7518 §3.2). RSA: the smallest modulus in bits,
    /// 2048 (RFC 7518 §3.3, §3.5 — the RSA module's default `RSAKeyOptions`). nil where the curve fixes the size.
    let minimumKeySize: Int?

    static func hmac(_ h: JWSHash) -> JWSAlgorithmSpec {
        JWSAlgorithmSpec(family: .hmac, hash: h, curve: nil, signatureByteCount: h.byteCount, rsaPadding: nil,
                         minimumKeySize: h.byteCount)
    }

    static func rsaPKCS1(_ h: JWSHash) -> JWSAlgorithmSpec {
        JWSAlgorithmSpec(family: .rsaPKCS1, hash: h, curve: nil, signatureByteCount: nil, rsaPadding: .pkcs1v1_5(h.rsa),
                         minimumKeySize: RSAKeyOptions.default.minimumModulusBits)
    }

    static func rsaPSS(_ h: JWSHash) -> JWSAlgorithmSpec {
        JWSAlgorithmSpec(family: .rsaPSS, hash: h, curve: nil, signatureByteCount: nil,
                         rsaPadding: .pss(h.rsa, saltLength: h.byteCount),
                         minimumKeySize: RSAKeyOptions.default.minimumModulusBits)
    }

    static func ecdsa(_ h: JWSHash, _ c: JWK.Curve) -> JWSAlgorithmSpec {
        JWSAlgorithmSpec(family: .ecdsa, hash: h, curve: c, signatureByteCount: c.spec.signatureByteCount, rsaPadding: nil,
                         minimumKeySize: nil)
    }

    static func eddsa(_ c: JWK.Curve) -> JWSAlgorithmSpec {
        JWSAlgorithmSpec(family: .eddsa, hash: .sha512, curve: c, signatureByteCount: c.spec.signatureByteCount, rsaPadding: nil,
                         minimumKeySize: nil)
    }
}

/// What JOSE knows about one curve (RFC 7518 §6.2.1.1, RFC 8037 §2).
struct CurveSpec: Sendable {
    /// `EC` for the Weierstrass curves, `OKP` for Ed25519.
    let keyType: JWK.KeyType
    /// The DER module's name of an `EC` curve (SPKI, SEC 1, PKCS#8); nil for OKP curves (RFC 8410 names them by OID).
    let namedCurve: ECNamedCurve?
    /// Bytes of a coordinate (EC `x`, `y`) or of the OKP public key `x`.
    let coordinateByteCount: Int
    /// Bytes of the private key `d` (EC scalar, RFC 7518 §6.2.2.1; Ed25519 seed, RFC 8037 §2).
    let privateKeyByteCount: Int
    /// Bytes of a signature on this curve (ECDSA r‖s, RFC 7518 §3.4; Ed25519 R‖S).
    let signatureByteCount: Int
    /// The JWS algorithms that sign with a key on this curve.
    let algorithms: [JWSAlgorithm]
}

/// One JWS algorithm family's signing: a private key makes a signature. Each family's file under `Algorithms/`
/// conforms; `SigningKey` only dispatches to them. Verification is one entry for every public key
/// (`Certificate.PublicKey`, PublicKey+JWS.swift) and ``HMACFamily/verify(_:key:signature:signingInput:)``.
protocol JWSAlgorithmFamily {
#if !hasFeature(Embedded)   // signing is left out of the Embedded core (no randomness, no Codable layer)
    associatedtype PrivateKey
    /// `alg`'s signature over `signingInput` (RFC 7518 §3). `alg` is of this family and fits the key.
    static func sign(_ alg: JWSAlgorithm, key: PrivateKey, signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8]
#endif
}
