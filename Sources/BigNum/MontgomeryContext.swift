// Montgomery arithmetic modulo an odd n (P. L. Montgomery, "Modular multiplication without trial
// division", Math. Comp. 44 (1985)); R = 2^(64·k) for a k-limb modulus.
//
// Exponentiation: left-to-right binary for exponents of at most 64 bits (public RSA exponents:
// e = 65537 is 16 squarings and 1 multiplication), left-to-right sliding window otherwise
// (Handbook of Applied Cryptography, Algorithm 14.85). Both are variable time in the exponent
// and are meant for public exponents.

/// Precomputed constants for Montgomery arithmetic modulo one odd modulus n:
/// the modulus limbs, `n0inv = −n⁻¹ mod 2⁶⁴` and `R² mod n` with R = 2^(64·limbCount).
///
/// Build it once per modulus (an RSA public key holds one) and reuse it: every operation then
/// costs only its limb products. Values passed in `BigUInt` form are reduced modulo n first.
public struct MontgomeryContext: Sendable {
    /// The modulus n (odd).
    public let modulus: BigUInt
    /// Number of 64-bit limbs k of the modulus; R = 2^(64·k).
    public let limbCount: Int
    /// Length in bytes of the modulus' minimal big-endian encoding.
    public let byteCount: Int
    /// `−n⁻¹ mod 2⁶⁴`.
    public let n0inv: UInt64
    /// The modulus limbs, least significant first (exactly `limbCount`).
    @usableFromInline let n: [UInt64]
    /// R² mod n as exactly `limbCount` limbs (multiplying by it enters the Montgomery domain).
    @usableFromInline let rr: [UInt64]

    /// Nil unless `modulus` is odd (which excludes zero).
    public init?(modulus: BigUInt) {
        guard let low = modulus.limbs.first, low & 1 == 1 else { return nil }
        self.modulus = modulus
        limbCount = modulus.limbs.count
        byteCount = modulus.byteCount
        n0inv = Limbs.negativeInverse(low)
        n = modulus.limbs
        let r2 = (BigUInt(1) << (128 * modulus.limbs.count)) % modulus
        rr = MontgomeryContext.padded(r2, to: modulus.limbs.count)
    }

    /// R² mod n.
    public var rSquared: BigUInt { BigUInt(limbs: rr) }

    static func padded(_ x: BigUInt, to k: Int) -> [UInt64] {
        var l = x.limbs
        while l.count < k { l.append(0) }
        return l
    }

    /// `x mod n`.
    public func reduce(_ x: BigUInt) -> BigUInt {
        BigUInt.compare(x, modulus) < 0 ? x : x % modulus
    }

    /// Runs `body` with pointers to: the modulus, R² mod n, and the limbs of each given value
    /// (reduced mod n and padded to k limbs), plus an output range of k limbs, whose value is returned.
    private func withOperands(
        _ values: [BigUInt], scratch: Int,
        _ body: (_ n: UnsafePointer<UInt64>, _ rr: UnsafePointer<UInt64>, _ operands: [UnsafeMutablePointer<UInt64>],
                 _ out: UnsafeMutablePointer<UInt64>, _ scratch: UnsafeMutablePointer<UInt64>) -> Void
    ) -> BigUInt {
        let k = limbCount
        let total = k * (values.count + 1) + scratch
        let out = [UInt64](unsafeUninitializedCapacity: k) { outBuf, initialized in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: total) { buf in
                let base = buf.baseAddress!
                base.initialize(repeating: 0, count: total)
                var ptrs: [UnsafeMutablePointer<UInt64>] = []
                for (i, v) in values.enumerated() {
                    let p = base + i * k
                    let r = reduce(v)
                    for (j, l) in r.limbs.enumerated() { p[j] = l }
                    ptrs.append(p)
                }
                let o = base + values.count * k
                n.withUnsafeBufferPointer { pn in
                    rr.withUnsafeBufferPointer { prr in
                        body(pn.baseAddress!, prr.baseAddress!, ptrs, o, o + k)
                    }
                }
                outBuf.baseAddress!.initialize(from: o, count: k)
            }
            initialized = k
        }
        return BigUInt(limbs: out)
    }

    /// `x · R mod n` (into the Montgomery domain).
    public func toMontgomery(_ x: BigUInt) -> BigUInt {
        withOperands([x], scratch: limbCount + 1) { n, rr, v, out, t in
            Limbs.montgomeryMultiply(out, v[0], rr, modulus: n, n0inv: n0inv, count: limbCount, scratch: t)
        }
    }

    /// `x · R⁻¹ mod n` (out of the Montgomery domain).
    public func fromMontgomery(_ x: BigUInt) -> BigUInt {
        withOperands([x, BigUInt(1)], scratch: limbCount + 1) { n, _, v, out, t in
            Limbs.montgomeryMultiply(out, v[0], v[1], modulus: n, n0inv: n0inv, count: limbCount, scratch: t)
        }
    }

    /// Montgomery product `a · b · R⁻¹ mod n`.
    public func multiply(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        withOperands([a, b], scratch: limbCount + 1) { n, _, v, out, t in
            Limbs.montgomeryMultiply(out, v[0], v[1], modulus: n, n0inv: n0inv, count: limbCount, scratch: t)
        }
    }

    /// Montgomery square `a² · R⁻¹ mod n` (the dedicated squaring kernel).
    public func square(_ a: BigUInt) -> BigUInt {
        withOperands([a], scratch: 2 * limbCount + 1) { n, _, v, out, t in
            Limbs.montgomerySquare(out, v[0], modulus: n, n0inv: n0inv, count: limbCount, scratch: t)
        }
    }

    /// `base^exponent mod n`: ``powerVarTime(_:smallExponent:)`` for exponents below 2⁶⁴, otherwise
    /// ``powerVarTime(_:slidingWindowExponent:)``. Variable time in the exponent: public exponents only.
    public func powerVarTime(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        if exponent.limbs.count <= 1 {
            return powerVarTime(base, smallExponent: exponent.limbs.first ?? 0)
        }
        return powerVarTime(base, slidingWindowExponent: exponent)
    }

    /// `base^exponent mod n` by left-to-right square-and-multiply (the public-exponent fast path).
    /// Variable time in the exponent.
    public func powerVarTime(_ base: BigUInt, smallExponent exponent: UInt64) -> BigUInt {
        withOperands([base], scratch: 4 * limbCount + 1) { n, rr, v, out, s in
            powerSmallCore(out, v[0], exponent, n, rr, s)
        }
    }

    /// `base^exponent mod n` by the left-to-right sliding-window method (HAC 14.85), with the
    /// window width chosen from the exponent's length. Variable time in the exponent.
    public func powerVarTime(_ base: BigUInt, slidingWindowExponent exponent: BigUInt) -> BigUInt {
        let bits = exponent.bitWidth
        let w = bits > 671 ? 6 : bits > 239 ? 5 : bits > 79 ? 4 : bits > 23 ? 3 : bits > 7 ? 2 : 1
        let k = limbCount
        let tableSize = 1 << (w - 1)
        return withOperands([base], scratch: (tableSize + 2) * k + 2 * k + 1) { n, rr, v, out, s in
            let table = s
            let square = s + tableSize * k
            let t = square + k
            let n0inv = self.n0inv
            if bits == 0 {
                setOne(out, n)
                return
            }
            // table[i] = (base·R)^(2i+1)
            Limbs.montgomeryMultiply(table, v[0], rr, modulus: n, n0inv: n0inv, count: k, scratch: t)
            if tableSize > 1 {
                Limbs.montgomerySquare(square, table, modulus: n, n0inv: n0inv, count: k, scratch: t)
                for i in 1..<tableSize {
                    Limbs.montgomeryMultiply(table + i * k, table + (i - 1) * k, square,
                                             modulus: n, n0inv: n0inv, count: k, scratch: t)
                }
            }
            var started = false
            var i = bits - 1
            while i >= 0 {
                if !exponent.bit(i) {
                    if started { Limbs.montgomerySquare(out, out, modulus: n, n0inv: n0inv, count: k, scratch: t) }
                    i -= 1
                    continue
                }
                // The longest window exponent[i ... l] of width ≤ w that ends in a one bit.
                var l = max(i - w + 1, 0)
                while !exponent.bit(l) { l += 1 }
                var value = 0
                for b in stride(from: i, through: l, by: -1) { value = value << 1 | (exponent.bit(b) ? 1 : 0) }
                let entry = table + ((value - 1) / 2) * k
                if started {
                    for _ in 0...(i - l) {
                        Limbs.montgomerySquare(out, out, modulus: n, n0inv: n0inv, count: k, scratch: t)
                    }
                    Limbs.montgomeryMultiply(out, out, entry, modulus: n, n0inv: n0inv, count: k, scratch: t)
                } else {
                    out.update(from: entry, count: k)
                    started = true
                }
                i = l - 1
            }
            // Leave the Montgomery domain: multiply by plain 1.
            setOne(square, n)
            Limbs.montgomeryMultiply(out, out, square, modulus: n, n0inv: n0inv, count: k, scratch: t)
        }
    }

    /// out = 1 mod n (that is 0 when n = 1), as k limbs.
    private func setOne(_ out: UnsafeMutablePointer<UInt64>, _ n: UnsafePointer<UInt64>) {
        out.initialize(repeating: 0, count: limbCount)
        out[0] = (limbCount == 1 && n[0] == 1) ? 0 : 1
    }

    /// Runs `body` with pointers to the modulus limbs and R² mod n (k limbs each).
    package func withConstants<R>(_ body: (_ n: UnsafePointer<UInt64>, _ rr: UnsafePointer<UInt64>) -> R) -> R {
        n.withUnsafeBufferPointer { pn in rr.withUnsafeBufferPointer { prr in body(pn.baseAddress!, prr.baseAddress!) } }
    }

    /// out = base^e mod n for a plain `base < n`, with 4k + 1 limbs of scratch `s`.
    /// `out` must not alias `base` or `s`. Variable time in `e` only (public exponents); the
    /// products are constant time in `base`.
    @inline(__always)
    package func powerSmallCore(
        _ out: UnsafeMutablePointer<UInt64>, _ base: UnsafePointer<UInt64>, _ e: UInt64,
        _ n: UnsafePointer<UInt64>, _ rr: UnsafePointer<UInt64>, _ s: UnsafeMutablePointer<UInt64>
    ) {
        let k = limbCount
        let n0inv = self.n0inv
        if e == 0 {
            setOne(out, n)
            return
        }
        let baseM = s          // base·R mod n
        let t = s + k          // 2k + 1 limbs of kernel scratch
        Limbs.montgomeryMultiply(baseM, base, rr, modulus: n, n0inv: n0inv, count: k, scratch: t)
        out.update(from: baseM, count: k)
        var plain = false  // whether `out` has left the Montgomery domain
        var i = 62 - e.leadingZeroBitCount  // the bit below the top one
        while i >= 0 {
            Limbs.montgomerySquare(out, out, modulus: n, n0inv: n0inv, count: k, scratch: t)
            if (e >> UInt64(i)) & 1 == 1 {
                if i == 0 {
                    // Last step: multiplying by the plain base both applies the bit and removes
                    // the factor R ((x·R)·b·R⁻¹ = x·b), saving the conversion out of the domain.
                    Limbs.montgomeryMultiply(out, out, base, modulus: n, n0inv: n0inv, count: k, scratch: t)
                    plain = true
                } else {
                    Limbs.montgomeryMultiply(out, out, baseM, modulus: n, n0inv: n0inv, count: k, scratch: t)
                }
            }
            i -= 1
        }
        if !plain {
            setOne(baseM, n)
            Limbs.montgomeryMultiply(out, out, baseM, modulus: n, n0inv: n0inv, count: k, scratch: t)
        }
    }

    /// The RSA public-key primitive on bytes: `base^exponent mod n`, where `base` is a big-endian
    /// byte string (any length, leading zeros allowed) and the result is exactly ``byteCount``
    /// bytes, left-padded. Nil if `base ≥ n` (RFC 8017 §5.2.2 step 1: "signature representative
    /// out of range"). Variable time in the exponent.
    public func powerVarTime(bigEndianBase base: [UInt8], exponent: UInt64) -> [UInt8]? {
        powerVarTime(bigEndianBase: base, exponent: exponent) { Array($0) }
    }

    /// ``powerVarTime(bigEndianBase:exponent:)`` handing the ``byteCount`` result bytes to `body`
    /// instead of returning an array: no heap allocation for the limbs, the scratch or the result
    /// (one temporary buffer, on the stack when small). Nil, without calling `body`, if `base ≥ n`.
    package func powerVarTime<R>(
        bigEndianBase base: [UInt8], exponent: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R? {
        let k = limbCount
        let outBytes = byteCount
        // The value must fit in k limbs: any byte beyond 8k must be zero.
        let significant = base.count
        // x, out, scratch (base·R and the generic kernels' 2k + 1 limbs), then the result bytes.
        let limbTotal = 5 &* k &+ 1
        return base.withUnsafeBufferPointer { src -> R? in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: limbTotal &+ (outBytes &+ 7) / 8) { buf -> R? in
                let x = buf.baseAddress!
                let out = x + k
                let scratch = out + k
                // Big-endian bytes → little-endian limbs.
                x.initialize(repeating: 0, count: k)
                var idx = significant - 1
                var limb = 0
                var shift: UInt64 = 0
                while idx >= 0 {
                    let b = src[idx]
                    if limb < k {
                        x[limb] |= UInt64(b) &<< shift
                    } else if b != 0 {
                        return nil
                    }
                    shift &+= 8
                    if shift == 64 { shift = 0; limb &+= 1 }
                    idx &-= 1
                }
                return n.withUnsafeBufferPointer { pn -> R? in
                    let np = pn.baseAddress!
                    // base < n? Compare from the top limb.
                    var j = k - 1
                    while j >= 0 && x[j] == np[j] { j -= 1 }
                    if j < 0 || x[j] > np[j] { return nil }
                    rr.withUnsafeBufferPointer { prr in
                        powerSmallCore(out, x, exponent, np, prr.baseAddress!, scratch)
                    }
                    let bytes = UnsafeMutableRawPointer(x + limbTotal).bindMemory(to: UInt8.self, capacity: outBytes)
                    var i = 0
                    while i < outBytes {
                        bytes[outBytes &- 1 &- i] = UInt8(truncatingIfNeeded: out[i &>> 3] &>> UInt64((i & 7) &<< 3))
                        i &+= 1
                    }
                    return body(UnsafeBufferPointer(start: bytes, count: outBytes))
                }
            }
        }
    }
}
