import SHA2

// SHA-1 (FIPS 180-4 §6.1), for RSA-OAEP only: JWE's `RSA-OAEP` is RSAES-OAEP with SHA-1 and MGF1-SHA-1 (RFC 7518
// §4.3), where SHA-1 hashes the label and generates masks — uses for which its collision weakness does not matter.
// Internal to the RSA module on purpose: no signature, digest or HMAC API anywhere in the package accepts SHA-1
// (`RSAHashAlgorithm` has no SHA-1 case), and the SHA2 module stays SHA-2 only.

/// A SHA-1 digest (20 bytes, inline).
struct OAEPSHA1Digest: Digest {
    var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    static var byteCount: Int { 20 }
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try Swift.withUnsafeBytes(of: words) { (raw) throws(E) -> R in try body(UnsafeRawBufferPointer(rebasing: raw[0..<20])) }
    }
}

/// SHA-1 as a `HashFunction` (so that the generic MGF1 and label hashing serve it like the SHA-2 functions).
/// Constant time in the data: the round structure depends only on the message length.
struct OAEPSHA1: HashFunction {
    typealias Digest = OAEPSHA1Digest
    static var blockByteCount: Int { 64 }
    static var byteCount: Int { 20 }

    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0)
    private var buffer = [UInt8](repeating: 0, count: 64)
    private var buffered = 0
    private var length: UInt64 = 0

    init() {}

    mutating func update(bufferPointer data: UnsafeRawBufferPointer) {
        length &+= UInt64(data.count)
        var i = 0
        while i < data.count {
            buffer[buffered] = data[i]
            buffered += 1
            i += 1
            if buffered == 64 {
                compress()
                buffered = 0
            }
        }
    }

    func finalize() -> OAEPSHA1Digest {
        var copy = self
        let bits = length &* 8
        var pad: [UInt8] = [0x80]
        let rem = Int(length % 64)
        let zeros = (rem < 56 ? 55 - rem : 119 - rem)
        pad += [UInt8](repeating: 0, count: zeros)
        for s in stride(from: 56, through: 0, by: -8) { pad.append(UInt8(truncatingIfNeeded: bits >> UInt64(s))) }
        pad.withUnsafeBytes { copy.update(bufferPointer: $0) }
        var d = OAEPSHA1Digest()
        withUnsafeMutableBytes(of: &d.words) { out in
            let hs = [copy.h.0, copy.h.1, copy.h.2, copy.h.3, copy.h.4]
            for (j, w) in hs.enumerated() {
                out[4 * j] = UInt8(truncatingIfNeeded: w >> 24); out[4 * j + 1] = UInt8(truncatingIfNeeded: w >> 16)
                out[4 * j + 2] = UInt8(truncatingIfNeeded: w >> 8); out[4 * j + 3] = UInt8(truncatingIfNeeded: w)
            }
        }
        return d
    }

    private mutating func compress() {
        var w = [UInt32](repeating: 0, count: 80)
        for t in 0..<16 {
            w[t] = UInt32(buffer[4 * t]) << 24 | UInt32(buffer[4 * t + 1]) << 16 | UInt32(buffer[4 * t + 2]) << 8
                | UInt32(buffer[4 * t + 3])
        }
        for t in 16..<80 {
            let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
            w[t] = x << 1 | x >> 31
        }
        var (a, b, c, d, e) = h
        for t in 0..<80 {
            let f: UInt32, k: UInt32
            switch t {   // the round index is public
            case 0..<20: f = (b & c) | (~b & d); k = 0x5a82_7999
            case 20..<40: f = b ^ c ^ d; k = 0x6ed9_eba1
            case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8f1b_bcdc
            default: f = b ^ c ^ d; k = 0xca62_c1d6
            }
            let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t]
            e = d; d = c; c = b << 30 | b >> 2; b = a; a = temp
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
        for t in 0..<80 { w[t] = 0 }
    }
}
