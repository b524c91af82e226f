import RSA

/// RS256/384/512 (RFC 7518 §3.3, RSASSA-PKCS1-v1_5) and PS256/384/512 (RFC 7518 §3.5, RSASSA-PSS with MGF1 over
/// the same hash and a salt as long as the hash): the padding is the algorithm's row in the table.
enum RSAFamily: JWSAlgorithmFamily {
#if !hasFeature(Embedded)
    static func sign(_ alg: JWSAlgorithm, key: RSAPrivateKey, signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8] {
        guard let padding = alg.spec.rsaPadding else {
            throw signingError(.keyMismatch, "an RSA key cannot sign \(alg.rawValue)")
        }
        do { return try key.signature(for: signingInput, padding: padding) } catch {
            throw signingError(.invalidKey, "RSA signing failed: \(error)")
        }
    }
#endif
}
