// The protocol every generated curve conforms to (Generated/<Curve>+NISTCurve.swift, in this test target), after
// swift-crypto's `NISTSigning` idea: byte-level entry points into each curve's arithmetic, so that the point,
// field and scalar tests are written once and run for every curve (P-521 joins by conforming). Test scaffolding:
// it lives here, not in the ECDSA library (issue 25 part 3), and reaches the internals by `@testable import`.

protocol NISTCurve {
    /// "P-256", "P-384".
    static var curveName: String { get }
    /// Bytes of a field element, a scalar, each of r and s.
    static var scalarByteCount: Int { get }
    /// n, big-endian.
    static var orderBytes: [UInt8] { get }
    /// p, big-endian.
    static var primeBytes: [UInt8] { get }

    /// k·G by the constant-time signing path (k big-endian, k ∈ [1, n − 1]) → x ‖ y.
    static func generatorMultipleConstantTime(_ k: [UInt8]) -> [UInt8]
    /// u₁·G + u₂·Q by the verification path (Q as x ‖ y) → x ‖ y, nil for the point at infinity.
    static func doubleScalarMultiple(_ u1: [UInt8], _ u2: [UInt8], _ q: [UInt8]) -> [UInt8]?
    /// Whether 1 ≤ x ≤ n − 1: the verification range check of r and s (variable time).
    static func isInSignatureRange(_ x: [UInt8]) -> Bool
    /// All ones when 1 ≤ x ≤ n − 1, else 0: the constant-time check of d and k.
    static func inRangeMask(_ x: [UInt8]) -> UInt64
    /// FIPS 186-5 §6.4.1 with the nonce k given (big-endian d, k; the digest as bytes) → r ‖ s, nil when r or s is 0.
    static func signWithNonce(k: [UInt8], d: [UInt8], digest: [UInt8]) -> [UInt8]?
    /// a·b, a + b, a − b, a⁻¹ mod p on canonical big-endian elements (a, b < p).
    static func fieldOperation(_ op: NISTCurveOperation, _ a: [UInt8], _ b: [UInt8]) -> [UInt8]
    /// The same mod n.
    static func scalarOperation(_ op: NISTCurveOperation, _ a: [UInt8], _ b: [UInt8]) -> [UInt8]
}

/// The modular operations `NISTCurve` exposes to the tests.
enum NISTCurveOperation: Sendable, CaseIterable {
    case mul, add, sub, inverse
}
