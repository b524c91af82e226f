// The three parameter sets of FIPS 204 Table 1 and the sizes they imply (Table 2).

/// One of the three ML-DSA parameter sets of FIPS 204 (Table 1), and the byte sizes of its keys and signatures.
public struct MLDSAParameters: Sendable, Hashable, CustomStringConvertible {
    /// "ML-DSA-44", "ML-DSA-65" or "ML-DSA-87" (also the JOSE `alg` and the RFC 9881 algorithm name).
    public let name: String
    /// k: rows of the matrix A (length of t, s2, w, h).
    public let k: Int
    /// ℓ: columns of A (length of s1, y, z).
    public let l: Int
    /// η: bound of the secret coefficients.
    public let eta: Int32
    /// τ: number of ±1 coefficients of the challenge c.
    public let tau: Int
    /// β = τ·η.
    public let beta: Int32
    /// γ1: range of the masking vector y.
    public let gamma1: Int32
    /// γ2: the low-order rounding range.
    public let gamma2: Int32
    /// ω: the maximum number of 1s in the hint h.
    public let omega: Int
    /// λ/4: the length of the commitment hash c̃ in bytes.
    public let challengeByteCount: Int

    /// ML-DSA-44 (NIST security category 2).
    public static let mldsa44 = MLDSAParameters(
        name: "ML-DSA-44", k: 4, l: 4, eta: 2, tau: 39, beta: 78, gamma1: 1 << 17, gamma2: (8_380_417 - 1) / 88,
        omega: 80, challengeByteCount: 32)
    /// ML-DSA-65 (NIST security category 3).
    public static let mldsa65 = MLDSAParameters(
        name: "ML-DSA-65", k: 6, l: 5, eta: 4, tau: 49, beta: 196, gamma1: 1 << 19, gamma2: (8_380_417 - 1) / 32,
        omega: 55, challengeByteCount: 48)
    /// ML-DSA-87 (NIST security category 5).
    public static let mldsa87 = MLDSAParameters(
        name: "ML-DSA-87", k: 8, l: 7, eta: 2, tau: 60, beta: 120, gamma1: 1 << 19, gamma2: (8_380_417 - 1) / 32,
        omega: 75, challengeByteCount: 64)

    /// The parameter set named `name` ("ML-DSA-44", "ML-DSA-65", "ML-DSA-87"), or nil.
    public init?(name: String) {
        switch name {
        case "ML-DSA-44": self = .mldsa44
        case "ML-DSA-65": self = .mldsa65
        case "ML-DSA-87": self = .mldsa87
        default: return nil
        }
    }

    private init(
        name: String, k: Int, l: Int, eta: Int32, tau: Int, beta: Int32, gamma1: Int32, gamma2: Int32, omega: Int,
        challengeByteCount: Int
    ) {
        self.name = name; self.k = k; self.l = l; self.eta = eta; self.tau = tau; self.beta = beta
        self.gamma1 = gamma1; self.gamma2 = gamma2; self.omega = omega; self.challengeByteCount = challengeByteCount
    }

    public var description: String { name }

    /// Bits per coefficient of s1 and s2 in the expanded private key: 3 (η = 2) or 4 (η = 4).
    var etaBits: Int { eta == 2 ? 3 : 4 }
    /// Bits per coefficient of z: 18 (γ1 = 2¹⁷) or 20 (γ1 = 2¹⁹).
    var zBits: Int { gamma1 == 1 << 17 ? 18 : 20 }
    /// Bits per coefficient of w1: 6 (γ2 = (q−1)/88) or 4 (γ2 = (q−1)/32).
    var w1Bits: Int { gamma2 == (8_380_417 - 1) / 88 ? 6 : 4 }
    var w1PackedBytes: Int { 32 * w1Bits }

    /// The public key's encoded length: 32 + 320·k (1312, 1952, 2592).
    public var publicKeyByteCount: Int { 32 + 320 * k }
    /// The expanded private key's encoded length (FIPS 204 skEncode: 2560, 4032, 4896).
    public var expandedPrivateKeyByteCount: Int { 128 + 32 * etaBits * (k + l) + 416 * k }
    /// The signature's length (1 c̃ + z + hint: 2420, 3309, 4627).
    public var signatureByteCount: Int { challengeByteCount + 32 * zBits * l + omega + k }
    /// The seed (private key) length: 32.
    public static var seedByteCount: Int { 32 }
}
