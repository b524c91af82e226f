// The PureJOSE side of the primitive rows. Imports no peer module (see CryptoPeer.swift).
import SHA2
import RSA
import ECDSA

enum PureSide {
    static func verifier(for c: SignatureCase) throws -> () -> Bool {
        if c.publicKey.first == 0x04 {   // an EC point
            if c.publicKey.count == 65 {
                let key = try P256.Signing.PublicKey(x963Representation: c.publicKey)
                let sig = try P256.Signing.ECDSASignature(rawRepresentation: c.signature)
                let message = c.message
                return { key.isValidSignature(sig, for: message) }
            }
            let key = try P384.Signing.PublicKey(x963Representation: c.publicKey)
            let sig = try P384.Signing.ECDSASignature(rawRepresentation: c.signature)
            let message = c.message
            return { key.isValidSignature(sig, for: message) }
        }
        let key = try RSAPublicKey(derRepresentation: c.publicKey)
        let padding: RSAPadding = c.pss ? .pss(.sha256, saltLength: 32) : .pkcs1v1_5(.sha256)
        let signature = c.signature, message = c.message
        return { key.isValidSignature(signature, for: message, padding: padding) }
    }

    static func sha256(_ data: [UInt8]) -> () -> Bool {
        { blackHole &+= Int(SHA256.hash(data: data).withUnsafeBytes { $0[0] }); return true }
    }

    static func hmacSHA256(key: [UInt8], data: [UInt8]) -> () -> Bool {
        let symmetric = SymmetricKey(data: key)
        return { blackHole &+= Int(HMAC<SHA256>.authenticationCode(for: data, using: symmetric).withUnsafeBytes { $0[0] }); return true }
    }

    static func digestSHA256(_ data: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: data)) }
    static func digestHMAC(key: [UInt8], data: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)))
    }
}
