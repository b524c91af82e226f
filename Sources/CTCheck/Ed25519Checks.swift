@_spi(CTCheck) import Ed25519

/// Ed25519: key derivation (seed → a → [a]B → encoding) and signing (nonce r, [r]B, S = r + k·a mod L) with the
/// seed in never-written memory, and a leaky variant that must fail: the same fixed-base multiplication with the
/// table entry picked by indexing with the secret digit instead of the masked full scan.
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
        let r = Ed25519CTCheckHooks.leakyBaseMultiply(seed)
        withExtendedLifetime(r) {}
    },
]
