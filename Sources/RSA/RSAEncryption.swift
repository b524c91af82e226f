import BigNum
import ConstantTime
import SHA2

// RSAES-OAEP (RFC 8017 §7.1): encryption with the public key, decryption with the private key's blinded CRT
// operation (the one signing uses) and a constant-time EME-OAEP decoding. JWE's RSA-OAEP (SHA-1) and RSA-OAEP-256
// (SHA-256) are RFC 7518 §4.3.

/// The padding of RSA encryption: RSAES-OAEP (RFC 8017 §7.1) with one hash for the label and MGF1.
///
/// A struct over a private enum, so schemes can be added without breaking callers. RSAES-PKCS1-v1_5 (JWE's `RSA1_5`)
/// is absent on purpose: its decryption is a padding oracle (Bleichenbacher 1998, and its many returns).
public struct RSAEncryptionPadding: Sendable, Hashable, CustomStringConvertible {
    enum Backing: Sendable, Hashable { case sha1, sha256, sha384, sha512 }
    let backing: Backing

    /// OAEP with SHA-1 and MGF1-SHA-1: JWE `RSA-OAEP` (RFC 7518 §4.3), CryptoKit's `.PKCS1_OAEP`. SHA-1 serves
    /// OAEP only here (label hash and masks, where collisions do not matter); nothing else in the package takes it.
    public static let oaepSHA1 = RSAEncryptionPadding(backing: .sha1)
    /// OAEP with SHA-256 and MGF1-SHA-256: JWE `RSA-OAEP-256`, CryptoKit's `.PKCS1_OAEP_SHA256`.
    public static let oaepSHA256 = RSAEncryptionPadding(backing: .sha256)
    /// OAEP with SHA-384 and MGF1-SHA-384.
    public static let oaepSHA384 = RSAEncryptionPadding(backing: .sha384)
    /// OAEP with SHA-512 and MGF1-SHA-512.
    public static let oaepSHA512 = RSAEncryptionPadding(backing: .sha512)

    /// hLen, the hash's output length in bytes.
    public var hashByteCount: Int {
        switch backing {
        case .sha1: return 20
        case .sha256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    /// The longest message a key of `modulusByteCount` bytes encrypts with this padding: k − 2·hLen − 2 (RFC 8017
    /// §7.1.1 step 1b); negative when the key is too small for the hash.
    public func maximumMessageByteCount(modulusByteCount k: Int) -> Int { k - 2 * hashByteCount - 2 }

    public var description: String {
        switch backing {
        case .sha1: return "OAEP SHA-1, MGF1 SHA-1"
        case .sha256: return "OAEP SHA-256, MGF1 SHA-256"
        case .sha384: return "OAEP SHA-384, MGF1 SHA-384"
        case .sha512: return "OAEP SHA-512, MGF1 SHA-512"
        }
    }
}

extension RSAPublicKey {
    /// RSAES-OAEP-ENCRYPT (RFC 8017 §7.1.1): `message` (at most k − 2·hLen − 2 bytes) encrypted to a k-byte
    /// ciphertext with a fresh random seed from `SystemRandomNumberGenerator`. `label` is OAEP's L (empty in JOSE).
    /// Constant time in the message (the exponentiation by e runs the same products for every value).
    ///
    /// - Throws: ``RSAKeyError`` `.messageTooLong` when the message does not fit (or the key is too small for the
    ///   hash: then no message fits).
    public func encrypt(_ message: some Collection<UInt8>, padding: RSAEncryptionPadding, label: [UInt8] = []) throws(RSAKeyError) -> [UInt8] {
        var rng = SystemRandomNumberGenerator()
        return try encrypt(Array(message), padding: padding, label: label, using: &rng)
    }

    func encrypt(_ message: [UInt8], padding: RSAEncryptionPadding, label: [UInt8], using rng: inout some RandomNumberGenerator) throws(RSAKeyError) -> [UInt8] {
        let k = modulusByteCount
        let limit = padding.maximumMessageByteCount(modulusByteCount: k)
        guard message.count <= limit else {
            throw .make(.messageTooLong, limit < 0
                ? "a \(modulusBitCount)-bit key is too small for \(padding)"
                : "a message of \(message.count) bytes does not fit; \(padding) with a \(modulusBitCount)-bit key takes at most \(limit)")
        }
        var seed = [UInt8](repeating: 0, count: padding.hashByteCount)
        var i = 0
        while i < seed.count {
            let w = rng.next()
            var j = 0
            while j < 8 && i < seed.count { seed[i] = UInt8(truncatingIfNeeded: w >> UInt64(8 * j)); i += 1; j += 1 }
        }
        var em: [UInt8]
        switch padding.backing {
        case .sha1: em = RSAPublicKey.oaepEncode(OAEPSHA1.self, message, label: label, seed: seed, k: k)
        case .sha256: em = RSAPublicKey.oaepEncode(SHA256.self, message, label: label, seed: seed, k: k)
        case .sha384: em = RSAPublicKey.oaepEncode(SHA384.self, message, label: label, seed: seed, k: k)
        case .sha512: em = RSAPublicKey.oaepEncode(SHA512.self, message, label: label, seed: seed, k: k)
        }
        CT.wipe(&seed)
        defer { CT.wipe(&em) }
        return encryptionPrimitive(em)
    }

    /// EME-OAEP encoding (RFC 8017 §7.1.1 step 2): EM = 0x00 ‖ maskedSeed ‖ maskedDB, DB = lHash ‖ PS ‖ 0x01 ‖ M.
    static func oaepEncode<H: HashFunction>(_: H.Type, _ m: [UInt8], label: [UInt8], seed: [UInt8], k: Int) -> [UInt8] {
        let hLen = H.byteCount
        var em = [UInt8](repeating: 0, count: k)
        em.withUnsafeMutableBufferPointer { e in
            H.hash(data: label).withUnsafeBytes { l in for i in 0..<hLen { e[1 + hLen + i] = l[i] } }
            e[k - m.count - 1] = 0x01
            for i in 0..<m.count { e[k - m.count + i] = m[i] }
            for i in 0..<hLen { e[1 + i] = seed[i] }
            let seedPart = UnsafeMutableBufferPointer(rebasing: e[1...hLen])
            let db = UnsafeMutableBufferPointer(rebasing: e[(1 + hLen)...])
            oaepXorMGF1(H.self, seed: UnsafeBufferPointer(seedPart), into: db)       // maskedDB
            oaepXorMGF1(H.self, seed: UnsafeBufferPointer(db), into: seedPart)       // maskedSeed
        }
        return em
    }

    /// RSAEP (RFC 8017 §5.1.1): c = m^e mod n for a k-byte m < n (EM's leading zero byte guarantees it), with the
    /// products constant time in m.
    func encryptionPrimitive(_ em: [UInt8]) -> [UInt8] {
        let ctx = context
        let kn = ctx.limbCount
        var m = RSAPrivateKey.limbs(em, count: kn)
        defer { m.withUnsafeMutableBufferPointer { CT.wipe(UnsafeMutableRawBufferPointer($0)) } }
        let c: [UInt64] = m.withUnsafeBufferPointer { pm in
            ctx.withConstants { n, rr in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 5 * kn + 1) { buf in
                    let out = buf.baseAddress!, scratch = out + kn
                    ctx.powerSmallCore(out, pm.baseAddress!, exponent, n, rr, scratch)
                    let r = Array(UnsafeBufferPointer(start: out, count: kn))
                    CT.wipe(UnsafeMutableRawBufferPointer(buf))
                    return r
                }
            }
        }
        let k = modulusByteCount
        return [UInt8](unsafeUninitializedCapacity: k) { o, initialized in
            for i in 0..<k { o[k - 1 - i] = UInt8(truncatingIfNeeded: c[i >> 3] >> UInt64((i & 7) << 3)) }
            initialized = k
        }
    }

    /// Whether the k-byte big-endian `c` is below n (RFC 8017 §5.1.2 step 1). The ciphertext is public.
    func isBelowModulus(_ c: [UInt8]) -> Bool {
        let limbs = RSAPrivateKey.limbs(c, count: context.limbCount)
        let n = context.modulus.limbs
        var j = limbs.count - 1
        while j >= 0 {
            let nj = j < n.count ? n[j] : 0
            if limbs[j] != nj { return limbs[j] < nj }
            j -= 1
        }
        return false
    }
}

/// XORs MGF1 (RFC 8017 §B.2.1) with hash H over `seed` into `mask`, in place. Constant time in the seed and the
/// mask (the hash runs the same rounds for every value; lengths are public).
func oaepXorMGF1<H: HashFunction>(_: H.Type, seed: UnsafeBufferPointer<UInt8>, into mask: UnsafeMutableBufferPointer<UInt8>) {
    let length = mask.count
    var seeded = H()
    seeded.update(bufferPointer: UnsafeRawBufferPointer(seed))
    var counter: UInt32 = 0
    var offset = 0
    while offset < length {
        var block = seeded
        withUnsafeBytes(of: counter.bigEndian) { block.update(bufferPointer: $0) }
        var digest = block.finalize()
        digest.withUnsafeBytes { t in
            let c = Swift.min(H.byteCount, length - offset)
            for i in 0..<c { mask[offset + i] ^= t[i] }
        }
        CT.wipe(&digest)
        offset += H.byteCount
        counter &+= 1
    }
}

extension RSAPrivateKey {
    /// RSAES-OAEP-DECRYPT (RFC 8017 §7.1.2): the message inside a k-byte ciphertext, or `.decryptionFailed`.
    ///
    /// One error for every failure — a ciphertext of the wrong length or not below n, a fault in the private
    /// operation, a nonzero leading byte, a wrong label hash, a padding string that does not end in 0x01 — and the
    /// decoding has no early exit: the leading byte, the label hash and the separator are checked with masks over
    /// the whole block, the message is moved out of it by a constant-time shift, and only the final verdict (and,
    /// when valid, the message length) is published (Manger's attack, CRYPTO 2001, needs to tell the leading-byte
    /// failure apart). The private operation is the blinded CRT one that signing uses.
    ///
    /// JWE decrypters should still follow RFC 7516 §11.5 (go on with a random CEK on failure) so that the content
    /// layer, not this one, reports the error.
    public func decrypt(_ ciphertext: some Collection<UInt8>, padding: RSAEncryptionPadding, label: [UInt8] = []) throws(RSAKeyError) -> [UInt8] {
        let c = Array(ciphertext)
        let pub = publicKey
        let k = pub.modulusByteCount
        // Steps 1b–1c and RSADP's range check (§5.1.2 step 1): public facts about the ciphertext and the key.
        guard c.count == k, padding.maximumMessageByteCount(modulusByteCount: k) >= 0, pub.isBelowModulus(c) else {
            throw RSAPrivateKey.decryptionFailed()
        }
        var em: [UInt8]
        do {
            var rng = SystemRandomNumberGenerator()
            em = try privateOperation(c, using: &rng)
        } catch {
            throw RSAPrivateKey.decryptionFailed()
        }
        defer { CT.wipe(&em) }
        let message: [UInt8]?
        switch padding.backing {
        case .sha1: message = RSAPrivateKey.oaepDecode(OAEPSHA1.self, &em, label: label)
        case .sha256: message = RSAPrivateKey.oaepDecode(SHA256.self, &em, label: label)
        case .sha384: message = RSAPrivateKey.oaepDecode(SHA384.self, &em, label: label)
        case .sha512: message = RSAPrivateKey.oaepDecode(SHA512.self, &em, label: label)
        }
        guard let message else { throw RSAPrivateKey.decryptionFailed() }
        return message
    }

    /// The one error of OAEP decryption (the same code and words for every cause).
    static func decryptionFailed() -> RSAKeyError {
        .make(.decryptionFailed, "RSA-OAEP decryption failed")
    }

    /// EME-OAEP decoding (RFC 8017 §7.1.2 step 3) of a k-byte EM (k ≥ 2·hLen + 2), in place, constant time in EM:
    /// nil when Y ≠ 0, lHash' ≠ Hash(label), or DB after lHash' is not zeros, then 0x01; else M. EM is left masked.
    static func oaepDecode<H: HashFunction>(_: H.Type, _ em: inout [UInt8], label: [UInt8]) -> [UInt8]? {
        let hLen = H.byteCount
        let k = em.count
        precondition(k >= 2 * hLen + 2, "OAEP: the caller checks k ≥ 2·hLen + 2")
        let lHash = H.hash(data: label)   // public
        // The longest message, and where it starts when PS is empty.
        let maxLen = k - 2 * hLen - 2
        let first = 2 * hLen + 2
        var out = [UInt8](repeating: 0, count: maxLen)
        let (good, length): (UInt64, UInt64) = em.withUnsafeMutableBufferPointer { e in
            let seed = UnsafeMutableBufferPointer(rebasing: e[1...hLen])
            let db = UnsafeMutableBufferPointer(rebasing: e[(1 + hLen)...])
            // Steps 3c–3f: seed = maskedSeed ⊕ MGF(maskedDB, hLen); DB = maskedDB ⊕ MGF(seed, k − hLen − 1).
            oaepXorMGF1(H.self, seed: UnsafeBufferPointer(db), into: seed)
            oaepXorMGF1(H.self, seed: UnsafeBufferPointer(seed), into: db)
            // Step 3g, all checks as masks (all ones = holds), none of them ends the work early.
            var good = CT.equalMask(UInt64(e[0]), 0)                                 // Y = 0
            var diff: UInt64 = 0
            lHash.withUnsafeBytes { l in for i in 0..<hLen { diff |= UInt64(e[1 + hLen + i] ^ l[i]) } }
            good &= ~CT.nonZeroMask(diff)                                            // lHash' = lHash
            // The separator: the first byte after lHash' that is not zero must be 0x01.
            var looking: UInt64 = ~0, index: UInt64 = 0, invalid: UInt64 = 0
            var i = 1 + 2 * hLen
            while i < k {
                let b = UInt64(e[i])
                let isZero = CT.equalMask(b, 0), isOne = CT.equalMask(b, 1)
                index = CT.select(looking & isOne, UInt64(i), index)
                invalid |= looking & ~isZero & ~isOne
                looking &= ~isOne
                i += 1
            }
            good &= ~looking & ~invalid
            // M = EM[index + 1 ..< k]: copy EM[first ..< k] out, then shift it left by index + 1 − first (0 when
            // invalid), one masked pass per bit of the shift: the addresses never depend on it.
            for j in 0..<maxLen { out[j] = e[first + j] }
            let shift = CT.select(good, index &+ 1 &- UInt64(first), 0)
            var step = 1
            while step <= maxLen {
                let take = CT.nonZeroMask(shift & UInt64(step))
                let keep = UInt8(truncatingIfNeeded: ~take), move = UInt8(truncatingIfNeeded: take)
                for j in 0..<maxLen {
                    let src: UInt8 = j + step < maxLen ? out[j + step] : 0
                    out[j] = (out[j] & keep) | (src & move)
                }
                step <<= 1
            }
            return (good, UInt64(maxLen) &- shift)
        }
        // The verdict is published (it is the result); the length only for a valid message, where it is M's.
        guard CT.declassify(good) else {
            CT.wipe(&out)
            return nil
        }
        let n = Int(CT.declassifyValue(length))
        let message = Array(out[0..<n])
        CT.wipe(&out)
        return message
    }
}
