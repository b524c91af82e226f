import ConstantTime

// The ConstantTime module itself: every mask builder, selection, swap, comparison and wipe run on words and bytes
// in never-written memory. Results are folded into one word that is handed to an opaque function, never branched on.

@inline(never) @_optimize(none)
private func sink(_ x: UInt64) {}

/// Eight undefined words with the given public values.
private func taintedWords(_ values: [UInt64]) -> [UInt64] {
    let bytes = tainted(values.flatMap { v in (0..<8).map { UInt8(truncatingIfNeeded: v &>> (8 &* UInt64($0))) } })
    return (0..<values.count).map { i in
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[i &* 8 &+ $1]) &<< (8 &* UInt64($1)) }
    }
}

let constantTimeChecks: [CTCheck] = [
    CTCheck(name: "constanttime.layer") {
        let w = taintedWords([0, 1, 7, 0x8000_0000_0000_0000, ~0, 42, 42, 3])
        var acc: UInt64 = 0
        for i in 0..<w.count {
            let a = w[i], b = w[(i &+ 1) % w.count]
            acc ^= CT.barrier(a)
            acc ^= CT.nonZeroMask(a)
            acc ^= CT.equalMask(a, b)
            let (m0, m1) = CT.equalMasks(a, b, w[(i &+ 2) % w.count])
            acc ^= m0 ^ m1
            acc ^= CT.lessThanMask(a, b)
            acc ^= CT.inRangeMask(a, 2, b)
            acc ^= CT.select(CT.lessThanMask(a, b), a, b)
            var x = a, y = b
            CT.conditionalSwap(CT.equalMask(a, 42), &x, &y)
            acc ^= x &+ y
        }
        let secretA = tainted((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 29) })
        let secretB = tainted((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 29 ^ ($0 == 63 ? 1 : 0)) })
        // The verdicts are secret-derived: folded, not branched on.
        let same = constantTimeEquals(secretA, secretB)
        let sameRaw = secretA.withUnsafeBytes { a in secretB.withUnsafeBytes { b in CT.equals(a, b) } }
        acc ^= UInt64(unsafeBitCast(same, to: UInt8.self)) ^ UInt64(unsafeBitCast(sameRaw, to: UInt8.self))
        var wiped = secretA
        CT.wipe(&wiped)
        var word = w[3]
        CT.wipe(&word)
        acc ^= word
        sink(acc)
        withExtendedLifetime(wiped) {}
    },
]
