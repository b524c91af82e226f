import Ed25519
import SHA2

/// Ed25519 through the public API: key derivation from a secret seed (seed → a → [a]B → encoding), key generation
/// (`PrivateKey()`, its seed from the tainted system generator) and signing (nonce r, [r]B, S = r + k·a mod L).
/// Publishing the public key and the signature are the outputs: kept, never inspected. The leaky variant reads a
/// signing-table-shaped array (256 entries of 15 words, built here) at the secret scalar's radix-16 digits by direct
/// index, with a branch on a zero digit, instead of the masked full scan: it must be caught.
let ed25519Checks: [CTCheck] = [
    CTCheck(name: "ed25519.publickey") {
        keep(try! Curve25519.Signing.PrivateKey(rawRepresentation: undefinedBytes(32)))
    },
    CTCheck(name: "ed25519.keygen") { keep(Curve25519.Signing.PrivateKey()) },
    CTCheck(name: "ed25519.sign") {
        let key = try! Curve25519.Signing.PrivateKey(rawRepresentation: undefinedBytes(32))
        keep(key.signature(for: Array("ct-check: a message to sign".utf8)))
    },
    CTCheck(name: "leaky.ed25519.sign") {
        var scalar = SHA512.hash(data: undefinedBytes(32)).bytes.prefix(32).map { $0 }
        scalar[0] &= 248; scalar[31] = scalar[31] & 127 | 64
        let table = (0..<(256 * 15)).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        var acc: UInt64 = 0
        for (i, byte) in scalar.enumerated() {
            for (h, digit) in [Int(byte & 0x0F), Int(byte >> 4)].enumerated() where digit != 0 {
                acc ^= table[((2 * i + h) / 2 * 8 + (digit & 7)) * 15]
            }
        }
        keep(acc)
    },
]
