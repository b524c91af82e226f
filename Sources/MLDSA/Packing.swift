// The encodings of FIPS 204 §7.1–7.3: bit packing of polynomials (SimpleBitPack / BitPack and their inverses), and
// the hint encoding (HintBitPack / HintBitUnpack) with every malformation FIPS 204 names refused.

/// Writes 256 values `offset − a[i]` (or `a[i]` when `offset` is zero and `subtract` false), each `bits` wide,
/// little-endian bit order, to `out` (32·bits bytes). Arithmetic only: constant time in the coefficients.
@inline(__always)
func packPoly(_ a: UnsafePointer<Int32>, bits: Int, offset: Int32, subtract: Bool, into out: UnsafeMutablePointer<UInt8>) {
    var acc: UInt64 = 0
    var accBits = 0
    var o = 0
    let mask: UInt64 = (1 << UInt64(bits)) - 1
    for i in 0..<256 {
        let v = subtract ? offset &- a[i] : a[i]
        acc |= (UInt64(UInt32(bitPattern: v)) & mask) << UInt64(accBits)
        accBits += bits
        while accBits >= 8 {
            out[o] = UInt8(truncatingIfNeeded: acc)
            o += 1
            acc >>= 8
            accBits -= 8
        }
    }
}

/// The inverse of ``packPoly``: a[i] = offset − v (subtract) or v.
@inline(__always)
func unpackPoly(_ p: UnsafePointer<UInt8>, bits: Int, offset: Int32, subtract: Bool, into a: UnsafeMutablePointer<Int32>) {
    var acc: UInt64 = 0
    var accBits = 0
    var o = 0
    let mask: UInt64 = (1 << UInt64(bits)) - 1
    for i in 0..<256 {
        while accBits < bits {
            acc |= UInt64(p[o]) << UInt64(accBits)
            o += 1
            accBits += 8
        }
        let v = Int32(truncatingIfNeeded: acc & mask)
        acc >>= UInt64(bits)
        accBits -= bits
        a[i] = subtract ? offset &- v : v
    }
}

/// HintBitPack (FIPS 204 Algorithm 20). The hint is part of an accepted signature (public); its positions are
/// published before this runs.
func packHint(_ h: UnsafePointer<Int32>, k: Int, omega: Int, into y: UnsafeMutablePointer<UInt8>) {
    for i in 0..<(omega + k) { y[i] = 0 }
    var index = 0
    for i in 0..<k {
        for j in 0..<256 where h[i * 256 + j] != 0 {
            y[index] = UInt8(j)
            index += 1
        }
        y[omega + i] = UInt8(index)
    }
}

/// HintBitUnpack (FIPS 204 Algorithm 21) of public signature bytes: nil when the encoding is malformed (a count
/// that decreases or exceeds ω, positions not strictly increasing within a polynomial, non-zero padding).
func unpackHint(_ y: UnsafePointer<UInt8>, k: Int, omega: Int, into h: UnsafeMutablePointer<Int32>) -> HintFault? {
    for i in 0..<(k * 256) { h[i] = 0 }
    var index = 0
    for i in 0..<k {
        let end = Int(y[omega + i])
        if end < index || end > omega { return .badCount }
        let first = index
        while index < end {
            if index > first && y[index - 1] >= y[index] { return .unordered }
            h[i * 256 + Int(y[index])] = 1
            index += 1
        }
    }
    while index < omega {
        if y[index] != 0 { return .nonZeroPadding }
        index += 1
    }
    return nil
}

enum HintFault { case badCount, unordered, nonZeroPadding }
