// Ed25519 rows of jose-bench: verify.ed25519 and sign.ed25519 over a 32-byte message (OpenSSL's `speed ed25519`
// signs a short message too; the key and the signature are made once), load.ed25519 (public-key decoding plus
// the key's table of odd multiples), and keygen.ed25519 (seed → key pair, one fixed-base multiplication).
//
// Cross-check mode (Scripts/crosscheck-ed25519.py): with JOSE_BENCH_ED25519_CROSSCHECK=<input file> in the
// environment, jose-bench reads lines `seed-hex message-hex python-signature-hex`, and for each prints
// `public-key-hex signature-hex verdict` (the Swift public key from the seed, the Swift signature, and whether
// Swift accepts the Python signature: 1/0), then one line per fresh key from the system generator
// `fresh spki-der-hex message-hex signature-hex`, and exits. Python checks every value it gets back.

import Foundation
import Ed25519

func ed25519Benchmarks() -> [Benchmark] {
    let seed = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }
    let message = (0..<32).map { UInt8(truncatingIfNeeded: ($0 &* 0x9E37) >> 5) }
    let key = try! Curve25519.Signing.PrivateKey(rawRepresentation: seed)
    let publicKey = key.publicKey
    let signature = key.signature(for: message)
    precondition(publicKey.isValidSignature(signature, for: message), "Ed25519 benchmark signature does not verify")
    let raw = publicKey.rawRepresentation
    return [
        Benchmark(name: "verify.ed25519", unit: .opsPerSecond) {
            blackHole(publicKey.isValidSignature(signature, for: message))
        },
        Benchmark(name: "sign.ed25519", unit: .opsPerSecond) {
            blackHole(key.signature(for: message))
        },
        Benchmark(name: "load.ed25519", unit: .opsPerSecond) {
            blackHole(try! Curve25519.Signing.PublicKey(rawRepresentation: raw))
        },
        Benchmark(name: "keygen.ed25519", unit: .opsPerSecond) {
            blackHole(try! Curve25519.Signing.PrivateKey(rawRepresentation: seed))
        },
    ]
}

func ed25519CrossCheck(_ path: String) {
    func unhex(_ s: Substring) -> [UInt8] {
        var out: [UInt8] = []
        var it = s.utf8.makeIterator()
        while let a = it.next(), let b = it.next() {
            func v(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
            out.append(v(a) << 4 | v(b))
        }
        return out
    }
    func hexOf(_ b: [UInt8]) -> String { b.map { String(format: "%02x", $0) }.joined() }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write("cannot read \(path)\n".data(using: .utf8)!)
        exit(2)
    }
    var out = ""
    for line in text.split(separator: "\n") {
        let f = line.split(separator: " ", omittingEmptySubsequences: false)
        guard f.count == 3 else { continue }
        let seed = unhex(f[0]), message = unhex(f[1]), pySignature = unhex(f[2])
        let key = try! Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        let verdict = key.publicKey.isValidSignature(pySignature, for: message)
        out += "\(hexOf(key.publicKey.rawRepresentation)) \(hexOf(key.signature(for: message))) \(verdict ? 1 : 0)\n"
    }
    for i in 0..<16 {
        let key = Curve25519.Signing.PrivateKey()
        let message = Array("fresh key \(i): signed by PureJOSE".utf8)
        out += "fresh \(hexOf(key.publicKey.derRepresentation)) \(hexOf(message)) \(hexOf(key.signature(for: message)))\n"
    }
    print(out, terminator: "")
}
