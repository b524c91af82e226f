import Foundation
import Testing
@testable import DER

/// UTCTime and GeneralizedTime as RFC 5280 §4.1.2.5 profiles them, each accepted form beside the
/// refused twin that differs from it in one rule, and the calendar arithmetic against Foundation.
@Suite("Certificate times (UTCTime, GeneralizedTime)")
struct CertificateTimeTests {
    static func element(_ tag: UInt8, _ text: String) throws -> DERElement {
        var r = try DERReader(tlv(tag, Array(text.utf8)))
        return try r.next()
    }
    static func utc(_ text: String) throws -> Int64 { try element(0x17, text).utcTimeValue() }
    static func gen(_ text: String) throws -> Int64 { try element(0x18, text).generalizedTimeValue() }

    @Test("accepted forms give the Unix seconds of independent facts")
    func accepted() throws {
        #expect(try Self.utc("700101000000Z") == 0)
        #expect(try Self.utc("380119031408Z") == 2_147_483_648)            // 2³¹ s, the 32-bit rollover
        #expect(try Self.utc("000301000000Z") == 951_868_800)              // 2000-03-01, after a leap day
        #expect(try Self.utc("500101000000Z") == -631_152_000)             // 1950: the first UTCTime year
        #expect(try Self.utc("491231235959Z") == 2_524_607_999)            // 2049: the last
        #expect(try Self.gen("20500101000000Z") == 2_524_608_000)
        #expect(try Self.gen("19700101000000Z") == 0)
        #expect(try Self.gen("99991231235959Z") == 253_402_300_799)
        #expect(try Self.gen("00010101000000Z") == -62_135_596_800)     // 0001-01-01 (proleptic)
        #expect(DERTime.daysSinceEpoch(year: 0, month: 3, day: 1) == -719_468)
        #expect(try Self.utc("960229120000Z") == 825_595_200)              // 1996 is a leap year
        #expect(try Self.gen("20000229000000Z") == 951_782_400)            // 2000 too (÷400)
    }

    @Test("each DER/RFC 5280 rule refuses its twin", arguments: [
        // (accepted, refused, the rule)
        ("700101000000Z", "7001010000Z", "seconds present"),
        ("700101000000Z", "700101000000+0000", "Z, no offset"),
        ("700101000000Z", "700101000000", "Z present"),
        ("700101000000Z", "700101000000.5Z", "no fractions"),
        ("700101000000Z", "7001010000 0Z", "digits only"),
        ("700131000000Z", "700132000000Z", "day exists"),
        ("960229000000Z", "970229000000Z", "29 February only in leap years"),
        ("700430000000Z", "700431000000Z", "30-day months"),
        ("701201000000Z", "701301000000Z", "month ≤ 12"),
        ("700101000000Z", "700001000000Z", "month ≥ 1"),
        ("700101000000Z", "700100000000Z", "day ≥ 1"),
        ("700101235959Z", "700101240000Z", "hour ≤ 23"),
        ("700101005900Z", "700101006000Z", "minute ≤ 59"),
        ("700101000059Z", "700101000060Z", "second ≤ 59"),
    ])
    func utcRules(_ c: (String, String, String)) throws {
        #expect(throws: Never.self, "\(c.2)") { _ = try Self.utc(c.0) }
        #expect(throws: DERError(.invalidTime), "\(c.2)") { _ = try Self.utc(c.1) }
    }

    @Test("GeneralizedTime rules", arguments: [
        ("20500101000000Z", "205001010000Z", "seconds present"),
        ("20500101000000Z", "20500101000000.1Z", "no fractional seconds (RFC 5280)"),
        ("20500101000000Z", "20500101000000", "Z present"),
        ("20500101000000Z", "20500101000000-0100", "no offset"),
        ("20000229000000Z", "21000229000000Z", "2100 is not a leap year"),
        ("20500101000000Z", "2050010100000AZ", "digits only"),
    ])
    func generalizedRules(_ c: (String, String, String)) throws {
        #expect(throws: Never.self, "\(c.2)") { _ = try Self.gen(c.0) }
        #expect(throws: DERError(.invalidTime), "\(c.2)") { _ = try Self.gen(c.1) }
    }

    @Test("the Time CHOICE takes either tag and refuses others")
    func timeChoice() throws {
        var r = try DERReader(tlv(0x17, Array("700101000000Z".utf8)) + tlv(0x18, Array("20500101000000Z".utf8)))
        #expect(try r.readTime() == 0)
        #expect(try r.readTime() == 2_524_608_000)
        var bad = try DERReader(tlv(0x13, Array("700101000000Z".utf8)))
        #expect(throws: DERError(.unexpectedTag)) { _ = try bad.readTime() }
        #expect(throws: DERError(.unexpectedTag)) { _ = try Self.element(0x18, "700101000000Z").utcTimeValue() }
    }

    @Test("days since 1970 agree with Foundation's Gregorian calendar, and round-trip")
    func calendarAgainstFoundation() throws {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        var checked = 0
        // Every 37th day from 1600 to 2400, plus the cycle edges.
        var days: [Int64] = Array(stride(from: Int64(-135_140), through: 157_000, by: 37))
        // (Foundation's "gregorian" calendar is Julian before 1582, so earlier days are checked in `accepted`.)
        days += [-1, 0, 1, 10_956, 11_016, 47_482, 2_932_896]
        for d in days {
            let t = d * 86_400 + 3_661
            let date = Date(timeIntervalSince1970: TimeInterval(t))
            let f = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let c = DERTime.components(ofUnixSeconds: t)
            #expect(Int(c.year) == f.year! && c.month == f.month! && c.day == f.day!, "day \(d)")
            #expect(c.hour == 1 && c.minute == 1 && c.second == 1)
            #expect(DERTime.unixSeconds(year: c.year, month: c.month, day: c.day, hour: 1, minute: 1, second: 1) == t)
            checked += 1
        }
        #expect(checked == 7_903)
    }

    @Test("the writer picks UTCTime for 1950–2049 and GeneralizedTime outside, and reads back")
    func writer() throws {
        for (t, tag) in [(Int64(-631_152_001), UInt8(0x18)), (-631_152_000, 0x17), (2_524_607_999, 0x17), (2_524_608_000, 0x18)] {
            var w = DERWriter()
            w.writeTime(unixSeconds: t)
            #expect(w.bytes.first == tag)
            var r = try DERReader(w.bytes)
            #expect(try r.readTime() == t)
        }
        #expect(DERTime.rfc3339(unixSeconds: 951_868_800) == "2000-03-01T00:00:00Z")
    }
}
