import Foundation
import JOSE

/// `jose apple-secret`: the ES256 client secret of Sign in with Apple.
enum AppleSecretCommand {
    static let help = """
        Usage: jose apple-secret --p8 FILE --team T --client C --kid K [--days N] [--iat UNIXTIME]

        Makes the client secret a Sign in with Apple server sends to Apple's token endpoint: an ES256
        JWT with header {"alg":"ES256","kid":K} and claims iss = T, iat, exp = iat + N days,
        aud = https://appleid.apple.com, sub = C. Printed on one line.

        Options:
          --p8 FILE         the private key Apple gave you (AuthKey_<kid>.p8, PEM PRIVATE KEY, P-256)
          --team T          your Apple Developer team ID (iss)
          --client C        the app's bundle ID or the Services ID (sub)
          --kid K           the key's ID (the 10 characters in the .p8 file's name)
          --days N          lifetime in days, 1 to 182 (Apple's limit is 15,777,000 s); default 180
          --iat UNIXTIME    issued-at time, 0 to 253402300799 (end of year 9999); default now
          -h, --help        show this help

        Exit status: 0 made, 2 usage error or unusable key file.

        """

    static func run(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose apple-secret"
        let parsed = try ParsedArguments(arguments, command: command,
                                         valued: ["--p8", "--team", "--client", "--kid", "--days", "--iat"])
        if parsed.wantsHelp {
            io.write(help)
            return 0
        }
        guard parsed.operands.isEmpty else { throw .usage("\(command): unexpected argument '\(parsed.operands[0])'") }
        guard let path = parsed.value("--p8") else { throw .usage("\(command): --p8 FILE is required") }
        guard let team = parsed.value("--team") else { throw .usage("\(command): --team T is required") }
        guard let client = parsed.value("--client") else { throw .usage("\(command): --client C is required") }
        guard let kid = parsed.value("--kid") else { throw .usage("\(command): --kid K is required") }
        // Every number is range-checked before the arithmetic below: days × 86,400 and iat + lifetime cannot overflow.
        let days = try parsed.integer("--days", in: 1...(AppleClientSecret.maximumLifetime / 86_400), command: command) ?? 180
        let iat = try parsed.integer("--iat", in: OptionRange.unixTime, command: command) ?? io.now()
        guard iat <= OptionRange.latestTime - days * 86_400 else {
            throw .usage("\(command): --iat \(iat) + \(days) days is after year 9999")
        }
        let bytes = try InputFile.bytes(path, command: command)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .usage("\(command): '\(path)' is not UTF-8 text") }
        let token: String
        do {
            let apple = try AppleClientSecret(teamID: team, clientID: client, keyID: kid, p8: text)
            token = try apple.token(issuedAt: iat, lifetime: days * 86_400)
        } catch {
            throw .usage("\(command): \(describe(error))")
        }
        io.write(token + "\n")
        return 0
    }
}
