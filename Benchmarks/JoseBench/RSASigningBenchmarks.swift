// RSA signing rows of jose-bench and two special modes.
//
// Rows: sign.rsa2048.pkcs1, sign.rsa4096.pkcs1 (a 300-byte message, SHA-256, PKCS#1 v1.5),
// sign.rsa2048.pss (SHA-256, 32-byte random salt), keygen.rsa2048, keygen.rsa4096. The signing
// keys are the fixture keys of Vectors/keys (pyca testrsa.pem, generated/rsa4096-pkcs1.pem), read at
// set-up. Each signature is the whole operation: hashing, encoding, blinding (a fresh r and its
// inverse), the CRT exponentiations, recombination and the verification before release.
//
// Modes (handled before the table, then the process exits):
//   jose-bench --rsa-keygen-stats BITS COUNT   COUNT key generations: median, 90th percentile, min, max (ms)
//   jose-bench --rsa-emit DIR                  keys and signatures for Scripts/crosscheck-rsa.py

import Foundation
import RSA
import SHA2

private func fixtureText(_ relative: String) -> String {
    // Benchmarks/JoseBench/<this file> → repository root → Vectors.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try! String(contentsOf: root.appendingPathComponent("Vectors").appendingPathComponent(relative), encoding: .utf8)
}

func rsaSigningBenchmarks() -> [Benchmark] {
    let message = (0..<300).map { UInt8(truncatingIfNeeded: ($0 &* 0x9E37) >> 5) }
    let k2048 = try! RSAPrivateKey(pemRepresentation: fixtureText("keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"))
    let k4096 = try! RSAPrivateKey(pemRepresentation: fixtureText("rsa/generated/rsa4096-pkcs1.pem"))
    return [
        Benchmark(name: "sign.rsa2048.pkcs1", unit: .opsPerSecond) {
            blackHole(try! k2048.signature(for: message, padding: .pkcs1v1_5(.sha256)))
        },
        Benchmark(name: "sign.rsa4096.pkcs1", unit: .opsPerSecond) {
            blackHole(try! k4096.signature(for: message, padding: .pkcs1v1_5(.sha256)))
        },
        Benchmark(name: "sign.rsa2048.pss", unit: .opsPerSecond) {
            blackHole(try! k2048.signature(for: message, padding: .pss(.sha256)))
        },
        Benchmark(name: "keygen.rsa2048", unit: .opsPerSecond) {
            blackHole(try! RSAPrivateKey(bitCount: 2048))
        },
        Benchmark(name: "keygen.rsa4096", unit: .opsPerSecond) {
            blackHole(try! RSAPrivateKey(bitCount: 4096))
        },
    ]
}

/// Runs a special mode and exits if the arguments name one; returns otherwise.
func rsaSpecialModes(_ arguments: [String]) {
    let args = Array(arguments.dropFirst())
    guard let mode = args.first else { return }
    switch mode {
    case "--rsa-keygen-stats":
        let bits = args.count > 1 ? Int(args[1]) ?? 2048 : 2048
        let count = args.count > 2 ? Int(args[2]) ?? 20 : 20
        var ms: [Double] = []
        for _ in 0..<count {
            let t0 = DispatchTime.now().uptimeNanoseconds
            blackHole(try! RSAPrivateKey(bitCount: bits))
            ms.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        ms.sort()
        func pct(_ p: Double) -> Double { ms[min(ms.count - 1, Int((p * Double(ms.count)).rounded(.up)) - 1)] }
        print(String(format: "keygen.rsa%d: %d keys, median %.1f ms, p90 %.1f ms, min %.1f ms, max %.1f ms (wall clock per key)",
                     bits, count, pct(0.5), pct(0.9), ms.first!, ms.last!))
        exit(0)
    case "--rsa-emit":
        let dir = args.count > 1 ? args[1] : "."
        var lines: [String] = []
        let message = Array("PureJOSE cross-check message".utf8)
        for bits in [2048, 3072, 4096] {
            let key = try! RSAPrivateKey(bitCount: bits)
            try! key.pemRepresentation.write(toFile: "\(dir)/rsa\(bits)-pkcs8.pem", atomically: true, encoding: .utf8)
            try! key.pkcs1PEMRepresentation.write(toFile: "\(dir)/rsa\(bits)-pkcs1.pem", atomically: true, encoding: .utf8)
            for (hname, h) in [("sha256", RSAHashAlgorithm.sha256), ("sha384", .sha384), ("sha512", .sha512)] {
                for (pname, padding) in [("pkcs1", RSAPadding.pkcs1v1_5(h)), ("pss", RSAPadding.pss(h))] {
                    let sig = try! key.signature(for: message, padding: padding)
                    let hex = sig.map { String(format: "%02x", $0) }.joined()
                    lines.append("{\"bits\": \(bits), \"hash\": \"\(hname)\", \"padding\": \"\(pname)\", \"sig\": \"\(hex)\"}")
                }
            }
        }
        let msgHex = message.map { String(format: "%02x", $0) }.joined()
        try! ("{\"message\": \"\(msgHex)\", \"signatures\": [\n" + lines.joined(separator: ",\n") + "\n]}\n")
            .write(toFile: "\(dir)/signatures.json", atomically: true, encoding: .utf8)
        print("rsa-emit: 3 keys, \(lines.count) signatures in \(dir)")
        exit(0)
    default:
        return
    }
}
