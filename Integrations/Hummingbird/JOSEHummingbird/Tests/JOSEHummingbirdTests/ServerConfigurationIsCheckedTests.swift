import Foundation
import JOSE
@testable import JOSEHummingbird
import Testing

/// The example server checks its whole configuration before it starts: a bad number (`inf`, `1e300`, `9.3e18`, …)
/// stops it with one line naming the variable and exit status 2 — never a trap — and the library types refuse
/// lifetimes they cannot turn into whole seconds.
@Suite(.timeLimit(.minutes(1)))
struct ServerConfigurationIsCheckedTests {
    /// The `sign-in-with-apple-server` built beside this test bundle (`swift build --build-tests` builds it).
    static let server: String = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("sign-in-with-apple-server").path
    }()

    /// Runs the server with `variables` as its whole environment (it must exit by itself: only bad settings here).
    static func runServer(_ variables: [String: String]) throws -> (status: Int32, reason: Process.TerminationReason, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: server)
        process.environment = variables
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, err)
    }

    static let base = ["APPLE_CLIENT_ID": "com.example.app", "APPLE_CLIENT_SECRET": "ready-made", "SESSION_ALGORITHM": "HS256",
                       "SESSION_SECRET": String(repeating: "A", count: 43), "PORT": "1"]

    static let badNumbers = ["inf", "-inf", "nan", "1e300", "9.3e18", "9223372036854775807", "99999999999999999999",
                             "-1", "0", "+5", "5.5", " 5", "0x10", "abc", "３"]

    @Test(arguments: ["SESSION_LIFETIME", "PORT", "NONCE_LIFETIME", "NONCE_CAPACITY", "BODY_TIMEOUT", "MAX_SLOW_BODIES",
                      "IDLE_TIMEOUT"])
    func badNumbersStopTheServerNamingTheVariable(_ variable: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.server), "build the package first: \(Self.server)")
        var refused = 0
        for value in Self.badNumbers {
            var env = Self.base
            env[variable] = value
            let run = try Self.runServer(env)
            #expect(run.reason == .exit, "\(variable)=\(value): killed by a signal")
            #expect(run.status == 2, "\(variable)=\(value): \(run.err)")
            #expect(run.err.hasPrefix("sign-in-with-apple-server: \(variable) must be a whole number from "), "\(run.err)")
            #expect(run.err.split(separator: "\n").count == 1 && !run.err.contains("Fatal error"), "\(run.err)")
            refused += 1
        }
        #expect(refused == Self.badNumbers.count)
    }

    @Test func otherBadSettingsStopTheServer() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.server))
        let cases: [([String: String], String)] = [
            (["SESSION_LIFETIME": "31622401"], "SESSION_LIFETIME must be a whole number from 1 to 31622400"),
            (["NONCE_LIFETIME": "3601"], "NONCE_LIFETIME must be a whole number from 1 to 3600"),
            (["PORT": "65536"], "PORT must be a whole number from 1 to 65535"),
            (["REQUIRE_ISSUED_NONCE": "yes"], "REQUIRE_ISSUED_NONCE must be 1 or 0"),
            (["ALLOW_INSECURE_HTTP": "true"], "ALLOW_INSECURE_HTTP must be 1 or 0"),
            (["SESSION_ALGORITHM": "PS256"], "SESSION_ALGORITHM must be one of ES256, RS256, HS256"),
            (["APPLE_CLIENT_ID": ""], "set APPLE_CLIENT_ID"),
        ]
        for (change, message) in cases {
            let run = try Self.runServer(Self.base.merging(change) { $1 })
            #expect(run.reason == .exit && run.status == 2, "\(change): \(run.err)")
            #expect(run.err == "sign-in-with-apple-server: \(message), not '\(change.values.first!)'\n"
                    || run.err == "sign-in-with-apple-server: \(message) (see the README)\n", "\(run.err)")
        }
    }

    @Test func environmentValuesAreParsedStrictly() throws {
        let env = ServerEnvironment(["N": "42", "Z": "", "F": "1", "G": "0", "A": "hs256"])
        #expect(try env.wholeNumber("N", default: 7, in: 1...100) == 42)
        #expect(try env.wholeNumber("Z", default: 7, in: 1...100) == 7)       // empty is unset
        #expect(try env.wholeNumber("missing", default: 7, in: 1...100) == 7)
        #expect(try env.flag("F", default: false) && !(try env.flag("G", default: true)))
        #expect(try env.choice("A", default: "ES256", in: ["ES256", "HS256"]) == "HS256")
        for bad in ["101", "0", "1e1", "4_2"] {
            #expect(throws: IntegrationError.make(.configuration, "")) {
                try ServerEnvironment(["N": bad]).wholeNumber("N", default: 7, in: 1...100)
            }
        }
        // The shown value stays one short line.
        let shown = ServerEnvironment.shown("a\nb" + String(repeating: "c", count: 100))
        #expect(shown == "'a?b" + String(repeating: "c", count: 37) + "…'")
    }

    /// SessionTokens refuses lifetimes it cannot turn into whole seconds (they trapped in `Int(…)` before).
    @Test func sessionLifetimesAreBounded() throws {
        let secret = Array(repeating: UInt8(7), count: 32)
        for lifetime in [.infinity, -.infinity, .nan, 1e300, 9.3e18, 0, -1, 0.5, SessionTokens.maximumLifetime + 1] as [Double] {
            #expect(throws: IntegrationError.make(.configuration, ""), "\(lifetime)") {
                try SessionTokens(hs256Secret: secret, issuer: "i", audience: "a", lifetime: lifetime)
            }
        }
        for age in [.infinity, .nan, -1, 1e300] as [Double] {
            #expect(throws: IntegrationError.make(.configuration, ""), "\(age)") {
                try SessionTokens(hs256Secret: secret, issuer: "i", audience: "a", maximumSessionAge: age)
            }
        }
        let longest = try SessionTokens(hs256Secret: secret, issuer: "i", audience: "a", lifetime: SessionTokens.maximumLifetime)
        #expect(try longest.verify(try longest.issue(subject: "u")).claims.subject == "u")
    }
}
