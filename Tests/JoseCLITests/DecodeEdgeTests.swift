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
    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "-1000000000000001"])
    func outOfRangeIntegersAreNotDates(value: String) {
        let run = jose(["decode", "--now", "0", Self.token(claims: #"{"exp":\#(value)}"#)])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("exp       \(value)  not a NumericDate"))
        #expect(!run.out.contains("warning"))
    }

    @Test func theEdgeOfTheRangeIsADate() {
        let run = jose(["decode", "--now", "0", Self.token(claims: #"{"exp":-1000000000000000}"#)])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("warning: expired at "))
    }
}
