import Foundation
import Testing
import TestSupport
import JOSE

/// RFC 7520 §3 (JOSE Cookbook) keys: each file is one JWK. Public signature keys load, private keys are refused as verification keys, symmetric keys load and are bound
/// to their own `alg`/`use`.
@Suite("RFC 7520 §3 keys")
struct RFC7520KeyTests {
    static func jwk(_ name: String) throws -> Result<JWK, JWTError> {
        let bytes = try Vectors.bytes("rfc/7520/jwk/" + name)
        do { return .success(try JWK(json: bytes)) } catch let e { return .failure(e) }
    }

    static func code(_ r: Result<JWK, JWTError>) -> JWTError.Code? {
        if case .failure(let e) = r { return e.code } else { return nil }
    }

    @Test func everyKeyGetsItsOutcome() throws {
        let files = try Vectors.files(in: "rfc/7520/jwk", suffix: ".json")
        #expect(files.count == 6)
        var ran = 0

        // §3.1 EC P-521 public key: an ES512 key (it has no alg member).
        let p521 = try Self.jwk("3_1.ec_public_key.json").get()
        #expect(p521.curve == .p521 && p521.x?.count == 66 && p521.fits(.es512) && !p521.fits(.es384) && !p521.fits(.es256))
        // §3.2 and §3.4: private keys are never verification keys.
        #expect(Self.code(try Self.jwk("3_2.ec_private_key.json")) == .privateKeyMaterial)
        #expect(Self.code(try Self.jwk("3_4.rsa_private_key.json")) == .privateKeyMaterial)
        ran += 3

        // §3.3 RSA public key: 2048 bits, the key RFC 7520 §4.1 (RS256) and §4.2 (PS384) verify with.
        let rsa = try Self.jwk("3_3.rsa_public_key.json").get()
        #expect(rsa.keyID == "bilbo.baggins@hobbiton.example")
        #expect(rsa.modulusBitCount == 2048 && rsa.publicExponent == [0x01, 0x00, 0x01])
        #expect(rsa.fits(.rs256) && rsa.fits(.ps384) && !rsa.fits(.es256) && !rsa.fits(.hs256))
        ran += 1

        // §3.5 symmetric key for HS256 (32 bytes); §3.6 an A256GCM encryption key is no signature key.
        let mac = try Self.jwk("3_5.symmetric_key_mac_computation.json").get()
        #expect(mac.symmetricKeyByteCount == 32 && mac.fits(.hs256) && !mac.fits(.rs256))
        switch try Self.jwk("3_6.symmetric_key_encryption.json") {
        case .success(let enc): #expect(!JWSAlgorithm.allCases.contains { enc.fits($0) })
        case .failure(let e): #expect(e.code == .unsupportedAlgorithm || e.code == .unsupportedKey)
        }
        ran += 2

        Vectors.report("rfc/7520/jwk", cases: ran, detail: "2 refused (private), 4 loaded (P-521 among them)")
        #expect(ran == files.count)
    }
}
