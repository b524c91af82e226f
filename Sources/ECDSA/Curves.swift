/// NIST P-256 (secp256r1, prime256v1): the curve of JOSE's ES256 (RFC 7518 §3.4).
public enum P256: Sendable {
    /// ECDSA over P-256 (FIPS 186-5 §6).
    public enum Signing: Sendable {}
    /// Bytes in one coordinate, and in each of r and s: 32.
    public static let coordinateByteCount = 32
}

/// NIST P-384 (secp384r1): the curve of JOSE's ES384 (RFC 7518 §3.4).
public enum P384: Sendable {
    /// ECDSA over P-384 (FIPS 186-5 §6).
    public enum Signing: Sendable {}
    /// Bytes in one coordinate, and in each of r and s: 48.
    public static let coordinateByteCount = 48
}

/// NIST P-521 (secp521r1): the curve of JOSE's ES512 (RFC 7518 §3.4).
public enum P521: Sendable {
    /// ECDSA over P-521 (FIPS 186-5 §6).
    public enum Signing: Sendable {}
    /// Bytes in one coordinate, and in each of r and s: 66 (521 bits).
    public static let coordinateByteCount = 66
}
