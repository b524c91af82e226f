import ECDSA

// ECDSA checks: signing (hedged and deterministic) and key derivation d·G on P-256, P-384 and P-521, with d, the
// random bytes of key generation and the hedging bytes k' in never-written memory. Their values are fixed
// (undefined bytes XOR a constant pattern: still undefined to memcheck, but a valid d in practice); the digest
// is public. `leaky.*` read the signer's own comb table (`P256.combTable`, package access) at the secret's 4-bit
// digits by direct index, with a branch on a zero digit — the textbook leak of a fixed-base multiplication — and
// must fail.

/// `count` secret bytes: undefined to memcheck, equal to the pattern in value (fresh memory reads as zero
/// under valgrind), so that d and the candidates are in range.
private func secretBytes(_ count: Int, pattern: UInt8) -> [UInt8] {
    let u = undefinedBytes(count)
    var out = [UInt8](repeating: 0, count: count)
    for i in 0..<count { out[i] = u[i] ^ (pattern &+ UInt8(truncatingIfNeeded: i &* 29)) }
    return out
}

/// A public digest of `count` bytes.
private func publicDigest(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) } }

private func keep(_ bytes: [UInt8]?) {
    // Only the length is looked at: the bytes are secret-derived (r, s are published, but not inspected here).
    if (bytes?.count ?? 0) == 0 { print("ct-check: signing returned nothing") }
}

let ecdsaChecks: [CTCheck] = [
    CTCheck(name: "p256.sign") {
        keep(P256.Signing.ConstantTimeCheck.sign(privateKey: secretBytes(32, pattern: 0x3c), digest: publicDigest(32),
                                                  hedge: secretBytes(32, pattern: 0x5a)))
    },
    CTCheck(name: "p256.sign.deterministic") {
        keep(P256.Signing.ConstantTimeCheck.sign(privateKey: secretBytes(32, pattern: 0x3c), digest: publicDigest(32), hedge: nil))
    },
    CTCheck(name: "p256.keygen") {
        keep(P256.Signing.ConstantTimeCheck.publicKey(fromRandomBytes: secretBytes(64, pattern: 0x21)))
    },
    CTCheck(name: "p384.sign") {
        keep(P384.Signing.ConstantTimeCheck.sign(privateKey: secretBytes(48, pattern: 0x3c), digest: publicDigest(48),
                                                  hedge: secretBytes(48, pattern: 0x5a)))
    },
    CTCheck(name: "p384.sign.deterministic") {
        keep(P384.Signing.ConstantTimeCheck.sign(privateKey: secretBytes(48, pattern: 0x3c), digest: publicDigest(48), hedge: nil))
    },
    CTCheck(name: "p384.keygen") {
        keep(P384.Signing.ConstantTimeCheck.publicKey(fromRandomBytes: secretBytes(96, pattern: 0x21)))
    },
    CTCheck(name: "p521.sign") {
        keep(P521.Signing.ConstantTimeCheck.sign(privateKey: [0] + secretBytes(65, pattern: 0x3c), digest: publicDigest(64),
                                                  hedge: secretBytes(32, pattern: 0x5a)))
    },
    CTCheck(name: "p521.sign.deterministic") {
        keep(P521.Signing.ConstantTimeCheck.sign(privateKey: [0] + secretBytes(65, pattern: 0x3c), digest: publicDigest(64), hedge: nil))
    },
    CTCheck(name: "p521.keygen") {
        keep(P521.Signing.ConstantTimeCheck.publicKey(fromRandomBytes: secretBytes(72, pattern: 0x21)))
    },
    CTCheck(name: "leaky.p256.table-index") {
        withExtendedLifetime(leakyTableIndex(secretBytes(32, pattern: 0x3c), table: P256.combTable, wordsPerEntry: 8)) {}
    },
    CTCheck(name: "leaky.p384.table-index") {
        withExtendedLifetime(leakyTableIndex(secretBytes(48, pattern: 0x3c), table: P384.combTable, wordsPerEntry: 12)) {}
    },
]

/// Entries of a comb table (16 entries of `wordsPerEntry` words per row) read at the secret's 4-bit digits by direct
/// index, skipping zero digits on a branch: what `mulGeneratorConstantTime` must never do.
private func leakyTableIndex(_ secret: [UInt8], table: [UInt64], wordsPerEntry: Int) -> UInt64 {
    let rows = table.count / (16 * wordsPerEntry)
    var acc: UInt64 = 0
    for (i, byte) in secret.reversed().enumerated() {
        for (h, digit) in [Int(byte & 0x0F), Int(byte >> 4)].enumerated() where digit != 0 {
            acc ^= table[(((2 * i + h) % rows) * 16 + digit - 1) * wordsPerEntry]
        }
    }
    return acc
}
