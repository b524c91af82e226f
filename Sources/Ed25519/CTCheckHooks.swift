import SHA2

/// For `Sources/CTCheck` only: a deliberately leaky fixed-base multiplication, so that the constant-time check
/// shows it catches a secret-dependent table address. Never used by the library.
@_spi(CTCheck)
public enum Ed25519CTCheckHooks {
    /// Adds up the fixed-base table entries of the seed's scalar digits like `baseMultiply`, but reads each entry at
    /// an index computed from the secret digit (a cache-timing leak) and negates on a branch. (Not a correct
    /// scalar multiplication — the doublings are left out — only the access pattern matters.)
    public static func leakyBaseMultiply(_ seed: [UInt8]) -> [UInt8] {
        let s = seed.withUnsafeBytes { SecretStorage(seed: $0) }
        let p = BaseTables.signing.withUnsafeBufferPointer { table in
            withUnsafeTemporaryAllocation(of: Int8.self, capacity: 64) { e in
                let e = e.baseAddress!
                s.scalar.signedRadix16(into: e)
                var h = EdwardsPoint.identity
                for i in 0..<64 {
                    let d = Int(e[i])
                    let m = d < 0 ? -d : d
                    var q = NielsPoint.identity
                    if m != 0 { q = table[(i &>> 1) &* 8 &+ m &- 1] }
                    let t = d < 0 ? NielsPoint(yPlusX: q.yMinusX, yMinusX: q.yPlusX, xy2d: -q.xy2d) : q
                    h = h.adding(t)
                }
                return h
            }
        }
        return p.encoded()
    }
}
