// `jose-bench --emit-ecdsa-signatures FILE`: the release-build half of Scripts/crosscheck-ecdsa.sh. It makes
// 10,000 seeded keys and random messages per curve (P-256, P-384, P-521), signs each (hedged), checks the signature
// with this package's own verifier (and that a changed message fails), and writes every 50th key, message
// and signature — plus a deterministic (RFC 6979) signature of the same message with its private key — as
// one JSON object per line for Python's `cryptography` to verify and to recompute. Exits non-zero on any
// self-check failure.

import Foundation
import ECDSA
import SHA2

extension SplitMix64 {
    /// `n` bytes, one draw each (the low byte of every output): the stream this cross-check has always used.
    fileprivate mutating func bytePerDraw(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8(truncatingIfNeeded: next()) } }
}

private func hexString(_ b: [UInt8]) -> String { b.map { String(format: "%02x", $0) }.joined() }

/// Runs the round trips and writes the sample; returns the number of failed self-checks.
func emitECDSASignatures(to path: String, perCurve: Int = 10_000) -> Int {
    var lines: [String] = []
    var failures = 0
    func run<Key, Sig>(
        curve: String, size: Int, seed: UInt64,
        load: ([UInt8]) -> Key?, sign: (Key, [UInt8]) -> Sig, signDeterministic: (Key, [UInt8]) -> Sig,
        verify: (Key, Sig, [UInt8]) -> Bool, raw: (Sig) -> [UInt8], der: (Sig) -> [UInt8],
        publicKey: (Key) -> [UInt8], privateKey: (Key) -> [UInt8]
    ) {
        var rng = SplitMix64(seed: seed)
        var made = 0
        while made < perCurve {
            guard let key = load(rng.bytePerDraw(size)) else { continue }   // d ≥ n: try the next candidate
            let msg = rng.bytePerDraw(Int(rng.next() % 300))
            let sig = sign(key, msg)
            let bad = msg + [1]
            if !verify(key, sig, msg) || verify(key, sig, bad) { failures += 1 }
            if made % 50 == 0 {
                let det = signDeterministic(key, msg)
                if !verify(key, det, msg) { failures += 1 }
                lines.append("{\"curve\":\"\(curve)\",\"d\":\"\(hexString(privateKey(key)))\",\"q\":\"\(hexString(publicKey(key)))\",\"msg\":\"\(hexString(msg))\",\"sig\":\"\(hexString(raw(sig)))\",\"der\":\"\(hexString(der(sig)))\",\"deterministic\":\"\(hexString(raw(det)))\"}")
            }
            made += 1
        }
    }
    run(curve: "P-256", size: 32, seed: 0x256,
        load: { try? P256.Signing.PrivateKey(rawRepresentation: $0) },
        sign: { k, m in try! k.signature(for: m) },
        signDeterministic: { k, m in try! k.signature(for: m, nonce: .deterministic) },
        verify: { k, s, m in k.publicKey.isValidSignature(s, for: m) },
        raw: { $0.rawRepresentation }, der: { $0.derRepresentation },
        publicKey: { $0.publicKey.x963Representation }, privateKey: { $0.rawRepresentation })
    run(curve: "P-384", size: 48, seed: 0x384,
        load: { try? P384.Signing.PrivateKey(rawRepresentation: $0) },
        sign: { k, m in try! k.signature(for: m) },
        signDeterministic: { k, m in try! k.signature(for: m, nonce: .deterministic) },
        verify: { k, s, m in k.publicKey.isValidSignature(s, for: m) },
        raw: { $0.rawRepresentation }, der: { $0.derRepresentation },
        publicKey: { $0.publicKey.x963Representation }, privateKey: { $0.rawRepresentation })
    run(curve: "P-521", size: 66, seed: 0x521,
        load: { var d = $0; d[0] &= 1; return try? P521.Signing.PrivateKey(rawRepresentation: d) },
        sign: { k, m in try! k.signature(for: m) },
        signDeterministic: { k, m in try! k.signature(for: m, nonce: .deterministic) },
        verify: { k, s, m in k.publicKey.isValidSignature(s, for: m) },
        raw: { $0.rawRepresentation }, der: { $0.derRepresentation },
        publicKey: { $0.publicKey.x963Representation }, privateKey: { $0.rawRepresentation })
    do {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        print("jose-bench: cannot write \(path): \(error)")
        return failures + 1
    }
    print("jose-bench: \(perCurve) sign→verify round trips per curve (P-256, P-384, P-521), \(failures) failures; \(lines.count) samples written to \(path)")
    return failures
}
