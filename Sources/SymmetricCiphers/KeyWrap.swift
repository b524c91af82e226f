import SHA2

// AES Key Wrap (RFC 3394; NIST SP 800-38F §6.2 KW): JWE's A128KW, A192KW, A256KW.

extension AES {
    /// AES key wrap (RFC 3394): a key of 16 bytes or more (a multiple of 8) encrypted and integrity-protected under
    /// a key-encryption key, 8 bytes longer than the key. The integrity value is checked in constant time; a wrong
    /// one is ``AESError/Code-swift.struct/authenticationFailure``.
    public enum KeyWrap {
        /// The default initial value A6A6A6A6A6A6A6A6 (RFC 3394 §2.2.3.1).
        static let initialValue: UInt64 = 0xA6A6_A6A6_A6A6_A6A6

        /// `keyToWrap` wrapped under `kek` (RFC 3394 §2.2.1, the index-based form).
        ///
        /// `keyToWrap` must be at least 16 bytes and a multiple of 8
        /// (``AESError/Code-swift.struct/invalidInputSize``); `kek` 16, 24 or 32 bytes.
        public static func wrap(_ keyToWrap: SymmetricKey, using kek: SymmetricKey) throws(AESError) -> [UInt8] {
            let schedule = try KeySchedule.make(kek)
            let count = keyToWrap.byteCount
            guard count >= 16, count % 8 == 0 else {
                throw AESError.make(.invalidInputSize, "a key to wrap is 16 bytes or more, a multiple of 8, not \(count)")
            }
            let n = count / 8
            var out = [UInt8](repeating: 0, count: count + 8)
            keyToWrap.withUnsafeBytes { k in
                out.withUnsafeMutableBytes { o in
                    let r = o.baseAddress! + 8
                    r.copyMemory(from: k.baseAddress!, byteCount: count)
                    var a = initialValue
                    var t: UInt64 = 0
                    for _ in 0..<6 {
                        for i in 0..<n {
                            t &+= 1
                            let (hi, lo) = schedule.encryptBlock(a, loadBE64(r, 8 * i))
                            a = hi ^ t
                            storeBE64(r, 8 * i, lo)
                        }
                    }
                    storeBE64(o.baseAddress!, 0, a)
                }
            }
            return out
        }

        /// The key wrapped in `wrappedKey` under `kek` (RFC 3394 §2.2.2), after its integrity value has been checked
        /// in constant time (§2.2.3).
        ///
        /// `wrappedKey` must be at least 24 bytes and a multiple of 8 (``AESError/Code-swift.struct/invalidInputSize``);
        /// a wrong key or tampered bytes are ``AESError/Code-swift.struct/authenticationFailure``.
        public static func unwrap(_ wrappedKey: some Collection<UInt8>, using kek: SymmetricKey) throws(AESError)
            -> SymmetricKey
        {
            let schedule = try KeySchedule.make(kek)
            let count = wrappedKey.count
            guard count >= 24, count % 8 == 0 else {
                throw AESError.make(.invalidInputSize, "a wrapped key is 24 bytes or more, a multiple of 8, not \(count)")
            }
            let n = count / 8 - 1
            var key = [UInt8](repeating: 0, count: count - 8)
            let a: UInt64 = withBytes(wrappedKey) { w in
                key.withUnsafeMutableBytes { k in
                    let r = k.baseAddress!
                    r.copyMemory(from: w.baseAddress! + 8, byteCount: count - 8)
                    var a = loadBE64(w.baseAddress!, 0)
                    var t = UInt64(6 * n)
                    for _ in 0..<6 {
                        for i in stride(from: n - 1, through: 0, by: -1) {
                            let (hi, lo) = schedule.decryptBlock(a ^ t, loadBE64(r, 8 * i))
                            t &-= 1
                            a = hi
                            storeBE64(r, 8 * i, lo)
                        }
                    }
                    return a
                }
            }
            // The integrity check: A must be the initial value. Compared as bytes in constant time; the verdict is
            // public (the caller learns it) and published through the one declassification point.
            var got = a.bigEndian, want = initialValue.bigEndian
            let matches = withUnsafeBytes(of: &got) { g in withUnsafeBytes(of: &want) { CT.equals(g, $0) } }
            guard !CT.declassify(UInt64(unsafeBitCast(matches, to: UInt8.self)) ^ 1) else {
                CT.wipe(&key)
                throw AESError.make(.authenticationFailure, "the wrapped key's integrity value does not match")
            }
            defer { CT.wipe(&key) }
            return SymmetricKey(data: key)
        }
    }
}

extension KeySchedule {
    /// One block (two big-endian words) encrypted.
    @inline(__always)
    func encryptBlock(_ hi: UInt64, _ lo: UInt64) -> (UInt64, UInt64) {
        var block: (UInt64, UInt64) = (hi.bigEndian, lo.bigEndian)
        return withUnsafeMutableBytes(of: &block) { b in
            encrypt(b.baseAddress!, b.baseAddress!, count: 1)
            let r = (loadBE64(b.baseAddress!, 0), loadBE64(b.baseAddress!, 8))
            CT.wipe(b)
            return r
        }
    }

    /// One block (two big-endian words) decrypted.
    @inline(__always)
    func decryptBlock(_ hi: UInt64, _ lo: UInt64) -> (UInt64, UInt64) {
        var block: (UInt64, UInt64) = (hi.bigEndian, lo.bigEndian)
        return withUnsafeMutableBytes(of: &block) { b in
            decrypt(b.baseAddress!, b.baseAddress!, count: 1)
            let r = (loadBE64(b.baseAddress!, 0), loadBE64(b.baseAddress!, 8))
            CT.wipe(b)
            return r
        }
    }
}
