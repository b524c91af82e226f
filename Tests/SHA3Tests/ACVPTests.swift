import Foundation
import SHA3
import Testing
import TestSupport

/// NIST ACVP SHA3-224/256/384/512 (revision 2.0) and SHAKE-128/256 (revision 1.0) known answers: every AFT case
/// (byte- and bit-oriented messages), the Monte Carlo test, and SHAKE's variable-output tests. The four LDT cases of
/// each SHA-3 file (1 to 8 GiB of repeated content) are counted and skipped: too long for the test suite.
@Suite("NIST ACVP SHA-3 and SHAKE")
struct ACVPTests {
    /// AFT cases per file (of them, bit-oriented: 1,095 / 1,043 / 820 / 596 / 1,218 / 1,005), and SHAKE's VOT cases.
    static let expectedAFT: [Function: Int] = [
        .sha3_224: 1258, .sha3_256: 1194, .sha3_384: 938, .sha3_512: 682, .shake128: 1392, .shake256: 1148,
    ]

    @Test("AFT and VOT", arguments: Function.allCases)
    func aft(_ f: Function) throws {
        var aft = 0, vot = 0, ldt = 0, bitMessages = 0, bitOutputs = 0
        for group in try acvpGroups(f.acvpFile) {
            let type = try #require(group["testType"] as? String)
            let tests = try #require(group["tests"] as? [[String: Any]])
            if type == "LDT" { ldt += tests.count; continue }
            guard type == "AFT" || type == "VOT" else { continue }
            for t in tests {
                let id = t["tcId"] as? Int ?? -1
                let bits = try #require(t["len"] as? Int)
                let message = hex(try #require(t["msg"] as? String))
                let expected = hex(try #require(t["md"] as? String))
                #expect(message.count == (bits + 7) / 8 || (bits == 0 && message.isEmpty), "tcId \(id)")
                let outBits = f.isSHAKE ? try #require(t["outLen"] as? Int) : f.digestSize * 8
                let outBytes = (outBits + 7) / 8
                var got = f.output(message: message, bits: bits, outputBytes: outBytes)
                if bits % 8 == 0 {
                    // The public, byte-oriented API agrees.
                    #expect(f.hash(message, outputBytes: outBytes) == got, "\(f) tcId \(id) (public API)")
                } else {
                    bitMessages += 1
                }
                // ACVP SHAKE 1.0: a last partial output byte keeps its bits in the low-order positions.
                if outBits % 8 != 0 {
                    got[outBytes - 1] &= UInt8((1 << (outBits % 8)) - 1)
                    bitOutputs += 1
                }
                #expect(got == expected, "\(f) tcId \(id) len \(bits) outLen \(outBits)")
                if type == "AFT" { aft += 1 } else { vot += 1 }
            }
        }
        Vectors.report(f.acvpFile, cases: aft + vot,
                       detail: "AFT \(aft), VOT \(vot), \(bitMessages) bit-length messages, \(bitOutputs) bit-length outputs; LDT \(ldt) skipped")
        #expect(aft == Self.expectedAFT[f])
        #expect(vot == (f.isSHAKE ? 512 : 0))
        #expect(ldt == (f.isSHAKE ? 0 : 4))
    }

    /// SHA-3 MCT (ACVP SHA-3 spec, "standard"): MD = seed; 100 times { 1,000 times MD = H(MD); output MD }.
    /// SHAKE MCT: Output = seed; 100 times { 1,000 times { Msg = the first 16 bytes of Output, zero-padded;
    /// Output = SHAKE(Msg, OutLen); OutLen = minOutLen + (last two bytes of Output, big-endian) mod (max − min + 1)
    /// bytes }; output Output }.
    @Test("Monte Carlo", arguments: Function.allCases)
    func monte(_ f: Function) throws {
        let groups = try acvpGroups(f.acvpFile).filter { $0["testType"] as? String == "MCT" }
        #expect(groups.count == 1)
        var checkpoints = 0
        for group in groups {
            for t in try #require(group["tests"] as? [[String: Any]]) {
                let results = try #require(t["resultsArray"] as? [[String: Any]])
                var md = hex(try #require(t["msg"] as? String))
                if f.isSHAKE {
                    let minBytes = try #require(group["minOutLen"] as? Int) / 8
                    let maxBytes = try #require(group["maxOutLen"] as? Int) / 8
                    let range = maxBytes - minBytes + 1
                    var outLen = maxBytes
                    for r in results {
                        for _ in 0..<1000 {
                            var msg = Array(md.prefix(16))
                            msg += [UInt8](repeating: 0, count: 16 - msg.count)
                            md = f.hash(msg, outputBytes: outLen)
                            let right = Int(md[md.count - 2]) << 8 | Int(md[md.count - 1])
                            outLen = minBytes + right % range
                        }
                        #expect(md == hex(try #require(r["md"] as? String)), "\(f) MCT checkpoint \(checkpoints)")
                        #expect(md.count * 8 == r["outLen"] as? Int)
                        checkpoints += 1
                    }
                } else {
                    for r in results {
                        for _ in 0..<1000 { md = f.hash(md) }
                        #expect(md == hex(try #require(r["md"] as? String)), "\(f) MCT checkpoint \(checkpoints)")
                        checkpoints += 1
                    }
                }
            }
        }
        Vectors.report(f.acvpFile, cases: checkpoints, detail: "MCT checkpoints, 1000 chained hashes each")
        #expect(checkpoints == 100)
    }
}
