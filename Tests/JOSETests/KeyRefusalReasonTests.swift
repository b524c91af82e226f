import Testing
@testable import JOSE

/// Issue 20: every way a key is refused for an algorithm gives a reason that names the rule (the member or
/// property at fault, what the algorithm needs, and the RFC section) — through `checkFits`, through a verifier
/// with that single key and no kid, and through a verifier whose token names the key's kid.
@Suite("Key refusals name their rule")
struct KeyRefusalReasonTests {
    static let ecP256 = #"{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#
    // The P-384 public key of private scalar 12345 (computed with Python cryptography).
    static let ecP384 = #"{"kty":"EC","crv":"P-384","x":"6GuZXjUOTTEqlaa31djNzbRoL1iIAKHNbJcuHcsqWsONkARpUbA8yzsXmon9qIsb","y":"SFufLB9EsN1Bzm48OmkLv6q-weH_Su-yRh_dpmKb7L1Dz3TBPYwaFiVhIkPwBGFI"}"#
    static let rsa: String = {
        // RFC 7515 A.2's RSA public key (2048 bits).
        let n = "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ"
        return #"{"kty":"RSA","n":"\#(n)","e":"AQAB"}"#
    }()

    static func jwk(_ json: String, _ extra: String = "") throws -> JWK {
        try JWK(json: extra.isEmpty ? json : String(json.dropLast()) + "," + extra + "}")
    }

    /// (key, extra members, algorithm, expected code, phrases the reason must contain)
    static let cases: [(String, String, JWSAlgorithm, JWTError.Code, [String])] = [
        ("oct19", "", .hs256, .weakKey, ["the oct key", "is 19 bytes", "HS256 needs at least 32", "RFC 7518 §3.2"]),
        ("oct47", "", .hs384, .weakKey, ["is 47 bytes", "HS384 needs at least 48", "RFC 7518 §3.2"]),
        ("oct63", "", .hs512, .weakKey, ["is 63 bytes", "HS512 needs at least 64", "RFC 7518 §3.2"]),
        ("rsa", "", .hs256, .keyMismatch, ["is an RSA key", "HS256 needs an oct key", "RFC 7518 §3.2"]),
        ("oct32", "", .rs256, .keyMismatch, ["is an oct key", "RS256 needs an RSA key", "RFC 7518 §3.3"]),
        ("p256", "", .ps256, .keyMismatch, ["is an EC key", "PS256 needs an RSA key", "RFC 7518 §3.5"]),
        ("rsa", "", .es256, .keyMismatch, ["is an RSA key", "ES256 needs an EC key", "RFC 7518 §3.4"]),
        ("p256", "", .es384, .keyMismatch, ["is on P-256", "ES384 needs P-384", "RFC 7518 §3.4"]),
        ("p384", "", .es256, .keyMismatch, ["is on P-384", "ES256 needs P-256", "RFC 7518 §3.4"]),
        ("rsa", #""alg":"RS256""#, .ps256, .keyMismatch, ["is for alg \"RS256\"", "the token's alg is PS256", "RFC 7517 §4.4"]),
        ("p256", #""use":"enc""#, .es256, .keyMismatch, ["has use \"enc\"", "needs use \"sig\"", "RFC 7517 §4.2"]),
        ("rsa", #""key_ops":["sign","encrypt"]"#, .rs256, .keyMismatch, ["key_ops [\"sign\", \"encrypt\"]", "without \"verify\"", "RFC 7517 §4.3"]),
    ]

    static func base(_ name: String) -> String {
        switch name {
        case "rsa": return rsa
        case "p256": return ecP256
        case "p384": return ecP384
        default:
            let n = Int(name.dropFirst(3))!
            return #"{"kty":"oct","k":"\#(Base64URL.encode([UInt8](repeating: 0x33, count: n)))"}"#
        }
    }

    @Test(arguments: 0..<12)
    func refusalNamesTheRule(index: Int) throws {
        let (name, extra, alg, code, phrases) = Self.cases[index]
        let key = try Self.jwk(Self.base(name), extra)
        func check(_ e: JWTError, _ path: String) {
            #expect(e.code == code, "\(path): \(e)")
            for p in phrases { #expect(e.reason.contains(p), "\(path): \(e.reason) lacks \(p)") }
        }
        // 1. checkFits itself.
        do { try key.checkFits(alg); Issue.record("\(name) fits \(alg)") } catch let e { check(e, "checkFits") }
        // 2. A verifier holding only this key, token without kid: the key's own refusal, not a bare keyNotFound.
        let header = #"{"alg":"\#(alg.rawValue)"}"#
        let token = Base64URL.encode(Array(header.utf8)) + ".e30." + Base64URL.encode([UInt8](repeating: 1, count: 64))
        do {
            _ = try JWTVerifier(key: key, algorithms: [alg]).verifySignature(token)
            Issue.record("verified")
        } catch let e { check(e, "single key, no kid") }
        // 3. The token names the key's kid.
        let named = try Self.jwk(Self.base(name), extra.isEmpty ? #""kid":"k1""# : extra + #","kid":"k1""#)
        let kidToken = Base64URL.encode(Array(#"{"alg":"\#(alg.rawValue)","kid":"k1"}"#.utf8)) + ".e30." + Base64URL.encode([UInt8](repeating: 1, count: 64))
        do {
            _ = try JWTVerifier(key: named, algorithms: [alg]).verifySignature(kidToken)
            Issue.record("verified")
        } catch let e {
            check(e, "kid")
            #expect(e.reason.contains("\"k1\""))
        }
    }

    /// Several keys, none fitting: keyNotFound, with each key's reason.
    @Test func severalKeysListTheirReasons() throws {
        let set = try JWKSet(keys: [JWK(symmetricKey: [UInt8](repeating: 1, count: 19), keyID: "a"),
                                    JWK(symmetricKey: [UInt8](repeating: 2, count: 40), keyID: "b", algorithm: .hs512)])
        let token = Base64URL.encode(Array(#"{"alg":"HS256"}"#.utf8)) + ".e30.AAAA"
        do {
            _ = try JWTVerifier(keys: set, algorithms: [.hs256]).verifySignature(token)
            Issue.record("verified")
        } catch let e {
            #expect(e.code == .keyNotFound)
            #expect(e.reason.contains("no key in the set fits alg HS256"))
            #expect(e.reason.contains("the oct key \"a\" is 19 bytes; HS256 needs at least 32 (RFC 7518 §3.2)"), "\(e.reason)")
            #expect(e.reason.contains("key \"b\" is for alg \"HS512\""), "\(e.reason)")
        }
    }

    /// Keys refused at load, whatever the algorithm: the reason names the rule too.
    @Test(arguments: [
        (#"{"kty":"EC","crv":"P-192","x":"AA","y":"AA"}"#, JWTError.Code.unsupportedKey, ["EC curve \"P-192\" is not supported", "P-256, P-384 and P-521 are"]),
        (#"{"kty":"EC","crv":"P-521","x":"AA","y":"AA"}"#, .invalidKey, ["EC coordinate \"x\" is 1 bytes; P-521 needs 66", "RFC 7518 §6.2.1.2"]),
        (#"{"kty":"OKP","crv":"Ed25519","x":"AA"}"#, .invalidKey, ["OKP member \"x\" is 1 bytes", "RFC 8037 §2"]),
        (#"{"kty":"OKP","crv":"X25519","x":"AA"}"#, .unsupportedKey, ["OKP curve \"X25519\" is not supported", "Ed25519 is"]),
        (#"{"kty":"XYZ"}"#, .unsupportedKey, ["key type \"XYZ\" is not supported", "RSA, EC, OKP and oct are"]),
        (#"{"kty":"EC","crv":"P-256","x":"AAAA","y":"AAAA"}"#, .invalidKey, ["EC coordinate \"x\" is 3 bytes; P-256 needs 32", "RFC 7518 §6.2.1.2"]),
        (#"{"kty":"EC","crv":"P-256","x":"AA","y":"AA","d":"AA"}"#, .privateKeyMaterial, ["private member \"d\"", "RFC 7517 §9.2"]),
        (#"{"kty":"oct","k":"AA","key_ops":["verify","verify"]}"#, .invalidKey, ["\"key_ops\" repeats \"verify\""]),
    ])
    func loadRefusalNamesTheRule(json: String, code: JWTError.Code, phrases: [String]) {
        do {
            _ = try JWK(json: json)
            Issue.record("loaded \(json)")
        } catch let e {
            #expect(e.code == code, "\(e)")
            for p in phrases { #expect(e.reason.contains(p), "\(e.reason) lacks \(p)") }
        }
    }
}
