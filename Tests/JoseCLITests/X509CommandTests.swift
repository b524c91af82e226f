import Foundation
import Testing
import TestSupport
@testable import JoseCLI

private let folder = "x5c-tokens"
private func file(_ name: String) -> String { Vectors.path("\(folder)/\(name)") }
private let at = ["--at", "1767225600"]

/// The x5c-tokens MANIFEST's token by name.
private func token(_ name: String) throws -> String {
    let json = try JSONSerialization.jsonObject(with: Data(Vectors.bytes("\(folder)/MANIFEST.json"))) as! [String: Any]
    let c = (json["cases"] as! [[String: Any]]).first { $0["name"] as? String == name }!
    return c["token"] as! String
}

@Suite("jose x509 show and verify, jose verify --x5c-root")
struct X509CommandTests {
    /// A pinned root is read for its name and key (RFC 5280 §6.1.1 (d)): a root whose serial number is zero verifies
    /// its chain, with the deviation written to standard error; the same file as a leaf is still refused.
    @Test("verify takes a pinned root with a zero serial number, with a warning")
    func rootWithSerialZeroIsAWarning() throws {
        let root = Vectors.path("x509-review/root-serial-zero.pem"), leaf = Vectors.path("x509-review/anchor-serial-zero.leaf.pem")
        let run = jose(["x509", "verify", "--root", root, "--at", "1767225600", leaf])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("warning") && run.err.contains("invalidSerialNumber"), "\(run.err)")
        #expect(jose(["x509", "show", root]).status == 2)
        #expect(jose(["x509", "verify", "--root", Vectors.path("x509-review/root.pem"), "--at", "1767225600", root]).status != 0)
    }

    @Test("show prints the fields, with the fingerprint and subject openssl prints")
    func showPrintsFields() throws {
        let run = jose(["x509", "show", file("leaf.pem")])
        #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
        // `openssl x509 -noout -fingerprint -sha256 -subject -nameopt RFC2253 -in leaf.pem`.
        #expect(run.outLines.contains("sha256:      B1:04:FE:5B:2C:4C:18:F3:1F:B3:6F:10:5F:07:FE:60:6D:D7:53:8B:BE:90:FA:0B:CF:40:31:C5:7C:C8:DA:08"))
        #expect(run.outLines.first == "subject:     CN=Signer,O=PureJOSE test")
        #expect(run.outLines.contains("issuer:      CN=Intermediate,O=PureJOSE test"))
        #expect(run.outLines.contains("validity:    2020-01-01T00:00:00Z to 2040-01-01T00:00:00Z"))
        #expect(run.outLines.contains("key:         EC P-256"))
        #expect(run.outLines.contains("extension:   keyUsage (critical): digitalSignature"))
        // The root: a CA; given as DER it prints the same lines.
        let root = jose(["x509", "show", file("root.pem")])
        #expect(root.outLines.contains("extension:   basicConstraints (critical): CA"))
        #expect(root.outLines.contains("sha256:      67:37:B0:2B:06:DF:FE:6D:3D:92:DB:21:F8:F8:2A:CA:AC:BB:42:B1:DA:A5:6C:BC:08:BF:24:2F:87:9E:B4:30"))
        let pem = try Vectors.text("\(folder)/root.pem")
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let der = FileManager.default.temporaryDirectory.appendingPathComponent("x5c-root-\(UUID().uuidString).der")
        try Data(base64Encoded: body)!.write(to: der)
        defer { try? FileManager.default.removeItem(at: der) }
        #expect(jose(["x509", "show", der.path]).out == root.out)
    }

    @Test("show and verify refuse what is not a certificate, with exit 2")
    func notACertificate() {
        for bad in [file("leaf.key.pem"), file("MANIFEST.json"), file("does-not-exist.pem")] {
            let run = jose(["x509", "show", bad])
            #expect(run.status == 2 && run.out.isEmpty && run.errLines.count == 1, "\(bad): \(run.err)")
        }
        #expect(jose(["x509", "verify", "--root", file("leaf.key.pem"), file("leaf.pem")]).status == 2)
        #expect(jose(["x509", "verify", file("leaf.pem")]).status == 2)                               // no root
        #expect(jose(["x509", "verify", "--root", file("root.pem"), "--eku", "server", file("leaf.pem")]).status == 2)
        #expect(jose(["x509", "verify", "--root", file("root.pem"), "--at", "1e9", file("leaf.pem")]).status == 2)
        #expect(jose(["x509", "frobnicate"]).status == 2)
    }

    @Test("verify prints valid and the chain's subjects; a broken chain is invalid with its code, exit 1")
    func verifyChain() {
        let ok = jose(["x509", "verify", "--root", file("root.pem"), "--intermediate", file("intermediate.pem")] + at + [file("leaf.pem")])
        #expect(ok.status == 0)
        #expect(ok.outLines == ["valid", "  0: CN=Signer,O=PureJOSE test", "  1: CN=Intermediate,O=PureJOSE test", "  2: CN=Root,O=PureJOSE test"])
        // The leaf file may carry the chain (chain.pem is root, intermediate, leaf: its first is the root itself).
        let expired = jose(["x509", "verify", "--root", file("root.pem"), "--intermediate", file("intermediate.pem"),
                            "--at", "2208988801", file("leaf.pem")])
        #expect(expired.status == 1 && expired.out.hasPrefix("invalid: expired: leaf (CN=Signer,O=PureJOSE test): "), "\(expired.out)")
        let noPath = jose(["x509", "verify", "--root", file("root.pem")] + at + [file("leaf.pem")])
        #expect(noPath.status == 1 && noPath.out.hasPrefix("invalid: issuerNotFound: "), "\(noPath.out)")
        let eku = jose(["x509", "verify", "--root", file("root.pem"), "--intermediate", file("intermediate.pem"),
                        "--eku", "1.3.6.1.5.5.7.3.1"] + at + [file("leaf.pem")])
        #expect(eku.status == 0, "a leaf without extendedKeyUsage allows every usage (RFC 5280 §4.2.1.12): \(eku.out)")
    }

    @Test("verify --x5c-root takes the key from the token's chain, pinned to the root given")
    func verifyX5CRoot() throws {
        let ok = try token("ok")
        let valid = jose(["verify", "--x5c-root", file("root.pem"), "--now", "1767225600", ok])
        #expect(valid.status == 0 && valid.out.hasPrefix("valid {\"iss\":\"x5c-test\""), "\(valid.out)\(valid.err)")
        let late = jose(["verify", "--x5c-root", file("root.pem"), "--now", "1767225600", "--at", "2208988801", ok])
        #expect(late.status == 1 && late.out.hasPrefix("invalid: untrustedCertificateChain: x5c: expired: "), "\(late.out)")
        let otherRoot = jose(["verify", "--x5c-root", file("root.pem"), "--now", "1767225600", try token("root-not-pinned")])
        #expect(otherRoot.status == 1 && otherRoot.out.hasPrefix("invalid: untrustedCertificateChain: "), "\(otherRoot.out)")
        let mismatch = jose(["verify", "--x5c-root", file("root.pem"), "--now", "1767225600", try token("leaf-key-not-fitting-alg")])
        #expect(mismatch.status == 1 && mismatch.out.hasPrefix("invalid: keyMismatch: "), "\(mismatch.out)")
        // Several tokens on standard input: one verdict each.
        let stream = jose(["verify", "--x5c-root", file("root.pem"), "--now", "1767225600"], stdin: [ok, try token("tampered-signature")])
        #expect(stream.status == 1 && stream.outLines.count == 2 && stream.outLines[1].hasPrefix("invalid: invalidSignature"))
        // Usage errors.
        #expect(jose(["verify", "--x5c-root", file("root.pem"), "--key", file("leaf.pem"), ok]).status == 2)
        #expect(jose(["verify", "--key", file("leaf.pem"), "--at", "5", ok]).status == 2)
        #expect(jose(["verify", "--x5c-root", file("leaf.key.pem"), ok]).status == 2)
    }

    @Test("help lists the x509 command and its options")
    func help() {
        #expect(jose(["--help"]).out.contains("x509"))
        let h = jose(["x509", "--help"])
        #expect(h.status == 0 && h.out.contains("--root FILE") && h.out.contains("--intermediate FILE"))
        #expect(jose(["verify", "--help"]).out.contains("--x5c-root FILE"))
    }
}
