import Testing
@testable import DER

/// The string types of certificate names, each with the character set of its type: an accepted value
/// beside the refused twin that breaks one rule.
@Suite("Character strings (UTF8String, PrintableString, IA5String, BMPString, TeletexString)")
struct CharacterStringTests {
    static func element(_ tag: UInt8, _ bytes: [UInt8]) throws -> DERElement {
        var r = try DERReader(tlv(tag, bytes))
        return try r.next()
    }

    @Test("UTF8String: well-formed UTF-8 only (Unicode §3.9 Table 3-7)", arguments: [
        // (accepted, refused, rule)
        ([0x41, 0xC3, 0xA9], [0x41, 0xC3], "complete sequences"),
        ([0xC2, 0x80], [0xC0, 0x80], "no overlong 2-octet form"),
        ([0xE0, 0xA0, 0x80], [0xE0, 0x80, 0x80], "no overlong 3-octet form"),
        ([0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], "no surrogates"),
        ([0xF0, 0x90, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], "no overlong 4-octet form"),
        ([0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], "nothing above U+10FFFF"),
        ([0x7F], [0x80], "no lone continuation octet"),
        ([0xE2, 0x82, 0xAC], [0xE2, 0x28, 0xAC], "continuation octets are 10xxxxxx"),
        ([0x61], [0xFF], "0xFF never appears"),
    ] as [([UInt8], [UInt8], String)])
    func utf8(_ c: ([UInt8], [UInt8], String)) throws {
        #expect(try Self.element(0x0C, c.0).utf8StringValue() == String(decoding: c.0, as: UTF8.self), "\(c.2)")
        #expect(throws: DERError(.invalidString), "\(c.2)") { _ = try Self.element(0x0C, c.1).utf8StringValue() }
    }

    @Test("PrintableString: X.680 §41.4's set")
    func printable() throws {
        let all = "ABCXYZabcxyz0189 '()+,-./:=?"
        #expect(try Self.element(0x13, Array(all.utf8)).printableStringValue() == all)
        for bad in ["a@b", "a*b", "a_b", "a&b", "a\u{0}b", "é", "a;b", "a!b", "a\"b"] {
            #expect(throws: DERError(.invalidString), "\(bad)") { _ = try Self.element(0x13, Array(bad.utf8)).printableStringValue() }
        }
    }

    @Test("IA5String: ASCII; one octet above 0x7F is refused")
    func ia5() throws {
        #expect(try Self.element(0x16, Array("user@example.com".utf8)).ia5StringValue() == "user@example.com")
        #expect(throws: DERError(.invalidString)) { _ = try Self.element(0x16, [0x61, 0x80]).ia5StringValue() }
    }

    @Test("BMPString: UCS-2 BE, even length, no surrogates")
    func bmp() throws {
        #expect(try Self.element(0x1E, [0x00, 0x41, 0x00, 0xE9, 0x20, 0xAC]).bmpStringValue() == "Aé€")
        #expect(throws: DERError(.invalidString)) { _ = try Self.element(0x1E, [0x00, 0x41, 0x00]).bmpStringValue() }
        #expect(throws: DERError(.invalidString)) { _ = try Self.element(0x1E, [0xD8, 0x3D, 0xDE, 0x00]).bmpStringValue() }
    }

    @Test("UniversalString: UCS-4 BE scalars")
    func universal() throws {
        #expect(try Self.element(0x1C, [0, 1, 0xF6, 0x00]).universalStringValue() == "\u{1F600}")
        #expect(throws: DERError(.invalidString)) { _ = try Self.element(0x1C, [0, 0x11, 0, 0]).universalStringValue() }
        #expect(throws: DERError(.invalidString)) { _ = try Self.element(0x1C, [0, 0, 0x41]).universalStringValue() }
    }

    @Test("TeletexString is handed over as bytes; a mismatched tag is refused")
    func teletexAndTags() throws {
        #expect(Array(try Self.element(0x14, [0x41, 0xC2, 0x65]).teletexStringBytes()) == [0x41, 0xC2, 0x65])
        #expect(throws: DERError(.unexpectedTag)) { _ = try Self.element(0x13, [0x41]).utf8StringValue() }
        #expect(throws: DERError(.unexpectedTag)) { _ = try Self.element(0x0C, [0x41]).teletexStringBytes() }
    }
}
