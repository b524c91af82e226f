import Foundation
import Testing
import DER
@testable import PureX509
import TestSupport

/// OCSP (RFC 6960) against requests and responses built by Python `cryptography`'s x509.ocsp
/// (Scripts/generate-ocsp-responses.py → Vectors/ocsp): requests byte for byte, every response case with the
/// outcome MANIFEST.json names, each refusal beside its accepted twin.
@Suite("OCSP requests and responses")
struct OCSPResponseCheckingTests {
    static let folder = "ocsp"
    static func cert(_ name: String) throws -> Certificate { try Certificate(pemEncoded: Vectors.text("\(folder)/\(name).pem")) }

    @Test("SHA-1 matches FIPS 180-4's examples (used only for CertID hashes)")
    func sha1KnownAnswers() {
        func hex(_ b: [UInt8]) -> String { b.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(OCSPSHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(OCSPSHA1.hash([UInt8]())) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(OCSPSHA1.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(OCSPSHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("a request is byte for byte what cryptography's OCSPRequestBuilder writes (SHA-1 and SHA-256 CertIDs)")
    func requestsMatchCryptography() throws {
        let subject = try Self.cert("subject"), issuer = try Self.cert("issuer")
        let sha1 = try OCSPRequest(certificate: subject, issuer: issuer)
        #expect(sha1.derEncoded == (try Vectors.bytes("\(Self.folder)/request-sha1.der")))
        #expect(sha1.certID.issuerNameHash.count == 20)
        let sha256 = try OCSPRequest(certificate: subject, issuer: issuer, hashAlgorithm: .sha256)
        #expect(sha256.derEncoded == (try Vectors.bytes("\(Self.folder)/request-sha256.der")))
        #expect(sha256.certID.issuerKeyHash.count == 32)
        #expect(sha1.certID != sha256.certID)
        // A certificate and a CA that did not issue it: no request.
        #expect(throws: X509Error(.rejectedByPolicy)) { try OCSPRequest(certificate: subject, issuer: Self.cert("other-ca")) }
        Vectors.report("\(Self.folder)/request-sha1.der", cases: 1)
        Vectors.report("\(Self.folder)/request-sha256.der", cases: 1)
    }

    @Test("every MANIFEST response gets its expected outcome")
    func manifestCases() throws {
        let json = try JSONSerialization.jsonObject(with: Data(Vectors.bytes("\(Self.folder)/MANIFEST.json"))) as! [String: Any]
        let time = Int64(json["checkTime"] as! Int)
        let revocationTime = Int64(json["revocationTime"] as! Int)
        let cases = json["cases"] as! [[String: Any]]
        let subject = try Self.cert("subject"), issuer = try Self.cert("issuer")
        #expect(subject.serialNumber == [0x2A, 0x2B, 0x2C])
        var outcomes: [String: Int] = [:]
        for c in cases {
            let name = c["name"] as! String, expect = c["expect"] as! String
            let der = try Vectors.bytes("\(Self.folder)/\(c["file"] as! String)")
            let got = Self.outcome(der, subject, issuer, time, revocationTime, name)
            #expect(got == expect, "\(name): \(c["note"] as? String ?? "")")
            outcomes[expect, default: 0] += 1
        }
        #expect(cases.count == 20)
        #expect(outcomes["good"] == 6 && outcomes["revoked"] == 2 && outcomes["unknown"] == 1)
        Vectors.report("\(Self.folder)/MANIFEST.json", cases: cases.count,
                       detail: outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }

    /// The case's outcome in MANIFEST.json's words.
    static func outcome(_ der: [UInt8], _ subject: Certificate, _ issuer: Certificate, _ time: Int64,
                        _ revocationTime: Int64, _ name: String) -> String {
        let result = Result { () throws(X509Error) -> OCSPSingleResponse in
            try OCSPResponse(derEncoded: der).check(certificate: subject, issuer: issuer, at: time)
        }
        switch result {
        case .success(let single):
            switch single.status {
            case .good: return "good"
            case .unknown: return "unknown"
            case .revoked(let when, let reason):
                #expect(when == revocationTime, "\(name)")
                #expect(reason == (name == "revoked" ? 1 : nil), "\(name): keyCompromise is CRLReason 1")
                return "revoked"
            }
        case .failure(let e):
            let names: [X509Error.Code: String] = [
                .ocspStale: "stale", .notYetValid: "notYetValid", .invalidSignature: "invalidSignature",
                .ocspResponderNotAuthorized: "responderNotAuthorized", .ocspCertIDMismatch: "certIDMismatch",
                .ocspUnsuccessful: "responseUnsuccessful", .unsupportedSignatureAlgorithm: "unsupportedSignatureAlgorithm",
            ]
            return names[e.code] ?? "X509Error.\(e.code): \(e.reason)"
        }
    }

    @Test("freshness: nextUpdate and thisUpdate compared with the time, within the leeway")
    func freshnessBoundaries() throws {
        let subject = try Self.cert("subject"), issuer = try Self.cert("issuer")
        let good = try OCSPResponse(derEncoded: Vectors.bytes("\(Self.folder)/good.der"))
        let single = try #require(good.responses.first)
        let next = try #require(single.nextUpdate)
        #expect(next - single.thisUpdate == 86_400)
        // Last second of the leeway after nextUpdate: fresh; one more: stale.
        _ = try good.check(certificate: subject, issuer: issuer, at: next + 300)
        #expect(throws: X509Error(.ocspStale)) { try good.check(certificate: subject, issuer: issuer, at: next + 301) }
        #expect(throws: X509Error(.ocspStale)) { try good.check(certificate: subject, issuer: issuer, at: next + 1, leeway: 0) }
        // thisUpdate in the future by the leeway: accepted; by one more second: not yet valid.
        _ = try good.check(certificate: subject, issuer: issuer, at: single.thisUpdate - 300)
        #expect(throws: X509Error(.notYetValid)) { try good.check(certificate: subject, issuer: issuer, at: single.thisUpdate - 301) }
    }

    @Test("the parsed response shows its parts; a sibling certificate's answer is not this certificate's")
    func parsedFields() throws {
        let r = try OCSPResponse(derEncoded: Vectors.bytes("\(Self.folder)/good-delegated.der"))
        #expect(r.responseStatus == 0)
        #expect(r.certificates == [try Self.cert("responder")])
        #expect(r.responses.count == 1)
        #expect(r.responses[0].certID?.serialNumber == [0x2A, 0x2B, 0x2C])
        let sibling = try Self.cert("sibling"), issuer = try Self.cert("issuer")
        #expect(throws: X509Error(.ocspCertIDMismatch)) { try r.check(certificate: sibling, issuer: issuer, at: r.responses[0].thisUpdate) }
        let later = try OCSPResponse(derEncoded: Vectors.bytes("\(Self.folder)/try-later.der"))
        #expect(later.responseStatus == 3 && later.responses.isEmpty)
    }

    @Test("malformed input is invalidEncoding, never a crash: truncations and bit flips of every response")
    func malformedResponsesAreRefused() throws {
        let subject = try Self.cert("subject"), issuer = try Self.cert("issuer")
        let good = try Vectors.bytes("\(Self.folder)/good.der")
        var refused = 0, accepted = 0
        for n in 0..<good.count {
            #expect(throws: X509Error.self) { try OCSPResponse(derEncoded: good[..<n]) }
            refused += 1
        }
        // Flip each byte: the result is either refused or, if it still parses, never a good answer for a tampered
        // signed part.
        for i in 0..<good.count {
            var b = good
            b[i] ^= 0x01
            if let r = try? OCSPResponse(derEncoded: b), let s = try? r.check(certificate: subject, issuer: issuer, at: 1_780_318_800) {
                // Only bytes outside the signed ResponseData and the signature value could leave it valid; none exist.
                Issue.record("byte \(i) flipped still checks as \(s.status)")
                accepted += 1
            } else {
                refused += 1
            }
        }
        #expect(accepted == 0)
        #expect(refused == 2 * good.count)
    }
}
