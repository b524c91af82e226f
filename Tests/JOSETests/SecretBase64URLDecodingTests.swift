import Testing
import TestSupport
@testable import JOSE

/// Secret JWK members (`d`, `p`, `q`, `dp`, `dq`, `qi`, `k`) are decoded by the constant-time decoder
/// (`Base64URL.decodeSecret`). It must agree with the table-driven decoder used for tokens on every input: the same
/// bytes for valid text, and for invalid text the same error — code, offset and reason.
@Suite("Secret base64url members decode in constant time, exactly as the token decoder does")
struct SecretBase64URLDecodingTests {
    /// The outcome of a decoder: the bytes, or the error's code and reason (the reason carries the offset).
    enum Outcome: Equatable { case bytes([UInt8]); case error(JWTError.Code, String) }

    static func outcome(_ body: () throws -> [UInt8]) -> Outcome {
        do { return .bytes(try body()) } catch let e as JWTError { return .error(e.code, e.reason) } catch {
            return .error(.invalidKey, "unexpected \(error)")
        }
    }

    static func compare(_ text: [UInt8]) -> Bool {
        let ordinary = outcome { try Base64URL.decode(text) }
        let secret = outcome { try text.withUnsafeBufferPointer { try Base64URL.decodeSecret(bytes: $0) } }
        return ordinary == secret
    }

    /// Every text of one and two bytes (all 256 values in each place: every class boundary, `=`, controls, 0x80+).
    @Test("all 65,792 texts of one or two bytes")
    func everyShortText() {
        var mismatches: [[UInt8]] = []
        var compared = 0
        for a in 0...255 {
            if !Self.compare([UInt8(a)]) { mismatches.append([UInt8(a)]) }
            compared += 1
            for b in 0...255 where !Self.compare([UInt8(a), UInt8(b)]) { mismatches.append([UInt8(a), UInt8(b)]) }
            compared += 256
        }
        #expect(compared == 65_792)
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    /// The characters around every class boundary of the alphabet, the two URL-safe ones and their standard
    /// counterparts, `=`, and bytes outside ASCII.
    static let edgeCharacters: [UInt8] = Array("@AZ[`az{/09:-_+=.".utf8) + [0x00, 0x2C, 0x2E, 0x7F, 0x80, 0xFF]

    @Test("all texts of three and four edge characters (with and without a valid prefix)")
    func everyEdgeQuantum() {
        let e = Self.edgeCharacters
        var mismatches: [[UInt8]] = []
        var compared = 0
        for a in e { for b in e { for c in e {
            for prefix in [[], Array("QUJD".utf8)] {
                let t = prefix + [a, b, c]
                if !Self.compare(t) { mismatches.append(t) }
                compared += 1
            }
            for d in e where !Self.compare([a, b, c, d]) { mismatches.append([a, b, c, d]) }
            compared += e.count
        } } }
        #expect(compared == e.count * e.count * e.count * (2 + e.count))
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    /// Random encodings of random bytes, each also with one character replaced by a random byte (mostly invalid).
    @Test("2,000 random texts up to 90 characters, valid and with one character changed")
    func randomTexts() {
        var rng = SplitMix64(seed: 0x5EC2E7)
        var mismatches: [[UInt8]] = []
        var valid = 0
        for _ in 0..<1_000 {
            let count = Int(rng.next() % 68)
            let plain = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            var text = Array(Base64URL.encode(plain).utf8)
            if (try? text.withUnsafeBufferPointer { try Base64URL.decodeSecret(bytes: $0) }) == plain { valid += 1 }
            if !Self.compare(text) { mismatches.append(text) }
            if !text.isEmpty {
                text[Int(rng.next() % UInt64(text.count))] = UInt8(truncatingIfNeeded: rng.next())
                if !Self.compare(text) { mismatches.append(text) }
            }
        }
        #expect(valid == 1_000)
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(3))")
    }

    /// Exact results, independent of the other decoder: RFC 4648 §10 and each refusal's reason and offset.
    @Test("RFC 4648 vectors and the exact error of each refusal")
    func exactResults() throws {
        for (plain, text) in [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")] {
            #expect(try Base64URL.decodeSecret(text) == Array(plain.utf8))
        }
        #expect(try Base64URL.decodeSecret("-_8") == [0xFB, 0xFF])
        let refusals: [(String, String)] = [
            ("Q", "impossible length 1 at offset 0"),
            ("QUJDR", "impossible length 5 at offset 4"),
            ("QR", "non-zero trailing bits at offset 1"),
            ("QUF", "non-zero trailing bits at offset 2"),
            ("QQ==", "character outside the base64url alphabet at offset 2"),
            ("+/8", "character outside the base64url alphabet at offset 0"),
            ("QUJD QUJ", "character outside the base64url alphabet at offset 4"),
            ("QUJDQR.", "character outside the base64url alphabet at offset 6"),
        ]
        for (text, reason) in refusals {
            #expect(Self.outcome { try Base64URL.decodeSecret(text) } == .error(.invalidBase64URL, reason), "\(text)")
        }
    }

    /// The private-JWK loader reports a bad secret member with the same message as before, naming the member.
    @Test("a private JWK with a bad \"k\" or \"d\" names the member and the decoder's reason")
    func jwkMembers() {
        #expect(Self.outcome { _ = try JWKPrivateKey(json: #"{"kty":"oct","k":"QUJD*UJD"}"#); return [] }
                == .error(.invalidKey, "JWK member \"k\": character outside the base64url alphabet at offset 4"))
        let p256 = #"{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","#
            + #""y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0","d":"jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LR"}"#
        #expect(Self.outcome { _ = try JWKPrivateKey(json: p256); return [] }
                == .error(.invalidKey, "JWK member \"d\": non-zero trailing bits at offset 42"))
    }
}
