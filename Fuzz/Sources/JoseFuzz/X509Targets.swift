// Fuzz targets of the X509 module: certificate parsing (a parsed certificate is exactly its input and prints
// without trapping) and path building over a pool of junk (any bytes cut into DER elements; validation never
// traps or hangs, and a chain it returns starts at the leaf and ends at a pinned root).

import DER
import Foundation
import PureX509

/// The pinned roots and validation time of the path target: the roots of Vectors/x509-chains.
enum FixedRoots {
    nonisolated(unsafe) static var verifier: CertificateVerifier!
    nonisolated(unsafe) static var roots: [Certificate] = []
    static let time: Int64 = 1_767_225_600

    static func load() {
        if verifier != nil { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for name in ["root", "rsa-root", "ed25519-root", "p521-root"] {
            let url = root.appendingPathComponent("Vectors/x509-chains/\(name).pem")
            guard let text = try? String(contentsOf: url, encoding: .utf8), let c = try? Certificate(pemEncoded: text) else {
                fatalError("cannot read \(url.path)")
            }
            roots.append(c)
        }
        verifier = CertificateVerifier(trustRoots: roots)
    }
}

func fuzzX509(_ bytes: [UInt8]) {
    guard let c = try? Certificate(derEncoded: bytes) else { return }
    invariant(c.derEncoded == bytes, "a parsed certificate is not its input")
    invariant(c.tbsCertificateBytes.count < bytes.count, "TBS not inside the certificate")
    _ = c.description
    _ = c.subject.description
    _ = c.issuer.matches(c.subject)
    _ = try? Certificate(pemEncoded: c.pemEncoded)
}

/// The input as consecutive DER elements: the first that parses as a certificate is the leaf, the others the pool.
func fuzzX509Path(_ bytes: [UInt8]) {
    var certificates: [Certificate] = []
    var rest = bytes[...]
    while !rest.isEmpty, certificates.count < 12 {
        guard var r = try? DERReader(rest), let e = try? r.next() else { break }
        if let c = try? Certificate(derEncoded: e.encoded) { certificates.append(c) }
        rest = r.remaining
    }
    guard let leaf = certificates.first else { return }
    let pool = Array(certificates.dropFirst()) + FixedRoots.roots
    if let chain = try? FixedRoots.verifier.validate(leaf: leaf, intermediates: pool, at: FixedRoots.time) {
        invariant(chain.first == leaf, "the chain does not start at the leaf")
        invariant(FixedRoots.roots.contains(chain.last!), "the chain does not end at a pinned root")
    }
}
