import AsyncHTTPClient
import Foundation
import JOSE
import JOSEVapor
import NIOCore
import SHA2
import Synchronization
import Testing
import Vapor

// Real HTTP on 127.0.0.1: every server here (the fake providers and the app under test) is a Vapor application
// listening on an ephemeral port, and the client is AsyncHTTPClient.

/// HS256 test tokens made by hand (HMAC-SHA256 from PureJOSE's SHA2 and base64url), so that the test does not
/// depend on the signer it may check.
func hs256(_ claims: [String: Any], key: [UInt8], kid: String?) -> String {
    var header: [String: Any] = ["alg": "HS256", "typ": "JWT"]
    if let kid { header["kid"] = kid }
    let h = Base64URL.encode(Array(try! JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])))
    let p = Base64URL.encode(Array(try! JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])))
    let mac = SHA2.HMAC<SHA2.SHA256>.authenticationCode(for: Array("\(h).\(p)".utf8), using: SHA2.HMAC<SHA2.SHA256>.Key(keyBytes: key)).bytes
    return "\(h).\(p).\(Base64URL.encode(mac))"
}

func octJWK(_ key: [UInt8], kid: String) -> String {
    "{\"kty\":\"oct\",\"kid\":\"\(kid)\",\"alg\":\"HS256\",\"k\":\"\(Base64URL.encode(key))\"}"
}

func keySetJSON(_ keys: [([UInt8], String)]) -> String {
    "{\"keys\":[" + keys.map { octJWK($0.0, kid: $0.1) }.joined(separator: ",") + "]}"
}

func now() -> Double { Date().timeIntervalSince1970 }

/// A fake identity provider (Apple, Google, Microsoft): its JWK Set at `/auth/keys` with switchable outage,
/// stall, oversized and junk answers, and a token endpoint at `/auth/token`.
final class FakeProvider: Sendable {
    enum Mode: Sendable { case ok, down, slow(Double), huge, junk }
    struct State: Sendable {
        var jwks: String
        var mode: Mode = .ok
        var cacheControl: String? = "max-age=3600"
        var keyFetches = 0
        var tokenRequests: [String] = []
        var tokenResponse: (status: Int, body: String) = (400, "{\"error\":\"invalid_grant\"}")
    }
    let state: Mutex<State>
    init(jwks: String) { state = Mutex(State(jwks: jwks)) }
    func set(_ f: (inout State) -> Void) { state.withLock { f(&$0) } }
    var keyFetches: Int { state.withLock { $0.keyFetches } }
    var tokenRequests: [String] { state.withLock { $0.tokenRequests } }

    func routes(_ app: Application) {
        app.get("auth", "keys") { _ async throws -> Response in
            let (mode, body, cc) = self.state.withLock { s in
                s.keyFetches += 1
                return (s.mode, s.jwks, s.cacheControl)
            }
            switch mode {
            case .down: return Response(status: .internalServerError)
            case .slow(let s): try await Task.sleep(nanoseconds: UInt64(s * 1e9))
            case .huge: return Response(status: .ok, body: .init(string: String(repeating: " ", count: (1 << 20) + 10) + body))
            case .junk: return Response(status: .ok, headers: ["Cache-Control": "max-age=3600"], body: .init(string: "<html>not a key set"))
            case .ok: break
            }
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if let cc { headers.add(name: "Cache-Control", value: cc) }
            return Response(status: .ok, headers: headers, body: .init(string: body))
        }
        app.on(.POST, "auth", "token", body: .collect(maxSize: 65536)) { req async throws -> Response in
            let form = req.body.string ?? ""
            let reply = self.state.withLock { s in
                s.tokenRequests.append(form)
                return s.tokenResponse
            }
            return Response(status: .init(statusCode: reply.status), headers: ["Content-Type": "application/json"],
                            body: .init(string: reply.body))
        }
    }
}

/// The Vapor applications a test started; all shut down at the end of ``withServers(_:)``.
final class Servers: Sendable {
    private let apps = Mutex<[Application]>([])

    /// Starts a Vapor application on 127.0.0.1 (ephemeral port) configured by `configure`; returns its port.
    func start(_ configure: (Application) async throws -> Void) async throws -> Int {
        let app = try await Application.make(.testing)
        apps.withLock { $0.append(app) }
        app.logger.logLevel = .critical
        try await configure(app)
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.http.server.shared.localAddress?.port, port > 0 else { throw TestError.serverDidNotStart }
        return port
    }

    func stopAll() async {
        for app in apps.withLock({ a in defer { a.removeAll() }; return a }) {
            await app.server.shutdown()
            try? await app.asyncShutdown()
        }
    }
}

enum TestError: Error { case serverDidNotStart }

func withServers<R: Sendable>(_ body: (Servers) async throws -> R) async throws -> R {
    let servers = Servers()
    do {
        let r = try await body(servers)
        await servers.stopAll()
        return r
    } catch {
        await servers.stopAll()
        throw error
    }
}

struct HTTPResult: Sendable {
    var status: Int
    var body: String
    var wwwAuthenticate: String?
    var setCookie: String?
}

func request(_ method: HTTPMethod, _ url: String, headers: [(String, String)] = [], body: String? = nil,
             timeout: Int64 = 10) async throws -> HTTPResult {
    var r = HTTPClientRequest(url: url)
    r.method = method
    for (n, v) in headers { r.headers.add(name: n, value: v) }
    if let body { r.body = .bytes(ByteBuffer(string: body)) }
    let response = try await HTTPClient.shared.execute(r, timeout: .seconds(timeout))
    let collected = try await response.body.collect(upTo: 1 << 20)
    return HTTPResult(status: Int(response.status.code), body: String(buffer: collected),
                      wwwAuthenticate: response.headers.first(name: "WWW-Authenticate"),
                      setCookie: response.headers.first(name: "Set-Cookie"))
}

func get(_ url: String, authorization: [String] = []) async throws -> HTTPResult {
    try await request(.GET, url, headers: authorization.map { ("Authorization", $0) })
}

func postJSON(_ url: String, _ json: String, authorization: String? = nil, cookie: String? = nil) async throws -> HTTPResult {
    var headers = [("Content-Type", "application/json")]
    if let authorization { headers.append(("Authorization", authorization)) }
    if let cookie { headers.append(("Cookie", cookie)) }
    return try await request(.POST, url, headers: headers, body: json)
}

/// Two altered copies of a compact JWS: the payload's last character changed, and the signature's first character
/// changed (all six of its bits are data, so the copy stays canonical base64url and must fail as a bad signature).
func tamperedCopies(of token: String) -> (payload: String, signature: String) {
    let parts = token.split(separator: ".").map(String.init)
    var payload = parts, signature = parts
    payload[1] = String(parts[1].dropLast()) + (parts[1].last == "A" ? "B" : "A")
    signature[2] = (parts[2].first == "A" ? "B" : "A") + parts[2].dropFirst()
    return (payload.joined(separator: "."), signature.joined(separator: "."))
}

func expectTamperedCopiesRefused(_ token: String, at url: String) async throws {
    let altered = tamperedCopies(of: token)
    let tampered = try await get(url, authorization: ["Bearer \(altered.payload)"])
    #expect(tampered.status == 401)
    #expect(tampered.wwwAuthenticate?.contains("error=\"invalid_token\"") == true)
    let badSig = try await get(url, authorization: ["Bearer \(altered.signature)"])
    #expect(badSig.status == 401)
    #expect(badSig.wwwAuthenticate?.contains("error_description=\"invalidSignature\"") == true)
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

func testConfig(_ f: (inout RemoteJWKS.Configuration) -> Void = { _ in }) -> RemoteJWKS.Configuration {
    var c = RemoteJWKS.Configuration()
    c.allowInsecureHTTPForTesting = true
    c.allowSymmetricKeys = true
    c.fetchTimeout = 2
    f(&c)
    return c
}

/// The public JWK Set of `keys`, as a provider publishes it.
func publicSetJSON(_ keys: [JWKPrivateKey]) -> String {
    let list = JSONValue.array(keys.map { .object($0.publicJWK!.jsonObject()) })
    return String(decoding: try! JSONValue.object(try! JSONObject([("keys", list)])).serialized(), as: UTF8.self)
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
