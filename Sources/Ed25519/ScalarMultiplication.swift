// The two scalar multiplications: [a]B for signing and key derivation (constant time, fixed base, precomputed
// table scanned in full), and [s]B − [k]A for verification (variable time: s, k and A are public).

import ConstantTime


enum BaseTables {
    /// Fixed-base table for signing: row i (0…31) holds j·256ⁱ·B for j = 1…8, affine Niels form, 256 entries.
    /// Built on first use from B alone (one inversion for all 256 points).
    static let signing: [NielsPoint] = {
        var points: [EdwardsPoint] = []
        points.reserveCapacity(256)
        var rowBase = EdwardsPoint.base
        let identity = EdwardsPoint.identity
        for _ in 0..<32 {
            var p = identity
            let c = rowBase.cached
            for _ in 1...8 {
                p = p.adding(c)
                points.append(p)
            }
            // next row: 256·rowBase
            for _ in 0..<8 { rowBase = rowBase.doubled() }
        }
        return normalizeBatch(points)
    }()

    /// Odd multiples B, 3B, …, 127B (wNAF width 8) for verification, affine Niels form.
    static let verification: [NielsPoint] = {
        var points: [EdwardsPoint] = []
        points.reserveCapacity(64)
        let b = EdwardsPoint.base
        let b2 = b.doubled().cached
        var p = b
        for _ in 0..<64 {
            points.append(p)
            p = p.adding(b2)
        }
        return normalizeBatch(points)
    }()
}

/// |b|·256^row·B for a secret digit b ∈ [−8, 8], and the mask (all ones iff b < 0) under which the caller negates
/// it: all eight entries of the row are read and combined under masks, so neither a branch nor an address depends
/// on b. The entry comes back with y + x and y − x already exchanged where b < 0; the sign of 2d·x·y is left to
/// `adding(_:negatingXY2D:)`, which exchanges two sums instead (cheaper than negating a field element).
///
/// The entry masks come from one word passed through `CT.barrier`: bit j set iff |b| = j (j = 0…8). Each mask is
/// one bit of that opaque word spread to 64, so the optimiser cannot relate the masks to each other or to b (no
/// switch, no table lookup by |b|); with the sign bit's barrier that is two opaque calls a scan instead of eleven.
/// The sign is not packed into the same word: `(1 << |b|) | (sign << 16)` compiled to `bts`, which memcheck models
/// with an address derived from the bit offset (the ct-check fails it); `1 << |b|` alone is a shift by `cl`.
/// The entries are read as 15 consecutive words (y + x, y − x, 2d·x·y, five limbs each); the vector tests would
/// fail on any other layout.
@inline(__always)
func selectSigningEntry(_ table: UnsafeBufferPointer<NielsPoint>, row: Int, digit b: Int8)
    -> (NielsPoint, negate: UInt64) {
    let bu = UInt64(bitPattern: Int64(b))
    let negative = CT.barrier(bu &>> 63)                     // 1 iff b < 0
    let magnitude = (bu ^ (0 &- negative)) &+ negative        // |b|, 0…8
    let bits = CT.barrier(1 &<< magnitude)                   // bit j set iff |b| = j
    // The identity's (1, 1, 0) where |b| = 0, then each entry ORed in under its mask: at most one mask is all ones.
    // An entry's 15 words are read as seven pairs and one word (the pairs map to 128-bit registers where the target
    // has them: about half the instructions of fifteen 64-bit AND/OR steps).
    typealias W2 = SIMD2<UInt64>
    let one = bits & 1
    var p0 = W2(one, 0), p1 = W2(), p2 = W2(0, one), p3 = W2(), p4 = W2(), p5 = W2(), p6 = W2()
    var w14: UInt64 = 0
    let entries = UnsafeRawPointer(table.baseAddress! + row &* 8)
    let stride = MemoryLayout<NielsPoint>.stride
    for j in 1...8 {
        let mask = 0 &- ((bits &>> UInt64(j)) & 1)            // all ones iff |b| == j
        let m = W2(repeating: mask)
        let e = entries + (j &- 1) &* stride
        p0 |= e.loadUnaligned(fromByteOffset: 0, as: W2.self) & m
        p1 |= e.loadUnaligned(fromByteOffset: 16, as: W2.self) & m
        p2 |= e.loadUnaligned(fromByteOffset: 32, as: W2.self) & m
        p3 |= e.loadUnaligned(fromByteOffset: 48, as: W2.self) & m
        p4 |= e.loadUnaligned(fromByteOffset: 64, as: W2.self) & m
        p5 |= e.loadUnaligned(fromByteOffset: 80, as: W2.self) & m
        p6 |= e.loadUnaligned(fromByteOffset: 96, as: W2.self) & m
        w14 |= e.load(fromByteOffset: 112, as: UInt64.self) & mask
    }
    var t = NielsPoint(yPlusX: FieldElement(p0[0], p0[1], p1[0], p1[1], p2[0]),
                       yMinusX: FieldElement(p2[1], p3[0], p3[1], p4[0], p4[1]),
                       xy2d: FieldElement(p5[0], p5[1], p6[0], p6[1], w14))
    let negate = 0 &- negative
    FieldElement.conditionalSwap(&t.yPlusX, &t.yMinusX, negate)
    return (t, negate)
}

/// [s]B for a secret s < 2²⁵⁵, constant time: signed radix-16 digits, 64 mixed additions from the fixed table
/// (odd digits first, then ·16, then even digits), 4 doublings. The first addition, from the identity, is written
/// as a conversion (one multiplication instead of seven).
func baseMultiply(_ s: Scalar) -> EdwardsPoint {
    BaseTables.signing.withUnsafeBufferPointer { table in
        withUnsafeTemporaryAllocation(of: Int8.self, capacity: 64) { e in
            let e = e.baseAddress!
            s.signedRadix16(into: e)
            // The first entry's negation mask is not needed: from the identity, c = 0 (`init(niels:)`).
            var h = EdwardsPoint(niels: selectSigningEntry(table, row: 0, digit: e[1]).0)
            for i in stride(from: 3, to: 64, by: 2) {
                let (q, negate) = selectSigningEntry(table, row: i &>> 1, digit: e[i])
                h = h.adding(q, negatingXY2D: negate)
            }
            h = h.doubledNoT().doubledNoT().doubledNoT().doubled()
            for i in stride(from: 0, to: 64, by: 2) {
                let (q, negate) = selectSigningEntry(table, row: i &>> 1, digit: e[i])
                h = h.adding(q, negatingXY2D: negate)
            }
            // Wipe the digits of the secret scalar.
            CT.wipe(UnsafeMutableRawBufferPointer(start: e, count: 64))
            return h
        }
    }
}

/// Width-w NAF of a public 256-bit scalar: 257 signed digits, each 0 or odd with |d| < 2^(w−1).
/// Returns the index of the highest non-zero digit (−1 for zero). Variable time.
func wNAFVarTime(_ s: Scalar, width w: Int, into out: UnsafeMutablePointer<Int8>) -> Int {
    @inline(__always) func bit(_ i: Int) -> Int { i >= 256 ? 0 : Int((s[i >> 6] >> UInt64(i & 63)) & 1) }
    @inline(__always) func bits(_ i: Int) -> Int {
        if i >= 256 { return 0 }
        let k = i >> 6, sh = UInt64(i & 63)
        var v = s[k] >> sh
        if sh != 0 && k < 3 { v |= s[k + 1] << (64 - sh) }
        return Int(v & ((1 << UInt64(w)) - 1))
    }
    for i in 0..<257 { out[i] = 0 }
    var carry = 0, i = 0, top = -1
    while i < 257 {
        if bit(i) == carry { i += 1; continue }
        var word = bits(i) + carry
        carry = (word >> (w - 1)) & 1
        word -= carry << w
        out[i] = Int8(truncatingIfNeeded: word)
        top = i
        i += w
    }
    return top
}

/// [s]B − [k]A, variable time (verification: all inputs public). Interleaved wNAF: width 8 for B from the static
/// table, width 5 for A from its eight odd multiples in cached form (`aTable`: A, 3A, …, 15A).
func doubleScalarMultiplyVarTime(s: Scalar, k: Scalar, aTable: UnsafeBufferPointer<CachedPoint>) -> EdwardsPoint {
    BaseTables.verification.withUnsafeBufferPointer { bTable in
        withUnsafeTemporaryAllocation(of: Int8.self, capacity: 514) { buf in
            let ds = buf.baseAddress!, dk = ds + 257
            let topS = wNAFVarTime(s, width: 8, into: ds)
            let topK = wNAFVarTime(k, width: 5, into: dk)
            var h = EdwardsPoint.identity
            var i = max(topS, topK)
            while i >= 0 {
                let a = ds[i], b = dk[i]
                h = (a != 0 || b != 0) ? h.doubled() : h.doubledNoT()
                if a > 0 { h = h.adding(bTable[Int(a) >> 1]) } else if a < 0 { h = h.subtracting(bTable[Int(-a) >> 1]) }
                if b > 0 { h = h.subtracting(aTable[Int(b) >> 1]) } else if b < 0 { h = h.adding(aTable[Int(-b) >> 1]) }
                i -= 1
            }
            return h
        }
    }
}

/// A, 3A, …, 15A in cached form.
func oddMultiplesTable(_ a: EdwardsPoint) -> [CachedPoint] {
    var out: [CachedPoint] = []
    out.reserveCapacity(8)
    let a2 = a.doubled().cached
    var p = a
    for _ in 0..<8 {
        out.append(p.cached)
        p = p.adding(a2)
    }
    return out
}
