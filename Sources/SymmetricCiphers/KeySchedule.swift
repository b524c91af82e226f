// The AES key expansion (FIPS 197 §5.2), with SubWord through the bitsliced S-box, and the round keys stored in
// bitsliced form for four blocks at a time.

/// An expanded AES key: `rounds + 1` round keys of eight words each, every round key laid out like a state of four
/// copies of the same block, so that `addRoundKey` is eight XORs.
@usableFromInline
struct KeySchedule: Sendable {
    /// 10, 12 or 14 (AES-128, -192, -256).
    @usableFromInline let rounds: Int
    /// (rounds + 1) × 8 words.
    @usableFromInline let words: [UInt64]

    /// Expands a 16-, 24- or 32-byte key; `nil` for any other length (a public fact).
    init?(key: UnsafeRawBufferPointer) {
        let nk = key.count / 4
        switch key.count {
        case 16: rounds = 10
        case 24: rounds = 12
        case 32: rounds = 14
        default: return nil
        }
        let total = (rounds + 1) * 4
        // The 32-bit key words, little-endian as `interleave` takes them (FIPS 197 counts bytes big-endian within
        // a word; the rotation below is adjusted to match).
        var w = [UInt32](repeating: 0, count: total)
        for i in 0..<nk {
            w[i] = UInt32(key[4 * i]) | UInt32(key[4 * i + 1]) << 8 | UInt32(key[4 * i + 2]) << 16
                | UInt32(key[4 * i + 3]) << 24
        }
        var rcon: UInt32 = 1
        var temp = w[nk - 1]
        var j = 0
        for i in nk..<total {
            if j == 0 {
                // RotWord (the first byte moves to the end: a right rotation of the little-endian word), SubWord,
                // then the round constant in the first byte.
                temp = subWord((temp &>> 8) | (temp &<< 24)) ^ rcon
                rcon = (rcon &<< 1) ^ (0x11B & (0 &- (rcon &>> 7)))
            } else if nk > 6 && j == 4 {
                temp = subWord(temp)
            }
            temp ^= w[i - nk]
            w[i] = temp
            j += 1
            if j == nk { j = 0 }
        }
        var words = [UInt64](repeating: 0, count: (rounds + 1) * 8)
        for r in 0...rounds {
            let (a, b) = interleave(w[4 * r], w[4 * r + 1], w[4 * r + 2], w[4 * r + 3])
            var s = Slices()
            s.q0 = a; s.q1 = a; s.q2 = a; s.q3 = a
            s.q4 = b; s.q5 = b; s.q6 = b; s.q7 = b
            ortho(&s)
            words[8 * r] = s.q0; words[8 * r + 1] = s.q1; words[8 * r + 2] = s.q2; words[8 * r + 3] = s.q3
            words[8 * r + 4] = s.q4; words[8 * r + 5] = s.q5; words[8 * r + 6] = s.q6; words[8 * r + 7] = s.q7
        }
        for i in 0..<total { w[i] = 0 }
        self.words = words
    }
}

/// SubWord: the S-box on each byte of `x`, through the bitsliced circuit (the word sits in one slot; the other lanes
/// are zero and their results unused).
@inline(__always)
func subWord(_ x: UInt32) -> UInt32 {
    var s = Slices()
    s.q0 = UInt64(x)
    ortho(&s)
    subBytes(&s)
    ortho(&s)
    return UInt32(truncatingIfNeeded: s.q0)
}
