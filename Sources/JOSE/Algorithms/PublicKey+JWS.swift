import PureX509

extension Certificate.PublicKey {
    /// Whether `signature` is `alg`'s signature over `signingInput` with this key: the JWS entry (RFC 7518 §3.3–3.5,
    /// RFC 8037 §3.1), on the same dispatch as the X.509 one. `alg` fits the key (``JWK/checkFits(_:)`` passed). The
    /// signature's shape comes from the algorithm's row: r‖s or R‖S of the curve's size (a DER ECDSA signature is an
    /// error), or exactly the RSA modulus length; r and s in [1, n−1], S < L and canonical R are checked by
    /// verification (false).
    func isValidSignature(_ signature: [UInt8], alg: JWSAlgorithm, signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> Bool {
        let spec = alg.spec
        let scheme: VerificationScheme
        switch spec.family {
        case .ecdsa, .eddsa:
            let size = spec.signatureByteCount ?? 0
            guard signature.count == size else {
                let shape = spec.family == .ecdsa ? "r‖s" : "R‖S"
                throw JWTError.make(.invalidSignature, "\(alg.rawValue) signature must be \(size) bytes (\(shape)), got \(signature.count)")
            }
            scheme = spec.family == .ecdsa ? .ecdsa(spec.hash.digest, der: false) : .ed25519
        case .rsaPKCS1, .rsaPSS:
            guard let k = rsa, let padding = spec.rsaPadding else {
                throw JWTError.make(.keyMismatch, "\(self) cannot verify \(alg.rawValue)")
            }
            guard signature.count == k.modulusByteCount else {
                throw JWTError(.invalidSignature, "\(alg.rawValue) signature must be \(k.modulusByteCount) bytes (the modulus length), got \(signature.count)")
            }
            scheme = .rsa(padding)
        case .hmac:
            throw JWTError.make(.keyMismatch, "\(self) cannot verify \(alg.rawValue)")
        }
        return isValidSignature(signature, for: signingInput, scheme: scheme)
    }
}
