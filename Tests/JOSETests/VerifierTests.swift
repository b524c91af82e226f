import Foundation
import Testing
@testable import JOSE

/// The verifier's structural and key-selection rules, on HS256 tokens made here.
@Suite("JWTVerifier rules")
struct VerifierTests {
    static let keyA: [UInt8] = Array(repeating: 0xA1, count: 32)
    static let keyB: [UInt8] = Array(repeating: 0xB2, count: 32)
    static let set = try! JWKSet(keys: [JWK(symmetricKey: keyA, keyID: "a"), JWK(symmetricKey: keyB, keyID: "b")])
    static let verifier = JWTVerifier(keys: set, algorithms: [.hs256, .hs384])
    static let claims = #"{"exp":4000000000,"sub":"x"}"#

    func verify(_ t: String, _ v: JWTVerifier = verifier) throws -> VerifiedJWT { try v.verify(t) }

    @Test func validTokensVerify() throws {
        let t = T.hmacToken(header: #"{"alg":"HS256","kid":"a"}"#, payload: Self.claims, key: Self.keyA)
        let jwt = try verify(t)
        #expect(jwt.header.keyID == "a" && jwt.claims.subject == "x" && jwt.key.keyID == "a")
        // Whitespace inside the JSON is fine (it is JSON, not base64url).
        let spaced = T.hmacToken(header: "{ \"alg\" : \"HS256\" ,\n\t\"kid\":\"b\" }", payload: Self.claims, key: Self.keyB)
        #expect(try verify(spaced).key.keyID == "b")
    }

    @Test func kidSelectsOnlyThatKey() {
        // Signed with key B but naming key A: never falls back to B.
        let t = T.hmacToken(header: #"{"alg":"HS256","kid":"a"}"#, payload: Self.claims, key: Self.keyB)
        T.expectCode(.invalidSignature) { _ = try verify(t) }
        let unknown = T.hmacToken(header: #"{"alg":"HS256","kid":"c"}"#, payload: Self.claims, key: Self.keyA)
        T.expectCode(.keyNotFound) { _ = try verify(unknown) }
        let path = T.hmacToken(header: #"{"alg":"HS256","kid":"../../etc/passwd"}"#, payload: Self.claims, key: Self.keyA)
        T.expectCode(.keyNotFound) { _ = try verify(path) }
        // A kid that equals "a" only up to a NUL (a C-string truncation trick) or up to trailing space names no key.
        for trick in [#"a\u0000"#, #"a\u0000b"#, "a ", "A"] {
            let t = T.hmacToken(header: #"{"alg":"HS256","kid":"\#(trick)"}"#, payload: Self.claims, key: Self.keyA)
            T.expectCode(.keyNotFound, trick) { _ = try verify(t) }
        }
        let notString = T.hmacToken(header: #"{"alg":"HS256","kid":1}"#, payload: Self.claims, key: Self.keyA)
        T.expectCode(.malformedToken) { _ = try verify(notString) }
    }

    @Test func withoutKidTriesFittingKeys() throws {
        let t = T.hmacToken(header: #"{"alg":"HS256"}"#, payload: Self.claims, key: Self.keyB)
        #expect(try verify(t).key.keyID == "b")
        let wrong = T.hmacToken(header: #"{"alg":"HS256"}"#, payload: Self.claims, key: Array(repeating: 1, count: 32))
        T.expectCode(.invalidSignature) { _ = try verify(wrong) }
        // HS384 needs 48-byte keys: none of the 32-byte keys fits.
        let hs384 = T.hmacToken(header: #"{"alg":"HS384"}"#, payload: Self.claims, key: Self.keyA, alg: .hs384)
        T.expectCode(.keyNotFound) { _ = try verify(hs384) }
        let hs384kid = T.hmacToken(header: #"{"alg":"HS384","kid":"a"}"#, payload: Self.claims, key: Self.keyA, alg: .hs384)
        T.expectCode(.weakKey) { _ = try verify(hs384kid) }
    }

    @Test func withoutKidAtMostACappedNumberOfKeysIsTried() throws {
        // 17 HS256 keys; the token is signed with the last one and names no kid.
        let secrets = (0..<17).map { [UInt8](repeating: UInt8(0x40 + $0), count: 32) }
        let set = try JWKSet(keys: secrets.map { JWK(symmetricKey: $0) })
        let t = T.hmacToken(header: #"{"alg":"HS256"}"#, payload: Self.claims, key: secrets[16])
        // Default cap 16 < 17 fitting keys: refused before any is tried, whatever the signature.
        T.expectCode(.limitExceeded) { _ = try JWTVerifier(keys: set, algorithms: [.hs256]).verify(t) }
        let bogus = T.hmacToken(header: #"{"alg":"HS256"}"#, payload: Self.claims, key: Array(repeating: 9, count: 32))
        T.expectCode(.limitExceeded) { _ = try JWTVerifier(keys: set, algorithms: [.hs256]).verify(bogus) }
        // Raising the cap lets the 17th key be found; exactly at the cap is allowed.
        let wide = JWTVerifier(keys: set, algorithms: [.hs256], options: .init(maxKeysTriedWithoutKeyID: 17))
        #expect(try wide.verify(t).key.symmetricKeyBytes == secrets[16])
        T.expectCode(.invalidSignature) { _ = try wide.verify(bogus) }
        // Only keys fitting the alg count: 17 HS keys do not stop a kid-less token from a 1-key RSA/EC set, and
        // keys that do not fit (too short for HS384) are not counted.
        let hs384 = try JWKSet(keys: secrets.map { JWK(symmetricKey: $0) } + [JWK(symmetricKey: [UInt8](repeating: 0x77, count: 48))])
        let t384 = T.hmacToken(header: #"{"alg":"HS384"}"#, payload: Self.claims, key: [UInt8](repeating: 0x77, count: 48), alg: .hs384)
        #expect(try JWTVerifier(keys: hs384, algorithms: [.hs384]).verify(t384).key.symmetricKeyByteCount == 48)
        // A kid still selects exactly its key, however many keys the set holds.
        let named = try JWKSet(keys: secrets.enumerated().map { JWK(symmetricKey: $1, keyID: "k\($0)") })
        let tk = T.hmacToken(header: #"{"alg":"HS256","kid":"k16"}"#, payload: Self.claims, key: secrets[16])
        #expect(try JWTVerifier(keys: named, algorithms: [.hs256]).verify(tk).key.keyID == "k16")
    }

    @Test func algorithmRules() {
        for none in ["none", "None", "NONE", "nOnE"] {
            let unsigned = T.b64(#"{"alg":"\#(none)"}"#) + "." + T.b64(Self.claims) + "."
            T.expectCode(.unsecuredAlgorithm, none) { _ = try verify(unsigned) }
            let signed = T.hmacToken(header: #"{"alg":"\#(none)"}"#, payload: Self.claims, key: Self.keyA)
            T.expectCode(.unsecuredAlgorithm, none) { _ = try verify(signed) }
        }
        let hs512 = T.hmacToken(header: #"{"alg":"HS512","kid":"a"}"#, payload: Self.claims, key: Self.keyA, alg: .hs512)
        T.expectCode(.algorithmNotAllowed) { _ = try verify(hs512) }
        for alg in ["ES521", "Ed448", "RSA-OAEP", "hs256", "HS256 ", "", "PS256\\u0000"] {
            let t = T.hmacToken(header: "{\"alg\":\"\(alg)\"}", payload: Self.claims, key: Self.keyA)
            T.expectCode(.unsupportedAlgorithm, alg) { _ = try verify(t) }
        }
        T.expectCode(.malformedToken) { _ = try verify(T.hmacToken(header: #"{"kid":"a"}"#, payload: Self.claims, key: Self.keyA)) }
        T.expectCode(.malformedToken) { _ = try verify(T.hmacToken(header: #"{"alg":["HS256"]}"#, payload: Self.claims, key: Self.keyA)) }
        T.expectCode(.duplicateMember) {
            _ = try verify(T.hmacToken(header: #"{"alg":"HS256","alg":"none"}"#, payload: Self.claims, key: Self.keyA))
        }
    }

    @Test func critHandling() throws {
        func tok(_ h: String) -> String { T.hmacToken(header: h, payload: Self.claims, key: Self.keyA) }
        T.expectCode(.unsupportedCriticalHeader) { _ = try verify(tok(#"{"alg":"HS256","kid":"a","crit":["exp"],"exp":1}"#)) }
        T.expectCode(.unsupportedCriticalHeader) { _ = try verify(tok(#"{"alg":"HS256","kid":"a","crit":[]}"#)) }
        T.expectCode(.unsupportedCriticalHeader) { _ = try verify(tok(#"{"alg":"HS256","kid":"a","crit":"x"}"#)) }
        T.expectCode(.unsupportedCriticalHeader) { _ = try verify(tok(#"{"alg":"HS256","kid":"a","crit":["alg"]}"#)) }
        T.expectCode(.unsupportedCriticalHeader) { _ = try verify(tok(#"{"alg":"HS256","kid":"a","b64":false,"crit":["b64"]}"#)) }
        let understood = JWTVerifier(keys: Self.set, algorithms: [.hs256], options: .init(understoodCriticalHeaders: ["exp"]))
        #expect(throws: Never.self) { _ = try understood.verify(tok(#"{"alg":"HS256","kid":"a","crit":["exp"],"exp":1}"#)) }
        T.expectCode(.unsupportedCriticalHeader) { _ = try understood.verify(tok(#"{"alg":"HS256","kid":"a","crit":["exp"]}"#)) }
    }

    @Test func embeddedKeysIgnored() {
        // The attacker signs with their own key and embeds it: it is never used.
        let evil: [UInt8] = Array(repeating: 0xEE, count: 32)
        let h = #"{"alg":"HS256","jwk":{"kty":"oct","k":"\#(Base64URL.encode(evil))"},"jku":"https://evil.example/keys","x5u":"https://evil.example/c"}"#
        T.expectCode(.invalidSignature) { _ = try verify(T.hmacToken(header: h, payload: Self.claims, key: evil)) }
    }

    @Test func compactStructure() {
        let good = T.hmacToken(header: #"{"alg":"HS256","kid":"a"}"#, payload: Self.claims, key: Self.keyA)
        let parts = good.split(separator: ".").map(String.init)
        for bad in ["", ".", "..", "a.b", parts[0] + "." + parts[1], good + ".", good + "." + parts[2], "." + parts[1] + "." + parts[2],
                    "{\"payload\":\"x\"}"] {
            T.expectCode(.malformedToken, bad) { _ = try verify(bad) }
        }
        T.expectCode(.invalidSignature) { _ = try verify(parts[0] + "." + parts[1] + ".") }
        T.expectCode(.invalidBase64URL) { _ = try verify(parts[0] + "." + parts[1] + "." + parts[2] + "=") }
        T.expectCode(.invalidBase64URL) { _ = try verify(parts[0] + " ." + parts[1] + "." + parts[2]) }
        T.expectCode(.invalidBase64URL) { _ = try verify(parts[0] + "." + parts[1] + ".\n" + parts[2]) }
    }

    @Test func paddedBase64OnlyWhenAllowed() throws {
        // A header whose base64url needs padding, written with padding on every part.
        let h = #"{"alg":"HS256","kid":"a"} "#
        let payload = #"{"exp":4000000000,"sub":"xy"}"#
        func pad(_ s: String) -> String { s + String(repeating: "=", count: (4 - s.utf8.count % 4) % 4) }
        let input = pad(T.b64(h)) + "." + pad(T.b64(payload))
        let mac = HMACForTest.hs256(Array(input.utf8), Self.keyA)
        let token = input + "." + pad(Base64URL.encode(mac))
        #expect(token.contains("="))
        T.expectCode(.invalidBase64URL) { _ = try verify(token) }
        let lenient = JWTVerifier(keys: Self.set, algorithms: [.hs256], options: .init(allowPaddedBase64: true))
        #expect(try lenient.verify(token).claims.subject == "xy")
    }

    /// The bounds tell linear work from quadratic work (100,000 dots scanned pairwise would be 10¹⁰ steps, minutes),
    /// not how fast anything is: they hold in a debug build under AddressSanitizer on a loaded 2-core machine, where
    /// the former 50 ms bound failed at 108 ms (2026-11-26). Speed figures come from jose-bench.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // ContinuousClock, Duration: above the package floor
    @Test func sizeLimitFirstAndDotsScannedCheaply() {
        let huge = String(repeating: "a", count: 10 * 1024 * 1024)
        let clock = ContinuousClock()
        var elapsed = clock.measure { T.expectCode(.limitExceeded) { _ = try verify(huge) } }
        #expect(elapsed < .seconds(2))
        let dots = String(repeating: ".", count: 100_000)
        elapsed = clock.measure { T.expectCode(.limitExceeded) { _ = try verify(dots) } }
        #expect(elapsed < .seconds(1))
        // With the size limit raised, the dot scan itself stops at the third dot.
        let big = JWTVerifier(keys: Self.set, algorithms: [.hs256], options: .init(maxTokenBytes: 1 << 24))
        elapsed = clock.measure { T.expectCode(.malformedToken) { _ = try big.verify(dots) } }
        #expect(elapsed < .seconds(1))
        elapsed = clock.measure { T.expectCode(.malformedToken) { _ = try big.verify("a.b.c" + dots) } }
        #expect(elapsed < .seconds(1))
    }

    @Test func deepJSONInHeaderAndPayload() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        T.expectCode(.limitExceeded) { _ = try verify(T.hmacToken(header: #"{"alg":"HS256","x":"# + deep + "}", payload: Self.claims, key: Self.keyA)) }
        T.expectCode(.limitExceeded) { _ = try verify(T.hmacToken(header: #"{"alg":"HS256"}"#, payload: #"{"exp":4000000000,"x":"# + deep + "}", key: Self.keyA)) }
    }

    @Test func errorsDoNotRepeatTheToken() {
        let t = T.hmacToken(header: #"{"alg":"HS256","kid":"a"}"#, payload: Self.claims, key: Self.keyB)
        let sig = String(t.split(separator: ".")[2])
        do { _ = try verify(t); Issue.record("accepted") } catch {
            #expect(!"\(error)".contains(sig))
            #expect(!"\(error)".contains(Base64URL.encode(Self.keyA)))
        }
    }

    @Test func decodeUnverifiedReadsWithoutKeys() throws {
        let t = T.hmacToken(header: #"{"alg":"HS256","kid":"zz"}"#, payload: Self.claims, key: Self.keyB)
        let (h, c) = try decodeUnverified(t)
        #expect(h["kid"] == .string("zz") && c["sub"] == .string("x"))
        T.expectCode(.duplicateMember) { _ = try decodeUnverified(T.b64(#"{"alg":"HS256"}"#) + "." + T.b64(#"{"a":1,"a":2}"#) + ".") }
        T.expectCode(.malformedToken) { _ = try decodeUnverified("abc") }
    }

    @Test func signatureOnlyAPIAcceptsNonJSONPayload() throws {
        let t = T.b64(#"{"alg":"HS256","kid":"a"}"#) + "." + T.b64("hello")
        let token = t + "." + Base64URL.encode(HMACForTest.hs256(Array(t.utf8), Self.keyA))
        #expect(try Self.verifier.verifySignature(token).payload == Array("hello".utf8))
        T.expectCode(.invalidJSON) { _ = try verify(token) }
    }
}

import SHA2
enum HMACForTest {
    static func hs256(_ m: [UInt8], _ k: [UInt8]) -> [UInt8] { HMAC<SHA256>.authenticationCode(for: m, using: SymmetricKey(data: k)).bytes }
}
