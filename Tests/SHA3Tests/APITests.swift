import SHA3
import Testing
import TestSupport

/// The shape of the public API: CryptoKit-style names, value semantics, digests as values, readers that continue.
@Suite("API")
struct APITests {
    /// FIPS 202's example values for the empty message (NIST's "Example Values" for SHA-3 and SHAKE).
    @Test("empty message")
    func emptyMessage() {
        #expect(SHA3_256.hash(data: []).description == "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a")
        #expect(SHA3_224.hash(data: []).description == "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7")
        #expect(SHAKE128.hash(data: [], outputByteCount: 16) == hex("7f9c2ba4e88f827d616045507605853e"))
        #expect(SHAKE256.hash(data: [], outputByteCount: 16) == hex("46b9dd2b0ba88d13233b3feb743eeb24"))
    }

    @Test("finalize does not change the computation; copies fork it")
    func valueSemantics() {
        let message = Array("The quick brown fox jumps over the lazy dog".utf8)
        var h = SHA3_512()
        h.update(data: message.prefix(10))
        let fork = h
        let early = h.finalize()
        #expect(h.finalize() == early)
        h.update(data: message.dropFirst(10))
        #expect(h.finalize() == SHA3_512.hash(data: message))
        #expect(fork.finalize() == early)
        #expect(early != h.finalize())
    }

    @Test("non-contiguous sequences are hashed like arrays")
    func nonContiguous() {
        let bytes = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let lazy = bytes.lazy.map { $0 }
        #expect(SHA3_384.hash(data: lazy) == SHA3_384.hash(data: bytes))
        var x = SHAKE256()
        x.update(data: lazy)
        #expect(x.finalize(outputByteCount: 200) == SHAKE256.hash(data: bytes, outputByteCount: 200))
    }

    @Test("digests: bytes, equality with raw bytes, init(bytes:), hashing")
    func digests() throws {
        let d = SHA3_256.hash(data: Array("abc".utf8))
        #expect(d.byteCount == 32 && SHA3_256Digest.byteCount == 32 && SHA3_224Digest.byteCount == 28)
        #expect(d.description == "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532")
        #expect(d == d.bytes)
        #expect(!(d == d.bytes.dropLast()))
        #expect(Array(d) == d.bytes)
        let copy = try #require(SHA3_256Digest(bytes: d.bytes))
        #expect(copy == d && copy.hashValue == d.hashValue)
        #expect(SHA3_256Digest(bytes: d.bytes.dropLast()) == nil)
        #expect(SHA3_224.hash(data: Array("abc".utf8)).bytes.count == 28)
    }

    @Test("a reader continues: many small reads equal one large read, across output blocks")
    func readerContinues() {
        var x = SHAKE128()
        x.update(data: Array(0..<200 as Range<UInt8>))
        let whole = x.finalize(outputByteCount: 1000)
        var r = x.reader()
        var pieces: [UInt8] = []
        var n = 0
        while pieces.count < 1000 {
            let take = Swift.min(1 + (n * 13) % 171, 1000 - pieces.count)
            if n % 2 == 0 {
                pieces += r.read(count: take)
            } else {
                var buffer = [UInt8](repeating: 0, count: take)
                buffer.withUnsafeMutableBytes { r.read(into: $0) }
                pieces += buffer
            }
            n += 1
        }
        #expect(pieces == whole)
        #expect(r.blockByteCount == 168 && SHAKE256.blockByteCount == 136)
        // A copied reader forks the stream.
        var a = x.reader()
        _ = a.squeeze(count: 5)
        var b = a
        let fromA = a.read(count: 7)
        #expect(fromA == Array(whole[5..<12]))
        #expect(b.read(count: 7) == fromA)
    }

    @Test("rates and sizes")
    func sizes() {
        #expect(SHA3_224.blockByteCount == 144 && SHA3_256.blockByteCount == 136)
        #expect(SHA3_384.blockByteCount == 104 && SHA3_512.blockByteCount == 72)
        #expect(SHA3_384.byteCount == 48 && SHA3_512().byteCount == 64)
    }
}
