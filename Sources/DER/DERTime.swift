/// Calendar arithmetic for ASN.1 times, without Foundation: proleptic Gregorian dates ⇄ days
/// since 1970-01-01 and Unix seconds (UTC, no leap seconds, as POSIX counts them).
public enum DERTime {
    /// Whether `year` is a Gregorian leap year.
    public static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days in `month` (1–12) of `year`.
    public static func daysInMonth(year: Int64, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given date (negative before it). The year is counted from
    /// March, so February's leap day is the last day of its year and the month lengths before it
    /// follow the fixed pattern 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31 (153 days per 5 months);
    /// whole 400-year cycles hold 146 097 days.
    public static func daysSinceEpoch(year: Int64, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let cycle = (y >= 0 ? y : y - 399) / 400
        let yearOfCycle = y - cycle * 400                                  // 0…399
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)        // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1      // 0…365
        let dayOfCycle = yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfYear
        return cycle * 146_097 + dayOfCycle - 719_468                      // 0000-03-01 → 1970-01-01
    }

    /// Unix seconds of a UTC date and time of day.
    public static func unixSeconds(year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64 {
        daysSinceEpoch(year: year, month: month, day: day) * 86_400
            + Int64(hour) * 3_600 + Int64(minute) * 60 + Int64(second)
    }

    /// The UTC date and time of day of Unix seconds (the inverse of ``unixSeconds(year:month:day:hour:minute:second:)``).
    public static func components(ofUnixSeconds t: Int64) -> (year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var days = t / 86_400
        var secs = t % 86_400
        if secs < 0 { secs += 86_400; days -= 1 }
        let z = days + 719_468
        let cycle = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfCycle = z - cycle * 146_097                                          // 0…146096
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1_460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153                                   // March = 0
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, Int(secs / 3_600), Int(secs % 3_600 / 60), Int(secs % 60))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339) for years 0–9999; other years are written with their sign.
    public static func rfc3339(unixSeconds t: Int64) -> String {
        let c = components(ofUnixSeconds: t)
        func pad(_ v: Int64, _ width: Int) -> String {
            var s = String(v < 0 ? -v : v)
            while s.utf8.count < width { s = "0" + s }
            return v < 0 ? "-" + s : s
        }
        return pad(c.year, 4) + "-" + pad(Int64(c.month), 2) + "-" + pad(Int64(c.day), 2) + "T"
            + pad(Int64(c.hour), 2) + ":" + pad(Int64(c.minute), 2) + ":" + pad(Int64(c.second), 2) + "Z"
    }
}

extension DERElement {
    /// A UTCTime in the form DER and RFC 5280 §4.1.2.5.1 require: `YYMMDDHHMMSSZ` exactly (X.690
    /// §11.8: seconds present, `Z`, no fractions, no offsets), a real date and time of day; YY ≥ 50
    /// is 19YY, otherwise 20YY. Returns Unix seconds.
    public func utcTimeValue() throws(DERError) -> Int64 {
        try requireTime(.utcTime, "UTCTime")
        let c = contents
        guard c.count == 13, c.last == UInt8(ascii: "Z") else {
            throw DERError.make(.invalidTime, at: offset, "UTCTime must be YYMMDDHHMMSSZ, 13 characters ending in Z (X.690 §11.8, RFC 5280 §4.1.2.5.1)")
        }
        let d = try timeDigits(c.dropLast(), "UTCTime")
        let yy = Int64(d[0] * 10 + d[1])
        return try timeSeconds(year: yy >= 50 ? 1900 + yy : 2000 + yy, d[2...], "UTCTime")
    }

    /// A GeneralizedTime in the form RFC 5280 §4.1.2.5.2 allows: `YYYYMMDDHHMMSSZ` exactly (X.690
    /// §11.7: `Z`; the profile also forbids fractional seconds), a real date and time of day.
    /// Returns Unix seconds.
    public func generalizedTimeValue() throws(DERError) -> Int64 {
        try requireTime(.generalizedTime, "GeneralizedTime")
        let c = contents
        if c.count > 15, c[c.startIndex + 14] == UInt8(ascii: ".") {
            throw DERError.make(.invalidTime, at: offset, "GeneralizedTime with fractional seconds (RFC 5280 §4.1.2.5.2 forbids them)")
        }
        guard c.count == 15, c.last == UInt8(ascii: "Z") else {
            throw DERError.make(.invalidTime, at: offset, "GeneralizedTime must be YYYYMMDDHHMMSSZ, 15 characters ending in Z (X.690 §11.7, RFC 5280 §4.1.2.5.2)")
        }
        let d = try timeDigits(c.dropLast(), "GeneralizedTime")
        let year = Int64(d[0] * 1000 + d[1] * 100 + d[2] * 10 + d[3])
        return try timeSeconds(year: year, d[4...], "GeneralizedTime")
    }

    /// `Time ::= CHOICE { utcTime UTCTime, generalTime GeneralizedTime }` (RFC 5280 §4.1), as Unix seconds.
    public func timeValue() throws(DERError) -> Int64 {
        if tag == .generalizedTime { return try generalizedTimeValue() }
        return try utcTimeValue()
    }

    private func requireTime(_ t: DERTag, _ what: String) throws(DERError) {
        guard tag == t else {
            throw DERError.make(.unexpectedTag, at: offset, "expected \(what), found \(tag)")
        }
    }

    private func timeDigits(_ c: ArraySlice<UInt8>, _ what: String) throws(DERError) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(c.count)
        for b in c {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else {
                throw DERError.make(.invalidTime, at: offset, "\(what) has a non-digit where digits are required")
            }
            out.append(Int(b - UInt8(ascii: "0")))
        }
        return out
    }

    /// MMDDHHMMSS as ten digits after the year.
    private func timeSeconds(year: Int64, _ d: ArraySlice<Int>, _ what: String) throws(DERError) -> Int64 {
        let i = d.startIndex
        let month = d[i] * 10 + d[i + 1], day = d[i + 2] * 10 + d[i + 3]
        let hour = d[i + 4] * 10 + d[i + 5], minute = d[i + 6] * 10 + d[i + 7], second = d[i + 8] * 10 + d[i + 9]
        guard (1...12).contains(month) else {
            throw DERError.make(.invalidTime, at: offset, "\(what) month \(month) is not 01–12")
        }
        guard day >= 1, day <= DERTime.daysInMonth(year: year, month: month) else {
            throw DERError.make(.invalidTime, at: offset, "\(what) day \(day) does not exist in month \(month) of \(year)")
        }
        guard hour <= 23, minute <= 59, second <= 59 else {
            throw DERError.make(.invalidTime, at: offset, "\(what) time of day \(hour):\(minute):\(second) is out of range")
        }
        return DERTime.unixSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}

extension DERReader {
    /// The next element as an RFC 5280 `Time` (UTCTime or GeneralizedTime), in Unix seconds.
    public mutating func readTime(_ what: String = "Time") throws(DERError) -> Int64 {
        guard !isAtEnd else {
            throw DERError.make(.missingElement, at: position, "expected \(what), the structure ended")
        }
        let e = try next()
        guard e.tag == .utcTime || e.tag == .generalizedTime else {
            throw DERError.make(.unexpectedTag, at: e.offset, "expected \(what) (UTCTime or GeneralizedTime), found \(e.tag)")
        }
        return try e.timeValue()
    }
}

extension DERWriter {
    /// Writes Unix seconds as RFC 5280 §4.1.2.5 wants them: UTCTime for 1950–2049, GeneralizedTime
    /// otherwise (years 0–9999; others are a programming error).
    public mutating func writeTime(unixSeconds t: Int64) {
        let c = DERTime.components(ofUnixSeconds: t)
        precondition(c.year >= 0 && c.year <= 9999, "year outside 0–9999")
        func two(_ v: Int) -> [UInt8] { [UInt8(ascii: "0") + UInt8(v / 10), UInt8(ascii: "0") + UInt8(v % 10)] }
        let y = Int(c.year)
        let rest = two(c.month) + two(c.day) + two(c.hour) + two(c.minute) + two(c.second) + [UInt8(ascii: "Z")]
        if y >= 1950 && y <= 2049 {
            write(.utcTime, contents: two(y % 100) + rest)
        } else {
            write(.generalizedTime, contents: two(y / 100) + two(y % 100) + rest)
        }
    }
}
