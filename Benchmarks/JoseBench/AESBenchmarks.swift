// AES-GCM rows of jose-bench (SymmetricCiphers): sealing 8 KiB and 1 KiB with AES-128 and AES-256, and opening
// 8 KiB, through the public API (the key is expanded on every call, as CryptoKit's shape has it).

import SHA2
import SymmetricCiphers

func aesBenchmarks() -> [Benchmark] {
    let message8k = (0..<8192).map { UInt8(truncatingIfNeeded: ($0 &* 0x9E37) >> 5) }
    let message1k = Array(message8k.prefix(1024))
    let aad = Array("eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0".utf8)   // a JWE protected header's size
    let key128 = SymmetricKey(data: (0..<16).map { UInt8($0) })
    let key256 = SymmetricKey(data: (0..<32).map { UInt8($0) })
    let nonce = try! AES.GCM.Nonce(data: (0..<12).map { UInt8($0 &* 7) })
    let box256 = try! AES.GCM.seal(message8k, using: key256, nonce: nonce, authenticating: aad)
    var rows: [Benchmark] = []
    for (bits, key) in [(128, key128), (256, key256)] {
        for (label, message) in [("8k", message8k), ("1k", message1k)] {
            rows.append(Benchmark(name: "aes\(bits)-gcm.seal.\(label)", unit: .megabytesPerSecond(bytesPerOp: message.count)) {
                blackHole(try! AES.GCM.seal(message, using: key, nonce: nonce, authenticating: aad))
            })
        }
    }
    rows.append(Benchmark(name: "aes256-gcm.open.8k", unit: .megabytesPerSecond(bytesPerOp: 8192)) {
        blackHole(try! AES.GCM.open(box256, using: key256, authenticating: aad))
    })
    return rows
}
