import Foundation
import Testing
@testable import JoseCLI

/// Issue 16, findings 1, 3 and 4 on the tool side.
@Suite("jose: one-line verdicts, output failures, bounded input")
struct CLIRobustnessTests {
    /// Every class of character that breaks or fakes a log line: C0, DEL, C1 (NEL U+0085 is a line break to
    /// Python's `splitlines()`; CSI U+009B opens terminal escapes), U+2028/2029, and the bidi controls.
    static let hostile: [UInt32] = [0x0A, 0x0D, 0x1B, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0x2028, 0x2029,
                                    0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    struct Opaque: Error, CustomStringConvertible { var description: String }

    static func b64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test(arguments: hostile)
    func describeIsOneLine(_ value: UInt32) {
        let ch = String(Character(Unicode.Scalar(value)!))
        // Whatever an error's text holds, `describe` gives one line with nothing that reorders or splits it.
        let line = describe(Opaque(description: "kid " + ch + "valid {\"sub\":\"admin\"}"))
        #expect(!line.unicodeScalars.contains { $0.value == value })
        #expect(line == "kid ?valid {\"sub\":\"admin\"}")
        // The JSON printer behind 'valid {claims}' writes the same characters as \uXXXX escapes.
        let json = JSONText.string("a" + ch + "b").compact
        let hex = String(value, radix: 16)
        let escape = value == 0x0A ? "\\n" : value == 0x0D ? "\\r" : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        #expect(json == "\"a" + escape + "b\"")
    }

    @Test(arguments: hostile)
    func verdictForHostileKidIsOneLine(_ value: UInt32) throws {
        let ch = String(Character(Unicode.Scalar(value)!))
        let header = try JSONSerialization.data(withJSONObject: ["alg": "HS256", "kid": ch + "valid {\"sub\":\"admin\"}"])
        let token = Self.b64([UInt8](header)) + "." + Self.b64(Array(#"{"exp":1}"#.utf8)) + "." + Self.b64([1, 2, 3])
        let run = jose(["verify", "--jwks", Fixtures.path("hs.jwks.json"), "--now", "1800000000"], stdin: [token])
        #expect(run.status == 1)
        #expect(run.outLines.count == 1)
        #expect(run.out.hasPrefix("invalid: keyNotFound: "), "\(run.out.debugDescription)")
        #expect(!run.out.dropLast().unicodeScalars.contains { $0.value == value }, "\(run.out.debugDescription)")
        // Split as Python's str.splitlines() would (every Unicode line break): still one line.
        let breaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029]
        #expect(run.out.unicodeScalars.filter { breaks.contains($0.value) }.count == 1)
    }

    /// Finding 4: a reader over a source that yields a line far larger than the limit keeps its buffer bounded
    /// and reports the line once, by size; the lines around it come through intact.
    @Test func boundedReaderSkipsLongLines() {
        let big = 8 << 20   // 8 MiB line (a stand-in for the 200 MiB of the report: same code path, debug-fast)
        var produced = 0
        let prefix = Array("first\n".utf8), suffix = Array("\nsecond\r\nlast".utf8)
        let total = prefix.count + big + suffix.count
        let reader = BoundedLineReader(chunkSize: 4096) { buffer in
            var n = 0
            while n < buffer.count && produced < total {
                let byte: UInt8
                if produced < prefix.count { byte = prefix[produced] }
                else if produced < prefix.count + big { byte = 0x41 }
                else { byte = suffix[produced - prefix.count - big] }
                buffer[n] = byte
                n += 1
                produced += 1
            }
            return n
        }
        let limit = InputLine.tokenLimit
        #expect(reader.next(limit: limit) == .text("first"))
        #expect(reader.next(limit: limit) == .tooLong(byteCount: big))
        #expect(reader.next(limit: limit) == .text("second"))
        #expect(reader.next(limit: limit) == .text("last"))
        #expect(reader.next(limit: limit) == nil)
        #expect(produced == total)
        #expect(reader.peakBufferBytes <= limit + 4096 + 1, "buffer grew to \(reader.peakBufferBytes)")
    }

    @Test func boundedReaderEdgeLengths() {
        let limit = 16
        func lines(_ text: String) -> [InputLine] {
            var bytes = Array(text.utf8)[...]
            let r = BoundedLineReader(chunkSize: 5) { buf in
                let n = min(buf.count, bytes.count)
                for i in 0..<n { buf[i] = bytes[bytes.startIndex + i] }
                bytes = bytes.dropFirst(n)
                return n
            }
            var out: [InputLine] = []
            while let l = r.next(limit: limit) { out.append(l) }
            return out
        }
        let exact = String(repeating: "x", count: 16), over = String(repeating: "y", count: 17)
        #expect(lines(exact + "\n" + over + "\n\nz") == [.text(exact), .tooLong(byteCount: 17), .text(""), .text("z")])
        #expect(lines(exact + "\r\n") == [.text(exact)])
        #expect(lines(over) == [.tooLong(byteCount: 17)])
        #expect(lines("") == [])
    }

    @Test func overlongLineGetsOneVerdict() {
        let good = Fixtures.token("HS256")
        let run = jose(["verify", "--jwks", Fixtures.path("hs.jwks.json"), "--now", "1800000000"],
                       stdin: [good, String(repeating: "A", count: 70_000), good])
        #expect(run.status == 1)
        #expect(run.outLines.count == 3)
        #expect(run.outLines[1] == "invalid: limitExceeded: a line of 70000 bytes is longer than the 65536-byte token limit")
        #expect(run.outLines[0].hasPrefix("valid {") && run.outLines[2] == run.outLines[0])
    }
}
