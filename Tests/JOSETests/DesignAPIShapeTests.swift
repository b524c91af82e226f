import Foundation
import Testing
import TestSupport
import SHA2
import ECDSA
import JOSE

/// The ECDSA and JOSE lines of DESIGN.md "Public API shapes", compiled as written (plain `import`, no
/// `@testable`), run on real inputs with their results checked, so a renamed or reshaped public API breaks here.
@Suite("DESIGN.md public API shapes (ECDSA, JOSE)")
struct DesignAPIShapeTests {
    @Test func ecdsaShape() throws {
        // RFC 7515 A.3: an ES256 JWS, its signing input, and the P-256 key that signed it.
        let top = try T.jsonObject("rfc/7515/rfc7515_appendix_a.json")
        let examples = try #require(top["examples"] as? [[String: Any]])
        let a3 = try #require(examples.first { $0["section"] as? String == "A.3" })
        let jwk = try #require(a3["jwk"] as? [String: Any])
        let compact = try #require(a3["compact"] as? String)
        let parts = compact.split(separator: ".")
        let message = Array((parts[0] + "." + parts[1]).utf8)
        let rs = try Base64URL.decode(String(parts[2]))
        let bytes = [4] + (try Base64URL.decode(jwk["x"] as! String)) + (try Base64URL.decode(jwk["y"] as! String))

        let pk = try P256.Signing.PublicKey(x963Representation: bytes)   // also rawRepresentation, compressedRepresentation,
                                                                          // derRepresentation (SPKI), pemRepresentation
        let sig = try P256.Signing.ECDSASignature(rawRepresentation: rs)  // also derRepresentation
        #expect(pk.isValidSignature(sig, for: message))            // hashes with the curve's hash (SHA-256 / SHA-384)
        #expect(!pk.isValidSignature(sig, for: SHA512.hash(data: message)))   // explicit digest: signed over SHA-256, not SHA-512
        #expect(pk.isValidSignature(sig, for: SHA256.hash(data: message)))
        var tampered = message
        tampered[0] ^= 1
        #expect(!pk.isValidSignature(sig, for: tampered))
        // The other constructors named in the comments accept the same key.
        #expect(try P256.Signing.PublicKey(rawRepresentation: Array(bytes.dropFirst())).x963Representation == bytes)
        #expect(try P256.Signing.PublicKey(compressedRepresentation: pk.compressedRepresentation).x963Representation == bytes)
        #expect(try P256.Signing.PublicKey(derRepresentation: pk.derRepresentation).x963Representation == bytes)
        #expect(try P256.Signing.PublicKey(pemRepresentation: pk.pemRepresentation).x963Representation == bytes)
        #expect(pk.isValidSignature(try P256.Signing.ECDSASignature(derRepresentation: sig.derRepresentation), for: message))
    }

    @Test func joseShape() throws {
        let f = ReadmeQuickStartFixture.self
        let appleKeysJSON = f.appleKeysJSON, token = f.identityToken
        let hashedNonce = SHA256.hash(data: Array(f.rawNonce.utf8)).description

        let keys = try JWKSet(json: appleKeysJSON)                         // String or bytes
        let verifier = JWTVerifier(keys: keys, algorithms: [.rs256, .es256])
        let jwt = try verifier.verify(token, expecting: ClaimExpectations(
            issuer: "https://appleid.apple.com", audience: "com.example.app", nonce: hashedNonce, leeway: 60))
        let shown = (jwt.header.keyID, jwt.claims.subject, jwt.claims.expiresAt)
        let mine = try jwt.decode(AppleIdentityClaims.self)                // Decodable, no Foundation

        #expect(shown.0 == "readme-key-1" && shown.1 == f.subject && shown.2 == 4_102_444_800)
        #expect(mine.subject == f.subject && mine.email == f.email && mine.issuer == "https://appleid.apple.com")
        #expect(try JWKSet(json: Array(appleKeysJSON.utf8)).count == keys.count)
        // The same call refuses the token for another audience and another nonce.
        #expect(throws: JWTError(.audienceMismatch)) {
            _ = try verifier.verify(token, expecting: ClaimExpectations(
                issuer: "https://appleid.apple.com", audience: "com.example.other", nonce: hashedNonce, leeway: 60))
        }
        #expect(throws: JWTError(.nonceMismatch)) {
            _ = try verifier.verify(token, expecting: ClaimExpectations(
                issuer: "https://appleid.apple.com", audience: "com.example.app", nonce: "x", leeway: 60))
        }
    }

    @Test func jwksCacheShape() async throws {
        let f = ReadmeQuickStartFixture.self
        // DESIGN.md writes the type as `() async throws -> [UInt8]`; the actor needs it `@Sendable`, which a closure
        // literal is inferred to be, so the natural call compiles as written.
        let fetch: @Sendable () async throws -> [UInt8] = { Array(f.appleKeysJSON.utf8) }
        let cache = JWKSCache(fetch: fetch)
        _ = JWKSCache(fetch: { Array(f.appleKeysJSON.utf8) })
        let jwt = try await cache.verify(f.identityToken, algorithms: [.rs256],
                                         expecting: .signInWithApple(clientID: "com.example.app"))
        #expect(jwt.claims.subject == f.subject)
        #expect(await cache.fetchCount == 1)
    }
}
