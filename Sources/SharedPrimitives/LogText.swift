/// Text that came from outside (a token, a certificate subject, a payload) made safe for a one-line log record or an
/// error message.
package enum LogText {
    /// Whether a character must never appear raw in a one-line message: C0 controls, DEL, C1 controls
    /// (U+0080–U+009F: NEL is a line break to Unicode-aware splitters such as Python's `splitlines()` and many log
    /// shippers, CSI U+009B starts terminal escape sequences), the line and paragraph separators U+2028/U+2029, and
    /// the bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) that reorder displayed text.
    @inline(__always)
    package static func mustEscape(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029
            || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }

    /// `s` with every character of ``mustEscape(_:)`` written as `\u{hex}`; with a `limit`, at most that many
    /// characters, then `…`.
    package static func escaped(_ s: String, limit: Int? = nil) -> String {
        var out = ""
        var n = 0
        for ch in s.unicodeScalars {
            if n == limit { out += "…"; break }
            if mustEscape(ch) { out += "\\u{\(String(ch.value, radix: 16))}" } else { out.unicodeScalars.append(ch) }
            n += 1
        }
        return out
    }
}
