// End-to-end JWT rows of jose-bench: token string in, verified registered claims out, keys already loaded
// (JWK objects built once), Sign-in-with-Apple-shaped tokens of about 700–925 bytes.
//
// HS256 tokens are signed here at start-up with SHA2's HMAC; RS256/PS256/ES256/ES384 tokens and keys are
// fixtures made by Python `cryptography` (Scripts/generate-jose-fixtures.py → JWTBenchmarkFixtures.swift).

import JOSE
import SHA2

func jwtBenchmarks() -> [Benchmark] {
    // Every token carries claims valid at this instant; the clock is injected so the figures do not depend on
    // the date the benchmark runs.
    let expectations = ClaimExpectations(issuer: "https://appleid.apple.com", audience: "com.example.purejose.app",
                                         now: { 1_700_000_300 })
    var rows: [Benchmark] = []

    // HS256 with the same claims as the fixture tokens.
    let es256 = JWTBenchmarkFixtures.tokens["ES256"]!.token
    let payloadPart = es256.split(separator: ".")[1]
    let secret = (0..<32).map { UInt8($0 &* 7 &+ 1) }
    let signingInput = Base64URL.encode(Array(#"{"kid":"bench-hs256","alg":"HS256"}"#.utf8)) + "." + payloadPart
    let mac = HMAC<SHA256>.authenticationCode(for: Array(signingInput.utf8), using: SymmetricKey(data: secret))
    let hsToken = signingInput + "." + Base64URL.encode(mac.bytes)
    let hsVerifier = JWTVerifier(keys: try! JWKSet(keys: [JWK(symmetricKey: secret, keyID: "bench-hs256")]), algorithms: [.hs256])
    precondition((try? hsVerifier.verify(hsToken, expecting: expectations)) != nil, "HS256 bench token does not verify")
    rows.append(Benchmark(name: "jwt.HS256", unit: .opsPerSecond) {
        blackHole(try! hsVerifier.verify(hsToken, expecting: expectations).claims)
    })

    for (name, alg) in [("jwt.RS256", JWSAlgorithm.rs256), ("jwt.PS256", .ps256), ("jwt.ES256", .es256), ("jwt.ES384", .es384)] {
        let fixture = JWTBenchmarkFixtures.tokens[alg.rawValue]!
        let verifier = JWTVerifier(key: try! JWK(json: fixture.jwk), algorithms: [alg])
        let token = fixture.token
        do {
            _ = try verifier.verify(token, expecting: expectations)
        } catch {
            fatalError("\(name) fixture does not verify: \(error)")
        }
        rows.append(Benchmark(name: name, unit: .opsPerSecond) {
            blackHole(try! verifier.verify(token, expecting: expectations).claims)
        })
    }

    // Parse and decode header and claims without any signature check (what `jose decode` does).
    rows.append(Benchmark(name: "jwt.decode", unit: .opsPerSecond) {
        blackHole(try! decodeUnverified(es256))
    })
    return rows
}
