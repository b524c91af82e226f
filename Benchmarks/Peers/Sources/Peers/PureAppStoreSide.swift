// PureJOSE's side of the App Store row (issue 27): AppStore's SignedDataVerifier verifies and decodes Apple's mock
// signed transaction (Vectors/apple/mock_signed_data/transactionInfo) against Apple's test CA — the same work as
// jose-bench's `appstore.transaction` row. Also reads those files for both sides.
import AppStore
import Foundation
import PureX509

enum PureAppStoreSide {
    /// `Vectors/apple/<name>` of this checkout.
    static func vector(_ name: String) throws -> Data {
        // Benchmarks/Peers/Sources/Peers/<this file> → the repository root.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return try Data(contentsOf: url.appendingPathComponent("Vectors/apple/\(name)"))
    }

    /// Apple's test CA (DER) and the signed transaction.
    static func inputs() throws -> (root: [UInt8], signed: String) {
        let root = [UInt8](try vector("certs/testCA.der"))
        let signed = String(decoding: try vector("mock_signed_data/transactionInfo"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return (root, signed)
    }

    /// Cold: a SignedDataVerifier made for each transaction.
    static func coldTransactionVerifier(root: [UInt8], signed: String) throws -> () -> Bool {
        let r = try Certificate(derEncoded: root)
        return {
            guard let verifier = try? SignedDataVerifier(rootCertificates: [r], bundleID: "com.example", appAppleID: 1234, environment: .sandbox),
                  let t = try? verifier.verifyAndDecodeTransaction(signed) else { return false }
            return t.bundleId == "com.example" && t.signedDate == 1_672_956_154_000
        }
    }

    /// Verifies and decodes the transaction; true only for Apple's mock payload.
    static func transactionVerifier(root: [UInt8], signed: String) throws -> () -> Bool {
        let verifier = try SignedDataVerifier(rootCertificates: [Certificate(derEncoded: root)], bundleID: "com.example",
                                              appAppleID: 1234, environment: .sandbox)
        return {
            guard let t = try? verifier.verifyAndDecodeTransaction(signed) else { return false }
            return t.bundleId == "com.example" && t.signedDate == 1_672_956_154_000
        }
    }
}
