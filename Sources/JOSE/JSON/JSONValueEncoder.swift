// Hosted only (Codable (existentials, untyped throws)): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
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
        do { return try JSONSerializer.serialize(tree) } catch let e {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: e.reason))
        }
    }
}

/// One node of the tree under construction. Containers hand out slots to their nested containers, which fill them
/// in later (an `Encodable` may hold a container and keep writing into it), so nodes are references until
/// `finish()`. Scalars go straight into their parent's entries without a slot of their own.
final class EncodingSlot {
    enum Entry {
        case value(JSONValue)
        case slot(EncodingSlot)
    }
    enum Kind { case empty, value, object, array }
    var kind: Kind = .empty
    var value: JSONValue = .null
    /// Object member names (kind == .object), parallel to `entries`.
    var names: [String] = []
    /// A cheap fingerprint of each name (byte count and first seven bytes), so the search for a repeated name
    /// compares integers and only confirms a match byte for byte.
    var fingerprints: [UInt64] = []
    /// Object member values or array elements.
    var entries: [Entry] = []

    func setValue(_ v: JSONValue) {
        kind = .value
        value = v
        if !names.isEmpty { names = []; fingerprints = [] }
        if !entries.isEmpty { entries = [] }
    }

    func makeObject() {
        if kind != .object { kind = .object; names = []; fingerprints = []; entries = [] }
    }

    func makeArray() {
        if kind != .array { kind = .array; names = []; fingerprints = []; entries = [] }
    }

    @inline(__always)
    static func fingerprint(_ name: String) -> UInt64 {
        var f = UInt64(truncatingIfNeeded: name.utf8.count) << 56
        var shift: UInt64 = 48
        for b in name.utf8.prefix(7) {
            f |= UInt64(b) << shift
            shift &-= 8
        }
        return f
    }

    /// The finished value; `nil` if nothing was encoded into this slot.
    func finish() -> JSONValue? {
        switch kind {
        case .empty: return nil
        case .value: return value
        case .object:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(names.count)
            for i in 0..<names.count {
                members.append(JSONObject.Member(name: names[i], value: EncodingSlot.finish(entries[i])))
            }
            return .object(JSONObject(members: members))
        case .array:
            return .array(entries.map(EncodingSlot.finish))
        }
    }

    /// A member or element that encoded nothing (an empty `encode(to:)`) is written as an empty object, as
    /// Foundation's JSONEncoder does.
    static func finish(_ e: Entry) -> JSONValue {
        switch e {
        case .value(let v): return v
        case .slot(let s): return s.finish() ?? .object(JSONObject())
        }
    }

    /// Index of member `name`, appending a placeholder when it is new (a repeated name keeps its position).
    func memberIndex(_ name: String) -> Int {
        makeObject()
        let f = EncodingSlot.fingerprint(name)
        var i = 0
        while i < fingerprints.count {
            if fingerprints[i] == f && sameBytes(names[i], name) { return i }
            i &+= 1
        }
        names.append(name)
        fingerprints.append(f)
        entries.append(.value(.null))
        return names.count - 1
    }

    func setMember(_ name: String, _ v: JSONValue) { entries[memberIndex(name)] = .value(v) }

    func memberSlot(_ name: String) -> EncodingSlot {
        let s = EncodingSlot()
        entries[memberIndex(name)] = .slot(s)
        return s
    }

    func appendValue(_ v: JSONValue) {
        makeArray()
        entries.append(.value(v))
    }

    func appendSlot() -> EncodingSlot {
        makeArray()
        let s = EncodingSlot()
        entries.append(.slot(s))
        return s
    }

    var elementCount: Int { kind == .array || kind == .object ? entries.count : 0 }
}

/// Numbers as the strict parser represents them.
enum EncodedNumber {
    static func floating<F: BinaryFloatingPoint & LosslessStringConvertible>(_ f: F, _ path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard f.isFinite else {
            throw EncodingError.invalidValue(f, .init(codingPath: path(), debugDescription: "\(f) has no JSON representation (RFC 8259 §6)"))
        }
        let d = Double(f)
        if d == 0 { return d.sign == .minus ? .number(JSONNumber(literal: "-0.0")) : .integer(0) }
        if d.rounded(.towardZero) == d && d.magnitude < 9_223_372_036_854_775_808 { return .integer(Int64(d)) }
        // The type's own shortest round-trip text (a Float's "0.1", not its Double widening's digits).
        return .number(JSONNumber(literal: f.description))
    }

    @inline(__always)
    static func integer<I: FixedWidthInteger>(_ i: I) -> JSONValue {
        if let v = Int64(exactly: i) { return .integer(v) }
        return .number(JSONNumber(literal: String(i)))
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
        slot.makeObject()
        return KeyedEncodingContainer(KeyedTreeEncoder<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return UnkeyedTreeEncoder(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleTreeEncoder(encoder: self) }

    func child(_ s: EncodingSlot, _ key: any CodingKey) -> TreeEncoder {
        TreeEncoder(slot: s, codingPath: codingPath + [key], userInfo: userInfoStore)
    }

    // MARK: scalars

    func put(_ v: JSONValue) { slot.setValue(v) }
    func putFloating<F: BinaryFloatingPoint & LosslessStringConvertible>(_ f: F) throws { put(try EncodedNumber.floating(f, codingPath)) }
    func putInteger<I: FixedWidthInteger>(_ i: I) { put(EncodedNumber.integer(i)) }

    /// A value that is a JSON tree already, or nil.
    @inline(__always)
    static func tree<T>(_ value: T) -> JSONValue? {
        if T.self == JSONValue.self { return (value as! JSONValue) }
        if T.self == JSONObject.self { return .object(value as! JSONObject) }
        return nil
    }

    /// Encodes any value, inserting trees directly and refusing Foundation's `Date`.
    func encodeAny<T: Encodable>(_ value: T) throws {
        if let v = TreeEncoder.tree(value) { put(v); return }
        // Date is one Double: only types of that size pay for the name check.
        if MemoryLayout<T>.size == 8 {
            let name = _typeName(T.self, qualified: true)
            if name == "Foundation.Date" || name == "FoundationEssentials.Date" {
                throw EncodingError.invalidValue(value, .init(
                    codingPath: codingPath,
                    debugDescription: "Date encodes as seconds since 2001; a NumericDate counts from 1970: encode timeIntervalSince1970"))
            }
        }
        try value.encode(to: self)
    }
}

struct KeyedTreeEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func child(_ key: Key) -> TreeEncoder { encoder.child(encoder.slot.memberSlot(key.stringValue), key) }
    @inline(__always) func set(_ key: Key, _ v: JSONValue) { encoder.slot.setMember(key.stringValue, v) }

    mutating func encodeNil(forKey key: Key) throws { set(key, .null) }
    mutating func encode(_ v: Bool, forKey key: Key) throws { set(key, .bool(v)) }
    mutating func encode(_ v: String, forKey key: Key) throws { set(key, .string(v)) }
    mutating func encode(_ v: Double, forKey key: Key) throws { set(key, try EncodedNumber.floating(v, codingPath + [key])) }
    mutating func encode(_ v: Float, forKey key: Key) throws { set(key, try EncodedNumber.floating(v, codingPath + [key])) }
    mutating func encode(_ v: Int, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode(_ v: Int8, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode(_ v: Int16, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode(_ v: Int32, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode(_ v: Int64, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt8, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt16, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt32, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt64, forKey key: Key) throws { set(key, EncodedNumber.integer(v)) }
    mutating func encode<T: Encodable>(_ v: T, forKey key: Key) throws {
        if let tree = TreeEncoder.tree(v) { set(key, tree) } else { try child(key).encodeAny(v) }
    }

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
        return encoder.child(encoder.slot.memberSlot(key.stringValue), key)
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
}

struct UnkeyedTreeEncoder: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.slot.elementCount }

    func next() -> TreeEncoder {
        let index = encoder.slot.elementCount
        return encoder.child(encoder.slot.appendSlot(), AnyCodingKey(intValue: index))
    }
    @inline(__always) func add(_ v: JSONValue) { encoder.slot.appendValue(v) }
    var nextPath: [any CodingKey] { codingPath + [AnyCodingKey(intValue: count)] }

    mutating func encodeNil() throws { add(.null) }
    mutating func encode(_ v: Bool) throws { add(.bool(v)) }
    mutating func encode(_ v: String) throws { add(.string(v)) }
    mutating func encode(_ v: Double) throws { add(try EncodedNumber.floating(v, nextPath)) }
    mutating func encode(_ v: Float) throws { add(try EncodedNumber.floating(v, nextPath)) }
    mutating func encode(_ v: Int) throws { add(EncodedNumber.integer(v)) }
    mutating func encode(_ v: Int8) throws { add(EncodedNumber.integer(v)) }
    mutating func encode(_ v: Int16) throws { add(EncodedNumber.integer(v)) }
    mutating func encode(_ v: Int32) throws { add(EncodedNumber.integer(v)) }
    mutating func encode(_ v: Int64) throws { add(EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt) throws { add(EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt8) throws { add(EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt16) throws { add(EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt32) throws { add(EncodedNumber.integer(v)) }
    mutating func encode(_ v: UInt64) throws { add(EncodedNumber.integer(v)) }
    mutating func encode<T: Encodable>(_ v: T) throws {
        if let tree = TreeEncoder.tree(v) { add(tree) } else { try next().encodeAny(v) }
    }

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
#endif  // !hasFeature(Embedded)
