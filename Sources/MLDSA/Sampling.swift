// The samplers of FIPS 204 §7.3: RejNTTPoly / ExpandA (public seed ρ), RejBoundedPoly / ExpandS (secret seed ρ′),
// ExpandMask (secret seed ρ″), SampleInBall (the commitment hash c̃, secret until the signature is accepted).
//
// What may leak: FIPS 204 (§3.6.3 and the notes on Algorithms 29–31) lets an implementation reveal which candidates a
// rejection sampler throws away and how many rounds a signature took, because rejected values are never used. So
// RejBoundedPoly computes each candidate's acceptance with masks and publishes only that bit (`CT.declassify`); the
// accepted coefficient is computed from the nibble arithmetically. SampleInBall publishes only its "j > i, draw again"
// decisions; the swap c[i] ← c[j], c[j] ← ±1 is done by a masked pass over positions 0…i, so neither the position j
// nor the sign steers a branch or an address.

import ConstantTime
import SHA3

/// RejNTTPoly (FIPS 204 Algorithm 30) of SHAKE128(ρ ‖ s ‖ r): public input, so plain rejection.
func rejNTTPoly(seed rho: UnsafePointer<UInt8>, column s: Int, row r: Int, into a: UnsafeMutablePointer<Int32>) {
    var x = SHAKE128()
    var input: (UInt64, UInt64, UInt64, UInt64, UInt16) = (0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &input) { b in
        for i in 0..<32 { b[i] = rho[i] }
        b[32] = UInt8(s)
        b[33] = UInt8(r)
        x.update(bufferPointer: UnsafeRawBufferPointer(rebasing: b[0..<34]))
    }
    var reader = x.reader()
    var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &block) { buf in
        var ctr = 0
        while ctr < 256 {
            reader.read(into: buf)  // 168 bytes: one SHAKE128 block, 56 candidates
            var p = 0
            while p + 3 <= 168 && ctr < 256 {
                let t = Int32(buf[p]) | (Int32(buf[p + 1]) << 8) | (Int32(buf[p + 2] & 0x7F) << 16)
                p += 3
                if t < mldsaQ {
                    a[ctr] = t
                    ctr += 1
                }
            }
        }
    }
}

/// RejBoundedPoly (FIPS 204 Algorithm 31) of SHAKE256(ρ′ ‖ IntegerToBytes(index, 2)): coefficients in [−η, η].
/// Only each candidate's acceptance is published (see the file comment).
func rejBoundedPoly(seed rhoPrime: UnsafePointer<UInt8>, index: Int, eta: Int32, into a: UnsafeMutablePointer<Int32>) {
    var x = SHAKE256()
    var input: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt16) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &input) { b in
        for i in 0..<64 { b[i] = rhoPrime[i] }
        b[64] = UInt8(truncatingIfNeeded: index)
        b[65] = UInt8(truncatingIfNeeded: index >> 8)
        x.update(bufferPointer: UnsafeRawBufferPointer(rebasing: b[0..<66]))
        for i in 0..<66 { b[i] = 0 }
    }
    var reader = x.reader()
    var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let limit: UInt32 = eta == 2 ? 15 : 9
    withUnsafeMutableBytes(of: &block) { buf in
        var ctr = 0
        while ctr < 256 {
            reader.read(into: buf)  // 136 bytes: one SHAKE256 block, 272 candidates
            var p = 0
            while p < 272 && ctr < 256 {
                let byte = UInt32(buf[p >> 1])
                let z = (p & 1 == 0) ? byte & 15 : byte >> 4  // p is public
                p += 1
                // accept ⇔ z < limit, as a mask; only the verdict is published.
                let acceptMask = UInt64((z &- limit) >> 31)
                if CT.declassify(acceptMask) {
                    if eta == 2 {
                        // 2 − (z mod 5) for z < 15: z mod 5 = z − 5·⌊z·205 / 1024⌋.
                        let q5 = (z &* 205) >> 10
                        a[ctr] = 2 &- Int32(bitPattern: z &- 5 &* q5)
                    } else {
                        a[ctr] = 4 &- Int32(bitPattern: z)
                    }
                    ctr += 1
                }
            }
        }
        for i in 0..<buf.count { buf[i] = 0 }
    }
}

/// ExpandMask's polynomial r (FIPS 204 Algorithm 34): BitUnpack(SHAKE256(ρ″ ‖ IntegerToBytes(κ + r, 2)), γ1 − 1, γ1).
func expandMaskPoly(
    seed rhoPP: UnsafePointer<UInt8>, nonce: Int, gamma1: Int32, bits: Int, scratch buf: UnsafeMutableRawBufferPointer,
    into a: UnsafeMutablePointer<Int32>
) {
    var x = SHAKE256()
    var input: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt16) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &input) { b in
        for i in 0..<64 { b[i] = rhoPP[i] }
        b[64] = UInt8(truncatingIfNeeded: nonce)
        b[65] = UInt8(truncatingIfNeeded: nonce >> 8)
        x.update(bufferPointer: UnsafeRawBufferPointer(rebasing: b[0..<66]))
        for i in 0..<66 { b[i] = 0 }
    }
    var reader = x.reader()
    // scratch: 32·bits bytes (640 at most); the caller wipes it.
    let n = 32 * bits
    reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buf[0..<n]))
    unpackPoly(buf.baseAddress!.assumingMemoryBound(to: UInt8.self), bits: bits, offset: gamma1, subtract: true, into: a)
}

/// SampleInBall (FIPS 204 Algorithm 29): the challenge polynomial c with τ coefficients ±1, from c̃. Only the
/// "draw again" decisions (j > i) are published; the swap is a masked pass over 0…i.
func sampleInBall(_ cTilde: UnsafeRawBufferPointer, tau: Int, into c: UnsafeMutablePointer<Int32>) {
    var x = SHAKE256()
    x.update(bufferPointer: cTilde)
    var reader = x.reader()
    var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    for i in 0..<256 { c[i] = 0 }
    withUnsafeMutableBytes(of: &block) { buf in
        reader.read(into: buf)
        var signs: UInt64 = 0
        for i in 0..<8 { signs |= UInt64(buf[i]) << UInt64(8 * i) }
        var pos = 8
        var i = 256 - tau
        while i < 256 {
            var j: UInt32 = 0
            while true {
                if pos == 136 {
                    reader.read(into: buf)
                    pos = 0
                }
                j = UInt32(buf[pos])
                pos += 1
                // draw again ⇔ j > i: the only published fact.
                let rejectMask = UInt64((UInt32(i) &- j) >> 31)
                if !CT.declassify(rejectMask) { break }
            }
            // c[i] ← c[j]; c[j] ← (−1)^bit, by a masked scan of positions 0…i.
            let sign = 1 &- 2 &* Int32(truncatingIfNeeded: signs & 1)
            signs >>= 1
            var cj: Int32 = 0
            for t in 0...i {
                let d = UInt32(t) ^ j
                let eq = Int32(bitPattern: ((d | (0 &- d)) >> 31) &- 1)  // all ones when t == j
                cj |= c[t] & eq
                c[t] = (c[t] & ~eq) | (sign & eq)
            }
            // when j == i, c[i] must end up as the sign: the scan wrote it, and cj held the old c[i] (zero).
            let d = UInt32(i) ^ j
            let eqI = Int32(bitPattern: ((d | (0 &- d)) >> 31) &- 1)
            c[i] = (cj & ~eqI) | (sign & eqI)
            i += 1
        }
        for t in 0..<buf.count { buf[t] = 0 }
    }
}
