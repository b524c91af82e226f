// Randomness of the signing path: fresh bytes for hedging, and the byte-stream generator the constant-time check
// feeds key generation through. The constant-time helpers (barrier, masks, declassify, wipe) are `CT` in the
// ConstantTime module.

/// `count` bytes from the system's random generator (the hedging input k' of RFC 6979 §3.6).
func freshRandomBytes(count: Int) -> [UInt8] {
    var rng = SystemRandomNumberGenerator()
    var out = [UInt8](repeating: 0, count: count)
    var i = 0
    while i < count {
        let w = rng.next()
        for j in 0..<8 where i + j < count { out[i + j] = UInt8(truncatingIfNeeded: w &>> UInt64(8 &* j)) }
        i += 8
    }
    return out
}

/// A random generator that hands out given bytes, 8 per `next()`, and traps when they run out: the
/// constant-time check feeds key generation its (undefined) random bytes through it.
struct ByteStreamGenerator: RandomNumberGenerator {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var available: Int { bytes.count - offset }

    mutating func next() -> UInt64 {
        precondition(offset + 8 <= bytes.count, "ByteStreamGenerator: out of bytes")
        var w: UInt64 = 0
        for j in 0..<8 { w |= UInt64(bytes[offset + j]) &<< UInt64(8 &* j) }
        offset += 8
        return w
    }
}
