// ML-DSA rows of jose-bench: keygen.mldsa{44,65,87} (seed → key pair, with the precomputed Â), sign.mldsa* (hedged,
// pure ML-DSA, empty context, a 32-byte message), verify.mldsa* (a public key loaded once; Â and NTT(t1·2^d) are
// part of the key) and load.mldsa* (public-key decoding with that precomputation).
//
// Cross-check mode (Scripts/crosscheck-mldsa.py): `jose-bench --mldsa-crosscheck FILE` reads lines
// `level seed-hex message-hex context-hex python-signature-hex` (hex may be empty, written as `-`) and prints, per line,
// `public-key-hex hedged-signature-hex deterministic-signature-hex v1 v2 v3`: the Swift public key from the seed, a
// hedged and a deterministic Swift signature of the message under the context, and Swift's verdicts (1/0) on the
// Python signature under the right context, under the context with one byte appended, and under the key of the
// next level made from the same seed.

import Foundation
import MLDSA

func mldsaBenchmarks() -> [Benchmark] {
    let seed = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }
    let message = (0..<32).map { UInt8(truncatingIfNeeded: ($0 &* 0x9E37) >> 5) }
    var rows: [Benchmark] = []
    for p in [MLDSAParameters.mldsa44, .mldsa65, .mldsa87] {
        let key = try! AnyMLDSAPrivateKey(parameters: p, seedRepresentation: seed)
        let publicKey = key.publicKey
        let signature = key.signature(for: message)
        precondition(publicKey.isValidSignature(signature, for: message), "ML-DSA benchmark signature does not verify")
        let raw = publicKey.rawRepresentation
        let tag = p.name.replacingOccurrences(of: "ML-DSA-", with: "mldsa")
        rows += [
            Benchmark(name: "verify.\(tag)", unit: .opsPerSecond) { blackHole(publicKey.isValidSignature(signature, for: message)) },
            Benchmark(name: "sign.\(tag)", unit: .opsPerSecond) { blackHole(key.signature(for: message)) },
            Benchmark(name: "load.\(tag)", unit: .opsPerSecond) {
                blackHole(try! AnyMLDSAPublicKey(parameters: p, rawRepresentation: raw))
            },
            Benchmark(name: "keygen.\(tag)", unit: .opsPerSecond) {
                blackHole(try! AnyMLDSAPrivateKey(parameters: p, seedRepresentation: seed))
            },
        ]
    }
    return rows
}

func mldsaCrossCheck(_ path: String) -> Int32 {
    func unhex(_ s: Substring) -> [UInt8] {
        if s == "-" { return [] }
        var out: [UInt8] = []
        var it = s.utf8.makeIterator()
        while let a = it.next(), let b = it.next() {
            func v(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
            out.append(v(a) << 4 | v(b))
        }
        return out
    }
    func hexOf(_ b: [UInt8]) -> String { b.isEmpty ? "-" : b.map { String(format: "%02x", $0) }.joined() }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write("cannot read \(path)\n".data(using: .utf8)!)
        return 2
    }
    var out = ""
    for line in text.split(separator: "\n") {
        let f = line.split(separator: " ")
        guard f.count == 5, let p = MLDSAParameters(name: "ML-DSA-\(f[0])") else { continue }
        let seed = unhex(f[1]), message = unhex(f[2]), context = unhex(f[3]), pySignature = unhex(f[4])
        let key = try! AnyMLDSAPrivateKey(parameters: p, seedRepresentation: seed)
        let next: MLDSAParameters = p == .mldsa44 ? .mldsa65 : p == .mldsa65 ? .mldsa87 : .mldsa44
        let other = try! AnyMLDSAPrivateKey(parameters: next, seedRepresentation: seed)
        let hedged = try! key.signature(for: message, context: context)
        let deterministic = try! key.deterministicSignature(for: message, context: context)
        let v1 = key.publicKey.isValidSignature(pySignature, for: message, context: context)
        let v2 = key.publicKey.isValidSignature(pySignature, for: message, context: context + [0x78])
        let v3 = other.publicKey.isValidSignature(pySignature, for: message, context: context)
        out += "\(hexOf(key.publicKey.rawRepresentation)) \(hexOf(hedged)) \(hexOf(deterministic)) \(v1 ? 1 : 0) \(v2 ? 1 : 0) \(v3 ? 1 : 0)\n"
    }
    print(out, terminator: "")
    return 0
}
