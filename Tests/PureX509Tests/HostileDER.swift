import Foundation
import DER
@testable import PureX509
import TestSupport

/// Hostile certificate shapes built in DER here (security review 4, findings 3 and 5): names with many attributes
/// in one RDN, certificates with many extensions, OCSP answers carrying such a certificate. The signatures are
/// not valid (parsing and name matching happen before any signature is checked, which is what is measured).
enum HostileDER {
    static let organizationName: ASN1ObjectIdentifier = [2, 5, 4, 10]

    static func tlv(_ tag: DERTag, _ contents: [UInt8]) -> [UInt8] {
        var w = DERWriter(); w.write(tag, contents: contents); return w.bytes
    }

    /// One AttributeTypeAndValue (type, value with `tag`).
    static func attribute(_ type: ASN1ObjectIdentifier, _ tag: DERTag, _ value: String) -> [UInt8] {
        var w = DERWriter()
        let bytes = tag == .bmpString ? value.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } : Array(value.utf8)
        w.writeSequence { s in s.writeObjectIdentifier(type); s.write(tag, contents: bytes) }
        return w.bytes
    }

    /// A SET OF in DER order (X.690 §11.6: ascending encodings, zero-padded).
    static func setOf(_ parts: [[UInt8]]) -> [UInt8] {
        let sorted = parts.sorted { a, b in
            for k in 0..<max(a.count, b.count) {
                let x = k < a.count ? a[k] : 0, y = k < b.count ? b[k] : 0
                if x != y { return x < y }
            }
            return false
        }
        return tlv(.set, sorted.flatMap { $0 })
    }

    /// A Name of the given RDNs, each a list of encoded attributes.
    static func name(_ rdns: [[[UInt8]]]) -> [UInt8] { tlv(.sequence, rdns.flatMap { setOf($0) }) }

    /// A Name with C=US, O=PureJOSE and one RDN of `count` organizationName attributes "unit 0", "unit 1", …, every
    /// value written with `tag`.
    static func wideName(_ count: Int, _ tag: DERTag) -> [UInt8] {
        name([[attribute([2, 5, 4, 6], .printableString, "US")],
              (0..<count).map { attribute(organizationName, tag, "unit \($0)") }])
    }

    /// A P-256 SubjectPublicKeyInfo (the root of Vectors/x509-chains).
    static func spki() throws -> [UInt8] {
        try Certificate(pemEncoded: Vectors.text("x509-chains/root.pem")).subjectPublicKeyInfoBytes
    }

    /// A v3 certificate (ecdsa-with-SHA256, a signature that verifies nothing).
    static func certificate(issuer: [UInt8], subject: [UInt8], spki: [UInt8], extensions: [[UInt8]], serial: UInt8 = 7) -> [UInt8] {
        var alg = DERWriter()
        alg.writeSequence { a in a.writeObjectIdentifier([1, 2, 840, 10045, 4, 3, 2]) }
        var tbs = DERWriter()
        tbs.writeSequence { t in
            t.writeExplicit(0) { v in v.writeInteger(2) }
            t.write(.integer, contents: [serial])
            t.writeEncoded(alg.bytes)
            t.writeEncoded(issuer)
            t.writeSequence { v in
                v.write(.utcTime, contents: Array("200101000000Z".utf8))
                v.write(.utcTime, contents: Array("400101000000Z".utf8))
            }
            t.writeEncoded(subject)
            t.writeEncoded(spki)
            if !extensions.isEmpty { t.writeExplicit(3) { e in e.write(.sequence, contents: extensions.flatMap { $0 }) } }
        }
        var c = DERWriter()
        c.writeSequence { s in
            s.writeEncoded(tbs.bytes)
            s.writeEncoded(alg.bytes)
            s.writeBitString([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01])
        }
        return c.bytes
    }

    /// `count` distinct non-critical private extensions (1.3.6.1.4.1.55555.2.i), each with `valueBytes` octets.
    static func extensions(_ count: Int, valueBytes: Int = 2) -> [[UInt8]] {
        (0..<count).map { i in
            var w = DERWriter()
            w.writeSequence { s in
                s.writeObjectIdentifier([1, 3, 6, 1, 4, 1, 55555, 2, UInt64(i)])
                s.writeOctetString([UInt8](repeating: 0x05, count: valueBytes))
            }
            return w.bytes
        }
    }

    /// A successful BasicOCSPResponse (byName responder `responder`, one good answer) carrying `certificates`.
    static func ocspResponse(responder: [UInt8], certificates: [[UInt8]]) -> [UInt8] {
        var basic = DERWriter()
        basic.writeSequence { b in
            b.writeSequence { t in
                t.writeExplicit(1) { r in r.writeEncoded(responder) }
                t.write(.generalizedTime, contents: Array("20260101000000Z".utf8))
                t.writeSequence { l in
                    l.writeSequence { s in
                        s.writeSequence { id in
                            id.writeSequence { a in a.writeObjectIdentifier([1, 3, 14, 3, 2, 26]); a.writeNull() }
                            id.writeOctetString([UInt8](repeating: 1, count: 20))
                            id.writeOctetString([UInt8](repeating: 2, count: 20))
                            id.write(.integer, contents: [7])
                        }
                        s.write(.contextSpecific(0, constructed: false), contents: [])
                        s.write(.generalizedTime, contents: Array("20260101000000Z".utf8))
                    }
                }
            }
            b.writeSequence { a in a.writeObjectIdentifier([1, 2, 840, 10045, 4, 3, 2]) }
            b.writeBitString([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01])
            b.writeExplicit(0) { c in c.write(.sequence, contents: certificates.flatMap { $0 }) }
        }
        var w = DERWriter()
        w.writeSequence { o in
            o.write(DERTag(.universal, number: 10, constructed: false), contents: [0])
            o.writeExplicit(0) { rb in
                rb.writeSequence { s in
                    s.writeObjectIdentifier([1, 3, 6, 1, 5, 5, 7, 48, 1, 1])
                    s.writeOctetString(basic.bytes)
                }
            }
        }
        return w.bytes
    }

    /// Seconds `body` takes (the best of `runs`).
    static func seconds(runs: Int = 1, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
        }
        return best
    }
}
