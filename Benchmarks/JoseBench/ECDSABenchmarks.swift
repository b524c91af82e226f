// ECDSA rows of jose-bench: verify.p256 and verify.p384 (key and signature parsed once; each
// operation hashes a 300-byte message and verifies), load.p256/p384.x963 (public-key construction,
// which validates the point and precomputes the key's tables), sign.p256/p384 (hedged, 300-byte message,
// key loaded once) and keygen.p256/p384, all through the public API. (Per-layer profiles: callgrind over these
// rows, as PERFORMANCE.md does; the library exposes no arithmetic for benchmarks.)

import Foundation
import ECDSA

/// Hex → bytes for the fixed benchmark inputs below (trusted constants).
private func unhex(_ s: String) -> [UInt8] {
    var out: [UInt8] = []
    var it = s.utf8.makeIterator()
    while let a = it.next(), let b = it.next() {
        func v(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
        out.append(v(a) << 4 | v(b))
    }
    return out
}

func ecdsaBenchmarks() -> [Benchmark] {
    // The message of the hash rows' first 300 bytes. Keys and signatures were made once with Python's
    // `cryptography` (ECDSA with SHA-256 / SHA-384 over this message, random nonces), pasted here.
    let message300 = (0..<300).map { UInt8(truncatingIfNeeded: ($0 &* 0x9E37) >> 5) }
    let p256Key = try! P256.Signing.PublicKey(x963Representation: unhex(
        "04f6790829324b72a58feae011f819f6154e1a37fdb7ecbcf4860dfd79e78f02a0fa4c2132c3a5676b356c186622a629dffa7a1a7835d0d65379c159abff95a521"))
    let p256Sig = try! P256.Signing.ECDSASignature(rawRepresentation: unhex(
        "bc94d018761679b2747daa6611186801e989e5f3f434edfeed07c33ede319680e19fbf4e7ce8b1732e94a59938aa926a54c7e18a8b41b5571b4c715f8f0aa1f5"))
    let p384Key = try! P384.Signing.PublicKey(x963Representation: unhex(
        "04945b44e93ba0d889dc4398825419a64a45a949efd084730b2c80eff3b45b324c87909102d33d0fef76ee04be5d75f005601499eb852e2a5d39b31ae2d46b38b713fc346fe25ad14de7125c825d2f4a1d2aaa3fae9b332d69376843668c839c1b"))
    let p384Sig = try! P384.Signing.ECDSASignature(rawRepresentation: unhex(
        "f2cbae1d8bce82aaa12aa366edc2edc55e7b562871fcb6c1ac1895b7c22230f764626cf78aef95b14bfda060d25a19e6e72293869ee0c7e4ab5fe067c09d4bd77c002e9fe46bde35e867395e869e1b79323549016da3a81145898851b91bdceb"))
    precondition(p256Key.isValidSignature(p256Sig, for: message300), "P-256 benchmark signature does not verify")
    precondition(p384Key.isValidSignature(p384Sig, for: message300), "P-384 benchmark signature does not verify")
    let p256X963 = p256Key.x963Representation, p384X963 = p384Key.x963Representation
    var rows = [
        Benchmark(name: "verify.p256", unit: .opsPerSecond) {
            blackHole(p256Key.isValidSignature(p256Sig, for: message300))
        },
        Benchmark(name: "verify.p384", unit: .opsPerSecond) {
            blackHole(p384Key.isValidSignature(p384Sig, for: message300))
        },
        // Key construction: point validation plus the per-key tables verification uses.
        Benchmark(name: "load.p256.x963", unit: .opsPerSecond) {
            blackHole(try! P256.Signing.PublicKey(x963Representation: p256X963))
        },
        Benchmark(name: "load.p384.x963", unit: .opsPerSecond) {
            blackHole(try! P384.Signing.PublicKey(x963Representation: p384X963))
        },
    ]
    // Signing (hedged: fresh random k' each time, 300-byte message, key loaded once) and key generation
    // (rejection sampling plus the constant-time d·G and the public key's verification tables).
    let p256Private = try! P256.Signing.PrivateKey(rawRepresentation: unhex("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"))
    let p384Private = try! P384.Signing.PrivateKey(rawRepresentation: unhex("6b9d3dad2e1b8c1c05b19875b6659f4de23c3b667bf297ba9aa47740787137d896d5724e4c70a825f872c9ea60d2edf5"))
    // P-521: the RFC 6979 A.2.7 key; its verification row checks a signature made here (deterministic).
    let p521Private = try! P521.Signing.PrivateKey(rawRepresentation: unhex(
        "00fad06daa62ba3b25d2fb40133da757205de67f5bb0018fee8c86e1b68c7e75caa896eb32f1f47c70855836a6d16fcc1466f6d8fbec67db89ec0c08b0e996b83538"))
    let p521Key = p521Private.publicKey
    let p521Sig = try! p521Private.signature(for: message300, nonce: .deterministic)
    precondition(p521Key.isValidSignature(p521Sig, for: message300), "P-521 benchmark signature does not verify")
    rows += [
        Benchmark(name: "verify.p521", unit: .opsPerSecond) { blackHole(p521Key.isValidSignature(p521Sig, for: message300)) },
        Benchmark(name: "sign.p521", unit: .opsPerSecond) { blackHole(try! p521Private.signature(for: message300)) },
        Benchmark(name: "keygen.p521", unit: .opsPerSecond) { blackHole(P521.Signing.PrivateKey()) },
    ]
    rows += [
        Benchmark(name: "sign.p256", unit: .opsPerSecond) { blackHole(try! p256Private.signature(for: message300)) },
        Benchmark(name: "sign.p384", unit: .opsPerSecond) { blackHole(try! p384Private.signature(for: message300)) },
        Benchmark(name: "keygen.p256", unit: .opsPerSecond) { blackHole(P256.Signing.PrivateKey()) },
        Benchmark(name: "keygen.p384", unit: .opsPerSecond) { blackHole(P384.Signing.PrivateKey()) },
    ]
    return rows
}
