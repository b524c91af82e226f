/// `jose jwk`, `jose pem` and `jose thumbprint`: conversions between key forms.
enum KeyCommands {
    static let jwkHelp = """
        Usage: jose jwk FILE

        Converts a public key to a JWK (RFC 7517) whose kid is its RFC 7638 thumbprint.
        FILE holds a PEM public key (PUBLIC KEY or RSA PUBLIC KEY), its DER form, or a JWK.
        RSA, EC (P-256, P-384, P-521) and OKP (Ed25519) keys. Private keys are refused.

        Options:
          -h, --help   show this help

        Exit status: 0 converted, 2 usage error or unusable key file.

        """

    static let pemHelp = """
        Usage: jose pem FILE [--kid K]

        Converts a JWK, or one entry of a JWK Set, to a PEM public key (SubjectPublicKeyInfo).
        A set holding more than one key needs --kid. HMAC (oct) keys have no PEM form.

        Options:
          --kid K      the entry of the JWK Set to convert
          -h, --help   show this help

        Exit status: 0 converted, 2 usage error or unusable key file.

        """

    static let thumbprintHelp = """
        Usage: jose thumbprint FILE [--kid K]

        Prints the RFC 7638 JWK thumbprint (SHA-256, base64url) of a key. FILE holds a PEM or
        DER public key, a JWK, or a JWK Set (with --kid when it holds more than one key).

        Options:
          --kid K      the entry of the JWK Set to use
          -h, --help   show this help

        Exit status: 0 printed, 2 usage error or unusable key file.

        """

    static func jwk(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose jwk"
        let parsed = try ParsedArguments(arguments, command: command, valued: [])
        if parsed.wantsHelp {
            io.write(jwkHelp)
            return 0
        }
        let path = try singleFile(parsed, command: command)
        let key = try KeyFile.load(try InputFile.bytes(path, command: command), path: path, command: command,
                                   allowSet: false, kid: nil)
        io.write(try key.jwkText(command: command).pretty + "\n")
        return 0
    }

    static func pem(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose pem"
        let parsed = try ParsedArguments(arguments, command: command, valued: ["--kid"])
        if parsed.wantsHelp {
            io.write(pemHelp)
            return 0
        }
        let path = try singleFile(parsed, command: command)
        let bytes = try InputFile.bytes(path, command: command)
        guard KeyFile.looksLikeJSON(bytes) else {
            throw .usage("\(command): '\(path)' is not a JWK or JWK Set (JSON); 'jose pem' converts JWKs to PEM")
        }
        let key = try KeyFile.load(bytes, path: path, command: command, allowSet: true, kid: parsed.value("--kid"))
        io.write(try key.pem(command: command))
        return 0
    }

    static func thumbprint(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose thumbprint"
        let parsed = try ParsedArguments(arguments, command: command, valued: ["--kid"])
        if parsed.wantsHelp {
            io.write(thumbprintHelp)
            return 0
        }
        let path = try singleFile(parsed, command: command)
        let key = try KeyFile.load(try InputFile.bytes(path, command: command), path: path, command: command,
                                   allowSet: true, kid: parsed.value("--kid"))
        io.write(key.thumbprint + "\n")
        return 0
    }

    private static func singleFile(_ parsed: ParsedArguments, command: String) throws(CLIFailure) -> String {
        guard parsed.operands.count == 1 else {
            throw .usage(parsed.operands.isEmpty
                ? "\(command): give one FILE (see '\(command) --help')"
                : "\(command): give exactly one FILE, not \(parsed.operands.count)")
        }
        return parsed.operands[0]
    }
}
