/// A JWS algorithm this library verifies (RFC 7518 §3.1). `none` is not among them and never will be.
///
/// A struct over a private enum, not a public enum: algorithms are added over time (ES512, EdDSA), and code outside
/// this module that `switch`es over a `JWSAlgorithm` needs a `default:` clause, so adding one never breaks it.
/// The static members keep the spellings of the RFC names in lower case (`.rs256`, `.es384`, …).
public struct JWSAlgorithm: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    private enum Backing: String, Sendable, Hashable, CaseIterable {
        case hs256 = "HS256", hs384 = "HS384", hs512 = "HS512"
        case rs256 = "RS256", rs384 = "RS384", rs512 = "RS512"
        case ps256 = "PS256", ps384 = "PS384", ps512 = "PS512"
        case es256 = "ES256", es384 = "ES384"
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
    enum Family { case hmac, rsaPKCS1, rsaPSS, ecdsa }

    var family: Family {
        switch backing {
        case .hs256, .hs384, .hs512: return .hmac
        case .rs256, .rs384, .rs512: return .rsaPKCS1
        case .ps256, .ps384, .ps512: return .rsaPSS
        case .es256, .es384: return .ecdsa
        }
    }

    /// Output size of the algorithm's hash in bytes (also the minimum HMAC key size, RFC 7518 §3.2,
    /// and the PSS salt length, RFC 7518 §3.5).
    var hashByteCount: Int {
        switch backing {
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
