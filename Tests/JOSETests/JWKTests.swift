import Foundation
import Testing
import TestSupport
@testable import JOSE

@Suite("JWK and JWK Sets (RFC 7517, RFC 7518 §6)")
struct JWKTests {
    static let p256x = "MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4"
    static let p256y = "4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM"

    /// Real JWK Sets (panva/wellknown snapshots). Expected counts come from the files: keys that are RSA ≥ 2048
    /// bits or EC P-256/P-384 load; PayPal's X25519 (OKP) entry and Yahoo's three 1024-bit RSA keys are skipped.
    @Test func realKeySetsLoad() throws {
        let expected: [String: (loaded: Int, skipped: Int)] = [
            "apple.jwks.json": (3, 0), "entra-common.jwks.json": (7, 0), "google.jwks.json": (2, 0),
            "paypal.jwks.json": (14, 1), "yahoo.jwks.json": (1, 3),
        ]
        let files = try Vectors.files(in: "jwks", suffix: ".json")
        #expect(files.count == expected.count)
        var total = 0
        for f in files {
            let set = try JWKSet(json: try Vectors.bytes("jwks/" + f))
            let want = try #require(expected[f], "unexpected file \(f)")
            #expect(set.count == want.loaded, "\(f)")
            #expect(set.skipped.count == want.skipped, "\(f): \(set.skipped)")
            for k in set.keys {
                #expect(k.keyID != nil, "\(f)")
                #expect(set[k.keyID!]?.thumbprint == k.thumbprint)
            }
            for s in set.skipped { #expect(s.error.code == .unsupportedKey, "\(f): \(s)") }
            Vectors.report("jwks/" + f, cases: set.count + set.skipped.count, detail: "\(set.count) loaded, \(set.skipped.count) skipped")
            total += set.count + set.skipped.count
        }
        #expect(total == 31)
        // Apple's keys are RS256 RSA keys.
        let apple = try JWKSet(json: try Vectors.bytes("jwks/apple.jwks.json"))
        #expect(apple.keys.allSatisfy { $0.keyType == .rsa && $0.fits(.rs256) && !$0.fits(.ps256) && !$0.fits(.hs256) })
    }

    @Test func privateMembersRefused() {
        for m in ["d", "p", "q", "dp", "dq", "qi", "oth"] {
            let j = #"{"kty":"RSA","n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw","e":"AQAB","\#(m)":"AQAB"}"#
            T.expectCode(.privateKeyMaterial, m) { _ = try JWK(json: j) }
            T.expectCode(.privateKeyMaterial, m) { _ = try JWKSet(json: #"{"keys":["# + j + "]}") }
        }
        T.expectCode(.privateKeyMaterial) {
            _ = try JWK(json: #"{"kty":"EC","crv":"P-256","x":"\#(Self.p256x)","y":"\#(Self.p256y)","d":"870MB6gfuTJ4HtUnUvYMyJpr5eUZNP4Bk43bVdj3eAE"}"#)
        }
    }

    @Test func unknownKeyTypeSkipped() throws {
        let set = try JWKSet(json: #"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","kid":"ed"},{"kty":"EC","crv":"P-256","x":"\#(Self.p256x)","y":"\#(Self.p256y)","kid":"ec"},{"kty":"EC","crv":"P-521","x":"AA","y":"AA","kid":"p521"},"junk",{"kid":"nokty"}]}"#)
        // The Ed25519 OKP entry loads since RFC 8037 support (it was skipped as an unknown key type before).
        #expect(set.count == 2)
        #expect(set["ec"] != nil && set["ed"]?.keyType == .okp)
        #expect(set.skipped.map(\.index) == [2, 3, 4])
        // The P-521 entry's coordinates are 1 byte: invalid (it was an unsupported curve before ES512).
        #expect(set.skipped.map(\.error.code) == [.invalidKey, .invalidKey, .invalidKey])
    }

    @Test func setLevelRules() {
        let oct1 = #"{"kty":"oct","kid":"a","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}"#
        let oct2 = #"{"kty":"oct","kid":"a","k":"AQECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}"#
        let ec = #"{"kty":"EC","crv":"P-256","x":"\#(Self.p256x)","y":"\#(Self.p256y)","kid":"b"}"#
        T.expectCode(.duplicateKeyID) { _ = try JWKSet(json: "{\"keys\":[\(oct1),\(oct2)]}") }
        T.expectCode(.mixedKeySet) { _ = try JWKSet(json: "{\"keys\":[\(oct1),\(ec)]}") }
        T.expectCode(.invalidKey) { _ = try JWKSet(json: #"{"keys":{}}"#) }
        T.expectCode(.invalidKey) { _ = try JWKSet(json: #"{"kty":"oct"}"#) }
        T.expectCode(.invalidKey) { _ = try JWKSet(json: #"[]"#) }
        let many = "{\"keys\":[" + Array(repeating: "{\"kty\":\"x\"}", count: 257).joined(separator: ",") + "]}"
        T.expectCode(.limitExceeded) { _ = try JWKSet(json: many) }
        #expect((try? JWKSet(json: many, limits: .init(maxKeys: 300)))?.skipped.count == 257)
        // kid lookup is byte-wise.
        let set = try? JWKSet(json: #"{"keys":[{"kty":"oct","kid":"caf\u00e9","k":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"}]}"#)
        #expect(set?["caf\u{E9}"] != nil)
        #expect(set?["cafe\u{301}"] == nil)
    }

    /// RFC 7518 §6.2.1.2 full-length coordinates; one extra 0x00 or one missing leading zero byte normalised.
    @Test func ecCoordinatePolicy() throws {
        let x = try Base64URL.decode(Self.p256x), y = try Base64URL.decode(Self.p256y)
        func load(_ x: [UInt8], _ y: [UInt8]) throws -> JWK {
            try JWK(json: #"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(x))","y":"\#(Base64URL.encode(y))"}"#)
        }
        let full = try load(x, y)
        #expect(full.x == x && full.y == y)
        let padded = try load([0] + x, y)
        #expect(padded.x == x && padded.thumbprint == full.thumbprint)
        // A short coordinate: a 31-byte value is taken as having lost its leading zero byte.
        let short = try JWK.normaliseCoordinate(Array(x.dropFirst()), curve: .p256, name: "x")
        #expect(short == [0] + x.dropFirst())
        T.expectCode(.invalidKey) { _ = try load([0, 0] + x, y) }
        T.expectCode(.invalidKey) { _ = try load([1] + x, y) }         // 33 bytes, not a zero pad
        T.expectCode(.invalidKey) { _ = try load(Array(x.dropFirst(2)), y) }
        T.expectCode(.invalidKey) { _ = try load(x, []) }
        T.expectCode(.invalidKey) {
            _ = try JWK(json: #"{"kty":"EC","crv":"P-256","x":"\#(Self.p256x)="}"#)
        }
    }

    @Test func rsaKeyPolicy() throws {
        let n = try Base64URL.decode("0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw")
        let k = try JWK(rsaModulus: [0] + n, exponent: [1, 0, 1])
        #expect(k.modulus == n && k.modulusBitCount == 2048)
        T.expectCode(.invalidKey) { _ = try JWK(rsaModulus: [0, 0] + n, exponent: [1, 0, 1]) }
        T.expectCode(.invalidKey) { _ = try JWK(rsaModulus: n, exponent: [1]) }           // e = 1
        T.expectCode(.invalidKey) { _ = try JWK(rsaModulus: n, exponent: [1, 0, 0]) }     // even
        T.expectCode(.invalidKey) { _ = try JWK(rsaModulus: n, exponent: [1, 0, 0, 0, 1]) }  // ≥ 2^32
        // An empty or all-zero exponent ("e": "" / "AA" in JSON) is an error, not a trap.
        T.expectCode(.invalidKey) { _ = try JWK(rsaModulus: n, exponent: []) }
        T.expectCode(.invalidKey) { _ = try JWK(rsaModulus: n, exponent: [0, 0]) }
        T.expectCode(.invalidKey) { _ = try JWK(json: #"{"kty":"RSA","n":"\#(Base64URL.encode(n))","e":""}"#) }
        T.expectCode(.invalidKey) { _ = try JWK(json: #"{"kty":"RSA","n":"","e":"AQAB"}"#) }
        // DESIGN.md "Limits": moduli above 16384 bits are refused before any arithmetic.
        let big = [0x80] + [UInt8](repeating: 0x35, count: 2046) + [0x01]   // exactly 16384 bits
        #expect(try JWK(rsaModulus: big, exponent: [1, 0, 1]).modulusBitCount == 16384)
        T.expectCode(.unsupportedKey) { _ = try JWK(rsaModulus: [0x01] + big, exponent: [1, 0, 1]) }  // 16385 bits
        // Leading zero bytes in e are harmless and removed.
        #expect(try JWK(rsaModulus: n, exponent: [0, 0, 0, 1, 0, 1]).publicExponent == [1, 0, 1])
        T.expectCode(.invalidKey) { _ = try JWK(rsaModulus: Array(n.dropLast()) + [n.last! & 0xFE], exponent: [1, 0, 1]) }
        T.expectCode(.unsupportedKey) { _ = try JWK(rsaModulus: Array(n.prefix(128)), exponent: [1, 0, 1]) }
        #expect((try? JWK(rsaModulus: Array(n.prefix(127)) + [1], exponent: [1, 0, 1], options: .init(minimumRSAModulusBits: 1024))) != nil)
    }

    @Test func keyFitsAlgorithm() throws {
        let ec = try JWK(json: #"{"kty":"EC","crv":"P-256","x":"\#(Self.p256x)","y":"\#(Self.p256y)"}"#)
        #expect(ec.fits(.es256) && !ec.fits(.es384) && !ec.fits(.rs256) && !ec.fits(.hs256))
        let hmac = JWK(symmetricKey: Array(repeating: UInt8(7), count: 48))
        #expect(hmac.fits(.hs256) && hmac.fits(.hs384) && !hmac.fits(.hs512) && !hmac.fits(.rs256) && !hmac.fits(.es256))
        T.expectCode(.weakKey) { try hmac.checkFits(.hs512) }
        T.expectCode(.weakKey) { try JWK(symmetricKey: Array(repeating: UInt8(7), count: 31)).checkFits(.hs256) }
        T.expectCode(.weakKey) { try JWK(symmetricKey: []).checkFits(.hs256) }
        let withAlg = try JWK(json: #"{"kty":"EC","crv":"P-256","x":"\#(Self.p256x)","y":"\#(Self.p256y)","alg":"ES384"}"#)
        T.expectCode(.keyMismatch) { try withAlg.checkFits(.es256) }
        let enc = try JWK(json: #"{"kty":"EC","crv":"P-256","x":"\#(Self.p256x)","y":"\#(Self.p256y)","use":"enc"}"#)
        T.expectCode(.keyMismatch) { try enc.checkFits(.es256) }
        let ops = try JWK(json: #"{"kty":"EC","crv":"P-256","x":"\#(Self.p256x)","y":"\#(Self.p256y)","key_ops":["sign"]}"#)
        T.expectCode(.keyMismatch) { try ops.checkFits(.es256) }
        let opsOK = try JWK(json: #"{"kty":"EC","crv":"P-256","x":"\#(Self.p256x)","y":"\#(Self.p256y)","key_ops":["sign","verify"],"use":"sig"}"#)
        #expect(opsOK.fits(.es256))
        T.expectCode(.invalidKey) { _ = try JWK(json: #"{"kty":"oct","k":"AA","key_ops":["verify","verify"]}"#) }
        T.expectCode(.invalidKey) { _ = try JWK(json: #"{"kty":"oct","k":"AA","alg":5}"#) }
    }

    @Test func descriptionHidesMaterial() {
        let secret = Array(repeating: UInt8(0xAB), count: 32)
        let k = JWK(symmetricKey: secret, keyID: "k1")
        #expect(!k.description.contains(Base64URL.encode(secret)))
        #expect(!k.jsonString().contains(Base64URL.encode(secret)))
        #expect(k.jsonString(includingSecret: true).contains(Base64URL.encode(secret)))
        #expect(k.description.contains("k1"))
    }

    @Test func jsonRoundTrip() throws {
        let j = #"{"kty":"EC","kid":"e1","use":"sig","alg":"ES256","crv":"P-256","x":"\#(Self.p256x)","y":"\#(Self.p256y)"}"#
        let k = try JWK(json: j)
        #expect(k.jsonString() == j)
        #expect(try JWK(json: k.jsonString()).thumbprint == k.thumbprint)
    }
}
