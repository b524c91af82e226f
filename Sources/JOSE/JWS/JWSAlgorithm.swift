/// The JWS algorithms this library verifies (RFC 7518 §3.1). `none` is not among them and never will be.
///
/// ES512 (P-521) is not implemented: a token naming it fails with ``JWTError/Code/unsupportedAlgorithm``.
public enum JWSAlgorithm: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// HMAC with SHA-256 (RFC 7518 §3.2).
    case hs256 = "HS256"
    /// HMAC with SHA-384 (RFC 7518 §3.2).
    case hs384 = "HS384"
    /// HMAC with SHA-512 (RFC 7518 §3.2).
    case hs512 = "HS512"
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3).
    case rs256 = "RS256"
    /// RSASSA-PKCS1-v1_5 with SHA-384 (RFC 7518 §3.3).
    case rs384 = "RS384"
    /// RSASSA-PKCS1-v1_5 with SHA-512 (RFC 7518 §3.3).
    case rs512 = "RS512"
    /// RSASSA-PSS with SHA-256, MGF1-SHA-256, 32-byte salt (RFC 7518 §3.5).
    case ps256 = "PS256"
    /// RSASSA-PSS with SHA-384, MGF1-SHA-384, 48-byte salt (RFC 7518 §3.5).
    case ps384 = "PS384"
    /// RSASSA-PSS with SHA-512, MGF1-SHA-512, 64-byte salt (RFC 7518 §3.5).
    case ps512 = "PS512"
    /// ECDSA on P-256 with SHA-256, signature r‖s of 64 bytes (RFC 7518 §3.4).
    case es256 = "ES256"
    /// ECDSA on P-384 with SHA-384, signature r‖s of 96 bytes (RFC 7518 §3.4).
    case es384 = "ES384"

    public var description: String { rawValue }

    /// The family of key an algorithm needs.
    enum Family { case hmac, rsaPKCS1, rsaPSS, ecdsa }

    var family: Family {
        switch self {
        case .hs256, .hs384, .hs512: return .hmac
        case .rs256, .rs384, .rs512: return .rsaPKCS1
        case .ps256, .ps384, .ps512: return .rsaPSS
        case .es256, .es384: return .ecdsa
        }
    }

    /// Output size of the algorithm's hash in bytes (also the minimum HMAC key size, RFC 7518 §3.2,
    /// and the PSS salt length, RFC 7518 §3.5).
    var hashByteCount: Int {
        switch self {
        case .hs256, .rs256, .ps256, .es256: return 32
        case .hs384, .rs384, .ps384, .es384: return 48
        case .hs512, .rs512, .ps512: return 64
        }
    }

    /// Looks an `alg` value up byte for byte. Returns the algorithm, or throws `unsecuredAlgorithm` for any
    /// spelling of `none`, `unsupportedAlgorithm` for anything else.
    static func parse(_ name: String) throws -> JWSAlgorithm {
        var n = name
        let found: JWSAlgorithm? = n.withUTF8 { b in
            guard b.count == 5 else { return nil }
            for a in JWSAlgorithm.allCases where a.rawValue.utf8.elementsEqual(b) { return a }
            return nil
        }
        if let a = found { return a }
        if name.utf8.count == 4 && name.lowercased() == "none" {
            throw JWTError(.unsecuredAlgorithm, "alg \(quoted(name)) (unsecured JWS) is never accepted")
        }
        throw JWTError(.unsupportedAlgorithm, "alg \(quoted(name)) is not supported")
    }
}
