import Foundation
import Testing
import DER
@testable import PureX509
import TestSupport

/// Prints the costs of review 4's hostile sizes (findings 3 and 5); set PUREJOSE_MEASURE=1 to run.
@Suite("Hostile sizes: measured costs", .enabled(if: ProcessInfo.processInfo.environment["PUREJOSE_MEASURE"] == "1"))
struct HostileSizeMeasureTests {
    func report(_ what: String, _ body: () throws -> Void) {
        var outcome = "accepted"
        let s = HostileDER.seconds {
            do { try body() } catch { outcome = "refused: \(error)".prefix(90).description }
        }
        print("[measure] \(what): \(String(format: "%.4f", s)) s, \(outcome)")
    }

    @Test("names, extensions, OCSP")
    func measure() throws {
        let spki = try HostileDER.spki()
        for n in [64, 1_200, 20_000] {
            let a = HostileDER.wideName(n, .utf8String), b = HostileDER.wideName(n, .printableString)
            report("Name of one RDN with \(n) attributes (\(a.count) bytes): parse both and match") {
                let x = try DistinguishedName(derEncoded: a), y = try DistinguishedName(derEncoded: b)
                #expect(x.matches(y))
            }
            if n <= 1_200 {
                // A leaf naming the wide issuer, a pool of 8 CAs whose subject is the same name in another string type.
                let leaf = HostileDER.certificate(issuer: a, subject: HostileDER.wideName(1, .utf8String), spki: spki, extensions: [])
                let pool = (0..<8).map { HostileDER.certificate(issuer: b, subject: b, spki: spki, extensions: [], serial: UInt8(10 + $0)) }
                report("validate: leaf (\(leaf.count) bytes) under 8 same-name CAs of \(n) attributes (\(pool[0].count) bytes)") {
                    let l = try Certificate(derEncoded: leaf)
                    let p = try pool.map { try Certificate(derEncoded: $0) }
                    _ = try CertificateVerifier(trustRoots: [p[0]]).validate(leaf: l, intermediates: Array(p.dropFirst()), at: 1_767_225_600)
                }
            }
        }
        let small = HostileDER.wideName(1, .utf8String)
        for (count, size) in [(64, 2), (20_000, 2), (20_000, 45)] {
            let der = HostileDER.certificate(issuer: small, subject: small, spki: spki, extensions: HostileDER.extensions(count, valueBytes: size))
            report("certificate with \(count) extensions (\(der.count) bytes): parse") { _ = try Certificate(derEncoded: der) }
        }
        let fake = HostileDER.certificate(issuer: small, subject: small, spki: spki, extensions: HostileDER.extensions(5_000, valueBytes: 2))
        let ocsp = HostileDER.ocspResponse(responder: small, certificates: [fake])
        report("OCSP response with a \(fake.count)-byte embedded certificate: parse") { _ = try OCSPResponse(derEncoded: ocsp) }
    }
}
