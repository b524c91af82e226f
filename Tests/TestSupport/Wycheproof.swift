import Foundation

/// A Wycheproof vector file (`testvectors_v1` and the older v0 layout).
///
/// The loader checks that the number of tests found equals the file's own `numberOfTests`,
/// so a file that is truncated or mis-read fails loudly instead of running nothing.
public struct WycheproofFile: @unchecked Sendable {
    public let name: String
    public let algorithm: String
    public let numberOfTests: Int
    /// Flag name → description (from the file's `notes`).
    public let notes: [String: String]
    public let groups: [WycheproofGroup]

    /// Every test of every group, in file order.
    public var cases: [(group: WycheproofGroup, test: WycheproofTest)] {
        groups.flatMap { g in g.tests.map { (g, $0) } }
    }

    public static func load(_ relative: String) throws -> WycheproofFile {
        let data = Data(try Vectors.bytes(relative))
        guard let top = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw VectorError.malformed(relative, "top level is not an object")
        }
        guard let groupsRaw = top["testGroups"] as? [[String: Any]], !groupsRaw.isEmpty else {
            throw VectorError.malformed(relative, "no testGroups")
        }
        var notes: [String: String] = [:]
        if let n = top["notes"] as? [String: Any] {
            for (k, v) in n {
                if let s = v as? String { notes[k] = s }
                else if let o = v as? [String: Any] { notes[k] = (o["description"] as? String) ?? "" }
            }
        }
        let groups = try groupsRaw.map { try WycheproofGroup(raw: $0, file: relative) }
        let count = groups.reduce(0) { $0 + $1.tests.count }
        let declared = (top["numberOfTests"] as? Int) ?? -1
        guard count == declared, count > 0 else {
            throw VectorError.malformed(relative, "found \(count) tests, file declares \(declared)")
        }
        return WycheproofFile(
            name: relative, algorithm: (top["algorithm"] as? String) ?? "",
            numberOfTests: declared, notes: notes, groups: groups)
    }
}

public struct WycheproofGroup: @unchecked Sendable {
    /// `EcdsaVerify`, `RsassaPssVerify`, `MacTest`, …
    public let type: String
    /// The whole group object, for fields a test needs that have no accessor here.
    public let raw: [String: Any]
    public let tests: [WycheproofTest]

    init(raw: [String: Any], file: String) throws {
        self.raw = raw
        self.type = (raw["type"] as? String) ?? ""
        guard let t = raw["tests"] as? [[String: Any]] else {
            throw VectorError.malformed(file, "group without tests")
        }
        self.tests = try t.map { try WycheproofTest(raw: $0, file: file) }
    }

    public func string(_ key: String) -> String? { raw[key] as? String }
    public func int(_ key: String) -> Int? { raw[key] as? Int }
    public func hex(_ key: String) -> [UInt8]? { (raw[key] as? String).map { TestSupport.hex($0) } }
    public func object(_ key: String) -> [String: Any]? { raw[key] as? [String: Any] }
    /// A nested member as JSON text (e.g. a `publicKeyJwk` or `private` JWK), keys sorted.
    public func json(_ key: String) -> String? {
        guard let v = raw[key], JSONSerialization.isValidJSONObject(v),
              let d = try? JSONSerialization.data(withJSONObject: v, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: d, as: UTF8.self)
    }
    /// A hex member of the nested `publicKey` object (e.g. `uncompressed`, `wx`, `modulus`).
    public func publicKeyHex(_ key: String) -> [UInt8]? {
        ((raw["publicKey"] as? [String: Any])?[key] as? String).map { TestSupport.hex($0) }
    }
}

public struct WycheproofTest: @unchecked Sendable {
    public enum Result: String, Sendable { case valid, invalid, acceptable }

    public let tcId: Int
    public let comment: String
    public let flags: [String]
    public let result: Result
    public let raw: [String: Any]

    init(raw: [String: Any], file: String) throws {
        guard let id = raw["tcId"] as? Int,
              let r = (raw["result"] as? String).flatMap(Result.init(rawValue:))
        else { throw VectorError.malformed(file, "test without tcId/result") }
        self.tcId = id
        self.result = r
        self.comment = (raw["comment"] as? String) ?? ""
        self.flags = (raw["flags"] as? [String]) ?? []
        self.raw = raw
    }

    public func string(_ key: String) -> String? { raw[key] as? String }
    /// A hex member (`msg`, `sig`, `tag`, `key`, …); an absent member is the empty string.
    public func hex(_ key: String) -> [UInt8] { TestSupport.hex((raw[key] as? String) ?? "") }
    /// "file #tcId comment [flags]" for failure messages.
    public func label(_ file: String) -> String {
        "\(file) #\(tcId) \(comment) \(flags)"
    }
}

/// The policy for Wycheproof "acceptable" results, in the style of Go's `wycheproof.ShouldPass`:
/// an acceptable case is expected to pass only if every one of its flags maps to `true`. A flag that
/// is not in the map is a test failure (returned as `nil`), so a new flag cannot slip through unread.
public func wycheproofShouldPass(_ test: WycheproofTest, acceptableFlags: [String: Bool]) -> Bool? {
    switch test.result {
    case .valid: return true
    case .invalid: return false
    case .acceptable:
        for f in test.flags {
            guard let pass = acceptableFlags[f] else { return nil }
            if !pass { return false }
        }
        return true
    }
}
