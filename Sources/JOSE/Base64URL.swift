/// Strict base64url (RFC 4648 §5) as JOSE uses it (RFC 7515 §2, Appendix C): the URL-safe alphabet,
/// no padding, no whitespace, no line breaks, and no non-zero bits left over in the last character.
///
/// Padding (`=`) is refused unless asked for with `allowPadding: true` (some load balancers emit it); when
/// allowed it must still be the exact padding for the length.
public enum Base64URL {
    // 0...63 for the alphabet, 0xFF for anything else.
    @usableFromInline
    static let decodeTable: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        return t
    }()

    @usableFromInline
    static let encodeTable: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Decodes base64url text. Throws ``JWTError`` with code ``JWTError/Code/invalidBase64URL`` for any character outside the alphabet, an impossible
    /// length (4k+1), non-zero trailing bits, or padding (unless `allowPadding`).
    public static func decode(_ text: some StringProtocol, allowPadding: Bool = false) throws(JWTError) -> [UInt8] {
        var s = String(text)
        return try withUTF8Bytes(&s) { buf throws(JWTError) in try decode(bytes: buf, allowPadding: allowPadding) }
    }

    /// Decodes base64url given as ASCII bytes. See ``decode(_:allowPadding:)``.
    public static func decode(_ bytes: [UInt8], allowPadding: Bool = false) throws(JWTError) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { buf throws(JWTError) in try decode(bytes: buf, allowPadding: allowPadding) }
    }

    /// Decodes base64url from a buffer of ASCII bytes (used on slices of a token without copying).
    public static func decode(bytes input: UnsafeBufferPointer<UInt8>, allowPadding: Bool = false) throws(JWTError) -> [UInt8] {
        let (n, outCount) = try decodedLength(input, allowPadding: allowPadding)
        var failure: Int? = nil
        let out = [UInt8](unsafeUninitializedCapacity: outCount) { o, written in
            failure = decode(input, n, into: o)
            written = failure == nil ? outCount : 0
        }
        try check(input, n, failure: failure)
        return out
    }

    /// Decodes into a temporary buffer (on the stack when small) that lives only during `body`: the token
    /// verification path parses header and payload from there without allocating an array for each.
    static func withDecoded<R>(bytes input: UnsafeBufferPointer<UInt8>, allowPadding: Bool,
                               _ body: (UnsafeBufferPointer<UInt8>) throws(JWTError) -> R) throws(JWTError) -> R {
        let (n, outCount) = try decodedLength(input, allowPadding: allowPadding)
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(outCount, 1)) { o throws(JWTError) in
            try check(input, n, failure: decode(input, n, into: o))
            return try body(UnsafeBufferPointer(rebasing: o[0..<outCount]))
        }
    }

    /// The length of the base64url text without its padding (checked) and the decoded length.
    private static func decodedLength(_ input: UnsafeBufferPointer<UInt8>, allowPadding: Bool) throws(JWTError) -> (Int, Int) {
        var n = input.count
        if allowPadding {
            var pads = 0
            while n > 0 && input[n - 1] == UInt8(ascii: "=") && pads < 3 { n -= 1; pads += 1 }
            if pads > 0 {
                // Padding must complete the last quantum exactly: total length a multiple of 4, 1 or 2 '='.
                if input.count % 4 != 0 || pads > 2 || (n % 4) + pads != 4 {
                    throw JWTError.badBase64(offset: n, "wrong padding")
                }
            }
        }
        if n % 4 == 1 { throw JWTError.badBase64(offset: n - 1, "impossible length \(n)") }
        let full = n - n % 4
        let rest = n - full
        return (n, full / 4 * 3 + (rest == 0 ? 0 : rest - 1))
    }

    /// Decodes the first `n` characters into `o` (room for the decoded length); returns the offset of the
    /// quantum holding the first character outside the alphabet, or nil.
    private static func decode(_ input: UnsafeBufferPointer<UInt8>, _ n: Int, into o: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let full = n - n % 4
        let rest = n - full
        var failure: Int? = nil
        decodeTable.withUnsafeBufferPointer { t in
            var i = 0, j = 0
            while i < full {
                let a = t[Int(input[i])], b = t[Int(input[i &+ 1])], c = t[Int(input[i &+ 2])], d = t[Int(input[i &+ 3])]
                if (a | b | c | d) & 0xC0 != 0 { failure = i; break }
                let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                o[j] = UInt8(truncatingIfNeeded: v >> 16)
                o[j &+ 1] = UInt8(truncatingIfNeeded: v >> 8)
                o[j &+ 2] = UInt8(truncatingIfNeeded: v)
                i &+= 4
                j &+= 3
            }
            if failure == nil && rest >= 2 {
                var v: UInt32 = 0
                for k in 0..<rest {
                    let x = t[Int(input[full &+ k])]
                    if x & 0xC0 != 0 { failure = full; break }
                    v = v << 6 | UInt32(x)
                }
                if failure == nil {
                    if rest == 2 {
                        o[j] = UInt8(truncatingIfNeeded: v >> 4)
                        j &+= 1
                    } else {
                        o[j] = UInt8(truncatingIfNeeded: v >> 10)
                        o[j &+ 1] = UInt8(truncatingIfNeeded: v >> 2)
                        j &+= 2
                    }
                }
            }
        }
        return failure
    }

    /// Throws for a character outside the alphabet (`failure`) or non-zero trailing bits.
    private static func check(_ input: UnsafeBufferPointer<UInt8>, _ n: Int, failure: Int?) throws(JWTError) {
        let rest = n % 4
        if let at = failure {
            let bad = decodeTable.withUnsafeBufferPointer { firstBad(input, from: at, $0) }
            throw JWTError.badBase64(offset: bad, "character outside the base64url alphabet")
        }
        // RFC 4648 §3.5: the bits left over in the last character must be zero (canonical encoding).
        if rest >= 2 {
            let last = decodeTable[Int(input[n - 1])]
            if (rest == 2 && last & 0x0F != 0) || (rest == 3 && last & 0x03 != 0) {
                throw JWTError.badBase64(offset: n - 1, "non-zero trailing bits")
            }
        }
    }

    private static func firstBad(_ input: UnsafeBufferPointer<UInt8>, from i: Int, _ t: UnsafeBufferPointer<UInt8>) -> Int {
        var j = i
        while j < input.count && t[Int(input[j])] & 0xC0 == 0 { j += 1 }
        return j
    }

    /// Encodes bytes as base64url without padding.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var out = [UInt8]()
        out.reserveCapacity((input.count * 4 + 2) / 3)
        let t = encodeTable
        var i = 0
        while i + 3 <= input.count {
            let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
            out.append(t[Int(v >> 18)]); out.append(t[Int(v >> 12 & 63)])
            out.append(t[Int(v >> 6 & 63)]); out.append(t[Int(v & 63)])
            i += 3
        }
        switch input.count - i {
        case 1:
            let v = UInt32(input[i]) << 16
            out.append(t[Int(v >> 18)]); out.append(t[Int(v >> 12 & 63)])
        case 2:
            let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8
            out.append(t[Int(v >> 18)]); out.append(t[Int(v >> 12 & 63)]); out.append(t[Int(v >> 6 & 63)])
        default: break
        }
        return String(decoding: out, as: UTF8.self)
    }
}
