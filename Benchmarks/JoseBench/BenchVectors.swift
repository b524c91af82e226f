// What the rows read from the repository at set-up. jose-bench does not link the tests' TestSupport target (a
// release build of the benchmark should compile the libraries and the benchmark, nothing else), so the two helpers
// it used from there live here: reading Vectors/ files, and the seeded generator of the ECDSA cross-check.

import Foundation

/// The repository's `Vectors/` folder, found from this file's path as the tests find it from theirs.
enum Vectors {
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // JoseBench
        .deletingLastPathComponent()   // Benchmarks
        .deletingLastPathComponent()   // <repository>
        .appendingPathComponent("Vectors").path

    struct Missing: Error, CustomStringConvertible {
        let file: String
        var description: String { "vector file missing or empty: \(file)" }
    }

    /// The bytes of a file given relative to `Vectors/`; throws if it is missing or empty.
    static func bytes(_ relative: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: root + "/" + relative), !data.isEmpty else {
            throw Missing(file: relative)
        }
        return [UInt8](data)
    }

    /// The text of a file given relative to `Vectors/` (UTF-8).
    static func text(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014), the same generator and stream as Tests/TestSupport/SplitMix64.swift: the
/// ECDSA cross-check's keys and messages. Never used for keys or nonces of the rows.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
