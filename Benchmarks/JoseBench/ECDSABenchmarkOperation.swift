// The layers jose-bench can time one by one (its ecdsa.* profile rows); each curve's `benchmark(_:iterations:)`
// in Generated/<Curve>+Benchmarks.swift runs them. Part of jose-bench, not of the ECDSA library (issue 25 part 3).

enum ECDSABenchmarkOperation: CaseIterable, Sendable {
    case fieldMul, fieldSqr, fieldInv, scalarInv
    case double, addMixed, add, addComplete
    case keyTable, doubleScalarMul, verify
    /// Constant-time k·G (the signing path's fixed-base multiplication).
    case generatorMul
    /// r, s from a given nonce (k·G, one field and one scalar inversion).
    case signWithNonce
}
