import Foundation
import MLDSA
import Testing
import TestSupport

/// Wycheproof's ML-DSA files (C2SP, `testvectors_v1/mldsa_*`): verification (malformed hints, ‖z‖∞ violations,
/// wrong lengths, over-long contexts, boundary cases), and signing from a seed and from an expanded key
/// (deterministic unless the test gives rnd; `Internal` tests give μ). A test is `invalid` when the key or the context
/// must be refused, or the signature must not verify.
@Suite("Wycheproof ML-DSA")
struct WycheproofTests {
    static let levels = ["44", "65", "87"]
    static let verifyCounts = ["44": 180, "65": 210, "87": 241]
    static let seedCounts = ["44": 86, "65": 105, "87": 96]
    static let noseedCounts = ["44": 73, "65": 78, "87": 69]

    @Test("verify", arguments: levels)
    func verify(_ level: String) throws {
        let file = "wycheproof/mldsa_\(level)_verify_test.json"
        let p = try #require(MLDSAParameters(name: "ML-DSA-\(level)"))
        let doc = try jsonObject(file)
        var n = 0, valid = 0
        for g in try #require(doc["testGroups"] as? [[String: Any]]) {
            let key = try? AnyMLDSAPublicKey(parameters: p, rawRepresentation: try hx(g, "publicKey"))
            for t in try #require(g["tests"] as? [[String: Any]]) {
                let id = t["tcId"] as? Int ?? -1
                let result = try str(t, "result")
                let ctx = t["ctx"] == nil ? [] : try hx(t, "ctx")
                let got = key?.isValidSignature(try hx(t, "sig"), for: try hx(t, "msg"), context: ctx) ?? false
                #expect(got == (result == "valid"), "tcId \(id) \(t["comment"] as? String ?? "") \(t["flags"] ?? "")")
                n += 1
                if got { valid += 1 }
            }
        }
        Vectors.report(file, cases: n, detail: "\(valid) valid")
        #expect(n == Self.verifyCounts[level])
        #expect(n == doc["numberOfTests"] as? Int)
    }

    @Test("sign from a seed and from an expanded key", arguments: levels)
    func sign(_ level: String) throws {
        let p = try #require(MLDSAParameters(name: "ML-DSA-\(level)"))
        for seeded in [true, false] {
            let file = "wycheproof/mldsa_\(level)_sign_\(seeded ? "seed" : "noseed")_test.json"
            let doc = try jsonObject(file)
            var n = 0, run = 0, refused = 0
            for g in try #require(doc["testGroups"] as? [[String: Any]]) {
                let key: AnyMLDSAPrivateKey?
                do {
                    key = seeded
                        ? try AnyMLDSAPrivateKey(parameters: p, seedRepresentation: try hx(g, "privateSeed"))
                        : try AnyMLDSAPrivateKey(parameters: p, expandedRepresentation: try hx(g, "privateKey"))
                } catch {
                    key = nil
                }
                if let key, g["publicKey"] != nil {
                    #expect(key.publicKey.rawRepresentation == (try hx(g, "publicKey")), "\(file) group public key")
                }
                for (i, t) in try #require(g["tests"] as? [[String: Any]]).enumerated() {
                    n += 1
                    let id = t["tcId"] as? Int ?? -1
                    let result = try str(t, "result")
                    // Debug builds: the first test of each group (still every key import); release: all.
                    if isDebugBuild && i > 0 && result == "valid" { continue }
                    run += 1
                    guard let key else {
                        #expect(result == "invalid", "tcId \(id): key refused")
                        refused += 1
                        continue
                    }
                    let rnd = t["rnd"] == nil ? [UInt8](repeating: 0, count: 32) : try hx(t, "rnd")
                    let sig: [UInt8]?
                    if t["mu"] != nil {
                        sig = try? key.signature(forMu: try hx(t, "mu"), randomness: rnd)
                    } else {
                        let ctx = t["ctx"] == nil ? [] : try hx(t, "ctx")
                        sig = try? key.signature(for: try hx(t, "msg"), context: ctx, randomness: rnd)
                    }
                    if result == "valid" {
                        #expect(sig == (try hx(t, "sig")), "tcId \(id) \(t["comment"] as? String ?? "")")
                    } else {
                        #expect(sig == nil, "tcId \(id) must be refused")
                        refused += 1
                    }
                }
            }
            Vectors.report(file, cases: run, detail: "of \(n); \(refused) refused\(isDebugBuild ? "; debug build: first valid test per group" : "")")
            #expect(n == (seeded ? Self.seedCounts[level] : Self.noseedCounts[level]))
            #expect(n == doc["numberOfTests"] as? Int)
        }
    }
}
