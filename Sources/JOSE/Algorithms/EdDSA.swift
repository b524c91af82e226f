import Ed25519

/// EdDSA (RFC 8037 §3.1) and Ed25519 (RFC 9864 §2.2): Ed25519 signatures R‖S of 64 bytes (RFC 8032 §5.1.6) over the
/// signing input. Both algorithms use the same key and make the same signature; only `alg` differs.
enum EdDSAFamily: JWSAlgorithmFamily {
#if !hasFeature(Embedded)
    static func sign(_ alg: JWSAlgorithm, key: Curve25519.Signing.PrivateKey, signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8] {
        guard alg.family == .eddsa else { throw signingError(.keyMismatch, "an Ed25519 key cannot sign \(alg.rawValue)") }
        return key.signature(for: signingInput)
    }
#endif
}
