import SharedPrimitives

// The hashing protocols of the SHA3 module, shaped like CryptoKit's so that code can move between the two:
// `SHA3_256.hash(data:)`, `var h = SHA3_512(); h.update(data:); h.finalize()`. They are the SHA2 module's `Digest` and
// `HashFunction` under their own names (the SHA3 module depends on ConstantTime only), so that a file importing both
// modules can still say `Digest` and `HashFunction` unambiguously.

import ConstantTime

/// The fixed-size output of a SHA-3 function (FIPS 202 §6.1).
///
/// A digest is a value: its bytes live inline (a tuple of `UInt64`), so creating, copying and comparing one never
/// allocates. Iterating it yields its bytes in order; `description` is lowercase hex; `==` runs in time that depends
/// only on the length, never on the contents.
public protocol SHA3Digest: Sequence<UInt8>, Hashable, Sendable, CustomStringConvertible {
    /// The number of bytes in the digest.
    static var byteCount: Int { get }
    /// Calls `body` with the digest's bytes (exactly `byteCount` of them).
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R
}

extension SHA3Digest {
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

/// A SHA-3 hash function with one-shot and streaming interfaces (FIPS 202 §6.1).
///
/// Conforming types are small values (a 200-byte state, no heap): copying one forks the computation.
public protocol SHA3HashFunction: Sendable {
    associatedtype Digest: SHA3Digest
    /// The rate of the sponge: the bytes absorbed per Keccak-f[1600] permutation (144, 136, 104 or 72).
    static var blockByteCount: Int { get }
    /// The size of the digest, in bytes.
    static var byteCount: Int { get }
    /// A fresh computation (the all-zero state).
    init()
    /// Adds bytes to the message. Contiguous inputs (`[UInt8]`, `ArraySlice`, `Data`, native `String.UTF8View`, …)
    /// are read in place; others are copied through a small chunk buffer.
    mutating func update(data: some Sequence<UInt8>)
    /// Adds the bytes of a raw buffer to the message.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// The digest of everything added so far. Does not change `self`: more bytes may still be added and `finalize()`
    /// called again.
    func finalize() -> Digest
    /// The digest of `data` in one call.
    static func hash(data: some Sequence<UInt8>) -> Digest
}

extension SHA3HashFunction {
    @inlinable
    public mutating func update(data: some Sequence<UInt8>) {
        let done: Void? = data.withContiguousStorageIfAvailable { buffer in
            self.update(bufferPointer: UnsafeRawBufferPointer(buffer))
        }
        if done == nil { _forEachChunk(of: data) { self.update(bufferPointer: $0) } }
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

/// Feeds a sequence without contiguous storage to `body` through a fixed chunk of 1,024 bytes.
@usableFromInline
func _forEachChunk(of data: some Sequence<UInt8>, _ body: (UnsafeRawBufferPointer) -> Void) {
    var chunk: [UInt8] = []
    chunk.reserveCapacity(1024)
    for byte in data {
        chunk.append(byte)
        if chunk.count == 1024 {
            chunk.withUnsafeBytes { body($0) }
            chunk.removeAll(keepingCapacity: true)
        }
    }
    if !chunk.isEmpty { chunk.withUnsafeBytes { body($0) } }
}

/// The storage shared by the four digest types: `byteCount` bytes in a fixed tuple of `UInt64` (no heap). An
/// implementation detail, public only so that the digest types' `@inlinable` members can use it; not for conformance
/// outside this module.
public protocol _SHA3InlineDigest: SHA3Digest {
    associatedtype _Storage
    var _storage: _Storage { get }
    static var _zero: _Storage { get }
    init(_storage: _Storage)
}

extension _SHA3InlineDigest {
    /// The first `byteCount` bytes squeezed from a padded sponge.
    @usableFromInline
    init(squeezing sponge: _KeccakSponge) {
        var sponge = sponge
        var s = Self._zero
        Swift.withUnsafeMutableBytes(of: &s) { raw in
            sponge.squeeze(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<Self.byteCount]))
        }
        self.init(_storage: s)
    }

    /// A digest from its bytes (for example, one computed elsewhere); `nil` unless there are exactly `byteCount` of
    /// them.
    public init?(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard array.count == Self.byteCount else { return nil }
        var s = Self._zero
        Swift.withUnsafeMutableBytes(of: &s) { $0.copyBytes(from: array) }
        self.init(_storage: s)
    }

    @inlinable
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try Swift.withUnsafeBytes(of: _storage) { (raw) throws(E) -> R in
            try body(UnsafeRawBufferPointer(rebasing: raw[0..<Self.byteCount]))
        }
    }
}
