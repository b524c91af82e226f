// End-to-end JWT rows of jose-bench: token string in, verified registered claims out, keys already loaded
// (JWK objects built once), Sign-in-with-Apple-shaped tokens of about 700–925 bytes.
//
// HS256, EdDSA and ES512 tokens are signed here at start-up (SHA2's HMAC, the Ed25519 and ECDSA modules);
// RS256/PS256/ES256/ES384 tokens and keys are fixtures made by Python `cryptography`
// (Scripts/generate-jose-fixtures.py → JWTBenchmarkFixtures.swift).

import JOSE
import SHA2
import Ed25519
import ECDSA

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

    // EdDSA (RFC 8037) with the same claims, signed here at start-up by the Ed25519 module (deterministic, so the
    // token is the same on every run) with a fixed seed; the key is loaded as an OKP JWK, as a verifier would.
    let edKey = try! Curve25519.Signing.PrivateKey(rawRepresentation: (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 3) })
    let edInput = Base64URL.encode(Array(#"{"kid":"bench-eddsa","alg":"EdDSA"}"#.utf8)) + "." + payloadPart
    let edToken = edInput + "." + Base64URL.encode(edKey.signature(for: Array(edInput.utf8)))
    let edJWK = try! JWK(json: #"{"kty":"OKP","crv":"Ed25519","kid":"bench-eddsa","x":"\#(Base64URL.encode(edKey.publicKey.rawRepresentation))"}"#)
    let edVerifier = JWTVerifier(key: edJWK, algorithms: [.edDSA])
    precondition((try? edVerifier.verify(edToken, expecting: expectations)) != nil, "EdDSA bench token does not verify")
    rows.append(Benchmark(name: "jwt.EdDSA", unit: .opsPerSecond) {
        blackHole(try! edVerifier.verify(edToken, expecting: expectations).claims)
    })

    // ES512 (P-521) with the same claims, signed here at start-up by the ECDSA module with a fixed key (the nonce is
    // hedged, so the token differs between runs; its verification cost does not); verified before timing.
    let p521 = try! P521.Signing.PrivateKey(rawRepresentation: (0..<66).map { UInt8(truncatingIfNeeded: $0 == 0 ? 0 : $0 &* 13 &+ 5) })
    let esInput = Base64URL.encode(Array(#"{"kid":"bench-es512","alg":"ES512"}"#.utf8)) + "." + payloadPart
    let esToken = esInput + "." + Base64URL.encode(try! p521.signature(for: Array(esInput.utf8)).rawRepresentation)
    let p521Raw = p521.publicKey.rawRepresentation
    let esJWK = try! JWK(curve: .p521, x: Array(p521Raw[..<66]), y: Array(p521Raw[66...]), keyID: "bench-es512")
    let esVerifier = JWTVerifier(key: esJWK, algorithms: [.es512])
    precondition((try? esVerifier.verify(esToken, expecting: expectations)) != nil, "ES512 bench token does not verify")
    rows.append(Benchmark(name: "jwt.ES512", unit: .opsPerSecond) {
        blackHole(try! esVerifier.verify(esToken, expecting: expectations).claims)
    })

    // Parse and decode header and claims without any signature check (what `jose decode` does).
    rows.append(Benchmark(name: "jwt.decode", unit: .opsPerSecond) {
        blackHole(try! decodeUnverified(es256))
    })
    return rows
}
