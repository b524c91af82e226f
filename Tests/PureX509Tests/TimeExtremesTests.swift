import Foundation
import Testing
import DER
@testable import PureX509
import TestSupport

/// Issue 39, finding 1's class in PureX509: the validation time and the OCSP leeway come from callers that read
/// them from untrusted data (an App Store payload's date, a token's claim, `--at`); every value of Int64 gives a
/// verdict, never a trap. `time + leeway` trapped for a time near Int64.max before the bounds were saturating.
@Suite("X.509 and OCSP times at the extremes")
struct TimeExtremesTests {
    typealias O = OCSPResponseCheckingTests

    @Test func ocspCheckAtEveryExtremeTime() throws {
        let subject = try O.cert("subject"), issuer = try O.cert("issuer")
        let good = try OCSPResponse(derEncoded: Vectors.bytes("ocsp/good.der"))
        let single = try #require(good.responses.first)
        let next = try #require(single.nextUpdate)
        func verdict(_ time: Int64, _ leeway: Int64 = 300, maxAge: Int64 = 604_800) -> String {
            do {
                _ = try good.check(certificate: subject, issuer: issuer, at: time, leeway: leeway, maximumAgeWithoutNextUpdate: maxAge)
                return "good"
            } catch { return "\(error.code)" }
        }
        #expect(verdict(single.thisUpdate) == "good")
        // Far past: thisUpdate is after the time (also with the largest leeway, which saturates and excuses it).
        #expect(verdict(Int64.min) == "notYetValid")
        #expect(verdict(Int64.min + 1) == "notYetValid")
        #expect(verdict(Int64.min, Int64.max) == "notYetValid")       // Int64.min + Int64.max = -1
        // Far future: stale (also with a negative leeway, which saturates the other way).
        #expect(verdict(Int64.max) == "ocspStale")
        #expect(verdict(Int64.max - 1) == "ocspStale")
        for (t, l) in [(Int64.max, Int64.min), (Int64.min, Int64.min), (Int64.max, Int64.max), (0, Int64.min)] {
            #expect(["good", "notYetValid", "ocspStale"].contains(verdict(t, l)), "\(t) \(l)")
            #expect(["good", "notYetValid", "ocspStale"].contains(verdict(t, l, maxAge: Int64.max)), "\(t) \(l)")
            #expect(["good", "notYetValid", "ocspStale"].contains(verdict(t, l, maxAge: Int64.min)), "\(t) \(l)")
        }
        // The whole leeway range at the boundaries stays exact.
        #expect(verdict(next + 300) == "good" && verdict(next + 301) == "ocspStale")
        #expect(verdict(next, Int64.max) == "good")
        Vectors.report("ocsp/good.der", cases: 10, detail: "times at the extremes")
    }

    /// Path validation compares the time with each certificate's validity only (no arithmetic): pinned at the ends.
    @Test func pathValidationAtEveryExtremeTime() throws {
        let subject = try O.cert("subject"), issuer = try O.cert("issuer")
        let verifier = CertificateVerifier(trustRoots: [issuer])
        for t in [Int64.min, Int64.min + 1, -1, 0, Int64.max - 1, Int64.max] {
            #expect(throws: X509Error.self) { _ = try verifier.validate(leaf: subject, intermediates: [], at: t) }
        }
    }
}
