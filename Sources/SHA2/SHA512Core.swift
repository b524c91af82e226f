// SHA-384, SHA-512, SHA-512/224 and SHA-512/256: the 64-bit-word family
// (FIPS 180-4 §4.1.3, §4.2.3, §5.3.4–5.3.6, §6.4–6.7).

/// The SHA-512 chaining state H0…H7 and its compression function, shared by SHA-384, SHA-512,
/// SHA-512/224 and SHA-512/256 (they differ only in the initial value and the truncation).
@usableFromInline
struct _SHA512State: _SHA2Compressor {
    @usableFromInline var h0, h1, h2, h3, h4, h5, h6, h7: UInt64

    @usableFromInline
    init(_ h0: UInt64, _ h1: UInt64, _ h2: UInt64, _ h3: UInt64,
         _ h4: UInt64, _ h5: UInt64, _ h6: UInt64, _ h7: UInt64) {
        (self.h0, self.h1, self.h2, self.h3, self.h4, self.h5, self.h6, self.h7) = (h0, h1, h2, h3, h4, h5, h6, h7)
    }

    /// FIPS 180-4 §5.3.5: the first 64 bits of the fractional parts of the square roots of the
    /// first eight primes.
    @usableFromInline
    static var sha512: _SHA512State {
        _SHA512State(
            0x6a09e667f3bcc908,
            0xbb67ae8584caa73b,
            0x3c6ef372fe94f82b,
            0xa54ff53a5f1d36f1,
            0x510e527fade682d1,
            0x9b05688c2b3e6c1f,
            0x1f83d9abfb41bd6b,
            0x5be0cd19137e2179)
    }

    /// FIPS 180-4 §5.3.4: the first 64 bits of the fractional parts of the square roots of the
    /// ninth through sixteenth primes.
    @usableFromInline
    static var sha384: _SHA512State {
        _SHA512State(
            0xcbbb9d5dc1059ed8,
            0x629a292a367cd507,
            0x9159015a3070dd17,
            0x152fecd8f70e5939,
            0x67332667ffc00b31,
            0x8eb44a8768581511,
            0xdb0c2e0d64f98fa7,
            0x47b5481dbefa4fa4)
    }

    /// FIPS 180-4 §5.3.6.1: produced by the SHA-512/t IV generation function for "SHA-512/224"
    /// (a unit test regenerates it).
    @usableFromInline
    static var sha512_224: _SHA512State {
        _SHA512State(
            0x8c3d37c819544da2,
            0x73e1996689dcd4d6,
            0x1dfab7ae32ff9c82,
            0x679dd514582f9fcf,
            0x0f6d2b697bd44da8,
            0x77e36f7304c48942,
            0x3f9d85a86a1d36c8,
            0x1112e6ad91d692a1)
    }

    /// FIPS 180-4 §5.3.6.2: the SHA-512/t IV generation function applied to "SHA-512/256".
    @usableFromInline
    static var sha512_256: _SHA512State {
        _SHA512State(
            0x22312194fc2bf72c,
            0x9f555fa3c84c64c2,
            0x2393b86b6f53b151,
            0x963877195940eabd,
            0x96283ee2a88effe3,
            0xbe5e1e2553863992,
            0x2b0199fc2c85b8aa,
            0x0eb72ddc81c52ca2)
    }

    @usableFromInline static var blockByteCount: Int { 128 }
    @usableFromInline static var lengthByteCount: Int { 16 }

    @usableFromInline
    func bigEndianWords() -> _DigestBytes {
        (h0.bigEndian, h1.bigEndian, h2.bigEndian, h3.bigEndian,
         h4.bigEndian, h5.bigEndian, h6.bigEndian, h7.bigEndian)
    }

    /// FIPS 180-4 §6.4.2, once per 128-byte block, laid out like the SHA-256 compression: a
    /// rolling sixteen-word schedule, 80 unrolled rounds with the constants K[t] (§4.2.3, the
    /// cube roots of the first 80 primes) as immediates, working variables renamed per round.
    @usableFromInline
    mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        guard var p = blocks.baseAddress else { return }
        var remaining = blocks.count / 128
        var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
        while remaining > 0 {
            // Step 1: W[0…15] are the block's words, big-endian.
            var w0 = _load64(p, 0)
            var w1 = _load64(p, 8)
            var w2 = _load64(p, 16)
            var w3 = _load64(p, 24)
            var w4 = _load64(p, 32)
            var w5 = _load64(p, 40)
            var w6 = _load64(p, 48)
            var w7 = _load64(p, 56)
            var w8 = _load64(p, 64)
            var w9 = _load64(p, 72)
            var w10 = _load64(p, 80)
            var w11 = _load64(p, 88)
            var w12 = _load64(p, 96)
            var w13 = _load64(p, 104)
            var w14 = _load64(p, 112)
            var w15 = _load64(p, 120)
            // Steps 2–3: 80 rounds; W[16…79] computed just before use.
            _round64(a, b, c, &d, e, f, g, &h, 0x428a2f98d728ae22, w0)
            _round64(h, a, b, &c, d, e, f, &g, 0x7137449123ef65cd, w1)
            _round64(g, h, a, &b, c, d, e, &f, 0xb5c0fbcfec4d3b2f, w2)
            _round64(f, g, h, &a, b, c, d, &e, 0xe9b5dba58189dbbc, w3)
            _round64(e, f, g, &h, a, b, c, &d, 0x3956c25bf348b538, w4)
            _round64(d, e, f, &g, h, a, b, &c, 0x59f111f1b605d019, w5)
            _round64(c, d, e, &f, g, h, a, &b, 0x923f82a4af194f9b, w6)
            _round64(b, c, d, &e, f, g, h, &a, 0xab1c5ed5da6d8118, w7)
            _round64(a, b, c, &d, e, f, g, &h, 0xd807aa98a3030242, w8)
            _round64(h, a, b, &c, d, e, f, &g, 0x12835b0145706fbe, w9)
            _round64(g, h, a, &b, c, d, e, &f, 0x243185be4ee4b28c, w10)
            _round64(f, g, h, &a, b, c, d, &e, 0x550c7dc3d5ffb4e2, w11)
            _round64(e, f, g, &h, a, b, c, &d, 0x72be5d74f27b896f, w12)
            _round64(d, e, f, &g, h, a, b, &c, 0x80deb1fe3b1696b1, w13)
            _round64(c, d, e, &f, g, h, a, &b, 0x9bdc06a725c71235, w14)
            _round64(b, c, d, &e, f, g, h, &a, 0xc19bf174cf692694, w15)
            _schedule64(&w0, w14, w9, w1)
            _round64(a, b, c, &d, e, f, g, &h, 0xe49b69c19ef14ad2, w0)
            _schedule64(&w1, w15, w10, w2)
            _round64(h, a, b, &c, d, e, f, &g, 0xefbe4786384f25e3, w1)
            _schedule64(&w2, w0, w11, w3)
            _round64(g, h, a, &b, c, d, e, &f, 0x0fc19dc68b8cd5b5, w2)
            _schedule64(&w3, w1, w12, w4)
            _round64(f, g, h, &a, b, c, d, &e, 0x240ca1cc77ac9c65, w3)
            _schedule64(&w4, w2, w13, w5)
            _round64(e, f, g, &h, a, b, c, &d, 0x2de92c6f592b0275, w4)
            _schedule64(&w5, w3, w14, w6)
            _round64(d, e, f, &g, h, a, b, &c, 0x4a7484aa6ea6e483, w5)
            _schedule64(&w6, w4, w15, w7)
            _round64(c, d, e, &f, g, h, a, &b, 0x5cb0a9dcbd41fbd4, w6)
            _schedule64(&w7, w5, w0, w8)
            _round64(b, c, d, &e, f, g, h, &a, 0x76f988da831153b5, w7)
            _schedule64(&w8, w6, w1, w9)
            _round64(a, b, c, &d, e, f, g, &h, 0x983e5152ee66dfab, w8)
            _schedule64(&w9, w7, w2, w10)
            _round64(h, a, b, &c, d, e, f, &g, 0xa831c66d2db43210, w9)
            _schedule64(&w10, w8, w3, w11)
            _round64(g, h, a, &b, c, d, e, &f, 0xb00327c898fb213f, w10)
            _schedule64(&w11, w9, w4, w12)
            _round64(f, g, h, &a, b, c, d, &e, 0xbf597fc7beef0ee4, w11)
            _schedule64(&w12, w10, w5, w13)
            _round64(e, f, g, &h, a, b, c, &d, 0xc6e00bf33da88fc2, w12)
            _schedule64(&w13, w11, w6, w14)
            _round64(d, e, f, &g, h, a, b, &c, 0xd5a79147930aa725, w13)
            _schedule64(&w14, w12, w7, w15)
            _round64(c, d, e, &f, g, h, a, &b, 0x06ca6351e003826f, w14)
            _schedule64(&w15, w13, w8, w0)
            _round64(b, c, d, &e, f, g, h, &a, 0x142929670a0e6e70, w15)
            _schedule64(&w0, w14, w9, w1)
            _round64(a, b, c, &d, e, f, g, &h, 0x27b70a8546d22ffc, w0)
            _schedule64(&w1, w15, w10, w2)
            _round64(h, a, b, &c, d, e, f, &g, 0x2e1b21385c26c926, w1)
            _schedule64(&w2, w0, w11, w3)
            _round64(g, h, a, &b, c, d, e, &f, 0x4d2c6dfc5ac42aed, w2)
            _schedule64(&w3, w1, w12, w4)
            _round64(f, g, h, &a, b, c, d, &e, 0x53380d139d95b3df, w3)
            _schedule64(&w4, w2, w13, w5)
            _round64(e, f, g, &h, a, b, c, &d, 0x650a73548baf63de, w4)
            _schedule64(&w5, w3, w14, w6)
            _round64(d, e, f, &g, h, a, b, &c, 0x766a0abb3c77b2a8, w5)
            _schedule64(&w6, w4, w15, w7)
            _round64(c, d, e, &f, g, h, a, &b, 0x81c2c92e47edaee6, w6)
            _schedule64(&w7, w5, w0, w8)
            _round64(b, c, d, &e, f, g, h, &a, 0x92722c851482353b, w7)
            _schedule64(&w8, w6, w1, w9)
            _round64(a, b, c, &d, e, f, g, &h, 0xa2bfe8a14cf10364, w8)
            _schedule64(&w9, w7, w2, w10)
            _round64(h, a, b, &c, d, e, f, &g, 0xa81a664bbc423001, w9)
            _schedule64(&w10, w8, w3, w11)
            _round64(g, h, a, &b, c, d, e, &f, 0xc24b8b70d0f89791, w10)
            _schedule64(&w11, w9, w4, w12)
            _round64(f, g, h, &a, b, c, d, &e, 0xc76c51a30654be30, w11)
            _schedule64(&w12, w10, w5, w13)
            _round64(e, f, g, &h, a, b, c, &d, 0xd192e819d6ef5218, w12)
            _schedule64(&w13, w11, w6, w14)
            _round64(d, e, f, &g, h, a, b, &c, 0xd69906245565a910, w13)
            _schedule64(&w14, w12, w7, w15)
            _round64(c, d, e, &f, g, h, a, &b, 0xf40e35855771202a, w14)
            _schedule64(&w15, w13, w8, w0)
            _round64(b, c, d, &e, f, g, h, &a, 0x106aa07032bbd1b8, w15)
            _schedule64(&w0, w14, w9, w1)
            _round64(a, b, c, &d, e, f, g, &h, 0x19a4c116b8d2d0c8, w0)
            _schedule64(&w1, w15, w10, w2)
            _round64(h, a, b, &c, d, e, f, &g, 0x1e376c085141ab53, w1)
            _schedule64(&w2, w0, w11, w3)
            _round64(g, h, a, &b, c, d, e, &f, 0x2748774cdf8eeb99, w2)
            _schedule64(&w3, w1, w12, w4)
            _round64(f, g, h, &a, b, c, d, &e, 0x34b0bcb5e19b48a8, w3)
            _schedule64(&w4, w2, w13, w5)
            _round64(e, f, g, &h, a, b, c, &d, 0x391c0cb3c5c95a63, w4)
            _schedule64(&w5, w3, w14, w6)
            _round64(d, e, f, &g, h, a, b, &c, 0x4ed8aa4ae3418acb, w5)
            _schedule64(&w6, w4, w15, w7)
            _round64(c, d, e, &f, g, h, a, &b, 0x5b9cca4f7763e373, w6)
            _schedule64(&w7, w5, w0, w8)
            _round64(b, c, d, &e, f, g, h, &a, 0x682e6ff3d6b2b8a3, w7)
            _schedule64(&w8, w6, w1, w9)
            _round64(a, b, c, &d, e, f, g, &h, 0x748f82ee5defb2fc, w8)
            _schedule64(&w9, w7, w2, w10)
            _round64(h, a, b, &c, d, e, f, &g, 0x78a5636f43172f60, w9)
            _schedule64(&w10, w8, w3, w11)
            _round64(g, h, a, &b, c, d, e, &f, 0x84c87814a1f0ab72, w10)
            _schedule64(&w11, w9, w4, w12)
            _round64(f, g, h, &a, b, c, d, &e, 0x8cc702081a6439ec, w11)
            _schedule64(&w12, w10, w5, w13)
            _round64(e, f, g, &h, a, b, c, &d, 0x90befffa23631e28, w12)
            _schedule64(&w13, w11, w6, w14)
            _round64(d, e, f, &g, h, a, b, &c, 0xa4506cebde82bde9, w13)
            _schedule64(&w14, w12, w7, w15)
            _round64(c, d, e, &f, g, h, a, &b, 0xbef9a3f7b2c67915, w14)
            _schedule64(&w15, w13, w8, w0)
            _round64(b, c, d, &e, f, g, h, &a, 0xc67178f2e372532b, w15)
            _schedule64(&w0, w14, w9, w1)
            _round64(a, b, c, &d, e, f, g, &h, 0xca273eceea26619c, w0)
            _schedule64(&w1, w15, w10, w2)
            _round64(h, a, b, &c, d, e, f, &g, 0xd186b8c721c0c207, w1)
            _schedule64(&w2, w0, w11, w3)
            _round64(g, h, a, &b, c, d, e, &f, 0xeada7dd6cde0eb1e, w2)
            _schedule64(&w3, w1, w12, w4)
            _round64(f, g, h, &a, b, c, d, &e, 0xf57d4f7fee6ed178, w3)
            _schedule64(&w4, w2, w13, w5)
            _round64(e, f, g, &h, a, b, c, &d, 0x06f067aa72176fba, w4)
            _schedule64(&w5, w3, w14, w6)
            _round64(d, e, f, &g, h, a, b, &c, 0x0a637dc5a2c898a6, w5)
            _schedule64(&w6, w4, w15, w7)
            _round64(c, d, e, &f, g, h, a, &b, 0x113f9804bef90dae, w6)
            _schedule64(&w7, w5, w0, w8)
            _round64(b, c, d, &e, f, g, h, &a, 0x1b710b35131c471b, w7)
            _schedule64(&w8, w6, w1, w9)
            _round64(a, b, c, &d, e, f, g, &h, 0x28db77f523047d84, w8)
            _schedule64(&w9, w7, w2, w10)
            _round64(h, a, b, &c, d, e, f, &g, 0x32caab7b40c72493, w9)
            _schedule64(&w10, w8, w3, w11)
            _round64(g, h, a, &b, c, d, e, &f, 0x3c9ebe0a15c9bebc, w10)
            _schedule64(&w11, w9, w4, w12)
            _round64(f, g, h, &a, b, c, d, &e, 0x431d67c49c100d4c, w11)
            _schedule64(&w12, w10, w5, w13)
            _round64(e, f, g, &h, a, b, c, &d, 0x4cc5d4becb3e42b6, w12)
            _schedule64(&w13, w11, w6, w14)
            _round64(d, e, f, &g, h, a, b, &c, 0x597f299cfc657e2a, w13)
            _schedule64(&w14, w12, w7, w15)
            _round64(c, d, e, &f, g, h, a, &b, 0x5fcb6fab3ad6faec, w14)
            _schedule64(&w15, w13, w8, w0)
            _round64(b, c, d, &e, f, g, h, &a, 0x6c44198c4a475817, w15)
            // Step 4: the new intermediate hash value.
            h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
            (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
            p += 128
            remaining -= 1
        }
    }
}

@inline(__always)
func _load64(_ p: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    UInt64(bigEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
}

@inline(__always)
func _rotr64(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &>> n) | (x &<< (64 &- n)) }

/// One round of FIPS 180-4 §6.4.2 step 3 (see `_round32`), with the 64-bit Σ functions.
@inline(__always)
func _round64(
    _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64,
    _ e: UInt64, _ f: UInt64, _ g: UInt64, _ h: inout UInt64, _ k: UInt64, _ w: UInt64
) {
    // The terms are summed in the order they become ready: h + K[t] + W[t] does not depend on
    // the previous round, Ch needs e, and Σ1(e) comes last, keeping the e → e chain short.
    let sigma1 = _rotr64(e, 14) ^ _rotr64(e, 18) ^ _rotr64(e, 41)  // §4.1.3 (4.11)
    let choose = g ^ (e & (f ^ g))                                  // Ch, (4.8)
    let t1 = ((h &+ k &+ w) &+ choose) &+ sigma1
    let sigma0 = _rotr64(a, 28) ^ _rotr64(a, 34) ^ _rotr64(a, 39)  // (4.10)
    // Maj (4.9) as b ^ ((a ^ b) & (b ^ c)): b ^ c is the previous round's a ^ b (shared).
    let majority = b ^ ((a ^ b) & (b ^ c))
    d &+= t1
    h = t1 &+ (sigma0 &+ majority)
}

/// FIPS 180-4 §6.4.2 step 1 for t ≥ 16, over the rolling window (see `_schedule32`).
@inline(__always)
func _schedule64(_ w16: inout UInt64, _ w2: UInt64, _ w7: UInt64, _ w15: UInt64) {
    let s0 = _rotr64(w15, 1) ^ _rotr64(w15, 8) ^ (w15 &>> 7)       // (4.12)
    let s1 = _rotr64(w2, 19) ^ _rotr64(w2, 61) ^ (w2 &>> 6)        // (4.13)
    w16 = w16 &+ s0 &+ w7 &+ s1
}
