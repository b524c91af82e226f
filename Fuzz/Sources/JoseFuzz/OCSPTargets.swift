// Fuzz target of PureX509's OCSP code (RFC 6960): response parsing and checking, and the request builder.
// Any bytes as a DER OCSPResponse: parsing never traps; an unsuccessful status carries no answers; a response that
// passes `check` answers for the fixed certificate, at a time within its freshness window. The same bytes as a
// certificate: a request for it (and for its issuer) builds and is one DER element, and its responder URLs read.

import DER
import Foundation
import PureX509

/// The fixed certificates and check time of the OCSP target: Vectors/ocsp's issuer, subject and checkTime.
enum FixedOCSP {
    nonisolated(unsafe) static var issuer: Certificate!
    nonisolated(unsafe) static var subject: Certificate!
    nonisolated(unsafe) static var time: Int64 = 0

    static func load() {
        if issuer != nil { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        func certificate(_ name: String) -> Certificate {
            let url = root.appendingPathComponent("Vectors/ocsp/\(name).pem")
            guard let text = try? String(contentsOf: url, encoding: .utf8), let c = try? Certificate(pemEncoded: text) else {
                fatalError("cannot read \(url.path)")
            }
            return c
        }
        issuer = certificate("issuer")
        subject = certificate("subject")
        let manifest = root.appendingPathComponent("Vectors/ocsp/MANIFEST.json")
        guard let data = try? Data(contentsOf: manifest),
              let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let t = top["checkTime"] as? Int else { fatalError("cannot read \(manifest.path)") }
        time = Int64(t)
    }
}

func fuzzOCSP(_ bytes: [UInt8]) {
    if let response = try? OCSPResponse(derEncoded: bytes) {
        if response.responseStatus != 0 { invariant(response.responses.isEmpty, "an unsuccessful response has answers") }
        for single in response.responses { _ = single.certID?.description }
        let t = FixedOCSP.time
        if let single = try? response.check(certificate: FixedOCSP.subject, issuer: FixedOCSP.issuer, at: t) {
            invariant(response.responseStatus == 0, "an unsuccessful response passed the check")
            let id = single.certID
            invariant(id != nil, "a passing answer has no CertID")
            let wanted = try? OCSPCertID(certificate: FixedOCSP.subject, issuer: FixedOCSP.issuer, hashAlgorithm: id!.hashAlgorithm)
            invariant(id == wanted, "a passing answer is for another certificate")
            invariant(single.thisUpdate <= t + 300, "a passing answer starts after the check time")
            if let next = single.nextUpdate {
                invariant(next >= t - 300, "a passing answer is stale")
            } else {
                invariant(single.thisUpdate >= t - 86_400, "a passing answer without nextUpdate is too old")
            }
        }
        // The issuer's own status against the subject as its issuer: never traps.
        _ = try? response.check(certificate: FixedOCSP.issuer, issuer: FixedOCSP.subject, at: FixedOCSP.time)
    }
    if let certificate = try? Certificate(derEncoded: bytes) {
        for (c, issuer) in [(certificate, FixedOCSP.issuer!), (FixedOCSP.subject!, certificate)] {
            for hash in [OCSPHashAlgorithm.sha1, .sha256] {
                guard let request = try? OCSPRequest(certificate: c, issuer: issuer, hashAlgorithm: hash) else { continue }
                let der = request.derEncoded
                invariant((try? DERNode.parse(der)) != nil, "an OCSP request is not one DER element")
                invariant(request.certID.serialNumber == c.serialNumber, "the request names another serial number")
            }
        }
        _ = OCSPRequest.ocspResponderURLs(of: certificate)
    }
}
