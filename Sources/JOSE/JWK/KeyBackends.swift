import SHA2
import RSA
import ECDSA

// The bridge from JWKs to the signature modules. Each holder is built once per JWK and shared.

/// An `oct` key: the HMAC secret, with the HMAC pad states for SHA-256/384/512 prepared once (RFC 2104 §2).
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

    /// RFC 7518 §3.2: the MAC must be the full hash length; compared in constant time.
    func verify(_ alg: JWSAlgorithm, signature: [UInt8], signingInput: UnsafeBufferPointer<UInt8>) throws -> Bool {
        let raw = UnsafeRawBufferPointer(signingInput)
        switch alg {
        case .hs256: return HMACKeyHolder.check(k256, signature, raw)
        case .hs384: return HMACKeyHolder.check(k384, signature, raw)
        case .hs512: return HMACKeyHolder.check(k512, signature, raw)
        default: return false
        }
    }

    @inline(__always)
    static func check<H: HashFunction>(_ key: HMAC<H>.Key, _ sig: [UInt8], _ input: UnsafeRawBufferPointer) -> Bool {
        guard sig.count == H.byteCount else { return false }
        var mac = HMAC<H>(key: key)
        mac.update(bufferPointer: input)
        let tag = mac.finalize()
        return tag.withUnsafeBytes { constantTimeEquals($0, sig) }
    }
}

/// An RSA public key (RFC 7518 §6.3.1).
final class RSAKeyHolder: Sendable {
    let modulus: [UInt8]
    let exponent: [UInt8]
    let bitCount: Int
    /// The RSA module's key: Montgomery constants computed once, used by every verification.
    let key: RSAPublicKey

    init(modulus n: [UInt8], exponent e: [UInt8], options: JWK.Options) throws {
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

    /// RS256/384/512 (RFC 7518 §3.3, RSASSA-PKCS1-v1_5) and PS256/384/512 (RFC 7518 §3.5, RSASSA-PSS with
    /// MGF1 over the same hash and a salt as long as the hash). The signature must be exactly the modulus length.
    func verify(_ alg: JWSAlgorithm, signature: [UInt8], signingInput: UnsafeBufferPointer<UInt8>) throws -> Bool {
        guard signature.count == key.modulusByteCount else {
            throw JWTError(.invalidSignature, "\(alg.rawValue) signature must be \(key.modulusByteCount) bytes (the modulus length), got \(signature.count)")
        }
        let padding: RSAPadding
        switch alg {
        case .rs256: padding = .pkcs1v1_5(.sha256)
        case .rs384: padding = .pkcs1v1_5(.sha384)
        case .rs512: padding = .pkcs1v1_5(.sha512)
        case .ps256: padding = .pss(.sha256, saltLength: 32)
        case .ps384: padding = .pss(.sha384, saltLength: 48)
        case .ps512: padding = .pss(.sha512, saltLength: 64)
        default: return false
        }
        return key.isValidSignature(signature, for: signingInput, padding: padding)
    }
}

/// An EC public key on P-256 or P-384 (RFC 7518 §6.2.1), coordinates already normalised to the field size and
/// validated as a point on the curve once, when the JWK is built.
final class ECKeyHolder: Sendable {
    enum Key: Sendable {
        case p256(P256.Signing.PublicKey)
        case p384(P384.Signing.PublicKey)
    }
    let curve: JWK.Curve
    let x: [UInt8]
    let y: [UInt8]
    let key: Key

    init(curve: JWK.Curve, x: [UInt8], y: [UInt8]) throws {
        self.curve = curve
        self.x = x
        self.y = y
        do {
            switch curve {
            case .p256: key = .p256(try P256.Signing.PublicKey(rawRepresentation: x + y))
            case .p384: key = .p384(try P384.Signing.PublicKey(rawRepresentation: x + y))
            default: throw JWTError.make(.unsupportedKey, "EC curve \(curve.rawValue) has no verifier here")
            }
        } catch {
            throw JWTError.make(.invalidKey, "EC public key refused: \(error)")
        }
    }

    /// ES256/ES384 (RFC 7518 §3.4): the signature is r‖s, each exactly the coordinate size — a DER signature is
    /// an error; r and s must lie in [1, n−1] (checked by verification).
    func verify(_ alg: JWSAlgorithm, signature: [UInt8], signingInput: UnsafeBufferPointer<UInt8>) throws -> Bool {
        let n = curve.coordinateByteCount
        guard signature.count == 2 * n else {
            throw JWTError.make(.invalidSignature, "\(alg.rawValue) signature must be \(2 * n) bytes (r‖s), got \(signature.count)")
        }
        switch key {
        case .p256(let k):
            guard let sig = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return k.isValidSignature(sig, for: signingInput)
        case .p384(let k):
            guard let sig = try? P384.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return k.isValidSignature(sig, for: signingInput)
        }
    }
}
