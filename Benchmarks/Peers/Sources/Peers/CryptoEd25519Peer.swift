// The swift-crypto side of the Ed25519 rows (BoringSSL underneath). Imports no PureJOSE module: both define
// `Curve25519` (see CryptoPeer.swift).
import Crypto
import Foundation

/// An Ed25519 key pair made by swift-crypto, with a signature of `signedMessage` and both peer operations.
struct Ed25519PeerCase {
    var seed: [UInt8]
    var signatureCase: SignatureCase
    var peerSignature: [UInt8]
    var peerSign: () -> Bool
}

extension CryptoPeer {
    static func ed25519Case() throws -> Ed25519PeerCase {
        let key = Curve25519.Signing.PrivateKey()
        let signature = try key.signature(for: signedMessage)
        let publicKey = key.publicKey
        let c = SignatureCase(name: "Ed25519 verify, 700-byte message", publicKey: [UInt8](publicKey.rawRepresentation),
                              message: signedMessage, signature: [UInt8](signature),
                              peerVerify: { publicKey.isValidSignature(signature, for: signedMessage) })
        return Ed25519PeerCase(seed: [UInt8](key.rawRepresentation), signatureCase: c, peerSignature: [UInt8](signature),
                               peerSign: { (try? key.signature(for: signedMessage))?.count == 64 })
    }
}
