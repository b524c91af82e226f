import SHA2

// Counter mode with GCM's 32-bit big-endian counter (NIST SP 800-38D §6.5, GCTR), four blocks per bitsliced pass.

/// A GCM counter block: the first twelve bytes fixed (as three little-endian words), the last four a big-endian
/// counter that wraps modulo 2³² (inc₃₂).
struct CounterBlock {
    var w0: UInt32, w1: UInt32, w2: UInt32
    var counter: UInt32

    /// The counter block whose bytes are `p[0..<16]`.
    init(_ p: UnsafeRawPointer) {
        w0 = loadLE32(p, 0); w1 = loadLE32(p, 4); w2 = loadLE32(p, 8)
        counter = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
    }
}

/// XORs the 16 keystream bytes of one block (words from `deinterleave`) into `input[at…]`, writing `output[at…]`.
@inline(__always)
func xorKeystream(_ a: UInt64, _ b: UInt64, _ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, _ at: Int) {
    let (w0, w1, w2, w3) = deinterleave(a, b)
    let k0 = UInt64(w0) | UInt64(w1) &<< 32
    let k1 = UInt64(w2) | UInt64(w3) &<< 32
    let m0 = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    let m1 = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))
    output.storeBytes(of: (m0 ^ k0).littleEndian, toByteOffset: at, as: UInt64.self)
    output.storeBytes(of: (m1 ^ k1).littleEndian, toByteOffset: at + 8, as: UInt64.self)
}

extension KeySchedule {
    /// GCTR: `length` bytes of `input` XORed with the keystream E(cb), E(inc₃₂(cb)), … into `output` (which may be
    /// `input`). The four counter blocks of a pass differ in their last word only, so the fixed words are spread
    /// once.
    func ctr(_ first: CounterBlock, _ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, length: Int) {
        words.withUnsafeBufferPointer { rkb in
            let rk = rkb.baseAddress!
            let rounds = self.rounds
            let fixedA = spread(first.w0) | (spread(first.w2) &<< 8)
            let fixedB = spread(first.w1)
            var counter = first.counter
            var at = 0
            while length &- at >= 64 {
                var s = Slices()
                s.q0 = fixedA; s.q1 = fixedA; s.q2 = fixedA; s.q3 = fixedA
                s.q4 = fixedB | (spread(counter.byteSwapped) &<< 8)
                s.q5 = fixedB | (spread((counter &+ 1).byteSwapped) &<< 8)
                s.q6 = fixedB | (spread((counter &+ 2).byteSwapped) &<< 8)
                s.q7 = fixedB | (spread((counter &+ 3).byteSwapped) &<< 8)
                ortho(&s)
                encryptSlices(&s, rk, rounds: rounds)
                ortho(&s)
                xorKeystream(s.q0, s.q4, input, output, at)
                xorKeystream(s.q1, s.q5, input, output, at &+ 16)
                xorKeystream(s.q2, s.q6, input, output, at &+ 32)
                xorKeystream(s.q3, s.q7, input, output, at &+ 48)
                counter &+= 4
                at &+= 64
            }
            if at < length {
                // The last one to four blocks: the keystream into a buffer, XORed byte by byte.
                var s = Slices()
                s.q0 = fixedA; s.q1 = fixedA; s.q2 = fixedA; s.q3 = fixedA
                s.q4 = fixedB | (spread(counter.byteSwapped) &<< 8)
                s.q5 = fixedB | (spread((counter &+ 1).byteSwapped) &<< 8)
                s.q6 = fixedB | (spread((counter &+ 2).byteSwapped) &<< 8)
                s.q7 = fixedB | (spread((counter &+ 3).byteSwapped) &<< 8)
                ortho(&s)
                encryptSlices(&s, rk, rounds: rounds)
                var stream: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &stream) { k in
                    storeSlices(s, k.baseAddress!, count: 4)
                    var i = 0
                    while at < length {
                        output.storeBytes(of: input.load(fromByteOffset: at, as: UInt8.self) ^ k[i],
                                          toByteOffset: at, as: UInt8.self)
                        i &+= 1
                        at &+= 1
                    }
                    CT.wipe(k)
                }
            }
        }
    }
}
