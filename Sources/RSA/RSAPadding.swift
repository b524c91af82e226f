import DER

/// The signature scheme of an RSA signature: RSASSA-PKCS1-v1_5 (RFC 8017 §8.2) or
/// RSASSA-PSS (RFC 8017 §8.1) with MGF1.
///
/// A struct over a private enum (like CryptoKit's `_RSA.Signing.Padding`), so schemes can be
/// added without breaking callers.
public struct RSAPadding: Sendable, Hashable, CustomStringConvertible {
    enum Backing: Sendable, Hashable {
        case pkcs1v1_5(RSAHashAlgorithm)
        /// saltLength nil: detected from the encoded message (RFC 8017 §9.1.2 step 10 then
        /// accepts any sLen ≥ 0 whose padding string PS is all zeros followed by 0x01).
        case pss(hash: RSAHashAlgorithm, mgfHash: RSAHashAlgorithm, saltLength: Int?)
    }

    let backing: Backing

    /// EMSA-PKCS1-v1_5 with `hash` (RFC 8017 §9.2): JOSE `RS256`/`RS384`/`RS512`.
    public static func pkcs1v1_5(_ hash: RSAHashAlgorithm) -> RSAPadding {
        RSAPadding(backing: .pkcs1v1_5(hash))
    }

    /// EMSA-PSS with `hash`, MGF1 over the same hash, and exactly `saltLength` bytes of salt
    /// (JOSE `PS256`/`PS384`/`PS512` use saltLength = hLen, RFC 7518 §3.5). A negative salt
    /// length never verifies.
    public static func pss(_ hash: RSAHashAlgorithm, saltLength: Int) -> RSAPadding {
        RSAPadding(backing: .pss(hash: hash, mgfHash: hash, saltLength: saltLength))
    }

    /// EMSA-PSS with `hash` and MGF1 over the same hash, accepting whatever salt length the
    /// signature carries (detected from the position of the 0x01 separator).
    public static func pss(_ hash: RSAHashAlgorithm) -> RSAPadding {
        RSAPadding(backing: .pss(hash: hash, mgfHash: hash, saltLength: nil))
    }

    /// EMSA-PSS with a different hash for MGF1 than for the message (RFC 8017 §9.1 allows it);
    /// `saltLength` nil detects the salt length.
    public static func pss(_ hash: RSAHashAlgorithm, maskGenerationHash: RSAHashAlgorithm, saltLength: Int?) -> RSAPadding {
        RSAPadding(backing: .pss(hash: hash, mgfHash: maskGenerationHash, saltLength: saltLength))
    }

    /// The PSS padding that RSASSA-PSS-params (RFC 8017 App. A.2.3, as found in an
    /// `id-RSASSA-PSS` key) describe, with exactly their salt length; nil if they name SHA-1
    /// or a trailer field other than 1 (unsupported).
    public init?(_ parameters: RSASSAPSSParameters) {
        guard parameters.trailerField == 1,
              let h = RSAHashAlgorithm(parameters.hashAlgorithm),
              let m = RSAHashAlgorithm(parameters.maskGenHashAlgorithm)
        else { return nil }
        backing = .pss(hash: h, mgfHash: m, saltLength: parameters.saltLength)
    }

    init(backing: Backing) { self.backing = backing }

    /// The message hash.
    public var hashAlgorithm: RSAHashAlgorithm {
        switch backing {
        case .pkcs1v1_5(let h): return h
        case .pss(let h, _, _): return h
        }
    }

    /// True for PSS.
    public var isPSS: Bool {
        if case .pss = backing { return true }
        return false
    }

    public var description: String {
        switch backing {
        case .pkcs1v1_5(let h): return "PKCS#1 v1.5 \(h)"
        case .pss(let h, let m, let s):
            return "PSS \(h), MGF1 \(m), salt \(s.map(String.init) ?? "auto")"
        }
    }
}
