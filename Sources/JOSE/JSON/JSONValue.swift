/// A JSON value as the strict parser (``JSONValue/init(parsing:limits:)-(String,_)``) produced it.
///
/// Numbers are kept exact: an integer literal that fits `Int64` is ``integer(_:)``; any other number (a
/// fraction, an exponent, or an integer too large for `Int64`) is ``number(_:)`` holding the literal text.
/// Objects keep their members in document order; names are unique (duplicates are a parse error).
public enum JSONValue: Sendable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The object, if this is an object.
    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    /// The array, if this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The boolean, if this is `true` or `false`.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The integer, if this is an integer literal that fits `Int64`.
    public var int64Value: Int64? { if case .integer(let i) = self { return i } else { return nil } }
    /// The number as a `Double` (integers and other numbers); `nil` for non-numbers and for numbers outside
    /// the finite `Double` range (e.g. `1e309`).
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let n): return n.doubleValue
        default: return nil
        }
    }
    /// Member lookup when this is an object (names compared byte for byte).
    public subscript(_ name: String) -> JSONValue? { objectValue?[name] }

    /// Compact JSON text for this value (members in document order, strings escaped minimally).
    public var description: String {
        var out = [UInt8]()
        JSONWriter.write(self, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The name of this value's JSON type, for error messages: `null`, `boolean`, `number` (integers and other
    /// numbers alike), `string`, `array` or `object`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// A JSON number that is not an `Int64` integer, kept as its exact literal text (RFC 8259 §6).
public struct JSONNumber: Sendable, Equatable, CustomStringConvertible {
    /// The literal as it appeared in the document (already validated against the RFC 8259 grammar).
    public let literal: String
    public init(literal: String) { self.literal = literal }
    /// The nearest `Double`, or `nil` when the value is outside the finite range (e.g. `1e309`).
    public var doubleValue: Double? {
        guard let d = Double(literal), d.isFinite else { return nil }
        return d
    }
    public var description: String { literal }
}

/// A JSON object: members in document order, names unique. Lookup compares names as UTF-8 bytes
/// (never Swift's canonical-equivalence `String ==`).
public struct JSONObject: Sendable, Equatable, Sequence, CustomStringConvertible {
    public struct Member: Sendable, Equatable {
        public let name: String
        public let value: JSONValue
        public init(name: String, value: JSONValue) { self.name = name; self.value = value }
        public static func == (a: Member, b: Member) -> Bool { sameBytes(a.name, b.name) && a.value == b.value }
    }

    /// The members in document order.
    public private(set) var members: [Member]

    public init() { members = [] }
    init(members: [Member]) { self.members = members }

    /// Builds an object from name/value pairs; throws ``JWTError/Code/duplicateMember`` on a repeated name.
    public init(_ pairs: [(String, JSONValue)]) throws(JWTError) {
        members = []
        for (k, v) in pairs {
            if self[k] != nil { throw JWTError.make(.duplicateMember, "duplicate member \(quoted(k))") }
            members.append(Member(name: k, value: v))
        }
    }

    public var count: Int { members.count }
    public var names: [String] { members.map { $0.name } }

    /// The value of the member with this name (byte-wise comparison), or `nil`.
    public subscript(_ name: String) -> JSONValue? {
        for m in members where sameBytes(m.name, name) { return m.value }
        return nil
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    public var description: String { JSONValue.object(self).description }

    /// Order-insensitive equality (same names, same values).
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.count == b.count else { return false }
        for m in a.members { guard let v = b[m.name], v == m.value else { return false } }
        return true
    }
}

/// Byte-wise string equality: the UTF-8 encodings are identical. Used for every security-relevant comparison
/// (`iss`, `aud`, `sub`, `nonce`, `kid`, `typ`, member names), never `String ==`, which treats canonically
/// equivalent strings (`"e\u{301}"` and `"é"`) as equal.
@inlinable
func sameBytes(_ a: String, _ b: String) -> Bool {
    let x = a.utf8, y = b.utf8
    guard x.count == y.count else { return false }
    if let r = x.withContiguousStorageIfAvailable({ p in
        y.withContiguousStorageIfAvailable { q in p.count == 0 || memEqual(p.baseAddress!, q.baseAddress!, p.count) }
    }), let equal = r {
        return equal
    }
    return x.elementsEqual(y)
}

@inlinable
func memEqual(_ x: UnsafePointer<UInt8>, _ y: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var i = 0
    while i < n { if x[i] != y[i] { return false }; i &+= 1 }
    return true
}

/// Serialises ``JSONValue`` trees (used for descriptions, the CLI and RFC 7638 canonical forms).
enum JSONWriter {
    static func write(_ v: JSONValue, into out: inout [UInt8]) {
        switch v {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .integer(let i): out += Array(String(i).utf8)
        case .number(let n): out += Array(n.literal.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (i, e) in a.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(e, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            for (i, m) in o.members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(m.name, into: &out)
                out.append(UInt8(ascii: ":"))
                write(m.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// RFC 8259 §7 with the minimal escaping RFC 7638 §3.3 asks for.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        let hexDigits = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                out += Array("\\u00".utf8)
                out.append(hexDigits[Int(b >> 4)]); out.append(hexDigits[Int(b & 15)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
