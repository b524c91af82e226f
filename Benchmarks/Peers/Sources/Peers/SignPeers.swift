// jwt-kit's side of the signing rows: the same claims (the Sign-in-with-Apple-shaped set of the verification rows)
// and keys as PureJOSE's side (JOSESignSide.swift), signed with `JWTKeyCollection.sign`. Imports no PureJOSE module.
import Crypto
import _CryptoExtras
import Foundation
import JWTKit

/// Keys for the signing rows, shared by both sides as PEM (and the HMAC secret as bytes).
struct SigningKeys {
    var secret: [UInt8]
    var rsaPEM: String
    var p256PEM: String
    var p384PEM: String
    var p521PEM: String
    var ed25519Seed: [UInt8]
}

enum JWTKitSignPeer {
    static let signingAlgorithms = ["HS256", "RS256", "PS256", "ES256", "ES384", "ES512", "EdDSA"]

    static func claims() -> AppleLikeClaims {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        return AppleLikeClaims(
            iss: IssuerClaim(value: issuer), aud: AudienceClaim(value: [audience]),
            exp: ExpirationClaim(value: Date(timeIntervalSince1970: 4_102_444_800)), iat: IssuedAtClaim(value: now),
            sub: SubjectClaim(value: "001234.8f3c5a0e9b1d4c7a8e2f6b3d9c0a1e5f.1234"),
            nonce: "2b9f1c7e4a3d8b6f0e5c2a9d7b4f1e8c3a6d0b5f", c_hash: "kXv2dF9qLm3nP0rS7tU1wQ",
            email: "k8s2mq4x7p@privaterelay.appleid.com", email_verified: true, is_private_email: true,
            auth_time: 1_700_000_000, nonce_supported: true)
    }

    /// Fresh keys (RSA-2048 given), and jwt-kit's collection holding their private halves, one kid per algorithm.
    static func makeKeys(rsa: _RSA.Signing.PrivateKey) async throws -> (SigningKeys, JWTKeyCollection) {
        let secret = [UInt8]((0..<32).map { UInt8($0 &* 5 &+ 11) })
        let p256 = P256.Signing.PrivateKey(), p384 = P384.Signing.PrivateKey(), p521 = P521.Signing.PrivateKey()
        let ed25519 = Curve25519.Signing.PrivateKey()
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, kid: "HS256")
        await keys.add(rsa: try Insecure.RSA.PrivateKey(backing: rsa), digestAlgorithm: .sha256, kid: "RS256")
        await keys.add(pss: try Insecure.RSA.PrivateKey(backing: rsa), digestAlgorithm: .sha256, kid: "PS256")
        await keys.add(ecdsa: try ES256PrivateKey(backing: p256), kid: "ES256")
        await keys.add(ecdsa: try ES384PrivateKey(backing: p384), kid: "ES384")
        await keys.add(ecdsa: try ES512PrivateKey(backing: p521), kid: "ES512")
        await keys.add(eddsa: EdDSA.PrivateKey(backing: ed25519), kid: "EdDSA")
        return (SigningKeys(secret: secret, rsaPEM: rsa.pemRepresentation, p256PEM: p256.pemRepresentation,
                            p384PEM: p384.pemRepresentation, p521PEM: p521.pemRepresentation,
                            ed25519Seed: [UInt8](ed25519.rawRepresentation)), keys)
    }

    static func sign(alg: String, with keys: JWTKeyCollection) async -> String? {
        try? await keys.sign(claims(), kid: JWKIdentifier(string: alg))
    }

    /// jwt-kit verifies a token (made by either side) with the key of `alg`.
    static func verifies(_ token: String, with keys: JWTKeyCollection) async -> Bool {
        (try? await keys.verify(token, as: AppleLikeClaims.self)) != nil
    }
}
