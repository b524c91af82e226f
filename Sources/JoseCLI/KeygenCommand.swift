import Foundation
import JOSE

/// `jose keygen`: a new private key (EC, OKP, RSA or oct) as a private JWK or PEM.
enum KeygenCommand {
    static let help = """
        Usage: jose keygen --kty EC --crv P-256|P-384|P-521 [options]
               jose keygen --kty OKP --crv Ed25519 [options]
               jose keygen --kty RSA --bits 2048|3072|4096 [options]
               jose keygen --kty oct --bytes N [options]

        Makes a new key with the system's secure random generator and prints the private key as a
        JWK (kid = --kid, else the RFC 7638 thumbprint), or as PEM with --pem (PKCS#8 PRIVATE KEY;
        Ed25519 keys as RFC 8410; oct keys have no PEM form).

        Options:
          --kty EC|OKP|RSA|oct  key type (required)
          --crv CURVE         EC: P-256, P-384 or P-521; OKP: Ed25519
          --bits N            RSA modulus size: 2048, 3072 or 4096
          --bytes N           oct secret size, 32 to 1024 bytes
          --kid K             the key's kid
          --pem               write PEM instead of JWK
          --out FILE          write the private key to FILE (created with mode 0600; must not exist)
                              instead of standard output
          --public-out FILE   also write the public key (JWK, or PEM with --pem) to FILE
          -h, --help          show this help

        Exit status: 0 written, 2 usage error or a file that cannot be written.

        """

    static func run(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose keygen"
        let parsed = try ParsedArguments(arguments, command: command,
                                         valued: ["--kty", "--crv", "--bits", "--bytes", "--kid", "--out", "--public-out"],
                                         flags: ["--pem"])
        if parsed.wantsHelp {
            io.write(help)
            return 0
        }
        guard parsed.operands.isEmpty else { throw .usage("\(command): unexpected argument '\(parsed.operands[0])'") }
        guard let kty = parsed.value("--kty") else { throw .usage("\(command): --kty EC|OKP|RSA|oct is required") }
        let kid = parsed.value("--kid")
        func refuse(_ options: [String]) throws(CLIFailure) {
            for o in options where parsed.value(o) != nil { throw .usage("\(command): \(o) does not apply to --kty \(kty)") }
        }
        let key: JWKPrivateKey
        do {
            switch kty {
            case "EC":
                try refuse(["--bits", "--bytes"])
                guard let crv = parsed.value("--crv") else { throw CLIFailure.usage("\(command): --kty EC needs --crv P-256, P-384 or P-521") }
                switch crv {
                case "P-256": key = try JWKPrivateKey.generateEC(curve: .p256, keyID: kid)
                case "P-384": key = try JWKPrivateKey.generateEC(curve: .p384, keyID: kid)
                case "P-521": key = try JWKPrivateKey.generateEC(curve: .p521, keyID: kid)
                default: throw CLIFailure.usage("\(command): --crv must be P-256, P-384 or P-521, not '\(crv)'")
                }
            case "OKP":
                try refuse(["--bits", "--bytes"])
                guard let crv = parsed.value("--crv") else { throw CLIFailure.usage("\(command): --kty OKP needs --crv Ed25519") }
                guard crv == "Ed25519" else { throw CLIFailure.usage("\(command): --kty OKP supports --crv Ed25519 only, not '\(crv)'") }
                key = try JWKPrivateKey.generateOKP(curve: .ed25519, keyID: kid)
            case "RSA":
                try refuse(["--crv", "--bytes"])
                guard let text = parsed.value("--bits") else { throw CLIFailure.usage("\(command): --kty RSA needs --bits 2048, 3072 or 4096") }
                guard let bits = Int(text), [2048, 3072, 4096].contains(bits) else {
                    throw CLIFailure.usage("\(command): --bits must be 2048, 3072 or 4096, not '\(text)'")
                }
                key = try JWKPrivateKey.generateRSA(bitCount: bits, keyID: kid)
            case "oct":
                try refuse(["--crv", "--bits"])
                guard !parsed.flags.contains("--pem") else { throw CLIFailure.usage("\(command): an oct key has no PEM form") }
                guard let text = parsed.value("--bytes") else { throw CLIFailure.usage("\(command): --kty oct needs --bytes N (32 to 1024)") }
                guard let n = Int(text), n >= 32, n <= 1024 else {
                    throw CLIFailure.usage("\(command): --bytes must be a whole number from 32 to 1024, not '\(text)'")
                }
                key = try JWKPrivateKey.generateSymmetric(byteCount: n, keyID: kid)
            default:
                throw CLIFailure.usage("\(command): --kty must be EC, OKP, RSA or oct, not '\(kty)'")
            }
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw .usage("\(command): \(describe(error))")
        }
        // kid defaults to the thumbprint, so the private and public JWKs name the same key.
        let named = kid == nil ? key.withKeyID(key.thumbprintBase64URL) : key

        let privateText: String
        var publicText: String?
        do {
            if parsed.flags.contains("--pem") {
                privateText = try named.pemRepresentation()
                publicText = try named.publicJWK?.pemRepresentation()
            } else {
                privateText = JSONText(.object(named.jsonObject())).pretty + "\n"
                publicText = named.publicJWK.map { JSONText(.object($0.jsonObject())).pretty + "\n" }
            }
        } catch {
            throw .usage("\(command): \(describe(error))")
        }
        if let path = parsed.value("--public-out") {
            guard let text = publicText else { throw .usage("\(command): an oct key has no public half for --public-out") }
            try PrivateFile.write(text, to: path, mode: 0o644, command: command)
        }
        if let path = parsed.value("--out") {
            try PrivateFile.write(privateText, to: path, mode: 0o600, command: command)
        } else {
            io.write(privateText)
        }
        return 0
    }
}

/// Creates a new file with a given mode in one step (O_CREAT | O_EXCL), so a private key is never readable by
/// others, not even for a moment, and an existing file is never overwritten.
enum PrivateFile {
    static func write(_ text: String, to path: String, mode: mode_t, command: String) throws(CLIFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else {
            let reason = errno == EEXIST ? "it already exists" : String(cString: strerror(errno))
            throw .usage("\(command): cannot create '\(path)': \(reason)")
        }
        // The umask may have removed bits; set the exact mode.
        fchmod(fd, mode)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else {
                close(fd)
                throw .usage("\(command): cannot write '\(path)': \(String(cString: strerror(errno)))")
            }
            written += n
        }
        guard close(fd) == 0 else { throw .usage("\(command): cannot write '\(path)': \(String(cString: strerror(errno)))") }
    }
}
