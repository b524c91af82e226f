// vapor/jwt-kit's side of the end-to-end rows, and the tokens both sides verify (signed here with
// swift-crypto). Imports no PureJOSE module: jwt-kit has types named like PureJOSE's modules (ECDSA).
import Crypto
import _CryptoExtras
import Foundation
import JWTKit

/// An end-to-end case: the same token and keys for both verifiers.
struct JWTCase {
    var alg: String
    var token: String
    var jwksJSON: String       // the key set PureJOSE loads (jwt-kit loads the same JWKs; its HMAC key directly)
}

let issuer = "https://appleid.apple.com", audience = "com.example.app"

/// Claims shaped like a Sign in with Apple identity token (about 700 bytes once signed with RS256).
struct AppleLikeClaims: JWTPayload {
    var iss: IssuerClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim
    var sub: SubjectClaim
    var nonce: String
    var c_hash: String
    var email: String
    var email_verified: Bool
    var is_private_email: Bool
    var auth_time: Int
    var nonce_supported: Bool

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
        guard iss.value == issuer else { throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "issuer") }
        try aud.verifyIntendedAudience(includes: audience)
    }
}

enum JWTKitPeer {
    static func base64URL(_ bytes: some DataProtocol) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static let claimsJSON: String = {
        let now = Int(Date().timeIntervalSince1970)
        return """
            {"iss":"\(issuer)","aud":"\(audience)","exp":\(now + 86_400 * 365),"iat":\(now),\
            "sub":"001234.8f3c5a0e9b1d4c7a8e2f6b3d9c0a1e5f.1234","nonce":"2b9f1c7e4a3d8b6f0e5c2a9d7b4f1e8c3a6d0b5f",\
            "c_hash":"kXv2dF9qLm3nP0rS7tU1wQ","email":"k8s2mq4x7p@privaterelay.appleid.com","email_verified":true,\
            "is_private_email":true,"auth_time":\(now),"nonce_supported":true}
            """
    }()

    static func sign(alg: String, kid: String, _ signer: ([UInt8]) throws -> [UInt8]) rethrows -> String {
        let header = #"{"kid":"\#(kid)","alg":"\#(alg)"}"#
        let input = base64URL(Array(header.utf8)) + "." + base64URL(Array(claimsJSON.utf8))
        return input + "." + base64URL(try signer(Array(input.utf8)))
    }

    /// Tokens for HS256, RS256, PS256 (RSA-2048), ES256, ES384, ES512 and EdDSA (Ed25519), and jwt-kit's key collection for them.
    static func makeCases(rsa: _RSA.Signing.PrivateKey) async throws -> ([JWTCase], JWTKeyCollection) {
        let secret = [UInt8]((0..<32).map { UInt8($0 &* 7 &+ 3) })
        let p256 = P256.Signing.PrivateKey(), p384 = P384.Signing.PrivateKey(), p521 = P521.Signing.PrivateKey()
        let ed25519 = Curve25519.Signing.PrivateKey()
        let prims = try rsa.publicKey.getKeyPrimitives()
        let n = base64URL(prims.modulus), e = base64URL(prims.publicExponent)
        func ecJWK(_ kid: String, _ alg: String, _ crv: String, _ x963: Data) -> String {
            let size = (x963.count - 1) / 2
            let x = base64URL(x963.dropFirst().prefix(size)), y = base64URL(x963.suffix(size))
            return #"{"kty":"EC","kid":"\#(kid)","alg":"\#(alg)","crv":"\#(crv)","x":"\#(x)","y":"\#(y)"}"#
        }
        let rsJWK = #"{"kty":"RSA","kid":"rs","alg":"RS256","n":"\#(n)","e":"\#(e)"}"#
        let psJWK = #"{"kty":"RSA","kid":"ps","alg":"PS256","n":"\#(n)","e":"\#(e)"}"#
        let es256JWK = ecJWK("es256", "ES256", "P-256", p256.publicKey.x963Representation)
        let es384JWK = ecJWK("es384", "ES384", "P-384", p384.publicKey.x963Representation)
        let es512JWK = ecJWK("es512", "ES512", "P-521", p521.publicKey.x963Representation)
        let edJWK = #"{"kty":"OKP","kid":"ed","alg":"EdDSA","crv":"Ed25519","x":"\#(base64URL(ed25519.publicKey.rawRepresentation))"}"#
        let hsJWK = #"{"kty":"oct","kid":"hs","alg":"HS256","k":"\#(base64URL(secret))"}"#
        let peerSet = #"{"keys":[\#(rsJWK),\#(psJWK),\#(es256JWK),\#(es384JWK),\#(es512JWK),\#(edJWK)]}"#
        // PureJOSE refuses a set mixing a shared secret with public keys: the HMAC key has its own set.
        let pureSet = peerSet
        let hmacSet = #"{"keys":[\#(hsJWK)]}"#

        let keys = JWTKeyCollection()
        try await keys.add(jwksJSON: peerSet)
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, kid: "hs")

        let hs = sign(alg: "HS256", kid: "hs") {
            Array(HMAC<SHA256>.authenticationCode(for: $0, using: SymmetricKey(data: secret)))
        }
        let rs = try sign(alg: "RS256", kid: "rs") {
            [UInt8](try rsa.signature(for: $0, padding: .insecurePKCS1v1_5).rawRepresentation)
        }
        let ps = try sign(alg: "PS256", kid: "ps") {
            [UInt8](try rsa.signature(for: $0, padding: .PSS).rawRepresentation)
        }
        let es256 = try sign(alg: "ES256", kid: "es256") { [UInt8](try p256.signature(for: $0).rawRepresentation) }
        let es384 = try sign(alg: "ES384", kid: "es384") { [UInt8](try p384.signature(for: $0).rawRepresentation) }
        let es512 = try sign(alg: "ES512", kid: "es512") { [UInt8](try p521.signature(for: $0).rawRepresentation) }
        let ed = try sign(alg: "EdDSA", kid: "ed") { [UInt8](try ed25519.signature(for: $0)) }
        return ([
            JWTCase(alg: "HS256", token: hs, jwksJSON: hmacSet),
            JWTCase(alg: "RS256", token: rs, jwksJSON: pureSet),
            JWTCase(alg: "PS256", token: ps, jwksJSON: pureSet),
            JWTCase(alg: "ES256", token: es256, jwksJSON: pureSet),
            JWTCase(alg: "ES384", token: es384, jwksJSON: pureSet),
            JWTCase(alg: "ES512", token: es512, jwksJSON: pureSet),
            JWTCase(alg: "EdDSA", token: ed, jwksJSON: pureSet),
        ], keys)
    }

    static func verify(_ token: String, with keys: JWTKeyCollection) async -> Bool {
        do {
            let claims = try await keys.verify(token, as: AppleLikeClaims.self)
            return claims.email_verified
        } catch {
            return false
        }
    }
}
