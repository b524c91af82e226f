import Foundation
import SHA2
import Testing
import TestSupport

@Suite("Streaming and input types")
struct StreamingTests {
    /// FIPS 180-2 Appendix B.3 / C.3: one million repetitions of "a", fed in uneven chunks
    /// (sizes cycle through 1, 7, 63, 64, 65, 127, 128, 129, 1000, 4097 bytes).
    @Test("one million 'a' in uneven chunks")
    func millionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let sizes = [1, 7, 63, 64, 65, 127, 128, 129, 1000, 4097]
        var sha256 = SHA256(), sha512 = SHA512()
        var offset = 0, step = 0
        while offset < message.count {
            let end = min(message.count, offset + sizes[step % sizes.count])
            sha256.update(data: message[offset..<end])
            sha512.update(data: message[offset..<end])
            offset = end
            step += 1
        }
        #expect(sha256.finalize().description
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(sha512.finalize().description
            == "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
            + "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b")
    }

    /// 1,000 messages of 0–10 KiB from a seeded generator, each hashed one-shot and streamed
    /// in pieces cut at random points (including empty pieces); the digests must agree. The
    /// functions rotate through all six, so both compression functions and every truncation
    /// see every block-boundary case.
    @Test("streaming equals one-shot (1,000 seeded random messages)")
    func randomSplits() {
        var rng = SplitMix64(seed: 0x5eed_0f_05a2)
        for i in 0..<1000 {
            let length = Int.random(in: 0...10_240, using: &rng)
            var message = [UInt8](repeating: 0, count: length)
            for j in message.indices { message[j] = UInt8.random(in: 0...255, using: &rng) }
            let cuts = (0..<Int.random(in: 0...6, using: &rng)).map { _ in Int.random(in: 0...length, using: &rng) }.sorted()
            let algorithm = Algorithm.allCases[i % Algorithm.allCases.count]
            let oneShot = algorithm.hash(message)
            let streamed = algorithm.with { h in streamHash(h, message, cuts: cuts) }
            #expect(streamed == oneShot, "message \(i): \(length) bytes, cuts \(cuts), \(algorithm)")
            #expect(oneShot.count == algorithm.digestSize)
        }
    }

    /// `finalize()` leaves the computation usable: more data may follow.
    @Test("finalize does not consume the state")
    func finalizeIsNonMutating() {
        var h = SHA384()
        h.update(data: Array("hello ".utf8))
        let first = h.finalize()
        #expect(first == SHA384.hash(data: Array("hello ".utf8)))
        #expect(h.finalize() == first)
        h.update(data: Array("world".utf8))
        #expect(h.finalize() == SHA384.hash(data: Array("hello world".utf8)))
    }

    /// Every way of passing bytes gives the same digest: arrays, slices, UTF-8 views, Data,
    /// raw buffers, and sequences without contiguous storage (the chunked slow path).
    @Test("input types")
    func inputTypes() {
        let text = String(repeating: "PureJOSE verifies JSON Web Tokens. ", count: 100)  // 3,500 bytes
        let bytes = Array(text.utf8)
        let expected = SHA256.hash(data: bytes)
        #expect(SHA256.hash(data: text.utf8) == expected)
        #expect(SHA256.hash(data: Data(bytes)) == expected)
        #expect(SHA256.hash(data: ContiguousArray(bytes)) == expected)
        #expect(SHA256.hash(data: bytes.lazy.map { $0 }) == expected)  // not contiguous
        #expect(SHA256.hash(data: AnySequence(bytes)) == expected)
        var h = SHA256()
        bytes.withUnsafeBytes { h.update(bufferPointer: $0) }
        #expect(h.finalize() == expected)
        let padded = [0xFF] + bytes + [0xFF]
        #expect(SHA256.hash(data: padded[1..<(padded.count - 1)]) == expected)
        // A digest is itself a byte sequence and can be hashed again.
        #expect(SHA512.hash(data: expected) == SHA512.hash(data: expected.bytes))
        // FIPS 180-2 Appendix B.1: SHA-256("abc"), from a Swift string.
        #expect(SHA256.hash(data: "abc".utf8).description
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("digest values")
    func digests() throws {
        let d = SHA256.hash(data: Array("abc".utf8))
        let expected = hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(d.bytes == expected)
        #expect(Array(d) == expected)
        #expect(d.description == expected.hexString)
        #expect(d.byteCount == 32 && SHA256Digest.byteCount == 32)
        #expect(d.withUnsafeBytes { Array($0) } == expected)
        #expect(d == expected)
        #expect(!(d == expected.dropLast()))
        #expect(try #require(SHA256Digest(bytes: expected)) == d)
        #expect(SHA256Digest(bytes: expected.dropLast()) == nil)
        #expect(SHA256Digest(bytes: expected + [0]) == nil)
        let e = SHA256.hash(data: Array("abd".utf8))
        #expect(d != e)
        #expect(Set([d, e, d]).count == 2)
        // Truncated digests keep exactly their own bytes.
        let d224 = SHA224.hash(data: Array("abc".utf8))
        #expect(d224.bytes.count == 28 && Array(d224).count == 28)
        #expect(d224.description == "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7")
        #expect(SHA512_224.hash(data: Array("abc".utf8)).description
            == "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa")
        #expect(SHA384.hash(data: []).bytes.count == 48)
        #expect(SHA512_256.byteCount == 32 && SHA512_256.blockByteCount == 128)
        #expect(SHA224.blockByteCount == 64 && SHA384.byteCount == 48)
    }
}

private func streamHash<H: HashFunction>(_: H.Type, _ message: [UInt8], cuts: [Int]) -> [UInt8] {
    var h = H()
    var start = 0
    for cut in cuts + [message.count] {
        h.update(data: message[start..<cut])
        start = cut
    }
    return h.finalize().bytes
}
