import Foundation
import Testing
import JOSE
import PureX509
import TestSupport
@testable import AppStore

/// The payload's date is read before the chain or the signature is checked, so every value JSON can carry must give a
/// floored second or a refusal, never a trap: `(ms - 999) / 1000` overflowed for `ms` near `Int64.min` and a single
/// request killed an offline verifier.
@Suite("App Store payload dates at the extremes")
struct PayloadDateExtremesTests {
    @Test func payloadTimeFloorsEveryInt64() throws {
        let v = try SignedDataVerifier(rootCertificates: [SignedDataVerificationTests.testRoot()], bundleID: "com.example",
                                       appAppleID: 1234, environment: .sandbox, clock: { 42 })
        let time = v.payloadTime("signedDate")
        let cases: [(Int64, Int64)] = [
            (0, 0), (999, 0), (1000, 1), (-1, -1), (-999, -1), (-1000, -1), (-1001, -2),
            (Int64.max, Int64.max / 1000), (Int64.min, Int64.min / 1000 - 1), (Int64.min + 1, Int64.min / 1000 - 1),
            (Int64.min + 808, Int64.min / 1000), (Int64.min + 807, Int64.min / 1000 - 1),
        ]
        for (ms, seconds) in cases {
            let object = try #require(try JSONValue(parsing: #"{"signedDate":\#(ms)}"#).objectValue)
            let got = try #require(time(object))
            #expect(got == seconds, "ms \(ms)")
            // The definition of the floor, in 128-bit-free arithmetic: 0 <= ms - 1000 * got < 1000.
            let (low, over) = got.multipliedReportingOverflow(by: 1000)
            if !over { #expect(ms - low >= 0 && ms - low < 1000, "ms \(ms)") } else { #expect(got == Int64.min / 1000 - 1) }
        }
        #expect(time(try #require(try JSONValue(parsing: "{}").objectValue)) == 42)
    }

    /// Apple's mock transaction with only its date changed, through every decoding entry: refused with a code, no trap.
    @Test func extremeDatesAreRefusedNotTrapped() throws {
        let parts = try SignedDataVerificationTests.text("mock_signed_data/transactionInfo").split(separator: ".").map(String.init)
        let payload = String(decoding: try Base64URL.decode(parts[1]), as: UTF8.self)
        let v = try SignedDataVerificationTests.verifier()
        for date in ["-9223372036854775808", "-9223372036854775807", "-9223372036854775000", "9223372036854775807",
                     "-1", "-1e300", "1e300", "-9.2233720368547758e18"] {
            let changed = payload.replacingOccurrences(of: #""signedDate":\d+"#, with: "\"signedDate\":\(date)",
                                                       options: .regularExpression)
            #expect(changed != payload)
            let token = parts[0] + "." + Base64URL.encode(Array(changed.utf8)) + "." + parts[2]
            #expect(throws: AppStoreError.self) { _ = try v.verifyAndDecodeTransaction(token) }
            #expect(throws: AppStoreError.self) { _ = try v.verifyAndDecodeNotification(token) }
            #expect(throws: AppStoreError.self) { _ = try v.verifyAndDecodeRenewalInfo(token) }
            let app = changed.replacingOccurrences(of: "signedDate", with: "receiptCreationDate")
            #expect(throws: AppStoreError.self) {
                _ = try v.verifyAndDecodeAppTransaction(parts[0] + "." + Base64URL.encode(Array(app.utf8)) + "." + parts[2])
            }
        }
    }
}
