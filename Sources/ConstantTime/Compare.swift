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
    public static func equals(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return isZero(difference)
    }

    /// `d == 0` computed without a branch on `d`.
    @inline(never)
    public static func isZero(_ d: UInt8) -> Bool {
        // As a UInt32, d - 1 wraps to have its top bit set exactly when d == 0.
        (UInt32(d) &- 1) >> 31 == 1
    }
}
