import Foundation
@testable import JoseCLI

/// What one run of the tool did.
struct Run {
    var status: Int32
    var out: String
    var err: String

    var outLines: [String] { out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var errLines: [String] { err.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// Runs the command layer with captured streams, `stdin` as standard input and a fixed clock.
func jose(_ arguments: [String], stdin: [String] = [], clock: Int64 = Fixtures.now) -> Run {
    final class Box: @unchecked Sendable { var out = "", err = "", lines: [String] = [] }
    let box = Box()
    box.lines = stdin
    let io = CommandIO(
        readLine: { box.lines.isEmpty ? nil : box.lines.removeFirst() },
        write: { box.out += $0 },
        writeError: { box.err += $0 },
        now: { clock })
    let status = Jose.run(arguments, io: io)
    return Run(status: status, out: box.out, err: box.err)
}

/// The committed fixtures made by `Scripts/generate-cli-fixtures.py` (Python `cryptography`).
enum Fixtures {
    static let directory: String = {
        // This file is <repo>/Tests/JoseCLITests/Support.swift; the fixtures are in <repo>/Tests/JoseCLIFixtures
        // (outside the test target, so SwiftPM does not treat them as unhandled resources).
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        return url.appendingPathComponent("JoseCLIFixtures").path
    }()

    static func path(_ name: String) -> String { directory + "/" + name }

    static func json(_ name: String) -> [String: Any] {
        guard let data = FileManager.default.contents(atPath: path(name)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            fatalError("fixture \(name) is missing or not a JSON object")
        }
        return object
    }

    static let tokens = json("tokens.json") as! [String: String]
    nonisolated(unsafe) static let facts = json("facts.json")
    static let now = Int64(facts["now"] as! Int)

    static func token(_ name: String) -> String {
        guard let t = tokens[name] else { fatalError("no token \(name) in tokens.json") }
        return t
    }

    static func thumbprint(_ key: String) -> String { (facts["thumbprints"] as! [String: String])[key]! }
    static func spkiPEM(_ key: String) -> String { (facts["spki_pem"] as! [String: String])[key]! }
    static func jwk(_ key: String) -> [String: String] { (facts["jwk"] as! [String: [String: String]])[key]! }

    /// The token's payload exactly as the signer wrote it (compact JSON, by construction).
    static func payloadText(_ token: String) -> String {
        var part = String(token.split(separator: ".")[1])
        part = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        part += String(repeating: "=", count: (4 - part.count % 4) % 4)
        return String(decoding: Data(base64Encoded: part)!, as: UTF8.self)
    }
}
