import Foundation
import Testing

/// Every row of the "Bad input → what happens" table (the JOSE DocC article BadInput.md, linked from README.md) names tests, and every test it names exists
/// (a `struct <Suite>` declaring `func <test>(` in any test folder — the rows name JOSE, tool and module tests — or in
/// the Hummingbird and Vapor packages' tests; a WebAssembly row names a `node --test` test and its folder).
@Suite("README bad-input table")
struct ReadmeTableTests {
    @Test func everyRowNamesExistingTests() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let readme = try String(contentsOf: root.appendingPathComponent("Sources/JOSE/JOSE.docc/BadInput.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "# Bad input → what happens").dropFirst().first)
        // Every table row of the article (it may hold several tables, one per area, each headed "| Input | …").
        let rows = section.split(separator: "\n").filter {
            $0.hasPrefix("| ") && !$0.hasPrefix("| Input") && !$0.hasPrefix("| ---")
        }
        #expect(rows.count >= 18)
        var sources: [String: String] = [:]   // suite name -> text of the file(s) declaring it
        let testFolders = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Tests").path).sorted()
        for dir in testFolders.map({ "Tests/" + $0 }) + ["Integrations/Hummingbird/JOSEHummingbird/Tests/JOSEHummingbirdTests",
                                                                        "Integrations/Vapor/JOSEVapor/Tests/JOSEVaporTests"] {
            let path = root.appendingPathComponent(dir)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for name in try FileManager.default.contentsOfDirectory(atPath: path.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: path.appendingPathComponent(name), encoding: .utf8)
                // `struct Suite` or `@Suite struct Suite` (the integration packages write the attribute on the same line).
                for line in text.split(separator: "\n") where line.hasPrefix("struct ") || line.hasPrefix("@Suite struct ") {
                    let suite = line.dropFirst(line.hasPrefix("@Suite ") ? 14 : 7).prefix { $0.isLetter || $0.isNumber }
                    sources[String(suite), default: ""] += text
                }
            }
        }
        var named = 0
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            // A row checked by a JavaScript test names it as node test `name` (`folder`): the folder's .mjs files
            // must declare test("name…") — a name ending in … is a prefix.
            if let cell = cells.last, cell.hasPrefix("node test ") {
                let quoted = cell.split(separator: "`", omittingEmptySubsequences: false)
                guard quoted.count >= 4 else { Issue.record("not node test `name` (`folder`): \(cell)"); continue }
                var name = String(quoted[1])
                let folder = root.appendingPathComponent(String(quoted[3]))
                if name.hasSuffix("…") { name = String(name.dropLast()) }
                let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mjs") }
                let texts = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
                #expect(texts.contains { $0.contains("test(\"" + name) }, "node test \(name) does not exist in \(quoted[3])")
                named += 1
                continue
            }
            let tests = try #require(cells.last).split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            #expect(!tests.isEmpty && !tests[0].isEmpty, "\(row)")
            for cell in tests {
                // `Suite.test` may be followed by the package it lives in: `Suite.test` (Integrations/Vapor).
                let t = cell.prefix { $0 != "`" && $0 != " " }
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
