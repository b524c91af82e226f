import BigNum
import ConstantTime
import SHA2

// Signature generation: RSASSA-PKCS1-v1_5-SIGN (RFC 8017 §8.2.1) and RSASSA-PSS-SIGN (§8.1.1) over
// EMSA-PKCS1-v1_5-ENCODE (§9.2) and EMSA-PSS-ENCODE (§9.1.1), then RSASP1 (§5.2.1) by the CRT
// (§5.1.2 step 2b, Garner's recombination) in constant time, with base blinding and a check of
// the result with the public key before it is returned.

extension RSAPrivateKey {
    /// Signs `message`, hashing it with the padding's hash.
    ///
    /// PKCS#1 v1.5 is deterministic. PSS uses MGF1 with the padding's mask hash and a fresh random
    /// salt from `SystemRandomNumberGenerator`, as long as the hash unless the padding names a
    /// salt length (`.pss(.sha256)` → 32 bytes).
    ///
    /// - Throws: ``RSAKeyError``: `.unsupportedParameters` for a padding an `id-RSASSA-PSS` key does
    ///   not permit, `.unsupportedHash` when the key is too small for the encoding,
    ///   `.signingFailed` if the result does not verify (a fault; nothing is released).
    public func signature(for message: some Sequence<UInt8>, padding: RSAPadding) throws(RSAKeyError) -> [UInt8] {
        var rng = SystemRandomNumberGenerator()
        return try sign(mHash: padding.hashAlgorithm.hash(message), padding: padding, salt: nil, using: &rng)
    }

    /// Signs a precomputed digest; its type must be the padding's hash (`.unsupportedHash` otherwise).
    public func signature(for digest: some Digest, padding: RSAPadding) throws(RSAKeyError) -> [UInt8] {
        guard padding.hashAlgorithm.matches(digest) else {
            throw .make(.unsupportedHash, "the digest is not a \(padding.hashAlgorithm) digest")
        }
        var rng = SystemRandomNumberGenerator()
        return try sign(mHash: digest.bytes, padding: padding, salt: nil, using: &rng)
    }

    /// Signs `message` with the given PSS salt (the tests: NIST CAVP SigGenPSS lists its salts, reached through
    /// `@testable import`); for PKCS#1 v1.5 `salt` is ignored.
    func signature(for message: [UInt8], padding: RSAPadding, salt: [UInt8]) throws(RSAKeyError) -> [UInt8] {
        var rng = SystemRandomNumberGenerator()
        return try sign(mHash: padding.hashAlgorithm.hash(message), padding: padding, salt: salt, using: &rng)
    }

    func sign(mHash: [UInt8], padding: RSAPadding, salt fixedSalt: [UInt8]?, using rng: inout some RandomNumberGenerator) throws(RSAKeyError) -> [UInt8] {
        let pub = publicKey
        guard pub.permits(padding) else {
            throw .make(.unsupportedParameters, "this key (id-RSASSA-PSS) does not permit \(padding)")
        }
        let em: [UInt8]
        switch padding.backing {
        case .pkcs1v1_5(let h):
            em = try RSAPrivateKey.encodePKCS1v15(mHash: mHash, hash: h, k: pub.modulusByteCount)
        case .pss(let h, let mgf, let saltLength):
            let sLen = fixedSalt?.count ?? max(saltLength ?? h.byteCount, pub.minimumSaltLength)
            // The salt length can come from a key file (an id-RSASSA-PSS key's saltLength, any INTEGER that fits
            // 64 bits) or the caller: refuse one no modulus can hold before allocating it (Int.max trapped
            // here), and a negative one (it was taken as the key's minimum, a salt the verifier then refuses).
            guard sLen >= 0, sLen <= pub.modulusByteCount, (saltLength ?? 0) >= 0 else {
                throw .make(.unsupportedParameters, "a PSS salt of \(sLen) bytes does not fit a \(pub.modulusBitCount)-bit modulus")
            }
            var salt = fixedSalt ?? [UInt8](repeating: 0, count: sLen)
            if fixedSalt == nil {
                // Eight salt bytes per draw from the generator.
                var i = 0
                while i < salt.count {
                    let w = rng.next()
                    var j = 0
                    while j < 8 && i < salt.count { salt[i] = UInt8(truncatingIfNeeded: w >> UInt64(8 * j)); i += 1; j += 1 }
                }
            }
            em = try RSAPrivateKey.encodePSS(mHash: mHash, salt: salt, hash: h, mgfHash: mgf,
                                             modulusBits: pub.modulusBitCount, k: pub.modulusByteCount)
        }
        return try privateOperation(em, using: &rng)
    }

    /// EMSA-PKCS1-v1_5-ENCODE (RFC 8017 §9.2) for a k-byte modulus.
    static func encodePKCS1v15(mHash: [UInt8], hash: RSAHashAlgorithm, k: Int) throws(RSAKeyError) -> [UInt8] {
        let prefix = hash.digestInfoPrefix
        let tLen = prefix.count + mHash.count
        // Step 3: "If emLen < tLen + 11, output 'intended encoded message length too short'".
        guard k >= tLen + 11 else {
            throw .make(.unsupportedHash, "a \(k)-byte modulus is too short for \(hash) (needs \(tLen + 11) bytes)")
        }
        var em = [UInt8](repeating: 0xff, count: k)
        em[0] = 0x00
        em[1] = 0x01
        em[k - tLen - 1] = 0x00
        em.replaceSubrange((k - tLen)..<(k - mHash.count), with: prefix)
        em.replaceSubrange((k - mHash.count)..<k, with: mHash)
        return em
    }

    /// EMSA-PSS-ENCODE (RFC 8017 §9.1.1) with emBits = modBits − 1, left-padded to k bytes.
    static func encodePSS(
        mHash: [UInt8], salt: [UInt8], hash: RSAHashAlgorithm, mgfHash: RSAHashAlgorithm, modulusBits: Int, k: Int
    ) throws(RSAKeyError) -> [UInt8] {
        let emBits = modulusBits - 1
        let emLen = (emBits + 7) / 8
        let hLen = hash.byteCount
        // Step 3: "If emLen < hLen + sLen + 2, output 'encoding error'".
        guard emLen >= hLen + salt.count + 2 else {
            throw .make(.unsupportedHash, "a \(modulusBits)-bit modulus is too short for \(hash) with a \(salt.count)-byte salt")
        }
        // Steps 5–6: H = Hash(0x00 × 8 ‖ mHash ‖ salt).
        let h = salt.withUnsafeBufferPointer { salt in hash.withPSSHash(mHash: mHash, salt: salt) { Array($0) } }
        // Steps 7–8: DB = PS ‖ 0x01 ‖ salt.
        let dbLen = emLen - hLen - 1
        var db = [UInt8](repeating: 0, count: dbLen)
        db[dbLen - salt.count - 1] = 0x01
        db.replaceSubrange((dbLen - salt.count)..<dbLen, with: salt)
        // Steps 9–10: maskedDB = DB ⊕ MGF(H, emLen − hLen − 1).
        mgfHash.xorMGF1(seed: h[...], into: &db)
        // Step 11: clear the leftmost 8·emLen − emBits bits.
        let topBits = 8 * emLen - emBits
        if topBits > 0 { db[0] &= UInt8(truncatingIfNeeded: 0xff >> topBits) }
        // Step 12: EM = maskedDB ‖ H ‖ 0xbc, then I2OSP to k bytes.
        return [UInt8](repeating: 0, count: k - emLen) + db + h + [0xbc]
    }

    /// RSASP1 on a k-byte encoded message below n: blinded CRT exponentiation, checked with the
    /// public key before release.
    func privateOperation(_ em: [UInt8], using rng: inout some RandomNumberGenerator) throws(RSAKeyError) -> [UInt8] {
        try blindedPrivateOperation(em) { ctx in
            (RSAPrivateKey.randomBelow(ctx, using: &rng), RSAPrivateKey.randomBelow(ctx, using: &rng))
        }
    }

    /// At most this many blinding draws per signature. A draw fails only when r·b shares a prime with n, which for
    /// primes of the sizes the key rules allow (≥ 341 bits) has probability below 2⁻³³⁹ per draw.
    static let maximumBlindingDraws = 8

    /// The private operation with blinding pairs from `draw`: a fresh blinding factor r ∈ [1, n) and an independent
    /// public factor b (for the inversion). When r·b is not invertible mod n the pair is discarded and another
    /// drawn (at most ``maximumBlindingDraws``), so a bad draw never fails a signature.
    func blindedPrivateOperation(_ em: [UInt8], draw: (MontgomeryContext) -> ([UInt64], [UInt64])) throws(RSAKeyError) -> [UInt8] {
        let ctx = publicKey.context
        let m = RSAPrivateKey.limbs(em, count: ctx.limbCount)
        for _ in 0..<RSAPrivateKey.maximumBlindingDraws {
            let pair = draw(ctx)
            var r = pair.0
            let b = pair.1
            defer { r.withUnsafeMutableBufferPointer { CT.wipe(UnsafeMutableRawBufferPointer($0)) } }
            if let signature = try RSAPrivateKey.crtSign(m, publicKey: publicKey, secrets: secrets, r: r, b: b) {
                return signature
            }
        }
        throw .make(.signingFailed, "no invertible blinding value in \(RSAPrivateKey.maximumBlindingDraws) draws")
    }

    /// A uniform value in [1, n) as kn limbs (rejection sampling on the top limb's bit length).
    ///
    /// The limbs come from SHA-512 in counter mode over a 256-bit seed drawn from `rng` (four
    /// 64-bit draws instead of one per limb: each draw from `SystemRandomNumberGenerator` is a
    /// `getrandom` call, 2–3% of an RSA-2048 signature when taken per limb).
    static func randomBelow(_ ctx: MontgomeryContext, using rng: inout some RandomNumberGenerator) -> [UInt64] {
        let kn = ctx.limbCount
        let top = ctx.modulus.limbs[kn - 1]
        let topMask: UInt64 = top.leadingZeroBitCount == 0 ? ~0 : (1 << UInt64(64 - top.leadingZeroBitCount)) - 1
        var r = [UInt64](repeating: 0, count: kn)
        // seed (32 bytes) ‖ block counter (8 bytes, big-endian).
        var input = [UInt8](repeating: 0, count: 40)
        for i in 0..<4 {
            let w = rng.next()
            for j in 0..<8 { input[8 * i + j] = UInt8(truncatingIfNeeded: w >> UInt64(8 * j)) }
        }
        defer { for i in 0..<input.count { input[i] = 0 } }
        var counter: UInt64 = 0
        while true {
            var filled = 0
            while filled < kn {
                for j in 0..<8 { input[32 + j] = UInt8(truncatingIfNeeded: counter >> UInt64(56 - 8 * j)) }
                counter += 1
                var block = SHA512.hash(data: input).bytes
                var j = 0
                while j < 8 && filled < kn {
                    var v: UInt64 = 0
                    for b in 0..<8 { v = v << 8 | UInt64(block[8 * j + b]) }
                    r[filled] = v
                    filled += 1
                    j += 1
                }
                for i in 0..<block.count { block[i] = 0 }
            }
            r[kn - 1] &= topMask
            // Accept r < n and r ≠ 0. Declassification point (CT.declassify): whether a draw is accepted — a rejected
            // draw is discarded, and of an accepted one only the public fact r ∈ [1, n) is published.
            let borrow = r.withUnsafeBufferPointer { pr in
                ctx.withConstants { n, _ in
                    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: kn) { t in
                        Limbs.subtract(t.baseAddress!, pr.baseAddress!, n, count: kn)
                    }
                }
            }
            var any: UInt64 = 0
            for v in r { any |= v }
            if CT.declassify(CT.nonZeroMask(borrow) & CT.nonZeroMask(any)) { return r }
        }
    }

    /// Big-endian bytes (at most 8k, positions public) to k limbs, without normalising.
    static func limbs(_ bytes: [UInt8], count k: Int) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: k)
        let c = bytes.count
        for i in 0..<min(c, 8 * k) {
            out[i >> 3] |= UInt64(bytes[c - 1 - i]) << UInt64((i & 7) << 3)
        }
        return out
    }

    /// The private operation s = m^d mod n by the CRT, constant time in the secrets and in r:
    ///
    /// 1. blind: m' = m·rᵉ mod n;
    /// 2. m'ₚ = m' mod p, m'_q = m' mod q (constant-time reduction);
    /// 3. s₁ = m'ₚ^dP mod p, s₂ = m'_q^dQ mod q (fixed-window exponentiation over the full length);
    /// 4. Garner: h = qInv·(s₁ − s₂) mod p, s' = s₂ + h·q;
    /// 5. unblind: s = s'·r⁻¹ mod n, r⁻¹ = (r·b)⁻¹·b with the public, uniformly random r·b inverted;
    /// 6. verify before release: sᵉ mod n = m, or `.signingFailed` (Boneh–DeMillo–Lipton).
    ///
    /// Returns nil, having computed nothing secret, when r·b is not invertible mod n (draw another pair).
    static func crtSign(
        _ m: [UInt64], publicKey: RSAPublicKey, secrets s: CRTSecrets, r: [UInt64], b: [UInt64]
    ) throws(RSAKeyError) -> [UInt8]? {
        let ctx = publicKey.context
        let e = publicKey.exponent
        let kn = s.kn, kp = s.kp, kq = s.kq
        let k = max(kp, kq)
        let n0n = ctx.n0inv
        let sc = s.storage
        let total = 8 * kn + kp + kq + 4 + (4 * kn + 1) + SecretModulus.powerScratch(limbs: k)
        var blindingFailed = false
        let out: [UInt64]? = m.withUnsafeBufferPointer { pm in
            r.withUnsafeBufferPointer { pr in
                b.withUnsafeBufferPointer { pb in
                    ctx.withConstants { n, rrN in
                        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: total) { buf -> [UInt64]? in
                            let base = buf.baseAddress!
                            base.initialize(repeating: 0, count: total)
                            defer { CT.wipe(base, byteCount: total &* 8) }
                            let u = base, mb = u + kn, t1 = mb + kn, sig = t1 + kn, rInvM = sig + kn, check = rInvM + kn
                            let x = check + kn          // kp + kq + 2 limbs: h·q + s₂
                            let s1 = x + (kp + kq + 2)  // k limbs
                            let s2 = s1 + k             // k limbs
                            let s2p = s2 + k            // k limbs
                            let hh = s2p + k            // k limbs
                            let ms = hh + k             // k limbs (m' mod p or q)
                            let scratch = ms + k        // max(4kn + 1, power scratch) limbs
                            // 5 (prepared first): r⁻¹·R mod n from the public z = r·b.
                            Limbs.montgomeryMultiply(t1, pr.baseAddress!, rrN, modulus: n, n0inv: n0n, count: kn, scratch: scratch)
                            Limbs.montgomeryMultiply(u, t1, pb.baseAddress!, modulus: n, n0inv: n0n, count: kn, scratch: scratch)
                            guard let zInv = blindingInverse(u, ctx) else { blindingFailed = true; return nil }
                            zInv.withUnsafeBufferPointer { pz in
                                Limbs.montgomeryMultiply(t1, pz.baseAddress!, rrN, modulus: n, n0inv: n0n, count: kn, scratch: scratch)
                            }
                            Limbs.montgomeryMultiply(u, pb.baseAddress!, rrN, modulus: n, n0inv: n0n, count: kn, scratch: scratch)
                            Limbs.montgomeryMultiply(rInvM, t1, u, modulus: n, n0inv: n0n, count: kn, scratch: scratch)
                            // 1. m' = m·rᵉ.
                            ctx.powerSmallCore(u, pr.baseAddress!, e, n, rrN, scratch)
                            Limbs.montgomeryMultiply(t1, pm.baseAddress!, rrN, modulus: n, n0inv: n0n, count: kn, scratch: scratch)
                            Limbs.montgomeryMultiply(mb, t1, u, modulus: n, n0inv: n0n, count: kn, scratch: scratch)
                            // 2–3. The two half exponentiations.
                            let n0p = sc[s.n0], n0q = sc[s.n0 + 1]
                            SecretModulus.reduce(ms, mb, count: kn, modulus: sc + s.p, n0inv: n0p, rr: sc + s.rrP, limbs: kp, scratch: scratch)
                            SecretModulus.power(s1, ms, exponent: sc + s.dP, exponentCount: kp, modulus: sc + s.p,
                                                n0inv: n0p, rr: sc + s.rrP, limbs: kp, scratch: scratch)
                            SecretModulus.reduce(ms, mb, count: kn, modulus: sc + s.q, n0inv: n0q, rr: sc + s.rrQ, limbs: kq, scratch: scratch)
                            SecretModulus.power(s2, ms, exponent: sc + s.dQ, exponentCount: kq, modulus: sc + s.q,
                                                n0inv: n0q, rr: sc + s.rrQ, limbs: kq, scratch: scratch)
                            // 4. Garner.
                            SecretModulus.reduce(s2p, s2, count: kq, modulus: sc + s.p, n0inv: n0p, rr: sc + s.rrP, limbs: kp, scratch: scratch)
                            Limbs.subtractModCT(s1, s1, s2p, modulus: sc + s.p, count: kp)
                            Limbs.montgomeryMultiply(hh, s1, sc + s.qInvM, modulus: sc + s.p, n0inv: n0p, count: kp, scratch: scratch)
                            var i = 0
                            while i < kq {
                                x[i &+ kp] = Limbs.multiplyAccumulate(x + i, hh, count: kp, by: sc[s.q + i])
                                i &+= 1
                            }
                            var carry = Limbs.add(x, s2, count: kq)
                            i = kq
                            while i < kp &+ kq &+ 2 {
                                let v = U128(_low: x[i], _high: 0) &+ U128(_low: carry, _high: 0)
                                x[i] = v._low
                                carry = v._high
                                i &+= 1
                            }
                            // 5. Unblind (x < n: it is the CRT value of s'·… below p·q = n).
                            Limbs.montgomeryMultiply(sig, x, rInvM, modulus: n, n0inv: n0n, count: kn, scratch: scratch)
                            // 6. Verify before release.
                            ctx.powerSmallCore(check, sig, e, n, rrN, scratch)
                            guard verifyBeforeRelease(check, pm.baseAddress!, kn) else { return nil }
                            return Array(UnsafeBufferPointer(start: sig, count: kn))
                        }
                    }
                }
            }
        }
        if blindingFailed { return nil }
        guard let sigLimbs = out else {
            throw .make(.signingFailed, "the private operation's result did not verify; nothing released")
        }
        let k8 = publicKey.modulusByteCount
        return [UInt8](unsafeUninitializedCapacity: k8) { o, initialized in
            for i in 0..<k8 { o[k8 - 1 - i] = UInt8(truncatingIfNeeded: sigLimbs[i >> 3] >> UInt64((i & 7) << 3)) }
            initialized = k8
        }
    }

    /// Declassification point (listed in Scripts/ct-check.supp): z = r·b mod n is uniformly random
    /// and independent of r (b is fresh and uniform), so inverting it in variable time reveals
    /// nothing about r. Returns z⁻¹ mod n as kn limbs, or nil if z shares a factor with n.
    @inline(never)
    static func blindingInverse(_ z: UnsafePointer<UInt64>, _ ctx: MontgomeryContext) -> [UInt64]? {
        let kn = ctx.limbCount
        let zBig = BigUInt(limbs: Array(UnsafeBufferPointer(start: z, count: kn)))
        guard let inv = zBig.inverseVarTime(modulo: ctx.modulus) else { return nil }
        var l = inv.limbs
        while l.count < kn { l.append(0) }
        return l
    }

    /// Declassification point (listed in Scripts/ct-check.supp): whether the signature verifies is
    /// published (a mismatch means a fault, and nothing is released). Unoptimised so that the branch
    /// on the comparison stays here, and the caller receives a constant.
    @inline(never) @_optimize(none)
    static func verifyBeforeRelease(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, _ k: Int) -> Bool {
        var diff: UInt64 = 0
        var i = 0
        while i < k { diff |= a[i] ^ b[i]; i += 1 }
        if diff == 0 { return true }
        return false
    }
}
