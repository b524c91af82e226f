import Testing
@testable import JOSE

@Suite("strict JSON (RFC 8259, I-JSON)")
struct JSONParserTests {
    func parse(_ s: String, limits: JSONLimits = .default) throws -> JSONValue { try JSONValue(parsing: s, limits: limits) }
    func parse(bytes: [UInt8]) throws -> JSONValue { try JSONValue(parsing: bytes) }

    @Test func basicValues() throws {
        let v = try parse(#" { "a" : [1, -2, 3.5, true, false, null, "x"], "b": {} } "#)
        let o = try #require(v.objectValue)
        #expect(o.names == ["a", "b"])
        #expect(v["a"] == .array([.integer(1), .integer(-2), .number(JSONNumber(literal: "3.5")), .bool(true), .bool(false), .null, .string("x")]))
        #expect(v["b"] == .object(JSONObject()))
        #expect(try parse("17") == .integer(17))
        #expect(try parse("\"s\"") == .string("s"))
    }

    @Test func duplicateMembersRejected() {
        #expect(throws: JWTError(.duplicateMember)) { try parse(#"{"a":1,"a":2}"#) }
        #expect(throws: JWTError(.duplicateMember)) { try parse(#"{"x":{"a":1,"b":2,"a":3}}"#) }
        // Same name written with an escape is still the same name.
        #expect(throws: JWTError(.duplicateMember)) { try parse(#"{"alg":1,"\u0061lg":2}"#) }
        // Large objects use a set: still caught.
        var big = "{"
        for i in 0..<40 { big += "\"k\(i)\":\(i)," }
        big += "\"k7\":0}"
        #expect(throws: JWTError(.duplicateMember)) { try parse(big) }
    }

    @Test func canonicallyEquivalentNamesAreDistinct() throws {
        // "é" precomposed and decomposed differ as bytes: two different members, not a duplicate.
        let v = try parse("{\"\u{E9}\":1,\"e\u{301}\":2}")
        #expect(v.objectValue?.count == 2)
        #expect(v["\u{E9}"] == .integer(1))
        #expect(v["e\u{301}"] == .integer(2))
    }

    @Test func escapesAndSurrogates() throws {
        #expect(try parse(#""a\"\\\/\b\f\n\r\t""#) == .string("a\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u00e9\u20AC""#) == .string("é€"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        for bad in [#""\ud83d""#, #""\ude00""#, #""\ud83d\u0041""#, #""\ud83dx""#, #""\u12""#, #""\x41""#, #""\u12G4""#] {
            #expect(throws: JWTError(.invalidJSON), "\(bad)") { try parse(bad) }
        }
    }

    @Test func invalidUTF8Rejected() {
        let bad: [[UInt8]] = [
            [0x22, 0xC0, 0xAF, 0x22],              // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22],        // overlong
            [0x22, 0xED, 0xA0, 0x80, 0x22],        // encoded surrogate U+D800
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0x80, 0x22],                    // lone continuation
            [0x22, 0xC3, 0x22],                    // truncated
            [0x22, 0xFF, 0x22],
            [0xEF, 0xBB, 0xBF, 0x31],              // byte order mark
        ]
        for b in bad { #expect(throws: JWTError(.invalidJSON), "\(b)") { try parse(bytes: b) } }
        #expect((try? parse(bytes: [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])) == .string("😀"))
    }

    /// I-JSON (RFC 7493 §2.1) excludes noncharacters, escaped or not; their neighbours are fine.
    @Test func noncharactersRejected() throws {
        for bad in [#""\uFFFF""#, #""\ufffe""#, #""\uFDD0""#, #""\uFDEF""#, #""\ud83f\udffe""#, #""\udbff\udfff""#] {
            #expect(throws: JWTError(.invalidJSON), "\(bad)") { try parse(bad) }
        }
        // The same as raw UTF-8: U+FFFF, U+FDD5, U+1FFFE, U+10FFFF.
        for raw: [UInt8] in [[0xEF, 0xBF, 0xBF], [0xEF, 0xB7, 0x95], [0xF0, 0x9F, 0xBF, 0xBE], [0xF4, 0x8F, 0xBF, 0xBF]] {
            #expect(throws: JWTError(.invalidJSON), "\(raw)") { try parse(bytes: [0x22] + raw + [0x22]) }
        }
        #expect(try parse(#""\uFFFD\uFDCF\uFDF0""#) == .string("\u{FFFD}\u{FDCF}\u{FDF0}"))
        #expect(try parse("\"\u{FFFD}\u{1FFFD}\u{10FFFD}\"") == .string("\u{FFFD}\u{1FFFD}\u{10FFFD}"))
    }

    @Test func controlCharactersMustBeEscaped() {
        #expect(throws: JWTError(.invalidJSON)) { try parse("\"a\nb\"") }
        #expect(throws: JWTError(.invalidJSON)) { try parse(bytes: [0x22, 0x00, 0x22]) }
    }

    @Test func numbersExact() throws {
        #expect(try parse("9223372036854775807") == .integer(.max))
        #expect(try parse("-9223372036854775808") == .integer(.min))
        #expect(try parse("9223372036854775808") == .number(JSONNumber(literal: "9223372036854775808")))
        #expect(try parse("-0") == .integer(0))
        #expect(try parse("1e309").doubleValue == nil)  // beyond Double: kept as a literal, not infinity
        #expect(try parse("1.5E+2").doubleValue == 150)
        #expect(try parse("0.1") == .number(JSONNumber(literal: "0.1")))
        for bad in ["01", "+1", "1.", ".5", "1e", "1e+", "-", "--1", "0x10", "NaN", "Infinity", "-Infinity", "1.e3"] {
            #expect(throws: JWTError(.invalidJSON), "\(bad)") { try parse(bad) }
        }
    }

    @Test func structureErrors() {
        for bad in ["", " ", "{", "[", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{1:2}", "[1 2]", "tru", "nul", "{}x", "[] []",
                    "{'a':1}", "\"abc", "[1]\u{0}"] {
            #expect(throws: JWTError.self, "\(bad)") { try parse(bad) }
        }
    }

    @Test func errorsCarryOffset() {
        do {
            _ = try parse(#"{"a":[1,2,x]}"#)
            Issue.record("accepted")
        } catch let e as JWTError {
            #expect(e.code == .invalidJSON)
            #expect(e.reason.contains("offset 10"))
        } catch { Issue.record("\(error)") }
    }

    @Test func depthLimit() throws {
        let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(throws: Never.self) { try parse(ok) }
        let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        #expect(throws: JWTError(.limitExceeded)) { try parse(deep) }
        let veryDeep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JWTError(.limitExceeded)) { try parse(veryDeep) }
        let objects = String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40)
        #expect(throws: JWTError(.limitExceeded)) { try parse(objects) }
        #expect(throws: Never.self) { try parse(objects, limits: JSONLimits(maxDepth: 64)) }
    }

    @Test func sizeLimit() {
        let s = "\"" + String(repeating: "a", count: 100) + "\""
        #expect(throws: JWTError(.limitExceeded)) { try parse(s, limits: JSONLimits(maxBytes: 50)) }
    }

    @Test func writerRoundTrip() throws {
        let text = #"{"a":[1,-2,3.5e1,true,null],"b":"q\"\\\n\u0001é","c":{}}"#
        let v = try parse(text)
        #expect(v.description == text)
        #expect(try parse(v.description) == v)
    }

    struct Sample: Decodable, Equatable {
        let name: String
        let count: Int
        let ratio: Double
        let flags: [Bool]
        let nested: Inner?
        let big: UInt64
        struct Inner: Decodable, Equatable { let x: Int8 }
    }

    @Test func decoderDecodesDecodable() throws {
        let v = try parse(#"{"name":"n","count":3,"ratio":0.25,"flags":[true,false],"nested":{"x":-5},"big":18446744073709551615}"#)
        let s = try v.decode(Sample.self)
        #expect(s == Sample(name: "n", count: 3, ratio: 0.25, flags: [true, false], nested: .init(x: -5), big: .max))
        // Out of range for Int8, wrong types, missing keys all fail.
        #expect(throws: DecodingError.self) { try parse(#"{"x":300}"#).decode(Sample.Inner.self) }
        #expect(throws: DecodingError.self) { try parse(#"{"x":"1"}"#).decode(Sample.Inner.self) }
        #expect(throws: DecodingError.self) { try parse(#"{}"#).decode(Sample.Inner.self) }
        #expect(throws: DecodingError.self) { try parse(#"{"x":1.5}"#).decode(Sample.Inner.self) }
    }
}
