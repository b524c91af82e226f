// jose-bench's App Store row: verify and decode one signed transaction, chain included — Apple's mock
// `transactionInfo` (Vectors/apple/mock_signed_data) against Apple's test CA: x5c parsing (three certificates),
// marker OIDs, chain validation at the signedDate (two P-256 certificate signatures), the leaf's ES256 signature,
// bundle ID and environment, and the payload decoded into JWSTransactionDecodedPayload. One verifier made before
// timing, as a server keeps one: the root's key prepared then; from the first call on it keeps the intermediate's
// and leaf's keys, the two certificate signatures it verified (by the exact certificate and issuer-key bytes) and
// the parsed x5c certificates, while validity, every chain rule and the transaction's own ES256 signature are
// checked on every call. `appstore.transaction.cold` makes the verifier for each transaction, reusing nothing.

import AppStore
import Foundation
import PureX509

func appStoreBenchmarks() -> [Benchmark] {
    let verifier: SignedDataVerifier
    let signed: String
    let root: Certificate
    do {
        root = try Certificate(derEncoded: Vectors.bytes("apple/certs/testCA.der"))
        verifier = try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", appAppleID: 1234, environment: .sandbox)
        signed = try Vectors.text("apple/mock_signed_data/transactionInfo").trimmingCharacters(in: .whitespacesAndNewlines)
        let t = try verifier.verifyAndDecodeTransaction(signed)
        guard t.bundleId == "com.example", t.signedDate == 1_672_956_154_000 else {
            FileHandle.standardError.write(Data("jose-bench: appstore.transaction decoded the wrong payload\n".utf8))
            exit(1)
        }
    } catch {
        FileHandle.standardError.write(Data("jose-bench: appstore.transaction: the fixture does not verify: \(error)\n".utf8))
        exit(1)
    }
    return [
        Benchmark(name: "appstore.transaction", unit: .opsPerSecond) {
            blackHole(try? verifier.verifyAndDecodeTransaction(signed))
        },
        Benchmark(name: "appstore.transaction.cold", unit: .opsPerSecond) {
            let v = try! SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", appAppleID: 1234, environment: .sandbox)
            blackHole(try! v.verifyAndDecodeTransaction(signed))
        },
    ]
}
