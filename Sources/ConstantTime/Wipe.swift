extension CT {
    /// Overwrites `byteCount` bytes at `p` with zeros. The zeroing loop is optimised (a memset), and the pointer is
    /// then handed to a function the optimiser cannot see into, which might read the bytes, so the stores are never
    /// removed as dead (best effort: earlier copies in registers or on the stack are out of reach).
    @inline(never)
    public static func wipe(_ p: UnsafeMutableRawPointer, byteCount: Int) {
        p.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        opaqueUse(p)
    }

    /// Overwrites the bytes of a buffer with zeros (see ``wipe(_:byteCount:)``).
    @inlinable @inline(__always)
    public static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        if let p = buffer.baseAddress { wipe(p, byteCount: buffer.count) }
    }

    /// Overwrites the bytes of a value of any fixed-size type (a tuple of limbs, a digest) with zeros.
    @inlinable @inline(__always)
    public static func wipe<T>(_ value: inout T) {
        withUnsafeMutableBytes(of: &value) { wipe($0) }
    }

    /// Overwrites the elements of a byte array with zeros, in place (best effort: arrays may have been copied).
    @inlinable @inline(__always)
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { wipe($0) }
    }

    @inline(never) @_optimize(none) @usableFromInline
    static func opaqueUse(_ p: UnsafeMutableRawPointer) {}
}
