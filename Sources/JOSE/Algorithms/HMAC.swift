import SHA2

/// HS256/384/512 (RFC 7518 §3.2): HMAC with the algorithm's SHA-2 function over an `oct` secret.
enum HMACFamily: JWSAlgorithmFamily {
    /// RFC 7518 §3.2: the MAC must be the full hash length; compared in constant time.
    static func verify(_ alg: JWSAlgorithm, key: HMACKeyHolder, signature: [UInt8],
                       signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> Bool {
        let raw = UnsafeRawBufferPointer(signingInput)
        switch alg.spec.hash {
        case .sha256: return check(key.k256, signature, raw)
        case .sha384: return check(key.k384, signature, raw)
        case .sha512: return check(key.k512, signature, raw)
        }
    }

#if !hasFeature(Embedded)
    static func sign(_ alg: JWSAlgorithm, key: HMACKeyHolder, signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8] {
        let raw = UnsafeRawBufferPointer(signingInput)
        switch alg.spec.hash {
        case .sha256: return mac(key.k256, raw)
        case .sha384: return mac(key.k384, raw)
        case .sha512: return mac(key.k512, raw)
        }
    }
#endif

    @inline(__always)
    static func check<H: HashFunction>(_ key: HMAC<H>.Key, _ sig: [UInt8], _ input: UnsafeRawBufferPointer) -> Bool {
        guard sig.count == H.byteCount else { return false }
        var mac = HMAC<H>(key: key)
        mac.update(bufferPointer: input)
        let tag = mac.finalize()
        return tag.withUnsafeBytes { constantTimeEquals($0, sig) }
    }

    @inline(__always)
    static func mac<H: HashFunction>(_ key: HMAC<H>.Key, _ input: UnsafeRawBufferPointer) -> [UInt8] {
        var m = HMAC<H>(key: key)
        m.update(bufferPointer: input)
        return m.finalize().bytes
    }
}

/// An `oct` key: the HMAC secret, with the HMAC pad states for SHA-256/384/512 prepared once (RFC 2104 §2).
/// Built once per JWK and shared; the same holder verifies and signs.
final class HMACKeyHolder: Sendable {
    let secret: [UInt8]
    let k256: HMAC<SHA256>.Key
    let k384: HMAC<SHA384>.Key
    let k512: HMAC<SHA512>.Key

    init(secret: [UInt8]) {
        self.secret = secret
        k256 = HMAC<SHA256>.Key(keyBytes: secret)
        k384 = HMAC<SHA384>.Key(keyBytes: secret)
        k512 = HMAC<SHA512>.Key(keyBytes: secret)
    }
}
