// The four SHA-3 hash functions and their digest types (FIPS 202 §6.1): Keccak[c] with c twice the digest size,
// the message followed by the suffix 01, the first d bits of the output.

/// SHA3-224 (FIPS 202 §6.1): SHA3-224(M) = Keccak[448](M ‖ 01, 224), a rate of 144 bytes.
///
/// `SHA3_224.hash(data: bytes)` in one call, or `var h = SHA3_224()`, `h.update(data:)` any number of times, then
/// `h.finalize()`. A value type: copying it forks the computation.
public struct SHA3_224: SHA3HashFunction {
    public typealias Digest = SHA3_224Digest
    @usableFromInline var sponge: _KeccakSponge

    /// 144 bytes (the sponge's rate).
    @inlinable public static var blockByteCount: Int { 144 }
    /// 28 bytes.
    @inlinable public static var byteCount: Int { 28 }

    public init() { sponge = .sha3(rate: 144) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    public func finalize() -> SHA3_224Digest {
        var padded = sponge
        padded.pad()
        return SHA3_224Digest(squeezing: padded)
    }
}

/// The 28-byte digest of `SHA3_224`, stored inline.
public struct SHA3_224Digest: _SHA3InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64)
    /// 28 bytes.
    @inlinable public static var byteCount: Int { 28 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}

/// SHA3-256 (FIPS 202 §6.1): SHA3-256(M) = Keccak[512](M ‖ 01, 256), a rate of 136 bytes.
///
/// `SHA3_256.hash(data: bytes)` in one call, or `var h = SHA3_256()`, `h.update(data:)` any number of times, then
/// `h.finalize()`. A value type: copying it forks the computation.
public struct SHA3_256: SHA3HashFunction {
    public typealias Digest = SHA3_256Digest
    @usableFromInline var sponge: _KeccakSponge

    /// 136 bytes (the sponge's rate).
    @inlinable public static var blockByteCount: Int { 136 }
    /// 32 bytes.
    @inlinable public static var byteCount: Int { 32 }

    public init() { sponge = .sha3(rate: 136) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    public func finalize() -> SHA3_256Digest {
        var padded = sponge
        padded.pad()
        return SHA3_256Digest(squeezing: padded)
    }
}

/// The 32-byte digest of `SHA3_256`, stored inline.
public struct SHA3_256Digest: _SHA3InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64)
    /// 32 bytes.
    @inlinable public static var byteCount: Int { 32 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}

/// SHA3-384 (FIPS 202 §6.1): SHA3-384(M) = Keccak[768](M ‖ 01, 384), a rate of 104 bytes.
///
/// `SHA3_384.hash(data: bytes)` in one call, or `var h = SHA3_384()`, `h.update(data:)` any number of times, then
/// `h.finalize()`. A value type: copying it forks the computation.
public struct SHA3_384: SHA3HashFunction {
    public typealias Digest = SHA3_384Digest
    @usableFromInline var sponge: _KeccakSponge

    /// 104 bytes (the sponge's rate).
    @inlinable public static var blockByteCount: Int { 104 }
    /// 48 bytes.
    @inlinable public static var byteCount: Int { 48 }

    public init() { sponge = .sha3(rate: 104) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    public func finalize() -> SHA3_384Digest {
        var padded = sponge
        padded.pad()
        return SHA3_384Digest(squeezing: padded)
    }
}

/// The 48-byte digest of `SHA3_384`, stored inline.
public struct SHA3_384Digest: _SHA3InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    /// 48 bytes.
    @inlinable public static var byteCount: Int { 48 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}

/// SHA3-512 (FIPS 202 §6.1): SHA3-512(M) = Keccak[1024](M ‖ 01, 512), a rate of 72 bytes.
///
/// `SHA3_512.hash(data: bytes)` in one call, or `var h = SHA3_512()`, `h.update(data:)` any number of times, then
/// `h.finalize()`. A value type: copying it forks the computation.
public struct SHA3_512: SHA3HashFunction {
    public typealias Digest = SHA3_512Digest
    @usableFromInline var sponge: _KeccakSponge

    /// 72 bytes (the sponge's rate).
    @inlinable public static var blockByteCount: Int { 72 }
    /// 64 bytes.
    @inlinable public static var byteCount: Int { 64 }

    public init() { sponge = .sha3(rate: 72) }

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    public func finalize() -> SHA3_512Digest {
        var padded = sponge
        padded.pad()
        return SHA3_512Digest(squeezing: padded)
    }
}

/// The 64-byte digest of `SHA3_512`, stored inline.
public struct SHA3_512Digest: _SHA3InlineDigest {
    public let _storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    /// 64 bytes.
    @inlinable public static var byteCount: Int { 64 }
    @inlinable public static var _zero: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) { (0, 0, 0, 0, 0, 0, 0, 0) }
    @inlinable public init(_storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) { self._storage = _storage }
}
