import Foundation
import Testing
@testable import JoseCLI

/// `jose sign -` reads standard input whole, as bytes, within the input-file limit, and refuses it exactly as it
/// refuses a file of the same bytes (only the name differs: `standard input` for `'<path>'`). Before, invalid UTF-8
/// became U+FFFD and a line over 1 MiB was dropped before the rest was signed.
@Suite("jose sign -: standard input read whole, refused as the same file")
struct StandardInputReadWholeTests {
    static let key = Fixtures.path("oct.jwk.json")
    static let signArguments = ["sign", "--key", key, "--alg", "HS256", "--iat", "1000"]

    /// The built binary with `input` on standard input: through a pipe, or (for input the tool stops reading early)
    /// from a file, so that no write can meet a closed pipe.
    static func runBinary(_ arguments: [String], input: [UInt8], fromFile: Bool = false) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExecutableTests.binary)
        process.arguments = arguments
        process.environment = ExecutableTests.childEnvironment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        var inputFile: String?
        var pipe: Pipe?
        if fromFile {
            let path = NSTemporaryDirectory() + "jose-stdin-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
            try Data(input).write(to: URL(fileURLWithPath: path))
            inputFile = path
            process.standardInput = FileHandle(forReadingAtPath: path)
        } else {
            pipe = Pipe()
            process.standardInput = pipe
        }
        defer { if let inputFile { try? FileManager.default.removeItem(atPath: inputFile) } }
        try process.run()
        if let pipe {
            // From another thread: the pipe holds 64 KiB and the tool answers only after reading everything.
            let writer = pipe.fileHandleForWriting
            let data = Data(input)
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                try? writer.write(contentsOf: data)
                try? writer.close()
                done.signal()
            }
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            done.wait()
            return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// The same bytes as a claims file, through the same binary.
    static func runWithFile(_ input: [UInt8]) throws -> (status: Int32, out: String, err: String, path: String) {
        let dir = try scratchDirectory("stdin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/claims.json"
        try Data(input).write(to: URL(fileURLWithPath: path))
        let run = try runBinary(signArguments + [path], input: [])
        return (run.status, run.out, run.err, path)
    }

    /// Standard input and the file give the same status, output and error line (the file's name read as
    /// `standard input`).
    static func expectSameAsFile(_ input: [UInt8], fromFile: Bool = false) throws -> (status: Int32, out: String, err: String) {
        try #require(FileManager.default.isExecutableFile(atPath: ExecutableTests.binary), "build the tool first (swift build)")
        let piped = try runBinary(signArguments + ["-"], input: input, fromFile: fromFile)
        let file = try runWithFile(input)
        #expect(piped.status == file.status)
        #expect(piped.out == file.out)
        #expect(piped.err == file.err.replacingOccurrences(of: "'\(file.path)'", with: "standard input"), "\(piped.err) / \(file.err)")
        return piped
    }

    static func claims(_ run: (status: Int32, out: String, err: String)) throws -> [String: Any] {
        let token = run.out.trimmingCharacters(in: .newlines)
        return try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.payloadText(token).utf8)) as? [String: Any])
    }

    /// A byte that is not UTF-8 inside a string: refused as invalid JSON, never signed as U+FFFD.
    @Test func invalidUTF8IsRefusedNotReplaced() throws {
        for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]] {
            let input = Array(#"{"sub":"a"#.utf8) + bad + Array("b\"}\n".utf8)
            let run = try Self.expectSameAsFile(input)
            #expect(run.status == 2, "\(bad)")
            #expect(run.out.isEmpty)
            #expect(run.err.hasPrefix("jose sign: the claims are not valid JSON: invalidJSON: "), "\(run.err)")
        }
    }

    /// Three lines whose middle one is 1.5 MiB: refused whole (the 1 MiB JSON limit), never signed without that line.
    @Test func longMiddleLineIsNeverDropped() throws {
        let middle = "\"pad\":\"" + String(repeating: "x", count: 3 << 19) + "\",\n"
        let input = Array(("{\"a\":1,\n" + middle + "\"c\":3}\n").utf8)
        let run = try Self.expectSameAsFile(input)
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.contains("limitExceeded"), "\(run.err)")
    }

    /// A long middle line that still fits a token (40 KiB; a token is at most 64 KiB) and CRLF line ends: every claim
    /// signed, the long one intact.
    @Test func longLineUnderTheLimitIsSignedIntact() throws {
        let pad = String(repeating: "y", count: 40 << 10)
        let input = Array(("{\"a\":1,\r\n\"pad\":\"" + pad + "\",\r\n\"c\":\"\u{00E9}\u{1F600}\"}").utf8)
        let run = try Self.expectSameAsFile(input)
        try #require(run.status == 0, "\(run.err)")
        let c = try Self.claims(run)
        #expect(c["a"] as? Int == 1)
        #expect(c["pad"] as? String == pad)
        #expect(c["c"] as? String == "\u{00E9}\u{1F600}")
        #expect(c["iat"] as? Int == 1000)
    }

    /// Over the 4 MiB input limit (one byte over): refused like the same file; exactly at it, the JSON limit speaks.
    @Test func overTheLimitIsRefusedLikeTheFile() throws {
        let over = Array("{\"a\":\"".utf8) + [UInt8](repeating: 0x7A, count: (4 << 20) - 7) + Array("\"}".utf8)
        #expect(over.count == (4 << 20) + 1)
        let run = try Self.expectSameAsFile(over, fromFile: true)
        #expect(run.status == 2)
        #expect(run.err == "jose sign: standard input is larger than 4 MiB, the limit for an input\n")
        let atLimit = try Self.expectSameAsFile(Array(over.dropFirst()), fromFile: true)
        #expect(atLimit.status == 2)
        #expect(atLimit.err.contains("not valid JSON"), "\(atLimit.err)")
    }

    /// Empty input is refused as the empty file is.
    @Test func emptyInputIsRefusedLikeTheEmptyFile() throws {
        let run = try Self.expectSameAsFile([])
        #expect(run.status == 2)
        #expect(run.err == "jose sign: standard input is empty\n")
    }

    /// The command layer reads through `readAllInput` with the file limit, and keeps every byte (a NUL, a lone
    /// CR, no final line break) for the JSON parser to judge.
    @Test func commandLayerAsksForTheFileLimit() {
        final class Box: @unchecked Sendable { var out = "", err = "", limits: [Int] = [] }
        let box = Box()
        func run(_ bytes: [UInt8]) -> Int32 {
            let io = CommandIO(readLine: { nil }, write: { box.out += $0 }, writeError: { box.err += $0 }, now: { 1000 },
                               readAllInput: { limit in
                                   box.limits.append(limit)
                                   return bytes.count > limit ? .tooLarge : .bytes(bytes)
                               })
            return Jose.run(Self.signArguments + ["-"], io: io)
        }
        #expect(run(Array("{\"s\":\"a\\u0000\"}".utf8)) == 0)
        #expect(run(Array("{\"s\":1}\r".utf8)) == 0)
        #expect(run(Array("{\"s\":\"a\u{0}\"}".utf8)) == 2)   // a raw NUL inside a string is not JSON
        #expect(box.limits == [InputFile.maximumSize, InputFile.maximumSize, InputFile.maximumSize])
        #expect(box.err.split(separator: "\n").count == 1 && box.err.contains("not valid JSON"), "\(box.err)")
    }
}
