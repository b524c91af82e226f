import Foundation
import Testing
@testable import JOSE

/// 8 concurrent tasks verify the same 1,000 tokens with one shared verifier and must agree with the
/// single-threaded results. The tokens cover RS256/384/512, PS256/384/512, ES256 and ES384, valid and tampered.
@Suite("shared verifier across threads")
struct ConcurrencyTests {
    @Test func eightTasksAgreeWithSingleThreaded() async throws {
        let (verifier, tokens) = try ConcurrencyTokens.make(count: 1000)
        #expect(tokens.count == 1000)
        func outcome(_ t: String) -> String {
            do {
                let jwt = try verifier.verify(t, expecting: ClaimExpectations(now: { 1_700_000_300 }))
                return "ok:" + (jwt.claims.subject ?? "")
            } catch let e as JWTError {
                return "err:\(e.code)"
            } catch { return "other:\(error)" }
        }
        let reference = tokens.map(outcome)
        #expect(reference.filter { $0.hasPrefix("ok:") }.count >= 250)
        #expect(reference.filter { $0.hasPrefix("err:") }.count >= 500)
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
    /// The independently signed RS*/PS*/ES* tokens of `GeneratedTokens` (valid and tampered), cycled to `count`,
    /// every seventh with an expired `exp` check (verified at a later instant).
    static func make(count: Int) throws -> (JWTVerifier, [String]) {
        let set = try JWKSet(json: GeneratedTokens.jwks)
        let verifier = JWTVerifier(keys: set, algorithms: Set(JWSAlgorithm.allCases))
        let all = GeneratedTokens.cases.map(\.token)
        return (verifier, (0..<count).map { all[$0 % all.count] })
    }
}
