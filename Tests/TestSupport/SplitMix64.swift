/// SplitMix64 (Steele, Lea, Flood 2014): the one seeded generator of the test suites, so random tests repeat
/// exactly and a failure names the seed that reproduces it. Never used for keys or nonces.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A value in `0..<n` (modulo bias is irrelevant for test inputs).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// `n` pseudo-random bytes.
    public mutating func bytes(_ n: Int) -> [UInt8] {
        var out = [UInt8](); out.reserveCapacity(n)
        while out.count < n {
            var w = next()
            for _ in 0..<min(8, n - out.count) { out.append(UInt8(truncatingIfNeeded: w)); w >>= 8 }
        }
        return out
    }
}
