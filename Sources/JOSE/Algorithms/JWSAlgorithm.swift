/// A JWS algorithm this library verifies (RFC 7518 §3.1). `none` is not among them and never will be.
///
/// A struct over a private enum, not a public enum: algorithms are added over time (Ed448, …), and code outside
/// this module that `switch`es over a `JWSAlgorithm` needs a `default:` clause, so adding one never breaks it.
/// The static members keep the spellings of the RFC names in lower case (`.rs256`, `.es384`, …).
public struct JWSAlgorithm: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    private enum Backing: String, Sendable, Hashable, CaseIterable {
        case hs256 = "HS256", hs384 = "HS384", hs512 = "HS512"
        case rs256 = "RS256", rs384 = "RS384", rs512 = "RS512"
        case ps256 = "PS256", ps384 = "PS384", ps512 = "PS512"
        case es256 = "ES256", es384 = "ES384", es512 = "ES512"
        case edDSA = "EdDSA", ed25519 = "Ed25519"
    }

    private let backing: Backing
    private init(_ b: Backing) { backing = b }

    /// HMAC with SHA-256 (RFC 7518 §3.2).
    public static let hs256 = JWSAlgorithm(.hs256)
    /// HMAC with SHA-384 (RFC 7518 §3.2).
    public static let hs384 = JWSAlgorithm(.hs384)
    /// HMAC with SHA-512 (RFC 7518 §3.2).
    public static let hs512 = JWSAlgorithm(.hs512)
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3).
    public static let rs256 = JWSAlgorithm(.rs256)
    /// RSASSA-PKCS1-v1_5 with SHA-384 (RFC 7518 §3.3).
    public static let rs384 = JWSAlgorithm(.rs384)
    /// RSASSA-PKCS1-v1_5 with SHA-512 (RFC 7518 §3.3).
    public static let rs512 = JWSAlgorithm(.rs512)
    /// RSASSA-PSS with SHA-256, MGF1-SHA-256, 32-byte salt (RFC 7518 §3.5).
    public static let ps256 = JWSAlgorithm(.ps256)
    /// RSASSA-PSS with SHA-384, MGF1-SHA-384, 48-byte salt (RFC 7518 §3.5).
    public static let ps384 = JWSAlgorithm(.ps384)
    /// RSASSA-PSS with SHA-512, MGF1-SHA-512, 64-byte salt (RFC 7518 §3.5).
    public static let ps512 = JWSAlgorithm(.ps512)
    /// ECDSA on P-256 with SHA-256, signature r‖s of 64 bytes (RFC 7518 §3.4).
    public static let es256 = JWSAlgorithm(.es256)
    /// ECDSA on P-384 with SHA-384, signature r‖s of 96 bytes (RFC 7518 §3.4).
    public static let es384 = JWSAlgorithm(.es384)
    /// ECDSA on P-521 with SHA-512, signature r‖s of 132 bytes (RFC 7518 §3.4).
    public static let es512 = JWSAlgorithm(.es512)
    /// EdDSA (RFC 8037 §3.1). Here only with an `OKP` key on `Ed25519` (Ed448 is not implemented), signature of
    /// 64 bytes (RFC 8032 §5.1.6).
    public static let edDSA = JWSAlgorithm(.edDSA)
    /// Ed25519, the fully specified EdDSA algorithm of RFC 9864 §2.2: an `OKP` key on `Ed25519`, 64-byte signature.
    public static let ed25519 = JWSAlgorithm(.ed25519)

    /// Every algorithm this version implements, in RFC 7518 order.
    public static var allCases: [JWSAlgorithm] { Backing.allCases.map(JWSAlgorithm.init) }

    /// The `alg` header value (`"RS256"`, …).
    public var rawValue: String { backing.rawValue }

    /// The algorithm whose `alg` value is exactly `rawValue` (byte for byte), or nil.
    public init?(rawValue: String) {
        // Byte comparison, not `String ==` (which equates canonically equivalent spellings).
        guard let b = Backing.allCases.first(where: { $0.rawValue.utf8.elementsEqual(rawValue.utf8) }) else { return nil }
        backing = b
    }

    public var description: String { rawValue }

    /// The family of key an algorithm needs.
    typealias Family = JWSFamily

    /// The algorithm table: one row per algorithm (family, hash, curve, signature size, RSA padding, minimum key
    /// size). Everything that depends on the algorithm reads it here; a new algorithm is a backing case, a static
    /// member, a row, and its family's file under `Algorithms/`.
    var spec: JWSAlgorithmSpec {
        switch backing {
        case .hs256: return .hmac(.sha256)
        case .hs384: return .hmac(.sha384)
        case .hs512: return .hmac(.sha512)
        case .rs256: return .rsaPKCS1(.sha256)
        case .rs384: return .rsaPKCS1(.sha384)
        case .rs512: return .rsaPKCS1(.sha512)
        case .ps256: return .rsaPSS(.sha256)
        case .ps384: return .rsaPSS(.sha384)
        case .ps512: return .rsaPSS(.sha512)
        case .es256: return .ecdsa(.sha256, .p256)
        case .es384: return .ecdsa(.sha384, .p384)
        case .es512: return .ecdsa(.sha512, .p521)
        // EdDSA (RFC 8037 §3.1) is Ed25519 here (Ed448 is not implemented); Ed25519 is RFC 9864's name for it.
        case .edDSA, .ed25519: return .eddsa(.ed25519)
        }
    }

    var family: Family { spec.family }

    /// Output size of the algorithm's hash in bytes (also the minimum HMAC key size, RFC 7518 §3.2,
    /// and the PSS salt length, RFC 7518 §3.5).
    var hashByteCount: Int { spec.hash.byteCount }

    /// Looks an `alg` value up byte for byte. Returns the algorithm, or throws `unsecuredAlgorithm` for any
    /// spelling of `none`, `unsupportedAlgorithm` for anything else.
    static func parse(_ name: String) throws(JWTError) -> JWSAlgorithm {
        var n = name
        let found: JWSAlgorithm? = n.withUTF8 { b in
            for a in Backing.allCases where a.rawValue.utf8.elementsEqual(b) { return JWSAlgorithm(a) }
            return nil
        }
        if let a = found { return a }
        if name.utf8.count == 4 && name.lowercased() == "none" {
            throw JWTError.make(.unsecuredAlgorithm, "alg \(quoted(name)) (unsecured JWS) is never accepted")
        }
        throw JWTError.make(.unsupportedAlgorithm, "alg \(quoted(name)) is not supported")
    }
}
