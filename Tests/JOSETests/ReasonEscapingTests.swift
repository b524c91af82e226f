import Foundation
import Testing
@testable import JOSE

/// Error reasons escape every line-breaking or display-reordering character they quote from a token, and private
/// members in a JWK Set are refused whatever else is wrong.
@Suite("escaping in reasons, private members in sets")
struct ReasonEscapingTests {
    /// One representative of every class that must never appear raw in a reason: C0, DEL, C1 (NEL and CSI among
    /// them), the two Unicode separators, and each bidi embedding/override/isolate control.
    static let hostile: [UInt32] = [0x0A, 0x0D, 0x1B, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0x2028, 0x2029,
                                    0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    @Test(arguments: hostile)
    func reasonEscapesKid(_ value: UInt32) throws {
        let ch = String(Character(Unicode.Scalar(value)!))
        let key = [UInt8](repeating: 0x42, count: 32)
        let set = try JWKSet(keys: [JWK(symmetricKey: key, keyID: "k1")])
        // A kid like "\u0085valid {\"sub\":\"admin\"}" must not make a reason that reads as two lines.
        let kid = ch + #"valid {"sub":"admin"}"#
        let header = String(decoding: try T.json(["alg": "HS256", "kid": kid]), as: UTF8.self)
        let token = T.hmacToken(header: header, payload: #"{"exp":9999999999}"#, key: key)
        do {
            _ = try JWTVerifier(keys: set, algorithms: [.hs256]).verify(token, expecting: ClaimExpectations(now: { 0 }))
            Issue.record("verified a token with an unknown kid")
        } catch let e {
            #expect(e.code == .keyNotFound)
            #expect(!e.reason.unicodeScalars.contains { $0.value == value }, "raw U+\(String(value, radix: 16)) in \(e.reason.debugDescription)")
            #expect(e.reason.contains("\\u{\(String(value, radix: 16))}valid"), "\(e.reason.debugDescription)")
            #expect(!e.description.unicodeScalars.contains { $0.value == value })
        }
    }

    @Test func quotedKeepsOrdinaryText() {
        // Printable non-ASCII (é, ZWJ-free emoji, U+00A0 just past C1, U+2065 and U+206A around the isolates)
        // stays as it is.
        #expect(quoted("é\u{A0}\u{2065}\u{206A}✓") == "\"é\u{A0}\u{2065}\u{206A}✓\"")
        #expect(quoted("a\u{85}b") == "\"a\\u{85}b\"")
        #expect(quoted("\u{202E}") == "\"\\u{202e}\"")
    }

    /// Each entry has private members and something else wrong with it that used to make it a skipped entry
    /// (finding 2); every one must now fail the whole set with `privateKeyMaterial`.
    @Test(arguments: [
        ("OKP with d", #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","d":"nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"}"#),
        ("RSA, numeric kid", #"{"kty":"RSA","kid":5,"n":"AQAB","e":"AQAB","d":"AQAB"}"#),
        ("RSA, use 5", #"{"kty":"RSA","use":5,"n":"AQAB","e":"AQAB","p":"AQAB"}"#),
        ("RSA, key_ops a string", #"{"kty":"RSA","key_ops":"verify","n":"AQAB","e":"AQAB","q":"AQAB"}"#),
        ("RSA without kty", #"{"n":"AQAB","e":"AQAB","d":"AQAB","dp":"AQAB","dq":"AQAB","qi":"AQAB"}"#),
        ("not even a key", #"{"oth":[]}"#),
    ])
    func privateEntryFailsTheSet(name: String, entry: String) throws {
        let good = #"{"kty":"oct","kid":"ok","k":"QkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkI"}"#
        for json in [#"{"keys":[\#(good),\#(entry)]}"#, #"{"keys":[\#(entry),\#(good)]}"#] {
            T.expectCode(.privateKeyMaterial, name) { _ = try JWKSet(json: json) }
        }
        // The single-key loader refuses it first as well.
        T.expectCode(.privateKeyMaterial, name) { _ = try JWK(json: entry) }
    }
}
