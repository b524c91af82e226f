import AsyncHTTPClient
import Foundation
import Hummingbird
import JOSE
@testable import JOSEHummingbird
import Synchronization
import Testing

let appleKey: [UInt8] = Array(repeating: 0x5A, count: 32)
let clientID = "com.example.app"

/// An Apple-style identity token (HS256, the fake Apple's key). `nonce` is the raw nonce: the `nonce` claim is its
/// SHA-256 hex, as the app gives it to Apple; `nonceClaim` puts a claim in verbatim instead.
func appleToken(sub: String = "001234.apple-user", nonce: String? = "nonce-1", nonceClaim: String? = nil,
                aud: String = clientID, exp: Double = 600) -> String {
    var c: [String: Any] = ["iss": "https://appleid.apple.com", "aud": aud, "sub": sub, "iat": Int(now()),
                            "exp": Int(now() + exp), "email": "a@privaterelay.appleid.com", "email_verified": "true"]
    if let claim = nonceClaim ?? nonce.map(NonceStore.appleNonceClaim(for:)) { c["nonce"] = claim }
    return hs256(c, key: appleKey, kid: "apple-1")
}

/// The server under test wired to the fake Apple on `applePort`. The older suites call it with the nonce requirement
/// off (a client-chosen nonce, compared with the claim); IssuedNonceSignInTests uses the default, on.
func siwaRouter(applePort: Int, sessions: SessionTokens, requireIssuedNonce: Bool = false,
                nonces: (any SignInNonceStore)? = nil,
                settings: (inout SignInWithApple.Configuration) -> Void = { _ in }) throws -> Router<JWTRequestContext> {
    var keysConfig = testConfig()
    keysConfig.allowSymmetricKeys = true
    let keys = try RemoteJWKS(url: "http://127.0.0.1:\(applePort)/auth/keys", configuration: keysConfig)
    var config = SignInWithApple.Configuration(clientID: clientID)
    config.tokenEndpoint = "http://127.0.0.1:\(applePort)/auth/token"
    config.allowInsecureHTTPForTesting = true
    config.algorithms = [.hs256]
    config.requireServerIssuedNonce = requireIssuedNonce
    settings(&config)
    let siwa = try SignInWithApple(configuration: config, appleKeys: keys, sessions: sessions, nonces: nonces) { "test-client-secret" }
    let router = Router(context: JWTRequestContext.self)
    siwa.addRoutes(to: router)
    return router
}

func signInBody(identityToken: String, code: String = "code-1", nonce: String? = "nonce-1") -> String {
    let body = AppleSignInRequest(identityToken: identityToken, authorizationCode: code, nonce: nonce)
    return String(decoding: try! JSONEncoder().encode(body), as: UTF8.self)
}

func postJSON(_ url: String, _ json: String, authorization: String? = nil) async throws -> HTTPResult {
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/json")
    if let authorization { request.headers.add(name: "Authorization", value: authorization) }
    request.body = .bytes(ByteBuffer(string: json))
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
    let body = try await response.body.collect(upTo: 1 << 20)
    return HTTPResult(status: Int(response.status.code), body: String(buffer: body),
                      wwwAuthenticate: response.headers.first(name: "WWW-Authenticate"))
}

struct SessionJSON: Decodable { var sessionToken: String; var subject: String; var expiresIn: Int }

@Suite(.timeLimit(.minutes(1)))
struct SignInWithAppleOverHTTPTests {
    let sessions = try! SessionTokens(hs256Secret: Array(repeating: 0x77, count: 32), issuer: "https://api.example.com",
                                      audience: "api", lifetime: 600)

    @Test func validSignInGivesASessionThatAuthorizesAndRefreshes() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(appleKey, "apple-1")]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleToken())\",\"refresh_token\":\"r-1\",\"token_type\":\"Bearer\"}") }
        let sessions = self.sessions
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let s = try await serve(try siwaRouter(applePort: p, sessions: sessions), in: &group)
            let base = "http://127.0.0.1:\(s)"

            let r = try await postJSON("\(base)/auth/apple", signInBody(identityToken: appleToken()))
            #expect(r.status == 200, "\(r.body)")
            let session = try JSONDecoder().decode(SessionJSON.self, from: Data(r.body.utf8))
            #expect(session.subject == "001234.apple-user")
            #expect(session.expiresIn == 600)
            // The exchange sent the code, the client ID and the client secret, form-encoded.
            let form = provider.state.withLock { $0.tokenRequests }
            #expect(form == ["client_id=com.example.app&client_secret=test-client-secret&code=code-1&grant_type=authorization_code"])

            let me = try await get("\(base)/me", authorization: ["Bearer \(session.sessionToken)"])
            #expect(me.status == 200)
            #expect(me.body == "001234.apple-user")

            let refreshed = try await postJSON("\(base)/auth/refresh", "", authorization: "Bearer \(session.sessionToken)")
            #expect(refreshed.status == 200)
            let second = try JSONDecoder().decode(SessionJSON.self, from: Data(refreshed.body.utf8))
            #expect(second.sessionToken != session.sessionToken)
            #expect(try await get("\(base)/me", authorization: ["Bearer \(second.sessionToken)"]).body == "001234.apple-user")

            // A tampered session token: one payload character changed, or one of the signature.
            try await expectTamperedCopiesRefused(session.sessionToken, at: "\(base)/me")
            // Apple's identity token is not a session token.
            #expect(try await get("\(base)/me", authorization: ["Bearer \(appleToken())"]).status == 401)
        }
    }

    @Test func refusedSignIns() async throws {
        let provider = FakeProvider(jwks: keySetJSON([(appleKey, "apple-1")]))
        provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleToken())\"}") }
        let sessions = self.sessions
        try await withServers { group in
            let p = try await serve(provider.router(), in: &group)
            let s = try await serve(try siwaRouter(applePort: p, sessions: sessions), in: &group)
            let url = "http://127.0.0.1:\(s)/auth/apple"

            let cases: [(String, String)] = [
                (signInBody(identityToken: appleToken(), nonce: "another-nonce"), "nonceMismatch"),
                (signInBody(identityToken: appleToken(nonce: nil)), "missingClaim"),
                (signInBody(identityToken: appleToken(exp: -3600)), "expired"),
                (signInBody(identityToken: appleToken(aud: "com.other.app")), "audienceMismatch"),
            ]
            for (body, code) in cases {
                let r = try await postJSON(url, body)
                #expect(r.status == 401)
                #expect(r.body.contains(code), "\(code): \(r.body)")
            }
            // None of these reached the token endpoint.
            #expect(provider.state.withLock { $0.tokenRequests.count } == 0)

            // The exchange fails (Apple: invalid_grant) or returns another user's id_token.
            provider.set { $0.tokenResponse = (400, "{\"error\":\"invalid_grant\"}") }
            let refused = try await postJSON(url, signInBody(identityToken: appleToken()))
            #expect(refused.status == 401)
            #expect(refused.body.contains("tokenEndpoint"))
            provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleToken(sub: "someone-else"))\"}") }
            let other = try await postJSON(url, signInBody(identityToken: appleToken()))
            #expect(other.status == 401)
            #expect(other.body.contains("invalidResponse"))
            provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleToken(nonce: "other"))\"}") }
            let otherNonce = try await postJSON(url, signInBody(identityToken: appleToken()))
            #expect(otherNonce.status == 401)
            #expect(otherNonce.body.contains("invalidResponse"))
            // An id_token without a nonce is fine: the nonce was checked on the identity token.
            provider.set { $0.tokenResponse = (200, "{\"id_token\":\"\(appleToken(nonce: nil))\"}") }
            #expect(try await postJSON(url, signInBody(identityToken: appleToken())).status == 200)
            #expect(provider.state.withLock { $0.tokenRequests.count } == 4)
        }
    }

    @Test func sessionRefreshStopsAtTheMaximumSessionAge() throws {
        let clock = ManualClock(1_800_000_000)
        let s = try SessionTokens(hs256Secret: Array(repeating: 1, count: 32), issuer: "i", audience: "a",
                                  lifetime: 600, maximumSessionAge: 1000, now: { clock.value })
        let t = try s.issue(subject: "u")
        clock.value += 500
        let t2 = try s.refresh(t)
        #expect(try s.verify(t2).claims.subject == "u")
        clock.value += 550   // 1050 s after sign-in; t2 still valid, but the sign-in is too old
        #expect(throws: IntegrationError.self) { try s.refresh(t2) }
        #expect(throws: IntegrationError.make(.configuration, "")) { try SessionTokens(hs256Secret: [1, 2, 3], issuer: "i", audience: "a") }
        #expect(throws: IntegrationError.make(.configuration, "")) {
            try SessionTokens(hs256Secret: Array(repeating: 1, count: 32), keyID: "a\"b", issuer: "i", audience: "a")
        }
    }
}

/// A settable clock shared between the test and the server's tasks.
final class ManualClock: Sendable {
    private let t: Mutex<Double>
    init(_ v: Double) { t = Mutex(v) }
    var value: Double {
        get { t.withLock { $0 } }
        set { t.withLock { $0 = newValue } }
    }
}
