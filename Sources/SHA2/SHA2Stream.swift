// Message buffering and padding shared by every SHA-2 function (FIPS 180-4 §5.1, §6.2.1, §6.4.1).
// The two compression functions (32-bit words for SHA-224/256, 64-bit words for the others)
// plug in through `_SHA2Compressor`.

/// The chaining state of one SHA-2 family, with its compression function.
@usableFromInline
protocol _SHA2Compressor: Sendable {
    /// 64 for SHA-224/256, 128 for SHA-384/512 and SHA-512/t (FIPS 180-4 §1, figure 1).
    static var blockByteCount: Int { get }
    /// Bytes of the big-endian message length in the padding: 8 or 16 (FIPS 180-4 §5.1.1, §5.1.2).
    static var lengthByteCount: Int { get }
    /// Processes `blocks.count / blockByteCount` whole blocks read in place from `blocks`.
    mutating func compress(_ blocks: UnsafeRawBufferPointer)
    /// The eight state words, big-endian, as 32 or 64 bytes at the start of the result.
    func bigEndianWords() -> _DigestBytes
}

/// 64 bytes of inline storage: the largest digest, and half of the two-block padding area.
@usableFromInline
typealias _DigestBytes = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

/// 128 bytes of inline storage: one block of the 64-bit family.
@usableFromInline
typealias _BlockBytes = (
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
)

@usableFromInline
let _zeroBlock: _BlockBytes = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

/// A streaming SHA-2 computation: chaining state, a partial block, and the message length.
///
/// Whole blocks are compressed straight from the caller's buffer; only a trailing partial
/// block is copied (into inline storage, never the heap).
@usableFromInline
struct _SHA2Stream<State: _SHA2Compressor>: Sendable {
    @usableFromInline var state: State
    @usableFromInline var buffer: _BlockBytes = _zeroBlock
    /// Bytes waiting in `buffer` (always less than one block).
    @usableFromInline var buffered: Int = 0
    /// Message length so far, in bytes (wrapping: messages of 2^64 bytes are out of reach).
    @usableFromInline var length: UInt64 = 0

    @usableFromInline
    init(state: State) { self.state = state }

    @usableFromInline
    mutating func update(_ input: UnsafeRawBufferPointer) {
        guard let base = input.baseAddress, input.count > 0 else { return }
        let blockSize = State.blockByteCount
        var offset = 0
        let count = input.count
        length &+= UInt64(truncatingIfNeeded: count)
        if buffered > 0 {
            let take = Swift.min(blockSize - buffered, count)
            Swift.withUnsafeMutableBytes(of: &buffer) { b in
                (b.baseAddress! + buffered).copyMemory(from: base, byteCount: take)
            }
            buffered += take
            offset = take
            guard buffered == blockSize else { return }
            Swift.withUnsafeBytes(of: &buffer) { b in
                state.compress(UnsafeRawBufferPointer(rebasing: b[0..<blockSize]))
            }
            buffered = 0
        }
        let whole = (count - offset) / blockSize * blockSize
        if whole > 0 {
            state.compress(UnsafeRawBufferPointer(start: base + offset, count: whole))
            offset += whole
        }
        let rest = count - offset
        if rest > 0 {
            Swift.withUnsafeMutableBytes(of: &buffer) { b in
                b.baseAddress!.copyMemory(from: base + offset, byteCount: rest)
            }
            buffered = rest
        }
    }

    /// Pads a copy of the message (FIPS 180-4 §5.1: a 1 bit, zeros, the length in bits) and
    /// returns the final state words big-endian.
    @usableFromInline
    func finalize() -> _DigestBytes {
        var state = self.state
        let blockSize = State.blockByteCount
        // Two blocks of room: the padding spills into a second block when fewer than
        // lengthByteCount + 1 bytes are left in the first.
        var pad = (buffer, _zeroBlock)
        let total = buffered + 1 + State.lengthByteCount <= blockSize ? blockSize : 2 * blockSize
        let bitsHigh = length >> 61
        let bitsLow = length << 3
        Swift.withUnsafeMutableBytes(of: &pad) { p in
            // Bytes after `buffered` in the first block may hold stale data from earlier blocks.
            for i in buffered..<total { p[i] = 0 }
            p[buffered] = 0x80
            p.storeBytes(of: bitsLow.bigEndian, toByteOffset: total - 8, as: UInt64.self)
            if State.lengthByteCount == 16 {
                p.storeBytes(of: bitsHigh.bigEndian, toByteOffset: total - 16, as: UInt64.self)
            }
            state.compress(UnsafeRawBufferPointer(rebasing: p[0..<total]))
        }
        return state.bigEndianWords()
    }
}

/// Copies the first `byteCount` bytes of `words` over the start of `storage` (a zeroed tuple).
@usableFromInline
@inline(__always)
func _truncate<Storage>(_ words: _DigestBytes, into storage: inout Storage, byteCount: Int) {
    Swift.withUnsafeBytes(of: words) { src in
        Swift.withUnsafeMutableBytes(of: &storage) { dst in
            dst.copyMemory(from: UnsafeRawBufferPointer(rebasing: src[0..<byteCount]))
        }
    }
}
