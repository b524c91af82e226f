/// Which hash function: the one name every module maps its own from — DER's `DigestAlgorithm` (OIDs), RSA's
/// `RSAHashAlgorithm` (DigestInfo, PSS, MGF1), JOSE's algorithm table, PureX509's signature algorithms.
package enum HashIdentity: Sendable, Hashable, CaseIterable {
    case sha1, sha224, sha256, sha384, sha512, sha512_224, sha512_256

    /// Digest length in bytes.
    package var byteCount: Int {
        switch self {
        case .sha1: return 20
        case .sha224, .sha512_224: return 28
        case .sha256, .sha512_256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    /// The conventional name: `SHA-1`, `SHA-224`, …, `SHA-512/256`.
    package var name: String {
        switch self {
        case .sha1: return "SHA-1"
        case .sha224: return "SHA-224"
        case .sha256: return "SHA-256"
        case .sha384: return "SHA-384"
        case .sha512: return "SHA-512"
        case .sha512_224: return "SHA-512/224"
        case .sha512_256: return "SHA-512/256"
        }
    }

}
