import Foundation
import MLDSA
import Testing
import TestSupport

/// NIST ACVP ML-DSA (FIPS 204) keyGen, sigGen and sigVer known answers. Every case of the three files is run, through
/// the public API: pure ML-DSA (`signature(for:context:randomness:)`), HashML-DSA and the internal interface through
/// the external-μ entry points with μ computed here (FIPS 204 Algorithms 4 and 7), deterministic and hedged with the
/// file's rnd.
@Suite("NIST ACVP ML-DSA")
struct ACVPTests {
    static let keyGenFile = "mldsa/acvp/ML-DSA-keyGen-FIPS204/internalProjection.json"
    static let sigGenPrompt = "mldsa/acvp/ML-DSA-sigGen-FIPS204/prompt.json"
    static let sigGenExpected = "mldsa/acvp/ML-DSA-sigGen-FIPS204/expectedResults.json"
    static let sigVerFile = "mldsa/acvp/ML-DSA-sigVer-FIPS204/internalProjection.json"

    @Test("keyGen: seed → pk, sk")
    func keyGen() throws {
        var n = 0
        for g in try #require(try jsonObject(Self.keyGenFile)["testGroups"] as? [[String: Any]]) {
            let p = try #require(parameters(try str(g, "parameterSet")))
            for t in try #require(g["tests"] as? [[String: Any]]) {
                let id = t["tcId"] as? Int ?? -1
                let key = try AnyMLDSAPrivateKey(parameters: p, seedRepresentation: try hx(t, "seed"))
                #expect(key.publicKey.rawRepresentation == (try hx(t, "pk")), "tcId \(id)")
                let sk = try hx(t, "sk")
                #expect(key.expandedRepresentation == sk, "tcId \(id)")
                // The expanded form imports back to the same key.
                let imported = try AnyMLDSAPrivateKey(parameters: p, expandedRepresentation: sk)
                #expect(imported.publicKey == key.publicKey, "tcId \(id)")
                n += 1
            }
        }
        Vectors.report(Self.keyGenFile, cases: n)
        #expect(n == 75)
    }

    @Test("sigGen: every group (pure, pre-hash, internal, external μ; deterministic and hedged)")
    func sigGen() throws {
        var expected: [Int: [UInt8]] = [:]
        for g in try #require(try jsonObject(Self.sigGenExpected)["testGroups"] as? [[String: Any]]) {
            for t in try #require(g["tests"] as? [[String: Any]]) {
                expected[try #require(t["tcId"] as? Int)] = try hx(t, "signature")
            }
        }
        var n = 0, run = 0
        var kinds: [String: Int] = [:]
        for g in try #require(try jsonObject(Self.sigGenPrompt)["testGroups"] as? [[String: Any]]) {
            let p = try #require(parameters(try str(g, "parameterSet")))
            let deterministic = try #require(g["deterministic"] as? Bool)
            let interface = try str(g, "signatureInterface")
            let preHashMode = g["preHash"] as? String ?? "none"
            let externalMu = g["externalMu"] as? Bool ?? false
            for (i, t) in try #require(g["tests"] as? [[String: Any]]).enumerated() {
                n += 1
                // Debug builds: the first 3 cases of each group (72 of 360); release: all.
                if isDebugBuild && i >= 3 { continue }
                let id = try #require(t["tcId"] as? Int)
                let key = try AnyMLDSAPrivateKey(parameters: p, expandedRepresentation: try hx(t, "sk"))
                let rnd = deterministic ? [UInt8](repeating: 0, count: 32) : try hx(t, "rnd")
                let pk = key.publicKey.rawRepresentation
                let sig: [UInt8]
                let kind: String
                if interface == "external" && preHashMode == "pure" {
                    kind = "pure"
                    let ctx = try hx(t, "context")
                    sig = try key.signature(for: try hx(t, "message"), context: ctx, randomness: rnd)
                    if deterministic {
                        #expect(try key.deterministicSignature(for: try hx(t, "message"), context: ctx) == sig)
                    }
                } else if interface == "external" {
                    kind = "preHash"
                    let mu = try #require(hashMLDSAMu(
                        publicKey: pk, context: try hx(t, "context"),
                        hashAlg: try str(t, "hashAlg"), message: try hx(t, "message")))
                    sig = try key.signature(forMu: mu, randomness: rnd)
                } else if externalMu {
                    kind = "externalMu"
                    sig = try key.signature(forMu: try hx(t, "mu"), randomness: rnd)
                } else {
                    kind = "internal"
                    sig = try key.signature(forMu: internalMu(publicKey: pk, message: try hx(t, "message")),
                                            randomness: rnd)
                }
                #expect(sig == expected[id], "tcId \(id) \(kind)")
                kinds[kind, default: 0] += 1
                run += 1
            }
        }
        Vectors.report(Self.sigGenPrompt, cases: run,
                       detail: "of \(n) in the file; \(kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))\(isDebugBuild ? "; debug build: 3 per group" : "")")
        #expect(n == 360)
        #expect(expected.count == 360)
        #expect(run == (isDebugBuild ? 72 : 360))
    }

    @Test("sigVer: 36 valid, 144 modified (message, commitment, z, hint)")
    func sigVer() throws {
        var n = 0, valid = 0
        for g in try #require(try jsonObject(Self.sigVerFile)["testGroups"] as? [[String: Any]]) {
            let p = try #require(parameters(try str(g, "parameterSet")))
            let interface = try str(g, "signatureInterface")
            let preHashMode = g["preHash"] as? String ?? "none"
            let externalMu = g["externalMu"] as? Bool ?? false
            for t in try #require(g["tests"] as? [[String: Any]]) {
                let id = try #require(t["tcId"] as? Int)
                let pkBytes = try hx(t, "pk")
                let pk = try AnyMLDSAPublicKey(parameters: p, rawRepresentation: pkBytes)
                let sig = try hx(t, "signature")
                let passed = try #require(t["testPassed"] as? Bool)
                let got: Bool
                if interface == "external" && preHashMode == "pure" {
                    got = pk.isValidSignature(sig, for: try hx(t, "message"),
                                              context: try hx(t, "context"))
                } else if interface == "external" {
                    let mu = try #require(hashMLDSAMu(
                        publicKey: pkBytes, context: try hx(t, "context"),
                        hashAlg: try str(t, "hashAlg"), message: try hx(t, "message")))
                    got = pk.isValidSignature(sig, forMu: mu)
                } else if externalMu {
                    got = pk.isValidSignature(sig, forMu: try hx(t, "mu"))
                } else {
                    got = pk.isValidSignature(sig, forMu: internalMu(publicKey: pkBytes, message: try hx(t, "message")))
                }
                #expect(got == passed, "tcId \(id): \(t["reason"] as? String ?? "")")
                n += 1
                if passed { valid += 1 }
            }
        }
        Vectors.report(Self.sigVerFile, cases: n, detail: "\(valid) valid, \(n - valid) refused")
        #expect(n == 180)
        #expect(valid == 36)
    }
}
