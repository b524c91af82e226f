import Foundation

/// One record of a NIST CAVP `.rsp` file (or an RFC 4231-style text file): the `Name = value`
/// lines of one blank-line-separated block, with the `[section]` header in force above it.
public struct CAVPRecord: Sendable {
    /// The text inside the last `[...]` header seen (e.g. `L = 32`, `P-256,SHA-256`, `mod = 2048`);
    /// empty before the first header.
    public let section: String
    /// Fields in file order (names keep their case: `Msg`, `MD`, `Qx`, `Result`, …).
    public let fields: [(name: String, value: String)]
    /// 1-based line number of the record's first line, for failure messages.
    public let line: Int

    public subscript(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }
    public func has(_ name: String) -> Bool { self[name] != nil }
    /// A hex field as bytes (traps if absent: use `has` first for optional fields).
    public func hex(_ name: String) -> [UInt8] {
        guard let v = self[name] else { preconditionFailure("record at line \(line) has no \(name)") }
        return TestSupport.hex(v)
    }
    /// A decimal field.
    public func int(_ name: String) -> Int? { self[name].flatMap { Int($0) } }

    /// The `Key = value` pairs of the section header (`[mod = 2048]` → `["mod": "2048"]`);
    /// a header without `=` (`[P-256,SHA-256]`) gives an empty dictionary: read `section` instead.
    public var sectionParameters: [String: String] {
        var out: [String: String] = [:]
        for part in section.split(separator: ",") {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2 {
                out[kv[0].trimmingCharacters(in: .whitespaces)] = kv[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return out
    }
}

public enum CAVP {
    /// Parses a CAVP `.rsp`-style file into records. `#` lines are comments; CRLF or LF.
    /// A header line closes the record before it, and so does a field name the record already has.
    /// Throws if the file yields no record.
    public static func load(_ relative: String) throws -> [CAVPRecord] {
        let text = try Vectors.text(relative)
        let records = parse(text)
        guard !records.isEmpty else { throw VectorError.malformed(relative, "no records") }
        return records
    }

    public static func parse(_ text: String) -> [CAVPRecord] {
        var records: [CAVPRecord] = []
        var section = ""
        var fields: [(name: String, value: String)] = []
        var start = 0
        var lineNo = 0
        func flush() {
            if !fields.isEmpty { records.append(CAVPRecord(section: section, fields: fields, line: start)) }
            fields = []
        }
        // "\r\n" is a single Character in Swift, so CRLF files need their own separator.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNo += 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { flush(); continue }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                flush()
                section = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let eq = line.firstIndex(of: "=") else { continue }
            let name = line[..<eq].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            // A name already in the record starts the next one: some files (SigVer15EMTest.txt) omit the blank
            // line between two records, and no record repeats a field.
            if fields.contains(where: { $0.name == name }) { flush() }
            if fields.isEmpty { start = lineNo }
            fields.append((name, value))
        }
        flush()
        return records
    }
}
