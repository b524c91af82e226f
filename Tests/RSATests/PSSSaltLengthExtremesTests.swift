import DER
@testable import RSA
import Testing
import TestSupport

/// Issue 39, finding 1's class in RSA: a PSS salt length reaches an allocation when signing, and it can come from a
/// key file (an id-RSASSA-PSS key's saltLength is any INTEGER of 64 bits) or from the padding asked for. A length no
/// modulus can hold is refused with `unsupportedParameters` before anything is allocated; `Int.max` trapped.
@Suite("PSS salt lengths at the extremes")
struct PSSSaltLengthExtremesTests {
    @Test func saltLengthsBeyondTheModulusAreRefused() throws {
        let k = try PKCS1RSAPrivateKey(pemString: try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"))
        let key = try RSAPrivateKey(derRepresentation: k.derEncoded())
        let bytes = key.publicKey.modulusByteCount
        for s in [Int.max, Int.max - 1, Int(Int64.max / 2), bytes + 1, -1, Int.min] {
            do {
                _ = try key.signature(for: [1, 2, 3], padding: .pss(.sha256, saltLength: s))
                Issue.record("salt length \(s) signed")
            } catch {
                #expect(error.code == .unsupportedParameters, "\(s): \(error)")
            }
        }
        // Within the modulus but past what EMSA-PSS fits: the encoder's own refusal, unchanged.
        #expect(throws: RSAKeyError.self) { _ = try key.signature(for: [1, 2, 3], padding: .pss(.sha256, saltLength: bytes)) }
        // An ordinary salt still signs and verifies.
        let signature = try key.signature(for: [1, 2, 3], padding: .pss(.sha256, saltLength: 32))
        #expect(key.publicKey.isValidSignature(signature, for: [1, 2, 3], padding: .pss(.sha256, saltLength: 32)))
        Vectors.report("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem", cases: 8, detail: "PSS salt extremes")
    }
}
