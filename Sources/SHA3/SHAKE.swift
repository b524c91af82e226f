// SHAKE128 and SHAKE256 (FIPS 202 §6.2): extendable-output functions, SHAKE128(M, d) = Keccak[256](M ‖ 1111, d) and
// SHAKE256(M, d) = Keccak[512](M ‖ 1111, d). Absorb with `update`, then read any number of bytes, in any number of
// calls, from a `SHAKEReader`.

/// SHAKE128 (FIPS 202 §6.2): an extendable-output function with 128-bit security, a rate of 168 bytes.
///
/// One shot: `SHAKE128.hash(data: bytes, outputByteCount: 64)`. Streaming: `var x = SHAKE128()`, `x.update(data:)`
/// any number of times, then `x.finalize(outputByteCount:)` for one output, or `var r = x.reader()` and
/// `r.read(count:)` / `r.read(into:)` as many times as needed: the reads concatenate to one output stream, so reading
/// 10 bytes and then 20 gives the same 30 bytes as reading 30. A value type: copying it forks the computation.
public struct SHAKE128: Sendable {
    @usableFromInline var sponge: _KeccakSponge

    /// 168 bytes (the sponge's rate).
    @inlinable public static var blockByteCount: Int { 168 }

    /// A fresh computation (the all-zero state).
    public init() { sponge = .shake(rate: 168) }

    /// Adds bytes to the message. Contiguous inputs are read in place.
    @inlinable
    public mutating func update(data: some Sequence<UInt8>) {
        let done: Void? = data.withContiguousStorageIfAvailable { buffer in
            self.update(bufferPointer: UnsafeRawBufferPointer(buffer))
        }
        if done == nil { _forEachChunk(of: data) { self.update(bufferPointer: $0) } }
    }

    /// Adds the bytes of a raw buffer to the message.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    /// The output stream of everything added so far, positioned at its start. Does not change `self`: more bytes may
    /// still be added and another reader made.
    public func reader() -> SHAKEReader {
        var padded = sponge
        padded.pad()
        return SHAKEReader(sponge: padded)
    }

    /// The first `outputByteCount` bytes of the output of everything added so far. Does not change `self`.
    /// `outputByteCount` must not be negative.
    public func finalize(outputByteCount: Int) -> [UInt8] {
        var r = reader()
        return r.read(count: outputByteCount)
    }

    /// The first `outputByteCount` bytes of SHAKE128(`data`). `outputByteCount` must not be negative.
    @inlinable
    public static func hash(data: some Sequence<UInt8>, outputByteCount: Int) -> [UInt8] {
        var x = SHAKE128()
        x.update(data: data)
        return x.finalize(outputByteCount: outputByteCount)
    }
}

/// SHAKE256 (FIPS 202 §6.2): an extendable-output function with 256-bit security, a rate of 136 bytes.
///
/// One shot: `SHAKE256.hash(data: bytes, outputByteCount: 64)`. Streaming: `var x = SHAKE256()`, `x.update(data:)`
/// any number of times, then `x.finalize(outputByteCount:)` for one output, or `var r = x.reader()` and
/// `r.read(count:)` / `r.read(into:)` as many times as needed: the reads concatenate to one output stream, so reading
/// 10 bytes and then 20 gives the same 30 bytes as reading 30. A value type: copying it forks the computation.
public struct SHAKE256: Sendable {
    @usableFromInline var sponge: _KeccakSponge

    /// 136 bytes (the sponge's rate).
    @inlinable public static var blockByteCount: Int { 136 }

    /// A fresh computation (the all-zero state).
    public init() { sponge = .shake(rate: 136) }

    /// Adds bytes to the message. Contiguous inputs are read in place.
    @inlinable
    public mutating func update(data: some Sequence<UInt8>) {
        let done: Void? = data.withContiguousStorageIfAvailable { buffer in
            self.update(bufferPointer: UnsafeRawBufferPointer(buffer))
        }
        if done == nil { _forEachChunk(of: data) { self.update(bufferPointer: $0) } }
    }

    /// Adds the bytes of a raw buffer to the message.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { sponge.absorb(bufferPointer) }

    /// The output stream of everything added so far, positioned at its start. Does not change `self`: more bytes may
    /// still be added and another reader made.
    public func reader() -> SHAKEReader {
        var padded = sponge
        padded.pad()
        return SHAKEReader(sponge: padded)
    }

    /// The first `outputByteCount` bytes of the output of everything added so far. Does not change `self`.
    /// `outputByteCount` must not be negative.
    public func finalize(outputByteCount: Int) -> [UInt8] {
        var r = reader()
        return r.read(count: outputByteCount)
    }

    /// The first `outputByteCount` bytes of SHAKE256(`data`). `outputByteCount` must not be negative.
    @inlinable
    public static func hash(data: some Sequence<UInt8>, outputByteCount: Int) -> [UInt8] {
        var x = SHAKE256()
        x.update(data: data)
        return x.finalize(outputByteCount: outputByteCount)
    }
}

/// The output stream of a SHAKE128 or SHAKE256 computation (FIPS 202 Algorithm 8, steps 8–10, run lazily): each read
/// continues where the previous one stopped, permuting the state whenever a block of output is used up. A value type:
/// copying it forks the stream.
public struct SHAKEReader: Sendable {
    @usableFromInline var sponge: _KeccakSponge

    @usableFromInline
    init(sponge: _KeccakSponge) { self.sponge = sponge }

    /// The sponge's rate: reads of this many bytes at a time cost one permutation each.
    public var blockByteCount: Int { sponge.rate }

    /// Fills `buffer` with the next `buffer.count` bytes of output.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) { sponge.squeeze(into: buffer) }

    /// The next `count` bytes of output. `count` must not be negative.
    public mutating func read(count: Int) -> [UInt8] {
        precondition(count >= 0, "SHAKEReader.read(count:): negative count")
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            sponge.squeeze(into: UnsafeMutableRawBufferPointer(out))
            initialized = count
        }
    }

    /// The next `count` bytes of output (the same as `read(count:)`).
    public mutating func squeeze(count: Int) -> [UInt8] { read(count: count) }
}
