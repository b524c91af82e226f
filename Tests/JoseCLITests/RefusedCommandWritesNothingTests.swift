import Foundation
import Testing
@testable import JoseCLI

/// A command that refuses writes nothing: `jose keygen` creates every output file before writing any, and a
/// refusal removes what it created. Before, `--public-out` was written and then `--out` found to exist.
@Suite("jose keygen: a refused command leaves no file")
struct RefusedCommandWritesNothingTests {
    static func listing(_ dir: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        }
        return files
    }

    @Test(arguments: [["--kty", "EC", "--crv", "P-256"], ["--kty", "OKP", "--crv", "Ed25519"],
                      ["--kty", "EC", "--crv", "P-384", "--pem"]])
    func existingOutLeavesNoPublicFile(_ keyOptions: [String]) throws {
        let dir = try scratchDirectory("nothing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("old private key\n".utf8).write(to: URL(fileURLWithPath: dir + "/key"))
        let before = try Self.listing(dir)
        let run = jose(["keygen"] + keyOptions + ["--out", dir + "/key", "--public-out", dir + "/key.pub"])
        #expect(run.status == 2 && run.out.isEmpty)
        #expect(run.errLines.count == 1 && run.err.contains("already exists; nothing was written"), "\(run.err)")
        #expect(try Self.listing(dir) == before)
    }

    @Test func existingPublicOutLeavesNoPrivateFile() throws {
        let dir = try scratchDirectory("nothing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("old public key\n".utf8).write(to: URL(fileURLWithPath: dir + "/key.pub"))
        let before = try Self.listing(dir)
        let run = jose(["keygen", "--kty", "EC", "--crv", "P-256", "--out", dir + "/key", "--public-out", dir + "/key.pub"])
        #expect(run.status == 2 && run.out.isEmpty && run.err.contains("already exists"))
        #expect(try Self.listing(dir) == before)
    }

    /// A public file that cannot be created (no such directory), one path given twice, an oct key asked for a public
    /// half: nothing is left, and nothing goes to standard output either.
    @Test func otherRefusalsLeaveNothing() throws {
        let dir = try scratchDirectory("nothing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [([String], String)] = [
            (["--kty", "EC", "--crv", "P-256", "--out", dir + "/a", "--public-out", dir + "/missing/b"], "No such file"),
            (["--kty", "EC", "--crv", "P-256", "--public-out", dir + "/missing/b"], "No such file"),
            (["--kty", "EC", "--crv", "P-256", "--out", dir + "/a", "--public-out", dir + "/a"], "name the same file"),
            (["--kty", "oct", "--bytes", "32", "--out", dir + "/a", "--public-out", dir + "/b"], "no public half"),
        ]
        for (arguments, message) in cases {
            let run = jose(["keygen"] + arguments)
            #expect(run.status == 2 && run.out.isEmpty, "\(arguments)")
            #expect(run.errLines.count == 1 && run.err.contains(message), "\(run.err)")
            #expect(try Self.listing(dir).isEmpty, "\(arguments)")
        }
    }

    /// The accepted run still writes both: the private file 0600, the public one 0644, the same key in each.
    @Test func acceptedRunWritesBoth() throws {
        let dir = try scratchDirectory("both")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = jose(["keygen", "--kty", "EC", "--crv", "P-256", "--out", dir + "/key", "--public-out", dir + "/key.pub"])
        #expect(run.status == 0 && run.out.isEmpty, "\(run.err)")
        let files = try Self.listing(dir)
        #expect(Set(files.keys) == ["key", "key.pub"])
        let mode = { (name: String) in try FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.posixPermissions] as? Int }
        #expect(try mode("key") == 0o600 && mode("key.pub") == 0o644)
        let priv = try #require(try JSONSerialization.jsonObject(with: files["key"]!) as? [String: String])
        let pub = try #require(try JSONSerialization.jsonObject(with: files["key.pub"]!) as? [String: String])
        #expect(priv["d"] != nil && pub["d"] == nil)
        #expect(priv["x"] == pub["x"] && priv["y"] == pub["y"] && priv["kid"] == pub["kid"])
    }
}
