import PureX509

/// `jose verify`: one token from the arguments, or a stream of tokens on standard input.
enum VerifyCommand {
    static let help = """
        Usage: jose verify (--jwks FILE | --key FILE | --x5c-root ROOT …) [options] [TOKEN]

        Verifies the token's signature and claims. With TOKEN, prints 'valid' followed by the
        claims as compact JSON, or 'invalid: <error case>: <reason>'. Without TOKEN, reads tokens
        from standard input, one per line, and prints exactly one such verdict line per token, in
        the same order (blank lines are not tokens and are skipped).

        Options:
          --jwks FILE        a JWK Set (JSON) holding the keys
          --key FILE         a single key: PEM (PUBLIC KEY or RSA PUBLIC KEY), DER, or a JWK
                             (an oct JWK for HS*); used whatever kid the token names
          --x5c-root FILE    take the key from the token's x5c certificate chain, which must
                             validate to this pinned root certificate (PEM or DER; repeatable)
          --at UNIXTIME      with --x5c-root: validate the chain at this time (default: --now)
          --alg A            allow algorithm A (repeatable; default: every supported algorithm,
                             each only with a key that fits it): \(algorithmNames)
          --iss S            require the issuer (iss) S
          --aud S            require the audience (aud) to contain S
          --nonce S          require the nonce claim S
          --leeway SECONDS   clock skew allowed for exp, nbf and iat, 0 to 31536000 (default 0)
          --allow-missing-exp  accept a token without exp (by default exp is required; a present
                             exp is always checked)
          --now UNIXTIME     verify as of this time, 0 to 253402300799 (default: now)
          -h, --help         show this help

        A line longer than 64 KiB (the token size limit) is skipped to its end without being kept
        and gets the verdict 'invalid: limitExceeded: …'.

        Exit status: 0 every token valid, 1 some token invalid, 2 usage error or unusable key file,
        3 standard output could not be written.

        """

    static func run(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose verify"
        let parsed = try ParsedArguments(
            arguments, command: command,
            valued: ["--jwks", "--key", "--x5c-root", "--at", "--alg", "--iss", "--aud", "--nonce", "--leeway", "--now"],
            repeatable: ["--alg", "--x5c-root"], flags: ["--allow-missing-exp"])
        if parsed.wantsHelp {
            io.write(help)
            return 0
        }
        guard parsed.operands.count <= 1 else {
            throw .usage("\(command): give at most one TOKEN (or none to read standard input), not \(parsed.operands.count)")
        }
        let leeway = try parsed.integer("--leeway", in: 0...(365 * 86_400), command: command) ?? 0
        let now = try parsed.integer("--now", in: OptionRange.unixTime, command: command) ?? io.now()
        let algorithms = try parsed.allValues("--alg").map { (name) throws(CLIFailure) -> String in
            guard supportedAlgorithms.contains(name) else {
                throw .usage("\(command): unknown algorithm '\(name)' (supported: \(algorithmNames))")
            }
            return name
        }

        let keys: KeySource
        let x5cRoots = parsed.allValues("--x5c-root")
        let at = try parsed.integer("--at", in: OptionRange.unixTime, command: command)
        if at != nil && x5cRoots.isEmpty {
            throw .usage("\(command): --at is the certificate validation time; it needs --x5c-root")
        }
        switch (parsed.value("--jwks"), parsed.value("--key")) {
        case _ where !x5cRoots.isEmpty:
            guard parsed.value("--jwks") == nil && parsed.value("--key") == nil else {
                throw .usage("\(command): give --x5c-root, or --jwks or --key, not both")
            }
            var roots: [Certificate] = []
            for f in x5cRoots { roots += try X509Command.certificates(f, command: command) }
            keys = .x5c(roots, at: at ?? now)
        case (let jwks?, nil):
            keys = .jwks(try InputFile.bytes(jwks, command: command), path: jwks)
        case (nil, let key?):
            keys = .key(try InputFile.bytes(key, command: command), path: key)
        case (nil, nil):
            throw .usage("\(command): give the keys with --jwks FILE or --key FILE (or --x5c-root FILE)")
        case (_?, _?):
            throw .usage("\(command): give either --jwks or --key, not both")
        }
        let verifier = try TokenVerifier(
            keys: keys, algorithms: algorithms,
            expectations: .init(issuer: parsed.value("--iss"), audience: parsed.value("--aud"),
                                nonce: parsed.value("--nonce"), leeway: leeway, now: now,
                                requireExpiration: !parsed.flags.contains("--allow-missing-exp")),
            command: command)

        if let token = parsed.operands.first, token != "-" {
            let verdict = verifier.verdict(for: token.trimmingWhitespace)
            io.write(verdict.line + "\n")
            return verdict.isValid ? 0 : 1
        }
        var count = 0
        var allValid = true
        while let line = io.readBoundedLine(InputLine.tokenLimit) {
            let verdict: Verdict
            switch line {
            case .text(let text):
                let token = text.trimmingWhitespace
                if token.isEmpty { continue }
                verdict = verifier.verdict(for: token)
            case .tooLong(let size):
                // Skipped to its line break without being kept; still exactly one verdict.
                verdict = Verdict(isValid: false, line: "invalid: limitExceeded: a line of \(size) bytes is longer than the \(InputLine.tokenLimit)-byte token limit")
            }
            io.write(verdict.line + "\n")
            allValid = allValid && verdict.isValid
            count += 1
        }
        guard count > 0 else {
            throw .usage("\(command): no token given and none on standard input")
        }
        return allValid ? 0 : 1
    }
}

/// What a token was checked against.
enum KeySource {
    case jwks([UInt8], path: String)
    case key([UInt8], path: String)
    /// The key of each token's x5c leaf, its chain validated to these roots at this time.
    case x5c([Certificate], at: Int64)
}

/// The claim checks asked for on the command line.
struct Expectations {
    var issuer: String?
    var audience: String?
    var nonce: String?
    var leeway: Int64
    var now: Int64
    var requireExpiration = true
}

/// The outcome for one token.
struct Verdict {
    var isValid: Bool
    var line: String
}
