import ConstantTime

// CT.equals (Sources/ConstantTime/Compare.swift) and constantTimeEquals on secret bytes in never-written memory:
// both inputs secret, every length 0…72 (whole words, a tail, both) and every start offset 0…7 within a word, equal
// and differing pairs (a difference in the first byte, in the last, in the middle). The verdicts are folded into one
// word handed to an opaque function, never branched on. `leaky.constanttime.equals-early-exit` is the same run over
// an early-exit compare (the loop `memcmp` and most hand-written compares are): it must be caught.

@inline(never) @_optimize(none)
private func sinkWord(_ x: UInt64) {}

/// Runs `compare` over every length and offset with secret inputs; the verdicts go to an opaque sink.
private func compareAllShapes(_ compare: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Bool) {
    let maxLength = 72, maxOffset = 7
    let size = maxLength &+ maxOffset
    let base = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
    let a = tainted(base)
    var acc: UInt64 = 0
    for flip in [-1, 0, 1, 2] {                      // -1: equal; 0: first byte; 1: last byte; 2: middle byte
        for length in 0...maxLength {
            for offset in 0...maxOffset {
                var other = base
                if flip >= 0, length > 0 {
                    let at = offset &+ (flip == 0 ? 0 : flip == 1 ? length &- 1 : length / 2)
                    other[at] ^= 0x20
                }
                let b = tainted(other)
                let verdict = a.withUnsafeBytes { pa in
                    b.withUnsafeBytes { pb in
                        compare(UnsafeRawBufferPointer(rebasing: pa[offset..<(offset &+ length)]),
                                UnsafeRawBufferPointer(rebasing: pb[offset..<(offset &+ length)]))
                    }
                }
                acc = acc &<< 1 ^ UInt64(unsafeBitCast(verdict, to: UInt8.self))
            }
        }
    }
    sinkWord(acc)
}

/// The early-exit compare the constant-time one replaces: returns at the first differing byte.
@inline(never)
private func leakyEquals(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    for i in 0..<a.count where a[i] != b[i] { return false }
    return true
}

let compareChecks: [CTCheck] = [
    CTCheck(name: "constanttime.equals") { compareAllShapes { CT.equals($0, $1) } },
    CTCheck(name: "constanttime.equals-collection") {
        compareAllShapes { a, b in constantTimeEquals(Array(a), Array(b)) }
    },
    CTCheck(name: "leaky.constanttime.equals-early-exit") { compareAllShapes(leakyEquals) },
]
