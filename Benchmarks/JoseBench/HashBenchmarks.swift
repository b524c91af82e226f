// SHA-2, HMAC and SHA-3 rows of jose-bench.

import SHA2
import SHA3

func hashBenchmarks() -> [Benchmark] {
    // Fixed pseudo-random content (the speed does not depend on it).
    let message8k = (0..<8192).map { UInt8(truncatingIfNeeded: ($0 &* 0x9E37) >> 5) }
    let message300 = Array(message8k.prefix(300))
    let keyBytes = SymmetricKey(data: (0..<32).map { UInt8($0) })
    // A JWT verifier prepares its HMAC key once and reuses it for every token.
    let preparedKey = HMAC<SHA256>.Key(keyBytes)
    return [
        Benchmark(name: "sha256.8k", unit: .megabytesPerSecond(bytesPerOp: 8192)) {
            blackHole(SHA256.hash(data: message8k))
        },
        Benchmark(name: "sha512.8k", unit: .megabytesPerSecond(bytesPerOp: 8192)) {
            blackHole(SHA512.hash(data: message8k))
        },
        // SHA-3 (FIPS 202): one Keccak-f[1600] permutation per 136-byte block; SHAKE256 with a 32-byte output.
        Benchmark(name: "sha3-256.8k", unit: .megabytesPerSecond(bytesPerOp: 8192)) {
            blackHole(SHA3_256.hash(data: message8k))
        },
        Benchmark(name: "shake256.8k", unit: .megabytesPerSecond(bytesPerOp: 8192)) {
            blackHole(SHAKE256.hash(data: message8k, outputByteCount: 32))
        },
        Benchmark(name: "hmac-sha256.300", unit: .opsPerSecond) {
            blackHole(HMAC<SHA256>.authenticationCode(for: message300, using: preparedKey))
        },
        // The same with the key prepared on every call (two extra compressions).
        Benchmark(name: "hmac-sha256.300.unprepared", unit: .opsPerSecond) {
            blackHole(HMAC<SHA256>.authenticationCode(for: message300, using: keyBytes))
        },
    ]
}
