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
//   SESSION_LIFETIME       seconds, 1 to 31622400 (default 3600)
//   APPLE_KEYS_URL         default https://appleid.apple.com/auth/keys
//   APPLE_TOKEN_ENDPOINT   default https://appleid.apple.com/auth/token
//   ALLOW_INSECURE_HTTP=1  accept http:// for the two URLs above, and send the nonce cookie without Secure
//                          (local testing only)
//   NONCE_LIFETIME         seconds a nonce from POST /auth/apple/nonce is valid, 1 to 3600 (default 300)
//   NONCE_CAPACITY         most used, unexpired nonces remembered, 1 to 1000000 (default 10000; issued ones take none)
//   REQUIRE_ISSUED_NONCE=0 accept sign-ins without a nonce this server issued (a risk: captured identity tokens
//                          can be replayed; see the README). Default 1.
//   BODY_TIMEOUT           seconds a request body may take to arrive whole, 1 to 600 (default 10): past it 408
//                          and the connection closed (RequestBodyDeadline, and the sign-in routes' own reads)
//   MAX_SLOW_BODIES        request bodies arriving at once, 1 to 100000 (default 64): past it 503 and closed
//   IDLE_TIMEOUT           seconds an idle connection is kept, 1 to 3600 (default 60)
//   HOST, PORT             listening address (default 127.0.0.1:8080; PORT 1 to 65535)
//
// Every variable is checked before the server starts: a value that is set but not what its variable takes stops
// the server with one line naming it (exit status 2).
import Foundation
import Hummingbird
import JOSE
import JOSEHummingbird

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sign-in-with-apple-server: \(message)\n".utf8))
    exit(2)
}

let environment = ServerEnvironment(ProcessInfo.processInfo.environment)

func readFile(_ variable: String) throws(IntegrationError) -> String {
    let path = try environment.required(variable)
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(variable)=\(path)") }
    return text
}

/// Every setting, checked before anything is built from it.
struct Settings {
    var host: String, port: Int, insecure: Bool, clientID: String, issuer: String, audience: String
    var lifetime: Int, keyID: String, algorithm: String, nonceLifetime: Int, nonceCapacity: Int, requireNonce: Bool
    var bodyTimeout: Int, maxSlowBodies: Int, idleTimeout: Int

    init(_ env: ServerEnvironment) throws(IntegrationError) {
        host = env.string("HOST") ?? "127.0.0.1"
        port = try env.wholeNumber("PORT", default: 8080, in: 1...65535)
        insecure = try env.flag("ALLOW_INSECURE_HTTP", default: false)
        clientID = try env.required("APPLE_CLIENT_ID")
        issuer = env.string("SESSION_ISSUER") ?? "http://\(host):\(port)"
        audience = env.string("SESSION_AUDIENCE") ?? "api"
        lifetime = try env.wholeNumber("SESSION_LIFETIME", default: 3600, in: 1...Int(SessionTokens.maximumLifetime))
        keyID = env.string("SESSION_KEY_ID") ?? "session-1"
        algorithm = try env.choice("SESSION_ALGORITHM", default: "ES256", in: ["ES256", "RS256", "HS256"])
        nonceLifetime = try env.wholeNumber("NONCE_LIFETIME", default: 300, in: 1...Int(NonceStore.maximumLifetime))
        nonceCapacity = try env.wholeNumber("NONCE_CAPACITY", default: 10_000, in: 1...NonceStore.maximumCapacity)
        requireNonce = try env.flag("REQUIRE_ISSUED_NONCE", default: true)
        bodyTimeout = try env.wholeNumber("BODY_TIMEOUT", default: 10, in: 1...600)
        maxSlowBodies = try env.wholeNumber("MAX_SLOW_BODIES", default: 64, in: 1...100_000)
        idleTimeout = try env.wholeNumber("IDLE_TIMEOUT", default: 60, in: 1...3600)
    }
}

let settings: Settings
do { settings = try Settings(environment) } catch { fail(error.reason) }
if !settings.requireNonce {
    FileHandle.standardError.write(Data("sign-in-with-apple-server: REQUIRE_ISSUED_NONCE=0: sign-ins are accepted without a server-issued nonce; captured identity tokens can be replayed\n".utf8))
}

do {
    let (host, port, insecure, clientID) = (settings.host, settings.port, settings.insecure, settings.clientID)
    let (issuer, audience, keyID) = (settings.issuer, settings.audience, settings.keyID)
    let lifetime = Double(settings.lifetime)
    let sessions: SessionTokens
    switch settings.algorithm {
    case "HS256":
        guard let secret = try? Base64URL.decode(environment.required("SESSION_SECRET")), secret.count >= 32 else {
            fail("SESSION_SECRET must be base64url of ≥ 32 bytes")
        }
        sessions = try SessionTokens(hs256Secret: secret, keyID: keyID, issuer: issuer, audience: audience,
                                     lifetime: lifetime)
    case "ES256":
        let key = environment.string("SESSION_KEY_FILE") == nil ? try JWKPrivateKey.generateEC(curve: .p256)
                                                 : try JWKPrivateKey(pemRepresentation: readFile("SESSION_KEY_FILE"))
        sessions = try SessionTokens(signingKey: key, algorithm: .es256, keyID: keyID, issuer: issuer,
                                     audience: audience, lifetime: lifetime)
    case "RS256":
        sessions = try SessionTokens(signingKey: JWKPrivateKey(pemRepresentation: readFile("SESSION_KEY_FILE")),
                                     algorithm: .rs256, keyID: keyID, issuer: issuer, audience: audience,
                                     lifetime: lifetime)
    default:
        fail("SESSION_ALGORITHM must be one of ES256, RS256, HS256")
    }

    var keysConfig = RemoteJWKS.Configuration()
    keysConfig.allowInsecureHTTPForTesting = insecure
    let appleKeys = try RemoteJWKS(url: environment.string("APPLE_KEYS_URL") ?? "https://appleid.apple.com/auth/keys",
                                   configuration: keysConfig)
    var config = SignInWithApple.Configuration(clientID: clientID)
    if let t = environment.string("APPLE_TOKEN_ENDPOINT") { config.tokenEndpoint = t }
    config.allowInsecureHTTPForTesting = insecure
    config.requireServerIssuedNonce = settings.requireNonce
    config.bodyReadTimeout = Double(settings.bodyTimeout)
    config.maximumConcurrentBodyReads = settings.maxSlowBodies
    let nonces = try NonceStore(lifetime: Double(settings.nonceLifetime), capacity: settings.nonceCapacity)
    let siwa: SignInWithApple
    if let ready = environment.string("APPLE_CLIENT_SECRET") {
        siwa = try SignInWithApple(configuration: config, appleKeys: appleKeys, sessions: sessions, nonces: nonces) { ready }
    } else {
        let secrets = try AppleClientSecretSource(teamID: environment.required("APPLE_TEAM_ID"), clientID: clientID,
                                                  keyID: environment.required("APPLE_KEY_ID"), p8: readFile("APPLE_P8_FILE"))
        siwa = try SignInWithApple(configuration: config, appleKeys: appleKeys, sessions: sessions, nonces: nonces,
                                   clientSecretSource: secrets)
    }
    let router = Router(context: JWTRequestContext.self)
    siwa.addRoutes(to: router)
    // Every request body gets BODY_TIMEOUT whole (a dripping one too: Hummingbird's idle timeout alone would not
    // close it), at most MAX_SLOW_BODIES at once; idle connections are closed after IDLE_TIMEOUT.
    let bodyLimits = try RequestBodyDeadline.Limits(timeout: .seconds(Int64(settings.bodyTimeout)),
                                                    maximumConcurrentBodies: settings.maxSlowBodies)
    let app = Application(router: router,
                          server: .http1(configuration: .init(additionalChannelHandlers: [RequestBodyDeadline(limits: bodyLimits)],
                                                              idleTimeout: .seconds(Int64(settings.idleTimeout)))),
                          configuration: .init(address: .hostname(host, port: port)))
    try await app.runService()
} catch let error as IntegrationError where error.code == .configuration {
    fail(error.reason)
} catch {
    FileHandle.standardError.write(Data("sign-in-with-apple-server: \(error)\n".utf8))
    exit(1)
}
