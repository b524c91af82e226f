// The swift-crypto side (BoringSSL underneath). This file imports no PureJOSE module: the two
// define types of the same names (P256, SHA256, HMAC), so each side lives in its own files.
import Crypto
import _CryptoExtras
import Foundation

/// A signature to verify, with everything either side needs to rebuild the key.
struct SignatureCase {
    var name: String
    var publicKey: [UInt8]     // EC: X9.63 uncompressed point; RSA: SubjectPublicKeyInfo DER
    var message: [UInt8]
    var signature: [UInt8]     // EC: raw r‖s; RSA: modulus-length bytes
    var pss: Bool = false
    var peerVerify: () -> Bool
}

/// A 700-byte message: about the signing input of an Apple identity token.
let signedMessage: [UInt8] = (0..<700).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

enum CryptoPeer {
    static func ecdsaCases() throws -> [SignatureCase] {
        let k256 = P256.Signing.PrivateKey()
        let s256 = try k256.signature(for: signedMessage)
        let p256 = k256.publicKey
        let k384 = P384.Signing.PrivateKey()
        let s384 = try k384.signature(for: signedMessage)
        let p384 = k384.publicKey
        return [
            SignatureCase(name: "ECDSA P-256 verify (SHA-256)", publicKey: [UInt8](p256.x963Representation),
                          message: signedMessage, signature: [UInt8](s256.rawRepresentation),
                          peerVerify: { p256.isValidSignature(s256, for: signedMessage) }),
            SignatureCase(name: "ECDSA P-384 verify (SHA-384)", publicKey: [UInt8](p384.x963Representation),
                          message: signedMessage, signature: [UInt8](s384.rawRepresentation),
                          peerVerify: { p384.isValidSignature(s384, for: signedMessage) }),
        ]
    }

    static func rsaCases(_ keys: [_RSA.Signing.PrivateKey]) throws -> [SignatureCase] {
        var cases: [SignatureCase] = []
        for key in keys {
            let bits = key.keySizeInBits
            let pub = key.publicKey
            let v15 = try key.signature(for: signedMessage, padding: .insecurePKCS1v1_5)
            let pss = try key.signature(for: signedMessage, padding: .PSS)   // salt length = 32 (hash length)
            cases.append(SignatureCase(
                name: "RSA-\(bits) PKCS#1 v1.5 verify (SHA-256)", publicKey: [UInt8](pub.derRepresentation),
                message: signedMessage, signature: [UInt8](v15.rawRepresentation),
                peerVerify: { pub.isValidSignature(v15, for: signedMessage, padding: .insecurePKCS1v1_5) }))
            cases.append(SignatureCase(
                name: "RSA-\(bits) PSS verify (SHA-256)", publicKey: [UInt8](pub.derRepresentation),
                message: signedMessage, signature: [UInt8](pss.rawRepresentation), pss: true,
                peerVerify: { pub.isValidSignature(pss, for: signedMessage, padding: .PSS) }))
        }
        return cases
    }

    static func sha256(_ data: [UInt8]) -> () -> Bool {
        { blackHole &+= Int(SHA256.hash(data: data).withUnsafeBytes { $0[0] }); return true }
    }

    static func hmacSHA256(key: [UInt8], data: [UInt8]) -> () -> Bool {
        let symmetric = SymmetricKey(data: key)
        return { blackHole &+= Int(HMAC<SHA256>.authenticationCode(for: data, using: symmetric).withUnsafeBytes { $0[0] }); return true }
    }

    /// A digest computed by swift-crypto, to check PureJOSE's against before timing.
    static func referenceSHA256(_ data: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: data)) }
    static func referenceHMAC(key: [UInt8], data: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)))
    }
}
