import Foundation
import Testing
@testable import JoseCLI

/// `jose decode` on NumericDates at the edges of Int64: a line of output, never a trap.
@Suite("jose decode, extreme NumericDates")
struct DecodeEdgeTests {
    static func token(claims: String) -> String {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return part(#"{"alg":"HS256"}"#) + "." + part(claims) + ".AAAA"
    }

    /// Int64.min has no positive counterpart: `abs` of it trapped.
    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "-9007199254740992", "9007199254740992", "1e300"])
    func outOfRangeNumbersAreNotDates(value: String) {
        let run = jose(["decode", "--now", "0", Self.token(claims: #"{"exp":\#(value)}"#)])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("exp       \(value)  outside the NumericDate range ±(2^53−1)"), "\(run.out)")
        #expect(!run.out.contains("warning"))
    }

    /// Issue 20: the whole I-JSON range prints as dates (year −285 million … +285 million).
    @Test func theEdgesOfTheRangeAreDates() {
        let past = jose(["decode", "--now", "0", Self.token(claims: #"{"exp":-9007199254740991}"#)])
        #expect(past.status == 0, "\(past.err)")
        // Expected dates computed with Python's datetime (400-year cycles of 146,097 days added to the year).
        #expect(past.out.contains("exp       -9007199254740991  -285424812-02-20 16:23:29 UTC"), "\(past.out)")
        #expect(past.out.contains("warning: expired at -285424812-02-20 16:23:29 UTC"))
        let future = jose(["decode", "--now", "0", Self.token(claims: #"{"exp":9007199254740991}"#)])
        #expect(future.out.contains("exp       9007199254740991  285428751-11-12 07:36:31 UTC"), "\(future.out)")
        #expect(!future.out.contains("warning"))
    }
}
