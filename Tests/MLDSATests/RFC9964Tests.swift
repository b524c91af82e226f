import Foundation
import MLDSA
import Testing
import TestSupport

/// The JOSE examples of RFC 9964 (ML-DSA for JOSE and COSE; the all-zero seed): the public key derived from the seed,
/// the example JWS signature verified over its signing input, and a fresh signature of the same input verified.
@Suite("RFC 9964 ML-DSA examples")
struct RFC9964Tests {
    @Test("JOSE examples", arguments: ["44", "65", "87"])
    func jose(_ level: String) throws {
        let file = "rfc/9964/jose/ML_DSA_\(level).jose.json"
        let doc = try jsonObject(file)
        let p = try #require(MLDSAParameters(name: "ML-DSA-\(level)"))
        let key = try AnyMLDSAPrivateKey(parameters: p, seedRepresentation: try hx(doc, "priv"))
        #expect(key.publicKey.rawRepresentation == (try hx(doc, "raw_public_key")))
        let signed = try hx(doc, "raw_to_be_signed")
        let sig = try hx(doc, "raw_signature")
        #expect(key.publicKey.isValidSignature(sig, for: signed))
        #expect(!key.publicKey.isValidSignature(sig, for: signed + [0]))
        // The JWS's signing input is the bytes signed.
        let jws = try str(doc, "jws").split(separator: ".")
        #expect(Array(jws[0..<2].joined(separator: ".").utf8) == signed)
        #expect(key.publicKey.isValidSignature(key.signature(for: signed), for: signed))
        Vectors.report(file, cases: 1)
    }
}
