// Constant-time comparison of byte strings, for MACs, digests and keys.

/// Compares two byte collections for equality in constant time.
///
/// The running time depends on the lengths only (a length mismatch returns `false` at once, so
/// the length may leak), never on the contents: every byte pair is combined with `^` and folded
/// with `|` into one accumulator, with no early exit and no data-dependent branch.
@inlinable
public func constantTimeEquals(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    let fast: Bool?? = a.withContiguousStorageIfAvailable { pa in
        b.withContiguousStorageIfAvailable { pb in
            CT.equals(UnsafeRawBufferPointer(pa), UnsafeRawBufferPointer(pb))
        }
    }
    if let outer = fast, let result = outer { return result }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return CT.isZero(difference)
}

extension CT {
    /// Constant-time equality of two raw buffers; `false` if the lengths differ (lengths are public).
    ///
    /// Eight bytes at a time: each word pair is XORed and ORed into one accumulator, with no early exit, and the
    /// accumulator is folded to a byte at the end; the tail shorter than a word goes byte by byte. About one
    /// instruction per byte instead of four, so long public buffers (an RSA verification's 256-byte EM and EM')
    /// can use it too.
    public static func equals(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        let count = a.count
        guard count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        var wide: UInt64 = 0
        var i = 0
        while i &+ 8 <= count {
            wide |= pa.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                ^ pb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        var difference: UInt8 = 0
        while i < count {
            difference |= pa.load(fromByteOffset: i, as: UInt8.self) ^ pb.load(fromByteOffset: i, as: UInt8.self)
            i &+= 1
        }
        wide |= wide >> 32
        wide |= wide >> 16
        wide |= wide >> 8
        return isZero(difference | UInt8(truncatingIfNeeded: wide))
    }

    /// `d == 0` computed without a branch on `d`.
    @inline(never)
    public static func isZero(_ d: UInt8) -> Bool {
        // As a UInt32, d - 1 wraps to have its top bit set exactly when d == 0.
        (UInt32(d) &- 1) >> 31 == 1
    }
}
