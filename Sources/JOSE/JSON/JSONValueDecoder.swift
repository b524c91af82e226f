// Hosted only (Codable (existentials, untyped throws)): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
/// Decodes any `Decodable` type from a ``JSONValue`` tree (no Foundation).
///
/// Integers decode into any fixed-width integer type when they fit; `Double`/`Float` accept any finite number;
/// `String`, `Bool` and `nil` map one to one. Keys are matched as UTF-8 bytes. Errors are the standard library's
/// `DecodingError`; ``VerifiedJWT/decode(_:)`` wraps them in ``JWTError`` (`decodingFailed`).
public struct JSONValueDecoder: Sendable {
    /// Values handed to `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    public init() {}

    /// Decodes `type` from a parsed value.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: TreeDecoder(value: value, codingPath: [], userInfo: userInfo))
    }

    /// Parses strict JSON bytes, then decodes `type` from them.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], limits: JSONLimits = .default) throws -> T {
        try decode(type, from: try JSONValue(parsing: bytes, limits: limits))
    }
}

extension JSONValue {
    /// Decodes a `Decodable` type from this value. See ``JSONValueDecoder``.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONValueDecoder().decode(type, from: self)
    }
}

struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let userInfoStore: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { userInfoStore }

    init(value: JSONValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.value = value
        self.codingPath = codingPath
        self.userInfoStore = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let o) = value else {
            throw DecodingError.typeMismatch(
                [String: Any].self, .init(codingPath: codingPath, debugDescription: "expected an object, found \(value.typeName)"))
        }
        return KeyedDecodingContainer(KeyedTree<Key>(object: o, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let a) = value else {
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: codingPath, debugDescription: "expected an array, found \(value.typeName)"))
        }
        return UnkeyedTree(items: a, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleTree(decoder: self) }

    func child(_ v: JSONValue, _ key: any CodingKey) -> TreeDecoder {
        TreeDecoder(value: v, codingPath: codingPath + [key], userInfo: userInfoStore)
    }

    // MARK: scalar conversions

    func mismatch<T>(_ t: T.Type) -> DecodingError {
        .typeMismatch(t, .init(codingPath: codingPath, debugDescription: "expected \(t), found \(value.typeName)"))
    }

    func decodeNil() -> Bool { value == .null }

    func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(Bool.self) }
        return b
    }

    func string() throws -> String {
        guard case .string(let s) = value else { throw mismatch(String.self) }
        return s
    }

    func double() throws -> Double {
        switch value {
        case .integer(let i): return Double(i)
        case .number(let n):
            guard let d = n.doubleValue else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "number \(quoted(n.literal, max: 24)) out of range"))
            }
            return d
        default: throw mismatch(Double.self)
        }
    }

    func integer<I: FixedWidthInteger>(_ t: I.Type) throws -> I {
        switch value {
        case .integer(let i):
            guard let v = I(exactly: i) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(i) does not fit \(t)"))
            }
            return v
        case .number(let n):
            // Integers beyond Int64 (e.g. a UInt64 near its maximum) are kept as literals.
            guard let v = I(n.literal) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(quoted(n.literal, max: 24)) is not a \(t)"))
            }
            return v
        default: throw mismatch(t)
        }
    }

    func decode<T: Decodable>(_ t: T.Type) throws -> T {
        switch t {
        case is JSONValue.Type: return value as! T
        case is JSONObject.Type:
            guard case .object(let o) = value else { throw mismatch(t) }
            return o as! T
        default: return try T(from: self)
        }
    }
}

struct KeyedTree<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.name) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func child(_ key: Key) throws -> TreeDecoder {
        guard let v = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \(quoted(key.stringValue))"))
        }
        return decoder.child(v, key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode(_ t: Bool.Type, forKey key: Key) throws -> Bool { try child(key).bool() }
    func decode(_ t: String.Type, forKey key: Key) throws -> String { try child(key).string() }
    func decode(_ t: Double.Type, forKey key: Key) throws -> Double { try child(key).double() }
    func decode(_ t: Float.Type, forKey key: Key) throws -> Float { Float(try child(key).double()) }
    func decode(_ t: Int.Type, forKey key: Key) throws -> Int { try child(key).integer(t) }
    func decode(_ t: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).integer(t) }
    func decode(_ t: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).integer(t) }
    func decode(_ t: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).integer(t) }
    func decode(_ t: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).integer(t) }
    func decode(_ t: UInt.Type, forKey key: Key) throws -> UInt { try child(key).integer(t) }
    func decode(_ t: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).integer(t) }
    func decode(_ t: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).integer(t) }
    func decode(_ t: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).integer(t) }
    func decode(_ t: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).integer(t) }
    func decode<T: Decodable>(_ t: T.Type, forKey key: Key) throws -> T { try child(key).decode(t) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder {
        decoder.child(object["super"] ?? .null, AnyCodingKey(stringValue: "super"))
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(object[key.stringValue] ?? .null, key) }
}

struct UnkeyedTree: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let decoder: TreeDecoder
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], decoder: TreeDecoder) {
        self.items = items
        self.decoder = decoder
    }

    mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self, .init(codingPath: codingPath, debugDescription: "array has only \(items.count) elements"))
        }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], AnyCodingKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if items[currentIndex] == .null { currentIndex += 1; return true }
        return false
    }
    mutating func decode(_ t: Bool.Type) throws -> Bool { try next().bool() }
    mutating func decode(_ t: String.Type) throws -> String { try next().string() }
    mutating func decode(_ t: Double.Type) throws -> Double { try next().double() }
    mutating func decode(_ t: Float.Type) throws -> Float { Float(try next().double()) }
    mutating func decode(_ t: Int.Type) throws -> Int { try next().integer(t) }
    mutating func decode(_ t: Int8.Type) throws -> Int8 { try next().integer(t) }
    mutating func decode(_ t: Int16.Type) throws -> Int16 { try next().integer(t) }
    mutating func decode(_ t: Int32.Type) throws -> Int32 { try next().integer(t) }
    mutating func decode(_ t: Int64.Type) throws -> Int64 { try next().integer(t) }
    mutating func decode(_ t: UInt.Type) throws -> UInt { try next().integer(t) }
    mutating func decode(_ t: UInt8.Type) throws -> UInt8 { try next().integer(t) }
    mutating func decode(_ t: UInt16.Type) throws -> UInt16 { try next().integer(t) }
    mutating func decode(_ t: UInt32.Type) throws -> UInt32 { try next().integer(t) }
    mutating func decode(_ t: UInt64.Type) throws -> UInt64 { try next().integer(t) }
    mutating func decode<T: Decodable>(_ t: T.Type) throws -> T { try next().decode(t) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct SingleTree: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { decoder.decodeNil() }
    func decode(_ t: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ t: String.Type) throws -> String { try decoder.string() }
    func decode(_ t: Double.Type) throws -> Double { try decoder.double() }
    func decode(_ t: Float.Type) throws -> Float { Float(try decoder.double()) }
    func decode(_ t: Int.Type) throws -> Int { try decoder.integer(t) }
    func decode(_ t: Int8.Type) throws -> Int8 { try decoder.integer(t) }
    func decode(_ t: Int16.Type) throws -> Int16 { try decoder.integer(t) }
    func decode(_ t: Int32.Type) throws -> Int32 { try decoder.integer(t) }
    func decode(_ t: Int64.Type) throws -> Int64 { try decoder.integer(t) }
    func decode(_ t: UInt.Type) throws -> UInt { try decoder.integer(t) }
    func decode(_ t: UInt8.Type) throws -> UInt8 { try decoder.integer(t) }
    func decode(_ t: UInt16.Type) throws -> UInt16 { try decoder.integer(t) }
    func decode(_ t: UInt32.Type) throws -> UInt32 { try decoder.integer(t) }
    func decode(_ t: UInt64.Type) throws -> UInt64 { try decoder.integer(t) }
    func decode<T: Decodable>(_ t: T.Type) throws -> T { try decoder.decode(t) }
}

extension JSONValue: Decodable {
    /// Decodes an arbitrary JSON value (only from ``JSONValueDecoder``, which hands the tree over as is).
    public init(from decoder: any Decoder) throws {
        if let t = decoder as? TreeDecoder { self = t.value; return }
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "JSONValue decodes only from JSONValueDecoder"))
    }
}

extension JSONObject: Decodable {
    /// Decodes a JSON object (only from ``JSONValueDecoder``).
    public init(from decoder: any Decoder) throws {
        if let t = decoder as? TreeDecoder, case .object(let o) = t.value { self = o; return }
        throw DecodingError.typeMismatch(JSONObject.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a JSON object"))
    }
}
#endif  // !hasFeature(Embedded)
