import Foundation
import SHA3
import Testing
import TestSupport

/// SHA3-224/256/384/512 and SHAKE128/256 against Python's hashlib, from Vectors/sha3/hashlib-cases.json
/// (Scripts/generate-sha3-cases.py: fixed-seed messages at every rate boundary r−1, r, r+1 of one, two and three blocks
/// — 135/136/137 for SHA3-256 and SHAKE256, 167/168/169 for SHAKE128 — and random lengths; SHAKE outputs that straddle
/// an output block). Each message is hashed in one call and, streamed, in pieces cut at varying points.
@Suite("hashlib cross-check")
struct HashlibCrossCheckTests {
    static let file = "sha3/hashlib-cases.json"

    @Test("every case, one-shot and streamed")
    func crossCheck() throws {
        let data = Data(try Vectors.bytes(Self.file))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(top["cases"] as? [[String: Any]])
        var ran = 0
        var boundaries = Set<Int>()
        for c in cases {
            let message = hex(try #require(c["msg"] as? String))
            #expect(message.count == c["len"] as? Int)
            let outLen = try #require(c["outLen"] as? Int)
            boundaries.insert(message.count)
            // Cut points that depend on the case, so pieces of 0, 1, and rate-crossing sizes all occur.
            let cut1 = message.isEmpty ? 0 : (ran * 37) % message.count
            let cut2 = cut1 + (message.count - cut1) / 2
            func streamed<H: SHA3HashFunction>(_: H.Type) -> [UInt8] {
                var h = H()
                h.update(data: message[0..<cut1])
                h.update(data: [])
                h.update(data: message[cut1..<cut2])
                h.update(data: message[cut2...])
                return h.finalize().bytes
            }
            for (name, oneShot, stream) in [
                ("sha3_224", SHA3_224.hash(data: message).bytes, streamed(SHA3_224.self)),
                ("sha3_256", SHA3_256.hash(data: message).bytes, streamed(SHA3_256.self)),
                ("sha3_384", SHA3_384.hash(data: message).bytes, streamed(SHA3_384.self)),
                ("sha3_512", SHA3_512.hash(data: message).bytes, streamed(SHA3_512.self)),
            ] {
                let expected = hex(try #require(c[name] as? String))
                #expect(oneShot == expected, "\(name) len \(message.count)")
                #expect(stream == expected, "\(name) len \(message.count) streamed")
            }
            // SHAKE: one shot, and streamed in, with the output read in three pieces.
            var x128 = SHAKE128(), x256 = SHAKE256()
            for piece in [message[0..<cut1], message[cut1..<cut2], message[cut2...]] {
                x128.update(data: piece)
                x256.update(data: piece)
            }
            let split = outLen / 3
            var r128 = x128.reader(), r256 = x256.reader()
            let read128 = r128.read(count: split) + r128.squeeze(count: 0) + r128.read(count: outLen - split)
            let read256 = r256.read(count: 1) + r256.read(count: split) + r256.read(count: outLen - split - 1)
            let e128 = hex(try #require(c["shake_128"] as? String))
            let e256 = hex(try #require(c["shake_256"] as? String))
            #expect(SHAKE128.hash(data: message, outputByteCount: outLen) == e128, "shake_128 len \(message.count)")
            #expect(SHAKE256.hash(data: message, outputByteCount: outLen) == e256, "shake_256 len \(message.count)")
            #expect(read128 == e128, "shake_128 len \(message.count) streamed")
            #expect(read256 == e256, "shake_256 len \(message.count) streamed")
            ran += 1
        }
        Vectors.report(Self.file, cases: ran, detail: "6 functions each, one-shot and streamed")
        #expect(ran == 63)
        // The rate boundaries of SHA3-256/SHAKE256 and of SHAKE128 are in the file.
        #expect([135, 136, 137, 167, 168, 169].allSatisfy(boundaries.contains))
    }
}
