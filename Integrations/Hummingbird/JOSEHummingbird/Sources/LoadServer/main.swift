// jose-hummingbird-load: the server side of the load figure in the README (Scripts/hummingbird-load.sh drives it
// with wrk on 127.0.0.1).
//
//   jose-hummingbird-load serve PORT SECONDS   serves GET /plain (no check), GET /es256 and GET /rs256 (behind
//                                              JWTAuthenticator with ES256 / RS256 session keys) on 127.0.0.1:PORT
//                                              for at most SECONDS, after printing one line per algorithm:
//                                              `token ES256 <jwt>` and `token RS256 <jwt>`, then `ready`.
//   jose-hummingbird-load verify COUNT         times COUNT verifications of each session token in-process
//                                              (SessionTokens.verify: parse, signature, claims) and prints
//                                              CPU µs each.
import Foundation
import Hummingbird
import JOSE
import JOSEHummingbird
import Logging

func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("jose-hummingbird-load: \(message)\n".utf8))
    exit(2)
}

let args = CommandLine.arguments
guard args.count == 4 || (args.count == 3 && args[1] == "verify") else {
    fail("usage: jose-hummingbird-load serve PORT SECONDS | verify COUNT")
}

let es = try SessionTokens(signingKey: .generateEC(curve: .p256), algorithm: .es256, issuer: "https://load.test",
                           audience: "api", lifetime: 3600)
let rs = try SessionTokens(signingKey: .generateRSA(bitCount: 2048), algorithm: .rs256, issuer: "https://load.test",
                           audience: "api", lifetime: 3600)
let tokens = [("ES256", try es.issue(subject: "load-user")), ("RS256", try rs.issue(subject: "load-user"))]

if args[1] == "verify" {
    guard let count = Int(args[2]), count > 0, count <= 1_000_000 else { fail("COUNT is 1…1000000") }
    for ((name, token), sessions) in zip(tokens, [es, rs]) {
        for _ in 0..<max(1, count / 10) { _ = try sessions.verify(token) }
        // CPU time of this process (single-threaded here), not wall time: other work on a shared machine does
        // not count.
        let start = cpuSeconds()
        for _ in 0..<count { _ = try sessions.verify(token) }
        let us = (cpuSeconds() - start) / Double(count) * 1e6
        print("verify \(name) \(String(format: "%.1f", us)) us")
    }
    exit(0)
}

guard args[1] == "serve", let port = Int(args[2]), (1024...65535).contains(port),
      let seconds = Double(args[3]), seconds > 0, seconds <= 3600 else {
    fail("usage: jose-hummingbird-load serve PORT(1024…65535) SECONDS(≤ 3600)")
}
let router = Router(context: JWTRequestContext.self)
router.get("plain") { _, _ in "load-user" }
router.group("es256")
    .add(middleware: JWTAuthenticator(source: .keys(es.verificationKeys), algorithms: es.algorithms,
                                      expectations: es.expectations, realm: "load"))
    .get { _, context in try context.requireIdentity().claims.subject ?? "" }
router.group("rs256")
    .add(middleware: JWTAuthenticator(source: .keys(rs.verificationKeys), algorithms: rs.algorithms,
                                      expectations: rs.expectations, realm: "load"))
    .get { _, context in try context.requireIdentity().claims.subject ?? "" }
var logger = Logger(label: "jose-hummingbird-load")
logger.logLevel = .error
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
                      onServerRunning: { _ in
                          var lines = ""
                          for (name, token) in tokens { lines += "token \(name) \(token)\n" }
                          FileHandle.standardOutput.write(Data((lines + "ready\n").utf8))
                      }, logger: logger)
// Bounded: the server stops by itself after `seconds`.
try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { try await app.run() }
    group.addTask { try await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) }
    _ = try await group.next()
    group.cancelAll()
}
