import Testing
import JOSE   // plain import: this file is "code outside the module"

/// House issue 10: `JWSAlgorithm`, `JWK.KeyType` and `JWK.Curve` are structs over a private enum, so algorithms,
/// key types and curves can be added (ES512, EdDSA, OKP, P-521) without breaking a caller's `switch`.
///
/// A compile failure cannot be asserted from a test, so the proof is the shape of the switches below: each needs
/// its `default:` clause to compile (remove it and the compiler says "switch must be exhaustive", because a
/// non-frozen struct has no finite list of values); each known value must still land on its own case, which the
/// assertions check against the RFC 7518 names.
@Suite("Extensible public types (house issue 10)")
struct ExtensibleTypesTests {
    static func family(_ alg: JWSAlgorithm) -> String {
        switch alg {
        case .hs256, .hs384, .hs512: return "HMAC"
        case .rs256, .rs384, .rs512: return "RSASSA-PKCS1-v1_5"
        case .ps256, .ps384, .ps512: return "RSASSA-PSS"
        case .es256, .es384: return "ECDSA"
        default: return "unknown"   // required: JWSAlgorithm is not frozen (a new algorithm lands here)
        }
    }

    @Test(arguments: [
        ("HS256", "HMAC"), ("HS384", "HMAC"), ("HS512", "HMAC"),
        ("RS256", "RSASSA-PKCS1-v1_5"), ("RS384", "RSASSA-PKCS1-v1_5"), ("RS512", "RSASSA-PKCS1-v1_5"),
        ("PS256", "RSASSA-PSS"), ("PS384", "RSASSA-PSS"), ("PS512", "RSASSA-PSS"),
        ("ES256", "ECDSA"), ("ES384", "ECDSA"),
    ])
    func algorithmSwitchNeedsDefault(name: String, family expected: String) throws {
        let alg = try #require(JWSAlgorithm(rawValue: name))
        #expect(alg.rawValue == name)
        #expect(alg.description == name)
        #expect(Self.family(alg) == expected)
    }

    @Test func algorithmLookupIsExact() {
        // Every implemented algorithm is reachable by its name and no other spelling.
        // 12 of RFC 7518 plus EdDSA (RFC 8037) and Ed25519 (RFC 9864).
        #expect(JWSAlgorithm.allCases.count == 14)
        #expect(Set(JWSAlgorithm.allCases.map(\.rawValue)).count == 14)
        for a in JWSAlgorithm.allCases { #expect(JWSAlgorithm(rawValue: a.rawValue) == a) }
        for bad in ["hs256", "HS256 ", "none", "None", "", "RS２56", "ES521", "es512", "eddsa", "Ed448"] { #expect(JWSAlgorithm(rawValue: bad) == nil, "\(bad)") }
        #expect(JWSAlgorithm.rs256 != JWSAlgorithm.ps256)
    }

    @Test func keyTypeAndCurveSwitchNeedDefault() throws {
        func size(_ c: JWK.Curve) -> Int {
            switch c {
            case .p256: return 256
            case .p384: return 384
            default: return 0   // required: JWK.Curve is not frozen (P-521 and Ed25519 land here)
            }
        }
        func symmetric(_ t: JWK.KeyType) -> Bool? {
            switch t {
            case .oct: return true
            case .rsa, .ec: return false
            default: return nil   // required: JWK.KeyType is not frozen (OKP lands here)
            }
        }
        #expect(size(try #require(JWK.Curve(rawValue: "P-256"))) == 256)
        #expect(size(try #require(JWK.Curve(rawValue: "P-384"))) == 384)
        #expect(JWK.Curve(rawValue: "p-256") == nil)
        #expect(JWK.Curve.p256.coordinateByteCount == 32 && JWK.Curve.p384.coordinateByteCount == 48)
        #expect(symmetric(try #require(JWK.KeyType(rawValue: "oct"))) == true)
        #expect(symmetric(try #require(JWK.KeyType(rawValue: "RSA"))) == false)
        #expect(symmetric(try #require(JWK.KeyType(rawValue: "EC"))) == false)
        #expect(JWK.KeyType(rawValue: "OCT") == nil)
        // A loaded key reports its type and curve through the same values.
        let k = JWK(symmetricKey: [UInt8](repeating: 1, count: 32))
        #expect(k.keyType == .oct && k.curve == nil)
    }

    @Test func errorShape() throws {
        // Thrown errors carry the throw site (file/line in this module) and describe themselves as
        // "JWTError.<code>: <reason>"; == compares codes only.
        do {
            _ = try JWK(json: #"{"kty":"RSA","n":"AQAB","e":"AQAB","d":"AQAB"}"#)
            Issue.record("a private RSA JWK loaded")
        } catch let e {
            #expect(e == JWTError(.privateKeyMaterial))
            #expect(e.description.hasPrefix("JWTError.privateKeyMaterial: "))
            #expect(e.description == "JWTError.privateKeyMaterial: \(e.reason)")
            #expect(e.file.hasPrefix("JOSE/") && e.file.hasSuffix(".swift"), "\(e.file)")
            #expect(e.line > 0)
            #expect(!e.reason.contains("AQAB"))   // never key material
        }
        #expect(JWTError(.expired) != JWTError(.notYetValid))
        #expect(JWTError(.expired).description == "JWTError.expired: expired")
    }
}
