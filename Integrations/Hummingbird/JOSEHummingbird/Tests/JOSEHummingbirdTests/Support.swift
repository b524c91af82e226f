import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdCore
import JOSE
import Logging
import NIOCore
import SHA2
import Synchronization
import Testing

/// HS256 test tokens made by hand (HMAC-SHA256 from PureJOSE's SHA2 and base64url), since the test must not
/// depend on the signer it may later check.
func hs256(_ claims: [String: Any], key: [UInt8], kid: String?) -> String {
    var header: [String: Any] = ["alg": "HS256", "typ": "JWT"]
    if let kid { header["kid"] = kid }
    let h = Base64URL.encode(Array(try! JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])))
    let p = Base64URL.encode(Array(try! JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])))
    let input = Array("\(h).\(p)".utf8)
    let mac = HMAC<SHA256>.authenticationCode(for: input, using: HMAC<SHA256>.Key(keyBytes: key)).bytes
    return "\(h).\(p).\(Base64URL.encode(mac))"
}

func octJWK(_ key: [UInt8], kid: String) -> String {
    "{\"kty\":\"oct\",\"kid\":\"\(kid)\",\"alg\":\"HS256\",\"k\":\"\(Base64URL.encode(key))\"}"
}

func keySetJSON(_ keys: [([UInt8], String)]) -> String {
    "{\"keys\":[" + keys.map { octJWK($0.0, kid: $0.1) }.joined(separator: ",") + "]}"
}

func now() -> Double { Date().timeIntervalSince1970 }

/// The fake provider's behaviour, changed by the tests while the server runs.
final class FakeProvider: Sendable {
    enum Mode: Sendable { case ok, down, slow(Double), huge }
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

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/auth/keys") { _, _ -> Response in
            let (mode, body, cc) = self.state.withLock { s in
                s.keyFetches += 1
                return (s.mode, s.jwks, s.cacheControl)
            }
            switch mode {
            case .down: return Response(status: .internalServerError)
            case .slow(let s): try await Task.sleep(nanoseconds: UInt64(s * 1e9))
            case .huge:
                let big = String(repeating: " ", count: (1 << 20) + 10) + body
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: big)))
            case .ok: break
            }
            var headers: HTTPFields = [.contentType: "application/json"]
            if let cc { headers[.cacheControl] = cc }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        router.post("/auth/token") { request, _ -> Response in
            var request = request
            let form = try await request.collectBody(upTo: 65536)
            let reply = self.state.withLock { s in
                s.tokenRequests.append(String(buffer: form))
                return s.tokenResponse
            }
            return Response(status: .init(code: reply.status), headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: reply.body)))
        }
        return router
    }
}

/// Starts `router` on 127.0.0.1 (ephemeral port) as a child task of `group` and returns its port once it
/// listens (at most 20 s). Cancelling the group shuts it down.
func serve<Context: RequestContext>(_ router: Router<Context>, server: HTTPServerBuilder = .http1(),
                                    in group: inout ThrowingTaskGroup<Void, any Error>) async throws -> Int
    where Context.Source == ApplicationRequestContextSource {
    let (stream, cont) = AsyncStream.makeStream(of: Int.self)
    let app = Application(router: router, server: server, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                          onServerRunning: { channel in cont.yield(channel.localAddress?.port ?? 0); cont.finish() },
                          logger: quietLogger)
    group.addTask { try await app.run() }
    group.addTask {
        try await Task.sleep(nanoseconds: 20_000_000_000)
        cont.finish()
    }
    for await p in stream where p > 0 { return p }
    throw IntegrationTestError.serverDidNotStart
}

/// Servers log only critical messages (a cancelled server logs its shutdown at `error`, which is expected here).
let quietLogger: Logger = {
    var l = Logger(label: "test-server")
    l.logLevel = .critical
    return l
}()

enum IntegrationTestError: Error { case serverDidNotStart }

/// Runs `body` with a task group for servers, then shuts them all down.
func withServers<R: Sendable>(_ body: (inout ThrowingTaskGroup<Void, any Error>) async throws -> R) async throws -> R {
    try await withThrowingTaskGroup(of: Void.self) { group in
        do {
            let r = try await body(&group)
            group.cancelAll()
            return r
        } catch {
            group.cancelAll()
            throw error
        }
    }
}

struct HTTPResult: Sendable {
    var status: Int
    var body: String
    var wwwAuthenticate: String?
}

func get(_ url: String, authorization: [String] = [], timeout: Int64 = 10) async throws -> HTTPResult {
    var request = HTTPClientRequest(url: url)
    for a in authorization { request.headers.add(name: "Authorization", value: a) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(timeout))
    let body = try await response.body.collect(upTo: 1 << 20)
    return HTTPResult(status: Int(response.status.code), body: String(buffer: body),
                      wwwAuthenticate: response.headers.first(name: "WWW-Authenticate"))
}

func post(_ url: String, form: String, timeout: Int64 = 10) async throws -> HTTPResult {
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
    request.body = .bytes(ByteBuffer(string: form))
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(timeout))
    let body = try await response.body.collect(upTo: 1 << 20)
    return HTTPResult(status: Int(response.status.code), body: String(buffer: body),
                      wwwAuthenticate: response.headers.first(name: "WWW-Authenticate"))
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

/// Both tampered copies of `token` are refused at `url` with 401 and an RFC 6750 challenge: the payload copy as an
/// invalid token, the signature copy as `invalidSignature`.
func expectTamperedCopiesRefused(_ token: String, at url: String) async throws {
    let altered = tamperedCopies(of: token)
    let tampered = try await get(url, authorization: ["Bearer \(altered.payload)"])
    #expect(tampered.status == 401)
    #expect(tampered.wwwAuthenticate?.contains("error=\"invalid_token\"") == true)
    let badSig = try await get(url, authorization: ["Bearer \(altered.signature)"])
    #expect(badSig.status == 401)
    #expect(badSig.wwwAuthenticate?.contains("error_description=\"invalidSignature\"") == true)
}
