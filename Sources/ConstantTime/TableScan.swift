// The masked table scan of the constant-time fixed-base multiplications (ECDSA's k·G comb rows, Ed25519's [s]B
// rows): one entry chosen by a secret index, read without a branch or an address that depends on it. Package
// access: not API.

extension CT {
    /// Writes entry `index − 1` of `count` entries of `wordsPerEntry` words each (stored one after the other from
    /// `entries`) to `out`, or zeros when `index` is 0; returns 1 when `index` is 0, else 0. Every word of every
    /// entry is read and ORed in under a mask, so neither a branch nor an address depends on `index`
    /// (0 ≤ index ≤ count ≤ 63; `wordsPerEntry` ≥ 2, a constant at the call site).
    ///
    /// The masks come from one word passed through `CT.barrier`: bit j set iff index = j. Each mask is one bit of that
    /// opaque word spread to 64, so the optimiser cannot relate the masks to each other or to the index (no switch,
    /// no branch on j = index: with a plain comparison per entry swiftc -O built one, which ct-check caught); `1 <<
    /// index` is a shift by `cl` (a `bts` would be modelled by memcheck with an address derived from the bit offset).
    /// Words are read in pairs (128-bit registers where the target has them: about half the AND/OR steps).
    @inlinable @inline(__always)
    package static func scanTable(
        _ entries: UnsafeRawPointer, count: Int, wordsPerEntry: Int, index: UInt64, into out: UnsafeMutablePointer<UInt64>
    ) -> UInt64 {
        typealias W2 = SIMD2<UInt64>
        let bits = barrier(1 &<< index)                       // bit j set iff index = j
        let pairs = wordsPerEntry &>> 1
        let stride = wordsPerEntry &* 8
        let outRaw = UnsafeMutableRawPointer(out)
        for x in 0..<pairs { outRaw.storeBytes(of: W2(), toByteOffset: x &* 16, as: W2.self) }
        if wordsPerEntry & 1 != 0 { out[wordsPerEntry &- 1] = 0 }
        for j in 1...count {
            let mask = 0 &- ((bits &>> UInt64(j)) & 1)        // all ones iff index = j
            let m = W2(repeating: mask)
            let e = entries + (j &- 1) &* stride
            for x in 0..<pairs {
                let acc = outRaw.loadUnaligned(fromByteOffset: x &* 16, as: W2.self)
                outRaw.storeBytes(of: acc | (e.loadUnaligned(fromByteOffset: x &* 16, as: W2.self) & m),
                                  toByteOffset: x &* 16, as: W2.self)
            }
            if wordsPerEntry & 1 != 0 {
                out[wordsPerEntry &- 1] |= e.loadUnaligned(fromByteOffset: (wordsPerEntry &- 1) &* 8, as: UInt64.self) & mask
            }
        }
        return bits & 1
    }
}
