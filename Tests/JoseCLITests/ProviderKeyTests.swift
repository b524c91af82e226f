import Foundation
import Testing
import TestSupport
@testable import JoseCLI

/// `jose pem`, `jose thumbprint` and `jose jwk` on real providers' JWK Sets (Vectors/jwks), against the
/// SPKI PEMs and RFC 7638 thumbprints that Python `cryptography` computed (Tests/JoseCLIFixtures/provider-keys.json).
@Suite("jose pem / thumbprint on providers' key sets")
struct ProviderKeyTests {
    @Test func everyKeyOfEverySet() throws {
        let data = try #require(FileManager.default.contents(atPath: Fixtures.path("provider-keys.json")))
        let files = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[String: String]]])
        var total = 0
        for (file, entries) in files.sorted(by: { $0.key < $1.key }) {
            let path = Vectors.path(file)
            var converted = 0, refused = 0
            for entry in entries {
                let kid = try #require(entry["kid"])
                let pem = jose(["pem", path, "--kid", kid])
                guard let expectedPEM = entry["pem"], let expectedThumbprint = entry["thumbprint"] else {
                    // Refused by policy (RSA-1024, OKP): the set loads, this entry is skipped and named.
                    #expect(pem.status == 2, "\(file) \(kid)")
                    #expect(pem.errLines.count == 1)
                    #expect(pem.err.contains("is not usable: "), "\(pem.err)")
                    refused += 1
                    continue
                }
                #expect(pem.status == 0, "\(file) \(kid): \(pem.err)")
                #expect(pem.out == expectedPEM, "\(file) \(kid)")
                #expect(jose(["thumbprint", path, "--kid", kid]).outLines == [expectedThumbprint], "\(file) \(kid)")
                // Back from PEM: the JWK's kid is the same thumbprint.
                let temporary = FileManager.default.temporaryDirectory
                    .appendingPathComponent("jose-cli-provider-\(getpid())-\(total).pem")
                try Data(pem.out.utf8).write(to: temporary)
                defer { try? FileManager.default.removeItem(at: temporary) }
                let jwk = jose(["jwk", temporary.path])
                let object = try JSONSerialization.jsonObject(with: Data(jwk.out.utf8)) as? [String: String]
                #expect(object?["kid"] == expectedThumbprint, "\(file) \(kid)")
                converted += 1
                total += 1
            }
            #expect(converted + refused == entries.count)
            Vectors.report(file, cases: entries.count, detail: "\(converted) converted, \(refused) refused")
        }
        #expect(total == 27)   // 31 keys in 5 sets; refused: PayPal's X25519 key and Yahoo's three RSA-1024 keys
    }
}
