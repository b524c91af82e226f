// Points of edwards25519, −x² + y² = 1 + d·x²·y², in extended coordinates (X:Y:Z:T), x = X/Z, y = Y/Z,
// x·y = T/Z (Hisil–Wong–Carter–Dawson 2008). The addition formulas are complete on this curve (a = −1 is a
// square, d is not), so they need no special cases and run in constant time.

@usableFromInline
struct EdwardsPoint: Sendable {
    var x: FieldElement, y: FieldElement, z: FieldElement, t: FieldElement

    @inline(__always)
    init(x: FieldElement, y: FieldElement, z: FieldElement, t: FieldElement) {
        self.x = x; self.y = y; self.z = z; self.t = t
    }

    static var identity: EdwardsPoint { EdwardsPoint(x: .zero, y: .one, z: .one, t: .zero) }

    /// The base point B (RFC 8032 §5.1): y = 4/5, x positive.
    static var base: EdwardsPoint {
        let bx = FieldElement(0x62d608f25d51a, 0x412a4b4f6592a, 0x75b7171a4b31d, 0x1ff60527118fe, 0x216936d3cd6e5)
        let by = FieldElement(0x6666666666658, 0x4cccccccccccc, 0x1999999999999, 0x3333333333333, 0x6666666666666)
        return EdwardsPoint(x: bx, y: by, z: .one, t: bx * by)
    }

    /// 2·self (EFD dbl-2008-hwcd with a = −1): 4M + 4S, T3 included.
    @inline(__always)
    func doubled() -> EdwardsPoint {
        let (e, f, g, h) = doubleCore()
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// 2·self without T (3M + 4S), for a doubling that is followed by another doubling (which never reads T).
    @inline(__always)
    func doubledNoT() -> EdwardsPoint {
        let (e, f, g, h) = doubleCore()
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: .zero)
    }

    @inline(__always)
    private func doubleCore() -> (FieldElement, FieldElement, FieldElement, FieldElement) {
        let a = x.squared()
        let b = y.squared()
        let zz = z.squared()
        let c = zz + zz
        let e = (x + y).squared() - a - b       // 2XY
        let g = b - a                           // D + B with D = −A
        let f = g - c
        let h = (FieldElement.zero - a) - b     // D − B
        return (e, f, g, h)
    }

    /// self + q for q in cached form (EFD add-2008-hwcd-3, k = 2d): 8M (9M with a general Z).
    @inline(__always)
    func adding(_ q: CachedPoint) -> EdwardsPoint {
        let a = (y - x) * q.yMinusX
        let b = (y + x) * q.yPlusX
        let c = t * q.t2d
        let zz = z * q.z
        let d = zz + zz
        let e = b - a, f = d - c, g = d + c, h = b + a
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// self − q for q in cached form.
    @inline(__always)
    func subtracting(_ q: CachedPoint) -> EdwardsPoint {
        adding(CachedPoint(yPlusX: q.yMinusX, yMinusX: q.yPlusX, z: q.z, t2d: -q.t2d))
    }

    /// self + q for q affine (Z = 1) in Niels form: 7M. The differences go into the multiplications without a
    /// carry pass (`subtractLoose`): x, y, t, z and a, b, c are products (limbs < 2⁵¹ + 2¹⁹), so y − x, b − a and
    /// d − c (d = 2z < 2⁵²·1.01) stay below 2⁵⁴, and the sums below 2⁵³.
    @inline(__always)
    func adding(_ q: NielsPoint) -> EdwardsPoint {
        let a = FieldElement.subtractLoose(y, x) * q.yMinusX
        let b = (y + x) * q.yPlusX
        let c = t * q.xy2d
        let d = z + z
        let e = FieldElement.subtractLoose(b, a), f = FieldElement.subtractLoose(d, c), g = d + c, h = b + a
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// self + q with q's 2d·x·y negated where `negate` is all ones (mask 0 or all ones), constant time: −2d·x·y
    /// turns c into −c, which exchanges f = d − c and g = d + c, so the two sums are swapped under the mask
    /// instead of negating the field element.
    @inline(__always)
    func adding(_ q: NielsPoint, negatingXY2D negate: UInt64) -> EdwardsPoint {
        let a = FieldElement.subtractLoose(y, x) * q.yMinusX
        let b = (y + x) * q.yPlusX
        let c = t * q.xy2d
        let d = z + z
        var f = FieldElement.subtractLoose(d, c), g = d + c
        FieldElement.conditionalSwap(&f, &g, negate)
        let e = FieldElement.subtractLoose(b, a), h = b + a
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// The identity plus q: with X = 0 and Y = Z = 1 the mixed addition's a and b are q's y − x and y + x, c = 0
    /// and d = 2, so e = 2x, h = 2y, f = g = 2, and the point is (2e : 2h : 4 : e·h) = (4x : 4y : 4 : 4xy), the same
    /// coordinates the mixed addition would return, with one multiplication instead of seven. A negated entry needs
    /// nothing more: negation flips x, i.e. e's sign, which the exchanged y ± x already did, and c = 0 makes the sign
    /// of 2d·x·y irrelevant (so, unlike `adding(_:negatingXY2D:)`, no mask). 2e and 2h are carried, so the
    /// coordinates are reduced, as products are, for the additions that follow.
    @inline(__always)
    init(niels q: NielsPoint) {
        let e = q.yPlusX - q.yMinusX, h = q.yPlusX + q.yMinusX
        self.init(x: (e + e).carried(), y: (h + h).carried(), z: FieldElement(4, 0, 0, 0, 0), t: e * h)
    }

    @inline(__always)
    func subtracting(_ q: NielsPoint) -> EdwardsPoint {
        adding(NielsPoint(yPlusX: q.yMinusX, yMinusX: q.yPlusX, xy2d: -q.xy2d))
    }

    var cached: CachedPoint {
        CachedPoint(yPlusX: y + x, yMinusX: y - x, z: z, t2d: t * FieldElement.d2)
    }

    var negated: EdwardsPoint { EdwardsPoint(x: -x, y: y, z: z, t: -t) }

    /// The 32-byte encoding (RFC 8032 §5.1.2): y little-endian, bit 255 = low bit of x. Constant time.
    func encode(into out: UnsafeMutableRawBufferPointer) {
        let zi = z.inverted()
        let ax = x * zi, ay = y * zi
        ay.write(to: out)
        out[31] |= UInt8(truncatingIfNeeded: ax.parity &<< 7)
    }

    func encoded() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { buf, n in
            encode(into: UnsafeMutableRawBufferPointer(buf))
            n = 32
        }
    }

    /// Decodes a 32-byte encoding (RFC 8032 §5.1.3), for public data. Refuses y ≥ p (non-canonical), points not
    /// on the curve, and x = 0 with the sign bit set.
    init?(decodingVarTime b: UnsafeRawBufferPointer) {
        guard b.count == 32, FieldElement.isCanonicalVarTime(b) else { return nil }
        let sign = UInt64(b[31] &>> 7)
        let y = FieldElement(bytes: b)
        let yy = y.squared()
        let u = yy - .one                        // y² − 1
        let v = yy * .d + .one                   // d·y² + 1
        // x = u·v³·(u·v⁷)^((p−5)/8)
        let v3 = v.squared() * v
        let v7 = v3.squared() * v
        var x = u * v3 * (u * v7).pow22523()
        let vxx = v * x.squared()
        if vxx.equalsVarTime(u) {
            // x is a square root of u/v
        } else if vxx.equalsVarTime(-u) {
            x = x * .sqrtMinusOne
        } else {
            return nil
        }
        x = x.canonical()
        let isZero = x.isZeroMask != 0
        if isZero && sign == 1 { return nil }
        if x.parity != sign { x = -x }
        self.init(x: x, y: y, z: .one, t: x * y)
    }

    /// Whether 8·self is the identity (X = 0 and Y = Z), for public values.
    var hasSmallOrderVarTime: Bool {
        let q = doubledNoT().doubledNoT().doubledNoT()
        return q.x.isZeroMask != 0 && q.y.equalsVarTime(q.z)
    }

    /// Equality of the represented points (X₁Z₂ = X₂Z₁, Y₁Z₂ = Y₂Z₁), for public values.
    func equalsVarTime(_ o: EdwardsPoint) -> Bool {
        (x * o.z).equalsVarTime(o.x * z) && (y * o.z).equalsVarTime(o.y * z)
    }
}

/// An affine point as (y + x, y − x, 2d·x·y): the operand of the 7M mixed addition.
@usableFromInline
struct NielsPoint: Sendable {
    var yPlusX: FieldElement, yMinusX: FieldElement, xy2d: FieldElement

    static var identity: NielsPoint { NielsPoint(yPlusX: .one, yMinusX: .one, xy2d: .zero) }

    @inline(__always)
    mutating func accumulate(_ o: NielsPoint, _ mask: UInt64) {
        yPlusX.accumulate(o.yPlusX, mask)
        yMinusX.accumulate(o.yMinusX, mask)
        xy2d.accumulate(o.xy2d, mask)
    }

    @inline(__always)
    mutating func conditionalAssign(_ o: NielsPoint, _ mask: UInt64) {
        yPlusX.conditionalAssign(o.yPlusX, mask)
        yMinusX.conditionalAssign(o.yMinusX, mask)
        xy2d.conditionalAssign(o.xy2d, mask)
    }
}

/// A projective point as (Y + X, Y − X, Z, 2d·T): the operand of the 8M addition.
@usableFromInline
struct CachedPoint: Sendable {
    var yPlusX: FieldElement, yMinusX: FieldElement, z: FieldElement, t2d: FieldElement
}

/// Converts points to affine Niels form with one inversion (Montgomery's trick).
func normalizeBatch(_ points: [EdwardsPoint]) -> [NielsPoint] {
    let n = points.count
    if n == 0 { return [] }
    var prefix = [FieldElement](repeating: .one, count: n)
    var acc = FieldElement.one
    for i in 0..<n { prefix[i] = acc; acc = acc * points[i].z }
    var inv = acc.inverted()
    var out = [NielsPoint](repeating: .identity, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
        let zi = inv * prefix[i]
        inv = inv * points[i].z
        let ax = points[i].x * zi, ay = points[i].y * zi
        out[i] = NielsPoint(yPlusX: (ay + ax).carried(), yMinusX: ay - ax, xy2d: ax * ay * .d2)
    }
    return out
}
