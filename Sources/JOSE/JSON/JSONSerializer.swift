/// Compact RFC 8259 JSON text for a ``JSONValue``: what the signer puts into a token's header and payload.
///
/// - No whitespace; object members in their stored order; array elements in order.
/// - Strings: `"` and `\` escaped, control characters U+0000…U+001F as `\b \f \n \r \t` or `\u00XX` (lower-case
///   hex); everything else, including U+2028/U+2029 and `/`, written as UTF-8 unescaped. This is byte for byte what
///   ECMAScript's `JSON.stringify` writes, so a token made here has the same bytes as one made by most JWT libraries
///   from the same values. (Escaping U+2028/U+2029 only matters when JSON text is pasted into a JavaScript
///   source; a token's parts are base64url, so it would only make tokens longer and different from everyone else's.)
/// - Strings holding a Unicode noncharacter (U+FDD0…U+FDEF, U+xFFFE/U+xFFFF) are refused: the strict parser
///   (I-JSON, RFC 7493 §2.1) refuses them, and whatever is signed here must verify here.
/// - Numbers: ``JSONValue/integer(_:)`` in decimal; ``JSONValue/number(_:)`` as its literal, which must match the
///   RFC 8259 §6 grammar — so `NaN`, `Infinity`, `1.` or `+1` are refused, never written.
/// - Nesting deeper than ``maximumDepth`` is refused (a hand-built tree could otherwise exhaust the stack).
///
/// Errors are ``JWTError`` with code `invalidJSON` (a value JSON cannot express) or `limitExceeded` (depth).
public enum JSONSerializer {
    /// Deepest nesting written (the top-level value is depth 1).
    public static let maximumDepth = 512

    /// The compact JSON text of `value` as UTF-8 bytes.
    public static func serialize(_ value: JSONValue) throws(JWTError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        try write(value, into: &out, depth: 1, maxDepth: maximumDepth)
        return out
    }

    /// The compact JSON text of `value` as a `String`.
    public static func string(_ value: JSONValue) throws(JWTError) -> String {
        String(decoding: try serialize(value), as: UTF8.self)
    }

    /// The shortest JSON number text that reads back as exactly `value`.
    ///
    /// Integral values of magnitude below 2⁶³ are written as integers (`1300819380`, not `1300819380.0`), as
    /// ECMAScript does; `-0.0` keeps its sign as `-0.0`; everything else is the shortest round-trip digit string
    /// (Swift's `description`, which is correctly rounded), e.g. `0.1`, `1e-05`, `1.7976931348623157e+308`.
    /// NaN and ±∞ have no JSON form: `invalidJSON`.
    public static func numberText(_ value: Double) throws(JWTError) -> String {
        guard value.isFinite else {
            throw JWTError(.invalidJSON, "\(value) has no JSON representation (RFC 8259 §6)")
        }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0" }
        if value.rounded(.towardZero) == value && value.magnitude < 9_223_372_036_854_775_808 {
            return String(Int64(value))
        }
        return value.description
    }

    static func write(_ v: JSONValue, into out: inout [UInt8], depth: Int, maxDepth: Int) throws(JWTError) {
        switch v {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i): appendInteger(i, into: &out)
        case .number(let n):
            guard isNumberLiteral(n.literal) else {
                throw JWTError(.invalidJSON, "number literal \(quoted(n.literal, max: 24)) is not RFC 8259 §6 JSON")
            }
            out.append(contentsOf: n.literal.utf8)
        case .string(let s): try writeString(s, into: &out)
        case .array(let a):
            guard depth <= maxDepth else { throw tooDeep(maxDepth) }
            out.append(UInt8(ascii: "["))
            var first = true
            for e in a {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                try write(e, into: &out, depth: depth + 1, maxDepth: maxDepth)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            guard depth <= maxDepth else { throw tooDeep(maxDepth) }
            out.append(UInt8(ascii: "{"))
            var first = true
            for m in o.members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                try writeString(m.name, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(m.value, into: &out, depth: depth + 1, maxDepth: maxDepth)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func tooDeep(_ maxDepth: Int) -> JWTError {
        JWTError(.limitExceeded, "JSON nesting deeper than \(maxDepth)")
    }

    static func appendInteger(_ i: Int64, into out: inout [UInt8]) {
        var m = i.magnitude
        if i < 0 { out.append(UInt8(ascii: "-")) }
        if m < 10 { out.append(UInt8(ascii: "0") &+ UInt8(m)); return }
        // Up to 20 digits, written backwards into a stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buf in
            var n = 20
            while m > 0 {
                n -= 1
                buf[n] = UInt8(ascii: "0") &+ UInt8(m % 10)
                m /= 10
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[n..<20]))
        }
    }

    /// Writes a string with the escaping described on the type; refuses noncharacters. Runs of bytes that need
    /// no escape are copied in one step.
    static func writeString(_ s: String, into out: inout [UInt8]) throws(JWTError) {
        var s = s
        try withUTF8Bytes(&s) { u throws(JWTError) in try writeString(u, into: &out) }
    }

    static let hexDigits: StaticString = "0123456789abcdef"

    static func writeString(_ u: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) throws(JWTError) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        let n = u.count
        while i < n {
            let b = u[i]
            if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
                if b >= 0xE0 { try checkNoncharacter(u, at: i) }
                i &+= 1
                continue
            }
            if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: u[runStart..<i])) }
            out.append(UInt8(ascii: "\\"))
            switch b {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:
                hexDigits.withUTF8Buffer { h in
                    out.append(UInt8(ascii: "u")); out.append(UInt8(ascii: "0")); out.append(UInt8(ascii: "0"))
                    out.append(h[Int(b >> 4)]); out.append(h[Int(b & 15)])
                }
            }
            i &+= 1
            runStart = i
        }
        if runStart < n { out.append(contentsOf: UnsafeBufferPointer(rebasing: u[runStart..<n])) }
        out.append(UInt8(ascii: "\""))
    }

    /// Noncharacters are U+FDD0…U+FDEF (EF B7 90…EF B7 AF) and U+xFFFE/U+xFFFF (EF BF BE/BF, or F_ _F BF BE/BF).
    @inline(__always)
    static func checkNoncharacter(_ u: UnsafeBufferPointer<UInt8>, at i: Int) throws(JWTError) {
        // Swift strings are valid UTF-8, so the sequence is complete.
        let b0 = u[i]
        var v: UInt32
        if b0 < 0xF0 {
            v = UInt32(b0 & 0x0F) << 12 | UInt32(u[i + 1] & 0x3F) << 6 | UInt32(u[i + 2] & 0x3F)
        } else {
            v = UInt32(b0 & 0x07) << 18 | UInt32(u[i + 1] & 0x3F) << 12 | UInt32(u[i + 2] & 0x3F) << 6 | UInt32(u[i + 3] & 0x3F)
        }
        if (v >= 0xFDD0 && v <= 0xFDEF) || v & 0xFFFE == 0xFFFE {
            throw JWTError(.invalidJSON, "string holds the noncharacter U+\(String(v, radix: 16, uppercase: true)) (RFC 7493 §2.1)")
        }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isNumberLiteral(_ s: String) -> Bool {
        let b = Array(s.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < b.count && b[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            return i - start
        }
        if i < b.count && b[i] == UInt8(ascii: "-") { i += 1 }
        guard i < b.count else { return false }
        if b[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < b.count && b[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { return false }
        }
        if i < b.count && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
            i += 1
            if i < b.count && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { i += 1 }
            if digits() == 0 { return false }
        }
        return i == b.count
    }
}

extension JSONValue {
    /// Compact RFC 8259 JSON bytes of this value; see ``JSONSerializer``. Unlike ``description`` this refuses
    /// what JSON cannot express (a `NaN` literal, a noncharacter) instead of writing it.
    public func serialized() throws(JWTError) -> [UInt8] { try JSONSerializer.serialize(self) }
}
