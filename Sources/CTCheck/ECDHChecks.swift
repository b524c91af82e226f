import ECDSA

// ECDH on P-256/384/521 through the public API: a key-agreement private key from a secret d
// (`KeyAgreement.PrivateKey(rawRepresentation:)`) and `sharedSecretFromKeyAgreement(with:)` with a public peer
// key. What is published on purpose goes through CT.declassify: whether d is in [1, n − 1], the public point d·G,
// and whether the shared x is all zeros. The shared secret is the output: kept, never inspected.
//
// `leaky.ecdh.*`: the scalar's 4-bit digits used as a direct table index, which must be
// caught.

/// A valid private scalar of `count` bytes, tainted.
private func ecdhSecret(_ count: Int) -> [UInt8] {
    var d = (0..<count).map { UInt8(truncatingIfNeeded: 0x5a &+ $0 &* 31) }
    d[0] = count == 66 ? 1 : 0x3c
    return tainted(d)
}

/// A public peer key: a fixed scalar's public point (not tainted).
private let peer256 = try! P256.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32)).publicKey
private let peer384 = try! P384.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 48)).publicKey
private let peer521 = try! P521.KeyAgreement.PrivateKey(rawRepresentation: [0] + [UInt8](repeating: 7, count: 65)).publicKey

/// A window table read at the secret's 4-bit digits by direct index (the textbook variable-base leak).
private func leakyBitBranch(_ secret: [UInt8]) -> UInt64 {
    let table = (0..<16).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
    var acc: UInt64 = 1
    for byte in secret {
        acc = acc &* 3 ^ table[Int(byte & 0x0F)]
        acc = acc &* 3 ^ table[Int(byte >> 4)]
    }
    return acc
}

let ecdhChecks: [CTCheck] = [
    CTCheck(name: "p256.ecdh") {
        let key = try! P256.KeyAgreement.PrivateKey(rawRepresentation: ecdhSecret(32))
        keep(try! key.sharedSecretFromKeyAgreement(with: peer256))
    },
    CTCheck(name: "p384.ecdh") {
        let key = try! P384.KeyAgreement.PrivateKey(rawRepresentation: ecdhSecret(48))
        keep(try! key.sharedSecretFromKeyAgreement(with: peer384))
    },
    CTCheck(name: "p521.ecdh") {
        let key = try! P521.KeyAgreement.PrivateKey(rawRepresentation: ecdhSecret(66))
        keep(try! key.sharedSecretFromKeyAgreement(with: peer521))
    },
    CTCheck(name: "leaky.ecdh.bit-branch") { keep(leakyBitBranch(ecdhSecret(32))) }
]
