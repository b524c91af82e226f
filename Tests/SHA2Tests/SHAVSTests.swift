import SHA2
import Testing
import TestSupport

/// NIST CAVP SHAVS byte-oriented vectors (CAVS 11.0/11.1) for all six SHA-2 functions.
@Suite("NIST SHAVS")
struct SHAVSTests {
    /// ShortMsg: Len = 0, 8, …, one block's worth of bits (×8 for the last); LongMsg: 64 or 128
    /// multi-block messages. Counts are those of the published files.
    static let expectedShort: [Algorithm: Int] = [
        .sha224: 65, .sha256: 65, .sha384: 129, .sha512: 129, .sha512_224: 129, .sha512_256: 129,
    ]
    static let expectedLong: [Algorithm: Int] = [
        .sha224: 64, .sha256: 64, .sha384: 128, .sha512: 128, .sha512_224: 128, .sha512_256: 128,
    ]

    @Test("ShortMsg and LongMsg", arguments: Algorithm.allCases, ["ShortMsg", "LongMsg"])
    func messages(_ algorithm: Algorithm, _ kind: String) throws {
        let file = "nist/sha2/\(algorithm.rawValue)\(kind).rsp"
        let records = try CAVP.load(file)
        var ran = 0
        for r in records where r.has("Msg") {
            let bits = try #require(r.int("Len"), "record at line \(r.line)")
            // Len = 0 carries the placeholder Msg = 00: the message is empty.
            let message = bits == 0 ? [] : r.hex("Msg")
            #expect(message.count * 8 == bits, "line \(r.line)")
            #expect(r.section == "L = \(algorithm.digestSize)")
            #expect(algorithm.hash(message) == r.hex("MD"), "\(file) line \(r.line)")
            ran += 1
        }
        Vectors.report(file, cases: ran)
        let expected = kind == "ShortMsg" ? Self.expectedShort[algorithm] : Self.expectedLong[algorithm]
        #expect(ran == expected)
    }

    /// Monte Carlo test as SHAVS §6.4 describes it: from Seed, 100 checkpoints; for each,
    /// MD0 = MD1 = MD2 = Seed, MDi = H(MD(i-3) ‖ MD(i-2) ‖ MD(i-1)) for i = 3…1002, the
    /// checkpoint is MD1002 and becomes the next Seed (100,000 chained hashes per file).
    @Test("Monte", arguments: Algorithm.allCases)
    func monte(_ algorithm: Algorithm) throws {
        let file = "nist/sha2/\(algorithm.rawValue)Monte.rsp"
        let records = try CAVP.load(file)
        let seedRecord = try #require(records.first { $0.has("Seed") })
        var seed = seedRecord.hex("Seed")
        #expect(seed.count == algorithm.digestSize)
        var ran = 0
        for r in records where r.has("MD") {
            #expect(r.int("COUNT") == ran, "line \(r.line)")
            var md = (seed, seed, seed)
            for _ in 3...1002 {
                let next = algorithm.with { h in monteStep(h, md.0, md.1, md.2) }
                md = (md.1, md.2, next)
            }
            seed = md.2
            #expect(seed == r.hex("MD"), "\(file) COUNT = \(ran)")
            ran += 1
        }
        Vectors.report(file, cases: ran, detail: "checkpoints, 1000 chained hashes each")
        #expect(ran == 100)
    }
}

/// H(a ‖ b ‖ c) fed as three updates (the stream joins them).
private func monteStep<H: HashFunction>(_: H.Type, _ a: [UInt8], _ b: [UInt8], _ c: [UInt8]) -> [UInt8] {
    var h = H()
    h.update(data: a)
    h.update(data: b)
    h.update(data: c)
    return h.finalize().bytes
}
