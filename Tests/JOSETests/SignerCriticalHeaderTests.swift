import Testing
import SHA2
@testable import JOSE

/// A signer refuses every `crit` header its verifier would refuse (issue 31 finding 5): the rule is the verifier's
/// own (`JWSHeader.checkCritical`), applied with the names the receiving verifier understands — never with the
/// `crit` list itself as the "understood" set, which let any extension through.
@Suite("signer crit rule")
struct SignerCriticalHeaderTests {
    static let secret = [UInt8](repeating: 0x3C, count: 32)
    static let now: @Sendable () -> Double = { 1_700_000_000 }

    static func signer() throws -> JWTSigner {
        try JWTSigner(key: SymmetricKey(data: secret), algorithm: .hs256, keyID: "k1")
    }

    static func verifier(understood: Set<String> = []) -> JWTVerifier {
        JWTVerifier(key: JWK(symmetricKey: secret, keyID: "k1"), algorithms: [.hs256],
                    options: .init(understoodCriticalHeaders: understood))
    }

    /// Headers (extra members after alg/typ/kid) whose `crit` a default verifier refuses.
    static let refused: [(label: String, extra: KeyValuePairs<String, JSONValue>, json: String)] = [
        ("unknown extension", ["ext": .integer(1), "crit": .array([.string("ext")])], #""ext":1,"crit":["ext"]"#),
        ("claim name exp", ["exp": .integer(1), "crit": .array([.string("exp")])], #""exp":1,"crit":["exp"]"#),
        ("registered kid", ["crit": .array([.string("kid")])], #""crit":["kid"]"#),
        ("absent member", ["crit": .array([.string("ext")])], #""crit":["ext"]"#),
        ("empty list", ["crit": .array([])], #""crit":[]"#),
        ("not an array", ["crit": .string("ext")], #""crit":"ext""#),
    ]

    @Test("what a default verifier refuses, a default signer refuses — in sign, signPayload and sign(headerJSON:)",
          arguments: 0..<6)
    func refusedLikeTheVerifier(_ i: Int) throws {
        let c = Self.refused[i]
        let signer = try Self.signer()
        // The verifier's verdict on the very header, signed by hand.
        let header = #"{"alg":"HS256","typ":"JWT","kid":"k1","# + c.json + "}"
        let token = T.hmacToken(header: header, payload: #"{"sub":"a"}"#, key: Self.secret)
        T.expectCode(.unsupportedCriticalHeader, "verifier: \(c.label)") { _ = try Self.verifier().verifySignature(token) }
        // The signer's verdict on the same header.
        T.expectCode(.unsupportedCriticalHeader, "sign: \(c.label)") {
            _ = try signer.sign(JWTClaims(subject: "a"), header: .init(extra: c.extra))
        }
        T.expectCode(.unsupportedCriticalHeader, "signPayload: \(c.label)") {
            _ = try signer.signPayload([1, 2, 3], header: .init(type: nil, extra: c.extra))
        }
        T.expectCode(.unsupportedCriticalHeader, "headerJSON: \(c.label)") {
            _ = try signer.sign(headerJSON: Array(header.utf8), payload: Array(#"{"sub":"a"}"#.utf8))
        }
    }

    @Test("crit naming an extension the verifier understands is signed, and only that verifier accepts it")
    func understoodExtensionSigns() throws {
        let signer = try Self.signer()
        let header = JWTSigner.Header(extra: ["ext": .integer(1), "crit": .array([.string("ext")])],
                                      understoodCriticalHeaders: ["ext"])
        let token = try signer.sign(JWTClaims(subject: "a", expiresAt: 1_700_000_100), header: header)
        let jwt = try Self.verifier(understood: ["ext"]).verify(token, expecting: ClaimExpectations(now: Self.now))
        #expect(jwt.header.critical == ["ext"])
        #expect(jwt.claims.subject == "a")
        T.expectCode(.unsupportedCriticalHeader) { _ = try Self.verifier().verify(token, expecting: ClaimExpectations(now: Self.now)) }
        // Declaring a different name does not cover "ext".
        T.expectCode(.unsupportedCriticalHeader) {
            _ = try signer.sign(JWTClaims(subject: "a"), header: .init(extra: ["ext": .integer(1), "crit": .array([.string("ext")])],
                                                                        understoodCriticalHeaders: ["other"]))
        }
        // Exact header bytes, with the same declaration, sign too; and registered names stay refused even if declared.
        let exact = #"{"alg":"HS256","ext":1,"crit":["ext"]}"#
        let t2 = try signer.sign(headerJSON: Array(exact.utf8), payload: [7], understoodCriticalHeaders: ["ext"])
        #expect(try Self.verifier(understood: ["ext"]).verifySignature(t2).payload == [7])
        T.expectCode(.unsupportedCriticalHeader) {
            _ = try signer.sign(JWTClaims(), header: .init(extra: ["crit": .array([.string("kid")])], understoodCriticalHeaders: ["kid"]))
        }
    }
}
