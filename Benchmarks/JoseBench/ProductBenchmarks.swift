// jose-bench's product rows: end-to-end JWT verification for the algorithms and RSA sizes not
// covered by JWTBenchmarks.swift (HS384, HS512, RS256/PS256 at 3072 and 4096 bits), and the cost
// of loading keys (JWK text → ready key, including the RSA Montgomery set-up).
// Keys and tokens: ProductFixtures.swift, made by Scripts/generate-product-fixtures.py.

import Foundation
import JOSE

func productBenchmarks() -> [Benchmark] {
    var rows: [Benchmark] = []
    let expectations = ClaimExpectations(issuer: "https://appleid.apple.com", audience: "com.example.app")

    /// A verifier holding only the token's key (loaded once, as a server would), checked once before timing.
    func jwtRow(_ name: String, token tokenName: String, key keyName: String, alg: JWSAlgorithm) -> Benchmark {
        guard let token = ProductFixtures.tokens[tokenName], let jwk = ProductFixtures.jwks[keyName] else {
            stop("fixture \(tokenName)/\(keyName) is missing")
        }
        let verifier: JWTVerifier
        do {
            verifier = JWTVerifier(keys: try JWKSet(json: #"{"keys":["# + jwk + "]}"), algorithms: [alg])
            _ = try verifier.verify(token, expecting: expectations)
        } catch {
            stop("\(name): the fixture token does not verify: \(error)")
        }
        return Benchmark(name: name, unit: .opsPerSecond) {
            blackHole(try? verifier.verify(token, expecting: expectations))
        }
    }

    rows.append(jwtRow("jwt.HS384", token: "HS384", key: "hs384", alg: .hs384))
    rows.append(jwtRow("jwt.HS512", token: "HS512", key: "hs512", alg: .hs512))
    for bits in [3072, 4096] {
        rows.append(jwtRow("jwt.RS256.\(bits)", token: "RS256.\(bits)", key: "rsa\(bits)", alg: .rs256))
        rows.append(jwtRow("jwt.PS256.\(bits)", token: "PS256.\(bits)", key: "rsa\(bits)", alg: .ps256))
    }

    // Key loading: JWK JSON text → a key ready to verify (parsing, validation, per-key precomputation).
    // (RSA-3072 and P-384 left out to keep the full run short: they fall between their neighbours.)
    for name in ["rsa2048", "rsa4096", "p256"] {
        guard let text = ProductFixtures.jwks[name] else { stop("fixture \(name) is missing") }
        let bytes = Array(text.utf8)
        do { _ = try JWK(json: bytes) } catch { stop("keyload.jwk.\(name): \(error)") }
        rows.append(Benchmark(name: "keyload.jwk.\(name)", unit: .opsPerSecond) {
            blackHole(try? JWK(json: bytes))
        })
    }
    // Ed25519: RFC 8037 A.2's public key (the fixtures generator makes no OKP key).
    let okp = Array(#"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#.utf8)
    do { _ = try JWK(json: okp) } catch { stop("keyload.jwk.ed25519: \(error)") }
    rows.append(Benchmark(name: "keyload.jwk.ed25519", unit: .opsPerSecond) {
        blackHole(try? JWK(json: okp))
    })
    let apple = Array(ProductFixtures.appleJWKS.utf8)
    do { _ = try JWKSet(json: apple) } catch { stop("keyload.jwks.apple: \(error)") }
    rows.append(Benchmark(name: "keyload.jwks.apple", unit: .opsPerSecond) {
        blackHole(try? JWKSet(json: apple))
    })
    return rows
}

private func stop(_ message: String) -> Never {
    FileHandle.standardError.write(Data("jose-bench: \(message)\n".utf8))
    exit(1)
}
