import ConstantTime

/// Limits the strict JSON parser enforces before anything else can go wrong.
public struct JSONLimits: Sendable, Equatable {
    /// Deepest nesting of arrays and objects (the top-level value is depth 1). Default 32.
    public var maxDepth: Int
    /// Largest document in bytes. Default 1 MiB.
    public var maxBytes: Int
    public init(maxDepth: Int = 32, maxBytes: Int = 1 << 20) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }
    public static let `default` = JSONLimits()
}

extension JSONValue {
    /// Parses strict RFC 8259 JSON: valid UTF-8 (no overlong forms, no encoded surrogates, nothing above
    /// U+10FFFF), no byte order mark, escapes checked and surrogate pairs matched, duplicate member names
    /// rejected (I-JSON, RFC 7493 §2.3), numbers per the §6 grammar, no trailing content.
    ///
    /// Throws ``JWTError`` with code `invalidJSON` (reason carries the byte offset), `duplicateMember`, or
    /// `limitExceeded`.
    public init(parsing bytes: some Collection<UInt8>, limits: JSONLimits = .default) throws(JWTError) {
        let found = bytes.withContiguousStorageIfAvailable { b in
            Result { () throws(JWTError) in try JSONValue.parse(b, limits: limits) }
        }
        if let found {
            self = try found.get()
        } else {
            let a = Array(bytes)
            self = try a.withUnsafeBufferPointer { b throws(JWTError) in try JSONValue.parse(b, limits: limits) }
        }
    }

    /// Parses JSON text. See ``init(parsing:limits:)``.
    public init(parsing text: String, limits: JSONLimits = .default) throws(JWTError) {
        var s = text
        self = try withUTF8Bytes(&s) { b throws(JWTError) in try JSONValue.parse(b, limits: limits) }
    }

    /// `publicText`: the document is public (a token's header or claims, readable by anyone holding the token), so
    /// its strings are scanned with ordinary branches; otherwise (the default: JWKs, key files, anything a caller
    /// passes) no branch reads a string's characters (see ``JSONParser/parseString()``).
    static func parse(_ buf: UnsafeBufferPointer<UInt8>, limits: JSONLimits, publicText: Bool = false) throws(JWTError) -> JSONValue {
        guard buf.count <= limits.maxBytes else {
            throw JWTError.make(.limitExceeded, "JSON document of \(buf.count) bytes exceeds the \(limits.maxBytes)-byte limit")
        }
        var p = JSONParser(buf: buf, maxDepth: limits.maxDepth, publicText: publicText)
        p.skipSpace()
        let v = try p.parseValue(depth: 1)
        p.skipSpace()
        if p.pos != buf.count { throw p.fail("unexpected content after the JSON value") }
        return v
    }
}

struct JSONParser {
    let buf: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    /// Strings are public text: scanned with branches on their bytes (a token's header and claims).
    let publicText: Bool
    var pos = 0

    init(buf: UnsafeBufferPointer<UInt8>, maxDepth: Int, publicText: Bool = false) {
        self.buf = buf
        self.maxDepth = maxDepth
        self.publicText = publicText
    }

    func fail(_ why: String, at offset: Int? = nil) -> JWTError {
        JWTError.make(.invalidJSON, "\(why) at offset \(offset ?? pos)")
    }

    @inline(__always)
    mutating func skipSpace() {
        while pos < buf.count {
            let c = buf[pos]
            // RFC 8259 §2: space, horizontal tab, line feed, carriage return.
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos += 1 } else { return }
        }
    }

    mutating func parseValue(depth: Int) throws(JWTError) -> JSONValue {
        guard pos < buf.count else { throw fail("unexpected end of input") }
        switch buf[pos] {
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth))
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case 0xEF where pos == 0: throw fail("byte order mark is not allowed")
        default: throw fail("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws(JWTError) {
        let n = word.utf8CodeUnitCount
        guard buf.count - pos >= n else { throw fail("unexpected end of input") }
        let w = word.utf8Start
        for i in 0..<n where buf[pos + i] != w[i] { throw fail("invalid literal", at: pos + i) }
        pos += n
    }

    mutating func parseObject(depth: Int) throws(JWTError) -> JSONObject {
        if depth > maxDepth { throw JWTError.make(.limitExceeded, "JSON nesting deeper than \(maxDepth) at offset \(pos)") }
        pos += 1  // {
        var members: [JSONObject.Member] = []
        skipSpace()
        if pos < buf.count && buf[pos] == UInt8(ascii: "}") { pos += 1; return JSONObject(members: members) }
        // 16 members cover a Sign-in-with-Apple claims set (12) without growing, so one allocation.
        members.reserveCapacity(16)
        // Cheap fingerprints (length and a hash of the bytes) of the first 16 names, on the stack: only a
        // matching fingerprint needs a byte comparison.
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { prints throws(JWTError) in
            try parseMembers(into: &members, prints: prints, depth: depth)
        }
    }

    /// The members of a non-empty object whose `{` is consumed, through its `}`.
    private mutating func parseMembers(into members: inout [JSONObject.Member], prints: UnsafeMutableBufferPointer<UInt64>,
                                       depth: Int) throws(JWTError) -> JSONObject {
        var seen: Set<[UInt8]>? = nil
        while true {
            guard pos < buf.count else { throw fail("unexpected end of input in object") }
            guard buf[pos] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let nameOffset = pos
            let (name, print) = try parseName()
            // Duplicate names: linear scan of fingerprints for small objects, a set once the object grows.
            if members.count < 16 {
                for k in 0..<members.count where prints[k] == print && sameBytes(members[k].name, name) {
                    throw JWTError.make(.duplicateMember, "duplicate member \(quoted(name)) at offset \(nameOffset)")
                }
                prints[members.count] = print
            } else {
                if seen == nil { seen = Set(members.map { Array($0.name.utf8) }) }
                if !seen!.insert(Array(name.utf8)).inserted {
                    throw JWTError.make(.duplicateMember, "duplicate member \(quoted(name)) at offset \(nameOffset)")
                }
            }
            skipSpace()
            guard pos < buf.count, buf[pos] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            pos += 1
            skipSpace()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONObject.Member(name: name, value: value))
            skipSpace()
            guard pos < buf.count else { throw fail("unexpected end of input in object") }
            if buf[pos] == UInt8(ascii: ",") {
                pos += 1
                skipSpace()
            } else if buf[pos] == UInt8(ascii: "}") {
                pos += 1
                return JSONObject(members: members)
            } else {
                throw fail("expected ',' or '}'")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JWTError) -> [JSONValue] {
        if depth > maxDepth { throw JWTError.make(.limitExceeded, "JSON nesting deeper than \(maxDepth) at offset \(pos)") }
        pos += 1  // [
        var items: [JSONValue] = []
        skipSpace()
        if pos < buf.count && buf[pos] == UInt8(ascii: "]") { pos += 1; return items }
        while true {
            items.append(try parseValue(depth: depth + 1))
            skipSpace()
            guard pos < buf.count else { throw fail("unexpected end of input in array") }
            if buf[pos] == UInt8(ascii: ",") {
                pos += 1
                skipSpace()
            } else if buf[pos] == UInt8(ascii: "]") {
                pos += 1
                return items
            } else {
                throw fail("expected ',' or ']'")
            }
        }
    }

    /// A member name and its fingerprint (FNV-1a over the bytes, mixed with the length).
    mutating func parseName() throws(JWTError) -> (String, UInt64) {
        let start = pos + 1
        let s = try parseString()
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        if buf[pos - 1] == UInt8(ascii: "\"") && !UnsafeBufferPointer(rebasing: buf[start..<(pos - 1)]).contains(UInt8(ascii: "\\")) {
            for b in UnsafeBufferPointer(rebasing: buf[start..<(pos - 1)]) { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
            return (s, h ^ UInt64(pos - 1 - start) << 56)
        }
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return (s, h ^ UInt64(s.utf8.count) << 56)
    }

    /// RFC 8259 §7 strings; the UTF-8 is validated per RFC 3629 §4 (Unicode 15 Table 3-7).
    mutating func parseString() throws(JWTError) -> String {
        pos += 1  // opening quote
        let start = pos
        // Fast path: plain ASCII without escapes. A string value may be key material (a private JWK member, an
        // `oct` key's `k`), so no branch reads its characters: `specialBytes` marks quote, backslash, control and
        // non-ASCII bytes by arithmetic, eight at a time, and only that verdict is published (`CT.declassify`).
        // For a base64url secret it is "plain" at every character and "quote" at the end: the value's length,
        // which is public. The special byte that ends the scan is not part of a valid secret and is published.
        // Public text (a token's header and claims) takes the same scan with ordinary branches.
        pos = JSONParser.plainRun(buf, from: pos, publicText: publicText)
        // Only whether the byte that ended the run is the closing quote is published (one branch), not the byte.
        if pos < buf.count && (publicText ? buf[pos] == UInt8(ascii: "\"") : !CT.declassify(UInt64(buf[pos] ^ UInt8(ascii: "\"")))) {
            let s = JSONParser.plainString(UnsafeBufferPointer(rebasing: buf[start..<pos]))
            pos += 1
            return s
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: buf[start..<pos]))
        while true {
            guard pos < buf.count else { throw fail("unterminated string", at: start - 1) }
            let c = buf[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: out, as: UTF8.self)
            } else if c == UInt8(ascii: "\\") {
                pos += 1
                guard pos < buf.count else { throw fail("unterminated escape") }
                let e = buf[pos]
                pos += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    let escAt = pos - 2
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar <= 0xDBFF {
                        // A high surrogate must be followed at once by an escaped low surrogate.
                        guard buf.count - pos >= 6, buf[pos] == UInt8(ascii: "\\"), buf[pos + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired high surrogate", at: escAt)
                        }
                        pos += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low <= 0xDFFF else { throw fail("unpaired high surrogate", at: escAt) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                        throw fail("unpaired low surrogate", at: escAt)
                    }
                    if JSONParser.isNoncharacter(scalar) { throw fail("noncharacter U+\(String(scalar, radix: 16, uppercase: true)) (RFC 7493 §2.1)", at: escAt) }
                    appendUTF8(scalar, to: &out)
                default:
                    throw fail("invalid escape", at: pos - 2)
                }
            } else if c < 0x20 {
                throw fail("unescaped control character in string")
            } else if c < 0x80 {
                out.append(c)
                pos += 1
            } else {
                let n = try utf8SequenceLength(at: pos)
                if n >= 3 {
                    var v = UInt32(buf[pos] & (n == 3 ? 0x0F : 0x07))
                    for k in 1..<n { v = v << 6 | UInt32(buf[pos + k] & 0x3F) }
                    if JSONParser.isNoncharacter(v) { throw fail("noncharacter U+\(String(v, radix: 16, uppercase: true)) (RFC 7493 §2.1)") }
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[pos..<pos + n]))
                pos += n
            }
        }
    }

    /// The index of the first quote, backslash, control (< 0x20) or non-ASCII (≥ 0x80) byte at or after `i`, or
    /// `buf.count`, found without a branch on any byte before it (see ``specialBytes(_:)``).
    @inline(__always)
    static func plainRun(_ buf: UnsafeBufferPointer<UInt8>, from i: Int, publicText: Bool) -> Int {
        guard let base = buf.baseAddress else { return i }
        var i = i
        while buf.count &- i >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let special = specialBytes(word)
            if publicText {
                if special != 0 { return i &+ special.trailingZeroBitCount &>> 3 }
            } else if CT.declassify(special) {
                // The special byte is the lowest marked one (little-endian order); only its index in the word (0–7,
                // three bits) is published — `declassifyValue` would rebuild all 64 bits, 10 % of a token's decoding.
                return i &+ Int(CT.declassifyByte(UInt8(truncatingIfNeeded: special.trailingZeroBitCount &>> 3)))
            }
            i &+= 8
        }
        while i < buf.count {
            // One byte in lane 0; the empty lanes above it would read as control characters, so only bit 7 counts.
            let special = specialBytes(UInt64(buf[i])) & 0x80
            if publicText ? special != 0 : CT.declassify(special) { return i }
            i &+= 1
        }
        return i
    }

    /// Bit 7 of each byte of `w` set exactly when that byte is `"`, `\\`, below 0x20 or at least 0x80; nothing else
    /// set. Per byte, on its low seven bits `v`: `v + 0x60` reaches bit 7 unless `v < 0x20`, and `(v ^ c) + 0x7F`
    /// reaches it unless `v == c`; no sum leaves its byte, so the eight lanes are independent and exact.
    @inline(__always)
    static func specialBytes(_ w: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let v = w & low7
        let control = ~(v &+ 0x6060_6060_6060_6060)
        let quote = ~((v ^ 0x2222_2222_2222_2222) &+ low7)
        let backslash = ~((v ^ 0x5C5C_5C5C_5C5C_5C5C) &+ low7)
        return (w | control | quote | backslash) & high
    }

    /// A String of plain ASCII bytes (as ``plainRun(_:from:)`` found them). Each byte is copied with its top bit
    /// cleared — the same value, since it is ASCII — so the standard library's all-ASCII check of the new String
    /// reads only bits that do not come from the characters (a secret value's bytes are never branched on).
    @inline(__always)
    static func plainString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            var i = 0
            while i < bytes.count {
                out[i] = bytes[i] & 0x7F
                i &+= 1
            }
            return bytes.count
        }
    }

    /// Unicode noncharacters (U+FDD0…U+FDEF and the last two code points of every plane), which I-JSON
    /// (RFC 7493 §2.1) excludes along with surrogates.
    @inline(__always)
    static func isNoncharacter(_ v: UInt32) -> Bool {
        (v >= 0xFDD0 && v <= 0xFDEF) || v & 0xFFFE == 0xFFFE
    }

    mutating func hex4() throws(JWTError) -> UInt32 {
        guard buf.count - pos >= 4 else { throw fail("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = buf[pos]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in \\u escape")
            }
            v = v << 4 | d
            pos += 1
        }
        return v
    }

    /// Length of the well-formed UTF-8 sequence starting at `i` (lead byte ≥ 0x80), or throws.
    func utf8SequenceLength(at i: Int) throws(JWTError) -> Int {
        let b0 = buf[i]
        let n: Int
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: n = 2
        case 0xE0: n = 3; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: n = 3
        case 0xED: n = 3; hi = 0x9F  // excludes encoded surrogates
        case 0xF0: n = 4; lo = 0x90
        case 0xF1...0xF3: n = 4
        case 0xF4: n = 4; hi = 0x8F  // nothing above U+10FFFF
        default: throw fail("invalid UTF-8 lead byte", at: i)
        }
        guard buf.count - i >= n else { throw fail("truncated UTF-8 sequence", at: i) }
        let b1 = buf[i + 1]
        guard b1 >= lo && b1 <= hi else { throw fail("invalid UTF-8 continuation byte", at: i + 1) }
        for k in 2..<max(n, 2) where buf[i + k] & 0xC0 != 0x80 {
            throw fail("invalid UTF-8 continuation byte", at: i + k)
        }
        return n
    }

    func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case 0..<0x80: out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | v >> 6)); out.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | v >> 12)); out.append(UInt8(0x80 | v >> 6 & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18)); out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func parseNumber() throws(JWTError) -> JSONValue {
        let start = pos
        var negative = false
        if buf[pos] == UInt8(ascii: "-") { negative = true; pos += 1 }
        guard pos < buf.count, isDigit(buf[pos]) else { throw fail("invalid number", at: start) }
        var isInteger = true
        // Accumulate the magnitude as a negative number so Int64.min fits.
        var acc: Int64 = 0
        var overflow = false
        if buf[pos] == UInt8(ascii: "0") {
            pos += 1
            if pos < buf.count && isDigit(buf[pos]) { throw fail("leading zero in number", at: start) }
        } else {
            while pos < buf.count && isDigit(buf[pos]) {
                if !overflow {
                    let (m, o1) = acc.multipliedReportingOverflow(by: 10)
                    let (s, o2) = m.subtractingReportingOverflow(Int64(buf[pos] - UInt8(ascii: "0")))
                    if o1 || o2 { overflow = true } else { acc = s }
                }
                pos += 1
            }
        }
        if pos < buf.count && buf[pos] == UInt8(ascii: ".") {
            isInteger = false
            pos += 1
            guard pos < buf.count, isDigit(buf[pos]) else { throw fail("digit expected after '.'") }
            while pos < buf.count && isDigit(buf[pos]) { pos += 1 }
        }
        if pos < buf.count && (buf[pos] == UInt8(ascii: "e") || buf[pos] == UInt8(ascii: "E")) {
            isInteger = false
            pos += 1
            if pos < buf.count && (buf[pos] == UInt8(ascii: "+") || buf[pos] == UInt8(ascii: "-")) { pos += 1 }
            guard pos < buf.count, isDigit(buf[pos]) else { throw fail("digit expected in exponent") }
            while pos < buf.count && isDigit(buf[pos]) { pos += 1 }
        }
        if isInteger && !overflow {
            if negative { return .integer(acc) }
            if acc != Int64.min { return .integer(-acc) }
        }
        return .number(JSONNumber(literal: String(decoding: UnsafeBufferPointer(rebasing: buf[start..<pos]), as: UTF8.self)))
    }

    @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }
}
