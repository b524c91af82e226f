import Testing
import TestSupport
@testable import JOSE

/// Tokens signed by Python `cryptography` (Scripts/generate-jose-fixtures.py → GeneratedTokens.swift): RS256/384/512
/// and PS256/384/512 under 2048- and 3072-bit keys, ES256 and ES384 under two keys each; three valid tokens per key,
/// each also with one signature bit flipped and with the payload changed.
@Suite("tokens from an independent signer")
struct GeneratedTokenTests {
    static let expectations = ClaimExpectations(issuer: "https://appleid.apple.com", audience: "com.example.purejose.app",
                                                now: { 1_700_000_300 })

    @Test func everyTokenGetsItsVerdict() throws {
        let set = try JWKSet(json: GeneratedTokens.jwks)
        #expect(set.count == 16 && set.skipped.isEmpty)
        let verifier = JWTVerifier(keys: set, algorithms: Set(JWSAlgorithm.allCases))
        var ran = 0, valid = 0
        for c in GeneratedTokens.cases {
            ran += 1
            do {
                let jwt = try verifier.verify(c.token, expecting: Self.expectations)
                #expect(c.expected == "valid", "accepted a tampered token: \(c.token.prefix(60))")
                #expect(jwt.claims.subject == c.subject)
                #expect(try jwt.decode(AppleIdentityClaims.self).subject == c.subject)
                valid += 1
            } catch let e {
                #expect("\(e.code)" == c.expected, "\(e) for \(c.token.prefix(60))")
            }
        }
        Vectors.report("GeneratedTokens.swift (Python cryptography)", cases: ran, detail: "\(valid) valid, \(ran - valid) tampered rejected")
        #expect(ran == 144 && valid == 48)
    }
}
