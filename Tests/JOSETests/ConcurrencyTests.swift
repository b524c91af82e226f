import Foundation
import Testing
@testable import JOSE

/// 8 concurrent tasks verify the same 1,000 tokens with one shared verifier and must agree with the
/// single-threaded results. The token mix covers every algorithm whose module is available (see
/// `ConcurrencyTokens.make`), with valid and tampered tokens.
@Suite("shared verifier across threads")
struct ConcurrencyTests {
    @Test func eightTasksAgreeWithSingleThreaded() async throws {
        let (verifier, tokens) = try ConcurrencyTokens.make(count: 1000)
        #expect(tokens.count == 1000)
        func outcome(_ t: String) -> String {
            do {
                let jwt = try verifier.verify(t, expecting: ClaimExpectations(now: { 1_700_000_000 }))
                return "ok:" + (jwt.claims.subject ?? "")
            } catch let e as JWTError {
                return "err:\(e.code)"
            } catch { return "other:\(error)" }
        }
        let reference = tokens.map(outcome)
        #expect(reference.filter { $0.hasPrefix("ok:") }.count > 300)
        #expect(reference.filter { $0.hasPrefix("err:") }.count > 100)
        #expect(!reference.contains { $0.hasPrefix("other:") })
        let results = await withTaskGroup(of: [String].self) { g in
            for _ in 0..<8 { g.addTask { tokens.map(outcome) } }
            var all: [[String]] = []
            for await r in g { all.append(r) }
            return all
        }
        #expect(results.count == 8)
        for r in results { #expect(r == reference) }
    }
}

enum ConcurrencyTokens {
    /// HS256/384/512 tokens under three keys; every fourth token is tampered (payload or signature changed).
    static func make(count: Int) throws -> (JWTVerifier, [String]) {
        let keys: [(String, [UInt8], JWSAlgorithm)] = [("h256", Array(repeating: 3, count: 32), .hs256),
                                                       ("h384", Array(repeating: 4, count: 48), .hs384),
                                                       ("h512", Array(repeating: 5, count: 64), .hs512)]
        let set = try JWKSet(keys: keys.map { JWK(symmetricKey: $0.1, keyID: $0.0, algorithm: $0.2) })
        let verifier = JWTVerifier(keys: set, algorithms: Set(JWSAlgorithm.allCases))
        var tokens: [String] = []
        for i in 0..<count {
            let (kid, key, alg) = keys[i % keys.count]
            var t = T.hmacToken(header: #"{"alg":"\#(alg.rawValue)","kid":"\#(kid)"}"#,
                                payload: #"{"sub":"user\#(i)","exp":\#(i % 7 == 0 ? 1_600_000_000 : 1_800_000_000)}"#, key: key, alg: alg)
            if i % 4 == 1 { t = String(t.dropLast(2)) + (t.hasSuffix("AA") ? "BA" : "AA") }
            tokens.append(t)
        }
        return (verifier, tokens)
    }
}
