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
/// it: all eight entries of the row are read and combined under masks (`CT.scanTable`, shared with ECDSA's k·G),
/// so neither a branch nor an address depends on b. The entry comes back with y + x and y − x already exchanged
/// where b < 0; the sign of 2d·x·y is left to `adding(_:negatingXY2D:)`, which exchanges two sums instead (cheaper
/// than negating a field element). |b| = 0 gives the identity (1, 1, 0). The entries are read as 15 consecutive
/// words (y + x, y − x, 2d·x·y, five limbs each); the vector tests would fail on any other layout.
@inline(__always)
func selectSigningEntry(_ table: UnsafeBufferPointer<NielsPoint>, row: Int, digit b: Int8)
    -> (NielsPoint, negate: UInt64) {
    let bu = UInt64(bitPattern: Int64(b))
    let negative = CT.barrier(bu &>> 63)                     // 1 iff b < 0
    let magnitude = (bu ^ (0 &- negative)) &+ negative        // |b|, 0…8
    var w: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let one = withUnsafeMutableBytes(of: &w) { out in
        CT.scanTable(UnsafeRawPointer(table.baseAddress! + row &* 8), count: 8,
                     wordsPerEntry: MemoryLayout<NielsPoint>.stride / 8, index: magnitude,
                     into: out.baseAddress!.assumingMemoryBound(to: UInt64.self))
    }
    var t = NielsPoint(yPlusX: FieldElement(w.0 | one, w.1, w.2, w.3, w.4),
                       yMinusX: FieldElement(w.5 | one, w.6, w.7, w.8, w.9),
                       xy2d: FieldElement(w.10, w.11, w.12, w.13, w.14))
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

/// Width-w NAF of a public 256-bit scalar: 257 signed digits, each 0 or odd with |d| < 2^(w−1) (`WNAF`, shared with
/// ECDSA). Returns the index of the highest non-zero digit (−1 for zero). Variable time.
func wNAFVarTime(_ s: Scalar, width w: Int, into out: UnsafeMutablePointer<Int8>) -> Int {
    var limbs = (s.w0, s.w1, s.w2, s.w3)
    return withUnsafeBytes(of: &limbs) { raw in
        WNAF.recodeVarTime(raw.bindMemory(to: UInt64.self), bitCount: 256, width: w,
                           into: UnsafeMutableBufferPointer(start: out, count: 257))
    }
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
