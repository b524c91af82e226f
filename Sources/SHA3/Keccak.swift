// Keccak-f[1600] and the sponge construction (FIPS 202 §3, §4, §5.1), shared by the four SHA-3 functions and the two
// SHAKE extendable-output functions.
//
// Lanes are `UInt64`s, lane (x, y) at index x + 5y, and a lane's bytes are its little-endian bytes (FIPS 202 §B.1), so
// the state's first `rate` bytes are read and written through lane shifts that do not depend on the host's byte
// order. Nothing here branches on, or indexes memory by, the data being hashed: only on lengths and positions.

/// The 25 lanes of the Keccak state, inline (200 bytes, never on the heap).
@usableFromInline
typealias _Lanes = (
    UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64
)

@usableFromInline
let _zeroLanes: _Lanes = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

/// The 24 round constants of ι (FIPS 202 §3.2.5, computed by Algorithm 5 rc(t)).
let _roundConstants: (
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
) = (
    0x0000_0000_0000_0001, 0x0000_0000_0000_8082, 0x8000_0000_0000_808A, 0x8000_0000_8000_8000,
    0x0000_0000_0000_808B, 0x0000_0000_8000_0001, 0x8000_0000_8000_8081, 0x8000_0000_0000_8009,
    0x0000_0000_0000_008A, 0x0000_0000_0000_0088, 0x0000_0000_8000_8009, 0x0000_0000_8000_000A,
    0x0000_0000_8000_808B, 0x8000_0000_0000_008B, 0x8000_0000_0000_8089, 0x8000_0000_0000_8003,
    0x8000_0000_0000_8002, 0x8000_0000_0000_0080, 0x0000_0000_0000_800A, 0x8000_0000_8000_000A,
    0x8000_0000_8000_8081, 0x8000_0000_0000_8080, 0x0000_0000_8000_0001, 0x8000_0000_8000_8008
)

@inline(__always)
func _rotl(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &<< n) | (x &>> (64 &- n)) }

/// Keccak-f[1600] (FIPS 202 §3.3 with the step mappings of §3.2): the 25 lanes are loaded into local variables, the
/// 24 rounds run on them (θ, ρ and π fused into one pass over the lanes, unrolled, with the rotation offsets of
/// §3.2.2 as immediates; χ and ι), and the lanes are stored back once. No allocation, no table indexed by data.
@usableFromInline
func _keccakF1600(_ state: inout _Lanes) {
    var (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) =
        (state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7, state.8, state.9, state.10,
         state.11, state.12)
    var (a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24) =
        (state.13, state.14, state.15, state.16, state.17, state.18, state.19, state.20, state.21, state.22,
         state.23, state.24)
    withUnsafeBytes(of: _roundConstants) { rc in
        var round = 0
        while round < 24 {
            // θ: column parities, then D[x] = C[x-1] ⊕ rot(C[x+1], 1).
            let c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20
            let c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21
            let c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22
            let c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23
            let c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24
            let d0 = c4 ^ _rotl(c1, 1)
            let d1 = c0 ^ _rotl(c2, 1)
            let d2 = c1 ^ _rotl(c3, 1)
            let d3 = c2 ^ _rotl(c4, 1)
            let d4 = c3 ^ _rotl(c0, 1)
            // ρ and π: B[y, 2x+3y] = rot(A[x, y] ⊕ D[x], r[x, y]).
            let b0 = a0 ^ d0
            let b16 = _rotl(a5 ^ d0, 36)
            let b7 = _rotl(a10 ^ d0, 3)
            let b23 = _rotl(a15 ^ d0, 41)
            let b14 = _rotl(a20 ^ d0, 18)
            let b10 = _rotl(a1 ^ d1, 1)
            let b1 = _rotl(a6 ^ d1, 44)
            let b17 = _rotl(a11 ^ d1, 10)
            let b8 = _rotl(a16 ^ d1, 45)
            let b24 = _rotl(a21 ^ d1, 2)
            let b20 = _rotl(a2 ^ d2, 62)
            let b11 = _rotl(a7 ^ d2, 6)
            let b2 = _rotl(a12 ^ d2, 43)
            let b18 = _rotl(a17 ^ d2, 15)
            let b9 = _rotl(a22 ^ d2, 61)
            let b5 = _rotl(a3 ^ d3, 28)
            let b21 = _rotl(a8 ^ d3, 55)
            let b12 = _rotl(a13 ^ d3, 25)
            let b3 = _rotl(a18 ^ d3, 21)
            let b19 = _rotl(a23 ^ d3, 56)
            let b15 = _rotl(a4 ^ d4, 27)
            let b6 = _rotl(a9 ^ d4, 20)
            let b22 = _rotl(a14 ^ d4, 39)
            let b13 = _rotl(a19 ^ d4, 8)
            let b4 = _rotl(a24 ^ d4, 14)
            // χ: A[x, y] = B[x, y] ⊕ (¬B[x+1, y] ∧ B[x+2, y]); ι on lane 0.
            a0 = b0 ^ (~b1 & b2)
            a1 = b1 ^ (~b2 & b3)
            a2 = b2 ^ (~b3 & b4)
            a3 = b3 ^ (~b4 & b0)
            a4 = b4 ^ (~b0 & b1)
            a5 = b5 ^ (~b6 & b7)
            a6 = b6 ^ (~b7 & b8)
            a7 = b7 ^ (~b8 & b9)
            a8 = b8 ^ (~b9 & b5)
            a9 = b9 ^ (~b5 & b6)
            a10 = b10 ^ (~b11 & b12)
            a11 = b11 ^ (~b12 & b13)
            a12 = b12 ^ (~b13 & b14)
            a13 = b13 ^ (~b14 & b10)
            a14 = b14 ^ (~b10 & b11)
            a15 = b15 ^ (~b16 & b17)
            a16 = b16 ^ (~b17 & b18)
            a17 = b17 ^ (~b18 & b19)
            a18 = b18 ^ (~b19 & b15)
            a19 = b19 ^ (~b15 & b16)
            a20 = b20 ^ (~b21 & b22)
            a21 = b21 ^ (~b22 & b23)
            a22 = b22 ^ (~b23 & b24)
            a23 = b23 ^ (~b24 & b20)
            a24 = b24 ^ (~b20 & b21)
            a0 ^= rc.load(fromByteOffset: round &* 8, as: UInt64.self)
            round &+= 1
        }
    }
    state = (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12,
             a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24)
}

/// The Keccak[c] sponge (FIPS 202 §4) with a fixed rate and domain-separation suffix: absorbing, then — after the
/// padding — squeezing. The partial block is XORed straight into the state as it arrives, so there is no buffer.
@usableFromInline
struct _KeccakSponge: Sendable {
    @usableFromInline var lanes: _Lanes = _zeroLanes
    /// While absorbing: bytes of the current block already XORed in. While squeezing: bytes of the current block
    /// already output. Always less than `rate`.
    @usableFromInline var position: Int = 0
    /// The rate r in bytes: 200 − 2·(output bits)/8 for SHA-3, 168 for SHAKE128, 136 for SHAKE256.
    @usableFromInline let rate: Int
    /// The domain suffix followed by the first bit of pad10*1, least significant bit first (FIPS 202 §6.1, §6.2,
    /// §B.2): 0b110 (`01` + `1`) for SHA-3, 0b11111 (`1111` + `1`) for SHAKE.
    @usableFromInline let suffix: UInt64
    @usableFromInline let suffixBitCount: Int

    @usableFromInline
    init(rate: Int, suffix: UInt64, suffixBitCount: Int) {
        self.rate = rate
        self.suffix = suffix
        self.suffixBitCount = suffixBitCount
    }

    @usableFromInline static func sha3(rate: Int) -> _KeccakSponge { _KeccakSponge(rate: rate, suffix: 0b110, suffixBitCount: 3) }
    @usableFromInline static func shake(rate: Int) -> _KeccakSponge { _KeccakSponge(rate: rate, suffix: 0b1_1111, suffixBitCount: 5) }

    @inline(__always)
    mutating func xorByte(_ byte: UInt8, at index: Int) {
        withUnsafeMutableBytes(of: &lanes) { raw in
            let s = raw.bindMemory(to: UInt64.self)
            s[index &>> 3] ^= UInt64(byte) &<< UInt64((index & 7) &* 8)
        }
    }

    @inline(__always)
    func byte(at index: Int) -> UInt8 {
        withUnsafeBytes(of: lanes) { raw in
            UInt8(truncatingIfNeeded: raw.load(fromByteOffset: (index &>> 3) &* 8, as: UInt64.self) &>> UInt64((index & 7) &* 8))
        }
    }

    /// XORs `blocks` whole blocks read from `p` into the state, permuting after each (FIPS 202 Algorithm 8 step 6).
    @inline(__always)
    mutating func absorbBlocks(_ p: UnsafeRawPointer, _ blocks: Int) {
        let laneCount = rate &>> 3
        var p = p
        for _ in 0..<blocks {
            withUnsafeMutableBytes(of: &lanes) { raw in
                let s = raw.bindMemory(to: UInt64.self)
                for i in 0..<laneCount {
                    s[i] ^= UInt64(littleEndian: p.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self))
                }
            }
            _keccakF1600(&lanes)
            p += rate
        }
    }

    /// Absorbs message bytes (any number, in any number of calls).
    @usableFromInline
    mutating func absorb(_ input: UnsafeRawBufferPointer) {
        guard let base = input.baseAddress, input.count > 0 else { return }
        let count = input.count
        var offset = 0
        if position > 0 {
            let take = Swift.min(rate &- position, count)
            for i in 0..<take { xorByte(input[i], at: position &+ i) }
            position &+= take
            offset = take
            guard position == rate else { return }
            _keccakF1600(&lanes)
            position = 0
        }
        let blocks = (count &- offset) / rate
        if blocks > 0 {
            absorbBlocks(base + offset, blocks)
            offset &+= blocks &* rate
        }
        for i in offset..<count { xorByte(input[i], at: position &+ i &- offset) }
        position &+= count &- offset
    }

    /// Ends the absorbing phase: the last `bitCount` (0…7) message bits (`bits`, first bit in the least significant
    /// position), the domain suffix, and pad10*1 (FIPS 202 §5.1), then the first permutation of the squeeze. The bits
    /// are placed one at a time by masks, so that their values never steer a branch; the positions are public.
    @usableFromInline
    mutating func pad(finalBits bits: UInt64 = 0, bitCount: Int = 0) {
        let trailing = (bits & ((1 &<< UInt64(bitCount)) &- 1)) | (suffix &<< UInt64(bitCount))
        let n = bitCount &+ suffixBitCount
        let blockBits = rate &* 8
        var b = position &* 8
        for i in 0..<n {
            withUnsafeMutableBytes(of: &lanes) { raw in
                let s = raw.bindMemory(to: UInt64.self)
                s[b &>> 6] ^= ((trailing &>> UInt64(i)) & 1) &<< UInt64(b & 63)
            }
            b &+= 1
            if b == blockBits {
                _keccakF1600(&lanes)
                b = 0
            }
        }
        // The closing 1 of pad10*1 is the block's last bit; it is always at or after `b`.
        xorByte(0x80, at: rate &- 1)
        _keccakF1600(&lanes)
        position = 0
    }

    /// Squeezes `output.count` bytes (after `pad`), continuing where the last call stopped (FIPS 202 Algorithm 8
    /// steps 8–10).
    @usableFromInline
    mutating func squeeze(into output: UnsafeMutableRawBufferPointer) {
        guard let out = output.baseAddress else { return }
        let count = output.count
        var done = 0
        while done < count {
            if position == rate {
                _keccakF1600(&lanes)
                position = 0
            }
            let take = Swift.min(rate &- position, count &- done)
            if position & 7 == 0 && take >= 8 {
                // Whole lanes, stored little-endian.
                let whole = take &>> 3
                withUnsafeBytes(of: lanes) { raw in
                    for i in 0..<whole {
                        let lane = raw.load(fromByteOffset: position &+ i &* 8, as: UInt64.self)
                        (out + (done &+ i &* 8)).storeBytes(of: lane.littleEndian, as: UInt64.self)
                    }
                }
                position &+= whole &* 8
                done &+= whole &* 8
            } else {
                let bytes = Swift.min(take, 8 &- (position & 7))
                for i in 0..<bytes { (out + (done &+ i)).storeBytes(of: byte(at: position &+ i), as: UInt8.self) }
                position &+= bytes
                done &+= bytes
            }
        }
    }
}
