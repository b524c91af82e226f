import DER
@testable import RSA
import Testing
import TestSupport

/// Verify before release (Boneh–DeMillo–Lipton): a private operation whose CRT half is wrong must
/// not return its result. The fault is injected by building the key's secret buffer directly with a
/// dP that is off by two (the load checks would refuse such a key), then signing through the same
/// path `signature(for:padding:)` uses.
@Suite struct FaultTests {
    static func secrets(_ k: PKCS1RSAPrivateKey, kn: Int, corruptDP: Bool) -> CRTSecrets {
        var dP = k.exponent1
        if corruptDP { dP[dP.count - 1] ^= 2 }
        let kp = (k.prime1.count + 7) / 8, kq = (k.prime2.count + 7) / 8
        return CRTSecrets(kn: kn, kp: kp, kq: kq) { st, po, qo, dPo, dQo, qio in
            for (v, at, c) in [(k.prime1, po, kp), (k.prime2, qo, kq), (dP, dPo, kp), (k.exponent2, dQo, kq), (k.coefficient, qio, kp)] {
                let l = RSAPrivateKey.limbs(v, count: c)
                for i in 0..<c { st[at + i] = l[i] }
            }
        }
    }

    @Test func aFaultyHalfIsNeverReleased() throws {
        let k = try PKCS1RSAPrivateKey(pemString: try Vectors.text("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"))
        let key = try RSAPrivateKey(derRepresentation: k.derEncoded())
        let pub = key.publicKey
        let kn = pub.context.limbCount
        let em = try RSAPrivateKey.encodePKCS1v15(mHash: [UInt8](repeating: 7, count: 32), hash: .sha256, k: pub.modulusByteCount)
        var rng = SplitMix64(seed: 42)
        let r = RSAPrivateKey.randomBelow(pub.context, using: &rng)
        let b = RSAPrivateKey.randomBelow(pub.context, using: &rng)
        let m = RSAPrivateKey.limbs(em, count: kn)
        // The genuine secrets sign (and the result verifies); the faulty ones are refused.
        let good = try #require(try RSAPrivateKey.crtSign(m, publicKey: pub, secrets: Self.secrets(k, kn: kn, corruptDP: false), r: r, b: b))
        #expect(pub.isValidSignature(good, digestBytes: [UInt8](repeating: 7, count: 32), padding: .pkcs1v1_5(.sha256)))
        #expect(throws: RSAKeyError(.signingFailed)) {
            try RSAPrivateKey.crtSign(m, publicKey: pub, secrets: Self.secrets(k, kn: kn, corruptDP: true), r: r, b: b)
        }
        // Blinding changes nothing in the result: another r gives the same (deterministic) signature.
        let r2 = RSAPrivateKey.randomBelow(pub.context, using: &rng)
        #expect(try RSAPrivateKey.crtSign(m, publicKey: pub, secrets: Self.secrets(k, kn: kn, corruptDP: false), r: r2, b: b) == good)
    }
}
