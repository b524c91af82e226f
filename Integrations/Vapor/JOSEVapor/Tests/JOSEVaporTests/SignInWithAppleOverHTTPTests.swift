import AsyncHTTPClient
import Foundation
import JOSE
import JOSEVapor
import SHA2
import Synchronization
import Testing
import Vapor

// The whole Sign in with Apple flow as in production: the fake Apple signs RS256 with fixed RSA-2048 keys
// (FixedRSAKeys.swift) through PureJOSE's JWTSigner and serves their public JWK Set; the code exchange sends an
// ES256 client secret made by AppleClientSecretSource from a P-256 team key; the server issues the nonce, consumes
// it once, and issues ES256, RS256 or HS256 session tokens, publishing the public key at /.well-known/jwks.json.

let appleRSA1 = try! JWKPrivateKey(json: appleRSA1JWK).withKeyID("apple-rsa-1")
let appleRSA2 = try! JWKPrivateKey(json: appleRSA2JWK).withKeyID("apple-rsa-2")
let sessionRSA = try! JWKPrivateKey(json: sessionRSAJWK)
let teamID = "TEAM123456"
let clientID = "com.example.app"
let teamKey = try! JWKPrivateKey.generateEC(curve: .p256, keyID: "ABC123DEFG")

struct AppleClaims: Encodable {
    var iss = "https://appleid.apple.com"
    var aud: String
    var sub: String
    var iat: Int64
    var exp: Int64
    var nonce: String?
    var email: String? = "a@privaterelay.appleid.com"
}

/// An Apple-style identity token, RS256, signed by the fake Apple's key.
func appleRS256(_ key: JWKPrivateKey = appleRSA1, sub: String = "001234.apple-user", nonce: String?,
                aud: String = clientID, exp: Double = 600) -> String {
    let t = Int64(now())
    return try! JWTSigner(key: key, algorithm: .rs256).sign(AppleClaims(aud: aud, sub: sub, iat: t, exp: t + Int64(exp), nonce: nonce))
}

func makeSessions(_ alg: JWSAlgorithm) throws -> SessionTokens {
    switch alg {
    case .es256: return try SessionTokens(signingKey: .generateEC(curve: .p256), algorithm: .es256,
                                          issuer: "https://api.example.com", audience: "api", lifetime: 600)
    case .rs256: return try SessionTokens(signingKey: sessionRSA, algorithm: .rs256,
                                          issuer: "https://api.example.com", audience: "api", lifetime: 600)
    default: return try SessionTokens(hs256Secret: Array(repeating: 0x77, count: 32), issuer: "https://api.example.com",
                                      audience: "api", lifetime: 600)
    }
}

func secretSource() throws -> AppleClientSecretSource {
    try AppleClientSecretSource(teamID: teamID, clientID: clientID, keyID: "ABC123DEFG", p8: try teamKey.pemRepresentation())
}

/// Configures `app` as the server under test: Sign in with Apple against the fake Apple on `applePort`.
@discardableResult
func siwaRoutes(_ app: Application, applePort: Int, sessions: SessionTokens, secrets: AppleClientSecretSource,
                nonces: NonceStore? = nil, requireNonce: Bool = true,
                keys configure: (inout RemoteJWKS.Configuration) -> Void = { _ in },
                settings: (inout SignInWithApple.Configuration) -> Void = { _ in }) throws -> SignInWithApple {
    var keysConfig = RemoteJWKS.Configuration()
    keysConfig.allowInsecureHTTPForTesting = true
    keysConfig.fetchTimeout = 2
    configure(&keysConfig)
    let keys = try app.jose.remoteJWKS(url: "http://127.0.0.1:\(applePort)/auth/keys", configuration: keysConfig)
    var config = SignInWithApple.Configuration(clientID: clientID)
    config.tokenEndpoint = "http://127.0.0.1:\(applePort)/auth/token"
    config.allowInsecureHTTPForTesting = true
    config.requireServerIssuedNonce = requireNonce
    settings(&config)
    let siwa = try SignInWithApple(configuration: config, appleKeys: keys, sessions: sessions, nonces: nonces,
                                   clientSecretSource: secrets, httpClient: app.http.client.shared)
    siwa.addRoutes(to: app, secureCookie: false)
    return siwa
}

struct Signed: Encodable { var sub, aud, iss: String; var exp: Int64 }
struct SessionJSON: Decodable { var sessionToken: String; var subject: String; var expiresIn: Int }
struct NonceJSON: Decodable { var nonce: String; var expiresIn: Int }

/// A nonce from the server, and the cookie that binds it to this client (`name=value`).
func issuedNonce(_ base: String, cookie: String? = nil) async throws -> (nonce: String, cookie: String) {
    let r = try await postJSON("\(base)/auth/apple/nonce", "", cookie: cookie)
    #expect(r.status == 200)
    let n = try JSONDecoder().decode(NonceJSON.self, from: Data(r.body.utf8))
    #expect(n.nonce.utf8.count == NonceStore.nonceLength)
    if let cookie { return (n.nonce, cookie) }
    let set = try #require(r.setCookie)
    #expect(set.contains("HttpOnly"))
    return (n.nonce, String(set.split(separator: ";")[0]))
}

func signInBody(_ token: String, code: String = "code-1", nonce: String?) -> String {
    String(decoding: try! JSONEncoder().encode(AppleSignInBody(identityToken: token, authorizationCode: code, nonce: nonce)),
           as: UTF8.self)
}

/// One complete sign-in: a new nonce, a token carrying its SHA-256 hex, the POST.
func signIn(_ base: String, key: JWKPrivateKey = appleRSA1) async throws -> HTTPResult {
    let (n, cookie) = try await issuedNonce(base)
    return try await postJSON("\(base)/auth/apple", signInBody(appleRS256(key, nonce: sha256Hex(n)), nonce: n), cookie: cookie)
}

func sha256Hex(_ s: String) -> String {
    SHA2.SHA256.hash(data: Array(s.utf8)).bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
}

@Suite(.timeLimit(.minutes(1)))
struct SignInWithAppleOverHTTPTests {
    @Test(arguments: [JWSAlgorithm.es256, .rs256])
    func signInWithRS256AppleTokensGivesAnAsymmetricSession(alg: JWSAlgorithm) async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(nonce: nil))\",\"refresh_token\":\"r-1\"}") }
        let sessions = try makeSessions(alg)
        let secrets = try secretSource()
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                try siwaRoutes(app, applePort: p, sessions: sessions, secrets: secrets)
                // req.jose.sign and req.jose.verify(as:) with the app's session key.
                app.post("sign") { req throws -> String in
                    try req.jose.sign(Signed(sub: "signed-here", aud: "api", iss: "https://api.example.com", exp: Int64(now()) + 60))
                }
                app.get("claims") { req async throws -> String in try await req.jose.verify(as: JOSEClaims.self).sub ?? "" }
            }
            let base = "http://127.0.0.1:\(s)"

            let r = try await signIn(base)
            #expect(r.status == 200, "\(r.body)")
            let session = try JSONDecoder().decode(SessionJSON.self, from: Data(r.body.utf8))
            #expect(session.subject == "001234.apple-user")
            #expect(try headerOf(session.sessionToken) == ["alg": alg.rawValue, "typ": "JWT", "kid": "session-1"])

            // The exchange carried an ES256 client secret for this team and app.
            let form = provider.tokenRequests
            #expect(form.count == 1)
            let clientSecret = try #require(form.first.flatMap { formValue($0, "client_secret") })
            #expect(try headerOf(clientSecret) == ["alg": "ES256", "kid": "ABC123DEFG"])
            let secretClaims = try JWTVerifier(key: teamKey.publicJWK!, algorithms: [.es256])
                .verify(clientSecret, expecting: ClaimExpectations(issuer: teamID, audience: AppleClientSecret.audience))
            #expect(secretClaims.claims.subject == clientID)
            #expect(formValue(form[0], "code") == "code-1" && formValue(form[0], "client_id") == clientID)

            for header in ["Bearer \(session.sessionToken)", "bearer \(session.sessionToken)",
                           "Bearer   \(session.sessionToken)  "] {
                let me = try await get("\(base)/me", authorization: [header])
                #expect(me.status == 200)
                #expect(me.body == "001234.apple-user")
            }
            let missing = try await get("\(base)/me")
            #expect(missing.status == 401)
            #expect(missing.wwwAuthenticate == "Bearer realm=\"session\"")
            // req.jose.verify(as:) accepts the session (app.jose.sessions was set by addRoutes).
            #expect(try await get("\(base)/claims", authorization: ["Bearer \(session.sessionToken)"]).body == "001234.apple-user")

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
            // req.jose.sign signs with the same key: the published set verifies it too.
            let signed = try await request(.POST, "\(base)/sign")
            #expect(try JWTVerifier(keys: published, algorithms: [alg]).verify(signed.body).claims.subject == "signed-here")

            // Tampered session tokens, and one signed by another key under the same kid.
            try await expectTamperedCopiesRefused(session.sessionToken, at: "\(base)/me")
            let otherKey = alg == .es256 ? try SessionTokens(signingKey: .generateEC(curve: .p256), algorithm: .es256,
                                                              issuer: "https://api.example.com", audience: "api")
                                         : try SessionTokens(signingKey: appleRSA2, algorithm: .rs256,
                                                              issuer: "https://api.example.com", audience: "api")
            let forged = try await get("\(base)/me", authorization: ["Bearer \(try otherKey.issue(subject: "intruder"))"])
            #expect(forged.status == 401)
            #expect(forged.wwwAuthenticate == "Bearer realm=\"session\", error=\"invalid_token\", error_description=\"invalidSignature\"")
            // Apple's identity token is not a session.
            #expect(try await get("\(base)/me", authorization: ["Bearer \(appleRS256(nonce: nil))"]).status == 401)

            // Refresh keeps the subject and the algorithm.
            let refreshed = try await postJSON("\(base)/auth/refresh", "", authorization: "Bearer \(session.sessionToken)")
            #expect(refreshed.status == 200)
            let second = try JSONDecoder().decode(SessionJSON.self, from: Data(refreshed.body.utf8))
            #expect(try headerOf(second.sessionToken)["alg"] == alg.rawValue)
            #expect(try await get("\(base)/me", authorization: ["Bearer \(second.sessionToken)"]).body == "001234.apple-user")
            let badRefresh = try await postJSON("\(base)/auth/refresh", "", authorization: "Bearer \(tamperedCopies(of: second.sessionToken).signature)")
            #expect(badRefresh.status == 401)
            #expect(badRefresh.wwwAuthenticate?.contains("invalidSignature") == true)

            // Refused identity tokens: expired, wrong audience, unknown kid; none reaches the token endpoint.
            let cases: [(JWKPrivateKey, String, Double, String)] = [
                (appleRSA1, clientID, -3600, "expired"),
                (appleRSA1, "com.other.app", 600, "audienceMismatch"),
                (appleRSA2, clientID, 600, "keyNotFound"),
            ]
            for (key, aud, exp, code) in cases {
                let (n, cookie) = try await issuedNonce(base)
                let refused = try await postJSON("\(base)/auth/apple", signInBody(appleRS256(key, nonce: sha256Hex(n), aud: aud, exp: exp), nonce: n),
                                                 cookie: cookie)
                #expect(refused.status == 401)
                #expect(refused.body.contains(code), "\(code): \(refused.body)")
            }
            #expect(provider.tokenRequests.count == 1)
            // The second sign-in reuses the cached client secret.
            #expect(try await signIn(base).status == 200)
            #expect(secrets.secretsMade == 1)
            let sent = provider.tokenRequests.compactMap { formValue($0, "client_secret") }
            #expect(sent.count == 2 && sent[0] == sent[1])
        }
    }

    @Test func nonceIsServerIssuedBoundToTheSessionAndUsedOnce() async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(nonce: nil))\"}") }
        let clock = ManualClock(5000)
        let nonces = try NonceStore(lifetime: 300, now: { clock.value })
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                try siwaRoutes(app, applePort: p, sessions: try makeSessions(.es256), secrets: try secretSource(), nonces: nonces)
            }
            let base = "http://127.0.0.1:\(s)"
            let url = "\(base)/auth/apple"
            func refused(_ r: HTTPResult, _ what: String) {
                #expect(r.status == 401, "\(what)")
                #expect(r.body.contains("nonceRefused"), "\(what): \(r.body)")
            }

            // No nonce at all, with or without a nonce in the token.
            let (_, cookie) = try await issuedNonce(base)
            refused(try await postJSON(url, signInBody(appleRS256(nonce: nil), nonce: nil), cookie: cookie), "no nonce")
            refused(try await postJSON(url, signInBody(appleRS256(nonce: "client-made"), nonce: nil), cookie: cookie), "token nonce only")
            // A nonce the client made up, copied into the body from the token's own claim.
            refused(try await postJSON(url, signInBody(appleRS256(nonce: "client-made"), nonce: "client-made"), cookie: cookie), "made-up")
            // An issued nonce without the cookie of the session it was issued to, or with a malformed one.
            let (n0, c0) = try await issuedNonce(base)
            refused(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n0)), nonce: n0)), "no cookie")
            refused(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n0)), nonce: n0),
                                       cookie: "\(SignInWithApple.nonceSessionCookie)=short"), "malformed cookie")
            // The value in the token's claim is a hash, never an issued nonce: presenting it is refused.
            refused(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n0)), nonce: sha256Hex(n0)), cookie: c0),
                    "claim copied from the token")
            #expect(provider.tokenRequests.isEmpty)

            // An issued nonce, once: passes, then the same request again (replay) is refused.
            let good = signInBody(appleRS256(nonce: sha256Hex(n0)), nonce: n0)
            #expect(try await postJSON(url, good, cookie: c0).status == 200)
            refused(try await postJSON(url, good, cookie: c0), "replay")
            // The same nonce in a new token (reuse by the app) is refused too.
            refused(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n0)), code: "code-2", nonce: n0), cookie: c0), "reuse")

            // The token must carry the SHA-256 hex of the nonce (Apple's documented practice): a token carrying the
            // nonce itself does not match. That does not use the nonce up: only an identity token Apple issued for
            // it does (so sign-ins with nonces but no such token record nothing), and then once.
            let (n1, c1) = try await issuedNonce(base)
            let unhashed = try await postJSON(url, signInBody(appleRS256(nonce: n1), nonce: n1), cookie: c1)
            #expect(unhashed.status == 401 && unhashed.body.contains("nonceMismatch"), "\(unhashed.body)")
            #expect(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n1)), nonce: n1), cookie: c1).status == 200)
            refused(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n1)), nonce: n1), cookie: c1), "n1 replayed")

            // A token carrying another issued nonce than the body's: refused; both nonces are still good, once each.
            let (n2, c2) = try await issuedNonce(base)
            let (n3, _) = try await issuedNonce(base, cookie: c2)
            let crossed = try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n3)), nonce: n2), cookie: c2)
            #expect(crossed.status == 401 && crossed.body.contains("nonceMismatch"), "\(crossed.body)")
            #expect(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n2)), nonce: n2), cookie: c2).status == 200)
            #expect(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n3)), nonce: n3), cookie: c2).status == 200)
            refused(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n2)), nonce: n2), cookie: c2), "n2 replayed")

            // A nonce issued to another session: refused there, still good for its own session.
            let (n4, c4) = try await issuedNonce(base)
            let (_, other) = try await issuedNonce(base)
            #expect(other != c4)
            refused(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n4)), nonce: n4), cookie: other), "other session")
            #expect(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n4)), nonce: n4), cookie: c4).status == 200)

            // Expiry: 300 s on the store's clock.
            let (n5, c5) = try await issuedNonce(base)
            clock.value += 300
            refused(try await postJSON(url, signInBody(appleRS256(nonce: sha256Hex(n5)), nonce: n5), cookie: c5), "expired")

            // Race: eight sign-ins with one nonce at once; exactly one wins.
            let (n6, c6) = try await issuedNonce(base)
            let body6 = signInBody(appleRS256(nonce: sha256Hex(n6)), nonce: n6)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { try await postJSON(url, body6, cookie: c6).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 401 }.count == 7, "\(statuses)")
            // Successful sign-ins: n0, n1, n2, n3, n4, n6 — each reached Apple once and was consumed once.
            #expect(provider.tokenRequests.count == 6)
            #expect(nonces.counts.consumed == 6)
        }
    }

    @Test func theNonceRequirementCanBeTurnedOffExplicitly() async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(nonce: nil))\"}") }
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                try siwaRoutes(app, applePort: p, sessions: try makeSessions(.es256), secrets: try secretSource(), requireNonce: false)
            }
            let url = "http://127.0.0.1:\(s)/auth/apple"
            // Off: no nonce passes (the documented risk); a nonce given must still match the token's.
            #expect(try await postJSON(url, signInBody(appleRS256(nonce: nil), nonce: nil)).status == 200)
            let mismatch = try await postJSON(url, signInBody(appleRS256(nonce: "a"), nonce: "b"))
            #expect(mismatch.status == 401 && mismatch.body.contains("nonceMismatch"))
        }
    }

    @Test func refusedExchanges() async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                try siwaRoutes(app, applePort: p, sessions: try makeSessions(.es256), secrets: try secretSource())
            }
            let base = "http://127.0.0.1:\(s)"
            provider.set { $0.tokenResponse = (400, "{\"error\":\"invalid_grant\"}") }
            let grant = try await signIn(base)
            #expect(grant.status == 401 && grant.body.contains("tokenEndpoint"), "\(grant.body)")
            provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(sub: "someone-else", nonce: nil))\"}") }
            let other = try await signIn(base)
            #expect(other.status == 401 && other.body.contains("invalidResponse"))
            provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(nonce: "other"))\"}") }
            let otherNonce = try await signIn(base)
            #expect(otherNonce.status == 401 && otherNonce.body.contains("invalidResponse"))
            provider.set { $0.tokenResponse = (200, "{\"no\":\"token\"}") }
            #expect(try await signIn(base).status == 401)
            let junkBody = try await postJSON("\(base)/auth/apple", "{\"identityToken\":1}")
            #expect(junkBody.status == 400)
            #expect(provider.tokenRequests.count == 4)
        }
    }

    @Test func appleKeyRotationUnknownKidAndOutageOnTheSignInPath() async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(nonce: nil))\"}") }
        let keysBox = Mutex<SignInWithApple?>(nil)
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                let siwa = try siwaRoutes(app, applePort: p, sessions: try makeSessions(.es256), secrets: try secretSource()) {
                    $0.minimumMaxAge = 0.05
                    $0.minimumRefreshInterval = 0.05
                    $0.maximumRetryInterval = 0.05
                    $0.fetchTimeout = 1.0
                }
                keysBox.withLock { $0 = siwa }
            }
            let keys = try #require(keysBox.withLock { $0 }).appleKeys
            let base = "http://127.0.0.1:\(s)"
            // Warm-up: the first fetch may miss its 1 s deadline on a loaded machine; the later counts are relative.
            var first = try await signIn(base)
            for _ in 0..<10 where first.status != 200 {
                try await Task.sleep(nanoseconds: 200_000_000)
                first = try await signIn(base)
            }
            #expect(first.status == 200)
            let f0 = provider.keyFetches

            try await Task.sleep(nanoseconds: 100_000_000)
            let unknown = try await signIn(base, key: appleRSA2)
            #expect(unknown.status == 401 && unknown.body.contains("keyNotFound"))
            #expect(provider.keyFetches == f0 + 1)

            provider.set {
                $0.jwks = publicSetJSON([appleRSA1, appleRSA2])
                $0.tokenResponse = (200, "{\"id_token\":\"\(appleRS256(appleRSA2, nonce: nil))\"}")
            }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await signIn(base, key: appleRSA2).status == 200)
            #expect(provider.keyFetches == f0 + 2)
            provider.set { $0.jwks = publicSetJSON([appleRSA2]); $0.cacheControl = "max-age=0" }
            try await keys.cache.refresh()
            let old = try await signIn(base, key: appleRSA1)
            #expect(old.status == 401 && old.body.contains("keyNotFound"))

            let fetchesBefore = provider.keyFetches
            provider.set { $0.mode = .down }
            try await Task.sleep(nanoseconds: 100_000_000)
            #expect(try await signIn(base, key: appleRSA2).status == 200)
            #expect(provider.keyFetches > fetchesBefore)
            provider.set { $0.mode = .slow(3) }
            try await Task.sleep(nanoseconds: 100_000_000)
            let start = Date()
            #expect(try await signIn(base, key: appleRSA2).status == 200)
            #expect(Date().timeIntervalSince(start) < 2.8)  // 3 s stall, 1 s deadline
        }
    }

    @Test func hs256SessionsPublishNoKeys() async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                try siwaRoutes(app, applePort: p, sessions: try makeSessions(.hs256), secrets: try secretSource())
            }
            #expect(try await get("http://127.0.0.1:\(s)/.well-known/jwks.json").status == 404)
        }
    }
}
