// Secret key material for HMAC.

/// A secret key: bytes of any length, as HMAC accepts (RFC 2104 §2).
///
/// Kept in an array; the type is `Sendable` and its `description` does not reveal the bytes.
public struct SymmetricKey: Sendable, CustomStringConvertible {
    @usableFromInline let bytes: [UInt8]

    /// A key holding a copy of `data`.
    public init(data: some Sequence<UInt8>) { bytes = Array(data) }

    /// A fresh random key of `bitCount` bits (rounded up to whole bytes) from the system's
    /// cryptographically secure generator.
    public init(bitCount: Int) {
        precondition(bitCount >= 0, "negative key size")
        var rng = SystemRandomNumberGenerator()
        bytes = (0..<(bitCount + 7) / 8).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
    }

    /// A fresh random key of a standard size (CryptoKit's spelling).
    public init(size: SymmetricKeySize) { self.init(bitCount: size.bitCount) }

    /// The key length in bytes.
    public var byteCount: Int { bytes.count }
    /// The key length in bits.
    public var bitCount: Int { bytes.count * 8 }

    /// Calls `body` with the key bytes.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        // Array's own withUnsafeBytes rethrows untyped errors; carry the typed one across it.
        let result: Result<R, E> = bytes.withUnsafeBytes { raw in
            do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// "SymmetricKey(n bytes)": never the key material.
    public var description: String { "SymmetricKey(\(bytes.count) bytes)" }
}

/// A key size in bits, for `SymmetricKey(size:)`.
public struct SymmetricKeySize: Sendable, Equatable {
    /// The size in bits.
    public let bitCount: Int
    /// A size of `bitCount` bits.
    public init(bitCount: Int) { self.bitCount = bitCount }
    /// 128 bits.
    public static let bits128 = SymmetricKeySize(bitCount: 128)
    /// 192 bits.
    public static let bits192 = SymmetricKeySize(bitCount: 192)
    /// 256 bits.
    public static let bits256 = SymmetricKeySize(bitCount: 256)
}
