import SHA2

// Block-level operations on raw memory: one to four blocks per bitsliced pass. Addresses and branches depend on
// lengths and counts only.

@inline(__always)
func loadLE32(_ p: UnsafeRawPointer, _ offset: Int) -> UInt32 {
    UInt32(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
}

@inline(__always)
func storeLE32(_ p: UnsafeMutableRawPointer, _ offset: Int, _ v: UInt32) {
    p.storeBytes(of: v.littleEndian, toByteOffset: offset, as: UInt32.self)
}

@inline(__always)
func loadBE64(_ p: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    UInt64(bigEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
}

@inline(__always)
func storeBE64(_ p: UnsafeMutableRawPointer, _ offset: Int, _ v: UInt64) {
    p.storeBytes(of: v.bigEndian, toByteOffset: offset, as: UInt64.self)
}

/// The bitsliced state of `count` (1…4) blocks read from `p`; the missing blocks are zero.
@inline(__always)
func loadSlices(_ p: UnsafeRawPointer, count: Int) -> Slices {
    var s = Slices()
    (s.q0, s.q4) = interleave(loadLE32(p, 0), loadLE32(p, 4), loadLE32(p, 8), loadLE32(p, 12))
    if count > 1 { (s.q1, s.q5) = interleave(loadLE32(p, 16), loadLE32(p, 20), loadLE32(p, 24), loadLE32(p, 28)) }
    if count > 2 { (s.q2, s.q6) = interleave(loadLE32(p, 32), loadLE32(p, 36), loadLE32(p, 40), loadLE32(p, 44)) }
    if count > 3 { (s.q3, s.q7) = interleave(loadLE32(p, 48), loadLE32(p, 52), loadLE32(p, 56), loadLE32(p, 60)) }
    ortho(&s)
    return s
}

/// Writes the first `count` (1…4) blocks of the state `s` (still orthogonalised) to `p`.
@inline(__always)
func storeSlices(_ s: Slices, _ p: UnsafeMutableRawPointer, count: Int) {
    var s = s
    ortho(&s)
    func put(_ a: UInt64, _ b: UInt64, _ at: Int) {
        let (w0, w1, w2, w3) = deinterleave(a, b)
        storeLE32(p, at, w0); storeLE32(p, at + 4, w1); storeLE32(p, at + 8, w2); storeLE32(p, at + 12, w3)
    }
    put(s.q0, s.q4, 0)
    if count > 1 { put(s.q1, s.q5, 16) }
    if count > 2 { put(s.q2, s.q6, 32) }
    if count > 3 { put(s.q3, s.q7, 48) }
}

extension KeySchedule {
    /// Encrypts `count` (1…4) blocks from `input` into `output` (which may be `input`).
    @inline(__always)
    func encrypt(_ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, count: Int) {
        var s = loadSlices(input, count: count)
        words.withUnsafeBufferPointer { encryptSlices(&s, $0.baseAddress!, rounds: rounds) }
        storeSlices(s, output, count: count)
    }

    /// Decrypts `count` (1…4) blocks from `input` into `output` (which may be `input`).
    @inline(__always)
    func decrypt(_ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, count: Int) {
        var s = loadSlices(input, count: count)
        words.withUnsafeBufferPointer { decryptSlices(&s, $0.baseAddress!, rounds: rounds) }
        storeSlices(s, output, count: count)
    }

    /// Encrypts (ECB) every block of `length` bytes (a multiple of 16), four at a time.
    func encryptBlocks(_ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, length: Int) {
        var at = 0
        while at < length {
            let n = min(4, (length - at) / 16)
            encrypt(input + at, output + at, count: n)
            at += 16 * n
        }
    }

    /// Decrypts (ECB) every block of `length` bytes (a multiple of 16), four at a time.
    func decryptBlocks(_ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, length: Int) {
        var at = 0
        while at < length {
            let n = min(4, (length - at) / 16)
            decrypt(input + at, output + at, count: n)
            at += 16 * n
        }
    }

    /// The expanded key of `key`, or `invalidKeySize`.
    static func make(_ key: SymmetricKey) throws(AESError) -> KeySchedule {
        let schedule: KeySchedule? = key.withUnsafeBytes { KeySchedule(key: $0) }
        guard let schedule else {
            throw AESError.make(.invalidKeySize, "an AES key is 16, 24 or 32 bytes, not \(key.byteCount)")
        }
        return schedule
    }
}

/// Calls `body` with the bytes of `data`, contiguous (copied once when the collection has no contiguous storage).
@inline(__always)
func withBytes<R, E: Error>(
    _ data: some Collection<UInt8>, _ body: (UnsafeRawBufferPointer) throws(E) -> R
) throws(E) -> R {
    let result: Result<R, E>? = data.withContiguousStorageIfAvailable { buffer in
        do throws(E) { return .success(try body(UnsafeRawBufferPointer(buffer))) } catch { return .failure(error) }
    }
    if let result { return try result.get() }
    let copy = Array(data)
    let r: Result<R, E> = copy.withUnsafeBytes { raw in
        do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
    }
    return try r.get()
}
