import Foundation
import Testing

/// Issue 16: every row of the README's "Bad input → what happens" table names tests, and every test it names exists
/// (a `struct <Suite>` declaring `func <test>(` in any test folder — the rows name JOSE, tool and module tests — or in
/// the Hummingbird package's tests).
@Suite("README bad-input table")
struct ReadmeTableTests {
    @Test func everyRowNamesExistingTests() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Bad input → what happens").dropFirst().first)
        let rows = section.components(separatedBy: "\n## ")[0].split(separator: "\n").filter {
            $0.hasPrefix("| ") && !$0.hasPrefix("| Input") && !$0.hasPrefix("| ---")
        }
        #expect(rows.count >= 18)
        var sources: [String: String] = [:]   // suite name -> text of the file(s) declaring it
        let testFolders = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Tests").path).sorted()
        for dir in testFolders.map({ "Tests/" + $0 }) + ["Integrations/Hummingbird/JOSEHummingbird/Tests/JOSEHummingbirdTests"] {
            let path = root.appendingPathComponent(dir)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for name in try FileManager.default.contentsOfDirectory(atPath: path.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: path.appendingPathComponent(name), encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("struct ") {
                    let suite = line.dropFirst(7).prefix { $0.isLetter || $0.isNumber }
                    sources[String(suite), default: ""] += text
                }
            }
        }
        var named = 0
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let tests = try #require(cells.last).split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            #expect(!tests.isEmpty && !tests[0].isEmpty, "\(row)")
            for t in tests {
                let parts = t.split(separator: ".")
                guard parts.count == 2 else { Issue.record("not Suite.test: \(t)"); continue }
                let text = sources[String(parts[0])] ?? ""
                #expect(text.contains("func \(parts[1])("), "\(t) does not exist")
                named += 1
            }
        }
        #expect(named >= rows.count)
    }
}
