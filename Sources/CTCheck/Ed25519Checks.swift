import Ed25519
import SHA2

/// Ed25519: key derivation (seed → a → [a]B → encoding) and signing (nonce r, [r]B, S = r + k·a mod L) with the
/// seed in never-written memory, and a leaky variant that must fail: the signing table's entries read at the secret
/// scalar's radix-16 digits by direct index, with a branch on a zero digit, instead of the masked full scan (built
/// here from the module's own table; not a scalar multiplication, only the access pattern matters).
let ed25519Checks: [CTCheck] = [
    CTCheck(name: "ed25519.publickey") {
        let seed = undefinedBytes(32)
        let key = try! Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        // Publishing the public key is a declassification (see Scripts/ct-check.supp); keep it alive only.
        withExtendedLifetime(key) {}
    },
    CTCheck(name: "ed25519.sign") {
        let seed = undefinedBytes(32)
        let key = try! Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        let message = Array("ct-check: a message to sign".utf8)
        let signature = key.signature(for: message)
        withExtendedLifetime(signature) {}
    },
    CTCheck(name: "leaky.ed25519.sign") {
        let seed = undefinedBytes(32)
        var scalar = SHA512.hash(data: seed).bytes.prefix(32).map { $0 }
        scalar[0] &= 248; scalar[31] = scalar[31] & 127 | 64
        var acc: UInt64 = 0
        ed25519SigningTableWords { table in
            for (i, byte) in scalar.enumerated() {
                for (h, digit) in [Int(byte & 0x0F), Int(byte >> 4)].enumerated() where digit != 0 {
                    acc ^= table[((2 * i + h) / 2 * 8 + (digit & 7)) * 15]
                }
            }
        }
        withExtendedLifetime(acc) {}
    },
]
