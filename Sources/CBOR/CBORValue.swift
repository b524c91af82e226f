/// One CBOR data item (RFC 8949 §3), as the strict decoder returns it and the encoder writes it.
///
/// Integers keep CBOR's two major types: `.unsigned(n)` is n, `.negative(n)` is −1 − n, so the whole range
/// −2⁶⁴ … 2⁶⁴ − 1 is exact. Maps keep their pairs in order (decoded maps never hold a key twice).
public indirect enum CBORValue: Hashable, Sendable {
    /// Major type 0: the unsigned integer n.
    case unsigned(UInt64)
    /// Major type 1: the negative integer −1 − n.
    case negative(UInt64)
    /// Major type 2: a byte string.
    case bytes([UInt8])
    /// Major type 3: a text string (valid UTF-8).
    case text(String)
    /// Major type 4: an array.
    case array([CBORValue])
    /// Major type 5: a map, its pairs in order.
    case map([Pair])
    /// Major type 6: a tagged item.
    case tag(UInt64, CBORValue)
    /// Major type 7: a simple value other than false, true, null and undefined (0…19, 32…255).
    case simple(UInt8)
    /// `false` (0xf4) or `true` (0xf5).
    case bool(Bool)
    /// `null` (0xf6).
    case null
    /// `undefined` (0xf7).
    case undefined
    /// A half-, single- or double-precision float, as a `Double` (every half and single value is exact).
    case float(Double)

    /// One key/value pair of a map.
    public struct Pair: Hashable, Sendable {
        public var key: CBORValue
        public var value: CBORValue
        public init(_ key: CBORValue, _ value: CBORValue) {
            self.key = key
            self.value = value
        }
    }

    /// An integer as a `.unsigned` or `.negative` value.
    public static func int(_ v: Int64) -> CBORValue {
        v >= 0 ? .unsigned(UInt64(v)) : .negative(UInt64(-(v + 1)))
    }

    /// The value as an `Int64`, when it is an integer in that range.
    public var int64: Int64? {
        switch self {
        case .unsigned(let n): return n <= UInt64(Int64.max) ? Int64(n) : nil
        case .negative(let n): return n <= UInt64(Int64.max) ? -1 - Int64(n) : nil
        default: return nil
        }
    }

    /// The value of `key` in a map (nil when this is not a map or the key is absent).
    public subscript(key: CBORValue) -> CBORValue? {
        guard case .map(let pairs) = self else { return nil }
        for p in pairs where p.key == key { return p.value }
        return nil
    }
}
