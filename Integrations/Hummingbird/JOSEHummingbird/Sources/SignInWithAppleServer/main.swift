// sign-in-with-apple-server: Sign in with Apple → the server's own session tokens, on Hummingbird and PureJOSE.
//
// Environment:
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
//   SESSION_LIFETIME       seconds (default 3600)
//   APPLE_KEYS_URL         default https://appleid.apple.com/auth/keys
//   APPLE_TOKEN_ENDPOINT   default https://appleid.apple.com/auth/token
//   ALLOW_INSECURE_HTTP=1  accept http:// for the two URLs above (local testing only)
//   HOST, PORT             listening address (default 127.0.0.1:8080)
import Foundation
import Hummingbird
import JOSE
import JOSEHummingbird

func env(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sign-in-with-apple-server: \(message)\n".utf8))
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

let host = env("HOST") ?? "127.0.0.1"
let port = Int(env("PORT") ?? "8080") ?? 8080
let insecure = env("ALLOW_INSECURE_HTTP") == "1"
let clientID = required("APPLE_CLIENT_ID")
let issuer = env("SESSION_ISSUER") ?? "http://\(host):\(port)"
let audience = env("SESSION_AUDIENCE") ?? "api"
let lifetime = Double(env("SESSION_LIFETIME") ?? "3600") ?? 3600
let keyID = env("SESSION_KEY_ID") ?? "session-1"

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
    let appleKeys = try RemoteJWKS(url: env("APPLE_KEYS_URL") ?? "https://appleid.apple.com/auth/keys",
                                   configuration: keysConfig)
    var config = SignInWithApple.Configuration(clientID: clientID)
    if let t = env("APPLE_TOKEN_ENDPOINT") { config.tokenEndpoint = t }
    config.allowInsecureHTTPForTesting = insecure
    let siwa: SignInWithApple
    if let ready = env("APPLE_CLIENT_SECRET") {
        siwa = try SignInWithApple(configuration: config, appleKeys: appleKeys, sessions: sessions) { ready }
    } else {
        let secrets = try AppleClientSecretSource(teamID: required("APPLE_TEAM_ID"), clientID: clientID,
                                                  keyID: required("APPLE_KEY_ID"), p8: readFile("APPLE_P8_FILE"))
        siwa = try SignInWithApple(configuration: config, appleKeys: appleKeys, sessions: sessions,
                                   clientSecretSource: secrets)
    }
    let router = Router(context: JWTRequestContext.self)
    siwa.addRoutes(to: router)
    let app = Application(router: router, configuration: .init(address: .hostname(host, port: port)))
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("sign-in-with-apple-server: \(error)\n".utf8))
    exit(1)
}
