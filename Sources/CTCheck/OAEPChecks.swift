import ConstantTime
import RSA

/// RSA-OAEP through the public API with the 2048-bit fixture key, its secret storage tainted as the signing checks do
/// (`taintStoredSecrets`), blinding values and OAEP seeds from the tainted system generator:
/// - decryption (SHA-256 and SHA-1) of a ciphertext made here with the public key: the blinded CRT operation, then
///   the EME-OAEP decoding of the secret padded block; the verdict and the valid message's length are the declassified
///   outputs (CT.declassify / declassifyValue), the message is kept, never inspected;
/// - decryption of a ciphertext made under another label, so the decoding runs to its refusal (same path, no exit);
/// - encryption of a secret message (a CEK) with the public key.
/// The leaky variant decodes a secret padded block the way OAEP must not be decoded — leaving at a nonzero leading
/// byte, comparing the label hash byte by byte and stopping at the separator — and must be caught.
private func oaepKey() -> RSAPrivateKey {
    let key: RSAPrivateKey
    do { key = try RSAPrivateKey(pemRepresentation: pem2048) } catch { fatalError("key: \(error)") }
    taintStoredSecrets(of: key, path: ["secrets"], pointer: "storage", limbCount: "count")
    return key
}

private let cek = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

private func decryptCheck(_ name: String, _ padding: RSAEncryptionPadding, encryptLabel: [UInt8] = []) -> CTCheck {
    CTCheck(name: name) {
        let key = oaepKey()
        // The ciphertext is public, but made here from the tainted generator's seed: published byte by byte first
        // (CT.declassifyByte), as it would arrive from the network.
        let c = try! key.publicKey.encrypt(cek, padding: padding, label: encryptLabel).map { CT.declassifyByte($0) }
        keep(try? key.decrypt(c, padding: padding))
    }
}

let oaepChecks: [CTCheck] = [
    decryptCheck("rsa2048.oaep256.decrypt", .oaepSHA256),
    decryptCheck("rsa2048.oaep.decrypt", .oaepSHA1),
    decryptCheck("rsa2048.oaep256.decrypt.refused", .oaepSHA256, encryptLabel: Array("another label".utf8)),
    CTCheck(name: "rsa2048.oaep256.encrypt") {
        let key = try! RSAPrivateKey(pemRepresentation: pem2048)
        keep(try! key.publicKey.encrypt(tainted(cek), padding: .oaepSHA256))
    },
    CTCheck(name: "leaky.rsa.oaep.decode") {
        // A secret 256-byte block shaped like a decoded OAEP block (Y ‖ seed ‖ lHash' ‖ PS ‖ 01 ‖ M).
        var em = [UInt8](repeating: 0, count: 256)
        em[256 - 33] = 1
        em = tainted(em)
        var ok = em[0] == 0                          // early exit on the leading byte
        var i = 1 + 32
        while ok && i < 1 + 64 { ok = em[i] == 0; i += 1 }   // byte-by-byte lHash' compare (stand-in lHash: zeros)
        var start = 0
        while ok && i < 256 {                         // stops at the separator
            if em[i] == 1 { start = i + 1; break }
            i += 1
        }
        keep((ok, start))
    },
]
