// PureJOSE's side of the signing rows: a JWTSigner made once per algorithm, the claims as an application's own
// Codable type with the same members as jwt-kit's AppleLikeClaims.
import Ed25519
import JOSE

struct PureAppleLikeClaims: Codable {
    var iss = "https://appleid.apple.com"
    var aud = ["com.example.app"]
    var exp: Int64 = 4_102_444_800
    var iat: Int64 = 1_700_000_000
    var sub = "001234.8f3c5a0e9b1d4c7a8e2f6b3d9c0a1e5f.1234"
    var nonce = "2b9f1c7e4a3d8b6f0e5c2a9d7b4f1e8c3a6d0b5f"
    var c_hash = "kXv2dF9qLm3nP0rS7tU1wQ"
    var email = "k8s2mq4x7p@privaterelay.appleid.com"
    var email_verified = true
    var is_private_email = true
    var auth_time = 1_700_000_000
    var nonce_supported = true
}

struct UnknownAlgorithm: Error { var name: String }

enum JOSESignSide {
    static func signer(alg: String, keys: SigningKeys) throws -> JWTSigner {
        guard let algorithm = JWSAlgorithm(rawValue: alg) else { throw UnknownAlgorithm(name: alg) }
        let key: JWKPrivateKey
        switch alg {
        case "HS256": key = JWKPrivateKey(symmetricKey: keys.secret)
        case "RS256", "PS256": key = try JWKPrivateKey(pemRepresentation: keys.rsaPEM)
        case "ES256": key = try JWKPrivateKey(pemRepresentation: keys.p256PEM)
        case "ES384": key = try JWKPrivateKey(pemRepresentation: keys.p384PEM)
        case "ES512": key = try JWKPrivateKey(pemRepresentation: keys.p521PEM)
        case "EdDSA": key = try JWKPrivateKey(Curve25519.Signing.PrivateKey(rawRepresentation: keys.ed25519Seed))
        default: throw UnknownAlgorithm(name: alg)
        }
        return try JWTSigner(key: key, algorithm: algorithm, keyID: alg)
    }

    static func sign(_ signer: JWTSigner) -> String? {
        try? signer.sign(PureAppleLikeClaims())
    }
}
