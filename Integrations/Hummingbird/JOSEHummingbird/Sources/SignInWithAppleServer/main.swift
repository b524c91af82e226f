// sign-in-with-apple-server: Sign in with Apple → the server's own session tokens, on Hummingbird and PureJOSE.
//
// Environment:
//   APPLE_CLIENT_ID        your bundle ID or Services ID (required)
//   APPLE_CLIENT_SECRET    the client secret JWT for the code exchange (required; e.g. `jose apple-secret`)
//   SESSION_SECRET         base64url of at least 32 random bytes for HS256 session tokens (required)
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

func required(_ name: String) -> String {
    guard let v = env(name) else {
        FileHandle.standardError.write(Data("sign-in-with-apple-server: set \(name) (see the README)\n".utf8))
        exit(2)
    }
    return v
}

let host = env("HOST") ?? "127.0.0.1"
let port = Int(env("PORT") ?? "8080") ?? 8080
let insecure = env("ALLOW_INSECURE_HTTP") == "1"
let clientID = required("APPLE_CLIENT_ID")
let clientSecret = required("APPLE_CLIENT_SECRET")
guard let secret = try? Base64URL.decode(required("SESSION_SECRET")), secret.count >= 32 else {
    FileHandle.standardError.write(Data("sign-in-with-apple-server: SESSION_SECRET must be base64url of ≥ 32 bytes\n".utf8))
    exit(2)
}

do {
    var keysConfig = RemoteJWKS.Configuration()
    keysConfig.allowInsecureHTTPForTesting = insecure
    let appleKeys = try RemoteJWKS(url: env("APPLE_KEYS_URL") ?? "https://appleid.apple.com/auth/keys",
                                   configuration: keysConfig)
    let sessions = try SessionTokens(hs256Secret: secret, issuer: env("SESSION_ISSUER") ?? "http://\(host):\(port)",
                                     audience: env("SESSION_AUDIENCE") ?? "api",
                                     lifetime: Double(env("SESSION_LIFETIME") ?? "3600") ?? 3600)
    var config = SignInWithApple.Configuration(clientID: clientID)
    if let t = env("APPLE_TOKEN_ENDPOINT") { config.tokenEndpoint = t }
    config.allowInsecureHTTPForTesting = insecure
    let siwa = try SignInWithApple(configuration: config, appleKeys: appleKeys, sessions: sessions) { clientSecret }
    let router = Router(context: JWTRequestContext.self)
    siwa.addRoutes(to: router)
    let app = Application(router: router, configuration: .init(address: .hostname(host, port: port)))
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("sign-in-with-apple-server: \(error)\n".utf8))
    exit(1)
}
