import Testing
import TestSupport
@testable import DER

/// PEM bodies are decoded by the constant-time decoder (a body may be a private key). It must give exactly what strict
/// RFC 4648 §4 decoding gives: the bytes of a valid text and, for an invalid one, the same reason. The reference here
/// is a plain table-driven decoder written for this test (the rules of the decoder PEM used before).
@Suite("PEM bodies decode in constant time with the exact strict-base64 results")
struct PEMBodyDecodingTests {
    enum Outcome: Equatable { case bytes([UInt8]); case refused(String) }

    /// Strict padded base64, character by character, with the reasons PEMDocument reports.
    static func reference(_ text: [UInt8]) -> Outcome {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        guard text.count % 4 == 0 else { return .refused("base64 length \(text.count) is not a multiple of 4") }
        var out: [UInt8] = []
        var i = 0
        while i < text.count {
            let last = i + 4 == text.count
            var v = 0, pads = 0
            for j in 0..<4 {
                let c = text[i + j]
                if c == UInt8(ascii: "=") && last && j >= 2 { pads += 1; v <<= 6; continue }
                guard let d = alphabet.firstIndex(of: c), pads == 0 else {
                    return .refused(c == UInt8(ascii: "=") ? "misplaced base64 padding" : "character 0x\(String(c, radix: 16)) is not base64")
                }
                v = v << 6 | d
            }
            out.append(UInt8(v >> 16))
            if pads < 2 { out.append(UInt8(v >> 8 & 0xFF)) }
            if pads < 1 { out.append(UInt8(v & 0xFF)) }
            if (pads == 1 && v & 0xFF != 0) || (pads == 2 && v & 0xFFFF != 0) { return .refused("non-zero base64 pad bits") }
            i += 4
        }
        return .bytes(out)
    }

    static func decoded(_ text: [UInt8]) -> Outcome {
        do { return .bytes(try PEMBody.decode(text)) } catch { return .refused(error.reason) }
    }

    static let edgeCharacters: [UInt8] = Array("@AZ[`az{/09:+=-_".utf8) + [0x00, 0x20, 0x7F, 0x80, 0xFF]

    @Test("every 4-character text of edge characters, alone and after a valid quantum")
    func everyEdgeQuantum() {
        let e = Self.edgeCharacters
        var mismatches: [[UInt8]] = []
        var compared = 0
        for a in e { for b in e { for c in e { for d in e {
            for prefix in [[], Array("QUJD".utf8)] {
                let t = prefix + [a, b, c, d]
                if Self.decoded(t) != Self.reference(t) { mismatches.append(t) }
                compared += 1
            }
        } } } }
        #expect(compared == 2 * e.count * e.count * e.count * e.count)
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5).map { String(decoding: $0, as: UTF8.self) })")
    }

    @Test("every text of one to three bytes of any value is refused for its length")
    func impossibleLengths() {
        var rng = SplitMix64(seed: 0x9E3)
        for n in 1...3 { for _ in 0..<200 {
            let t = rng.bytes(n)
            #expect(Self.decoded(t) == .refused("base64 length \(n) is not a multiple of 4"))
        } }
    }

    @Test("1,000 random bodies, valid and with one character changed")
    func randomBodies() {
        var rng = SplitMix64(seed: 0x9E4)
        var mismatches = 0, valid = 0
        for _ in 0..<1_000 {
            let plain = rng.bytes(rng.below(70))
            var text = Array(PEMDocument(label: "T", derBytes: plain).pemString.utf8)
                .split(separator: 0x0A).dropFirst().dropLast().joined().map { $0 }
            if Self.decoded(text) == .bytes(plain) { valid += 1 }
            if !text.isEmpty {
                text[rng.below(text.count)] = UInt8(truncatingIfNeeded: rng.next())
                if Self.decoded(text) != Self.reference(text) { mismatches += 1 }
            }
        }
        #expect(valid == 1_000)
        #expect(mismatches == 0)
    }

    @Test("exact reasons of PEM bodies refused by the decoder")
    func pemReasons() {
        func reason(_ body: String) -> String? {
            do { _ = try PEMDocument(pemString: "-----BEGIN K-----\n\(body)\n-----END K-----\n"); return nil } catch { return error.reason }
        }
        #expect(reason("QUJD") == nil)
        #expect(reason("QUI=") == nil)
        #expect(reason("QQ==") == nil)
        #expect(reason("QR==") == "in the block at this offset: non-zero base64 pad bits")
        #expect(reason("QUJ=") == "in the block at this offset: non-zero base64 pad bits")
        #expect(reason("Q===") == "in the block at this offset: misplaced base64 padding")
        #expect(reason("QQ=A") == "in the block at this offset: character 0x41 is not base64")
        #expect(reason("QUJ") == "in the block at this offset: base64 length 3 is not a multiple of 4")
        #expect(reason("QU:D") == "PEM headers (RFC 1421, e.g. encrypted keys) are not supported")
        #expect(reason("QU D") == "character 0x20 is not base64 (no whitespace inside a line)")
        #expect(try! PEMDocument(pemString: "-----BEGIN K-----\r\nQUJD\r\n-----END K-----\r\n").derBytes == Array("ABC".utf8))
    }
}
