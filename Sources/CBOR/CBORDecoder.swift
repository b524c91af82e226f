/// Limits and strictness of the CBOR decoder. The defaults are safe for untrusted input.
public struct CBORDecodingOptions: Sendable, Hashable {
    /// Deepest nesting of arrays, maps and tags (a top-level scalar has depth 0). Default 16.
    public var maxDepth: Int
    /// Most data items in one decode, every element, key, value and tag counted. Default 65 536.
    public var maxItems: Int
    /// Longest input accepted, in bytes. Default 1 MiB.
    public var maxSize: Int
    /// Also require the core deterministic encoding of RFC 8949 §4.2.1: shortest integers, lengths and
    /// floats, and map keys in bytewise-lexicographic order of their encodings. Default false.
    public var deterministic: Bool

    public init(maxDepth: Int = 16, maxItems: Int = 65_536, maxSize: Int = 1 << 20, deterministic: Bool = false) {
        self.maxDepth = maxDepth
        self.maxItems = maxItems
        self.maxSize = maxSize
        self.deterministic = deterministic
    }
}

extension CBORValue {
    /// Decodes exactly one data item that fills `bytes` (trailing bytes are refused).
    public init(decoding bytes: [UInt8], options: CBORDecodingOptions = CBORDecodingOptions()) throws(CBORError) {
        let (value, consumed) = try CBORValue.decodePrefix(bytes, options: options)
        guard consumed == bytes.count else {
            throw CBORError(.trailingBytes, "\(bytes.count - consumed) bytes after the data item", offset: consumed)
        }
        self = value
    }

    /// Decodes one data item from the start of `bytes` and returns it with the number of bytes it took; the
    /// rest is left to the caller (e.g. WebAuthn authenticator data: a COSE key followed by extensions).
    /// `maxSize` applies to the item, not to what follows it.
    public static func decodePrefix(_ bytes: [UInt8], options: CBORDecodingOptions = CBORDecodingOptions())
        throws(CBORError) -> (value: CBORValue, consumed: Int)
    {
        var r = CBORReader(bytes: bytes, options: options)
        let v = try r.item(depth: 0)
        return (v, r.pos)
    }
}

struct CBORReader {
    let bytes: [UInt8]
    let options: CBORDecodingOptions
    let end: Int
    var pos = 0
    var items = 0

    init(bytes: [UInt8], options: CBORDecodingOptions) {
        self.bytes = bytes
        self.options = options
        self.end = bytes.count
    }

    mutating func byte() throws(CBORError) -> UInt8 {
        guard pos < end else { throw CBORError(.truncated, "input ends inside a data item", offset: pos) }
        guard pos < options.maxSize else {
            throw CBORError(.sizeLimit, "data item longer than \(options.maxSize) bytes", offset: pos)
        }
        let b = bytes[pos]
        pos += 1
        return b
    }

    /// Reads the argument of a head with additional information `ai`; checks the preferred form if asked.
    mutating func argument(_ ai: UInt8, at start: Int) throws(CBORError) -> UInt64 {
        let n: Int
        switch ai {
        case 0..<24: return UInt64(ai)
        case 24: n = 1
        case 25: n = 2
        case 26: n = 4
        case 27: n = 8
        case 31: throw CBORError(.indefiniteLength, "indefinite length or break", offset: start)
        default: throw CBORError(.malformed, "reserved additional information \(ai)", offset: start)
        }
        var v: UInt64 = 0
        for _ in 0..<n { v = (v << 8) | UInt64(try byte()) }
        if options.deterministic {
            let minimal: Bool
            switch n {
            case 1: minimal = v >= 24
            case 2: minimal = v > 0xff
            case 4: minimal = v > 0xffff
            default: minimal = v > 0xffff_ffff
            }
            if !minimal {
                throw CBORError(.nonPreferredEncoding, "argument \(v) not in its shortest form", offset: start)
            }
        }
        return v
    }

    /// A length announced by a head, checked against the bytes left before any conversion or arithmetic.
    mutating func length(_ v: UInt64, unit: UInt64, at start: Int) throws(CBORError) -> Int {
        let left = UInt64(end - pos)
        guard v <= left / unit else {
            throw CBORError(.truncated, "length \(v) exceeds the \(left) bytes left", offset: start)
        }
        return Int(v)
    }

    mutating func countItem(at start: Int) throws(CBORError) {
        guard items < options.maxItems else {
            throw CBORError(.itemLimit, "more than \(options.maxItems) data items", offset: start)
        }
        items += 1
    }

    mutating func item(depth: Int) throws(CBORError) -> CBORValue {
        let start = pos
        try countItem(at: start)
        let ib = try byte()
        let major = ib >> 5
        let ai = ib & 0x1f
        if major == 7 { return try simpleOrFloat(ai, at: start) }
        let arg = try argument(ai, at: start)
        switch major {
        case 0: return .unsigned(arg)
        case 1: return .negative(arg)
        case 2, 3:
            let n = try length(arg, unit: 1, at: start)
            guard pos + n <= options.maxSize else {
                throw CBORError(.sizeLimit, "data item longer than \(options.maxSize) bytes", offset: start)
            }
            let content = Array(bytes[pos..<(pos + n)])
            pos += n
            if major == 2 { return .bytes(content) }
            guard validUTF8(content) else { throw CBORError(.invalidUTF8, "text string is not valid UTF-8", offset: start) }
            return .text(String(decoding: content, as: UTF8.self))
        case 4, 5:
            guard depth < options.maxDepth else {
                throw CBORError(.depthLimit, "nesting deeper than \(options.maxDepth)", offset: start)
            }
            if major == 4 {
                let n = try length(arg, unit: 1, at: start)
                var out: [CBORValue] = []
                out.reserveCapacity(n)
                for _ in 0..<n { out.append(try item(depth: depth + 1)) }
                return .array(out)
            }
            return try map(count: try length(arg, unit: 2, at: start), depth: depth, at: start)
        default:  // 6: tag
            guard depth < options.maxDepth else {
                throw CBORError(.depthLimit, "nesting deeper than \(options.maxDepth)", offset: start)
            }
            return .tag(arg, try item(depth: depth + 1))
        }
    }

    mutating func map(count n: Int, depth: Int, at start: Int) throws(CBORError) -> CBORValue {
        var pairs: [CBORValue.Pair] = []
        pairs.reserveCapacity(n)
        var keyRanges: [Range<Int>] = []
        keyRanges.reserveCapacity(n)
        for _ in 0..<n {
            let keyStart = pos
            let key = try item(depth: depth + 1)
            let range = keyStart..<pos
            if options.deterministic, let prev = keyRanges.last {
                // Keys in canonical form are equal exactly when their encodings are.
                if bytes[prev].elementsEqual(bytes[range]) {
                    throw CBORError(.duplicateKey, "map key repeated", offset: keyStart)
                }
                if !bytes[prev].lexicographicallyPrecedes(bytes[range]) {
                    throw CBORError(.unsortedKeys, "map keys not in bytewise order", offset: keyStart)
                }
            }
            keyRanges.append(range)
            pairs.append(CBORValue.Pair(key, try item(depth: depth + 1)))
        }
        if !options.deterministic && n > 1 {
            // Compare canonical re-encodings (the same value may be written in several forms): sort, then
            // look at neighbours, O(n log n).
            var encoded = pairs.map { $0.key.encoded() }
            encoded.sort { $0.lexicographicallyPrecedes($1) }
            for i in 1..<encoded.count where encoded[i - 1] == encoded[i] {
                throw CBORError(.duplicateKey, "map key repeated", offset: start)
            }
        }
        return .map(pairs)
    }

    mutating func simpleOrFloat(_ ai: UInt8, at start: Int) throws(CBORError) -> CBORValue {
        switch ai {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        case 0..<20: return .simple(ai)
        case 24:
            let v = try byte()
            guard v >= 32 else { throw CBORError(.malformed, "two-byte simple value \(v) below 32", offset: start) }
            return .simple(v)
        case 25, 26, 27:
            let n = ai == 25 ? 2 : ai == 26 ? 4 : 8
            var bits: UInt64 = 0
            for _ in 0..<n { bits = (bits << 8) | UInt64(try byte()) }
            let d: Double
            switch n {
            case 2: d = halfToDouble(UInt16(truncatingIfNeeded: bits))
            case 4: d = Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            default: d = Double(bitPattern: bits)
            }
            if options.deterministic && floatEncoding(d).count != 1 + n {
                throw CBORError(.nonPreferredEncoding, "float not in its shortest form", offset: start)
            }
            return .float(d)
        case 31: throw CBORError(.malformed, "break outside an indefinite-length item", offset: start)
        default: throw CBORError(.malformed, "reserved additional information \(ai)", offset: start)
        }
    }
}

func halfToDouble(_ h: UInt16) -> Double {
    let sign: Double = (h & 0x8000) != 0 ? -1 : 1
    let e = Int((h >> 10) & 0x1f)
    let m = Double(h & 0x3ff)
    if e == 0 { return sign * m * 0x1p-24 }
    if e == 31 { return m == 0 ? sign * Double.infinity : Double.nan }
    return sign * (1 + m / 1024) * Double(sign: .plus, exponent: e - 15, significand: 1)
}

/// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
func validUTF8(_ b: [UInt8]) -> Bool {
    var i = 0
    let n = b.count
    while i < n {
        let c = b[i]
        if c < 0x80 { i += 1; continue }
        let len: Int
        var lo: UInt8 = 0x80
        var hi: UInt8 = 0xbf
        switch c {
        case 0xc2...0xdf: len = 2
        case 0xe0: len = 3; lo = 0xa0
        case 0xe1...0xec, 0xee, 0xef: len = 3
        case 0xed: len = 3; hi = 0x9f
        case 0xf0: len = 4; lo = 0x90
        case 0xf1...0xf3: len = 4
        case 0xf4: len = 4; hi = 0x8f
        default: return false
        }
        guard n - i >= len else { return false }
        guard b[i + 1] >= lo && b[i + 1] <= hi else { return false }
        var k = 2
        while k < len {
            guard b[i + k] & 0xc0 == 0x80 else { return false }
            k += 1
        }
        i += len
    }
    return true
}
