// sign-in-with-apple-vapor: Sign in with Apple → the server's own session tokens, on Vapor and PureJOSE.
//
// Environment (every value is checked before use; a bad one stops the server with a message, exit 2):
//   APPLE_CLIENT_ID        your bundle ID or Services ID (required)
//   APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_P8_FILE
//                          the team's Sign in with Apple key: the client secret is made from it and renewed
//                          before it expires (AppleClientSecretSource)
//   APPLE_CLIENT_SECRET    instead of the three above: a ready-made client secret JWT (e.g. `jose apple-secret`)
//   SESSION_ALGORITHM      ES256 (default), RS256 or HS256
//   SESSION_KEY_FILE       PEM private key for ES256/RS256 sessions (ES256 without it: a new key at each start)
//   SESSION_SECRET         base64url of at least 32 random bytes, for HS256 sessions
//   SESSION_KEY_ID         `kid` of session tokens (default session-1)
//   SESSION_ISSUER         `iss` of session tokens (default http://HOST:PORT)
//   SESSION_AUDIENCE       `aud` of session tokens (default "api")
//   SESSION_LIFETIME       whole seconds, 60 to 31536000 (default 3600)
//   NONCE_LIFETIME         whole seconds a server-issued nonce stays valid, 10 to 3600 (default 300)
//   BODY_TIMEOUT           whole seconds a request body may take to arrive whole, 1 to 600 (default 10): past it
//                          408 and the connection closed
//   MAX_SLOW_BODIES        request bodies read at once, 1 to 100000 (default 64): past it 503 and closed
//   IDLE_TIMEOUT           whole seconds an idle connection is kept, 1 to 3600 (default BODY_TIMEOUT + 1: Vapor hands a
//                          request to its route only once its body starts, so this closes a body that never does)
//   ALLOW_SIGN_IN_WITHOUT_SERVER_NONCE=1
//                          accept sign-ins without a nonce issued here (NOT for production: a captured identity
//                          token then signs its user in until it expires)
//   APPLE_KEYS_URL         default https://appleid.apple.com/auth/keys
//   APPLE_TOKEN_ENDPOINT   default https://appleid.apple.com/auth/token
//   ALLOW_INSECURE_HTTP=1  accept http:// for the two URLs above, and send the nonce cookie without `Secure`
//                          (local testing only)
//   HOST, PORT             listening address (default 127.0.0.1:8080)
import Foundation
import JOSEVapor
import Vapor

func env(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sign-in-with-apple-vapor: \(message)\n".utf8))
    exit(2)
}

func required(_ name: String) -> String {
    guard let v = env(name) else { fail("set \(name) (see the README)") }
    return v
}

func readFile(_ variable: String) -> String {
    let path = required(variable)
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(variable)=\(path)") }
    return text
}

/// A whole number of `name` within `range`, or the default; anything else stops the server.
func integer(_ name: String, default value: Int, in range: ClosedRange<Int>) -> Int {
    guard let text = env(name) else { return value }
    guard text.utf8.count <= 12, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(text), range.contains(n) else {
        fail("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return n
}

func flag(_ name: String) -> Bool {
    guard let v = env(name) else { return false }
    guard v == "1" || v == "0" else { fail("\(name) is 1 or 0") }
    return v == "1"
}

let host = env("HOST") ?? "127.0.0.1"
let port = integer("PORT", default: 8080, in: 1...65535)
let insecure = flag("ALLOW_INSECURE_HTTP")
let clientID = required("APPLE_CLIENT_ID")
let issuer = env("SESSION_ISSUER") ?? "http://\(host):\(port)"
let audience = env("SESSION_AUDIENCE") ?? "api"
let lifetime = Double(integer("SESSION_LIFETIME", default: 3600, in: 60...31_536_000))
let nonceLifetime = Double(integer("NONCE_LIFETIME", default: 300, in: 10...3600))
let keyID = env("SESSION_KEY_ID") ?? "session-1"
let bodyTimeout = Double(integer("BODY_TIMEOUT", default: 10, in: 1...600))
let maxSlowBodies = integer("MAX_SLOW_BODIES", default: 64, in: 1...100_000)
let idleTimeout = integer("IDLE_TIMEOUT", default: Int(bodyTimeout) + 1, in: 1...3600)

let app = try await Application.make(.production)
app.http.server.configuration.hostname = host
app.http.server.configuration.port = port
// A connection that goes quiet (a request that declares a body and never starts it: Vapor does not call the route
// before its first byte) is closed after IDLE_TIMEOUT; the sign-in routes give a body that has started BODY_TIMEOUT
// whole, however it drips.
app.http.server.configuration.idleTimeout = .seconds(Int64(idleTimeout))
do {
    let sessions: SessionTokens
    switch (env("SESSION_ALGORITHM") ?? "ES256").uppercased() {
    case "HS256":
        guard let secret = try? Base64URL.decode(required("SESSION_SECRET")), secret.count >= 32 else {
            fail("SESSION_SECRET must be base64url of ≥ 32 bytes")
        }
        sessions = try SessionTokens(hs256Secret: secret, keyID: keyID, issuer: issuer, audience: audience,
                                     lifetime: lifetime)
    case "ES256":
        let key = env("SESSION_KEY_FILE") == nil ? try JWKPrivateKey.generateEC(curve: .p256)
                                                 : try JWKPrivateKey(pemRepresentation: readFile("SESSION_KEY_FILE"))
        sessions = try SessionTokens(signingKey: key, algorithm: .es256, keyID: keyID, issuer: issuer,
                                     audience: audience, lifetime: lifetime)
    case "RS256":
        sessions = try SessionTokens(signingKey: JWKPrivateKey(pemRepresentation: readFile("SESSION_KEY_FILE")),
                                     algorithm: .rs256, keyID: keyID, issuer: issuer, audience: audience,
                                     lifetime: lifetime)
    default:
        fail("SESSION_ALGORITHM is ES256, RS256 or HS256")
    }

    var keysConfig = RemoteJWKS.Configuration()
    keysConfig.allowInsecureHTTPForTesting = insecure
    let appleKeys = try app.jose.remoteJWKS(url: env("APPLE_KEYS_URL") ?? IdentityProviders.appleKeysURL,
                                            configuration: keysConfig)
    var config = SignInWithApple.Configuration(clientID: clientID)
    if let t = env("APPLE_TOKEN_ENDPOINT") { config.tokenEndpoint = t }
    config.allowInsecureHTTPForTesting = insecure
    config.requireServerIssuedNonce = !flag("ALLOW_SIGN_IN_WITHOUT_SERVER_NONCE")
    config.bodyReadTimeout = bodyTimeout
    config.maximumConcurrentBodyReads = maxSlowBodies
    let nonces = try NonceStore(lifetime: nonceLifetime)
    let siwa: SignInWithApple
    if let ready = env("APPLE_CLIENT_SECRET") {
        siwa = try SignInWithApple(configuration: config, appleKeys: appleKeys, sessions: sessions, nonces: nonces,
                                   httpClient: app.http.client.shared) { ready }
    } else {
        let secrets = try AppleClientSecretSource(teamID: required("APPLE_TEAM_ID"), clientID: clientID,
                                                  keyID: required("APPLE_KEY_ID"), p8: readFile("APPLE_P8_FILE"))
        siwa = try SignInWithApple(configuration: config, appleKeys: appleKeys, sessions: sessions, nonces: nonces,
                                   clientSecretSource: secrets, httpClient: app.http.client.shared)
    }
    siwa.addRoutes(to: app, secureCookie: !insecure)
    try await app.execute()
} catch {
    FileHandle.standardError.write(Data("sign-in-with-apple-vapor: \(error)\n".utf8))
    try? await app.asyncShutdown()
    exit(1)
}
try await app.asyncShutdown()
