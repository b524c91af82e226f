import BigNum
import ConstantTime
import SHA2

// Signature verification: RSASSA-PKCS1-v1_5-VERIFY (RFC 8017 §8.2.2) and RSASSA-PSS-VERIFY
// (RFC 8017 §8.1.2), over the encodings EMSA-PKCS1-v1_5 (§9.2) and EMSA-PSS-VERIFY (§9.1.2).
// All inputs are public: the checks may stop at the first difference.

extension RSAPublicKey {
    /// Verifies `signature` over `message`, hashing the message with the padding's hash.
    ///
    /// The signature must be exactly ``modulusByteCount`` bytes and, as a number, below the
    /// modulus. Returns false for any malformed or non-matching signature, for a padding this key
    /// does not permit (``permits(_:)``), and never traps. Inputs are public: not constant time.
    public func isValidSignature(
        _ signature: some Collection<UInt8>, for message: some Sequence<UInt8>, padding: RSAPadding
    ) -> Bool {
        let mHash = padding.hashAlgorithm.hash(message)
        return verify(Array(signature), mHash: mHash, padding: padding)
    }

    /// Verifies `signature` over a precomputed digest. The digest must come from the padding's
    /// hash (its concrete type is checked: a SHA-512/256 digest is not a SHA-256 digest).
    public func isValidSignature(
        _ signature: some Collection<UInt8>, for digest: some Digest, padding: RSAPadding
    ) -> Bool {
        guard padding.hashAlgorithm.matches(digest) else { return false }
        return verify(Array(signature), mHash: digest.bytes, padding: padding)
    }

    /// Verifies `signature` over digest bytes produced by the padding's hash (length checked).
    public func isValidSignature(
        _ signature: some Collection<UInt8>, digestBytes: some Collection<UInt8>, padding: RSAPadding
    ) -> Bool {
        let d = Array(digestBytes)
        guard d.count == padding.hashAlgorithm.byteCount else { return false }
        return verify(Array(signature), mHash: d, padding: padding)
    }

    /// RSAVP1 (RFC 8017 §5.2.2): m = s^e mod n as k bytes, or nil if the signature is not exactly
    /// k bytes (§8.1.2 / §8.2.2 step 1) or s ≥ n (§5.2.2 step 1).
    func publicOperation(_ signature: [UInt8]) -> [UInt8]? {
        publicOperation(signature) { Array($0) }
    }

    /// RSAVP1 handing the k bytes of m to `body` (a temporary buffer: no heap allocation).
    func publicOperation<R>(_ signature: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard signature.count == modulusByteCount else { return nil }
        return context.powerVarTime(bigEndianBase: signature, exponent: exponent, body)
    }

    func verify(_ signature: [UInt8], mHash: [UInt8], padding: RSAPadding) -> Bool {
        guard permits(padding) else { return false }
        let valid = publicOperation(signature) { em -> Bool in
            switch padding.backing {
            case .pkcs1v1_5(let h):
                return RSAPublicKey.pkcs1v15Matches(em, mHash: mHash, hash: h)
            case .pss(let h, let mgf, let saltLength):
                if let s = saltLength, s < minimumSaltLength { return false }
                return RSAPublicKey.pssMatches(em, modulusBits: modulusBitCount, mHash: mHash, hash: h, mgfHash: mgf,
                                               saltLength: saltLength, minimumSaltLength: minimumSaltLength)
            }
        }
        return valid ?? false
    }

    /// RFC 8017 §8.2.2 steps 3–4: builds EM' = EMSA-PKCS1-V1_5-ENCODE(M, k) (§9.2) and compares it
    /// with EM in full. The decrypted block is never parsed. EM' lives in a temporary buffer.
    static func pkcs1v15Matches(_ em: UnsafeBufferPointer<UInt8>, mHash: [UInt8], hash: RSAHashAlgorithm) -> Bool {
        let k = em.count
        // §9.2 step 2: T = DigestInfo prefix ‖ H.
        let prefix = hash.digestInfoPrefix
        let tLen = prefix.count + mHash.count
        // §9.2 step 3: "If emLen < tLen + 11, output 'intended encoded message length too short'".
        guard k >= tLen + 11 else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: k) { expected -> Bool in
            // §9.2 steps 4–5: EM = 0x00 ‖ 0x01 ‖ PS (0xFF × (k − tLen − 3)) ‖ 0x00 ‖ T.
            expected.initialize(repeating: 0xff)
            expected[0] = 0x00
            expected[1] = 0x01
            let tStart = k - tLen
            expected[tStart - 1] = 0x00
            for i in 0..<prefix.count { expected[tStart + i] = prefix[i] }
            for i in 0..<mHash.count { expected[tStart + prefix.count + i] = mHash[i] }
            // §8.2.2 step 4: compare EM and EM' in full (ConstantTime's word-at-a-time compare: public data here,
            // but one comparison routine for the whole package).
            return CT.equals(UnsafeRawBufferPointer(em), UnsafeRawBufferPointer(expected))
        }
    }

    /// EMSA-PSS-VERIFY (RFC 8017 §9.1.2) on the k-byte RSAVP1 output, with emBits = modBits − 1
    /// (§8.1.2 step 2c). DB is unmasked in a temporary buffer; H' is hashed in place.
    static func pssMatches(
        _ m: UnsafeBufferPointer<UInt8>, modulusBits: Int, mHash: [UInt8], hash: RSAHashAlgorithm,
        mgfHash: RSAHashAlgorithm, saltLength: Int?, minimumSaltLength: Int
    ) -> Bool {
        let emBits = modulusBits - 1
        let emLen = (emBits + 7) / 8
        // §8.1.2 step 2c: EM = I2OSP(m, emLen); m has k bytes, so when emLen = k − 1 its first
        // byte must be zero ("integer too large" otherwise).
        if emLen < m.count {
            guard m[0] == 0 else { return false }
        }
        let em = m[(m.count - emLen)...]
        let base = em.startIndex
        let hLen = hash.byteCount
        // Step 3: "If emLen < hLen + sLen + 2, output 'inconsistent'" (written so that no
        // caller-supplied salt length can overflow).
        guard emLen >= hLen + 2 else { return false }
        if let s = saltLength, s < 0 || s > emLen - hLen - 2 { return false }
        // Step 4: the rightmost octet must be 0xbc.
        guard em[em.endIndex - 1] == 0xbc else { return false }
        // Step 5: maskedDB = the leftmost emLen − hLen − 1 octets, H = the next hLen octets.
        let dbLen = emLen - hLen - 1
        let h = em[(base + dbLen)..<(base + dbLen + hLen)]
        // Step 6: the leftmost 8·emLen − emBits bits of maskedDB must be zero.
        let topBits = 8 * emLen - emBits
        let topMask: UInt8 = topBits == 0 ? 0 : UInt8(truncatingIfNeeded: 0xff << (8 - topBits))
        guard em[base] & topMask == 0 else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: dbLen) { db -> Bool in
            // Steps 7–8: DB = maskedDB ⊕ MGF(H, emLen − hLen − 1).
            _ = db.initialize(from: em[base..<(base + dbLen)])
            mgfHash.xorMGF1(seed: UnsafeBufferPointer(rebasing: h), into: db)
            // Step 9: clear the leftmost 8·emLen − emBits bits of DB.
            db[0] &= ~topMask
            // Step 10: the leftmost emLen − hLen − sLen − 2 octets of DB are zero and the next is 0x01.
            // With the salt length unknown, the first non-zero octet must be that 0x01.
            var sep = 0
            while sep < dbLen && db[sep] == 0 { sep += 1 }
            guard sep < dbLen, db[sep] == 0x01 else { return false }
            let sLen = dbLen - sep - 1
            if let s = saltLength {
                guard sLen == s else { return false }
            } else {
                guard sLen >= minimumSaltLength else { return false }
            }
            // Step 11: salt = the last sLen octets of DB.
            let salt = UnsafeBufferPointer(rebasing: db[(dbLen - sLen)...])
            // Steps 12–14: H' = Hash(0x00 × 8 ‖ mHash ‖ salt); consistent iff H = H'.
            return hash.withPSSHash(mHash: mHash, salt: salt) { hPrime in
                return h.elementsEqual(hPrime)
            }
        }
    }
}
