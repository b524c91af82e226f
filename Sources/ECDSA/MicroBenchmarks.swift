// Hooks for jose-bench's per-layer profile (field mul/sqr/inv, point double/add, u₁G + u₂Q, verify).
// Not API: visible only to `@_spi(Benchmarks) import ECDSA`.

@_spi(Benchmarks)
public enum ECDSAMicroBenchmarks {
    /// The layers that can be timed.
    public static let operations = ["fieldMul", "fieldSqr", "fieldInv", "scalarInv", "double", "addMixed", "add", "keyTable", "doubleScalarMul", "verify"]

    /// Runs `operation` `iterations` times on P-256 (`bits` = 256) or P-384 (384); returns a value
    /// depending on every result so the work cannot be optimised away.
    public static func run(bits: Int, operation: String, iterations: Int) -> UInt64 {
        bits == 256 ? P256.microBenchmark(operation, iterations) : P384.microBenchmark(operation, iterations)
    }
}
