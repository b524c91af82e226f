import DER
import JOSE
import PureX509
import SHA2

/// `jose x509 show` and `jose x509 verify`: certificates (PEM or DER) and chains to pinned roots.
enum X509Command {
    static let help = """
        Usage: jose x509 show CERT
               jose x509 verify --root ROOT [--root ROOT …] [--intermediate CERT …] [--at UNIXTIME]
                                [--eku OID …] LEAF

        show     prints a certificate's subject, issuer, serial, validity, key, signature algorithm,
                 extensions and SHA-256 fingerprint (PEM or DER; the first certificate of a PEM file).
        verify   validates LEAF to one of the pinned ROOTs through the intermediates given (in any
                 order; a file may hold several PEM certificates) per RFC 5280 §6.1, and prints
                 'valid' and the chain's subjects, leaf first, or 'invalid: <code>: <reason>'.

        Options (verify):
          --root FILE          a trusted root (repeatable; required)
          --intermediate FILE  a certificate the path may use (repeatable)
          --at UNIXTIME        validate at this time, 0 to 253402300799 (default: now)
          --eku OID            require this extended key usage in the leaf, dotted (repeatable),
                               e.g. 1.3.6.1.5.5.7.3.1 for serverAuth
          --lenient-profile    do not enforce RFC 5280 §4.2's rules on how CAs write certificates
                               (key identifiers, criticality); the path rules still hold
          -h, --help           show this help

        Exit status: 0 valid (or shown), 1 invalid, 2 usage error or unreadable certificate,
        3 standard output could not be written.

        """

    static func run(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        guard let sub = arguments.first else { throw .usage("jose x509: give a subcommand: show or verify (see 'jose x509 --help')") }
        let rest = Array(arguments.dropFirst())
        switch sub {
        case "-h", "--help":
            io.write(help)
            return 0
        case "show": return try show(rest, io: io)
        case "verify": return try verify(rest, io: io)
        default: throw .usage("jose x509: unknown subcommand \(quoted(sub)) (show or verify)")
        }
    }

    /// Every certificate of a file: PEM (one or more CERTIFICATE blocks) or one DER certificate.
    /// With `trustAnchors`, each is read for its name and key only (RFC 5280 §6.1.1 (d)), as pinned roots are: a
    /// profile deviation (a zero serial number, …) is written to standard error as a warning instead of refused.
    static func certificates(_ path: String, command: String, trustAnchors io: CommandIO? = nil) throws(CLIFailure) -> [Certificate] {
        let bytes = try InputFile.bytes(path, command: command)
        do throws(X509Error) {
            var found: [Certificate]
            if KeyFile.looksLikePEM(bytes) {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw X509Error(.invalidPEM)
                }
                found = io == nil ? try Certificate.certificates(pemEncoded: text) : try Certificate.trustAnchors(pemEncoded: text)
                guard !found.isEmpty else { throw X509Error(.invalidPEM) }
            } else {
                found = [io == nil ? try Certificate(derEncoded: bytes) : try Certificate(trustAnchorDEREncoded: bytes)]
            }
            if let io {
                for c in found {
                    for w in c.trustAnchorWarnings {
                        io.writeError("\(command): warning: root '\(lineSafe(path))' deviates from the certificate profile: \(w.code): \(lineSafe(w.reason))\n")
                    }
                }
            }
            return found
        } catch {
            throw .usage("\(command): '\(path)' is not a certificate: \(error.code): \(lineSafe(error.reason))")
        }
    }

    static func show(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose x509 show"
        let parsed = try ParsedArguments(arguments, command: command, valued: [])
        if parsed.wantsHelp { io.write(help); return 0 }
        guard parsed.operands.count == 1 else { throw .usage("\(command): give one CERT file") }
        let cert = try certificates(parsed.operands[0], command: command)[0]
        io.write(describe(cert))
        return 0
    }

    static func describe(_ c: Certificate) -> String {
        var lines: [(String, String)] = [
            ("subject", c.subject.description.isEmpty ? "(empty)" : c.subject.description),
            ("issuer", c.issuer.description),
            ("serial", c.serialNumber.map { hexByte($0) }.joined()),
            ("validity", "\(DERTime.rfc3339(unixSeconds: c.notBefore)) to \(DERTime.rfc3339(unixSeconds: c.notAfter))"),
            ("key", keyDescription(c)),
            ("signature", c.signatureAlgorithm.description),
        ]
        let e = c.extensions
        for ext in e.all {
            let critical = ext.isCritical ? " (critical)" : ""
            let name: String, value: String
            switch ext.oid {
            case X509OID.basicConstraints:
                name = "basicConstraints"
                let b = e.basicConstraints
                value = b.map { $0.isCertificateAuthority ? "CA" + ($0.pathLengthConstraint.map { ", pathLen \($0)" } ?? "") : "not a CA" } ?? ""
            case X509OID.keyUsage:
                name = "keyUsage"
                value = e.keyUsage.map(keyUsageNames) ?? ""
            case X509OID.extendedKeyUsage:
                name = "extendedKeyUsage"
                value = (e.extendedKeyUsage ?? []).map(ekuName).joined(separator: ", ")
            case X509OID.subjectKeyIdentifier:
                name = "subjectKeyIdentifier"
                value = (e.subjectKeyIdentifier ?? []).map { hexByte($0) }.joined()
            case X509OID.authorityKeyIdentifier:
                name = "authorityKeyIdentifier"
                value = (e.authorityKeyIdentifier?.keyIdentifier ?? []).map { hexByte($0) }.joined()
            case X509OID.subjectAlternativeName:
                name = "subjectAltName"
                value = (e.subjectAlternativeNames ?? []).map(\.description).joined(separator: ", ")
            case X509OID.nameConstraints:
                name = "nameConstraints"
                let nc = e.nameConstraints
                value = "permitted [" + (nc?.permittedSubtrees ?? []).map(\.description).joined(separator: ", ")
                    + "], excluded [" + (nc?.excludedSubtrees ?? []).map(\.description).joined(separator: ", ") + "]"
            case X509OID.certificatePolicies:
                name = "certificatePolicies"
                value = (e.certificatePolicies ?? []).map { $0.policyIdentifier.description }.joined(separator: ", ")
            default:
                name = ext.oid.description
                value = "\(ext.value.count) bytes"
            }
            lines.append(("extension", name + critical + (value.isEmpty ? "" : ": " + value)))
        }
        lines.append(("sha256", SHA256.hash(data: c.derEncoded).bytes.map { hexByte($0, upper: true) }.joined(separator: ":")))
        return lines.map { lineSafe($0.0 + ":" + String(repeating: " ", count: max(1, 12 - $0.0.count)) + $0.1) + "\n" }.joined()
    }

    static func keyDescription(_ c: Certificate) -> String {
        guard let jwk = try? JWK(derRepresentation: c.subjectPublicKeyInfoBytes, options: JWK.Options(minimumRSAModulusBits: 512)) else {
            return "unsupported (\(c.subjectPublicKeyInfoBytes.count)-byte SubjectPublicKeyInfo)"
        }
        switch jwk.keyType {
        case .rsa:
            let n = jwk.jsonObject()["n"]?.stringValue.flatMap { try? Base64URL.decode($0) } ?? []
            let bits = n.first.map { (n.count - 1) * 8 + (8 - $0.leadingZeroBitCount) } ?? 0
            return "RSA \(bits) bits"
        case .ec: return "EC \(jwk.curve?.rawValue ?? "?")"
        default: return jwk.curve?.rawValue ?? jwk.keyType.rawValue
        }
    }

    static func keyUsageNames(_ k: KeyUsage) -> String {
        let names: [(KeyUsage, String)] = [
            (.digitalSignature, "digitalSignature"), (.nonRepudiation, "nonRepudiation"), (.keyEncipherment, "keyEncipherment"),
            (.dataEncipherment, "dataEncipherment"), (.keyAgreement, "keyAgreement"), (.keyCertSign, "keyCertSign"),
            (.cRLSign, "cRLSign"), (.encipherOnly, "encipherOnly"), (.decipherOnly, "decipherOnly"),
        ]
        return names.filter { k.contains($0.0) }.map(\.1).joined(separator: ", ")
    }

    static func ekuName(_ oid: ASN1ObjectIdentifier) -> String {
        let names: [(ASN1ObjectIdentifier, String)] = [
            (X509OID.serverAuth, "serverAuth"), (X509OID.clientAuth, "clientAuth"), (X509OID.codeSigning, "codeSigning"),
            (X509OID.emailProtection, "emailProtection"), (X509OID.timeStamping, "timeStamping"),
            (X509OID.ocspSigning, "OCSPSigning"), (X509OID.anyExtendedKeyUsage, "anyExtendedKeyUsage"),
        ]
        return names.first { $0.0 == oid }?.1 ?? oid.description
    }

    static func hexByte(_ b: UInt8, upper: Bool = false) -> String {
        let s = String(b, radix: 16, uppercase: upper)
        return b < 16 ? "0" + s : s
    }

    static func lineSafe(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { isLineUnsafe($0) ? "?" : $0 }))
    }

    /// A dotted OID such as 1.3.6.1.5.5.7.3.1 (at least two arcs, the first 0–2).
    static func parseOID(_ text: String, command: String) throws(CLIFailure) -> ASN1ObjectIdentifier {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var arcs: [UInt64] = []
        for p in parts {
            guard !p.isEmpty, p.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let v = UInt64(p) else {
                throw .usage("\(command): --eku must be a dotted OID such as 1.3.6.1.5.5.7.3.1, not \(quoted(text))")
            }
            arcs.append(v)
        }
        guard arcs.count >= 2, arcs[0] <= 2, arcs[0] == 2 || arcs[1] < 40 else {
            throw .usage("\(command): --eku must be a dotted OID such as 1.3.6.1.5.5.7.3.1, not \(quoted(text))")
        }
        return ASN1ObjectIdentifier(arcs: arcs)
    }

    static func verify(_ arguments: [String], io: CommandIO) throws(CLIFailure) -> Int32 {
        let command = "jose x509 verify"
        let parsed = try ParsedArguments(arguments, command: command, valued: ["--root", "--intermediate", "--at", "--eku"],
                                         repeatable: ["--root", "--intermediate", "--eku"], flags: ["--lenient-profile"])
        if parsed.wantsHelp { io.write(help); return 0 }
        guard parsed.operands.count == 1 else { throw .usage("\(command): give one LEAF certificate file") }
        let rootFiles = parsed.allValues("--root")
        guard !rootFiles.isEmpty else { throw .usage("\(command): give at least one trusted root with --root FILE") }
        var roots: [Certificate] = []
        for f in rootFiles { roots += try certificates(f, command: command, trustAnchors: io) }
        var pool: [Certificate] = []
        for f in parsed.allValues("--intermediate") { pool += try certificates(f, command: command) }
        let leafFile = try certificates(parsed.operands[0], command: command)
        // A leaf file holding a chain: the first certificate is the leaf, the rest join the pool.
        pool += leafFile.dropFirst()
        let at = try parsed.integer("--at", in: OptionRange.unixTime, command: command) ?? io.now()
        var ekus: [ASN1ObjectIdentifier] = []
        for e in parsed.allValues("--eku") { ekus.append(try parseOID(e, command: command)) }
        let policy = CertificateVerifier.Policy(requiredExtendedKeyUsages: ekus, strictProfile: !parsed.flags.contains("--lenient-profile"))
        do throws(X509Error) {
            let chain = try CertificateVerifier(trustRoots: roots, policy: policy).validate(leaf: leafFile[0], intermediates: pool, at: at)
            var out = "valid\n"
            for (i, c) in chain.enumerated() { out += lineSafe("  \(i): \(c.subject)") + "\n" }
            io.write(out)
            return 0
        } catch {
            io.write(lineSafe("invalid: \(error.code): \(error.reason)") + "\n")
            return 1
        }
    }
}
