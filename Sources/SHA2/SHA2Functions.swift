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
public struct SHA224Digest: Digest {
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64)

    /// 28 bytes.
    @inlinable public static var byteCount: Int { 28 }

    @usableFromInline
    init(words: _DigestBytes) {
        storage = (0, 0, 0, 0)
        _truncate(words, into: &storage, byteCount: 28)
    }

    /// A digest from its bytes (for example, one computed elsewhere); `nil` unless there are
    /// exactly 28 of them.
    public init?(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard array.count == 28 else { return nil }
        storage = (0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: array) }
    }

    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<28])) }
    }
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
public struct SHA256Digest: Digest {
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64)

    /// 32 bytes.
    @inlinable public static var byteCount: Int { 32 }

    @usableFromInline
    init(words: _DigestBytes) {
        storage = (0, 0, 0, 0)
        _truncate(words, into: &storage, byteCount: 32)
    }

    /// A digest from its bytes (for example, one computed elsewhere); `nil` unless there are
    /// exactly 32 of them.
    public init?(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard array.count == 32 else { return nil }
        storage = (0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: array) }
    }

    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<32])) }
    }
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
public struct SHA384Digest: Digest {
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// 48 bytes.
    @inlinable public static var byteCount: Int { 48 }

    @usableFromInline
    init(words: _DigestBytes) {
        storage = (0, 0, 0, 0, 0, 0)
        _truncate(words, into: &storage, byteCount: 48)
    }

    /// A digest from its bytes (for example, one computed elsewhere); `nil` unless there are
    /// exactly 48 of them.
    public init?(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard array.count == 48 else { return nil }
        storage = (0, 0, 0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: array) }
    }

    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<48])) }
    }
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
public struct SHA512Digest: Digest {
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// 64 bytes.
    @inlinable public static var byteCount: Int { 64 }

    @usableFromInline
    init(words: _DigestBytes) {
        storage = (0, 0, 0, 0, 0, 0, 0, 0)
        _truncate(words, into: &storage, byteCount: 64)
    }

    /// A digest from its bytes (for example, one computed elsewhere); `nil` unless there are
    /// exactly 64 of them.
    public init?(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard array.count == 64 else { return nil }
        storage = (0, 0, 0, 0, 0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: array) }
    }

    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<64])) }
    }
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
public struct SHA512_224Digest: Digest {
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64)

    /// 28 bytes.
    @inlinable public static var byteCount: Int { 28 }

    @usableFromInline
    init(words: _DigestBytes) {
        storage = (0, 0, 0, 0)
        _truncate(words, into: &storage, byteCount: 28)
    }

    /// A digest from its bytes (for example, one computed elsewhere); `nil` unless there are
    /// exactly 28 of them.
    public init?(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard array.count == 28 else { return nil }
        storage = (0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: array) }
    }

    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<28])) }
    }
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
public struct SHA512_256Digest: Digest {
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64)

    /// 32 bytes.
    @inlinable public static var byteCount: Int { 32 }

    @usableFromInline
    init(words: _DigestBytes) {
        storage = (0, 0, 0, 0)
        _truncate(words, into: &storage, byteCount: 32)
    }

    /// A digest from its bytes (for example, one computed elsewhere); `nil` unless there are
    /// exactly 32 of them.
    public init?(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard array.count == 32 else { return nil }
        storage = (0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: array) }
    }

    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<32])) }
    }
}
