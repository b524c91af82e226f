import RSA

/// RS256/384/512 (RFC 7518 §3.3, RSASSA-PKCS1-v1_5) and PS256/384/512 (RFC 7518 §3.5, RSASSA-PSS with MGF1 over
/// the same hash and a salt as long as the hash): the padding is the algorithm's row in the table.
enum RSAFamily: JWSAlgorithmFamily {
    /// The signature must be exactly the modulus length.
    static func verify(_ alg: JWSAlgorithm, key: RSAKeyHolder, signature: [UInt8],
                       signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> Bool {
        guard signature.count == key.key.modulusByteCount else {
            throw JWTError(.invalidSignature, "\(alg.rawValue) signature must be \(key.key.modulusByteCount) bytes (the modulus length), got \(signature.count)")
        }
        guard let padding = alg.spec.rsaPadding else {
            throw JWTError.make(.keyMismatch, "an RSA key cannot verify \(alg.rawValue)")
        }
        return key.key.isValidSignature(signature, for: signingInput, padding: padding)
    }

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

/// An RSA public key (RFC 7518 §6.3.1).
final class RSAKeyHolder: Sendable {
    let modulus: [UInt8]
    let exponent: [UInt8]
    let bitCount: Int
    /// The RSA module's key: Montgomery constants computed once, used by every verification.
    let key: RSAPublicKey

    init(modulus n: [UInt8], exponent e: [UInt8], options: JWK.Options) throws(JWTError) {
        // RFC 7518 §6.3.1.1 asks for the minimal encoding; one leading zero byte (a signed-integer habit seen in
        // real JWK Sets) is tolerated and removed.
        var n = n[...]
        if n.count > 1 && n.first == 0 { n = n.dropFirst() }
        guard let top = n.first, top != 0 else { throw JWTError(.invalidKey, "RSA modulus is zero or has leading zeros") }
        var e = e[...]
        while e.count > 1 && e.first == 0 { e = e.dropFirst() }
        modulus = Array(n)
        exponent = Array(e)
        bitCount = n.count * 8 - top.leadingZeroBitCount
        // The size, exponent and ROCA rules are the RSA module's (RSAKeyOptions); only the codes are mapped here.
        do {
            key = try RSAPublicKey(modulus: modulus, publicExponent: exponent, options: options.rsa)
        } catch {
            switch error.code {
            case .modulusTooSmall, .modulusTooLarge: throw JWTError(.unsupportedKey, "RSA key refused: \(error.reason)")
            default: throw JWTError(.invalidKey, "RSA key refused: \(error.reason)")
            }
        }
    }
}
