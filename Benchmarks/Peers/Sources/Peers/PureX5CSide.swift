// PureJOSE's side of the x509 rows: PureX509 parsing and CertificateVerifier, and JOSE's X5CVerifier, on the
// chain and token of Vectors/x5c-tokens. Also reads those files for both sides.
import Foundation
import JOSE
import PureX509

enum PureX5CSide {
    static let at: Int64 = 1_767_225_600

    /// `Vectors/x5c-tokens/<name>` of this checkout.
    static func vector(_ name: String) throws -> Data {
        // Benchmarks/Peers/Sources/Peers/<this file> → the repository root.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return try Data(contentsOf: url.appendingPathComponent("Vectors/x5c-tokens/\(name)"))
    }

    /// The DER of the leaf, intermediate and root, and the manifest's valid token.
    static func inputs() throws -> (leaf: [UInt8], intermediate: [UInt8], root: [UInt8], token: String) {
        let chain = try Certificate.certificates(pemEncoded: String(decoding: vector("chain.pem"), as: UTF8.self))
        let manifest = try JSONSerialization.jsonObject(with: vector("MANIFEST.json")) as! [String: Any]
        let token = (manifest["cases"] as! [[String: Any]]).first { $0["name"] as? String == "ok" }!["token"] as! String
        return (chain[2].derEncoded, chain[1].derEncoded, chain[0].derEncoded, token)
    }

    static func parse(_ ders: [[UInt8]]) -> () -> Bool {
        { (try? ders.map { try Certificate(derEncoded: $0) })?.count == 3 }
    }

    static func validator(leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) throws -> () -> Bool {
        let verifier = CertificateVerifier(trustRoots: [try Certificate(derEncoded: root)])
        let l = try Certificate(derEncoded: leaf), i = try Certificate(derEncoded: intermediate)
        return { (try? verifier.validate(leaf: l, intermediates: [i], at: at))?.count == 3 }
    }

    /// Cold: a verifier made for each validation (the root's key prepared each time, nothing kept between calls).
    static func coldValidator(leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) throws -> () -> Bool {
        let r = try Certificate(derEncoded: root)
        let l = try Certificate(derEncoded: leaf), i = try Certificate(derEncoded: intermediate)
        return { (try? CertificateVerifier(trustRoots: [r]).validate(leaf: l, intermediates: [i], at: at))?.count == 3 }
    }

    /// Cold: a verifier made for each token.
    static func coldTokenVerifier(token: String, root: [UInt8]) throws -> () -> Bool {
        let r = try Certificate(derEncoded: root)
        let expectations = ClaimExpectations(issuer: "x5c-test", now: { Double(at) })
        return {
            (try? X5CVerifier(trustRoots: [r], algorithms: [.es256]).verify(token, at: .fixed(at), expecting: expectations)) != nil
        }
    }

    static func tokenVerifier(token: String, root: [UInt8]) throws -> () -> Bool {
        let verifier = X5CVerifier(trustRoots: [try Certificate(derEncoded: root)], algorithms: [.es256])
        let expectations = ClaimExpectations(issuer: "x5c-test", now: { Double(at) })
        return { (try? verifier.verify(token, at: .fixed(at), expecting: expectations)) != nil }
    }
}
