// The six SHA-2 hash functions and their digest types (FIPS 180-4 §6).

/// SHA-224: FIPS 180-4 §6.3: SHA-256 with its own initial value (§5.3.2), the result truncated to 224 bits.
///
/// `SHA224.hash(data: bytes)` in one call, or `var h = SHA224()`, `h.update(data:)` any number of
/// times, then `h.finalize()`. A value type: copying it forks the computation.
public struct SHA224: HashFunction {
    public typealias Digest = SHA224Digest
    @usableFromInline var stream: _SHA2Stream<_SHA256State>

    /// 64 bytes.
    @inlinable public static var blockByteCount: Int { 64 }
    /// 28 bytes.
    @inlinable public static var byteCount: Int { 28 }

    public init() { stream = _SHA2Stream(state: .sha224) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { stream.update(bufferPointer) }

    public func finalize() -> SHA224Digest { SHA224Digest(words: stream.finalize()) }
}

/// The 28-byte digest of `SHA224`, stored inline.
public struct SHA224Digest: _InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64)
    /// 28 bytes.
    @inlinable public static var byteCount: Int { 28 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}

/// SHA-256: FIPS 180-4 §6.2.
///
/// `SHA256.hash(data: bytes)` in one call, or `var h = SHA256()`, `h.update(data:)` any number of
/// times, then `h.finalize()`. A value type: copying it forks the computation.
public struct SHA256: HashFunction {
    public typealias Digest = SHA256Digest
    @usableFromInline var stream: _SHA2Stream<_SHA256State>

    /// 64 bytes.
    @inlinable public static var blockByteCount: Int { 64 }
    /// 32 bytes.
    @inlinable public static var byteCount: Int { 32 }

    public init() { stream = _SHA2Stream(state: .sha256) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { stream.update(bufferPointer) }

    public func finalize() -> SHA256Digest { SHA256Digest(words: stream.finalize()) }
}

/// The 32-byte digest of `SHA256`, stored inline.
public struct SHA256Digest: _InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64)
    /// 32 bytes.
    @inlinable public static var byteCount: Int { 32 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}

/// SHA-384: FIPS 180-4 §6.5: SHA-512 with its own initial value (§5.3.4), the result truncated to 384 bits.
///
/// `SHA384.hash(data: bytes)` in one call, or `var h = SHA384()`, `h.update(data:)` any number of
/// times, then `h.finalize()`. A value type: copying it forks the computation.
public struct SHA384: HashFunction {
    public typealias Digest = SHA384Digest
    @usableFromInline var stream: _SHA2Stream<_SHA512State>

    /// 128 bytes.
    @inlinable public static var blockByteCount: Int { 128 }
    /// 48 bytes.
    @inlinable public static var byteCount: Int { 48 }

    public init() { stream = _SHA2Stream(state: .sha384) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { stream.update(bufferPointer) }

    public func finalize() -> SHA384Digest { SHA384Digest(words: stream.finalize()) }
}

/// The 48-byte digest of `SHA384`, stored inline.
public struct SHA384Digest: _InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    /// 48 bytes.
    @inlinable public static var byteCount: Int { 48 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}

/// SHA-512: FIPS 180-4 §6.4.
///
/// `SHA512.hash(data: bytes)` in one call, or `var h = SHA512()`, `h.update(data:)` any number of
/// times, then `h.finalize()`. A value type: copying it forks the computation.
public struct SHA512: HashFunction {
    public typealias Digest = SHA512Digest
    @usableFromInline var stream: _SHA2Stream<_SHA512State>

    /// 128 bytes.
    @inlinable public static var blockByteCount: Int { 128 }
    /// 64 bytes.
    @inlinable public static var byteCount: Int { 64 }

    public init() { stream = _SHA2Stream(state: .sha512) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { stream.update(bufferPointer) }

    public func finalize() -> SHA512Digest { SHA512Digest(words: stream.finalize()) }
}

/// The 64-byte digest of `SHA512`, stored inline.
public struct SHA512Digest: _InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    /// 64 bytes.
    @inlinable public static var byteCount: Int { 64 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0, 0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}

/// SHA-512/224: FIPS 180-4 §6.6: SHA-512/224, SHA-512 with the §5.3.6.1 initial value, truncated to 224 bits.
///
/// `SHA512_224.hash(data: bytes)` in one call, or `var h = SHA512_224()`, `h.update(data:)` any number of
/// times, then `h.finalize()`. A value type: copying it forks the computation.
public struct SHA512_224: HashFunction {
    public typealias Digest = SHA512_224Digest
    @usableFromInline var stream: _SHA2Stream<_SHA512State>

    /// 128 bytes.
    @inlinable public static var blockByteCount: Int { 128 }
    /// 28 bytes.
    @inlinable public static var byteCount: Int { 28 }

    public init() { stream = _SHA2Stream(state: .sha512_224) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { stream.update(bufferPointer) }

    public func finalize() -> SHA512_224Digest { SHA512_224Digest(words: stream.finalize()) }
}

/// The 28-byte digest of `SHA512_224`, stored inline.
public struct SHA512_224Digest: _InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64)
    /// 28 bytes.
    @inlinable public static var byteCount: Int { 28 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}

/// SHA-512/256: FIPS 180-4 §6.7: SHA-512/256, SHA-512 with the §5.3.6.2 initial value, truncated to 256 bits.
///
/// `SHA512_256.hash(data: bytes)` in one call, or `var h = SHA512_256()`, `h.update(data:)` any number of
/// times, then `h.finalize()`. A value type: copying it forks the computation.
public struct SHA512_256: HashFunction {
    public typealias Digest = SHA512_256Digest
    @usableFromInline var stream: _SHA2Stream<_SHA512State>

    /// 128 bytes.
    @inlinable public static var blockByteCount: Int { 128 }
    /// 32 bytes.
    @inlinable public static var byteCount: Int { 32 }

    public init() { stream = _SHA2Stream(state: .sha512_256) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { stream.update(bufferPointer) }

    public func finalize() -> SHA512_256Digest { SHA512_256Digest(words: stream.finalize()) }
}

/// The 32-byte digest of `SHA512_256`, stored inline.
public struct SHA512_256Digest: _InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64)
    /// 32 bytes.
    @inlinable public static var byteCount: Int { 32 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}
