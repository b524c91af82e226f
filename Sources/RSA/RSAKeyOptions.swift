// The key rules every RSA key is checked against when it is constructed (public or private): RSAKeyOptions, their
// one home, and the ROCA fingerprint test they switch on. The private-key rules that need the primes (their sizes,
// |p − q|) are in RSAPrivateKey.checkPrimeSizes.

/// The rules every RSA key (public or private) is checked against when it is constructed: the
/// modulus size, and the ROCA fingerprint. (The public exponent must be odd, 3 ≤ e < 2³², always.)
///
/// The default (``default``) accepts moduli of 2048…16384 bits. ``legacy1024`` lowers the
/// minimum to 1024 bits for verifying old signatures only: 1024-bit RSA is no longer considered
/// secure (NIST SP 800-131A Rev. 2 disallows it for signature generation), so accept such keys
/// only where the signatures' provenance makes forgery irrelevant.
public struct RSAKeyOptions: Sendable, Hashable {
    /// Smallest accepted modulus, in bits.
    public var minimumModulusBits: Int
    /// Largest accepted modulus, in bits (bounds the verification cost an attacker can cause).
    public var maximumModulusBits: Int

    /// Whether a modulus with the ROCA fingerprint (CVE-2017-15361: keys from the Infineon
    /// generator, whose private key can be computed from the modulus) is refused. On by default.
    public var refusesROCAModuli: Bool

    /// Limits in bits (both inclusive); ROCA moduli refused unless `refusesROCAModuli` is false.
    public init(minimumModulusBits: Int = 2048, maximumModulusBits: Int = 16384, refusesROCAModuli: Bool = true) {
        self.minimumModulusBits = minimumModulusBits
        self.maximumModulusBits = maximumModulusBits
        self.refusesROCAModuli = refusesROCAModuli
    }

    /// 2048…16384 bits.
    public static let `default` = RSAKeyOptions()
    /// 1024…16384 bits: legacy verification only (see the type's documentation).
    public static let legacy1024 = RSAKeyOptions(minimumModulusBits: 1024)
}

/// The ROCA test (Nemec et al., "The Return of Coppersmith's Attack", CCS 2017, CVE-2017-15361):
/// moduli from the vulnerable Infineon generator are powers of 65537 modulo a primorial, so for
/// every small prime r of that primorial, n mod r lies in the multiplicative subgroup generated
/// by 65537 mod r. A random modulus fails one of these tests almost at once.
enum ROCA {
    static let primes: [UInt32] = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83,
                                   89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167]

    /// True if the big-endian modulus has the fingerprint.
    static func hasFingerprint(_ n: some Collection<UInt8>) -> Bool {
        for r in primes {
            var rem: UInt32 = 0
            for b in n { rem = (rem << 8 | UInt32(b)) % r }
            let g = 65537 % r
            var x: UInt32 = 1
            var inGroup = false
            repeat {
                if x == rem { inGroup = true; break }
                x = x * g % r
            } while x != 1
            if !inGroup { return false }
        }
        return true
    }
}
