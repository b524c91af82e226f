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
        // Every seventh token is checked at a later instant, when it has expired.
        func outcome(_ i: Int, _ t: String) -> String {
            let now: Double = i % 7 == 0 ? 1_800_000_000 : 1_700_000_300
            do {
                let jwt = try verifier.verify(t, expecting: ClaimExpectations(now: { now }))
                return "ok:" + (jwt.claims.subject ?? "")
            } catch let e {
                return "err:\(e.code)"
            }
        }
        let reference = tokens.enumerated().map(outcome)
        #expect(reference.filter { $0.hasPrefix("ok:") }.count >= 250)
        #expect(reference.filter { $0.hasPrefix("err:") }.count >= 500)
        #expect(!reference.contains { $0.hasPrefix("other:") })
        #expect(reference.contains("err:expired") && reference.contains("err:invalidSignature"))
        let results = await withTaskGroup(of: [String].self) { g in
            for _ in 0..<8 { g.addTask { tokens.enumerated().map(outcome) } }
            var all: [[String]] = []
            for await r in g { all.append(r) }
            return all
        }
        for r in results { #expect(r == reference) }
    }
}

enum ConcurrencyTokens {
    /// The independently signed RS*/PS*/ES* tokens of `GeneratedTokens` (valid and tampered), cycled to `count`.
    static func make(count: Int) throws -> (JWTVerifier, [String]) {
        let set = try JWKSet(json: GeneratedTokens.jwks)
        let verifier = JWTVerifier(keys: set, algorithms: Set(JWSAlgorithm.allCases))
        let all = GeneratedTokens.cases.map(\.token)
        return (verifier, (0..<count).map { all[$0 % all.count] })
    }
}
