import AsyncHTTPClient
import Foundation
import Hummingbird
import JOSE
@testable import JOSEHummingbird
import Synchronization
import Testing

// The whole Sign in with Apple flow with asymmetric keys, as in production: the fake Apple signs RS256 with fixed
// RSA-2048 keys (FixedRSAKeys.swift) through PureJOSE's JWTSigner and serves their public JWK Set; the code exchange
// sends an ES256 client secret made by AppleClientSecretSource from a P-256 team key, which the fake Apple checks;
// the server issues ES256 or RS256 session tokens and publishes its public key at /.well-known/jwks.json.

let appleRSA1 = try! JWKPrivateKey(json: appleRSA1JWK).withKeyID("apple-rsa-1")
let appleRSA2 = try! JWKPrivateKey(json: appleRSA2JWK).withKeyID("apple-rsa-2")
let sessionRSA = try! JWKPrivateKey(json: sessionRSAJWK)
let teamID = "TEAM123456"

/// The public JWK Set of `keys`, as a provider publishes it.
func publicSetJSON(_ keys: [JWKPrivateKey]) -> String {
    let list = JSONValue.array(keys.map { .object($0.publicJWK!.jsonObject()) })
    return String(decoding: try! JSONValue.object(try! JSONObject([("keys", list)])).serialized(), as: UTF8.self)
}

struct AppleClaims: Encodable {
    var iss = "https://appleid.apple.com"
    var aud: String
    var sub: String
    var iat: Int64
    var exp: Int64
    var nonce: String?
    var email: String? = "a@privaterelay.appleid.com"
}

/// An Apple-style identity token, RS256, signed by the fake Apple's key; `nonce` is the raw nonce, whose SHA-256
/// hex is the `nonce` claim (as the app gives it to Apple).
func appleRS256(_ key: JWKPrivateKey = appleRSA1, sub: String = "001234.apple-user", nonce: String? = "nonce-1",
                aud: String = clientID, exp: Double = 600) -> String {
    let t = Int64(now())
    let claims = AppleClaims(aud: aud, sub: sub, iat: t, exp: t + Int64(exp), nonce: nonce.map(NonceStore.appleNonceClaim(for:)))
    return try! JWTSigner(key: key, algorithm: .rs256).sign(claims)
}

/// The server under test for asymmetric Apple keys and the given sessions.
func rsaSIWARouter(applePort: Int, sessions: SessionTokens, secrets: AppleClientSecretSource,
                   configure: (inout RemoteJWKS.Configuration) -> Void = { _ in }) throws -> (Router<JWTRequestContext>, RemoteJWKS) {
    var keysConfig = RemoteJWKS.Configuration()
    keysConfig.allowInsecureHTTPForTesting = true
    keysConfig.fetchTimeout = 2
    configure(&keysConfig)
    let keys = try RemoteJWKS(url: "http://127.0.0.1:\(applePort)/auth/keys", configuration: keysConfig)
    var config = SignInWithApple.Configuration(clientID: clientID)
    config.tokenEndpoint = "http://127.0.0.1:\(applePort)/auth/token"
    config.allowInsecureHTTPForTesting = true
    // These suites test keys, sessions and the exchange with a client-chosen nonce (the requirement off);
    // IssuedNonceSignInTests tests the default, a nonce this server issued.
    config.requireServerIssuedNonce = false
    let siwa = try SignInWithApple(configuration: config, appleKeys: keys, sessions: sessions, clientSecretSource: secrets)
    let router = Router(context: JWTRequestContext.self)
    siwa.addRoutes(to: router)
    return (router, keys)
}

func makeSessions(_ alg: JWSAlgorithm, now: (@Sendable () -> Double)? = nil) throws -> SessionTokens {
    switch alg {
    case .es256: return try SessionTokens(signingKey: .generateEC(curve: .p256), algorithm: .es256,
                                          issuer: "https://api.example.com", audience: "api", lifetime: 600, now: now)
    case .rs256: return try SessionTokens(signingKey: sessionRSA, algorithm: .rs256,
                                          issuer: "https://api.example.com", audience: "api", lifetime: 600, now: now)
    default: return try SessionTokens(hs256Secret: Array(repeating: 0x77, count: 32), issuer: "https://api.example.com",
                                      audience: "api", lifetime: 600, now: now)
    }
}

/// The JSON object of a token's protected header.
func headerOf(_ token: String) throws -> [String: String] {
    let h = try Base64URL.decode(String(token.split(separator: ".")[0]))
    return try JSONDecoder().decode([String: String].self, from: Data(h))
}

func formValue(_ form: String, _ name: String) -> String? {
    for pair in form.split(separator: "&") {
        let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
        if kv.count == 2, kv[0] == name { return kv[1].removingPercentEncoding }
    }
    return nil
}

@Suite(.timeLimit(.minutes(1)))
struct AsymmetricSessionOverHTTPTests {
    let teamKey = try! JWKPrivateKey.generateEC(curve: .p256, keyID: "ABC123DEFG")

    func secretSource(now: (@Sendable () -> Double)? = nil) throws -> AppleClientSecretSource {
        try AppleClientSecretSource(teamID: teamID, clientID: clientID, keyID: "ABC123DEFG",
                                    p8: try teamKey.pemRepresentation(), now: now)
    }

    @Test(arguments: [JWSAlgorithm.es256, .rs256])
    func signInWithRS256AppleTokensGivesAnAsymmetricSession(alg: JWSAlgorithm) async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256())\",\"refresh_token\":\"r-1\"}") }
        let sessions = try makeSessions(alg)
        let secrets = try secretSource()
        let teamPublic = teamKey.publicJWK!
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let s = try await serve(try rsaSIWARouter(applePort: p, sessions: sessions, secrets: secrets).0, in: &group)
            let base = "http://127.0.0.1:\(s)"

            // Sign-in with a valid identity token → session token of the configured algorithm.
            let r = try await postJSON("\(base)/auth/apple", signInBody(identityToken: appleRS256()))
            #expect(r.status == 200, "\(r.body)")
            let session = try JSONDecoder().decode(SessionJSON.self, from: Data(r.body.utf8))
            #expect(session.subject == "001234.apple-user")
            #expect(try headerOf(session.sessionToken) == ["alg": alg.rawValue, "typ": "JWT", "kid": "session-1"])

            // The exchange carried an ES256 client secret for this team and app, valid per Apple's rules.
            let form = provider.state.withLock { $0.tokenRequests }
            #expect(form.count == 1)
            let clientSecret = try #require(form.first.flatMap { formValue($0, "client_secret") })
            #expect(try headerOf(clientSecret) == ["alg": "ES256", "kid": "ABC123DEFG"])
            let secretClaims = try JWTVerifier(key: teamPublic, algorithms: [.es256])
                .verify(clientSecret, expecting: ClaimExpectations(issuer: teamID, audience: AppleClientSecret.audience))
            #expect(secretClaims.claims.subject == clientID)
            #expect(secrets.secretsMade == 1)

            // Authorized request with the session, over the Bearer variants.
            for header in ["Bearer \(session.sessionToken)", "bearer \(session.sessionToken)",
                           "Bearer   \(session.sessionToken)  "] {
                let me = try await get("\(base)/me", authorization: [header])
                #expect(me.status == 200)
                #expect(me.body == "001234.apple-user")
            }
            let missing = try await get("\(base)/me")
            #expect(missing.status == 401)
            #expect(missing.wwwAuthenticate == "Bearer realm=\"session\"")

            // The published key set: public members only, and it verifies the session on its own.
            let jwksAnswer = try await get("\(base)/.well-known/jwks.json")
            #expect(jwksAnswer.status == 200)
            let published = try JWKSet(json: jwksAnswer.body)
            #expect(published.count == 1)
            #expect(published.keys[0].keyID == "session-1")
            #expect(published.keys[0].algorithm == alg.rawValue && published.keys[0].use == "sig")
            for member in ["\"d\"", "\"p\"", "\"q\"", "\"dp\"", "\"dq\"", "\"qi\""] {
                #expect(!jwksAnswer.body.contains(member))
            }
            let independent = try JWTVerifier(keys: published, algorithms: [alg])
                .verify(session.sessionToken, expecting: ClaimExpectations(issuer: "https://api.example.com", audience: "api"))
            #expect(independent.claims.subject == "001234.apple-user")

            // Tampered session tokens: a payload character, the signature, or re-signed with another key under the
            // same kid — all 401, never the token in the answer.
            try await expectTamperedCopiesRefused(session.sessionToken, at: "\(base)/me")
            let otherKey = alg == .es256 ? try SessionTokens(signingKey: .generateEC(curve: .p256), algorithm: .es256,
                                                              issuer: "https://api.example.com", audience: "api")
                                         : try SessionTokens(signingKey: appleRSA2, algorithm: .rs256,
                                                              issuer: "https://api.example.com", audience: "api")
            let forged = try await get("\(base)/me", authorization: ["Bearer \(try otherKey.issue(subject: "intruder"))"])
            #expect(forged.status == 401)
            #expect(forged.wwwAuthenticate == "Bearer realm=\"session\", error=\"invalid_token\", error_description=\"invalidSignature\"")
            #expect(!(forged.wwwAuthenticate ?? "").contains("intruder"))
            // Apple's RS256 identity token is not a session (other issuer, audience and key).
            #expect(try await get("\(base)/me", authorization: ["Bearer \(appleRS256())"]).status == 401)

            // Refresh keeps the subject and the algorithm.
            let refreshed = try await postJSON("\(base)/auth/refresh", "", authorization: "Bearer \(session.sessionToken)")
            #expect(refreshed.status == 200)
            let second = try JSONDecoder().decode(SessionJSON.self, from: Data(refreshed.body.utf8))
            #expect(try headerOf(second.sessionToken)["alg"] == alg.rawValue)
            #expect(try await get("\(base)/me", authorization: ["Bearer \(second.sessionToken)"]).body == "001234.apple-user")

            // Refused identity tokens: wrong nonce, expired, wrong audience; none reaches the token endpoint.
            let cases: [(String, String)] = [
                (signInBody(identityToken: appleRS256(), nonce: "another-nonce"), "nonceMismatch"),
                (signInBody(identityToken: appleRS256(exp: -3600)), "expired"),
                (signInBody(identityToken: appleRS256(aud: "com.other.app")), "audienceMismatch"),
                (signInBody(identityToken: appleRS256(appleRSA2)), "keyNotFound"),
            ]
            for (body, code) in cases {
                let refused = try await postJSON("\(base)/auth/apple", body)
                #expect(refused.status == 401)
                #expect(refused.body.contains(code), "\(code): \(refused.body)")
            }
            #expect(provider.state.withLock { $0.tokenRequests.count } == 1)
            // The second sign-in reuses the cached client secret.
            #expect(try await postJSON("\(base)/auth/apple", signInBody(identityToken: appleRS256())).status == 200)
            #expect(secrets.secretsMade == 1)
            let sent = provider.state.withLock { $0.tokenRequests }.compactMap { formValue($0, "client_secret") }
            #expect(sent.count == 2 && sent[0] == sent[1])
        }
    }

    @Test func appleKeyRotationUnknownKidAndOutageOnTheSignInPath() async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256())\"}") }
        let sessions = try makeSessions(.es256)
        let secrets = try secretSource()
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let (router, keys) = try rsaSIWARouter(applePort: p, sessions: sessions, secrets: secrets) {
                $0.minimumMaxAge = 0.05
                $0.minimumRefreshInterval = 0.05
                $0.maximumRetryInterval = 0.05
                $0.fetchTimeout = 1.0
            }
            let s = try await serve(router, in: &group)
            let url = "http://127.0.0.1:\(s)/auth/apple"
            #expect(try await postJSON(url, signInBody(identityToken: appleRS256())).status == 200)
            #expect(provider.keyFetches == 1)

            // An unknown kid (after the 50 ms minimum refresh interval): one refetch, then 401 keyNotFound.
            try await Task.sleep(nanoseconds: 100_000_000)
            let unknown = try await postJSON(url, signInBody(identityToken: appleRS256(appleRSA2)))
            #expect(unknown.status == 401)
            #expect(unknown.body.contains("keyNotFound"))
            #expect(provider.keyFetches == 2)

            // Apple publishes key 2 and signs with it (the exchange's id_token too): one refetch, then it passes.
            provider.set {
                $0.jwks = publicSetJSON([appleRSA1, appleRSA2])
                $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(appleRSA2))\"}")
            }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await postJSON(url, signInBody(identityToken: appleRS256(appleRSA2))).status == 200)
            #expect(provider.keyFetches == 3)
            // Apple drops key 1 (and from now on lets the set go stale at once); once the set is refreshed, a
            // key-1 token is refused.
            provider.set { $0.jwks = publicSetJSON([appleRSA2]); $0.cacheControl = "max-age=0" }
            try await keys.cache.refresh()
            let old = try await postJSON(url, signInBody(identityToken: appleRS256(appleRSA1)))
            #expect(old.status == 401)
            #expect(old.body.contains("keyNotFound"))

            // The key endpoint goes down, then hangs: sign-ins with the last good key still pass, within bounds.
            let fetchesBefore = provider.keyFetches
            provider.set { $0.mode = .down }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await postJSON(url, signInBody(identityToken: appleRS256(appleRSA2))).status == 200)
            #expect(provider.keyFetches > fetchesBefore)
            provider.set { $0.mode = .slow(5) }
            try await Task.sleep(nanoseconds: 100_000_000)
            let start = Date()
            #expect(try await postJSON(url, signInBody(identityToken: appleRS256(appleRSA2))).status == 200)
            #expect(Date().timeIntervalSince(start) < 2.5)
        }
    }

    @Test func clientSecretIsRenewedBeforeItExpires() throws {
        let clock = ManualClock(1_800_000_000)
        let source = try AppleClientSecretSource(teamID: teamID, clientID: clientID, keyID: "ABC123DEFG",
                                                 p8: try teamKey.pemRepresentation(), lifetime: 3600, renewBefore: 600,
                                                 now: { clock.value })
        let verifier = JWTVerifier(key: teamKey.publicJWK!, algorithms: [.es256])
        struct Times: Decodable { var iat: Int64; var exp: Int64; var iss: String; var sub: String; var aud: String }
        func times(_ t: String) throws -> Times {
            try verifier.verify(t, expecting: ClaimExpectations(issuer: teamID, audience: AppleClientSecret.audience,
                                                                now: { clock.value })).decode(Times.self)
        }
        let first = try source.clientSecret()
        #expect(try times(first).iat == 1_800_000_000)
        #expect(try times(first).exp == 1_800_003_600)
        #expect(try times(first).sub == clientID)
        clock.value += 2999   // 601 s left: kept
        #expect(try source.clientSecret() == first)
        clock.value += 1      // 600 s left: renewed
        let second = try source.clientSecret()
        #expect(second != first)
        #expect(try times(second).iat == 1_800_003_000)
        #expect(source.secretsMade == 2)
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try AppleClientSecretSource(secret: source.secret, lifetime: AppleClientSecret.maximumLifetime + 1)
        }
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try AppleClientSecretSource(secret: source.secret, lifetime: 600, renewBefore: 600)
        }
        #expect(throws: (any Error).self) {
            try AppleClientSecretSource(teamID: teamID, clientID: clientID, keyID: "K", p8: sessionRSAJWK)
        }
    }

    @Test func sessionKeysAreCheckedAndSecretsNeverPublished() async throws {
        // Keys that do not fit the algorithm, and algorithms sessions do not use, are refused up front.
        let ec = try JWKPrivateKey.generateEC(curve: .p256)
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(signingKey: ec, algorithm: .rs256, issuer: "i", audience: "a")
        }
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(signingKey: sessionRSA, algorithm: .es256, issuer: "i", audience: "a")
        }
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(signingKey: sessionRSA, algorithm: .ps256, issuer: "i", audience: "a")
        }
        // A key restricted to another algorithm by its own "alg" is not used for this one.
        let psOnly = try JWKPrivateKey(json: sessionRSAJWK.replacingOccurrences(of: "{\"kty\"", with: "{\"alg\":\"PS256\",\"kty\""))
        #expect(psOnly.algorithm == "PS256")
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(signingKey: psOnly, algorithm: .rs256, issuer: "i", audience: "a")
        }
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(signingKey: JWKPrivateKey(symmetricKey: Array(repeating: 1, count: 16)), algorithm: .hs256,
                              issuer: "i", audience: "a")
        }
        // HS256 sessions: no public key set and no /.well-known/jwks.json route.
        let hs = try makeSessions(.hs256)
        #expect(hs.publicKeySet == nil && hs.publicKeySetJSON == nil)
        let es = try makeSessions(.es256)
        #expect(es.publicKeySet?.keys.first?.keyType == .ec)
        #expect(try makeSessions(.rs256).publicKeySet?.keys.first?.modulusBitCount == 2048)
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        let secrets = try secretSource()
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let s = try await serve(try rsaSIWARouter(applePort: p, sessions: hs, secrets: secrets).0, in: &group)
            #expect(try await get("http://127.0.0.1:\(s)/.well-known/jwks.json").status == 404)
        }
    }
}
