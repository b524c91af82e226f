// Arithmetic modulo q = 8380417 for ML-DSA (FIPS 204 §7.5–7.6 and Appendix A): Montgomery and Barrett-style
// reductions, the number-theoretic transform and its inverse, written without branches or data-dependent indexing so
// that they run in constant time on secret polynomials (s1, s2, t0, y, c·s1, …).
//
// A polynomial is 256 Int32 coefficients at an UnsafeMutablePointer<Int32>; vectors of polynomials are consecutive
// runs of 256 in one flat buffer allocated once per operation.

@usableFromInline let mldsaQ: Int32 = 8_380_417
let mldsaN = 256
let mldsaD: Int32 = 13
/// q⁻¹ mod 2³².
let mldsaQInv: Int32 = 58_728_449

/// a·2⁻³² mod q, for |a| < q·2³¹: the result is in (−q, q).
@inline(__always)
func montgomeryReduce(_ a: Int64) -> Int32 {
    let t = Int32(truncatingIfNeeded: a) &* mldsaQInv
    return Int32(truncatingIfNeeded: (a &- Int64(t) &* Int64(mldsaQ)) >> 32)
}

/// a mod q in [−6283008, 6283008] for a ≤ 2³¹ − 2²² − 1.
@inline(__always)
func reduce32(_ a: Int32) -> Int32 {
    let t = (a &+ (1 << 22)) >> 23
    return a &- t &* mldsaQ
}

/// Adds q when a is negative (by mask).
@inline(__always)
func caddq(_ a: Int32) -> Int32 { a &+ ((a >> 31) & mldsaQ) }

/// The powers ζ^brv(i) of the 512th root of unity ζ = 1753, in Montgomery form (·2³² mod q), centred.
let mldsaZetas: [Int32] = [
    -4186625, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
    1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103,
    2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549,
    -2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005,
    2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439,
    -3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299,
    -1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596,
    811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779,
    -3930395, -1528703, -3677745, -3041255, -1452451, 3475950, 2176455, -1585221,
    -1257611, 1939314, -4083598, -1000202, -3190144, -3157330, -3632928, 126922,
    3412210, -983419, 2147896, 2715295, -2967645, -3693493, -411027, -2477047,
    -671102, -1228525, -22981, -1308169, -381987, 1349076, 1852771, -1430430,
    -3343383, 264944, 508951, 3097992, 44288, -1100098, 904516, 3958618,
    -3724342, -8578, 1653064, -3249728, 2389356, -210977, 759969, -1316856,
    189548, -3553272, 3159746, -1851402, -2409325, -177440, 1315589, 1341330,
    1285669, -1584928, -812732, -1439742, -3019102, -3881060, -3628969, 3839961,
    2091667, 3407706, 2316500, 3817976, -3342478, 2244091, -2446433, -3562462,
    266997, 2434439, -1235728, 3513181, -3520352, -3759364, -1197226, -3193378,
    900702, 1859098, 909542, 819034, 495491, -1613174, -43260, -522500,
    -655327, -3122442, 2031748, 3207046, -3556995, -525098, -768622, -3595838,
    342297, 286988, -2437823, 4108315, 3437287, -3342277, 1735879, 203044,
    2842341, 2691481, -2590150, 1265009, 4055324, 1247620, 2486353, 1595974,
    -3767016, 1250494, 2635921, -3548272, -2994039, 1869119, 1903435, -1050970,
    -1333058, 1237275, -3318210, -1430225, -451100, 1312455, 3306115, -1962642,
    -1279661, 1917081, -2546312, -1374803, 1500165, 777191, 2235880, 3406031,
    -542412, -2831860, -1671176, -1846953, -2584293, -3724270, 594136, -3776993,
    -2013608, 2432395, 2454455, -164721, 1957272, 3369112, 185531, -1207385,
    -3183426, 162844, 1616392, 3014001, 810149, 1652634, -3694233, -1799107,
    -3038916, 3523897, 3866901, 269760, 2213111, -975884, 1717735, 472078,
    -426683, 1723600, -1803090, 1910376, -1667432, -1104333, -260646, -3833893,
    -2939036, -2235985, -420899, -2286327, 183443, -976891, 1612842, -3545687,
    -554416, 3919660, -48306, -1362209, 3937738, 1400424, -846154, 1976782,
]

/// In-place forward NTT (FIPS 204 Algorithm 41), output in bit-reversed order, coefficients grow by at most 8q.
@inline(__always)
func ntt(_ a: UnsafeMutablePointer<Int32>) {
    mldsaZetas.withUnsafeBufferPointer { zetas in
        var k = 0
        var len = 128
        while len > 0 {
            var start = 0
            while start < 256 {
                k &+= 1
                let zeta = Int64(zetas[k])
                var j = start
                while j < start &+ len {
                    let t = montgomeryReduce(zeta &* Int64(a[j &+ len]))
                    a[j &+ len] = a[j] &- t
                    a[j] = a[j] &+ t
                    j &+= 1
                }
                start = j &+ len
            }
            len >>= 1
        }
    }
}

/// In-place inverse NTT (FIPS 204 Algorithm 42) followed by multiplication by 2³² (Montgomery factor): inputs below
/// q in absolute value give outputs below q in absolute value.
@inline(__always)
func inverseNTTToMont(_ a: UnsafeMutablePointer<Int32>) {
    let f: Int64 = 41978  // 2⁶⁴/256 mod q
    mldsaZetas.withUnsafeBufferPointer { zetas in
        var k = 256
        var len = 1
        while len < 256 {
            var start = 0
            while start < 256 {
                k &-= 1
                let zeta = -Int64(zetas[k])
                var j = start
                while j < start &+ len {
                    let t = a[j]
                    a[j] = t &+ a[j &+ len]
                    a[j &+ len] = montgomeryReduce(zeta &* Int64(t &- a[j &+ len]))
                    j &+= 1
                }
                start = j &+ len
            }
            len <<= 1
        }
    }
    for j in 0..<256 { a[j] = montgomeryReduce(f &* Int64(a[j])) }
}

@inline(__always)
func polyReduce(_ a: UnsafeMutablePointer<Int32>) { for i in 0..<256 { a[i] = reduce32(a[i]) } }

@inline(__always)
func polyCaddq(_ a: UnsafeMutablePointer<Int32>) { for i in 0..<256 { a[i] = caddq(a[i]) } }

@inline(__always)
func polyAdd(_ r: UnsafeMutablePointer<Int32>, _ a: UnsafeMutablePointer<Int32>) { for i in 0..<256 { r[i] &+= a[i] } }

@inline(__always)
func polySub(_ r: UnsafeMutablePointer<Int32>, _ a: UnsafeMutablePointer<Int32>) { for i in 0..<256 { r[i] &-= a[i] } }

/// r = a ∘ b·2⁻³² (pointwise in the NTT domain).
@inline(__always)
func polyPointwise(_ r: UnsafeMutablePointer<Int32>, _ a: UnsafeMutablePointer<Int32>, _ b: UnsafeMutablePointer<Int32>) {
    for i in 0..<256 { r[i] = montgomeryReduce(Int64(a[i]) &* Int64(b[i])) }
}

/// r += a ∘ b·2⁻³².
@inline(__always)
func polyPointwiseAccumulate(_ r: UnsafeMutablePointer<Int32>, _ a: UnsafeMutablePointer<Int32>, _ b: UnsafeMutablePointer<Int32>) {
    for i in 0..<256 { r[i] &+= montgomeryReduce(Int64(a[i]) &* Int64(b[i])) }
}

/// All-ones when some coefficient of the n·256 coefficients has |a| ≥ bound (a reduced by reduce32), zero otherwise;
/// no branch on the coefficients (the caller publishes only the verdict, a rejection decision).
@inline(__always)
func normExceedsMask(_ a: UnsafeMutablePointer<Int32>, count: Int, bound: Int32) -> UInt32 {
    var acc: Int32 = 0
    for i in 0..<count {
        let x = a[i]
        let abs = x &- ((x >> 31) & (x &* 2))
        acc |= (bound &- 1 &- abs)  // negative exactly when abs ≥ bound
    }
    return UInt32(bitPattern: acc >> 31)
}

/// (a1, a0) with a = a1·2^d + a0, a0 in (−2^(d−1), 2^(d−1)] (FIPS 204 Algorithm 35), for a in [0, q).
@inline(__always)
func power2Round(_ a: Int32) -> (Int32, Int32) {
    let a1 = (a &+ (1 << (mldsaD &- 1)) &- 1) >> mldsaD
    return (a1, a &- (a1 << mldsaD))
}

/// (HighBits, LowBits) of a in [0, q) (FIPS 204 Algorithm 36), branch-free.
@inline(__always)
func decompose(_ a: Int32, gamma2: Int32) -> (Int32, Int32) {
    var a1 = (a &+ 127) >> 7
    if gamma2 == (mldsaQ &- 1) / 32 {  // public parameter
        a1 = (a1 &* 1025 &+ (1 << 21)) >> 22
        a1 &= 15
    } else {
        a1 = (a1 &* 11275 &+ (1 << 23)) >> 24
        a1 ^= ((43 &- a1) >> 31) & a1
    }
    var a0 = a &- a1 &* 2 &* gamma2
    a0 &-= (((mldsaQ &- 1) / 2 &- a0) >> 31) & mldsaQ
    return (a1, a0)
}

/// 1 when the hint bit is set: a0 > γ2, a0 < −γ2, or a0 = −γ2 with a1 ≠ 0 (the reference formulation of FIPS 204
/// Algorithm 39 on the decomposed value), computed with masks.
@inline(__always)
func makeHint(_ a0: Int32, _ a1: Int32, gamma2: Int32) -> Int32 {
    let gt = (gamma2 &- a0) >> 31              // a0 > γ2
    let lt = (a0 &+ gamma2) >> 31              // a0 < −γ2
    let d = a0 &+ gamma2                        // zero when a0 = −γ2
    let isEq = ((d | (0 &- d)) >> 31) ^ -1      // all ones when d == 0
    let a1nz = (a1 | (0 &- a1)) >> 31           // all ones when a1 ≠ 0
    return (gt | lt | (isEq & a1nz)) & 1
}

/// UseHint (FIPS 204 Algorithm 40): verification only, on public values.
@inline(__always)
func useHint(_ a: Int32, _ hint: Int32, gamma2: Int32) -> Int32 {
    let (a1, a0) = decompose(a, gamma2: gamma2)
    if hint == 0 { return a1 }
    if gamma2 == (mldsaQ &- 1) / 32 {
        return a0 > 0 ? (a1 &+ 1) & 15 : (a1 &- 1) & 15
    } else {
        if a0 > 0 { return a1 == 43 ? 0 : a1 &+ 1 }
        return a1 == 0 ? 43 : a1 &- 1
    }
}
