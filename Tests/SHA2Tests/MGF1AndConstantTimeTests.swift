@testable import SHA2
import Testing
import TestSupport

@Suite("MGF1, constant-time comparison, initial values")
struct MGF1AndConstantTimeTests {
    /// Expected masks computed independently with Python's hashlib, by hand:
    ///   def mgf1(h, seed, n):
    ///       out = b""; c = 0
    ///       while len(out) < n: out += h(seed + c.to_bytes(4, "big")).digest(); c += 1
    ///       return out[:n]
    ///   mgf1(hashlib.sha256, bytes(range(32)), 100); mgf1(hashlib.sha512, b"PureJOSE", 130);
    ///   mgf1(hashlib.sha384, b"", 47)
    @Test("MGF1 against hashlib")
    func mgf1() {
        let m256 = MGF1.mask(SHA256.self, seed: Array(0..<32), length: 100)
        #expect(m256 == hex("""
            70f4003d52b6eb03da852e93256b5986b5d4883098bb7973bc5318cc66637a8404a6950a06d3e3308ad7d3606ef810eb\
            124e3943404ca746a12c51c7bf7768390f8d842ac9cb62349779a7537a78327d545aaeb33b2d42c7d1dc3680a4b23628\
            627e9db8
            """))
        let m512 = MGF1.mask(SHA512.self, seed: Array("PureJOSE".utf8), length: 130)
        #expect(m512 == hex("""
            692b15ae159315c181ba7438061971df1d16ecc14acff7fe7507481ee628fb5b3f668086c43e79ebe571469358ea46bb\
            4fa8635a7d9b694295591b6ab757a3db2640297196dd2f665db730a9d4699e61912a2860e798a00d1b686107cb822109\
            79938b637022f2d09a8ba1b54b9e00bf4ee7f9ab7e4e0adeddae1419c2b30ea21a29
            """))
        #expect(MGF1.mask(SHA384.self, seed: [UInt8](), length: 47) == hex(
            "394341b7182cd227c5c6b07ef8000cdfd86136c4292b8e576573ad7ed9ae41019f5818b4b971c9effc60e1ad9f1289"))
        #expect(MGF1.mask(SHA256.self, seed: [1, 2, 3], length: 0) == [])
        #expect(MGF1.mask(SHA256.self, seed: [1, 2, 3], length: -5) == [])
        // Each output block is H(seed ‖ counter): a prefix of a longer mask is the shorter mask.
        let long = MGF1.mask(SHA256.self, seed: Array("seed".utf8), length: 77)
        #expect(Array(long.prefix(40)) == MGF1.mask(SHA256.self, seed: Array("seed".utf8), length: 40))
        #expect(Array(long.prefix(32)) == SHA256.hash(data: Array("seed".utf8) + [0, 0, 0, 0]).bytes)
        // xorMask applies the same mask in place.
        var data = [UInt8](repeating: 0xA5, count: 77)
        MGF1.xorMask(SHA256.self, seed: Array("seed".utf8), into: &data)
        #expect(data == long.map { $0 ^ 0xA5 })
    }

    @Test("constantTimeEquals")
    func constantTime() {
        let a: [UInt8] = Array(0..<64)
        #expect(constantTimeEquals(a, a))
        #expect(constantTimeEquals([UInt8](), [UInt8]()))
        #expect(constantTimeEquals(a, a[0...]))
        #expect(constantTimeEquals(a.lazy.map { $0 }, a))  // non-contiguous path
        #expect(!constantTimeEquals(a, a.dropLast()))
        #expect(!constantTimeEquals(a.dropLast(), a))
        for position in [0, 1, 31, 63] {
            for bit in [0x01, 0x80] as [UInt8] {
                var b = a
                b[position] ^= bit
                #expect(!constantTimeEquals(a, b), "byte \(position) bit \(bit)")
                #expect(!constantTimeEquals(a.lazy.map { $0 }, b), "byte \(position) bit \(bit)")
            }
        }
        // Every single-byte difference value is seen (the accumulator is an OR of XORs).
        for delta in 1...255 {
            #expect(!constantTimeEquals([0x00, UInt8(delta)], [0x00, 0x00]))
        }
        #expect(CT.isZero(0) && !CT.isZero(1) && !CT.isZero(0x80) && !CT.isZero(0xFF))
    }

    /// `CT.equals` compares eight bytes at a time and the tail byte by byte: a single flipped bit anywhere — in a
    /// word, in the tail, at either end — must be seen at every length, and at every alignment of the buffers.
    @Test("CT.equals sees every single-bit difference in words and tails, at every offset")
    func rawEqualsWordsAndTails() {
        let backing: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var checked = 0
        for offset in 0..<8 {
            for length in 0...40 {
                let a = Array(backing[offset..<(offset + length)])
                var b = backing
                b.withUnsafeBytes { whole in
                    let slice = UnsafeRawBufferPointer(rebasing: whole[offset..<(offset + length)])
                    a.withUnsafeBytes { #expect(CT.equals($0, slice), "length \(length) offset \(offset)") }
                }
                for position in 0..<length {
                    for bit in 0..<8 {
                        b[offset + position] ^= UInt8(1) << bit
                        b.withUnsafeBytes { whole in
                            let slice = UnsafeRawBufferPointer(rebasing: whole[offset..<(offset + length)])
                            a.withUnsafeBytes {
                                #expect(!CT.equals($0, slice), "length \(length) offset \(offset) byte \(position)")
                            }
                        }
                        b[offset + position] ^= UInt8(1) << bit
                        checked += 1
                    }
                }
            }
        }
        // 8 offsets × (Σ length for 0...40 = 820) × 8 bits.
        #expect(checked == 8 * 820 * 8)
        let x: [UInt8] = [1, 2, 3]
        x.withUnsafeBytes { px in x.dropLast().withUnsafeBytes { #expect(!CT.equals(px, $0)) } }
    }

    /// FIPS 180-4 §5.3.6: the SHA-512/t initial value is SHA-512, started from the SHA-512
    /// initial value XORed with a5a5a5a5a5a5a5a5, applied to the ASCII string "SHA-512/t".
    @Test("SHA-512/t initial values regenerate")
    func sha512tIV() {
        func generate(_ name: String) -> [UInt8] {
            let base = _SHA512State.sha512
            let mask: UInt64 = 0xa5a5_a5a5_a5a5_a5a5
            let start = _SHA512State(
                base.h0 ^ mask, base.h1 ^ mask, base.h2 ^ mask, base.h3 ^ mask,
                base.h4 ^ mask, base.h5 ^ mask, base.h6 ^ mask, base.h7 ^ mask)
            var stream = _SHA2Stream(state: start)
            Array(name.utf8).withUnsafeBytes { stream.update($0) }
            return withUnsafeBytes(of: stream.finalize()) { Array($0) }
        }
        func words(_ s: _SHA512State) -> [UInt8] { withUnsafeBytes(of: s.bigEndianWords()) { Array($0) } }
        #expect(generate("SHA-512/224") == words(.sha512_224))
        #expect(generate("SHA-512/256") == words(.sha512_256))
    }
}
