import SharedPrimitives

// The hashing protocols of the SHA2 module, shaped like CryptoKit's so that code can move
// between the two: `SHA256.hash(data:)`, `var h = SHA512(); h.update(data:); h.finalize()`.

/// The fixed-size output of a hash function (FIPS 180-4 §6).
///
/// A digest is a value: its bytes live inline (a tuple of `UInt64`), so creating, copying and
/// comparing one never allocates. Iterating it yields its bytes in order; `description` is
/// lowercase hex; `==` runs in time that depends only on the length, never on the contents.
public protocol Digest: Sequence<UInt8>, Hashable, Sendable, CustomStringConvertible {
    /// The number of bytes in the digest.
    static var byteCount: Int { get }
    /// Calls `body` with the digest's bytes (exactly `byteCount` of them).
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R
}

extension Digest {
    /// The digest's bytes as an array.
    @inlinable
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// The number of bytes in the digest (same as `Self.byteCount`).
    @inlinable
    public var byteCount: Int { Self.byteCount }

    @inlinable
    public func makeIterator() -> Array<UInt8>.Iterator { bytes.makeIterator() }

    @inlinable
    public var underestimatedCount: Int { Self.byteCount }

    @inlinable
    public func withContiguousStorageIfAvailable<R>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R? {
        try withUnsafeBytes { raw in try body(raw.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Lowercase hexadecimal.
    public var description: String { withUnsafeBytes { Hex.encode($0) } }

    /// Compares two digests in constant time (the time depends only on the digest length).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.withUnsafeBytes { a in rhs.withUnsafeBytes { b in CT.equals(a, b) } }
    }

    /// Compares the digest with raw bytes in constant time; `false` if the lengths differ.
    @inlinable
    public static func == (lhs: Self, rhs: some Collection<UInt8>) -> Bool {
        lhs.withUnsafeBytes { a in constantTimeEquals(a, rhs) }
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// A cryptographic hash function with one-shot and streaming interfaces (FIPS 180-4).
///
/// Conforming types are small values: copying one forks the computation, which `HMAC` uses to
/// reuse a key's prepared state for many messages.
public protocol HashFunction: Sendable {
    associatedtype Digest: SHA2.Digest
    /// The size of the block the compression function consumes, in bytes (64 or 128).
    static var blockByteCount: Int { get }
    /// The size of the digest, in bytes.
    static var byteCount: Int { get }
    /// A fresh computation, loaded with the function's initial hash value.
    init()
    /// Adds bytes to the message. Contiguous inputs (`[UInt8]`, `ArraySlice`, `Data`, native
    /// `String.UTF8View`, …) are read in place; others are copied through a small chunk buffer.
    mutating func update(data: some Sequence<UInt8>)
    /// Adds the bytes of a raw buffer to the message.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// The digest of everything added so far. Does not change `self`: more bytes may still be
    /// added and `finalize()` called again.
    func finalize() -> Digest
    /// The digest of `data` in one call.
    static func hash(data: some Sequence<UInt8>) -> Digest
}

extension HashFunction {
    @inlinable
    public mutating func update(data: some Sequence<UInt8>) {
        let done: Void? = data.withContiguousStorageIfAvailable { buffer in
            self.update(bufferPointer: UnsafeRawBufferPointer(buffer))
        }
        if done == nil { _updateSlowly(self: &self, data) }
    }

    @inlinable
    public static func hash(data: some Sequence<UInt8>) -> Digest {
        var h = Self()
        h.update(data: data)
        return h.finalize()
    }

    /// The number of bytes in the digest (same as `Self.byteCount`).
    @inlinable
    public var byteCount: Int { Self.byteCount }
}

/// Feeds a sequence without contiguous storage through a fixed chunk, one `update` per chunk.
@usableFromInline
func _updateSlowly<H: HashFunction>(self h: inout H, _ data: some Sequence<UInt8>) {
    var chunk: [UInt8] = []
    chunk.reserveCapacity(1024)
    for byte in data {
        chunk.append(byte)
        if chunk.count == 1024 {
            chunk.withUnsafeBytes { h.update(bufferPointer: $0) }
            chunk.removeAll(keepingCapacity: true)
        }
    }
    if !chunk.isEmpty { chunk.withUnsafeBytes { h.update(bufferPointer: $0) } }
}

/// The storage shared by the six digest types: `byteCount` bytes in a fixed tuple of `UInt64` (no heap), with
/// bytes in and out and constant-time equality (from `Digest`). An implementation detail, public only so that the
/// digest types' `@inlinable` members can use it; not for conformance outside this module.
public protocol _InlineDigest: Digest {
    associatedtype _Storage
    var _storage: _Storage { get }
    static var _zero: _Storage { get }
    init(_storage: _Storage)
}

extension _InlineDigest {
    @usableFromInline
    init(words: _DigestBytes) {
        var s = Self._zero
        _truncate(words, into: &s, byteCount: Self.byteCount)
        self.init(_storage: s)
    }

    /// A digest from its bytes (for example, one computed elsewhere); `nil` unless there are exactly
    /// `byteCount` of them.
    public init?(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard array.count == Self.byteCount else { return nil }
        var s = Self._zero
        Swift.withUnsafeMutableBytes(of: &s) { $0.copyBytes(from: array) }
        self.init(_storage: s)
    }

    @inlinable
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try Swift.withUnsafeBytes(of: _storage) { (raw) throws(E) -> R in try body(UnsafeRawBufferPointer(rebasing: raw[0..<Self.byteCount])) }
    }
}
