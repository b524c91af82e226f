import Foundation
import Testing
import DER
@testable import PureX509
import TestSupport

/// Security review 4, findings 3 and 5: names, extensions, policies and OCSP certificates in attacker-chosen
/// numbers are bounded when read, and what is accepted is compared without pairwise work.
@Suite("Hostile sizes: names, extensions, policies, OCSP certificates")
struct HostileSizeTests {
    static let time: Int64 = 1_767_225_600

    @Test("a Name of more than 64 attributes is refused with limitExceeded, in a certificate too; 64 are read")
    func nameAttributeBound() throws {
        let limit = DistinguishedName.maximumAttributes
        #expect(limit == 64)
        // wideName adds C=US: `limit - 1` in the wide RDN is the most accepted.
        let atLimit = HostileDER.wideName(limit - 1, .utf8String), over = HostileDER.wideName(limit, .utf8String)
        #expect(try DistinguishedName(derEncoded: atLimit).attributes.count == limit)
        #expect(throws: X509Error(.limitExceeded)) { _ = try DistinguishedName(derEncoded: over) }
        #expect(throws: X509Error(.limitExceeded)) { _ = try DistinguishedName(derEncoded: HostileDER.wideName(20_000, .printableString)) }
        let spki = try HostileDER.spki(), small = HostileDER.wideName(1, .utf8String)
        #expect(throws: X509Error(.limitExceeded)) {
            _ = try Certificate(derEncoded: HostileDER.certificate(issuer: over, subject: small, spki: spki, extensions: []))
        }
        #expect(throws: X509Error(.limitExceeded)) {
            _ = try Certificate(derEncoded: HostileDER.certificate(issuer: small, subject: over, spki: spki, extensions: []))
        }
        #expect(try Certificate(derEncoded: HostileDER.certificate(issuer: atLimit, subject: atLimit, spki: spki, extensions: [])).isSelfIssued)
    }

    @Test("RDNs match as multisets: any order, any string type, each attribute used once")
    func rdnMultisetMatching() throws {
        let o = HostileDER.organizationName
        func name(_ attrs: [(DERTag, String)]) throws -> DistinguishedName {
            try DistinguishedName(derEncoded: HostileDER.name([attrs.map { HostileDER.attribute(o, $0.0, $0.1) }]))
        }
        // The same values in other string types and spacing/case, so the SET OF orders differ.
        let mixed = try name((0..<63).map { ($0 % 2 == 0 ? .utf8String : .printableString, "Unit \($0)") })
        let other = try name((0..<63).map { ($0 % 2 == 0 ? .printableString : .bmpString, " unit  \($0) ") })
        #expect(mixed.derEncoded != other.derEncoded)
        #expect(mixed.matches(other) && other.matches(mixed))
        // {a, a} is not {a, b}: every attribute needs its own partner (pairwise "contains" said it was).
        let aa = try name([(.utf8String, "a"), (.printableString, "a")])
        let ab = try name([(.utf8String, "a"), (.printableString, "b")])
        #expect(!aa.matches(ab) && !ab.matches(aa))
        #expect(aa.containment(in: ab) == .outside && ab.containment(in: aa) == .outside)
        // A TeletexString of PrintableString characters compares as text, other octets only byte for byte.
        #expect(try name([(.teletexString, "Evil")]).matches(name([(.utf8String, "EVIL")])))
        #expect(try !name([(.teletexString, "Evil$")]).matches(name([(.utf8String, "Evil$")])))
        #expect(try name([(.teletexString, "Evil$")]).matches(name([(.teletexString, "Evil$")])))
    }

    @Test("matching two 64-attribute names in different string types costs about what identical DER costs")
    func nameMatchingCost() throws {
        let n = DistinguishedName.maximumAttributes - 1
        let a = try DistinguishedName(derEncoded: HostileDER.wideName(n, .utf8String))
        let b = try DistinguishedName(derEncoded: HostileDER.wideName(n, .printableString))
        let different = HostileDER.seconds(runs: 3) { for _ in 0..<1_000 { precondition(a.matches(b)) } }
        let same = HostileDER.seconds(runs: 3) { for _ in 0..<1_000 { precondition(a.matches(a)) } }
        // Prepared once: 1,000 matches of prepared names are a comparison of sorted keys (well under a second even
        // in a debug build on a loaded machine); pairwise preparation took about 1,000 times as long.
        #expect(different < 1.0, "1,000 matches took \(different) s (identical DER: \(same) s)")
    }

    @Test("more than 64 extensions or policies are refused with limitExceeded; duplicates are still found")
    func extensionAndPolicyBounds() throws {
        let spki = try HostileDER.spki(), small = HostileDER.wideName(1, .utf8String)
        func cert(_ ext: [[UInt8]]) -> [UInt8] { HostileDER.certificate(issuer: small, subject: small, spki: spki, extensions: ext) }
        #expect(CertificateExtensions.maximumCount == 64)
        #expect(try Certificate(derEncoded: cert(HostileDER.extensions(64))).extensions.all.count == 64)
        #expect(throws: X509Error(.limitExceeded)) { _ = try Certificate(derEncoded: cert(HostileDER.extensions(65))) }
        #expect(throws: X509Error(.limitExceeded)) { _ = try Certificate(derEncoded: cert(HostileDER.extensions(20_000))) }
        var dup = HostileDER.extensions(63)
        dup.append(dup[0])
        #expect(throws: X509Error(.duplicateExtension)) { _ = try Certificate(derEncoded: cert(dup)) }
        func policies(_ ids: [UInt64]) -> [UInt8] {
            var w = DERWriter()
            w.writeSequence { s in
                s.writeObjectIdentifier(X509OID.certificatePolicies)
                var v = DERWriter()
                v.writeSequence { l in for i in ids { l.writeSequence { p in p.writeObjectIdentifier([2, 23, 140, 1, i]) } } }
                s.writeOctetString(v.bytes)
            }
            return w.bytes
        }
        #expect(try Certificate(derEncoded: cert([policies(Array(0..<64))])).extensions.certificatePolicies?.count == 64)
        #expect(throws: X509Error(.limitExceeded)) { _ = try Certificate(derEncoded: cert([policies(Array(0..<65))])) }
        #expect(throws: X509Error(.invalidExtension)) { _ = try Certificate(derEncoded: cert([policies(Array(0..<63) + [5])])) }
    }

    @Test("an OCSP response with more than 8 certificates is refused before any is parsed; a large accepted one parses fast")
    func ocspCertificateBound() throws {
        let spki = try HostileDER.spki(), small = HostileDER.wideName(1, .utf8String)
        #expect(OCSPResponse.maximumCertificates == 8)
        // The largest certificate within the bounds: 64 extensions of 950 octets (about 61 KB).
        let big = HostileDER.certificate(issuer: small, subject: small, spki: spki, extensions: HostileDER.extensions(64, valueBytes: 950))
        #expect(big.count > 61_000)
        let one = HostileDER.ocspResponse(responder: small, certificates: [big])
        var parsed: OCSPResponse?
        let s = try HostileDER.seconds { parsed = try OCSPResponse(derEncoded: one) }
        #expect(parsed?.certificates.count == 1)
        #expect(s < 0.5, "parsing took \(s) s")
        // Nine certificates, each of which would be refused: the count is what is refused.
        let junk = [UInt8](HostileDER.tlv(.sequence, [0x05, 0x00]))
        #expect(throws: X509Error(.limitExceeded)) { _ = try OCSPResponse(derEncoded: HostileDER.ocspResponse(responder: small, certificates: Array(repeating: junk, count: 9))) }
        let fake = HostileDER.certificate(issuer: small, subject: small, spki: spki, extensions: HostileDER.extensions(5_000))
        #expect(throws: X509Error(.limitExceeded)) { _ = try OCSPResponse(derEncoded: HostileDER.ocspResponse(responder: small, certificates: [fake])) }
    }

    @Test("more than 1,024 subjectAltNames or 256 name-constraint subtrees are refused with limitExceeded")
    func nameListBounds() throws {
        let spki = try HostileDER.spki(), small = HostileDER.wideName(1, .utf8String)
        func dns(_ i: Int) -> [UInt8] { HostileDER.tlv(.contextSpecific(2, constructed: false), Array("h\(i).example".utf8)) }
        func ext(_ oid: ASN1ObjectIdentifier, critical: Bool = false, _ value: [UInt8]) -> [UInt8] {
            var w = DERWriter()
            w.writeSequence { s in s.writeObjectIdentifier(oid); if critical { s.writeBoolean(true) }; s.writeOctetString(value) }
            return w.bytes
        }
        func san(_ n: Int) -> [UInt8] { ext(X509OID.subjectAlternativeName, HostileDER.tlv(.sequence, (0..<n).flatMap(dns))) }
        func nc(_ n: Int) -> [UInt8] {
            let subtrees = (0..<n).flatMap { HostileDER.tlv(.sequence, dns($0)) }
            return ext(X509OID.nameConstraints, critical: true, HostileDER.tlv(.sequence, HostileDER.tlv(.contextSpecific(1), subtrees)))
        }
        func cert(_ e: [UInt8]) throws -> Certificate { try Certificate(derEncoded: HostileDER.certificate(issuer: small, subject: small, spki: spki, extensions: [e])) }
        #expect(try cert(san(1_024)).extensions.subjectAlternativeNames?.count == 1_024)
        #expect(throws: X509Error(.limitExceeded)) { _ = try cert(san(1_025)) }
        #expect(try cert(nc(256)).extensions.nameConstraints?.excludedSubtrees.count == 256)
        #expect(throws: X509Error(.limitExceeded)) { _ = try cert(nc(257)) }
    }
}
