import Foundation
import Testing
import TestSupport
@testable import JOSE

/// JSON out: ``JSONSerializer`` and ``JSONValueEncoder``. The oracle is the strict parser and decoder (tested
/// against their own vectors): serialising then parsing gives back the same value, and the bytes are those of
/// RFC 8259 with the escaping ``JSONSerializer`` documents.
@Suite("JSON encoder and serializer")
struct JSONEncoderTests {
    // MARK: random values

    /// A random string: ASCII (with quotes, backslashes, controls), Latin, CJK, U+2028/2029, emoji — never a
    /// noncharacter (the serializer refuses those; tested separately).
    static func randomString(_ g: inout SplitMix64) -> String {
        let pools: [ClosedRange<UInt32>] = [0x00...0x7F, 0x20...0x7E, 0xA0...0x24F, 0x2000...0x206F, 0x4E00...0x9FFF, 0x1F300...0x1FAFF, 0x10000...0x10FFFD]
        var s = String.UnicodeScalarView()
        for _ in 0..<g.below(12) {
            let pool = pools[g.below(pools.count)]
            let v = pool.lowerBound + UInt32(g.below(Int(pool.upperBound - pool.lowerBound) + 1))
            guard let u = Unicode.Scalar(v), !((v >= 0xFDD0 && v <= 0xFDEF) || v & 0xFFFE == 0xFFFE) else { continue }
            s.append(u)
        }
        return String(s)
    }

    /// A number as the parser represents it: `.integer` when it fits Int64, else `.number` with its literal.
    static func double(_ d: Double) -> JSONValue {
        if d.rounded(.towardZero) == d && d.magnitude < 9_223_372_036_854_775_808 && !(d == 0 && d.sign == .minus) {
            return .integer(Int64(d))
        }
        return .number(JSONNumber(literal: try! JSONSerializer.numberText(d)))
    }

    static func randomValue(_ g: inout SplitMix64, depth: Int) -> JSONValue {
        let kind = g.below(depth > 5 ? 6 : 9)
        switch kind {
        case 0: return .null
        case 1: return .bool(g.next() & 1 == 0)
        case 2:
            switch g.below(4) {
            case 0: return .integer(Int64(bitPattern: g.next()))
            case 1: return .integer(Int64(g.below(2000)) - 1000)
            case 2: return .number(JSONNumber(literal: String(UInt64(Int64.max) + 1 + g.next() % (UInt64.max - UInt64(Int64.max)))))
            default: return .integer([Int64.min, Int64.max, 1 << 53, (1 << 53) + 1, -(1 << 53) - 1][g.below(5)])
            }
        case 3:
            var d = Double(bitPattern: g.next())
            while !d.isFinite { d = Double(bitPattern: g.next()) }
            return double(g.next() & 1 == 0 ? d : Double(g.below(1_000_000)) / 1000)
        case 4, 5: return .string(randomString(&g))
        case 6:
            return .array((0..<g.below(5)).map { _ in randomValue(&g, depth: depth + 1) })
        default:
            var members: [JSONObject.Member] = []
            for _ in 0..<g.below(6) {
                let name = randomString(&g)
                if members.contains(where: { sameBytes($0.name, name) }) { continue }
                members.append(.init(name: name, value: randomValue(&g, depth: depth + 1)))
            }
            return .object(JSONObject(members: members))
        }
    }

    /// Order-sensitive structural equality (JSONObject's `==` ignores member order).
    static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x.members, y.members).allSatisfy { sameBytes($0.name, $1.name) && identical($0.value, $1.value) }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (.string(let x), .string(let y)): return sameBytes(x, y)
        default: return a == b
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func serializeThenParseIsTheIdentity(seed: UInt64) throws {
        var g = SplitMix64(seed: seed)
        var checked = 0
        for _ in 0..<500 {
            let v = Self.randomValue(&g, depth: 1)
            let bytes = try JSONSerializer.serialize(v)
            let back = try JSONValue(parsing: bytes, limits: JSONLimits(maxDepth: 64, maxBytes: 1 << 20))
            #expect(Self.identical(v, back), "seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
            // Serialising the parsed value gives the same bytes (one canonical text per value).
            #expect(try JSONSerializer.serialize(back) == bytes)
            // And the encoder inserts a JSONValue as it is.
            #expect(try JSONValueEncoder().encode(v) == bytes)
            checked += 1
        }
        #expect(checked == 500)
    }

    @Test func escapesByteExact() throws {
        let cases: [(String, String)] = [
            ("", #""""#),
            ("a\"b\\c", #""a\"b\\c""#),
            ("/", #""/""#),
            ("\u{08}\u{0C}\n\r\t", #""\b\f\n\r\t""#),
            ("\u{00}\u{01}\u{1F}\u{7F}", "\"\\u0000\\u0001\\u001f\u{7F}\""),
            ("\u{2028}\u{2029}", "\"\u{2028}\u{2029}\""),
            ("é😀漢", "\"é😀漢\""),
            ("e\u{301}", "\"e\u{301}\""),
        ]
        for (input, expected) in cases {
            let out = try JSONSerializer.serialize(.string(input))
            #expect(out == Array(expected.utf8), "\(input.debugDescription)")
        }
        let obj = try JSONObject([("b", .integer(1)), ("a", .array([.null, .bool(true), .bool(false)])), ("c", .object(JSONObject()))])
        #expect(try JSONSerializer.string(.object(obj)) == #"{"b":1,"a":[null,true,false],"c":{}}"#)
    }

    @Test func nonJSONValuesAreRefused() throws {
        for lit in ["NaN", "Infinity", "-Infinity", "1.", ".5", "+1", "01", "1e", "0x10", "", "1 "] {
            T.expectCode(.invalidJSON, lit) { _ = try JSONSerializer.serialize(.number(JSONNumber(literal: lit))) }
        }
        for d in [Double.nan, .infinity, -.infinity] {
            T.expectCode(.invalidJSON) { _ = try JSONSerializer.numberText(d) }
            #expect(throws: EncodingError.self) { _ = try JSONValueEncoder().encode([d]) }
        }
        #expect(throws: EncodingError.self) { _ = try JSONValueEncoder().encode(Float.nan) }
        for nonchar in [0xFFFF, 0xFDD0, 0x10FFFF, 0x1FFFE].map({ "a" + String(Unicode.Scalar(UInt32($0))!) }) {
            T.expectCode(.invalidJSON) { _ = try JSONSerializer.serialize(.string(nonchar)) }
            T.expectCode(.invalidJSON) { _ = try JSONSerializer.serialize(.object(try JSONObject([(nonchar, .null)]))) }
        }
        var deep = JSONValue.null
        for _ in 0..<JSONSerializer.maximumDepth { deep = .array([deep]) }
        _ = try JSONSerializer.serialize(deep)
        T.expectCode(.limitExceeded) { _ = try JSONSerializer.serialize(.array([deep])) }
    }

    @Test func numbersInShortestRoundTripForm() throws {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "-0.0"), (1, "1"), (-1, "-1"), (1_300_819_380, "1300819380"), (0.1, "0.1"),
            (1e-5, "1e-05"), (123.456, "123.456"), (9_007_199_254_740_991, "9007199254740991"),
            (9_007_199_254_740_992, "9007199254740992"), (1e19, "1e+19"), (-0x1p63, "-9.223372036854776e+18"), (Double.leastNonzeroMagnitude, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
        ]
        for (d, text) in cases { #expect(try JSONSerializer.numberText(d) == text) }
        // Every finite Double reads back bit for bit.
        var g = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let d = Double(bitPattern: g.next())
            guard d.isFinite else { continue }
            let bytes = try JSONValueEncoder().encode(d)
            let back = try JSONValueDecoder().decode(Double.self, from: bytes)
            #expect(back.bitPattern == d.bitPattern, "\(d)")
            #expect(JSONSerializer.isNumberLiteral(String(decoding: bytes, as: UTF8.self)))
            let f = Float(bitPattern: UInt32(truncatingIfNeeded: g.next()))
            guard f.isFinite else { continue }
            #expect(try JSONValueDecoder().decode(Float.self, from: JSONValueEncoder().encode(f)).bitPattern == f.bitPattern, "\(f)")
        }
    }

    struct Inner: Codable, Equatable {
        var name: String
        var tags: [String]
        var score: Double?
    }

    struct Claims: Codable, Equatable {
        var sub: String
        var big: UInt64
        var small: Int64
        var n8: Int8
        var u16: UInt16
        var ratio: Double
        var flag: Bool
        var missing: String?
        var present: Int?
        var nested: Inner
        var list: [Inner]
        var optionals: [Int?]
        var map: [String: Int]
    }

    static func randomClaims(_ g: inout SplitMix64) -> Claims {
        func inner() -> Inner {
            Inner(name: randomString(&g), tags: (0..<g.below(3)).map { _ in randomString(&g) },
                  score: g.next() & 1 == 0 ? nil : Double(Int64(bitPattern: g.next()) >> 11) / 1024)
        }
        return Claims(
            sub: randomString(&g), big: g.next() | 1 << 63, small: Int64(bitPattern: g.next()),
            n8: Int8(truncatingIfNeeded: g.next()), u16: UInt16(truncatingIfNeeded: g.next()),
            ratio: Double(g.below(1 << 30)) / 7, flag: g.next() & 1 == 1, missing: nil,
            present: g.next() & 1 == 0 ? nil : Int(bitPattern: UInt(g.next())),
            nested: inner(), list: (0..<g.below(3)).map { _ in inner() },
            optionals: [nil, Int(g.below(100)), nil], map: ["k": g.below(10)])
    }

    @Test func encodeThenDecodeIsTheIdentity() throws {
        var g = SplitMix64(seed: 13)
        for _ in 0..<300 {
            let c = Self.randomClaims(&g)
            let bytes = try JSONValueEncoder().encode(c)
            #expect(try JSONValueDecoder().decode(Claims.self, from: bytes) == c)
            // Foundation's decoder reads the same bytes to the same value (UInt64 above 2^63 included).
            #expect(try JSONDecoder().decode(Claims.self, from: Data(bytes)) == c)
        }
    }

    @Test func keysInEncodingOrderAndNilOmitted() throws {
        let c = Claims(sub: "s", big: UInt64.max, small: Int64.min, n8: -1, u16: 65535, ratio: 0.5, flag: true,
                       missing: nil, present: nil, nested: Inner(name: "n", tags: [], score: nil), list: [],
                       optionals: [nil, 1], map: [:])
        let text = String(decoding: try JSONValueEncoder().encode(c), as: UTF8.self)
        #expect(text == #"{"sub":"s","big":18446744073709551615,"small":-9223372036854775808,"n8":-1,"u16":65535,"ratio":0.5,"flag":true,"nested":{"name":"n","tags":[]},"list":[],"optionals":[null,1],"map":{}}"#)
    }

    struct Twice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            try c.encode(1, forKey: AnyCodingKey(stringValue: "a"))
            try c.encode(2, forKey: AnyCodingKey(stringValue: "b"))
            try c.encode("x", forKey: AnyCodingKey(stringValue: "a"))
            try c.encodeNil(forKey: AnyCodingKey(stringValue: "n"))
            var u = c.nestedUnkeyedContainer(forKey: AnyCodingKey(stringValue: "u"))
            try u.encode(true)
            var k = u.nestedContainer(keyedBy: AnyCodingKey.self)
            try k.encode(3, forKey: AnyCodingKey(stringValue: "z"))
        }
    }

    @Test func repeatedKeyReplacesInPlaceAndNestedContainersFill() throws {
        #expect(String(decoding: try JSONValueEncoder().encode(Twice()), as: UTF8.self) == #"{"a":"x","b":2,"n":null,"u":[true,{"z":3}]}"#)
    }

    /// Names that share length and first seven bytes (the encoder's fingerprint) stay distinct; a real repeat,
    /// also among canonically equivalent spellings, is decided byte for byte.
    @Test func similarNamesStayDistinct() throws {
        struct Similar: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: AnyCodingKey.self)
                for (k, v) in [("abcdefgX", 1), ("abcdefgY", 2), ("abcdefgX", 3), ("\u{E9}", 4), ("e\u{301}", 5)] {
                    try c.encode(v, forKey: AnyCodingKey(stringValue: k))
                }
            }
        }
        #expect(String(decoding: try JSONValueEncoder().encode(Similar()), as: UTF8.self) == "{\"abcdefgX\":3,\"abcdefgY\":2,\"\u{E9}\":4,\"e\u{301}\":5}")
    }

    @Test func dateIsRefused() {
        struct WithDate: Encodable { var exp: Date }
        #expect(throws: EncodingError.self) { _ = try JSONValueEncoder().encode(WithDate(exp: Date())) }
        // The right way: seconds since 1970.
        struct WithSeconds: Encodable { var exp: Double }
        #expect((try? JSONValueEncoder().encode(WithSeconds(exp: 1_700_000_000))).map { String(decoding: $0, as: UTF8.self) } == #"{"exp":1700000000}"#)
    }

    @Test func jsonValueEncodesWithFoundationToo() throws {
        let v: JSONValue = .object(try JSONObject([("a", .array([.integer(1), .string("é"), .null, .bool(true)]))]))
        let data = try JSONEncoder().encode(v)
        #expect(try JSONValue(parsing: [UInt8](data)) == v)
    }
}
