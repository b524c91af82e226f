import SHA2

// AES-GCM (NIST SP 800-38D): GCTR encryption and GHASH authentication, in CryptoKit's shape.

extension AES {
    /// AES in Galois/Counter Mode (NIST SP 800-38D), with 16-byte tags: JWE's `A128GCM`, `A192GCM`, `A256GCM` and
    /// the `A*GCMKW` key wrapping.
    ///
    /// `open` computes the tag over the ciphertext first, compares it in constant time and decrypts only when it
    /// matches: no plaintext exists before the tag verifies.
    public enum GCM {
        /// The nonce length that makes J₀ = nonce ‖ 0³¹1 (12 bytes), the one JOSE uses.
        public static let defaultNonceByteCount = 12
        /// The tag length, 16 bytes.
        public static let tagByteCount = 16
        /// The longest plaintext GCM allows: 2³⁹ − 256 bits (SP 800-38D §5.2.1.1).
        static let maximumMessageByteCount = (1 << 36) - 32

        /// A GCM nonce (initialisation vector): 12 random bytes by default, or any non-empty byte string.
        ///
        /// Lengths other than 12 bytes are hashed into J₀ with GHASH (SP 800-38D §7.1 step 2); they interoperate,
        /// but 12 is the length to use (CryptoKit refuses shorter ones; this accepts them for the standard's vectors).
        public struct Nonce: Sendable, Equatable, Sequence {
            /// The nonce bytes.
            public let bytes: [UInt8]

            /// Twelve fresh random bytes from the system's cryptographically secure generator.
            public init() {
                var rng = SystemRandomNumberGenerator()
                bytes = (0..<12).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
            }

            /// The nonce `data`: at least one byte (otherwise ``AESError/Code-swift.struct/invalidNonceSize``).
            public init(data: some Collection<UInt8>) throws(AESError) {
                guard !data.isEmpty else { throw AESError.make(.invalidNonceSize, "a GCM nonce is at least one byte") }
                bytes = Array(data)
            }

            public func makeIterator() -> Array<UInt8>.Iterator { bytes.makeIterator() }

            /// Calls `body` with the nonce bytes.
            public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
                let r: Result<R, E> = bytes.withUnsafeBytes { raw in
                    do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
                }
                return try r.get()
            }
        }

        /// The output of ``seal(_:using:nonce:authenticating:)``: nonce, ciphertext and tag.
        public struct SealedBox: Sendable {
            /// The nonce the message was sealed with.
            public let nonce: Nonce
            /// The ciphertext (as long as the plaintext).
            public let ciphertext: [UInt8]
            /// The 16-byte authentication tag.
            public let tag: [UInt8]

            /// nonce ‖ ciphertext ‖ tag, when the nonce is 12 bytes (the layout ``init(combined:)`` reads); `nil`
            /// for other nonce lengths.
            public var combined: [UInt8]? {
                guard nonce.bytes.count == GCM.defaultNonceByteCount else { return nil }
                return nonce.bytes + ciphertext + tag
            }

            /// A box from its parts; the tag must be 16 bytes (``AESError/Code-swift.struct/invalidTagSize``).
            public init(nonce: Nonce, ciphertext: some Collection<UInt8>, tag: some Collection<UInt8>) throws(AESError) {
                guard tag.count == GCM.tagByteCount else {
                    throw AESError.make(.invalidTagSize, "a GCM tag is 16 bytes, not \(tag.count)")
                }
                self.nonce = nonce
                self.ciphertext = Array(ciphertext)
                self.tag = Array(tag)
            }

            /// A box from nonce ‖ ciphertext ‖ tag with a 12-byte nonce and a 16-byte tag; shorter than 28 bytes is
            /// ``AESError/Code-swift.struct/invalidInputSize``.
            public init(combined: some Collection<UInt8>) throws(AESError) {
                let bytes = Array(combined)
                guard bytes.count >= GCM.defaultNonceByteCount + GCM.tagByteCount else {
                    throw AESError.make(.invalidInputSize, "a combined GCM box is at least 28 bytes, not \(bytes.count)")
                }
                nonce = try Nonce(data: bytes[0..<12])
                ciphertext = Array(bytes[12..<(bytes.count - 16)])
                tag = Array(bytes[(bytes.count - 16)...])
            }

            init(nonce: Nonce, ciphertext: [UInt8], uncheckedTag: [UInt8]) {
                self.nonce = nonce; self.ciphertext = ciphertext; self.tag = uncheckedTag
            }
        }

        /// Encrypts and authenticates `message`, authenticating `authenticatedData` too (not encrypted).
        ///
        /// - Parameters:
        ///   - message: the plaintext (at most 2³⁶ − 32 bytes).
        ///   - key: a 16-, 24- or 32-byte key.
        ///   - nonce: the nonce; a random 12-byte one when `nil`. Never seal two messages with one key and nonce.
        ///   - authenticatedData: additional data bound to the tag (JWE: the protected header's ASCII).
        public static func seal(
            _ message: some Collection<UInt8>, using key: SymmetricKey, nonce: Nonce? = nil,
            authenticating authenticatedData: some Collection<UInt8>
        ) throws(AESError) -> SealedBox {
            let schedule = try KeySchedule.make(key)
            let nonce = nonce ?? Nonce()
            guard message.count <= maximumMessageByteCount else {
                throw AESError.make(.invalidInputSize, "GCM takes at most 2^36 - 32 bytes of plaintext")
            }
            let (ciphertext, tag) = withBytes(message) { m in
                withBytes(authenticatedData) { a in
                    nonce.withUnsafeBytes { n in sealRaw(schedule, nonce: n, message: m, aad: a) }
                }
            }
            return SealedBox(nonce: nonce, ciphertext: ciphertext, uncheckedTag: tag)
        }

        /// Encrypts and authenticates `message` (no additional data).
        public static func seal(
            _ message: some Collection<UInt8>, using key: SymmetricKey, nonce: Nonce? = nil
        ) throws(AESError) -> SealedBox {
            try seal(message, using: key, nonce: nonce, authenticating: EmptyCollection())
        }

        /// The plaintext of `sealedBox`, after its tag has verified over the ciphertext and `authenticatedData`;
        /// ``AESError/Code-swift.struct/authenticationFailure`` otherwise (nothing is decrypted then).
        public static func open(
            _ sealedBox: SealedBox, using key: SymmetricKey, authenticating authenticatedData: some Collection<UInt8>
        ) throws(AESError) -> [UInt8] {
            let schedule = try KeySchedule.make(key)
            return try withBytes(authenticatedData) { (a) throws(AESError) -> [UInt8] in
                try sealedBox.nonce.withUnsafeBytes { (n) throws(AESError) -> [UInt8] in
                    try withBytes(sealedBox.ciphertext) { (c) throws(AESError) -> [UInt8] in
                        try withBytes(sealedBox.tag) { (t) throws(AESError) -> [UInt8] in
                            try openRaw(schedule, nonce: n, ciphertext: c, tag: t, aad: a)
                        }
                    }
                }
            }
        }

        /// The plaintext of `sealedBox` (no additional data).
        public static func open(_ sealedBox: SealedBox, using key: SymmetricKey) throws(AESError) -> [UInt8] {
            try open(sealedBox, using: key, authenticating: EmptyCollection())
        }

        // MARK: - The mode itself

        /// The GHASH key H = E_K(0¹²⁸), the first counter block J₀ and E_K(J₀) (SP 800-38D §7.1 steps 1–2 and the
        /// mask of step 6). For a 12-byte nonce, E(0) and E(J₀) come out of one bitsliced pass.
        static func setUp(_ schedule: KeySchedule, nonce: UnsafeRawBufferPointer)
            -> (ghash: GHASH, j0: CounterBlock, mask: (UInt64, UInt64))
        {
            var blocks: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            return withUnsafeMutableBytes(of: &blocks) { b in
                let p = b.baseAddress!
                if nonce.count == GCM.defaultNonceByteCount {
                    (p + 16).copyMemory(from: nonce.baseAddress!, byteCount: 12)
                    p.storeBytes(of: UInt32(1).bigEndian, toByteOffset: 28, as: UInt32.self)
                    schedule.encrypt(p, p, count: 2)
                    let ghash = GHASH(hHigh: loadBE64(p, 0), hLow: loadBE64(p, 8))
                    // The counter block itself: J₀ = nonce ‖ 0³¹1.
                    var j0Bytes: (UInt64, UInt64) = (0, 0)
                    let j0 = withUnsafeMutableBytes(of: &j0Bytes) { j in
                        j.baseAddress!.copyMemory(from: nonce.baseAddress!, byteCount: 12)
                        j.storeBytes(of: UInt32(1).bigEndian, toByteOffset: 12, as: UInt32.self)
                        return CounterBlock(j.baseAddress!)
                    }
                    let mask = (loadBE64(p, 16), loadBE64(p, 24))
                    CT.wipe(b)
                    return (ghash, j0, mask)
                }
                schedule.encrypt(p, p, count: 1)
                var ghash = GHASH(hHigh: loadBE64(p, 0), hLow: loadBE64(p, 8))
                // J₀ = GHASH_H(IV ‖ 0^(s+64) ‖ [len(IV)]₆₄).
                var hashIV = ghash
                hashIV.update(nonce.baseAddress!, count: nonce.count)
                hashIV.absorb(0, UInt64(nonce.count) &* 8)
                storeBE64(p, 16, hashIV.y1)
                storeBE64(p, 24, hashIV.y0)
                let j0 = CounterBlock(p + 16)
                schedule.encrypt(p + 16, p + 16, count: 1)
                let mask = (loadBE64(p, 16), loadBE64(p, 24))
                CT.wipe(b)
                ghash.y0 = 0; ghash.y1 = 0
                return (ghash, j0, mask)
            }
        }

        /// Seals `message` (any length up to the limit) under `nonce` and `aad`: the ciphertext and the 16-byte tag.
        static func sealRaw(
            _ schedule: KeySchedule, nonce: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer,
            aad: UnsafeRawBufferPointer
        ) -> ([UInt8], [UInt8]) {
            var (ghash, j0, mask) = setUp(schedule, nonce: nonce)
            if let a = aad.baseAddress { ghash.update(a, count: aad.count) }
            var ciphertext = [UInt8](repeating: 0, count: message.count)
            ciphertext.withUnsafeMutableBytes { c in
                guard let m = message.baseAddress, let out = c.baseAddress else { return }
                var first = j0
                first.counter &+= 1
                schedule.ctr(first, m, out, length: message.count)
                ghash.update(out, count: message.count)
            }
            ghash.absorb(UInt64(aad.count) &* 8, UInt64(message.count) &* 8)
            var tag = [UInt8](repeating: 0, count: 16)
            tag.withUnsafeMutableBytes { t in
                storeBE64(t.baseAddress!, 0, ghash.y1 ^ mask.0)
                storeBE64(t.baseAddress!, 8, ghash.y0 ^ mask.1)
            }
            return (ciphertext, tag)
        }

        /// Verifies `tag` (its length, 1…16 bytes, is checked by the caller: 16 for the public API) over `aad` and
        /// `ciphertext`, in constant time, and only then decrypts.
        static func openRaw(
            _ schedule: KeySchedule, nonce: UnsafeRawBufferPointer, ciphertext: UnsafeRawBufferPointer,
            tag: UnsafeRawBufferPointer, aad: UnsafeRawBufferPointer
        ) throws(AESError) -> [UInt8] {
            guard nonce.count > 0, tag.count > 0, tag.count <= 16 else {
                throw AESError.make(.invalidTagSize, "a GCM tag is 1 to 16 bytes here, 16 in the public API")
            }
            guard ciphertext.count <= maximumMessageByteCount else { throw failure() }
            var (ghash, j0, mask) = setUp(schedule, nonce: nonce)
            if let a = aad.baseAddress { ghash.update(a, count: aad.count) }
            if let c = ciphertext.baseAddress { ghash.update(c, count: ciphertext.count) }
            ghash.absorb(UInt64(aad.count) &* 8, UInt64(ciphertext.count) &* 8)
            var expected: (UInt64, UInt64) = ((ghash.y1 ^ mask.0).bigEndian, (ghash.y0 ^ mask.1).bigEndian)
            let matches = withUnsafeBytes(of: &expected) { e in
                CT.equals(UnsafeRawBufferPointer(rebasing: e[0..<tag.count]), tag)
            }
            CT.wipe(&expected)
            // The verdict is public (the caller learns it anyway); it is published through the one declassification
            // point. Nothing is decrypted before it.
            guard !CT.declassify(UInt64(unsafeBitCast(matches, to: UInt8.self)) ^ 1) else { throw failure() }
            var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
            plaintext.withUnsafeMutableBytes { p in
                guard let c = ciphertext.baseAddress, let out = p.baseAddress else { return }
                var first = j0
                first.counter &+= 1
                schedule.ctr(first, c, out, length: ciphertext.count)
            }
            return plaintext
        }

        @inline(never)
        static func failure(file: String = #fileID, line: Int = #line) -> AESError {
            AESError.make(.authenticationFailure, "the GCM tag does not match", file: file, line: line)
        }
    }
}
