/// A JSON document as the tool prints it: member order is kept, numbers keep their exact text.
indirect enum JSONText: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONText])
    case object([(String, JSONText)])

    static func == (a: JSONText, b: JSONText) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return Array(x.utf8) == Array(y.utf8)
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { Array($0.0.utf8) == Array($1.0.utf8) && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member named `name` of an object (the first, should there be several).
    subscript(name: String) -> JSONText? {
        guard case .object(let members) = self else { return nil }
        return members.first { Array($0.0.utf8) == Array(name.utf8) }?.1
    }

    /// The value as a NumericDate (RFC 7519 §2) in PureJOSE's range: a finite number of seconds with
    /// |value| ≤ 2^53 − 1 (I-JSON), rounded down to whole seconds; nil otherwise (the tool then prints the
    /// number and says it is outside the range).
    var numericDate: Int64? {
        guard case .number(let text) = self else { return nil }
        let limit: Int64 = 9_007_199_254_740_991
        if let exact = Int64(text) { return exact.magnitude <= limit ? exact : nil }
        guard let real = Double(text), real.isFinite, abs(real) <= Double(limit) else { return nil }
        return Int64(real.rounded(.down))
    }

    /// One line, no spaces (RFC 8259 text).
    var compact: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Two-space indentation, one member per line.
    var pretty: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONText.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                JSONText.newline(&out, indent, level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            JSONText.newline(&out, indent, level)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (name, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSONText.newline(&out, indent, level + 1)
                JSONText.quote(name, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(to: &out, indent: indent, level: level + 1)
            }
            JSONText.newline(&out, indent, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    /// Writes `s` as a JSON string: quote, backslash and control characters escaped (RFC 8259 §7),
    /// everything else as is (UTF-8).
    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if isLineUnsafe(scalar) {
                    // Control characters, the two Unicode line breaks and the bidi controls would garble a
                    // terminal or a one-line verdict: always written as \uXXXX.
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// Calendar arithmetic for NumericDate (RFC 7519 §2): seconds since 1970-01-01T00:00:00Z, UTC,
/// ignoring leap seconds. Proleptic Gregorian calendar; works for any Int64 the JSON can hold
/// within ±292 billion years without overflow because days are computed with divisions first.
enum UTCDate {
    /// `2033-05-18 03:33:20 UTC`
    static func format(_ seconds: Int64) -> String {
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civil(fromDays: days)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let yearText = year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - "\(year)".count) + "\(year)" : "\(year)"
        return "\(yearText)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60)) UTC"
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    /// Year, month, day of the day `days` after 1970-01-01: the days are counted in 400-year eras
    /// (146,097 days each) starting on 0000-03-01, so that February falls at the end of a year.
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468                          // days since 0000-03-01
        let (era, dayOfEra) = floorDivide(shifted, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
