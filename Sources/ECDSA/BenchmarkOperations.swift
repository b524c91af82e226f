// The layers jose-bench can time one by one (its ecdsa.* profile rows), each curve's `benchmark(_:iterations:)`
// in Generated/<Curve>+Benchmarks.swift runs them. Not API: visible only to `@_spi(Benchmarks) import ECDSA`.

@_spi(Benchmarks)
public enum ECDSABenchmarkOperation: CaseIterable, Sendable {
    case fieldMul, fieldSqr, fieldInv, scalarInv
    case double, addMixed, add, addComplete
    case keyTable, doubleScalarMul, verify
    /// Constant-time k·G (the signing path's fixed-base multiplication).
    case generatorMul
    /// r, s from a given nonce (k·G, one field and one scalar inversion).
    case signWithNonce
}
