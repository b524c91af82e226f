// ML-DSA's internal algorithms (FIPS 204 Algorithms 6–8: KeyGen_internal, Sign_internal, Verify_internal) over a
// parameter set given at run time, on flat Int32 buffers: a vector of n polynomials is n·256 consecutive
// coefficients. Keys keep their NTT-domain precomputations (Â, ŝ1, ŝ2, t̂0, NTT(t1·2^d)) so that signing and
// verifying do no sampling of A and allocate one scratch buffer per call.

import ConstantTime
import SHA3

@inline(__always)
func withPtr<R>(_ a: inout [Int32], _ body: (UnsafeMutablePointer<Int32>) -> R) -> R {
    a.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

/// Â = ExpandA(ρ) (FIPS 204 Algorithm 32), k·ℓ polynomials, row-major, in the NTT domain.
func expandA(_ rho: [UInt8], _ p: MLDSAParameters) -> [Int32] {
    var a = [Int32](repeating: 0, count: p.k * p.l * 256)
    rho.withUnsafeBufferPointer { r in
        withPtr(&a) { ap in
            for i in 0..<p.k {
                for j in 0..<p.l { rejNTTPoly(seed: r.baseAddress!, column: j, row: i, into: ap + (i * p.l + j) * 256) }
            }
        }
    }
    return a
}

/// w = Â ∘ v̂ for a k×ℓ matrix and an ℓ-vector in the NTT domain (k-vector out, not reduced).
@inline(__always)
func matrixMultiply(
    _ a: UnsafeMutablePointer<Int32>, _ v: UnsafeMutablePointer<Int32>, k: Int, l: Int, into w: UnsafeMutablePointer<Int32>
) {
    for i in 0..<k {
        let wi = w + i * 256
        polyPointwise(wi, a + (i * l) * 256, v)
        for j in 1..<l { polyPointwiseAccumulate(wi, a + (i * l + j) * 256, v + j * 256) }
    }
}

/// The public key with what verification needs precomputed. Immutable after init.
final class PublicKeyStorage: @unchecked Sendable {
    let params: MLDSAParameters
    let encoded: [UInt8]
    let tr: [UInt8]
    let matrix: [Int32]
    let t1Hat: [Int32]

    /// pkDecode (FIPS 204 Algorithm 23) plus the precomputation. `bytes` has the right length (checked by callers).
    init(encoded bytes: [UInt8], params p: MLDSAParameters) {
        params = p
        encoded = bytes
        tr = SHAKE256.hash(data: bytes, outputByteCount: 64)
        let rho = Array(bytes[0..<32])
        matrix = expandA(rho, p)
        var t = [Int32](repeating: 0, count: p.k * 256)
        bytes.withUnsafeBufferPointer { b in
            withPtr(&t) { tp in
                for i in 0..<p.k {
                    unpackPoly(b.baseAddress! + 32 + 320 * i, bits: 10, offset: 0, subtract: false, into: tp + i * 256)
                    for j in 0..<256 { tp[i * 256 + j] <<= mldsaD }
                    ntt(tp + i * 256)
                }
            }
        }
        t1Hat = t
    }

    /// Verify_internal (FIPS 204 Algorithm 8) given μ. Every input is public: plain branches.
    func verify(signature sig: UnsafeRawBufferPointer, mu: UnsafeRawBufferPointer) -> Bool {
        let p = params
        guard sig.count == p.signatureByteCount, mu.count == 64 else { return false }
        let k = p.k, l = p.l
        let lam = p.challengeByteCount
        let sigBytes = sig.baseAddress!.assumingMemoryBound(to: UInt8.self)
        // z (ℓ), h (k), w (k), c (1)
        let buf = UnsafeMutablePointer<Int32>.allocate(capacity: (l + 2 * k + 1) * 256)
        defer { buf.deallocate() }
        let z = buf, h = buf + l * 256, w = h + k * 256, c = w + k * 256
        for i in 0..<l {
            unpackPoly(sigBytes + lam + i * 32 * p.zBits, bits: p.zBits, offset: p.gamma1, subtract: true, into: z + i * 256)
        }
        if unpackHint(sigBytes + lam + l * 32 * p.zBits, k: k, omega: p.omega, into: h) != nil { return false }
        if normExceedsMask(z, count: l * 256, bound: p.gamma1 - p.beta) != 0 { return false }
        sampleInBall(UnsafeRawBufferPointer(start: sig.baseAddress, count: lam), tau: p.tau, into: c)
        ntt(c)
        for i in 0..<l { ntt(z + i * 256) }
        matrix.withUnsafeBufferPointer { a in
            matrixMultiply(UnsafeMutablePointer(mutating: a.baseAddress!), z, k: k, l: l, into: w)
        }
        var w1 = [UInt8](repeating: 0, count: k * p.w1PackedBytes)
        t1Hat.withUnsafeBufferPointer { t1 in
            let t1p = UnsafeMutablePointer(mutating: t1.baseAddress!)
            for i in 0..<k {
                let wi = w + i * 256
                for j in 0..<256 { wi[j] &-= montgomeryReduce(Int64(c[j]) &* Int64(t1p[i * 256 + j])) }
                polyReduce(wi)
                inverseNTTToMont(wi)
                polyCaddq(wi)
                for j in 0..<256 { wi[j] = useHint(wi[j], h[i * 256 + j], gamma2: p.gamma2) }
            }
        }
        w1.withUnsafeMutableBufferPointer { o in
            for i in 0..<k {
                packPoly(w + i * 256, bits: p.w1Bits, offset: 0, subtract: false, into: o.baseAddress! + i * p.w1PackedBytes)
            }
        }
        var x = SHAKE256()
        x.update(bufferPointer: mu)
        x.update(data: w1)
        let cPrime = x.finalize(outputByteCount: lam)
        return constantTimeEquals(cPrime, UnsafeRawBufferPointer(start: sig.baseAddress, count: lam))
    }
}

/// μ = H(tr ‖ M′, 64) for pure ML-DSA: M′ = 0 ‖ |ctx| ‖ ctx ‖ M (FIPS 204 Algorithm 2 step 10 / Algorithm 7 step 6).
func computeMu(tr: [UInt8], context: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer) -> [UInt8] {
    var x = SHAKE256()
    x.update(data: tr)
    x.update(data: [0, UInt8(truncatingIfNeeded: context.count)])
    x.update(bufferPointer: context)
    x.update(bufferPointer: message)
    return x.finalize(outputByteCount: 64)
}

/// The expanded private key (FIPS 204 skEncode's content) and its NTT-domain precomputations; wiped when released.
final class SecretStorage: @unchecked Sendable {
    let params: MLDSAParameters
    var rho: [UInt8]
    var key: [UInt8]
    var tr: [UInt8]
    var s1: [Int32], s2: [Int32], t0: [Int32]
    var s1Hat: [Int32], s2Hat: [Int32], t0Hat: [Int32]
    var matrix: [Int32]
    let publicKey: PublicKeyStorage

    /// KeyGen_internal (FIPS 204 Algorithm 6) from ξ (32 bytes, secret).
    static func generate(seed xi: UnsafeRawBufferPointer, params p: MLDSAParameters) -> SecretStorage {
        var x = SHAKE256()
        x.update(bufferPointer: xi)
        x.update(data: [UInt8(p.k), UInt8(p.l)])
        var expanded = x.finalize(outputByteCount: 128)
        // ρ is the first part of the public key: published here.
        var rho = [UInt8](repeating: 0, count: 32)
        for i in 0..<32 { rho[i] = CT.declassifyByte(expanded[i]) }
        var rhoPrime = Array(expanded[32..<96])
        let key = Array(expanded[96..<128])
        for i in 0..<128 { expanded[i] = 0 }
        var s1 = [Int32](repeating: 0, count: p.l * 256)
        var s2 = [Int32](repeating: 0, count: p.k * 256)
        rhoPrime.withUnsafeBufferPointer { rp in
            withPtr(&s1) { sp in
                for i in 0..<p.l { rejBoundedPoly(seed: rp.baseAddress!, index: i, eta: p.eta, into: sp + i * 256) }
            }
            withPtr(&s2) { sp in
                for i in 0..<p.k { rejBoundedPoly(seed: rp.baseAddress!, index: p.l + i, eta: p.eta, into: sp + i * 256) }
            }
        }
        for i in 0..<rhoPrime.count { rhoPrime[i] = 0 }
        return SecretStorage(rho: rho, key: key, s1: s1, s2: s2, params: p)
    }

    /// skDecode (FIPS 204 Algorithm 25) with the checks FIPS 204 leaves to the implementation: s1 and s2 in [−η, η],
    /// and the key consistent (t0 and tr recomputed from ρ, s1, s2 equal the encoded ones). nil when malformed.
    static func decode(expanded bytes: [UInt8], params p: MLDSAParameters) -> SecretStorage? {
        guard bytes.count == p.expandedPrivateKeyByteCount else { return nil }
        let rho = Array(bytes[0..<32])
        let key = Array(bytes[32..<64])
        let tr = Array(bytes[64..<128])
        var s1 = [Int32](repeating: 0, count: p.l * 256)
        var s2 = [Int32](repeating: 0, count: p.k * 256)
        var t0 = [Int32](repeating: 0, count: p.k * 256)
        let eb = 32 * p.etaBits
        var bad: Int32 = 0
        bytes.withUnsafeBufferPointer { b in
            let base = b.baseAddress! + 128
            withPtr(&s1) { sp in
                for i in 0..<p.l { unpackPoly(base + i * eb, bits: p.etaBits, offset: p.eta, subtract: true, into: sp + i * 256) }
                for i in 0..<(p.l * 256) { bad |= sp[i] &+ p.eta }
            }
            withPtr(&s2) { sp in
                for i in 0..<p.k {
                    unpackPoly(base + (p.l + i) * eb, bits: p.etaBits, offset: p.eta, subtract: true, into: sp + i * 256)
                }
                for i in 0..<(p.k * 256) { bad |= sp[i] &+ p.eta }
            }
            withPtr(&t0) { tp in
                for i in 0..<p.k {
                    unpackPoly(base + (p.l + p.k) * eb + 416 * i, bits: 13, offset: 1 << 12, subtract: true, into: tp + i * 256)
                }
            }
        }
        // A coefficient below −η (an encoded value above 2η) makes some s + η negative: a refusal, published.
        if CT.declassify(UInt64(UInt32(bitPattern: bad >> 31))) { return nil }
        let s = SecretStorage(rho: rho, key: key, s1: s1, s2: s2, params: p)
        var diff: Int32 = 0
        for i in 0..<t0.count { diff |= s.t0[i] ^ t0[i]; t0[i] = 0 }
        if CT.declassify(UInt64(UInt32(bitPattern: diff))) { return nil }
        if !constantTimeEquals(s.tr, tr) { return nil }
        return s
    }

    /// The rest of key generation from (ρ, K, s1, s2): Â, t = NTT⁻¹(Â ∘ NTT(s1)) + s2, Power2Round, the public key.
    init(rho: [UInt8], key: [UInt8], s1: [Int32], s2: [Int32], params p: MLDSAParameters) {
        let k = p.k, l = p.l
        var matrix = expandA(rho, p)
        var s1Hat = s1
        withPtr(&s1Hat) { sp in for i in 0..<l { ntt(sp + i * 256) } }
        var s2Hat = s2
        withPtr(&s2Hat) { sp in for i in 0..<k { ntt(sp + i * 256) } }
        var s2v = s2
        // t = NTT⁻¹(Â ∘ ŝ1) + s2; (t1, t0) = Power2Round(t).
        var t = [Int32](repeating: 0, count: k * 256)
        var t1 = [Int32](repeating: 0, count: k * 256)
        var t0v = [Int32](repeating: 0, count: k * 256)
        withPtr(&t) { tp in
            withPtr(&matrix) { ap in withPtr(&s1Hat) { sp in matrixMultiply(ap, sp, k: k, l: l, into: tp) } }
            withPtr(&s2v) { s2p in
                for i in 0..<k {
                    polyReduce(tp + i * 256)
                    inverseNTTToMont(tp + i * 256)
                    polyAdd(tp + i * 256, s2p + i * 256)
                    polyCaddq(tp + i * 256)
                }
            }
            withPtr(&t1) { t1p in
                withPtr(&t0v) { t0p in
                    for j in 0..<(k * 256) { (t1p[j], t0p[j]) = power2Round(tp[j]) }
                }
            }
            for j in 0..<(k * 256) { tp[j] = 0 }
        }
        var t0Hat = t0v
        withPtr(&t0Hat) { tp in for i in 0..<k { ntt(tp + i * 256) } }
        // pk = ρ ‖ SimpleBitPack(t1, 10 bits).
        var pk = [UInt8](repeating: 0, count: p.publicKeyByteCount)
        for i in 0..<32 { pk[i] = rho[i] }
        pk.withUnsafeMutableBufferPointer { o in
            withPtr(&t1) { t1p in
                for i in 0..<k { packPoly(t1p + i * 256, bits: 10, offset: 0, subtract: false, into: o.baseAddress! + 32 + 320 * i) }
            }
        }
        // The public key is public: its bytes are published (they were computed from the secret by arithmetic only).
        for i in 32..<pk.count { pk[i] = CT.declassifyByte(pk[i]) }
        let publicKey = PublicKeyStorage(encoded: pk, params: p)
        self.params = p
        self.rho = rho
        self.key = key
        self.s1 = s1
        self.s2 = s2
        self.t0 = t0v
        self.s1Hat = s1Hat
        self.s2Hat = s2Hat
        self.t0Hat = t0Hat
        self.matrix = matrix
        self.publicKey = publicKey
        self.tr = publicKey.tr
    }

    deinit {
        for i in 0..<key.count { key[i] = 0 }
        for i in 0..<s1.count { s1[i] = 0; s1Hat[i] = 0 }
        for i in 0..<s2.count { s2[i] = 0; s2Hat[i] = 0; t0[i] = 0; t0Hat[i] = 0 }
    }

    /// skEncode (FIPS 204 Algorithm 24).
    func encoded() -> [UInt8] {
        let p = params
        var out = [UInt8](repeating: 0, count: p.expandedPrivateKeyByteCount)
        for i in 0..<32 { out[i] = rho[i]; out[32 + i] = key[i] }
        for i in 0..<64 { out[64 + i] = tr[i] }
        let eb = 32 * p.etaBits
        out.withUnsafeMutableBufferPointer { o in
            let base = o.baseAddress! + 128
            withPtr(&s1) { sp in
                for i in 0..<p.l { packPoly(sp + i * 256, bits: p.etaBits, offset: p.eta, subtract: true, into: base + i * eb) }
            }
            withPtr(&s2) { sp in
                for i in 0..<p.k {
                    packPoly(sp + i * 256, bits: p.etaBits, offset: p.eta, subtract: true, into: base + (p.l + i) * eb)
                }
            }
            withPtr(&t0) { tp in
                for i in 0..<p.k {
                    packPoly(tp + i * 256, bits: 13, offset: 1 << 12, subtract: true, into: base + (p.l + p.k) * eb + 416 * i)
                }
            }
        }
        return out
    }

    /// Sign_internal (FIPS 204 Algorithm 7) given μ (64 bytes) and rnd (32 bytes). Constant time in the key, the
    /// masks y and the rejected candidates; only each round's accept/reject verdict is published, then the signature.
    func sign(mu: UnsafeRawBufferPointer, rnd: UnsafeRawBufferPointer) -> [UInt8] {
        let p = params
        let k = p.k, l = p.l, lam = p.challengeByteCount
        // ρ″ = H(K ‖ rnd ‖ μ, 64).
        var x = SHAKE256()
        x.update(data: key)
        x.update(bufferPointer: rnd)
        x.update(bufferPointer: mu)
        var rhoPP = x.finalize(outputByteCount: 64)
        // y (ℓ), z (ℓ), w1 (k), w0 (k), h (k), c (1)
        let count = (2 * l + 3 * k + 1) * 256
        let buf = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 640 + k * p.w1PackedBytes, alignment: 8)
        defer {
            for i in 0..<count { buf[i] = 0 }
            buf.deallocate()
            for i in 0..<scratch.count { scratch[i] = 0 }
            scratch.deallocate()
            for i in 0..<rhoPP.count { rhoPP[i] = 0 }
        }
        let y = buf, z = y + l * 256, w1 = z + l * 256, w0 = w1 + k * 256, h = w0 + k * 256, c = h + k * 256
        let maskScratch = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<640])
        let w1Bytes = scratch.baseAddress!.assumingMemoryBound(to: UInt8.self) + 640
        var cTilde = [UInt8](repeating: 0, count: lam)
        var kappa = 0
        while true {
            rhoPP.withUnsafeBufferPointer { r in
                for i in 0..<l {
                    expandMaskPoly(seed: r.baseAddress!, nonce: kappa + i, gamma1: p.gamma1, bits: p.zBits,
                                   scratch: maskScratch, into: y + i * 256)
                }
            }
            kappa += l
            for i in 0..<(l * 256) { z[i] = y[i] }
            for i in 0..<l { ntt(z + i * 256) }
            withPtr(&matrix) { ap in matrixMultiply(ap, z, k: k, l: l, into: w1) }
            for i in 0..<k {
                let wi = w1 + i * 256, w0i = w0 + i * 256
                polyReduce(wi)
                inverseNTTToMont(wi)
                polyCaddq(wi)
                for j in 0..<256 { (wi[j], w0i[j]) = decompose(wi[j], gamma2: p.gamma2) }
                packPoly(wi, bits: p.w1Bits, offset: 0, subtract: false, into: w1Bytes + i * p.w1PackedBytes)
            }
            var hx = SHAKE256()
            hx.update(bufferPointer: mu)
            hx.update(bufferPointer: UnsafeRawBufferPointer(start: w1Bytes, count: k * p.w1PackedBytes))
            var reader = hx.reader()
            cTilde.withUnsafeMutableBytes { reader.read(into: $0) }
            cTilde.withUnsafeBytes { sampleInBall($0, tau: p.tau, into: c) }
            ntt(c)
            // z = y + NTT⁻¹(ĉ ∘ ŝ1)
            withPtr(&s1Hat) { sp in
                for i in 0..<l {
                    polyPointwise(z + i * 256, c, sp + i * 256)
                    inverseNTTToMont(z + i * 256)
                    polyAdd(z + i * 256, y + i * 256)
                    polyReduce(z + i * 256)
                }
            }
            var reject = normExceedsMask(z, count: l * 256, bound: p.gamma1 - p.beta)
            // r0 = LowBits(w − c·s2) = w0 − c·s2
            withPtr(&s2Hat) { sp in
                for i in 0..<k {
                    polyPointwise(h + i * 256, c, sp + i * 256)
                    inverseNTTToMont(h + i * 256)
                    polySub(w0 + i * 256, h + i * 256)
                    polyReduce(w0 + i * 256)
                }
            }
            reject |= normExceedsMask(w0, count: k * 256, bound: p.gamma2 - p.beta)
            // c·t0, its norm, and the hint of (w0 − c·s2 + c·t0, w1).
            withPtr(&t0Hat) { tp in
                for i in 0..<k {
                    polyPointwise(h + i * 256, c, tp + i * 256)
                    inverseNTTToMont(h + i * 256)
                    polyReduce(h + i * 256)
                }
            }
            reject |= normExceedsMask(h, count: k * 256, bound: p.gamma2)
            var ones: Int32 = 0
            for i in 0..<(k * 256) {
                let hint = makeHint(w0[i] &+ h[i], w1[i], gamma2: p.gamma2)
                h[i] = hint
                ones &+= hint
            }
            reject |= UInt32(bitPattern: (Int32(p.omega) &- ones) >> 31)  // more than ω ones
            // The round's verdict: the one fact FIPS 204 lets a signer publish before the signature.
            if CT.declassify(UInt64(reject)) { continue }
            break
        }
        // Accepted: σ = c̃ ‖ BitPack(z, γ1 − 1, γ1) ‖ HintBitPack(h), all of it the published signature.
        var sig = [UInt8](repeating: 0, count: p.signatureByteCount)
        for i in 0..<lam { sig[i] = CT.declassifyByte(cTilde[i]) }
        // The hint positions, as 64-bit words, published before HintBitPack branches on them.
        for i in 0..<(k * 4) {
            var word: UInt64 = 0
            for b in 0..<64 { word |= UInt64(UInt32(bitPattern: h[i * 64 + b]) & 1) << UInt64(b) }
            word = CT.declassifyValue(word)
            for b in 0..<64 { h[i * 64 + b] = Int32(truncatingIfNeeded: (word >> UInt64(b)) & 1) }
        }
        sig.withUnsafeMutableBufferPointer { o in
            let base = o.baseAddress!
            for i in 0..<l {
                packPoly(z + i * 256, bits: p.zBits, offset: p.gamma1, subtract: true, into: base + lam + i * 32 * p.zBits)
            }
            packHint(h, k: k, omega: p.omega, into: base + lam + l * 32 * p.zBits)
        }
        return sig
    }
}
