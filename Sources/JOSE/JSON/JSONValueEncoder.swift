/// Encodes any `Encodable` into a ``JSONValue`` tree or compact JSON bytes, without Foundation: the twin of
/// ``JSONValueDecoder``, and what ``JWTSigner`` uses for claims.
///
/// - Object members appear in the order the value encodes them (synthesised `Codable`: declaration order).
///   Encoding the same key twice replaces the first value in its place (so a member is never written twice).
/// - `encodeIfPresent` of `nil` (what synthesised `Codable` does for optional properties) omits the member;
///   `encodeNil` writes `null`.
/// - Integers are exact: every `Int`/`UInt` width, including `UInt64` values above `Int64.max` (kept as their
///   decimal literal). `Double`/`Float` are written in their shortest round-trip form
///   (``JSONSerializer/numberText(_:)``); NaN and ±∞ are refused.
/// - Foundation's `Date` is refused: its `Codable` form is seconds since 2001, not a NumericDate (RFC 7519 §2
///   counts from 1970). Encode `date.timeIntervalSince1970` (or an integer) instead.
/// - ``JSONValue`` and ``JSONObject`` values are inserted as they are.
///
/// Errors are the standard library's `EncodingError` (as the decoder's are `DecodingError`); ``JWTSigner`` wraps
/// them in ``JWTError``. Strings are checked when the tree is serialised (``JSONSerializer``).
public struct JSONValueEncoder: Sendable {
    /// Values handed to `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    public init() {}

    /// The value as a ``JSONValue`` tree.
    public func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = EncodingSlot()
        let encoder = TreeEncoder(slot: root, codingPath: [], userInfo: userInfo)
        try encoder.encodeAny(value)
        guard let v = root.finish() else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(T.self) encoded no value"))
        }
        return v
    }

    /// The value as compact JSON bytes (see ``JSONSerializer``).
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let tree = try encodeValue(value)
        do { return try JSONSerializer.serialize(tree) } catch let e as JWTError {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: e.reason))
        }
    }
}

/// One node of the tree under construction. Containers hand out slots to their children, which fill them in later
/// (an `Encodable` may return a container and keep writing into it), so nodes are references until `finish()`.
final class EncodingSlot {
    enum State {
        case empty
        case value(JSONValue)
        case object(names: [String], slots: [EncodingSlot])
        case array([EncodingSlot])
    }
    var state: State = .empty

    /// The finished value; `nil` if nothing was encoded into this slot.
    func finish() -> JSONValue? {
        switch state {
        case .empty: return nil
        case .value(let v): return v
        case .object(let names, let slots):
            var members: [JSONObject.Member] = []
            members.reserveCapacity(names.count)
            for (n, s) in zip(names, slots) {
                // A member whose value encoded nothing (an empty `encode(to:)`) is written as an empty object,
                // as Foundation's JSONEncoder does.
                members.append(JSONObject.Member(name: n, value: s.finish() ?? .object(JSONObject())))
            }
            return .object(JSONObject(members: members))
        case .array(let slots):
            return .array(slots.map { $0.finish() ?? .object(JSONObject()) })
        }
    }

    /// The slot for member `name` of this object (created, or the existing one emptied for re-encoding).
    func member(_ name: String) -> EncodingSlot {
        guard case .object(var names, var slots) = state else {
            let s = EncodingSlot()
            state = .object(names: [name], slots: [s])
            return s
        }
        if let i = names.firstIndex(where: { sameBytes($0, name) }) {
            slots[i].state = .empty
            return slots[i]
        }
        let s = EncodingSlot()
        state = .empty  // drop the references before mutating, so the arrays are not copied
        names.append(name)
        slots.append(s)
        state = .object(names: names, slots: slots)
        return s
    }

    func appendElement() -> EncodingSlot {
        let s = EncodingSlot()
        guard case .array(var slots) = state else {
            state = .array([s])
            return s
        }
        state = .empty
        slots.append(s)
        state = .array(slots)
        return s
    }

    var elementCount: Int {
        switch state {
        case .array(let s): return s.count
        case .object(let n, _): return n.count
        default: return 0
        }
    }
}

struct TreeEncoder: Encoder {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    let userInfoStore: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { userInfoStore }

    init(slot: EncodingSlot, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.slot = slot
        self.codingPath = codingPath
        self.userInfoStore = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.state {} else { slot.state = .object(names: [], slots: []) }
        return KeyedEncodingContainer(KeyedTreeEncoder<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.state {} else { slot.state = .array([]) }
        return UnkeyedTreeEncoder(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleTreeEncoder(encoder: self) }

    func child(_ s: EncodingSlot, _ key: any CodingKey) -> TreeEncoder {
        TreeEncoder(slot: s, codingPath: codingPath + [key], userInfo: userInfoStore)
    }

    // MARK: scalars

    func put(_ v: JSONValue) { slot.state = .value(v) }

    func putFloating<F: BinaryFloatingPoint & LosslessStringConvertible>(_ f: F) throws {
        guard f.isFinite else {
            throw EncodingError.invalidValue(f, .init(codingPath: codingPath, debugDescription: "\(f) has no JSON representation (RFC 8259 §6)"))
        }
        let d = Double(f)
        if d.rounded(.towardZero) == d && d.magnitude < 9_223_372_036_854_775_808 && d != 0 {
            put(.integer(Int64(d)))
        } else if d == 0 {
            put(d.sign == .minus ? .number(JSONNumber(literal: "-0.0")) : .integer(0))
        } else {
            // The type's own shortest round-trip text (a Float's "0.1", not its Double widening's digits).
            put(.number(JSONNumber(literal: f.description)))
        }
    }

    func putInteger<I: FixedWidthInteger>(_ i: I) {
        if let v = Int64(exactly: i) { put(.integer(v)) } else { put(.number(JSONNumber(literal: String(i)))) }
    }

    /// Encodes any value, inserting trees directly and refusing Foundation's `Date`.
    func encodeAny<T: Encodable>(_ value: T) throws {
        switch value {
        case let v as JSONValue: put(v)
        case let o as JSONObject: put(.object(o))
        default:
            let name = _typeName(T.self, qualified: true)
            if name == "Foundation.Date" || name == "FoundationEssentials.Date" {
                throw EncodingError.invalidValue(value, .init(
                    codingPath: codingPath,
                    debugDescription: "Date encodes as seconds since 2001; a NumericDate counts from 1970: encode timeIntervalSince1970"))
            }
            try value.encode(to: self)
        }
    }
}

struct KeyedTreeEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func child(_ key: Key) -> TreeEncoder { encoder.child(encoder.slot.member(key.stringValue), key) }

    mutating func encodeNil(forKey key: Key) throws { child(key).put(.null) }
    mutating func encode(_ v: Bool, forKey key: Key) throws { child(key).put(.bool(v)) }
    mutating func encode(_ v: String, forKey key: Key) throws { child(key).put(.string(v)) }
    mutating func encode(_ v: Double, forKey key: Key) throws { try child(key).putFloating(v) }
    mutating func encode(_ v: Float, forKey key: Key) throws { try child(key).putFloating(v) }
    mutating func encode(_ v: Int, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode(_ v: Int8, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode(_ v: Int16, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode(_ v: Int32, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode(_ v: Int64, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode(_ v: UInt, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode(_ v: UInt8, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode(_ v: UInt16, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode(_ v: UInt32, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode(_ v: UInt64, forKey key: Key) throws { child(key).putInteger(v) }
    mutating func encode<T: Encodable>(_ v: T, forKey key: Key) throws { try child(key).encodeAny(v) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        child(key).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        child(key).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        let key = AnyCodingKey(stringValue: "super")
        return encoder.child(encoder.slot.member(key.stringValue), key)
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
}

struct UnkeyedTreeEncoder: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.slot.elementCount }

    func next() -> TreeEncoder {
        let index = encoder.slot.elementCount
        return encoder.child(encoder.slot.appendElement(), AnyCodingKey(intValue: index))
    }

    mutating func encodeNil() throws { next().put(.null) }
    mutating func encode(_ v: Bool) throws { next().put(.bool(v)) }
    mutating func encode(_ v: String) throws { next().put(.string(v)) }
    mutating func encode(_ v: Double) throws { try next().putFloating(v) }
    mutating func encode(_ v: Float) throws { try next().putFloating(v) }
    mutating func encode(_ v: Int) throws { next().putInteger(v) }
    mutating func encode(_ v: Int8) throws { next().putInteger(v) }
    mutating func encode(_ v: Int16) throws { next().putInteger(v) }
    mutating func encode(_ v: Int32) throws { next().putInteger(v) }
    mutating func encode(_ v: Int64) throws { next().putInteger(v) }
    mutating func encode(_ v: UInt) throws { next().putInteger(v) }
    mutating func encode(_ v: UInt8) throws { next().putInteger(v) }
    mutating func encode(_ v: UInt16) throws { next().putInteger(v) }
    mutating func encode(_ v: UInt32) throws { next().putInteger(v) }
    mutating func encode(_ v: UInt64) throws { next().putInteger(v) }
    mutating func encode<T: Encodable>(_ v: T) throws { try next().encodeAny(v) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}

struct SingleTreeEncoder: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.put(.null) }
    mutating func encode(_ v: Bool) throws { encoder.put(.bool(v)) }
    mutating func encode(_ v: String) throws { encoder.put(.string(v)) }
    mutating func encode(_ v: Double) throws { try encoder.putFloating(v) }
    mutating func encode(_ v: Float) throws { try encoder.putFloating(v) }
    mutating func encode(_ v: Int) throws { encoder.putInteger(v) }
    mutating func encode(_ v: Int8) throws { encoder.putInteger(v) }
    mutating func encode(_ v: Int16) throws { encoder.putInteger(v) }
    mutating func encode(_ v: Int32) throws { encoder.putInteger(v) }
    mutating func encode(_ v: Int64) throws { encoder.putInteger(v) }
    mutating func encode(_ v: UInt) throws { encoder.putInteger(v) }
    mutating func encode(_ v: UInt8) throws { encoder.putInteger(v) }
    mutating func encode(_ v: UInt16) throws { encoder.putInteger(v) }
    mutating func encode(_ v: UInt32) throws { encoder.putInteger(v) }
    mutating func encode(_ v: UInt64) throws { encoder.putInteger(v) }
    mutating func encode<T: Encodable>(_ v: T) throws { try encoder.encodeAny(v) }
}

extension JSONValue: Encodable {
    /// Encodes the value with any encoder (``JSONValueEncoder`` inserts the tree as it is). With other encoders a
    /// ``number(_:)`` literal is encoded as the nearest `Double`.
    public func encode(to encoder: any Encoder) throws {
        if let t = encoder as? TreeEncoder { t.put(self); return }
        switch self {
        case .null:
            var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer(); try c.encode(b)
        case .integer(let i):
            var c = encoder.singleValueContainer(); try c.encode(i)
        case .number(let n):
            guard let d = n.doubleValue else {
                throw EncodingError.invalidValue(n.literal, .init(codingPath: encoder.codingPath, debugDescription: "number out of the Double range"))
            }
            var c = encoder.singleValueContainer(); try c.encode(d)
        case .string(let s):
            var c = encoder.singleValueContainer(); try c.encode(s)
        case .array(let a):
            var c = encoder.unkeyedContainer()
            for e in a { try c.encode(e) }
        case .object(let o):
            try o.encode(to: encoder)
        }
    }
}

extension JSONObject: Encodable {
    /// Encodes the members in order (``JSONValueEncoder`` inserts the object as it is).
    public func encode(to encoder: any Encoder) throws {
        if let t = encoder as? TreeEncoder { t.put(.object(self)); return }
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        for m in members { try c.encode(m.value, forKey: AnyCodingKey(stringValue: m.name)) }
    }
}
