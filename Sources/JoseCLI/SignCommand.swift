import Foundation
import JOSE

/// `jose sign`: makes a JWT from a claims object with a private key or a shared secret.
enum SignCommand {
    static let help = """
        Usage: jose sign --key FILE --alg ALG [--kid K] [--typ T] [--iat UNIXTIME] [--exp SECONDS] [CLAIMS.json|-]

        Signs a JWT. CLAIMS.json (or '-' for standard input) holds the claims as one JSON object;
        without it the claims are {}. The token is printed on one line. Standard input is read whole,
        byte for byte, and refused as the same file would be (empty, or over 4 MiB).

        --key FILE holds a PEM private key (PRIVATE KEY, EC PRIVATE KEY or RSA PRIVATE KEY), a private
        JWK (EC, OKP or RSA with "d"), or an oct JWK (HMAC secret). The key must fit the algorithm as a
        verifier would require: HS* secrets at least the hash length, RSA keys of 2048 bits or more,
        P-256 for ES256, P-384 for ES384, P-521 for ES512, an Ed25519 key for EdDSA and Ed25519, and
        a JWK's alg/use/key_ops must allow signing.

        Options:
          --key FILE        the signing key (required)
          --alg ALG         one of: \(algorithmNames) (required)
          --kid K           the header's kid (default: the JWK's kid, if any)
          --typ T           the header's typ (default JWT)
          --iat UNIXTIME    issued-at time; default now. Replaces an iat in the claims.
          --exp SECONDS     sets exp = iat + SECONDS. Replaces an exp in the claims.
                            UNIXTIME is 0 to 253402300799 (end of year 9999); exp may not pass it.
          -h, --help        show this help

        Exit status: 0 signed, 2 usage error, unusable key or claims.

        """

    static func run(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose sign"
        let parsed = try ParsedArguments(arguments, command: command,
                                         valued: ["--key", "--alg", "--kid", "--typ", "--iat", "--exp"])
        if parsed.wantsHelp {
            io.write(help)
            return 0
        }
        guard let keyPath = parsed.value("--key") else { throw .usage("\(command): --key FILE is required") }
        guard let algName = parsed.value("--alg") else { throw .usage("\(command): --alg is required (\(algorithmNames))") }
        guard let alg = JWSAlgorithm(rawValue: algName) else {
            throw .usage("\(command): unknown algorithm '\(algName)' (\(algorithmNames))")
        }
        guard parsed.operands.count <= 1 else { throw .usage("\(command): give at most one claims file") }
        // Both numbers are range-checked before exp = iat + lifetime is computed.
        let iat = try parsed.integer("--iat", in: OptionRange.unixTime, command: command) ?? io.now()
        guard OptionRange.unixTime.contains(iat) else { throw .usage("\(command): the clock reads \(iat), outside \(OptionRange.unixTime); give --iat") }
        let lifetime = try parsed.integer("--exp", in: 1...OptionRange.latestTime, command: command)
        if let lifetime, lifetime > OptionRange.latestTime - iat {
            throw .usage("\(command): --exp \(lifetime) after iat \(iat) is after year 9999 (exp must stay at or below \(OptionRange.latestTime))")
        }

        // Claims: a JSON object from the file or standard input.
        var claims: [(String, JSONValue)] = []
        if let source = parsed.operands.first {
            let bytes: [UInt8]
            if source == "-" {
                bytes = try InputFile.standardInput(io, command: command)
            } else {
                bytes = try InputFile.bytes(source, command: command)
            }
            let value: JSONValue
            do { value = try JSONValue(parsing: bytes) } catch {
                throw .usage("\(command): the claims are not valid JSON: \(describe(error))")
            }
            guard case .object(let object) = value else { throw .usage("\(command): the claims must be a JSON object") }
            claims = object.map { ($0.name, $0.value) }
        }
        func set(_ name: String, _ value: Int64) {
            if let i = claims.firstIndex(where: { Array($0.0.utf8) == Array(name.utf8) }) {
                claims[i].1 = .integer(value)
            } else {
                claims.append((name, .integer(value)))
            }
        }
        set("iat", iat)
        if let lifetime { set("exp", iat + lifetime) }

        let key = try SigningKeyFile.load(try InputFile.bytes(keyPath, command: command), path: keyPath, command: command)
        let token: String
        do {
            let signer = try JWTSigner(key: key, algorithm: alg, keyID: parsed.value("--kid"))
            let object = try JSONObject(claims)
            token = try signer.sign(object, header: .init(type: parsed.value("--typ") ?? "JWT"))
        } catch {
            throw .usage("\(command): \(describe(error))")
        }
        io.write(token + "\n")
        return 0
    }
}

/// Reading a signing key: PEM private key, private JWK, or oct JWK.
enum SigningKeyFile {
    static func load(_ bytes: [UInt8], path: String, command: String) throws(CLIFailure) -> JWKPrivateKey {
        if KeyFile.looksLikeJSON(bytes) {
            do { return try JWKPrivateKey(json: bytes) } catch {
                throw .usage("\(command): '\(path)' is not a usable private JWK: \(describe(error))")
            }
        }
        if KeyFile.looksLikePEM(bytes) {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .usage("\(command): '\(path)' is not UTF-8 text")
            }
            do { return try JWKPrivateKey(pemRepresentation: text) } catch {
                throw .usage("\(command): '\(path)' is not a usable PEM private key: \(describe(error))")
            }
        }
        throw .usage("\(command): '\(path)' is neither a PEM private key nor a JWK")
    }
}
