import ECDSA
import SHA2

// ECDSA through the public API only: a private key made from a secret d (`PrivateKey(rawRepresentation:)`, which
// computes d·G in constant time), hedged and deterministic signatures of a public message (`signature(for:)`,
// `signature(for:nonce:)`), and key generation (`PrivateKey()`, its random bytes secret: ct-check.sh runs every
// check with the system generator's output tainted, see Scripts/ct-taint-random.c). The digest is public. What the
// library publishes on purpose goes through CT.declassify (Scripts/ct-check.supp): whether d and each nonce
// candidate lie in [1, n − 1], whether r or s is 0, and the public point d·G. The signature itself is the output:
// it is kept, never inspected.
//
// `leaky.*`: a comb table read at the secret's 4-bit digits by direct index with a branch on a zero digit — the
// textbook leak of a fixed-base multiplication — which must be caught. The table is built here (only the access
// pattern matters; the library's own table is not API).

/// A valid private scalar of `count` bytes (a public pattern with a small top byte), tainted.
private func secretScalar(_ count: Int, pattern: UInt8) -> [UInt8] {
    var d = (0..<count).map { UInt8(truncatingIfNeeded: Int(pattern) &+ $0 &* 29) }
    d[0] = count == 66 ? 1 : 0x3c   // below n (P-521's n has 521 bits)
    return tainted(d)
}

/// A public message of 300 bytes.
private let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }

/// `count` secret bytes read as a comb table's digits.
private func leakyTableIndex(_ secret: [UInt8], rows: Int, wordsPerEntry: Int) -> UInt64 {
    let table = (0..<(rows * 16 * wordsPerEntry)).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
    var acc: UInt64 = 0
    for (i, byte) in secret.reversed().enumerated() {
        for (h, digit) in [Int(byte & 0x0F), Int(byte >> 4)].enumerated() where digit != 0 {
            acc ^= table[(((2 * i + h) % rows) * 16 + digit - 1) * wordsPerEntry]
        }
    }
    return acc
}

let ecdsaChecks: [CTCheck] = [
    CTCheck(name: "p256.sign") {
        let key = try! P256.Signing.PrivateKey(rawRepresentation: secretScalar(32, pattern: 0x3c))
        keep(try! key.signature(for: message))
    },
    CTCheck(name: "p256.sign.deterministic") {
        let key = try! P256.Signing.PrivateKey(rawRepresentation: secretScalar(32, pattern: 0x3c))
        keep(try! key.signature(for: message, nonce: .deterministic))
    },
    CTCheck(name: "p256.keygen") { keep(P256.Signing.PrivateKey()) },
    CTCheck(name: "p384.sign") {
        let key = try! P384.Signing.PrivateKey(rawRepresentation: secretScalar(48, pattern: 0x3c))
        keep(try! key.signature(for: message))
    },
    CTCheck(name: "p384.sign.deterministic") {
        let key = try! P384.Signing.PrivateKey(rawRepresentation: secretScalar(48, pattern: 0x3c))
        keep(try! key.signature(for: message, nonce: .deterministic))
    },
    CTCheck(name: "p384.keygen") { keep(P384.Signing.PrivateKey()) },
    CTCheck(name: "p521.sign") {
        let key = try! P521.Signing.PrivateKey(rawRepresentation: secretScalar(66, pattern: 0x3c))
        keep(try! key.signature(for: message))
    },
    CTCheck(name: "p521.sign.deterministic") {
        let key = try! P521.Signing.PrivateKey(rawRepresentation: secretScalar(66, pattern: 0x3c))
        keep(try! key.signature(for: message, nonce: .deterministic))
    },
    CTCheck(name: "p521.keygen") { keep(P521.Signing.PrivateKey()) },
    CTCheck(name: "leaky.p256.table-index") {
        keep(leakyTableIndex(secretScalar(32, pattern: 0x3c), rows: 64, wordsPerEntry: 8))
    },
    CTCheck(name: "leaky.p384.table-index") {
        keep(leakyTableIndex(secretScalar(48, pattern: 0x3c), rows: 96, wordsPerEntry: 12))
    },
]
