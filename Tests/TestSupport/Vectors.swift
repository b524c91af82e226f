import Foundation

/// Where the committed test vectors live, and small helpers to read them.
///
/// `Vectors/` is found relative to this source file (`#filePath`), so `swift test` works from any
/// clone and any working directory. Tests never read anything outside the repository.
public enum Vectors {
    /// Absolute path of the repository's `Vectors/` folder.
    public static let root: String = {
        // This file is <repo>/Tests/TestSupport/Vectors.swift.
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()  // TestSupport
        url.deleteLastPathComponent()  // Tests
        url.deleteLastPathComponent()  // <repo>
        return url.appendingPathComponent("Vectors").path
    }()

    /// Absolute path of a file given relative to `Vectors/`.
    public static func path(_ relative: String) -> String {
        root + "/" + relative
    }

    /// The bytes of a vector file. Throws if it is missing or empty.
    public static func bytes(_ relative: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path(relative)) else {
            throw VectorError.missing(relative)
        }
        guard !data.isEmpty else { throw VectorError.empty(relative) }
        return [UInt8](data)
    }

    /// The text of a vector file (UTF-8). Throws if it is missing or empty.
    public static func text(_ relative: String) throws -> String {
        let b = try bytes(relative)
        guard let s = String(bytes: b, encoding: .utf8) else { throw VectorError.malformed(relative, "not UTF-8") }
        return s
    }

    /// The names of the files in a folder under `Vectors/` (not recursive), sorted.
    public static func files(in folder: String, suffix: String = "") throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: path(folder))
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// Prints the number of cases a test ran from a vector file, in one greppable format:
    /// `[vectors] <file>: <n> cases (<detail>)`. Tests must also assert the count.
    public static func report(_ file: String, cases: Int, detail: String = "") {
        let extra = detail.isEmpty ? "" : " (\(detail))"
        print("[vectors] \(file): \(cases) cases\(extra)")
    }
}

public enum VectorError: Error, CustomStringConvertible {
    case missing(String)
    case empty(String)
    case malformed(String, String)

    public var description: String {
        switch self {
        case .missing(let f): return "vector file missing: \(f)"
        case .empty(let f): return "vector file empty: \(f)"
        case .malformed(let f, let why): return "vector file malformed: \(f): \(why)"
        }
    }
}

// MARK: - Hex

/// Decodes a hex string (upper or lower case, even length; spaces ignored). Traps on bad input:
/// vector files are trusted test data and a bad digit is a bug in the test, not a case.
public func hex(_ s: some StringProtocol) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count / 2)
    var hi: UInt8? = nil
    for c in s.utf8 {
        let v: UInt8
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): v = c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): v = c - UInt8(ascii: "A") + 10
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): continue
        default: preconditionFailure("bad hex digit \(c) in vector data")
        }
        if let h = hi { out.append(h << 4 | v); hi = nil } else { hi = v }
    }
    precondition(hi == nil, "odd-length hex in vector data")
    return out
}

extension Sequence where Element == UInt8 {
    /// Lowercase hex.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for b in self { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
