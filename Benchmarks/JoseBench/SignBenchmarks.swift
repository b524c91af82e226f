// Signing rows of jose-bench: a Codable claims value in, a compact JWT out, key and signer made once. The claims
// are the Sign-in-with-Apple-shaped set the verification rows use (12 members, ≈ 420 bytes of JSON), encoded by
// JSONValueEncoder on every iteration, as an application does. `apple.clientSecret` makes the ES256 client secret
// of Sign in with Apple from a loaded .p8-style key. Each signer's first token is verified before it is timed.

import JOSE
import SHA2

/// The claims of the jwt.* rows' tokens, as an application's own type.
struct BenchSessionClaims: Codable {
    var iss = "https://appleid.apple.com"
    var aud = "com.example.purejose.app"
    var exp: Int64 = 1_700_000_600
    var iat: Int64 = 1_700_000_000
    var sub = "001234.8d4711c2dc35b536180d7a84c1774307.0007"
    var c_hash = "BuJU7D5boisKC6AIhO0vSw"
    var email = "f7289dd6@privaterelay.appleid.com"
    var email_verified = true
    var is_private_email = true
    var auth_time: Int64 = 1_700_000_000
    var nonce_supported = true
    var nonce = "4ada152f1822eede61b0e88a29bd6483d02829e9b2fd29875315a48cb33b24c6"
}

func signBenchmarks() -> [Benchmark] {
    let claims = BenchSessionClaims()
    var rows: [Benchmark] = []
    let expectations = ClaimExpectations(issuer: "https://appleid.apple.com", now: { 1_700_000_300 })

    func add(_ name: String, _ signer: JWTSigner, _ verifyKey: JWK) {
        // Each signer's output is checked once by the verifier before it is measured.
        let verifier = JWTVerifier(key: verifyKey, algorithms: [signer.algorithm])
        do { _ = try verifier.verify(try signer.sign(claims), expecting: expectations) } catch {
            fatalError("\(name): a token made here does not verify: \(error)")
        }
        rows.append(Benchmark(name: name, unit: .opsPerSecond) { blackHole(try! signer.sign(claims)) })
    }

    let secret = (0..<32).map { UInt8($0 &* 7 &+ 1) }
    add("jwt.sign.HS256", try! JWTSigner(key: SymmetricKey(data: secret), algorithm: .hs256, keyID: "bench-hs256"),
        JWK(symmetricKey: secret, keyID: "bench-hs256"))

    // RSA-2048 and EC keys generated once per run (PKCS#1 v1.5 is deterministic, PSS and ECDSA draw fresh randomness).
    let rsa = try! JWKPrivateKey.generateRSA(bitCount: 2048, keyID: "bench-rsa")
    add("jwt.sign.RS256", try! JWTSigner(key: rsa, algorithm: .rs256), rsa.verificationKey)
    add("jwt.sign.PS256", try! JWTSigner(key: rsa, algorithm: .ps256), rsa.verificationKey)
    let p256 = try! JWKPrivateKey.generateEC(curve: .p256, keyID: "bench-p256")
    add("jwt.sign.ES256", try! JWTSigner(key: p256, algorithm: .es256), p256.verificationKey)
    let p384 = try! JWKPrivateKey.generateEC(curve: .p384, keyID: "bench-p384")
    add("jwt.sign.ES384", try! JWTSigner(key: p384, algorithm: .es384), p384.verificationKey)
    let p521 = try! JWKPrivateKey.generateEC(curve: .p521, keyID: "bench-p521")
    add("jwt.sign.ES512", try! JWTSigner(key: p521, algorithm: .es512), p521.verificationKey)
    // Ed25519 is deterministic (RFC 8032): the same claims give the same token each time, still fully recomputed.
    let ed25519 = try! JWKPrivateKey.generateOKP(curve: .ed25519, keyID: "bench-ed25519")
    add("jwt.sign.EdDSA", try! JWTSigner(key: ed25519, algorithm: .edDSA), ed25519.verificationKey)

    // Sign in with Apple client secret: the .p8-shaped key loaded once, a token per iteration.
    let p8 = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgH2NGpkbDWIT2Qayi
        ahP7IPoSdE9AX6ODPyC1x6F5x8+hRANCAASKaX+ZOukPPcuONediCKgHAY4wV59s
        tTVDu1N+PIo7hRZ0D0vyIVuPa0PV7/IOaCwtqiWQQBadmOEjSU2Nwo/y
        -----END PRIVATE KEY-----
        """  // Vectors/keys/generated/apple-style-AuthKey_TEST123456.p8 (a test key)
    let apple = try! AppleClientSecret(teamID: "TEAM123456", clientID: "com.example.service", keyID: "TEST123456", p8: p8)
    rows.append(Benchmark(name: "apple.clientSecret", unit: .opsPerSecond) {
        blackHole(try! apple.token(issuedAt: 1_700_000_000, lifetime: 15_552_000))
    })
    return rows
}

