import SHA2

// CBC (NIST SP 800-38A §6.2) without padding, for AES_CBC_HMAC_SHA2 and the vector tests. Encryption is sequential
// (one block per bitsliced pass); decryption takes four blocks per pass.

extension KeySchedule {
    /// CBC-encrypts `length` bytes (a multiple of 16) from `input` to `output` under the 16-byte `iv`.
    func cbcEncrypt(iv: UnsafeRawPointer, _ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, length: Int) {
        var c0 = iv.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        var c1 = iv.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        var block: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &block) { b in
            let p = b.baseAddress!
            var at = 0
            while at < length {
                p.storeBytes(of: c0 ^ input.loadUnaligned(fromByteOffset: at, as: UInt64.self), as: UInt64.self)
                p.storeBytes(of: c1 ^ input.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self),
                             toByteOffset: 8, as: UInt64.self)
                encrypt(p, p, count: 1)
                c0 = p.load(as: UInt64.self)
                c1 = p.load(fromByteOffset: 8, as: UInt64.self)
                output.storeBytes(of: c0, toByteOffset: at, as: UInt64.self)
                output.storeBytes(of: c1, toByteOffset: at + 8, as: UInt64.self)
                at += 16
            }
            CT.wipe(b)
        }
    }

    /// CBC-decrypts `length` bytes (a multiple of 16) from `input` to `output` (not the same memory) under `iv`.
    func cbcDecrypt(iv: UnsafeRawPointer, _ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, length: Int) {
        var at = 0
        while at < length {
            let n = min(4, (length - at) / 16)
            decrypt(input + at, output + at, count: n)
            // Each block XORed with the ciphertext block before it (the IV for the first).
            for k in 0..<(n * 2) {
                let offset = at + 8 * k
                let previous = offset < 16
                    ? iv.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    : input.loadUnaligned(fromByteOffset: offset - 16, as: UInt64.self)
                output.storeBytes(of: output.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ previous,
                                  toByteOffset: offset, as: UInt64.self)
            }
            at += 16 * n
        }
    }
}
