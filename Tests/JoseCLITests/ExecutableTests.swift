import Foundation
import Testing

/// Drives the built `jose` executable itself (built by `swift build`, which CI runs before `swift test`).
@Suite("The jose executable")
struct ExecutableTests {
    /// The test's environment, plus `detect_leaks=0` for a `jose` built with AddressSanitizer (Scripts/sanitizers.sh):
    /// the tool ends through `exit()` with its buffers still allocated, and LeakSanitizer's report at exit would
    /// replace the exit status these tests check. AddressSanitizer's other checks stay on; a plain build ignores it.
    static let childEnvironment: [String: String] = {
        var env = ProcessInfo.processInfo.environment
        env["ASAN_OPTIONS"] = (env["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        return env
    }()

    static let binary: String = {
        // The `jose` built beside this test bundle (the same build folder: .build, or .build-asan under the
        // sanitizer run), else the default debug build of the checkout.
        if let runner = Bundle.main.executableURL {
            let sibling = runner.deletingLastPathComponent().appendingPathComponent("jose").path
            if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }   // JoseCLITests, Tests, <repo>
        return url.appendingPathComponent(".build/debug/jose").path
    }()

    func run(_ arguments: [String], stdin: String) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = ExecutableTests.childEnvironment
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// `printf '%s\n' "$GOOD" "$TAMPERED" "$GOOD" | jose verify --jwks keys.json --now N`
    @Test(arguments: [("HS256", "hs.jwks.json"), ("RS256", "keys.jwks.json")])
    func threeTokensOnStandardInput(alg: String, keys: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary),
                     "build the tool first (swift build): \(Self.binary)")
        let good = Fixtures.token(alg), tampered = Fixtures.token(alg + "-tampered")
        let result = try run(["verify", "--jwks", Fixtures.path(keys), "--now", "1800000000"],
                             stdin: [good, tampered, good].map { $0 + "\n" }.joined())
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("valid {") == true)
        #expect(lines.dropFirst().first?.hasPrefix("invalid: ") == true)
        #expect(lines.last == lines.first)
        #expect(result.err.isEmpty)
    }

    @Test func helpAndUsageErrorExitStatuses() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
        let help = try run(["--help"], stdin: "")
        #expect(help.status == 0)
        #expect(help.out.contains("Usage: jose"))
        let bad = try run(["verify", "--key", "/nonexistent/key.pem"], stdin: "")
        #expect(bad.status == 2)
        #expect(bad.out.isEmpty)
        #expect(bad.err.split(separator: "\n").count == 1)
    }
}

/// Issue 16, findings 3 and 4 against the built binary.
@Suite("The jose executable under hostile I/O")
struct ExecutableIOTests {
    /// `jose decode TOKEN > /dev/full`: one line on stderr and exit status 3, never a trap and a backtrace.
    @Test func failedStandardOutputWrite() throws {
        try #require(FileManager.default.isExecutableFile(atPath: ExecutableTests.binary))
        try #require(FileManager.default.isWritableFile(atPath: "/dev/full"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExecutableTests.binary)
        process.arguments = ["decode", Fixtures.token("HS256")]
        process.environment = ExecutableTests.childEnvironment
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let error = Pipe()
        process.standardOutput = full
        process.standardError = error
        try process.run()
        let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
        #expect(err.hasPrefix("jose: cannot write to standard output: "), "\(err)")
        #expect(err.split(separator: "\n").count == 1, "\(err)")
    }

    /// A 4 MiB line between two good tokens: three verdicts, the middle one `limitExceeded`.
    @Test func overlongLineThroughTheBinary() throws {
        try #require(FileManager.default.isExecutableFile(atPath: ExecutableTests.binary))
        let good = Fixtures.token("HS256")
        let input = good + "\n" + String(repeating: "A", count: 4 << 20) + "\n" + good + "\n"
        let result = try ExecutableTests().run(["verify", "--jwks", Fixtures.path("hs.jwks.json"), "--now", "1800000000"],
                                               stdin: input)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(result.status == 1)
        #expect(lines.count == 3)
        #expect(lines.dropFirst().first?.hasPrefix("invalid: limitExceeded: a line of 4194304 bytes") == true)
        #expect(lines.first?.hasPrefix("valid {") == true && lines.last == lines.first)
    }
}
