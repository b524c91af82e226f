@testable import ECDSA

// Test-only arithmetic moved out of the library (house issue 10): plain double-and-add k·P, and u₁·G + u₂·Q
// for a bare point. Both are variable time and serve as independent references for the library's paths.

extension P256.JacobianPoint {
    /// k·P for a public k (canonical little-endian limbs), by plain double-and-add.
    static func mulVarTime(_ k: (UInt64, UInt64, UInt64, UInt64), _ p: P256.JacobianPoint) -> P256.JacobianPoint {
        var acc = P256.JacobianPoint.infinity
        var k = k
        withUnsafeBytes(of: &k) { raw in
            let l = raw.bindMemory(to: UInt64.self)
            for i in stride(from: 255, through: 0, by: -1) {
                acc = acc.doubled()
                if ECDSALimbs.bit(l, i) == 1 { acc = acc.addingVarTime(p) }
            }
        }
        return acc
    }
}

extension P384.JacobianPoint {
    /// k·P for a public k (canonical little-endian limbs), by plain double-and-add.
    static func mulVarTime(_ k: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64), _ p: P384.JacobianPoint) -> P384.JacobianPoint {
        var acc = P384.JacobianPoint.infinity
        var k = k
        withUnsafeBytes(of: &k) { raw in
            let l = raw.bindMemory(to: UInt64.self)
            for i in stride(from: 383, through: 0, by: -1) {
                acc = acc.doubled()
                if ECDSALimbs.bit(l, i) == 1 { acc = acc.addingVarTime(p) }
            }
        }
        return acc
    }
}

extension P256 {
    /// u₁·G + u₂·Q for a bare point (builds Q's tables first).
    static func doubleScalarMulVarTime(_ u1: (UInt64, UInt64, UInt64, UInt64), _ u2: (UInt64, UInt64, UInt64, UInt64), _ q: AffinePoint) -> JacobianPoint {
        doubleScalarMulVarTime(u1, u2, KeyTable(q))
    }
}

extension P384 {
    /// u₁·G + u₂·Q for a bare point (builds Q's tables first).
    static func doubleScalarMulVarTime(
        _ u1: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64), _ u2: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64), _ q: AffinePoint
    ) -> JacobianPoint {
        doubleScalarMulVarTime(u1, u2, KeyTable(q))
    }
}
