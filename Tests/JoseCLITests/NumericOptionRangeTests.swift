import Foundation
import Testing
import TestSupport
@testable import JoseCLI

/// Every numeric option of every command is range-checked before any arithmetic: the extremes (0, -1, huge,
/// Int64.max and one past it, Int64.min, floating-point spellings, infinity, NaN, words, padded and hexadecimal
/// text) and each range's edges get either a run or one line naming the option and its range, exit 2 — never a trap.
@Suite("jose: numeric options are range-checked")
struct NumericOptionRangeTests {
    static let extremes = ["0", "-1", "1", "106751991167301", "9223372036854775807", "9223372036854775808",
                           "-9223372036854775808", "99999999999999999999999", "1e300", "1e3", "1.5", "inf", "-inf",
                           "nan", "NaN", "infinity", "abc", "", " 5", "5 ", "0x10", "+", "-", "١٢"]

    /// One numeric option: the command line around it, the values that run there (`range`), and the range the
    /// option itself states (`stated`; narrower only where a sum with another option must stay before year 10000).
    struct Option: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: @Sendable (String) -> [String]
        var range: ClosedRange<Int64>
        var stated: ClosedRange<Int64>
        init(name: String, arguments: @escaping @Sendable (String) -> [String], range: ClosedRange<Int64>,
             stated: ClosedRange<Int64>? = nil) {
            self.name = name
            self.arguments = arguments
            self.range = range
            self.stated = stated ?? range
        }
        var testDescription: String { "\(arguments("N").first!) \(name)" }
    }

    static let p8 = Vectors.path("keys/generated/apple-style-AuthKey_TEST123456.p8")
    static let appStoreP8 = Vectors.path("apple/certs/testSigningKey.p8")
    static let token = Fixtures.token("HS256")
    static let year9999: Int64 = 253_402_300_799

    static let options: [Option] = [
        Option(name: "--days", arguments: { ["apple-secret", "--p8", p8, "--team", "T", "--client", "C", "--kid", "K",
                                             "--iat", "1700000000", "--days", $0] }, range: 1...182),
        Option(name: "--iat", arguments: { ["apple-secret", "--p8", p8, "--team", "T", "--client", "C", "--kid", "K",
                                            "--days", "1", "--iat", $0] }, range: 0...(year9999 - 86_400),
               stated: 0...year9999),
        Option(name: "--iat", arguments: { ["sign", "--key", Fixtures.path("oct.jwk.json"), "--alg", "HS256", "--iat", $0] },
               range: 0...year9999),
        Option(name: "--exp", arguments: { ["sign", "--key", Fixtures.path("oct.jwk.json"), "--alg", "HS256",
                                            "--iat", "1000", "--exp", $0] }, range: 1...(year9999 - 1000),
               stated: 1...year9999),
        Option(name: "--now", arguments: { ["decode", "--now", $0, token] }, range: 0...year9999),
        Option(name: "--now", arguments: { ["verify", "--jwks", Fixtures.path("hs.jwks.json"), "--now", $0, token] },
               range: 0...year9999),
        Option(name: "--leeway", arguments: { ["verify", "--jwks", Fixtures.path("hs.jwks.json"), "--now", "1800000000",
                                               "--leeway", $0, token] }, range: 0...31_536_000),
        Option(name: "--bytes", arguments: { ["keygen", "--kty", "oct", "--bytes", $0] }, range: 32...1024),
        Option(name: "--minutes", arguments: { ["appstore", "token", "--p8", appStoreP8, "--issuer", "i", "--kid", "k",
                                                "--bundle-id", "b", "--iat", "1700000000", "--minutes", $0] }, range: 1...60),
        Option(name: "--iat", arguments: { ["appstore", "token", "--p8", appStoreP8, "--issuer", "i", "--kid", "k",
                                            "--bundle-id", "b", "--iat", $0] }, range: 0...(year9999 - 300),
               stated: 0...year9999),
        Option(name: "--iat", arguments: { ["apns-token", "--p8", appStoreP8, "--team", "T", "--kid", "k", "--iat", $0] },
               range: 0...year9999),
        Option(name: "--timestamp", arguments: { ["appstore", "offer-signature", "--p8", appStoreP8, "--kid", "k",
                                                  "--bundle-id", "b", "--product", "p", "--offer", "o",
                                                  "--nonce", "20fba6fe-3d16-4d5d-a1b4-5f2b0c5e3b6c", "--timestamp", $0] },
               range: 1...(year9999 * 1000 + 999)),
    ]

    /// The values tried for one option: the extremes and the range's edges on both sides.
    static func values(for range: ClosedRange<Int64>) -> [String] {
        var edges = [range.lowerBound, range.upperBound].map(String.init)
        if range.lowerBound > Int64.min { edges.append(String(range.lowerBound - 1)) }
        if range.upperBound < Int64.max { edges.append(String(range.upperBound + 1)) }
        return extremes + edges
    }

    @Test(arguments: options)
    func extremesAreRunOrRefusedNamingTheRange(_ option: Option) {
        var accepted = 0, refused = 0
        for value in Self.values(for: option.range) {
            let run = jose(option.arguments(value))
            // In range means a decimal Int64 (ASCII digits, optional sign) inside the documented range.
            let inRange = Int64(value).map(option.range.contains) ?? false
            if inRange {
                accepted += 1
                #expect(run.status == 0 || run.status == 1, "\(option.testDescription) \(value): \(run.err)")
                #expect(!run.err.contains("must be a whole number"), "\(option.testDescription) \(value): \(run.err)")
            } else {
                refused += 1
                #expect(run.status == 2, "\(option.testDescription) \(value.debugDescription)")
                #expect(run.out.isEmpty)
                #expect(run.errLines.count == 1, "\(run.err.debugDescription)")
                // Outside the stated range: the range is named; inside it but past year 9999 with the other option:
                // that is said.
                let stated = Int64(value).map(option.stated.contains) ?? false
                let message = stated ? "after year 9999"
                    : "\(option.name) must be a whole number from \(option.stated.lowerBound) to \(option.stated.upperBound), not "
                #expect(run.err.contains(message), "\(option.testDescription) \(value.debugDescription): \(run.err)")
            }
        }
        // Both sides were exercised: at least the range's two edges ran, and at least 20 values were refused.
        #expect(accepted >= 2 && refused >= 20, "\(accepted) accepted, \(refused) refused")
        // The key file a command reads, when it is a vector file: one case per value tried.
        if let key = option.arguments("N").first(where: { $0.contains("/Vectors/") }) {
            let file = String(key[key.range(of: "/Vectors/")!.upperBound...])
            #expect(accepted + refused == Self.values(for: option.range).count)
            Vectors.report(file, cases: accepted + refused, detail: option.testDescription)
        }
    }

    /// The report's exact command: `--days 106751991167301` used to overflow days × 86,400 and trap.
    @Test func appleSecretDaysThatOverflowed() {
        let run = jose(["apple-secret", "--p8", Self.p8, "--team", "T", "--client", "C", "--kid", "K", "--days", "106751991167301"])
        #expect(run.status == 2)
        #expect(run.err == "jose apple-secret: --days must be a whole number from 1 to 182, not '106751991167301'\n")
    }

    /// iat and the lifetime each in range, their sum past year 9999: refused before it is computed.
    @Test func sumsPastYear9999AreRefused() {
        let apple = jose(["apple-secret", "--p8", Self.p8, "--team", "T", "--client", "C", "--kid", "K",
                          "--iat", String(Self.year9999), "--days", "1"])
        #expect(apple.status == 2 && apple.err.contains("after year 9999"), "\(apple.err)")
        let sign = jose(["sign", "--key", Fixtures.path("oct.jwk.json"), "--alg", "HS256",
                         "--iat", String(Self.year9999), "--exp", "1"])
        #expect(sign.status == 2 && sign.err.contains("after year 9999"), "\(sign.err)")
        // The largest exp that fits is signed as given.
        let edge = jose(["sign", "--key", Fixtures.path("oct.jwk.json"), "--alg", "HS256",
                         "--iat", String(Self.year9999 - 1), "--exp", "1"])
        #expect(edge.status == 0, "\(edge.err)")
        #expect(Fixtures.payloadText(edge.out.trimmingCharacters(in: .newlines)) ==
                "{\"iat\":\(Self.year9999 - 1),\"exp\":\(Self.year9999)}")
    }

    /// `--bits` takes one of three sizes; every extreme is refused naming them (no key is generated).
    @Test func rsaBitsExtremes() {
        for value in Self.extremes + ["2047", "2049", "4097", "8192"] {
            let run = jose(["keygen", "--kty", "RSA", "--bits", value])
            #expect(run.status == 2 && run.out.isEmpty, "\(value.debugDescription)")
            #expect(run.errLines.count == 1 && run.err.contains("--bits must be 2048, 3072 or 4096"), "\(run.err)")
        }
    }

    /// A value with a line break or escape characters is shown on one line, cut to 64 characters.
    @Test func refusedValueIsShownOnOneShortLine() {
        let run = jose(["keygen", "--kty", "oct", "--bytes", "12\n\u{1B}[31m" + String(repeating: "9", count: 200)])
        #expect(run.status == 2 && run.errLines.count == 1)
        #expect(run.err.contains("not '12??[31m999"))
        #expect(run.err.hasSuffix("…'\n") && run.err.count < 180, "\(run.err)")
    }
}
