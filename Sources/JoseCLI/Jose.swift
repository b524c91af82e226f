import Foundation

/// Where a command reads and writes. The executable uses the process's streams; tests capture them.
public struct CommandIO {
    /// Next line of standard input without its line break, or nil at end of input.
    public var readLine: () -> String?
    /// Writes to standard output (the text includes its line breaks).
    public var write: (String) -> Void
    /// Writes to standard error (the text includes its line breaks).
    public var writeError: (String) -> Void
    /// The current time in seconds since 1970, used when `--now` is not given.
    public var now: () -> Int64
    /// Next line of standard input, or only its size when it is longer than `limit` bytes (then it is skipped
    /// to its line break without being kept), or nil at end of input. What `jose verify` and `jose decode -` read.
    public var readBoundedLine: (_ limit: Int) -> InputLine?
    /// All of standard input as bytes, exactly as given, or `.tooLarge` once it passes `limit` bytes (reading stops
    /// there). What `jose sign -` reads.
    public var readAllInput: (_ limit: Int) -> WholeInput

    /// Streams for tests: `readBoundedLine` defaults to `readLine` with the size check applied afterwards, and
    /// `readAllInput` to the lines joined with line feeds.
    public init(readLine: @escaping () -> String?, write: @escaping (String) -> Void,
                writeError: @escaping (String) -> Void, now: @escaping () -> Int64,
                readBoundedLine: ((_ limit: Int) -> InputLine?)? = nil,
                readAllInput: ((_ limit: Int) -> WholeInput)? = nil) {
        self.readLine = readLine
        self.write = write
        self.writeError = writeError
        self.now = now
        self.readBoundedLine = readBoundedLine ?? { limit in
            readLine().map { $0.utf8.count > limit ? .tooLong(byteCount: $0.utf8.count) : .text($0) }
        }
        self.readAllInput = readAllInput ?? { limit in
            var lines: [String] = []
            while let line = readLine() { lines.append(line) }
            let bytes = Array(lines.joined(separator: "\n").utf8)
            return bytes.count > limit ? .tooLarge : .bytes(bytes)
        }
    }

    /// Exit status when standard output cannot be written (a full disk, a closed pipe with SIGPIPE ignored).
    public static let outputFailureStatus: Int32 = 3

    /// The process's standard input, output and error, and the system clock.
    ///
    /// Standard input is read through one bounded buffer (`readLine` gives lines of up to 1 MiB and an empty line
    /// for a longer one). A failed write to standard output ends the process with one line on standard error and
    /// exit status ``outputFailureStatus`` — never a trap.
    public static var standard: CommandIO {
        let reader = BoundedLineReader.standardInput()
        return CommandIO(
            readLine: {
                switch reader.next(limit: 1 << 20) {
                case .text(let s): return s
                case .tooLong: return ""
                case nil: return nil
                }
            },
            write: { text in
                do {
                    try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
                } catch {
                    outputFailed(error)
                }
            },
            writeError: { text in try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) },
            now: { Int64(Date().timeIntervalSince1970.rounded(.down)) },
            readBoundedLine: { limit in reader.next(limit: limit) },
            readAllInput: { limit in WholeInput.readStandardInput(limit: limit) })
    }

    private static func outputFailed(_ error: any Error) -> Never {
        let ns = error as NSError
        let why = (ns.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? ns.localizedDescription
        let line = "jose: cannot write to standard output: \(why)\n"
        try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
        exit(outputFailureStatus)
    }
}

/// The `jose` tool: every command, its help, and its exit status.
public enum Jose {
    static let commands: [(name: String, summary: String, help: String)] = [
        ("decode", "show a token's header and claims (no verification)", DecodeCommand.help),
        ("verify", "verify tokens against a key or a JWK Set", VerifyCommand.help),
        ("jwk", "convert a PEM or DER public key to a JWK", KeyCommands.jwkHelp),
        ("pem", "convert a JWK (or a JWK Set entry) to a PEM public key", KeyCommands.pemHelp),
        ("thumbprint", "print a key's RFC 7638 thumbprint", KeyCommands.thumbprintHelp),
        ("sign", "sign a JWT with a private key or a shared secret", SignCommand.help),
        ("keygen", "make a new private key (EC, OKP, RSA or oct)", KeygenCommand.help),
        ("apple-secret", "make a Sign in with Apple client secret (ES256)", AppleSecretCommand.help),
        ("appstore", "App Store Server API tokens (and signed-data checks)", AppStoreCommand.help),
        ("apns-token", "make an APNs provider token (ES256)", AppStoreTokenCommands.apnsHelp),
        ("x509", "show a certificate, or validate a chain to pinned roots", X509Command.help),
    ]

    static var help: String {
        var text = """
            jose — JSON Web Token chores with PureJOSE

            Usage: jose <command> [options] [arguments]

            Commands:

            """
        for command in commands {
            text += "  " + command.name.padding(toLength: 14, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

            Run 'jose <command> --help' for a command's options.
            Exit status: 0 success (every token valid), 1 a token is invalid, 2 usage or input error,
            3 standard output could not be written.

            """
        return text
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        do {
            return try dispatch(arguments, io: io)
        } catch {
            io.writeError(error.message + "\n")
            return error.status
        }
    }

    private static func dispatch(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        guard let first = arguments.first else {
            io.writeError(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            io.write(help)
            return 0
        case "help":
            guard let topic = rest.first else {
                io.write(help)
                return 0
            }
            guard let command = commands.first(where: { $0.name == topic }) else {
                throw .usage("jose: unknown command '\(topic)' (see 'jose --help')")
            }
            io.write(command.help)
            return 0
        case "decode": return try DecodeCommand.run(rest, io: io)
        case "verify": return try VerifyCommand.run(rest, io: io)
        case "jwk": return try KeyCommands.jwk(rest, io: io)
        case "pem": return try KeyCommands.pem(rest, io: io)
        case "thumbprint": return try KeyCommands.thumbprint(rest, io: io)
        case "sign": return try SignCommand.run(rest, io: io)
        case "keygen": return try KeygenCommand.run(rest, io: io)
        case "apple-secret": return try AppleSecretCommand.run(rest, io: io)
        case "appstore": return try AppStoreCommand.run(rest, io: io)
        case "apns-token": return try AppStoreTokenCommands.apnsToken(rest, io: io)
        case "x509": return try X509Command.run(rest, io: io)
        default:
            if first.hasPrefix("-") {
                throw .usage("jose: unknown option '\(first)' (see 'jose --help')")
            }
            throw .usage("jose: unknown command '\(first)' (see 'jose --help')")
        }
    }
}

/// Reading input files, with one clear line for every way it can fail.
enum InputFile {
    /// Files larger than this are refused before being read (keys and key sets are small).
    static let maximumSize = 4 << 20

    /// Standard input for an operand `-`: read whole as bytes (no line splitting, no UTF-8 repair) and refused as
    /// a file of the same content would be — the same size limit, the same empty-input refusal.
    static func standardInput(_ io: CommandIO, command: String) throws(CLIFailure) -> [UInt8] {
        switch io.readAllInput(maximumSize) {
        case .bytes(let bytes): return try accept(bytes, named: "standard input", command: command)
        case .tooLarge: throw tooLarge(named: "standard input", command: command)
        case .unreadable(let why): throw .usage("\(command): cannot read standard input: \(why)")
        }
    }

    private static func tooLarge(named name: String, command: String) -> CLIFailure {
        .usage("\(command): \(name) is larger than \(maximumSize >> 20) MiB, the limit for an input")
    }

    private static func accept(_ bytes: [UInt8], named name: String, command: String) throws(CLIFailure) -> [UInt8] {
        guard bytes.count <= maximumSize else { throw tooLarge(named: name, command: command) }
        guard !bytes.isEmpty else { throw .usage("\(command): \(name) is empty") }
        return bytes
    }

    static func bytes(_ path: String, command: String) throws(CLIFailure) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .usage("\(command): cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else {
            throw .usage("\(command): cannot read '\(path)': it is a directory")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .usage("\(command): cannot read '\(path)': permission denied or not a regular file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw .usage("\(command): cannot read '\(path)': \(error.localizedDescription)")
        }
        return try accept([UInt8](data), named: "'\(path)'", command: command)
    }
}

/// Standard input read whole (`jose sign -`).
public enum WholeInput: Equatable, Sendable {
    /// Every byte, as given.
    case bytes([UInt8])
    /// More than the limit: reading stopped there and nothing is used.
    case tooLarge
    /// A read error (e.g. standard input is a directory).
    case unreadable(String)

    /// Reads file descriptor 0 with `read(2)` to its end, keeping at most `limit + 1` bytes.
    static func readStandardInput(limit: Int) -> WholeInput {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n == 0 { return .bytes(bytes) }
            if n < 0 {
                if errno == EINTR { continue }
                return .unreadable(String(cString: strerror(errno)))
            }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { return .tooLarge }
        }
    }
}
