// Certificate rows of jose-bench (issue 26), on the Apple-shaped chain of Vectors/x5c-tokens (made by
// Scripts/generate-x5c-tokens.py): a P-384 root and intermediate, a P-256 leaf, as Apple's App Store chain.
//   x509.parse      the three certificates from DER (strict RFC 5280 parsing, extensions decoded)
//   x509.validate   the leaf to the pinned root through the intermediate (two P-384 ECDSA signatures)
//   jwt.x5c.ES256   a whole token: header, x5c parsed and validated, the leaf's ES256 signature, the claims
// Those two use one verifier made before timing, as a server does: the root's key was prepared when it was made,
// the intermediate's and the leaf's keys are kept from the first call (every signature is still checked).
//   x509.validate.cold, jwt.x5c.ES256.cold   the same with a verifier made for each call: nothing kept or reused
// Benchmarks/Peers times the same chain and token through jwt-kit's X5CVerifier (swift-certificates).

import Foundation
import JOSE
import PureX509

func x509Benchmarks() -> [Benchmark] {
    let chain = try! Certificate.certificates(pemEncoded: Vectors.text("x5c-tokens/chain.pem"))
    let (root, inter, leaf) = (chain[0], chain[1], chain[2])
    let ders = [leaf.derEncoded, inter.derEncoded, root.derEncoded]
    let at: Int64 = 1_767_225_600
    let verifier = CertificateVerifier(trustRoots: [root])
    precondition((try? verifier.validate(leaf: leaf, intermediates: [inter], at: at))?.count == 3, "the bench chain does not validate")

    let manifest = try! JSONSerialization.jsonObject(with: Data(Vectors.bytes("x5c-tokens/MANIFEST.json"))) as! [String: Any]
    let token = (manifest["cases"] as! [[String: Any]]).first { $0["name"] as? String == "ok" }!["token"] as! String
    let x5c = X5CVerifier(trustRoots: [root], algorithms: [.es256])
    let expectations = ClaimExpectations(issuer: "x5c-test", now: { Double(at) })
    precondition((try? x5c.verify(token, at: .fixed(at), expecting: expectations)) != nil, "the bench x5c token does not verify")

    return [
        Benchmark(name: "x509.parse", unit: .opsPerSecond) {
            for der in ders { blackHole(try! Certificate(derEncoded: der)) }
        },
        Benchmark(name: "x509.validate", unit: .opsPerSecond) {
            blackHole(try! verifier.validate(leaf: leaf, intermediates: [inter], at: at))
        },
        Benchmark(name: "jwt.x5c.ES256", unit: .opsPerSecond) {
            blackHole(try! x5c.verify(token, at: .fixed(at), expecting: expectations).claims)
        },
        Benchmark(name: "x509.validate.cold", unit: .opsPerSecond) {
            blackHole(try! CertificateVerifier(trustRoots: [root]).validate(leaf: leaf, intermediates: [inter], at: at))
        },
        Benchmark(name: "jwt.x5c.ES256.cold", unit: .opsPerSecond) {
            let v = X5CVerifier(trustRoots: [root], algorithms: [.es256])
            blackHole(try! v.verify(token, at: .fixed(at), expecting: expectations).claims)
        },
    ]
}
