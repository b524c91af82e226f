import SHA2

// AES_CBC_HMAC_SHA2 (RFC 7518 §5.2): JWE's A128CBC-HS256, A192CBC-HS384 and A256CBC-HS512.

extension AES {
    /// AES-CBC with PKCS#7 padding, authenticated by HMAC-SHA-2 over AAD ‖ IV ‖ ciphertext ‖ AL (RFC 7518 §5.2):
    /// JWE's `A128CBC-HS256`, `A192CBC-HS384` and `A256CBC-HS512`, chosen by the key's length (32, 48 or 64 bytes:
    /// the MAC key, then the encryption key).
    ///
    /// ``open(_:using:authenticating:)`` checks the MAC in constant time before anything is decrypted, then the
    /// padding in constant time; a wrong MAC and bad padding are the same
    /// ``AESError/Code-swift.struct/authenticationFailure``. CBC without the MAC is not offered.
    public enum CBCHMAC {
        /// The IV length, 16 bytes.
        public static let ivByteCount = 16

        /// The output of ``seal(_:using:iv:authenticating:)``: IV, ciphertext (padded) and tag.
        public struct SealedBox: Sendable {
            /// The 16-byte initialisation vector.
            public let iv: [UInt8]
            /// The ciphertext, a whole number of 16-byte blocks (PKCS#7 padding included).
            public let ciphertext: [UInt8]
            /// The tag: the first half of the HMAC (16, 24 or 32 bytes).
            public let tag: [UInt8]

            /// A box from its parts (JWE: the IV, ciphertext and tag of a token). The IV must be 16 bytes
            /// (``AESError/Code-swift.struct/invalidNonceSize``); ciphertext and tag lengths are checked by
            /// ``AES/CBCHMAC/open(_:using:authenticating:)``.
            public init(iv: some Collection<UInt8>, ciphertext: some Collection<UInt8>, tag: some Collection<UInt8>)
                throws(AESError)
            {
                guard iv.count == CBCHMAC.ivByteCount else {
                    throw AESError.make(.invalidNonceSize, "an AES-CBC IV is 16 bytes, not \(iv.count)")
                }
                self.iv = Array(iv); self.ciphertext = Array(ciphertext); self.tag = Array(tag)
            }

            init(checkedIV: [UInt8], ciphertext: [UInt8], tag: [UInt8]) {
                self.iv = checkedIV; self.ciphertext = ciphertext; self.tag = tag
            }
        }

        /// Pads `message` (PKCS#7), encrypts it with AES-CBC under the key's second half and authenticates
        /// AAD ‖ IV ‖ ciphertext ‖ AL with HMAC under its first half.
        ///
        /// - Parameters:
        ///   - message: the plaintext.
        ///   - key: 32, 48 or 64 bytes (A128CBC-HS256, A192CBC-HS384, A256CBC-HS512).
        ///   - iv: 16 bytes; random when `nil`.
        ///   - authenticatedData: the additional data (JWE: the protected header's ASCII).
        public static func seal(
            _ message: some Collection<UInt8>, using key: SymmetricKey, iv: [UInt8]? = nil,
            authenticating authenticatedData: some Collection<UInt8>
        ) throws(AESError) -> SealedBox {
            let (schedule, macKey) = try split(key)
            let iv = iv ?? (0..<16).map { _ in UInt8.random(in: .min ... .max) }
            guard iv.count == ivByteCount else {
                throw AESError.make(.invalidNonceSize, "an AES-CBC IV is 16 bytes, not \(iv.count)")
            }
            let count = message.count
            let pad = 16 - count % 16
            var ciphertext = [UInt8](repeating: UInt8(pad), count: count + pad)
            withBytes(message) { m in
                ciphertext.withUnsafeMutableBytes { c in
                    if count > 0 { c.baseAddress!.copyMemory(from: m.baseAddress!, byteCount: count) }
                    iv.withUnsafeBytes { v in
                        schedule.cbcEncrypt(iv: v.baseAddress!, c.baseAddress!, c.baseAddress!, length: c.count)
                    }
                }
            }
            let tag = withBytes(authenticatedData) { a in
                ciphertext.withUnsafeBytes { c in iv.withUnsafeBytes { v in macKey.tag(aad: a, iv: v, ciphertext: c) } }
            }
            return SealedBox(checkedIV: iv, ciphertext: ciphertext, tag: tag)
        }

        /// The plaintext of `sealedBox`: the MAC is checked first (constant time), then the ciphertext decrypted and
        /// its padding checked (constant time). Any failure is ``AESError/Code-swift.struct/authenticationFailure``.
        public static func open(
            _ sealedBox: SealedBox, using key: SymmetricKey, authenticating authenticatedData: some Collection<UInt8>
        ) throws(AESError) -> [UInt8] {
            let (schedule, macKey) = try split(key)
            return try withBytes(authenticatedData) { (a) throws(AESError) -> [UInt8] in
                try withBytes(sealedBox.iv) { (v) throws(AESError) -> [UInt8] in
                    try withBytes(sealedBox.ciphertext) { (c) throws(AESError) -> [UInt8] in
                        try withBytes(sealedBox.tag) { (t) throws(AESError) -> [UInt8] in
                            try openRaw(schedule, macKey, iv: v, ciphertext: c, tag: t, aad: a)
                        }
                    }
                }
            }
        }

        static func openRaw(
            _ schedule: KeySchedule, _ macKey: MACKey, iv: UnsafeRawBufferPointer, ciphertext: UnsafeRawBufferPointer,
            tag: UnsafeRawBufferPointer, aad: UnsafeRawBufferPointer
        ) throws(AESError) -> [UInt8] {
            // 1. The MAC, before anything else is done with the ciphertext (RFC 7518 §5.2.2.2 step 3).
            guard tag.count == macKey.tagByteCount, iv.count == ivByteCount else { throw failure() }
            var expected = macKey.tag(aad: aad, iv: iv, ciphertext: ciphertext)
            let macMatches = expected.withUnsafeBytes { CT.equals($0, tag) }
            CT.wipe(&expected)
            guard !CT.declassify(UInt64(unsafeBitCast(macMatches, to: UInt8.self)) ^ 1) else { throw failure() }
            // 2. Only an authentic ciphertext is decrypted; its length is public.
            let count = ciphertext.count
            guard count > 0, count % 16 == 0 else { throw failure() }
            var plaintext = [UInt8](repeating: 0, count: count)
            let padMask: UInt64 = plaintext.withUnsafeMutableBytes { p in
                schedule.cbcDecrypt(iv: iv.baseAddress!, ciphertext.baseAddress!, p.baseAddress!, length: count)
                return paddingMask(UnsafeRawBufferPointer(p))
            }
            // 3. The padding verdict and the padding length are published only now: the ciphertext is authentic, so
            // they are the sender's choice, and the plaintext's length is public anyway.
            guard !CT.declassify(~padMask) else {
                CT.wipe(&plaintext)
                throw failure()
            }
            let pad = Int(CT.declassifyByte(plaintext[count - 1]))
            plaintext.removeLast(pad)
            return plaintext
        }

        /// All ones when `p` (at least 16 bytes) ends in valid PKCS#7 padding — a last byte n in 1…16 and the n last
        /// bytes all equal to n — else 0. The last 16 bytes are all read and combined with masks: no branch and no
        /// address depends on them.
        static func paddingMask(_ p: UnsafeRawBufferPointer) -> UInt64 {
            let count = p.count
            let n = UInt64(p[count - 1])
            var bad = CT.equalMask(n, 0) | ~CT.lessThanMask(n, 17)
            for i in 0..<16 {
                let inPadding = CT.lessThanMask(UInt64(i), n)
                bad |= inPadding & ~CT.equalMask(UInt64(p[count - 1 - i]), n)
            }
            return ~bad
        }

        /// The AES key schedule (second half of `key`) and the prepared HMAC key (first half).
        static func split(_ key: SymmetricKey) throws(AESError) -> (KeySchedule, MACKey) {
            let result: (KeySchedule, MACKey)? = key.withUnsafeBytes { k in
                let half = k.count / 2
                guard k.count == 32 || k.count == 48 || k.count == 64,
                      let schedule = KeySchedule(key: UnsafeRawBufferPointer(rebasing: k[half...]))
                else { return nil }
                return (schedule, MACKey(UnsafeRawBufferPointer(rebasing: k[..<half])))
            }
            guard let result else {
                throw AESError.make(.invalidKeySize,
                                    "an AES_CBC_HMAC_SHA2 key is 32, 48 or 64 bytes, not \(key.byteCount)")
            }
            return result
        }

        @inline(never)
        static func failure(file: String = #fileID, line: Int = #line) -> AESError {
            AESError.make(.authenticationFailure, "the message does not authenticate", file: file, line: line)
        }

        /// The HMAC key of one of the three variants.
        enum MACKey {
            case sha256(HMAC<SHA256>.Key)
            case sha384(HMAC<SHA384>.Key)
            case sha512(HMAC<SHA512>.Key)

            init(_ bytes: UnsafeRawBufferPointer) {
                switch bytes.count {
                case 16: self = .sha256(HMAC<SHA256>.Key(keyBytes: bytes))
                case 24: self = .sha384(HMAC<SHA384>.Key(keyBytes: bytes))
                default: self = .sha512(HMAC<SHA512>.Key(keyBytes: bytes))
                }
            }

            /// T_LEN: 16, 24 or 32.
            var tagByteCount: Int {
                switch self {
                case .sha256: 16
                case .sha384: 24
                case .sha512: 32
                }
            }

            /// The first T_LEN bytes of HMAC(AAD ‖ IV ‖ ciphertext ‖ AL), AL being the AAD's length in bits as a
            /// 64-bit big-endian number.
            func tag(aad: UnsafeRawBufferPointer, iv: UnsafeRawBufferPointer, ciphertext: UnsafeRawBufferPointer)
                -> [UInt8]
            {
                switch self {
                case .sha256(let k): mac(k, aad, iv, ciphertext)
                case .sha384(let k): mac(k, aad, iv, ciphertext)
                case .sha512(let k): mac(k, aad, iv, ciphertext)
                }
            }

            private func mac<H: HashFunction>(
                _ key: HMAC<H>.Key, _ aad: UnsafeRawBufferPointer, _ iv: UnsafeRawBufferPointer,
                _ ciphertext: UnsafeRawBufferPointer
            ) -> [UInt8] {
                var h = HMAC<H>(key: key)
                h.update(bufferPointer: aad)
                h.update(bufferPointer: iv)
                h.update(bufferPointer: ciphertext)
                var al = (UInt64(aad.count) &* 8).bigEndian
                withUnsafeBytes(of: &al) { h.update(bufferPointer: $0) }
                let full = h.finalize().bytes
                return Array(full[0..<tagByteCount])
            }
        }
    }
}
