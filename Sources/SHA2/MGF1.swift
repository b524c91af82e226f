// MGF1, the mask generation function of PKCS #1 (RFC 8017 §B.2.1), used by RSASSA-PSS.

/// MGF1 (RFC 8017 §B.2.1): T = Hash(mgfSeed ‖ C) for C = 0, 1, 2, … (4-byte big-endian),
/// concatenated and cut to the requested length.
public enum MGF1 {
    /// The first `length` bytes of MGF1 with hash `h` over `seed`; empty if `length ≤ 0`.
    ///
    /// - Precondition: `length ≤ 2^32 · hLen` (§B.2.1 step 1, "mask too long"); PSS asks for
    ///   emLen − hLen − 1 bytes, far below that bound.
    public static func mask<H: HashFunction>(
        _ h: H.Type, seed: some Collection<UInt8>, length: Int
    ) -> [UInt8] {
        guard length > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: length)
        xorMask(h, seed: seed, into: &out)
        return out
    }

    /// XORs MGF1(`seed`, `mask.count`) into `mask` (RFC 8017 §9.1.2 step 8 computes
    /// maskedDB ⊕ MGF(H, emLen − hLen − 1) this way without a separate buffer).
    public static func xorMask<H: HashFunction>(
        _ h: H.Type, seed: some Collection<UInt8>, into mask: inout [UInt8]
    ) {
        let length = mask.count
        let hLen = H.byteCount
        // Step 1: the length bound (a caller bug, not hostile input: lengths come from key sizes).
        precondition(UInt64(length) <= UInt64(hLen) << 32, "MGF1: mask too long")
        var seeded = H()
        seeded.update(data: seed)
        var counter: UInt32 = 0
        var offset = 0
        // Steps 3–4: hash seed ‖ C for C = 0 … ⌈length / hLen⌉ − 1, keeping the first length bytes.
        while offset < length {
            var hash = seeded  // the seed's blocks are absorbed once
            withUnsafeBytes(of: counter.bigEndian) { hash.update(bufferPointer: $0) }
            let block = hash.finalize()
            block.withUnsafeBytes { t in
                let n = Swift.min(hLen, length - offset)
                for i in 0..<n { mask[offset + i] ^= t[i] }
            }
            offset += hLen
            counter &+= 1
        }
    }
}
