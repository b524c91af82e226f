import CBOR
import Foundation
import Testing
import TestSupport

/// RFC 8949 diagnostic notation, as Appendix A writes it (bignum tags 2/3 printed as decimal integers).
func diagnostic(_ v: CBORValue) -> String {
    switch v {
    case .unsigned(let n): return String(n)
    case .negative(let n): return n == UInt64.max ? "-18446744073709551616" : "-" + String(n + 1)
    case .bytes(let b): return "h'" + b.map { String(format: "%02x", $0) }.joined() + "'"
    case .text(let s):
        var out = "\""
        for u in s.utf16 {
            switch u {
            case 0x22: out += "\\\""
            case 0x5c: out += "\\\\"
            case 0x20..<0x7f: out += String(UnicodeScalar(UInt8(u)))
            default: out += String(format: "\\u%04x", u)
            }
        }
        return out + "\""
    case .array(let a): return "[" + a.map(diagnostic).joined(separator: ", ") + "]"
    case .map(let p): return "{" + p.map { diagnostic($0.key) + ": " + diagnostic($0.value) }.joined(separator: ", ") + "}"
    case .tag(let t, .bytes(let b)) where t == 2 || t == 3:
        let mag = decimal(b)
        return t == 2 ? mag : "-" + decimal(addOne(b))
    case .tag(let t, let inner): return "\(t)(" + diagnostic(inner) + ")"
    case .simple(let s): return "simple(\(s))"
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .undefined: return "undefined"
    case .float(let d): return "\(d)"
    }
}

func addOne(_ b: [UInt8]) -> [UInt8] {
    var r = b
    var i = r.count - 1
    while i >= 0 { if r[i] == 0xff { r[i] = 0; i -= 1 } else { r[i] += 1; return r } }
    return [1] + r
}

func decimal(_ b: [UInt8]) -> String {
    var n = b
    var digits = ""
    while n.contains(where: { $0 != 0 }) {
        var rem = 0
        for i in n.indices {
            let cur = rem * 256 + Int(n[i])
            n[i] = UInt8(cur / 10)
            rem = cur % 10
        }
        digits = String(rem) + digits
    }
    return digits.isEmpty ? "0" : digits
}

@Suite struct AppendixATests {
    struct Example: Decodable { let hex: String; let diagnostic: String; let skip: String?; let preferred: Bool? }

    @Test func rfc8949AppendixA() throws {
        let file = "rfc/8949/appendix_a.json"
        let examples = try JSONDecoder().decode([Example].self, from: Data(Vectors.bytes(file)))
        var decoded = 0, skipped = 0, nonPreferred = 0
        for e in examples {
            let bytes = hex(e.hex)
            if e.skip != nil {
                #expect(throws: CBORError(.indefiniteLength, "", offset: 0)) { try CBORValue(decoding: bytes) }
                skipped += 1
                continue
            }
            let v = try CBORValue(decoding: bytes)
            if case .float(let d) = v {
                let want = Double(e.diagnostic)!
                #expect(d.isNaN ? want.isNaN : (d == want && d.sign == want.sign), "\(e.hex)")
            } else {
                #expect(diagnostic(v) == e.diagnostic, "\(e.hex)")
            }
            if e.preferred == false {
                // Not the shortest width: deterministic mode refuses it, the encoder writes the half form.
                #expect(throws: CBORError(.nonPreferredEncoding, "", offset: 0)) {
                    try CBORValue(decoding: bytes, options: CBORDecodingOptions(deterministic: true))
                }
                #expect(v.encoded().count == 3 && v.encoded()[0] == 0xf9, "\(e.hex)")
                nonPreferred += 1
            } else {
                #expect(v.encoded() == bytes, "\(e.hex)")
                #expect(throws: Never.self, "\(e.hex)") {
                    try CBORValue(decoding: bytes, options: CBORDecodingOptions(deterministic: true))
                }
            }
            decoded += 1
        }
        Vectors.report(file, cases: examples.count, detail: "\(decoded) decoded, \(skipped) indefinite-length refused, \(nonPreferred) non-preferred floats")
        #expect(examples.count == 81)
        #expect(decoded == 70)
        #expect(skipped == 11)
        #expect(nonPreferred == 6)
    }
}

@Suite struct RefusalTests {
    func refuses(_ h: String, _ code: CBORError.Code, _ options: CBORDecodingOptions = CBORDecodingOptions()) {
        #expect(throws: CBORError(code, "", offset: 0), "\(h)") { try CBORValue(decoding: hex(h), options: options) }
    }

    @Test func limits() throws {
        // Depth: [[[1]]] has depth 3.
        #expect(throws: Never.self) { try CBORValue(decoding: hex("81818101"), options: CBORDecodingOptions(maxDepth: 3)) }
        refuses("81818101", .depthLimit, CBORDecodingOptions(maxDepth: 2))
        refuses("c1c101", .depthLimit, CBORDecodingOptions(maxDepth: 1))
        // A deeply nested array far beyond the default never recurses past the bound.
        refuses(String(repeating: "81", count: 100_000) + "01", .depthLimit)
        // Items: [1, 2, 3] is 4 items.
        #expect(throws: Never.self) { try CBORValue(decoding: hex("83010203"), options: CBORDecodingOptions(maxItems: 4)) }
        refuses("83010203", .itemLimit, CBORDecodingOptions(maxItems: 3))
        // Size.
        #expect(throws: Never.self) { try CBORValue(decoding: hex("4401020304"), options: CBORDecodingOptions(maxSize: 5)) }
        refuses("4401020304", .sizeLimit, CBORDecodingOptions(maxSize: 4))
        // Lengths larger than the input: refused before any allocation.
        refuses("5bffffffffffffffff", .truncated)
        refuses("9bffffffffffffffff", .truncated)
        refuses("bbffffffffffffffff", .truncated)
        refuses("bb7fffffffffffffff", .truncated)
        refuses("a201", .truncated)
    }

    @Test func malformed() {
        refuses("1c", .malformed)
        refuses("fe", .malformed)
        refuses("ff", .malformed)
        refuses("f81f", .malformed)
        refuses("5f4101ff", .indefiniteLength)
        refuses("bfff", .indefiniteLength)
        refuses("0001", .trailingBytes)
        refuses("62c328", .invalidUTF8)
        refuses("63eda080", .invalidUTF8)  // surrogate
        refuses("62c0af", .invalidUTF8)  // overlong
        refuses("64f4908080", .invalidUTF8)  // above U+10FFFF
    }

    @Test func duplicateKeys() {
        refuses("a201020103", .duplicateKey)
        refuses("a2616101616102", .duplicateKey)
        // The same key in two encodings is still the same key.
        refuses("a201021801" + "03", .duplicateKey)
        refuses("a2f93c0001fa3f80000002", .duplicateKey)  // 1.0 as half and as single
        refuses("a201020102", .duplicateKey, CBORDecodingOptions(deterministic: true))
        #expect(throws: Never.self) { try CBORValue(decoding: hex("a201020203")) }
    }

    @Test func deterministic() throws {
        let det = CBORDecodingOptions(deterministic: true)
        for h in [
            "1817", "190017", "1a0000ffff", "1b00000000ffffffff", "3817", "5800", "7800", "9800", "b800", "d80001",
            "fa3f800000", "fb3ff0000000000000"
        ] {
            refuses(h, .nonPreferredEncoding, det)
            #expect(throws: Never.self, "\(h)") { try CBORValue(decoding: hex(h)) }
        }
        // Unsorted keys: {2: 0, 1: 0}, {"b": 0, "a": 0}, and {"aa": 0, 1: 0} (shorter encoding first after sorting).
        for h in ["a202000100", "a2616200616100", "a26261610001 00".replacingOccurrences(of: " ", with: "")] {
            refuses(h, .unsortedKeys, det)
            let v = try CBORValue(decoding: hex(h))
            #expect(throws: Never.self) { try CBORValue(decoding: v.encoded(), options: det) }
        }
    }

    @Test func truncatedAtEveryOffset() throws {
        // A COSE-style map, as in WebAuthn authenticator data.
        let sample = hex("a5010203262001215820" + String(repeating: "11", count: 32) + "225820" + String(repeating: "22", count: 32))
        _ = try CBORValue(decoding: sample)
        for n in 0..<sample.count {
            #expect(throws: CBORError(.truncated, "", offset: 0), "\(n)") { try CBORValue(decoding: Array(sample[..<n])) }
        }
        #expect(sample.count == 77)
    }

    @Test func prefix() throws {
        let item = hex("a201020304")
        let (v, used) = try CBORValue.decodePrefix(item + [0xde, 0xad])
        #expect(used == item.count)
        #expect(v == .map([.init(.unsigned(1), .unsigned(2)), .init(.unsigned(3), .unsigned(4))]))
        #expect(v[.unsigned(3)] == .unsigned(4))
        #expect(v[.int(-1)] == nil)
        #expect(CBORValue.int(-7).int64 == -7 && CBORValue.int(-7).encoded() == [0x26])
    }

    @Test func randomInputNeverCrashes() {
        var rng = SplitMix64(seed: 8949)
        var accepted = 0
        for _ in 0..<20_000 {
            let b = rng.bytes(rng.below(24))
            if let v = try? CBORValue(decoding: b) {
                accepted += 1
                // Whatever is accepted re-encodes to something the deterministic decoder takes back unchanged.
                let e = v.encoded()
                #expect((try? CBORValue(decoding: e, options: CBORDecodingOptions(deterministic: true)))?.encoded() == e)
            }
        }
        #expect(accepted > 0)
    }
}
