import Foundation
import Testing
import DER
@testable import PureX509
import TestSupport

/// Prints the costs of review 4's hostile sizes (findings 3 and 5) with this build; PUREJOSE_MEASURE=1 runs it.
///
/// Measured 2026-11-28 on the shared 2-core machine, debug builds, user CPU seconds of `jose x509 verify` (a leaf whose
/// issuer is C=US plus one RDN of n organizationName values in UTF8String, a root naming it in PrintableString) and
/// `jose x509 show`, before (a609312) → after:
///   n = 63 (the largest accepted): 0.02 → 0.01;  n = 1,200 (13.4 KB leaf): 0.33 → 0.00 (refused when read);
///   n = 5,000: 4.17 → 0.03;  n = 20,000 (236 KB leaf): 72.2 → 0.12
///   show, 5,000 extensions: 2.34 → 0.01;  20,000 extensions (384 KB): 35.4 → 0.00;  20,000 extensions of 45 octets
///   (1.24 MB): 35.0 → 0.01 (all refused after the 64th);  64 extensions (the largest accepted): 0.00 → 0.00
/// This suite, after: parse and match two 63-attribute names 1.6 ms; prepare and compare two RDNs of 1,200 / 20,000
/// attributes with the bound lifted 46 ms / 742 ms (n log n; pairwise it was minutes); a 62 KB certificate of 64
/// extensions 0.6 ms; an OCSP response carrying it 0.5 ms; refusals well under 1 ms.
@Suite("Hostile sizes: measured costs", .enabled(if: ProcessInfo.processInfo.environment["PUREJOSE_MEASURE"] == "1"))
struct HostileSizeMeasureTests {
    /// Times `body` and checks its verdict: accepted (no error) or refused, as `expected` says.
    func report(_ what: String, runs: Int = 3, expect accepted: Bool, _ body: () throws -> Void,
                sourceLocation: SourceLocation = #_sourceLocation) {
        var outcome = "accepted"
        let s = HostileDER.seconds(runs: runs) {
            do { try body() } catch { outcome = "refused: \(error)".prefix(100).description }
        }
        FileHandle.standardError.write(Data("[measure] \(what): \(String(format: "%.5f", s)) s, \(outcome)\n".utf8))
        #expect((outcome == "accepted") == accepted, "\(what): \(outcome)", sourceLocation: sourceLocation)
    }

    @Test("names, extensions, OCSP")
    func measure() throws {
        let spki = try HostileDER.spki()
        // The largest Name accepted, and what is refused.
        for n in [DistinguishedName.maximumAttributes - 1, 1_200, 20_000] {
            let a = HostileDER.wideName(n, .utf8String), b = HostileDER.wideName(n, .printableString)
            report("Name of one RDN with \(n) attributes (\(a.count) bytes): parse both, match",
                   expect: n < DistinguishedName.maximumAttributes) {
                let x = try DistinguishedName(derEncoded: a), y = try DistinguishedName(derEncoded: b)
                #expect(x.matches(y))
            }
        }
        // The prepared comparison itself, without the bound (the cost a Name of n attributes would have).
        for n in [63, 1_200, 20_000] {
            let o = HostileDER.organizationName
            let a = (0..<n).map { DistinguishedName.Attribute(type: o, valueTag: .utf8String, valueBytes: Array("unit \($0)".utf8), stringValue: "unit \($0)") }
            let b = (0..<n).reversed().map { DistinguishedName.Attribute(type: o, valueTag: .printableString, valueBytes: Array("UNIT \($0)".utf8), stringValue: "UNIT \($0)") }
            report("prepare and compare two RDNs of \(n) attributes (no bound)", runs: 1, expect: true) {
                // Case-folded PrintableString and UTF8String of the same text, in reverse order: equal (RFC 5280 §7.1).
                #expect(DistinguishedName.PreparedRDN(a).keys == DistinguishedName.PreparedRDN(b).keys)
            }
        }
        let small = HostileDER.wideName(1, .utf8String)
        for (count, size) in [(64, 2), (64, 950), (65, 2), (20_000, 2), (20_000, 45)] {
            let der = HostileDER.certificate(issuer: small, subject: small, spki: spki, extensions: HostileDER.extensions(count, valueBytes: size))
            report("certificate with \(count) extensions (\(der.count) bytes): parse", expect: count <= 64) {
                _ = try Certificate(derEncoded: der)
            }
        }
        for (count, size) in [(64, 950), (5_000, 2)] {
            let fake = HostileDER.certificate(issuer: small, subject: small, spki: spki, extensions: HostileDER.extensions(count, valueBytes: size))
            let ocsp = HostileDER.ocspResponse(responder: small, certificates: [fake])
            report("OCSP response with a \(fake.count)-byte embedded certificate of \(count) extensions: parse", expect: count <= 64) {
                _ = try OCSPResponse(derEncoded: ocsp)
            }
        }
    }
}
