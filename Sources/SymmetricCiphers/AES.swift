import SHA2

/// AES (FIPS 197) in constant time, and the modes JOSE needs: GCM, AES_CBC_HMAC_SHA2 and key wrap.
///
/// Every operation runs the bitsliced cipher of this module: no table is indexed and no branch taken on a key, a
/// plaintext or anything computed from them, on any processor, without AES instructions. Keys are `SymmetricKey`
/// values from SHA2 (16, 24 or 32 bytes for AES-128, -192, -256).
public enum AES {
    /// The block size, 16 bytes.
    public static let blockByteCount = 16

    /// The raw block cipher: encryption and decryption of whole 16-byte blocks (ECB, each block on its own).
    ///
    /// A building block for modes and tests; to protect data use ``AES/GCM`` or ``AES/CBCHMAC``.
    public struct BlockCipher: Sendable {
        @usableFromInline let schedule: KeySchedule

        /// Expands `key` (16, 24 or 32 bytes; otherwise ``AESError/Code-swift.struct/invalidKeySize``).
        public init(key: SymmetricKey) throws(AESError) {
            schedule = try KeySchedule.make(key)
        }

        /// The number of rounds: 10, 12 or 14.
        public var rounds: Int { schedule.rounds }

        /// Each 16-byte block of `blocks` encrypted; the length must be a multiple of 16.
        public func encrypt(_ blocks: some Collection<UInt8>) throws(AESError) -> [UInt8] {
            try run(blocks, encrypting: true)
        }

        /// Each 16-byte block of `blocks` decrypted; the length must be a multiple of 16.
        public func decrypt(_ blocks: some Collection<UInt8>) throws(AESError) -> [UInt8] {
            try run(blocks, encrypting: false)
        }

        private func run(_ blocks: some Collection<UInt8>, encrypting: Bool) throws(AESError) -> [UInt8] {
            let count = blocks.count
            guard count % 16 == 0 else {
                throw AESError.make(.invalidInputSize, "AES blocks are 16 bytes; \(count) is not a multiple of 16")
            }
            var out = [UInt8](repeating: 0, count: count)
            withBytes(blocks) { input in
                out.withUnsafeMutableBytes { output in
                    guard count > 0 else { return }
                    if encrypting {
                        schedule.encryptBlocks(input.baseAddress!, output.baseAddress!, length: count)
                    } else {
                        schedule.decryptBlocks(input.baseAddress!, output.baseAddress!, length: count)
                    }
                }
            }
            return out
        }
    }
}
