import DER
@testable import RSA
import Testing
import TestSupport

/// Issue 31, finding 7: a blinding pair (r, b) whose product shares a prime with n cannot be inverted. Before, that
/// failed the signature with `signingFailed` (with p = 3, five signatures in nine: r·b is a multiple of 3 when r or
/// b is); now the pair is discarded and another drawn, at most `maximumBlindingDraws` times. The draws are injected,
/// so the bad pair is certain: r = p (a multiple of p below n), or b = q.
@Suite
struct BlindingRetryTests {
    @Test func aBlindingPairSharingAPrimeIsDrawnAgain() throws {
        let k = try PKCS1RSAPrivateKey(pemString: try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"))
        let key = try RSAPrivateKey(derRepresentation: k.derEncoded())
        let kn = key.publicKey.context.limbCount
        let message = Array("blinding retry".utf8)
        let expected = try key.signature(for: message, padding: .pkcs1v1_5(.sha256))  // PKCS#1 v1.5 is deterministic
        #expect(key.publicKey.isValidSignature(expected, for: message, padding: .pkcs1v1_5(.sha256)))
        let em = try RSAPrivateKey.encodePKCS1v15(mHash: RSAHashAlgorithm.sha256.hash(message), hash: .sha256,
                                                  k: key.publicKey.modulusByteCount)
        let p = RSAPrivateKey.limbs(k.prime1, count: kn), q = RSAPrivateKey.limbs(k.prime2, count: kn)
        var rng = SplitMix64(seed: 0x31_07)

        // The first pair is bad (r = p, then b = q): the second, random, signs — the same signature.
        for bad in ["r = p", "b = q"] {
            var draws = 0
            let sig = try key.blindedPrivateOperation(em) { ctx in
                draws += 1
                let r = RSAPrivateKey.randomBelow(ctx, using: &rng), b = RSAPrivateKey.randomBelow(ctx, using: &rng)
                if draws == 1 { return bad == "r = p" ? (p, b) : (r, q) }
                return (r, b)
            }
            #expect(draws == 2, "\(bad)")
            #expect(sig == expected, "\(bad)")
        }
        // crtSign reports a bad pair as nil (nothing computed), not as a failed signature.
        let m = RSAPrivateKey.limbs(em, count: kn)
        #expect(try RSAPrivateKey.crtSign(m, publicKey: key.publicKey, secrets: key.secrets, r: p,
                                          b: RSAPrivateKey.randomBelow(key.publicKey.context, using: &rng)) == nil)
        // Only bad pairs: refused after the bound, never a hang.
        var draws = 0
        #expect(throws: RSAKeyError(.signingFailed)) {
            try key.blindedPrivateOperation(em) { ctx in
                draws += 1
                return (p, RSAPrivateKey.randomBelow(ctx, using: &rng))
            }
        }
        #expect(draws == RSAPrivateKey.maximumBlindingDraws)
    }
}
