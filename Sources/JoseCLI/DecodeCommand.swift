import JOSE

/// `jose decode`: a token's header and claims, pretty-printed, without any verification.
enum DecodeCommand {
    static let help = """
        Usage: jose decode [--now UNIXTIME] TOKEN

        Prints the token's header and claims as indented JSON, then its NumericDate claims
        (exp, nbf, iat, auth_time) as UTC dates, and a warning line when the token is expired
        or not yet valid. Nothing is verified: the signature is not checked.
        With TOKEN '-', the token is read from standard input.

        Options:
          --now UNIXTIME   the time to compare exp and nbf against, 0 to 253402300799 (default: now)
          -h, --help       show this help

        Exit status: 0 decoded, 2 usage error or a token that cannot be decoded, 3 standard output
        could not be written.

        """

    /// The registered claims that hold a NumericDate (RFC 7519 §4.1), plus OpenID Connect's `auth_time`.
    static let dateClaims = ["exp", "nbf", "iat", "auth_time"]

    static func run(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose decode"
        let parsed = try ParsedArguments(arguments, command: command, valued: ["--now"])
        if parsed.wantsHelp {
            io.write(help)
            return 0
        }
        guard parsed.operands.count == 1 else {
            throw .usage(parsed.operands.isEmpty
                ? "\(command): give one TOKEN (see '\(command) --help')"
                : "\(command): give exactly one TOKEN, not \(parsed.operands.count)")
        }
        let now = try parsed.integer("--now", in: OptionRange.unixTime, command: command) ?? io.now()
        var token = parsed.operands[0]
        if token == "-" {
            switch io.readBoundedLine(InputLine.tokenLimit) {
            case .text(let line): token = line
            case .tooLong(let size):
                throw .usage("\(command): the line on standard input (\(size) bytes) is longer than the \(InputLine.tokenLimit)-byte token limit")
            case nil: throw .usage("\(command): no token on standard input")
            }
        }
        token = token.trimmingWhitespace

        let header: JSONText, claims: JSONText
        do {
            let decoded = try decodeUnverified(token)
            header = JSONText(decoded.header)
            claims = JSONText(decoded.claims)
        } catch {
            throw .usage("\(command): not a decodable token: \(describe(error))")
        }

        var out = "(not verified: 'jose decode' does not check the signature; use 'jose verify')\n"
        out += "header:\n" + header.pretty + "\n"
        out += "claims:\n" + claims.pretty + "\n"
        var dateLines = ""
        for name in dateClaims {
            guard let value = claims[name] else { continue }
            let text: String
            if let seconds = value.numericDate {
                text = UTCDate.format(seconds)
            } else if case .number = value {
                text = "outside the NumericDate range ±(2^53−1)"
            } else {
                text = "not a NumericDate"
            }
            dateLines += "  \(name.padding(toLength: 10, withPad: " ", startingAt: 0))\(value.compact)  \(text)\n"
        }
        if !dateLines.isEmpty {
            out += "dates:\n" + dateLines
        }
        if let exp = claims["exp"]?.numericDate, now >= exp {
            out += "warning: expired at \(UTCDate.format(exp)) (now \(UTCDate.format(now)))\n"
        }
        if let nbf = claims["nbf"]?.numericDate, now < nbf {
            out += "warning: not valid before \(UTCDate.format(nbf)) (now \(UTCDate.format(now)))\n"
        }
        io.write(out)
        return 0
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs, carriage returns and line feeds.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
