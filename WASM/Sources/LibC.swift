// The few C library functions the Embedded Swift standard library calls on wasm32, where there is no libc:
// `memcmp`, `round`, `arc4random_buf` (the seed of `Hasher`, from the host's `crypto.getRandomValues`) and the
// decimal-to-Double conversion behind `Double(String)`.

@_extern(wasm, module: "env", name: "random_bytes")
@_extern(c)
func hostRandomBytes(_ p: UnsafeMutableRawPointer?, _ count: Int)

@_cdecl("arc4random_buf")
public func arc4random_buf(_ p: UnsafeMutableRawPointer?, _ count: Int) {
    hostRandomBytes(p, count)
}

@_cdecl("memcmp")
public func memcmp(_ a: UnsafeRawPointer?, _ b: UnsafeRawPointer?, _ count: Int) -> Int32 {
    guard count > 0, let a, let b else { return 0 }
    var i = 0
    while i < count {
        let x = a.load(fromByteOffset: i, as: UInt8.self), y = b.load(fromByteOffset: i, as: UInt8.self)
        if x != y { return Int32(x) - Int32(y) }
        i += 1
    }
    return 0
}

/// Rounds half away from zero, from truncation (WebAssembly's `f64.trunc`) so it never calls itself.
@_cdecl("round")
public func round(_ x: Double) -> Double {
    guard x.isFinite, x.magnitude < 4_503_599_627_370_496 else { return x }   // 2^52: already an integer
    let t = x.rounded(.towardZero)
    let f = x - t
    if f >= 0.5 { return t + 1 }
    if f <= -0.5 { return t - 1 }
    return t
}

/// Decimal text to Double for `Double(String)`: `[-+]digits[.digits][(e|E)[-+]digits]` only (JSON numbers; no
/// hexadecimal, infinity or NaN spellings). Returns a pointer just past the number, or nil.
///
/// Exact (correctly rounded) when the first 19 significant digits hold the whole value and the result is a
/// product or quotient of an integer below 2^53 and a power of ten up to 10^22 (Clinger's fast path) — every
/// NumericDate written with a few decimals. Otherwise the decimal exponent is applied by repeated multiplication
/// by 10, whose result may differ from correct rounding in the last bit.
@_cdecl("_swift_stdlib_strtod_clocale")
public func _swift_stdlib_strtod_clocale(_ text: UnsafePointer<UInt8>?, _ out: UnsafeMutablePointer<Double>?) -> UnsafePointer<UInt8>? {
    guard let text, let out else { return nil }
    var p = text
    var negative = false
    if p.pointee == UInt8(ascii: "-") || p.pointee == UInt8(ascii: "+") { negative = p.pointee == UInt8(ascii: "-"); p += 1 }
    var mantissa: UInt64 = 0, digits = 0, exponent = 0, sawDigit = false
    func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    while isDigit(p.pointee) {
        sawDigit = true
        if digits < 19 { mantissa = mantissa * 10 + UInt64(p.pointee - 48); if mantissa != 0 { digits += 1 } } else { exponent += 1 }
        p += 1
    }
    if p.pointee == UInt8(ascii: ".") {
        p += 1
        while isDigit(p.pointee) {
            sawDigit = true
            if digits < 19 { mantissa = mantissa * 10 + UInt64(p.pointee - 48); exponent -= 1; if mantissa != 0 { digits += 1 } }
            p += 1
        }
    }
    guard sawDigit else { return nil }
    if p.pointee == UInt8(ascii: "e") || p.pointee == UInt8(ascii: "E") {
        var q = p + 1
        var expNegative = false
        if q.pointee == UInt8(ascii: "-") || q.pointee == UInt8(ascii: "+") { expNegative = q.pointee == UInt8(ascii: "-"); q += 1 }
        guard isDigit(q.pointee) else { return nil }
        var e = 0
        while isDigit(q.pointee) { if e < 100_000 { e = e * 10 + Int(q.pointee - 48) }; q += 1 }
        exponent += expNegative ? -e : e
        p = q
    }
    var value = Double(mantissa)
    if mantissa == 0 {
        value = 0
    } else if mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
        let powers: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]
        value = exponent >= 0 ? value * powers[exponent] : value / powers[-exponent]
    } else {
        var e = exponent
        while e > 0 && value.isFinite { value *= 10; e -= 1 }
        while e < 0 && value != 0 { value /= 10; e += 1 }
    }
    out.pointee = negative ? -value : value
    return p
}
