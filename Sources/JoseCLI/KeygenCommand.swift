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
                    throw CLIFailure.usage("\(command): --bits must be 2048, 3072 or 4096, not \(quoted(text))")
                }
                key = try JWKPrivateKey.generateRSA(bitCount: bits, keyID: kid)
            case "oct":
                try refuse(["--crv", "--bits"])
                guard !parsed.flags.contains("--pem") else { throw CLIFailure.usage("\(command): an oct key has no PEM form") }
                guard let n = try parsed.integer("--bytes", in: 32...1024, command: command) else {
                    throw CLIFailure.usage("\(command): --kty oct needs --bytes N (32 to 1024)")
                }
                key = try JWKPrivateKey.generateSymmetric(byteCount: Int(n), keyID: kid)
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
        // Every file is created (O_EXCL) before any is written, and a failure removes what this run created: a
        // refused command leaves nothing behind, and never half a key pair.
        var files: [(path: String, text: String, mode: mode_t)] = []
        if let path = parsed.value("--out") { files.append((path, privateText, 0o600)) }
        if let path = parsed.value("--public-out") {
            guard let text = publicText else { throw .usage("\(command): an oct key has no public half for --public-out") }
            if let out = parsed.value("--out"), out == path {
                throw .usage("\(command): --out and --public-out name the same file \(quoted(path))")
            }
            files.append((path, text, 0o644))
        }
        try PrivateFile.writeAll(files, command: command)
        if parsed.value("--out") == nil {
            io.write(privateText)
        }
        return 0
    }
}

/// Creates a new file with a given mode in one step (O_CREAT | O_EXCL), so a private key is never readable by
/// others, not even for a moment, and an existing file is never overwritten.
enum PrivateFile {
    /// Creates every file first, then writes them; if any creation or write fails, the files this call created
    /// are removed (a file that existed before is never touched: O_EXCL refused it).
    static func writeAll(_ files: [(path: String, text: String, mode: mode_t)], command: String) throws(CLIFailure) {
        var created: [(path: String, fd: Int32)] = []
        func undo() {
            for file in created {
                close(file.fd)
                unlink(file.path)
            }
        }
        for file in files {
            let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL, file.mode)
            guard fd >= 0 else {
                let reason = errno == EEXIST ? "it already exists" : String(cString: strerror(errno))
                undo()
                throw .usage("\(command): cannot create \(quoted(file.path)): \(reason); nothing was written")
            }
            created.append((file.path, fd))
            // The umask may have removed bits; set the exact mode.
            fchmod(fd, file.mode)
        }
        for (file, made) in zip(files, created) {
            let bytes = Array(file.text.utf8)
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { Foundation.write(made.fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    let reason = String(cString: strerror(errno))
                    undo()
                    throw .usage("\(command): cannot write \(quoted(file.path)): \(reason); nothing was kept")
                }
                written += n
            }
        }
        for (index, made) in created.enumerated() {
            guard close(made.fd) == 0 else {
                let reason = String(cString: strerror(errno))
                for later in created[(index + 1)...] { close(later.fd) }
                for file in created { unlink(file.path) }
                throw .usage("\(command): cannot write \(quoted(made.path)): \(reason); nothing was kept")
            }
        }
    }
}
