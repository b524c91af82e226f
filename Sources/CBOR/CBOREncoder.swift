extension CBORValue {
    /// The deterministic encoding of this value (RFC 8949 §4.2.1): shortest heads, definite lengths, floats
    /// in the shortest of half/single/double that keeps the value (NaN as 0xf97e00), map pairs sorted by
    /// the bytewise order of their key encodings. Maps are written as given otherwise: a map built with one
    /// key twice is encoded with it twice.
    public func encoded() -> [UInt8] {
        var out: [UInt8] = []
        encode(into: &out)
        return out
    }

    func encode(into out: inout [UInt8]) {
        switch self {
        case .unsigned(let n): writeHead(0, n, &out)
        case .negative(let n): writeHead(1, n, &out)
        case .bytes(let b): writeHead(2, UInt64(b.count), &out); out += b
        case .text(let s):
            let u = Array(s.utf8)
            writeHead(3, UInt64(u.count), &out); out += u
        case .array(let a):
            writeHead(4, UInt64(a.count), &out)
            for v in a { v.encode(into: &out) }
        case .map(let pairs):
            writeHead(5, UInt64(pairs.count), &out)
            var enc = pairs.map { (key: $0.key.encoded(), value: $0.value) }
            enc.sort { $0.key.lexicographicallyPrecedes($1.key) }
            for p in enc {
                out += p.key
                p.value.encode(into: &out)
            }
        case .tag(let t, let v): writeHead(6, t, &out); v.encode(into: &out)
        case .simple(let s):
            if s < 24 { out.append(0xe0 | s) } else { out += [0xf8, s] }
        case .bool(let b): out.append(b ? 0xf5 : 0xf4)
        case .null: out.append(0xf6)
        case .undefined: out.append(0xf7)
        case .float(let d): out += floatEncoding(d)
        }
    }
}

func writeHead(_ major: UInt8, _ v: UInt64, _ out: inout [UInt8]) {
    let m = major << 5
    if v < 24 {
        out.append(m | UInt8(v))
    } else if v <= 0xff {
        out += [m | 24, UInt8(v)]
    } else if v <= 0xffff {
        out += [m | 25, UInt8(v >> 8), UInt8(truncatingIfNeeded: v)]
    } else if v <= 0xffff_ffff {
        out.append(m | 26)
        for s in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: v >> UInt64(s))) }
    } else {
        out.append(m | 27)
        for s in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: v >> UInt64(s))) }
    }
}

/// The shortest float encoding (head included) that decodes to exactly `d`.
func floatEncoding(_ d: Double) -> [UInt8] {
    if d.isNaN { return [0xf9, 0x7e, 0x00] }
    let f = Float(d)
    guard Double(f) == d else {
        let b = d.bitPattern
        var out: [UInt8] = [0xfb]
        for s in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: b >> UInt64(s))) }
        return out
    }
    let fb = f.bitPattern
    if let h = halfBits(fb) { return [0xf9, UInt8(h >> 8), UInt8(truncatingIfNeeded: h)] }
    return [
        0xfa, UInt8(fb >> 24), UInt8(truncatingIfNeeded: fb >> 16), UInt8(truncatingIfNeeded: fb >> 8),
        UInt8(truncatingIfNeeded: fb)
    ]
}

/// The half-precision bits of a (non-NaN) single, when the conversion is exact.
func halfBits(_ fb: UInt32) -> UInt16? {
    let sign = UInt16((fb >> 16) & 0x8000)
    let exp = Int((fb >> 23) & 0xff)
    let mant = fb & 0x7f_ffff
    if exp == 0xff { return mant == 0 ? sign | 0x7c00 : nil }
    if exp == 0 { return mant == 0 ? sign : nil }  // single subnormals are far below half's range
    let e = exp - 127
    if e >= -14 && e <= 15 {
        guard mant & 0x1fff == 0 else { return nil }
        return sign | UInt16(e + 15) << 10 | UInt16(mant >> 13)
    }
    if e >= -24 && e < -14 {
        let full = mant | 0x80_0000
        let shift = UInt32(-14 - e + 13)
        guard full & ((1 << shift) - 1) == 0 else { return nil }
        return sign | UInt16(full >> shift)
    }
    return nil
}
