import Foundation
import Testing
import TestSupport
import SharedPrimitives

/// The package's one base64 codec: RFC 4648 §10's examples, Foundation's encoder and decoder as the independent
/// implementation at every length remainder, and the constant-time decoder agreeing with the table decoder on
/// every verdict.
@Suite("Base64 and base64url")
struct Base64Tests {
    /// RFC 4648 §10.
    static let rfc4648: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test func rfc4648Examples() throws {
        for (plain, encoded) in Self.rfc4648 {
            let bytes = Array(plain.utf8)
            #expect(Base64.encode(bytes, alphabet: .standard, padded: true) == encoded)
            let unpadded = String(encoded.filter { $0 != "=" })
            #expect(Base64.encode(bytes, alphabet: .url, padded: false) == unpadded)
            #expect(try Base64.decode(encoded, alphabet: .standard, padding: .required) == bytes)
            #expect(try Base64.decode(encoded, alphabet: .url, padding: .optional) == bytes)
            #expect(try Base64.decode(unpadded, alphabet: .url, padding: .optional) == bytes)
            #expect(try Base64.decode(unpadded, alphabet: .url, padding: .none) == bytes)
            #expect(try Base64.decodeSecret(Array(encoded.utf8), alphabet: .standard, padding: .required) == bytes)
            #expect(try Base64.decodeSecret(Array(unpadded.utf8), alphabet: .url, padding: .none) == bytes)
        }
    }

    /// Foundation's `base64EncodedString` (and its URL-safe rewrite) at lengths 0…199.
    @Test func agreesWithFoundation() throws {
        var g = SplitMix64(seed: 4648)
        var checked = 0
        for n in 0..<200 {
            let bytes = g.bytes(n)
            let standard = Data(bytes).base64EncodedString()
            let url = String(standard.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
            #expect(Base64.encode(bytes, alphabet: .standard, padded: true) == standard)
            #expect(Base64.encode(bytes, alphabet: .url, padded: false) == url)
            #expect(Base64.encodedCount(n, padded: true) == standard.utf8.count)
            #expect(Base64.encodedCount(n, padded: false) == url.utf8.count)
            #expect(try Base64.decode(standard, alphabet: .standard, padding: .required) == bytes)
            #expect(try Base64.decode(url, alphabet: .url, padding: .none) == bytes)
            #expect(try Base64.decodeSecret(Array(standard.utf8), alphabet: .standard, padding: .required) == bytes)
            #expect(try Base64.decodeSecret(Array(url.utf8), alphabet: .url, padding: .none) == bytes)
            checked += 1
        }
        #expect(checked == 200)
    }

    enum Outcome: Equatable { case bytes([UInt8]), refused(Base64.DecodingError.Kind, Int) }

    static func outcome(_ body: () throws(Base64.DecodingError) -> [UInt8]) -> Outcome {
        do { return .bytes(try body()) } catch { return .refused(error.kind, error.offset) }
    }

    /// Every valid text with one character replaced (by `=`, a character of the other alphabet, a space, or a
    /// letter that may leave trailing bits set), decoded by both decoders: for unpadded base64url the outcomes are
    /// identical, error kind and offset included; for padded base64 the verdicts and the bytes are.
    @Test func constantTimeDecoderAgreesWithTableDecoder() {
        var g = SplitMix64(seed: 7)
        let replacements = Array("=-_+/ A9zQ\n".utf8)
        var refused = 0, accepted = 0
        for n in 1..<40 {
            let bytes = g.bytes(n)
            for (alphabet, padding) in [(Base64.Alphabet.url, Base64.Padding.none), (.standard, .required)] {
                let text = Base64.encodedBytes(bytes, alphabet: alphabet, padded: padding == .required)
                for i in 0..<text.count {
                    for r in replacements {
                        var t = text
                        t[i] = r
                        let table = Self.outcome { () throws(Base64.DecodingError) in try Base64.decode(t, alphabet: alphabet, padding: padding) }
                        let ct = Self.outcome { () throws(Base64.DecodingError) in try Base64.decodeSecret(t, alphabet: alphabet, padding: padding) }
                        if padding == .none {
                            #expect(table == ct, "\(String(decoding: t, as: UTF8.self))")
                        } else if case .bytes(let a) = table {
                            #expect(ct == .bytes(a), "\(String(decoding: t, as: UTF8.self))")
                        } else if case .bytes = ct {
                            Issue.record("constant-time decoder accepted \(String(decoding: t, as: UTF8.self))")
                        }
                        if case .bytes = table { accepted += 1 } else { refused += 1 }
                    }
                }
            }
        }
        #expect(refused > 5000 && accepted > 500)
    }

    /// The refusals, kind and offset, of the table decoder.
    @Test func refusals() {
        func refusal(_ s: String, _ a: Base64.Alphabet, _ p: Base64.Padding) -> Outcome {
            Self.outcome { () throws(Base64.DecodingError) in try Base64.decode(s, alphabet: a, padding: p) }
        }
        #expect(refusal("QUJDR", .url, .none) == .refused(.invalidLength, 4))
        #expect(refusal("QUJ", .standard, .required) == .refused(.invalidLength, 2))
        #expect(refusal("QR", .url, .none) == .refused(.nonZeroTrailingBits, 1))
        #expect(refusal("QR==", .standard, .required) == .refused(.nonZeroTrailingBits, 1))
        #expect(refusal("QUJ=", .standard, .required) == .refused(.nonZeroTrailingBits, 2))
        #expect(refusal("QUI=", .standard, .required) == .bytes([0x41, 0x42]))
        #expect(refusal("Q+/A", .url, .none) == .refused(.invalidCharacter, 1))
        #expect(refusal("Q-_A", .standard, .required) == .refused(.invalidCharacter, 1))
        #expect(refusal("Q=QQ", .standard, .required) == .refused(.misplacedPadding, 1))
        #expect(refusal("QQ=", .url, .none) == .refused(.invalidCharacter, 2))
        #expect(refusal("QQ=", .url, .optional) == .refused(.misplacedPadding, 2))
        #expect(refusal("QQ===", .url, .optional) == .refused(.misplacedPadding, 2))
        #expect(refusal("QUJD=", .url, .optional) == .refused(.misplacedPadding, 4))
        #expect(refusal("QQ==", .url, .optional) == .bytes([0x41]))
    }
}

@Suite("Hex, log text, hash identity")
struct SmallPrimitivesTests {
    /// Against `String(_:radix:)`, zero-padded, for every byte value.
    @Test func hexAgreesWithStandardLibrary() {
        let all = (0...255).map { UInt8($0) }
        let expected = all.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(Hex.encode(all) == expected)
        #expect(all.withUnsafeBytes { Hex.encode($0) } == expected)
        #expect(Hex.encode([UInt8](repeating: 0xAB, count: 16), separatedAt: [4, 6, 8, 10])
                == "abababab-abab-abab-abab-abababababab")
    }

    /// The characters that break or fake a one-line record, listed by hand: C0, DEL, C1, U+2028…U+202E,
    /// U+2066…U+2069; nothing else in the Basic Multilingual Plane.
    @Test func logTextEscapes() {
        let expected = Set(Array(0..<0x20) + Array(0x7F...0x9F) + Array(0x2028...0x202E) + Array(0x2066...0x2069))
        var escaped = Set<Int>()
        for v in 0..<0x10000 { if let c = Unicode.Scalar(v), LogText.mustEscape(c) { escaped.insert(v) } }
        #expect(escaped == Set(expected.map { Int($0) }))
        #expect(LogText.escaped("a\nb\u{202E}c", limit: nil) == "a\\u{a}b\\u{202e}c")
        #expect(LogText.escaped("abcdef", limit: 3) == "abc…")
    }

    @Test func hashIdentitySizes() {
        let sizes: [HashIdentity: Int] = [.sha1: 20, .sha224: 28, .sha256: 32, .sha384: 48, .sha512: 64, .sha512_224: 28, .sha512_256: 32]
        #expect(HashIdentity.allCases.count == sizes.count)
        for h in HashIdentity.allCases { #expect(h.byteCount == sizes[h]) }
        #expect(HashIdentity.allCases.map(\.name) == ["SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "SHA-512/224", "SHA-512/256"])
    }
}
