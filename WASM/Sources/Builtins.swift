// Compiler-rt builtins that LLVM calls for 128-bit integer arithmetic on wasm32, where no compiler-rt library
// ships with the toolchain: multiplication, shifts, and unsigned/signed division and remainder. Written on pairs of
// `UInt64` halves with 64-bit operations only, so none of them can call back into itself. (The crypto modules use
// `UInt128` for limb products and carries; verification runs on public data, so these need not be constant time,
// but `__multi3` is anyway: it is straight-line code.)
//
// The WebAssembly C ABI passes an `__int128` argument as two `i64` (low half first) and returns one through a
// pointer to the result, given as the first argument.

@inline(__always)
private func store(_ r: UnsafeMutableRawPointer, _ lo: UInt64, _ hi: UInt64) {
    r.storeBytes(of: lo, as: UInt64.self)
    r.storeBytes(of: hi, toByteOffset: 8, as: UInt64.self)
}

/// The full 128-bit product of two 64-bit values, from four 32×32-bit products.
@inline(__always)
private func wideMultiply(_ a: UInt64, _ b: UInt64) -> (lo: UInt64, hi: UInt64) {
    let a0 = a & 0xFFFF_FFFF, a1 = a >> 32, b0 = b & 0xFFFF_FFFF, b1 = b >> 32
    let p00 = a0 &* b0, p01 = a0 &* b1, p10 = a1 &* b0, p11 = a1 &* b1
    let middle = (p00 >> 32) &+ (p01 & 0xFFFF_FFFF) &+ (p10 & 0xFFFF_FFFF)
    let lo = (p00 & 0xFFFF_FFFF) | (middle << 32)
    let hi = p11 &+ (p01 >> 32) &+ (p10 >> 32) &+ (middle >> 32)
    return (lo, hi)
}

@_cdecl("__multi3")
public func __multi3(_ r: UnsafeMutableRawPointer, _ aLo: UInt64, _ aHi: UInt64, _ bLo: UInt64, _ bHi: UInt64) {
    let (lo, hi) = wideMultiply(aLo, bLo)
    store(r, lo, hi &+ aLo &* bHi &+ aHi &* bLo)
}

@inline(__always)
private func shiftLeft(_ lo: UInt64, _ hi: UInt64, _ s: Int32) -> (UInt64, UInt64) {
    let n = UInt64(truncatingIfNeeded: s) & 127
    if n == 0 { return (lo, hi) }
    if n >= 64 { return (0, lo << (n - 64)) }
    return (lo << n, (hi << n) | (lo >> (64 - n)))
}

@inline(__always)
private func shiftRight(_ lo: UInt64, _ hi: UInt64, _ s: Int32, arithmetic: Bool) -> (UInt64, UInt64) {
    let n = UInt64(truncatingIfNeeded: s) & 127
    let fill: UInt64 = arithmetic && Int64(bitPattern: hi) < 0 ? ~0 : 0
    if n == 0 { return (lo, hi) }
    if n >= 64 {
        let h = arithmetic ? UInt64(bitPattern: Int64(bitPattern: hi) >> Int64(n - 64)) : hi >> (n - 64)
        return (h, fill)
    }
    let h = arithmetic ? UInt64(bitPattern: Int64(bitPattern: hi) >> Int64(n)) : hi >> n
    return ((lo >> n) | (hi << (64 - n)), h)
}

@_cdecl("__ashlti3")
public func __ashlti3(_ r: UnsafeMutableRawPointer, _ lo: UInt64, _ hi: UInt64, _ s: Int32) {
    let (l, h) = shiftLeft(lo, hi, s); store(r, l, h)
}

@_cdecl("__lshrti3")
public func __lshrti3(_ r: UnsafeMutableRawPointer, _ lo: UInt64, _ hi: UInt64, _ s: Int32) {
    let (l, h) = shiftRight(lo, hi, s, arithmetic: false); store(r, l, h)
}

@_cdecl("__ashrti3")
public func __ashrti3(_ r: UnsafeMutableRawPointer, _ lo: UInt64, _ hi: UInt64, _ s: Int32) {
    let (l, h) = shiftRight(lo, hi, s, arithmetic: true); store(r, l, h)
}

/// Unsigned 128-bit division by shift and subtract (one bit per step, at most 128 steps); division by zero gives
/// zero (LLVM only emits these calls where Swift has already trapped on a zero divisor).
private func divideUnsigned(_ nLo: UInt64, _ nHi: UInt64, _ dLo: UInt64, _ dHi: UInt64)
    -> (qLo: UInt64, qHi: UInt64, rLo: UInt64, rHi: UInt64) {
    if dLo == 0 && dHi == 0 { return (0, 0, 0, 0) }
    if nHi == 0 && dHi == 0 { return (nLo / dLo, 0, nLo % dLo, 0) }
    var qLo: UInt64 = 0, qHi: UInt64 = 0, rLo: UInt64 = 0, rHi: UInt64 = 0
    var i = 127
    while i >= 0 {
        // r = r << 1 | bit i of n
        rHi = (rHi << 1) | (rLo >> 63)
        let bit = i >= 64 ? (nHi >> UInt64(i - 64)) & 1 : (nLo >> UInt64(i)) & 1
        rLo = (rLo << 1) | bit
        if rHi > dHi || (rHi == dHi && rLo >= dLo) {
            let (l, borrow) = rLo.subtractingReportingOverflow(dLo)
            rHi = rHi &- dHi &- (borrow ? 1 : 0)
            rLo = l
            if i >= 64 { qHi |= 1 << UInt64(i - 64) } else { qLo |= 1 << UInt64(i) }
        }
        i -= 1
    }
    return (qLo, qHi, rLo, rHi)
}

@inline(__always)
private func negate(_ lo: UInt64, _ hi: UInt64) -> (UInt64, UInt64) {
    let l = ~lo &+ 1
    return (l, ~hi &+ (l == 0 ? 1 : 0))
}

@_cdecl("__udivti3")
public func __udivti3(_ r: UnsafeMutableRawPointer, _ aLo: UInt64, _ aHi: UInt64, _ bLo: UInt64, _ bHi: UInt64) {
    let q = divideUnsigned(aLo, aHi, bLo, bHi); store(r, q.qLo, q.qHi)
}

@_cdecl("__umodti3")
public func __umodti3(_ r: UnsafeMutableRawPointer, _ aLo: UInt64, _ aHi: UInt64, _ bLo: UInt64, _ bHi: UInt64) {
    let q = divideUnsigned(aLo, aHi, bLo, bHi); store(r, q.rLo, q.rHi)
}

@_cdecl("__divti3")
public func __divti3(_ r: UnsafeMutableRawPointer, _ aLo: UInt64, _ aHi: UInt64, _ bLo: UInt64, _ bHi: UInt64) {
    let aNeg = Int64(bitPattern: aHi) < 0, bNeg = Int64(bitPattern: bHi) < 0
    let (al, ah) = aNeg ? negate(aLo, aHi) : (aLo, aHi)
    let (bl, bh) = bNeg ? negate(bLo, bHi) : (bLo, bHi)
    let q = divideUnsigned(al, ah, bl, bh)
    let (l, h) = aNeg != bNeg ? negate(q.qLo, q.qHi) : (q.qLo, q.qHi)
    store(r, l, h)
}

@_cdecl("__modti3")
public func __modti3(_ r: UnsafeMutableRawPointer, _ aLo: UInt64, _ aHi: UInt64, _ bLo: UInt64, _ bHi: UInt64) {
    let aNeg = Int64(bitPattern: aHi) < 0, bNeg = Int64(bitPattern: bHi) < 0
    let (al, ah) = aNeg ? negate(aLo, aHi) : (aLo, aHi)
    let (bl, bh) = bNeg ? negate(bLo, bHi) : (bLo, bHi)
    let q = divideUnsigned(al, ah, bl, bh)
    let (l, h) = aNeg ? negate(q.rLo, q.rHi) : (q.rLo, q.rHi)
    store(r, l, h)
}
