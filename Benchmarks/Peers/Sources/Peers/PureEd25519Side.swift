// The PureJOSE side of the Ed25519 rows. Imports no peer module (see CryptoEd25519Peer.swift).
import Ed25519

enum PureEd25519Side {
    static func verifier(for c: SignatureCase) throws -> () -> Bool {
        let key = try Curve25519.Signing.PublicKey(rawRepresentation: c.publicKey)
        let signature = c.signature, message = c.message
        return { key.isValidSignature(signature, for: message) }
    }

    /// The signing operation, or nil unless this side's signature equals the peer's byte for byte (Ed25519 is
    /// deterministic, so they must agree).
    static func signer(seed: [UInt8], message: [UInt8], expected: [UInt8]) -> (() -> Bool)? {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed),
              key.signature(for: message) == expected else { return nil }
        return { key.signature(for: message).count == 64 }
    }
}
