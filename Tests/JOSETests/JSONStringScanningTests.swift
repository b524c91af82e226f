import Testing
@testable import JOSE

// The JSON parser finds the end of a plain string eight bytes at a time by arithmetic (no branch on a character, so
// a secret JWK member is never branched on). These tests pin that the word-wise classification is exact in every
// lane and that a special byte at any position of a string — on either side of a word boundary — is handled exactly
// as the byte-by-byte reading of RFC 8259 requires.
@Suite("JSON string scanning by words")
struct JSONStringScanningTests {
    static func isSpecial(_ b: UInt8) -> Bool { b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80 }

    @Test func everyByteInEveryLane() {
        var checked = 0
        for lane in 0..<8 {
            for b in 0...255 {
                // The other lanes hold a byte on the far side of each boundary (0x21 next to the quote, 0x5D next to the
                // backslash, 0x20 just above the controls, 0x7F just below non-ASCII), rotating with the lane.
                let fillers: [UInt8] = [0x21, 0x5D, 0x20, 0x7F, 0x23, 0x5B, 0x41, 0x7E]
                var word: UInt64 = 0
                for k in 0..<8 {
                    let byte = k == lane ? UInt8(b) : fillers[(k + lane) % 8]
                    word |= UInt64(byte) << (8 * UInt64(k))
                }
                let expected: UInt64 = Self.isSpecial(UInt8(b)) ? 0x80 << (8 * UInt64(lane)) : 0
                #expect(JSONParser.specialBytes(word) == expected, "byte \(b) in lane \(lane)")
                checked += 1
            }
        }
        #expect(checked == 2048)
        // Every lane special at once, and none.
        #expect(JSONParser.specialBytes(0x2222_2222_2222_2222) == 0x8080_8080_8080_8080)
        #expect(JSONParser.specialBytes(0x4141_4141_4141_4141) == 0)
    }

    @Test func plainRunStopsAtTheFirstSpecialByte() {
        // Buffers of 0-24 bytes, so that the word loop and the byte-by-byte tail each find the special byte.
        // Both scans: the constant-time one (secret material) and the branching one (a token's public text).
        var checked = 0
        for publicText in [false, true] {
            for length in 0...24 {
                for at in 0...length {
                    var bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                    if at < length { bytes[at] = UInt8(ascii: "\"") }
                    let found = bytes.withUnsafeBufferPointer { JSONParser.plainRun($0, from: 0, publicText: publicText) }
                    #expect(found == at, "length \(length), quote at \(at), publicText \(publicText)")
                    checked += 1
                }
            }
        }
        #expect(checked == 650)
    }

    /// The two scans give the same value, or the same error with the same reason, on 3,000 seeded documents whose
    /// strings mix plain characters with quotes, backslashes, escapes, controls and multi-byte UTF-8 (valid or not)
    /// at every offset around the eight-byte words.
    @Test func publicAndConstantTimeScansAgree() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("Z".utf8), Array("0".utf8), Array(" ".utf8), Array("~".utf8), [0x5C, 0x22], [0x5C, 0x5C],
            Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud83d\ude00"#.utf8), [0xC3, 0xA9], [0xE2, 0x82, 0xAC],
            [0xF0, 0x9F, 0x98, 0x80], [0x0A], [0xC3], [0xFF], [0x22], [0x5C], Array(#"\x"#.utf8),
        ]
        var state: UInt64 = 0x5EED_0F_5CA7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var agreed = 0, values = 0
        for _ in 0..<3000 {
            var doc: [UInt8] = Array(#"{"k":""#.utf8)
            let count = next(24)
            for _ in 0..<count {
                // Mostly plain characters, so that runs cross word boundaries before something special comes.
                doc += next(3) == 0 ? pieces[next(pieces.count)] : pieces[next(5)]
            }
            doc += Array(#""}"#.utf8)
            func parse(_ publicText: Bool) -> Result<JSONValue, JWTError> {
                doc.withUnsafeBufferPointer { b in
                    Result { () throws(JWTError) in try JSONValue.parse(b, limits: .default, publicText: publicText) }
                }
            }
            switch (parse(false), parse(true)) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(doc)")
                values += 1
                agreed += a == b ? 1 : 0
            case (.failure(let a), .failure(let b)):
                #expect(a.code == b.code && a.reason == b.reason, "\(doc): \(a) vs \(b)")
                agreed += a.code == b.code && a.reason == b.reason ? 1 : 0
            case (let a, let b):
                Issue.record("\(doc): constant-time scan \(a), public scan \(b)")
            }
        }
        #expect(agreed == 3000)
        // Both outcomes occur often enough for the comparison to mean something.
        #expect(values > 300 && values < 2700, "\(values) documents parsed")
    }

    @Test func specialByteAtEveryPosition() throws {
        for length in 0...20 {
            for i in 0..<max(length, 1) where length > 0 || i == 0 {
                let plain = (0..<length).map { UInt8(ascii: "A") + UInt8($0 % 26) }
                // An escaped quote at i: the string continues past it.
                var escaped = plain
                escaped.insert(contentsOf: [0x5C, 0x22], at: min(i, length))
                let value = try JSONValue(parsing: [0x22] + escaped + [0x22])
                var expected = plain
                expected.insert(0x22, at: min(i, length))
                #expect(value == .string(String(decoding: expected, as: UTF8.self)), "escape at \(i) of \(length)")
                // A raw line feed at i is refused at its own offset (1 + i in the document).
                if length > 0 {
                    var control = plain
                    control[i] = 0x0A
                    #expect(throws: JWTError(.invalidJSON)) { try JSONValue(parsing: [0x22] + control + [0x22]) }
                    do {
                        _ = try JSONValue(parsing: [0x22] + control + [0x22])
                    } catch let error {
                        #expect(error.reason.hasSuffix("at offset \(1 + i)"), "\(error.reason)")
                    }
                    // Two-byte UTF-8 at i: kept as is.
                    var accented = plain
                    accented.replaceSubrange(i..<(i + 1), with: [0xC3, 0xA9])
                    #expect(try JSONValue(parsing: [0x22] + accented + [0x22]) == .string(String(decoding: accented, as: UTF8.self)))
                }
            }
            // The plain string itself, and one cut short of its closing quote.
            let plain = (0..<length).map { UInt8(ascii: "A") + UInt8($0 % 26) }
            #expect(try JSONValue(parsing: [0x22] + plain + [0x22]) == .string(String(decoding: plain, as: UTF8.self)))
            #expect(throws: JWTError(.invalidJSON)) { try JSONValue(parsing: [0x22] + plain) }
        }
    }
}
