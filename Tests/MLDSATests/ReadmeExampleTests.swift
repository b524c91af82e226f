import MLDSA
import Testing
import TestSupport

/// The README's post-quantum example, compiled and run: verify an ML-DSA-65 signature with a public key from its raw
/// bytes (here the RFC 9964 example's), then make a key from a seed, sign with a context and verify.
@Suite("README post-quantum example")
struct ReadmeExampleTests {
    @Test func verifyExample() throws {
        let doc = try jsonObject("rfc/9964/jose/ML_DSA_65.jose.json")
        let publicKeyBytes = try hx(doc, "raw_public_key"), signature = try hx(doc, "raw_signature")
        let message = try hx(doc, "raw_to_be_signed")
        // --- README example begins ---
        let publicKey = try MLDSA65.PublicKey(rawRepresentation: publicKeyBytes)
        let valid = publicKey.isValidSignature(signature, for: message)          // pure ML-DSA, empty context

        let key = try MLDSA65.PrivateKey(seedRepresentation: [UInt8](repeating: 0, count: 32))  // kept as its seed
        let sig = try key.signature(for: message, context: Array("my-app".utf8))  // hedged; 3,309 bytes
        let ok = key.publicKey.isValidSignature(sig, for: message, context: Array("my-app".utf8))
        // --- README example ends ---
        #expect(valid && ok)
        #expect(key.publicKey.rawRepresentation == publicKeyBytes)
        Vectors.report("rfc/9964/jose/ML_DSA_65.jose.json", cases: 1, detail: "README example")
    }
}
