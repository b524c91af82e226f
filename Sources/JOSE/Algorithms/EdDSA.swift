import Ed25519

/// EdDSA (RFC 8037 §3.1) and Ed25519 (RFC 9864 §2.2): Ed25519 signatures R‖S of 64 bytes (RFC 8032 §5.1.6) over the
/// signing input. Both algorithms use the same key and make the same signature; only `alg` differs.
enum EdDSAFamily: JWSAlgorithmFamily {
    /// The signature is exactly 64 bytes, R‖S; S < L and canonical R are checked by verification (RFC 8032 §5.1.7).
    static func verify(_ alg: JWSAlgorithm, key: OKPKeyHolder, signature: [UInt8],
                       signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> Bool {
        let size = JWK.Curve.ed25519.spec.signatureByteCount
        guard signature.count == size else {
            throw JWTError.make(.invalidSignature, "\(alg.rawValue) signature must be \(size) bytes (R‖S), got \(signature.count)")
        }
        return key.key.isValidSignature(signature, for: signingInput)
    }

#if !hasFeature(Embedded)
    static func sign(_ alg: JWSAlgorithm, key: Curve25519.Signing.PrivateKey, signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8] {
        guard alg.family == .eddsa else { throw signingError(.keyMismatch, "an Ed25519 key cannot sign \(alg.rawValue)") }
        return key.signature(for: signingInput)
    }
#endif
}

/// An Ed25519 public key (`OKP`, RFC 8037 §2): `x` is the 32-byte encoding of RFC 8032 §5.1.5, decoded and
/// validated once (canonical y < p, on the curve, not of small order) when the JWK is built.
final class OKPKeyHolder: Sendable {
    let x: [UInt8]
    let key: Curve25519.Signing.PublicKey

    init(x: [UInt8]) throws(JWTError) {
        let size = JWK.Curve.ed25519.coordinateByteCount
        guard x.count == size else {
            throw JWTError.make(.invalidKey, "OKP member \"x\" is \(x.count) bytes; an Ed25519 public key is \(size) (RFC 8037 §2)")
        }
        self.x = x
        do {
            key = try Curve25519.Signing.PublicKey(rawRepresentation: x)
        } catch {
            throw JWTError.make(.invalidKey, "Ed25519 public key refused: \(error)")
        }
    }
}
