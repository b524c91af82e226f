import DER
import ECDSA

/// ES256/ES384/ES512 signing (RFC 7518 §3.4): ECDSA on the algorithm's curve (its row in the table), signatures r‖s
/// of the curve's size. Verification is `Certificate.PublicKey`'s (PublicKey+JWS.swift). The ECDSA module has one
/// private-key type per curve, so a new curve's signing key goes here: a case in ``ECSigningKey`` and a branch in each
/// `switch` below that names the curves.
enum ECDSAFamily: JWSAlgorithmFamily {
    /// r‖s with a hedged nonce (the ECDSA module's default).
#if !hasFeature(Embedded)
    static func sign(_ alg: JWSAlgorithm, key: ECSigningKey, signingInput: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8] {
        do {
            switch key {
            case .p256(let k): return try k.signature(for: signingInput).rawRepresentation
            case .p384(let k): return try k.signature(for: signingInput).rawRepresentation
            case .p521(let k): return try k.signature(for: signingInput).rawRepresentation
            }
        } catch {
            throw signingError(.invalidKey, "ECDSA signing failed: \(error)")
        }
    }
#endif
}

/// An EC private key on one of the curves the ECDSA module implements.
#if !hasFeature(Embedded)
enum ECSigningKey: Sendable {
    case p256(P256.Signing.PrivateKey)
    case p384(P384.Signing.PrivateKey)
    case p521(P521.Signing.PrivateKey)

    /// The key's curve (its row in the curve table).
    var curve: JWK.Curve {
        switch self {
        case .p256: return .p256
        case .p384: return .p384
        case .p521: return .p521
        }
    }

    /// A key from its scalar `d` (exactly the curve's size, big-endian; RFC 7518 §6.2.2.1).
    init(curve: JWK.Curve, d: [UInt8]) throws(JWTError) {
        let named = curve.spec.namedCurve
        do {
            if named == .p256 { self = .p256(try P256.Signing.PrivateKey(rawRepresentation: d)); return }
            if named == .p384 { self = .p384(try P384.Signing.PrivateKey(rawRepresentation: d)); return }
            if named == .p521 { self = .p521(try P521.Signing.PrivateKey(rawRepresentation: d)); return }
        } catch {
            throw signingError(.invalidKey, "EC private key refused: \(error)")
        }
        throw signingError(.unsupportedKey, "EC curve \(curve.rawValue) is not supported for signing (P-256, P-384 and P-521 are)")
    }

    /// A key from SEC 1 or PKCS#8 DER whose own parameters name `named`: only that curve's loader runs, so its
    /// error is the real cause.
    init(named: ECNamedCurve, der: [UInt8], what: String) throws(JWTError) {
        do {
            if named == .p256 { self = .p256(try P256.Signing.PrivateKey(derRepresentation: der)); return }
            if named == .p384 { self = .p384(try P384.Signing.PrivateKey(derRepresentation: der)); return }
            if named == .p521 { self = .p521(try P521.Signing.PrivateKey(derRepresentation: der)); return }
        } catch {
            throw signingError(.invalidKey, "\(what) on \(named) refused: \(error)")
        }
        throw signingError(.unsupportedKey, "\(what): EC curve \(named) is not supported for signing")
    }

    /// A new key on `curve` from the system's secure generator.
    static func generate(curve: JWK.Curve) throws(JWTError) -> ECSigningKey {
        let named = curve.spec.namedCurve
        if named == .p256 { return .p256(P256.Signing.PrivateKey()) }
        if named == .p384 { return .p384(P384.Signing.PrivateKey()) }
        if named == .p521 { return .p521(P521.Signing.PrivateKey()) }
        throw signingError(.unsupportedKey, "EC curve \(curve.rawValue) is not supported for signing (P-256, P-384 and P-521 are)")
    }

    /// d, exactly the curve's size.
    var rawRepresentation: [UInt8] {
        switch self {
        case .p256(let k): return k.rawRepresentation
        case .p384(let k): return k.rawRepresentation
        case .p521(let k): return k.rawRepresentation
        }
    }

    /// 04 ‖ x ‖ y of the public point.
    var publicX963: [UInt8] {
        switch self {
        case .p256(let k): return k.publicKey.x963Representation
        case .p384(let k): return k.publicKey.x963Representation
        case .p521(let k): return k.publicKey.x963Representation
        }
    }

    /// PKCS#8 `PRIVATE KEY` PEM.
    var pemRepresentation: String {
        switch self {
        case .p256(let k): return k.pemRepresentation
        case .p384(let k): return k.pemRepresentation
        case .p521(let k): return k.pemRepresentation
        }
    }

    /// SEC 1 `EC PRIVATE KEY` PEM, with the curve and the public key.
    var sec1PEMRepresentation: String {
        guard let named = curve.spec.namedCurve else { preconditionFailure("every ECSigningKey curve is an EC curve") }
        return SEC1ECPrivateKey(curve: named, privateKey: rawRepresentation, publicKey: publicX963).pemString
    }
}
#endif
