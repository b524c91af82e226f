/// A date field: milliseconds since 1970-01-01T00:00:00Z as Apple sends them, kept as `Int64`.
///
/// The App Store writes whole milliseconds; Xcode's StoreKit testing writes fractions
/// (`1697679936049.7297`), which are rounded down to the millisecond (the unit Apple documents). Anything else — a
/// string, a number outside ±2⁶³ — is a `DecodingError`. A missing member or `null` is `nil`.
@propertyWrapper
public struct Milliseconds: Hashable, Sendable, Decodable {
    public var wrappedValue: Int64?
    public init(wrappedValue: Int64?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { wrappedValue = nil; return }
        if let whole = try? c.decode(Int64.self) { wrappedValue = whole; return }
        let number = try c.decode(Double.self)
        let floored = number.rounded(.down)
        guard floored.isFinite, floored >= -9.2e18, floored <= 9.2e18 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a date of \(number) ms is out of range"))
        }
        wrappedValue = Int64(floored)
    }
}

extension KeyedDecodingContainer {
    /// A missing member is `nil`, as for any optional field.
    public func decode(_ type: Milliseconds.Type, forKey key: Key) throws -> Milliseconds {
        try decodeIfPresent(type, forKey: key) ?? Milliseconds(wrappedValue: nil)
    }
}
