// The AES round functions, bitsliced over 64-bit words, four blocks at a time (the design of BearSSL's `aes_ct64`,
// written again here).
//
// Layout. Four 16-byte blocks make 64 bytes = 512 bits; they are held in eight 64-bit words q0…q7, word k holding bit
// k of every one of the 64 bytes. A byte of the state is then one bit position across the eight words, and the S-box
// is a Boolean circuit (Boyar and Peralta's, 113 gates: XOR, XNOR, AND) evaluated on all 64 bytes at once. No table is
// read and no branch is taken on data: every operation is a shift, a mask, a logical operation on whole words.
//
// Within a word, bit position 16·r + 4·c + b (roughly: row-major columns, block in the low two bits) holds byte (r, c)
// of block b after `ortho`, so ShiftRows is a fixed permutation of 4-bit groups within 16-bit rows, and MixColumns a
// rotation of the word by 16 and 32 bits (a row step and two).

/// The bitsliced state: eight words, word k holding bit k of every byte of four blocks.
@usableFromInline
struct Slices {
    @usableFromInline var q0: UInt64 = 0, q1: UInt64 = 0, q2: UInt64 = 0, q3: UInt64 = 0
    @usableFromInline var q4: UInt64 = 0, q5: UInt64 = 0, q6: UInt64 = 0, q7: UInt64 = 0
    @inlinable init() {}
}

/// The S-box on all 64 bytes of the state: the circuit of Boyar and Peralta ("A new combinational logic minimization
/// technique with applications to cryptology", 2009, the 113-gate S-box). Inputs x0…x7 are the bits from the highest
/// (x0 = bit 7) down; outputs likewise.
@inline(__always)
func subBytes(_ s: inout Slices) {
    let x0 = s.q7, x1 = s.q6, x2 = s.q5, x3 = s.q4, x4 = s.q3, x5 = s.q2, x6 = s.q1, x7 = s.q0

    // Top linear layer.
    let y14 = x3 ^ x5
    let y13 = x0 ^ x6
    let y9 = x0 ^ x3
    let y8 = x0 ^ x5
    let t0 = x1 ^ x2
    let y1 = t0 ^ x7
    let y4 = y1 ^ x3
    let y12 = y13 ^ y14
    let y2 = y1 ^ x0
    let y5 = y1 ^ x6
    let y3 = y5 ^ y8
    let t1 = x4 ^ y12
    let y15 = t1 ^ x5
    let y20 = t1 ^ x1
    let y6 = y15 ^ x7
    let y10 = y15 ^ t0
    let y11 = y20 ^ y9
    let y7 = x7 ^ y11
    let y17 = y10 ^ y11
    let y19 = y10 ^ y8
    let y16 = t0 ^ y11
    let y21 = y13 ^ y16
    let y18 = x0 ^ y16

    // Non-linear middle: inversion in GF(2^4)² form.
    let t2 = y12 & y15
    let t3 = y3 & y6
    let t4 = t3 ^ t2
    let t5 = y4 & x7
    let t6 = t5 ^ t2
    let t7 = y13 & y16
    let t8 = y5 & y1
    let t9 = t8 ^ t7
    let t10 = y2 & y7
    let t11 = t10 ^ t7
    let t12 = y9 & y11
    let t13 = y14 & y17
    let t14 = t13 ^ t12
    let t15 = y8 & y10
    let t16 = t15 ^ t12
    let t17 = t4 ^ t14
    let t18 = t6 ^ t16
    let t19 = t9 ^ t14
    let t20 = t11 ^ t16
    let t21 = t17 ^ y20
    let t22 = t18 ^ y19
    let t23 = t19 ^ y21
    let t24 = t20 ^ y18

    let t25 = t21 ^ t22
    let t26 = t21 & t23
    let t27 = t24 ^ t26
    let t28 = t25 & t27
    let t29 = t28 ^ t22
    let t30 = t23 ^ t24
    let t31 = t22 ^ t26
    let t32 = t31 & t30
    let t33 = t32 ^ t24
    let t34 = t23 ^ t33
    let t35 = t27 ^ t33
    let t36 = t24 & t35
    let t37 = t36 ^ t34
    let t38 = t27 ^ t36
    let t39 = t29 & t38
    let t40 = t25 ^ t39

    let t41 = t40 ^ t37
    let t42 = t29 ^ t33
    let t43 = t29 ^ t40
    let t44 = t33 ^ t37
    let t45 = t42 ^ t41
    let z0 = t44 & y15
    let z1 = t37 & y6
    let z2 = t33 & x7
    let z3 = t43 & y16
    let z4 = t40 & y1
    let z5 = t29 & y7
    let z6 = t42 & y11
    let z7 = t45 & y17
    let z8 = t41 & y10
    let z9 = t44 & y12
    let z10 = t37 & y3
    let z11 = t33 & y4
    let z12 = t43 & y13
    let z13 = t40 & y5
    let z14 = t29 & y2
    let z15 = t42 & y9
    let z16 = t45 & y14
    let z17 = t41 & y8

    // Bottom linear layer (with the affine constant 0x63 as the three complements).
    let t46 = z15 ^ z16
    let t47 = z10 ^ z11
    let t48 = z5 ^ z13
    let t49 = z9 ^ z10
    let t50 = z2 ^ z12
    let t51 = z2 ^ z5
    let t52 = z7 ^ z8
    let t53 = z0 ^ z3
    let t54 = z6 ^ z7
    let t55 = z16 ^ z17
    let t56 = z12 ^ t48
    let t57 = t50 ^ t53
    let t58 = z4 ^ t46
    let t59 = z3 ^ t54
    let t60 = t46 ^ t57
    let t61 = z14 ^ t57
    let t62 = t52 ^ t58
    let t63 = t49 ^ t58
    let t64 = z4 ^ t59
    let t65 = t61 ^ t62
    let t66 = z1 ^ t63
    let s0 = t59 ^ t63
    let s6 = t56 ^ ~t62
    let s7 = t48 ^ ~t60
    let t67 = t64 ^ t65
    let s3 = t53 ^ t66
    let s4 = t51 ^ t66
    let s5 = t47 ^ t65
    let s1 = t64 ^ ~s3
    let s2 = t55 ^ ~t67

    s.q7 = s0; s.q6 = s1; s.q5 = s2; s.q4 = s3; s.q3 = s4; s.q2 = s5; s.q1 = s6; s.q0 = s7
}

/// x ↦ A⁻¹(x ⊕ 0x63), the inverse of the S-box's affine layer, on every byte: with it,
/// InvSubBytes(y) = A⁻¹(S(A⁻¹(y ⊕ 0x63)) ⊕ 0x63), since S(x) = A(x⁻¹) ⊕ 0x63.
@inline(__always)
func inverseAffine(_ s: inout Slices) {
    let q0 = ~s.q0, q1 = ~s.q1, q2 = s.q2, q3 = s.q3, q4 = s.q4, q5 = ~s.q5, q6 = ~s.q6, q7 = s.q7
    s.q7 = q1 ^ q4 ^ q6
    s.q6 = q0 ^ q3 ^ q5
    s.q5 = q7 ^ q2 ^ q4
    s.q4 = q6 ^ q1 ^ q3
    s.q3 = q5 ^ q0 ^ q2
    s.q2 = q4 ^ q7 ^ q1
    s.q1 = q3 ^ q6 ^ q0
    s.q0 = q2 ^ q5 ^ q7
}

/// The inverse S-box on every byte (through the forward circuit and the inverse affine layer around it).
@inline(__always)
func invSubBytes(_ s: inout Slices) {
    inverseAffine(&s)
    subBytes(&s)
    inverseAffine(&s)
}

/// Exchanges the bits of `x` selected by `low` with those of `y` selected by `low << shift`.
@inline(__always)
func swapBits(_ x: inout UInt64, _ y: inout UInt64, _ low: UInt64, _ shift: UInt64) {
    let a = x, b = y
    x = (a & low) | ((b & low) &<< shift)
    y = ((a &>> shift) & low) | (b & ~low)
}

/// The orthogonalisation: transposes the eight words as 8×8 bit matrices, between "bytes in words" and "bit planes".
/// It is its own inverse.
@inline(__always)
func ortho(_ s: inout Slices) {
    swapBits(&s.q0, &s.q1, 0x5555_5555_5555_5555, 1)
    swapBits(&s.q2, &s.q3, 0x5555_5555_5555_5555, 1)
    swapBits(&s.q4, &s.q5, 0x5555_5555_5555_5555, 1)
    swapBits(&s.q6, &s.q7, 0x5555_5555_5555_5555, 1)
    swapBits(&s.q0, &s.q2, 0x3333_3333_3333_3333, 2)
    swapBits(&s.q1, &s.q3, 0x3333_3333_3333_3333, 2)
    swapBits(&s.q4, &s.q6, 0x3333_3333_3333_3333, 2)
    swapBits(&s.q5, &s.q7, 0x3333_3333_3333_3333, 2)
    swapBits(&s.q0, &s.q4, 0x0F0F_0F0F_0F0F_0F0F, 4)
    swapBits(&s.q1, &s.q5, 0x0F0F_0F0F_0F0F_0F0F, 4)
    swapBits(&s.q2, &s.q6, 0x0F0F_0F0F_0F0F_0F0F, 4)
    swapBits(&s.q3, &s.q7, 0x0F0F_0F0F_0F0F_0F0F, 4)
}

/// Spreads a 32-bit word's four bytes into the even bytes of a 64-bit word (byte i to byte 2i).
@inline(__always)
func spread(_ w: UInt32) -> UInt64 {
    var x = UInt64(w)
    x = (x | (x &<< 16)) & 0x0000_FFFF_0000_FFFF
    x = (x | (x &<< 8)) & 0x00FF_00FF_00FF_00FF
    return x
}

/// The inverse of `spread`: the even bytes of `x` gathered into a 32-bit word.
@inline(__always)
func gather(_ x: UInt64) -> UInt32 {
    var y = x & 0x00FF_00FF_00FF_00FF
    y = (y | (y &>> 8)) & 0x0000_FFFF_0000_FFFF
    return UInt32(truncatingIfNeeded: y | (y &>> 16))
}

/// One block's four little-endian words w0…w3 as the pair of words (w0, w2 interleaved; w1, w3 interleaved) that go
/// to slots b and b + 4 before `ortho`.
@inline(__always)
func interleave(_ w0: UInt32, _ w1: UInt32, _ w2: UInt32, _ w3: UInt32) -> (UInt64, UInt64) {
    (spread(w0) | (spread(w2) &<< 8), spread(w1) | (spread(w3) &<< 8))
}

/// The inverse of `interleave`: a block's words from its pair of slots after `ortho`.
@inline(__always)
func deinterleave(_ a: UInt64, _ b: UInt64) -> (UInt32, UInt32, UInt32, UInt32) {
    (gather(a), gather(b), gather(a &>> 8), gather(b &>> 8))
}

/// XORs the round key at `rk` (eight words) into the state.
@inline(__always)
func addRoundKey(_ s: inout Slices, _ rk: UnsafePointer<UInt64>) {
    s.q0 ^= rk[0]; s.q1 ^= rk[1]; s.q2 ^= rk[2]; s.q3 ^= rk[3]
    s.q4 ^= rk[4]; s.q5 ^= rk[5]; s.q6 ^= rk[6]; s.q7 ^= rk[7]
}

@inline(__always)
func shiftRowsWord(_ x: UInt64) -> UInt64 {
    (x & 0x0000_0000_0000_FFFF)
        | ((x & 0x0000_0000_FFF0_0000) &>> 4)
        | ((x & 0x0000_0000_000F_0000) &<< 12)
        | ((x & 0x0000_FF00_0000_0000) &>> 8)
        | ((x & 0x0000_00FF_0000_0000) &<< 8)
        | ((x & 0xF000_0000_0000_0000) &>> 12)
        | ((x & 0x0FFF_0000_0000_0000) &<< 4)
}

@inline(__always)
func invShiftRowsWord(_ x: UInt64) -> UInt64 {
    (x & 0x0000_0000_0000_FFFF)
        | ((x & 0x0000_0000_0FFF_0000) &<< 4)
        | ((x & 0x0000_0000_F000_0000) &>> 12)
        | ((x & 0x0000_00FF_0000_0000) &<< 8)
        | ((x & 0x0000_FF00_0000_0000) &>> 8)
        | ((x & 0x000F_0000_0000_0000) &<< 12)
        | ((x & 0xFFF0_0000_0000_0000) &>> 4)
}

@inline(__always)
func shiftRows(_ s: inout Slices) {
    s.q0 = shiftRowsWord(s.q0); s.q1 = shiftRowsWord(s.q1); s.q2 = shiftRowsWord(s.q2); s.q3 = shiftRowsWord(s.q3)
    s.q4 = shiftRowsWord(s.q4); s.q5 = shiftRowsWord(s.q5); s.q6 = shiftRowsWord(s.q6); s.q7 = shiftRowsWord(s.q7)
}

@inline(__always)
func invShiftRows(_ s: inout Slices) {
    s.q0 = invShiftRowsWord(s.q0); s.q1 = invShiftRowsWord(s.q1)
    s.q2 = invShiftRowsWord(s.q2); s.q3 = invShiftRowsWord(s.q3)
    s.q4 = invShiftRowsWord(s.q4); s.q5 = invShiftRowsWord(s.q5)
    s.q6 = invShiftRowsWord(s.q6); s.q7 = invShiftRowsWord(s.q7)
}

@inline(__always)
func rotate16(_ x: UInt64) -> UInt64 { (x &>> 16) | (x &<< 48) }

@inline(__always)
func rotate32(_ x: UInt64) -> UInt64 { (x &>> 32) | (x &<< 32) }

/// MixColumns: out = 2·a ⊕ 3·a′ ⊕ a″ ⊕ a‴ = 2·(a ⊕ a′) ⊕ a′ ⊕ (a″ ⊕ a‴), where a′ is the next row (a rotation by 16
/// bits) and a″ ⊕ a‴ the rotation by 32 of a ⊕ a′. Doubling in GF(2⁸) moves bit k to k + 1 and folds bit 7 into bits
/// 0, 1, 3 and 4 (x⁸ = x⁴ + x³ + x + 1).
@inline(__always)
func mixColumns(_ s: inout Slices) {
    let q0 = s.q0, q1 = s.q1, q2 = s.q2, q3 = s.q3, q4 = s.q4, q5 = s.q5, q6 = s.q6, q7 = s.q7
    let r0 = rotate16(q0), r1 = rotate16(q1), r2 = rotate16(q2), r3 = rotate16(q3)
    let r4 = rotate16(q4), r5 = rotate16(q5), r6 = rotate16(q6), r7 = rotate16(q7)
    let d0 = q0 ^ r0, d1 = q1 ^ r1, d2 = q2 ^ r2, d3 = q3 ^ r3
    let d4 = q4 ^ r4, d5 = q5 ^ r5, d6 = q6 ^ r6, d7 = q7 ^ r7
    s.q0 = d7 ^ r0 ^ rotate32(d0)
    s.q1 = d0 ^ d7 ^ r1 ^ rotate32(d1)
    s.q2 = d1 ^ r2 ^ rotate32(d2)
    s.q3 = d2 ^ d7 ^ r3 ^ rotate32(d3)
    s.q4 = d3 ^ d7 ^ r4 ^ rotate32(d4)
    s.q5 = d4 ^ r5 ^ rotate32(d5)
    s.q6 = d5 ^ r6 ^ rotate32(d6)
    s.q7 = d6 ^ r7 ^ rotate32(d7)
}

/// InvMixColumns as MixColumns after the matrix [5 0 4 0; 0 5 0 4; 4 0 5 0; 0 4 0 5] (the inverse MixColumns matrix
/// factors as the forward one times this): a ↦ a ⊕ 4·(a ⊕ a″), a″ being the row two steps on (a rotation by 32).
@inline(__always)
func invMixColumns(_ s: inout Slices) {
    let e0 = s.q0 ^ rotate32(s.q0), e1 = s.q1 ^ rotate32(s.q1), e2 = s.q2 ^ rotate32(s.q2)
    let e3 = s.q3 ^ rotate32(s.q3), e4 = s.q4 ^ rotate32(s.q4), e5 = s.q5 ^ rotate32(s.q5)
    let e6 = s.q6 ^ rotate32(s.q6), e7 = s.q7 ^ rotate32(s.q7)
    // 4·e: doubling twice. After one doubling, bit k ← e(k-1) plus the reduction by e7 in bits 0, 1, 3, 4; the
    // second doubling does the same to that.
    let f0 = e7, f1 = e0 ^ e7, f2 = e1, f3 = e2 ^ e7, f4 = e3 ^ e7, f5 = e4, f6 = e5, f7 = e6
    s.q0 ^= f7
    s.q1 ^= f0 ^ f7
    s.q2 ^= f1
    s.q3 ^= f2 ^ f7
    s.q4 ^= f3 ^ f7
    s.q5 ^= f4
    s.q6 ^= f5
    s.q7 ^= f6
    mixColumns(&s)
}

/// Encrypts the four blocks in `s` (already orthogonalised) with the expanded key at `rk`: `rounds + 1` round keys of
/// eight words each. Every memory address read depends on the round number only.
@inline(__always)
func encryptSlices(_ s: inout Slices, _ rk: UnsafePointer<UInt64>, rounds: Int) {
    addRoundKey(&s, rk)
    var round = 1
    while round < rounds {
        subBytes(&s)
        shiftRows(&s)
        mixColumns(&s)
        addRoundKey(&s, rk + (round &* 8))
        round &+= 1
    }
    subBytes(&s)
    shiftRows(&s)
    addRoundKey(&s, rk + (rounds &* 8))
}

/// Decrypts the four blocks in `s` (already orthogonalised) with the same expanded key as `encryptSlices`.
@inline(__always)
func decryptSlices(_ s: inout Slices, _ rk: UnsafePointer<UInt64>, rounds: Int) {
    addRoundKey(&s, rk + (rounds &* 8))
    var round = rounds &- 1
    while round > 0 {
        invShiftRows(&s)
        invSubBytes(&s)
        addRoundKey(&s, rk + (round &* 8))
        invMixColumns(&s)
        round &-= 1
    }
    invShiftRows(&s)
    invSubBytes(&s)
    addRoundKey(&s, rk)
}
