import Testing
import SHA2
@testable import JOSE

/// `crit` may not list a registered header (even one the verifier understands), and `b64: false` (RFC 7797) is refused.
/// Each test names the mutation of Scripts/mutations/list.txt it kills and has a control that passes unmutated.
@Suite("crit naming registered headers, b64: false")
struct CritAndB64HeaderTests {
    static let secret = [UInt8](repeating: 0x5A, count: 64)
    static let payload = #"{"sub":"guard","exp":4102444800}"#

    static func verifier(understood: Set<String> = []) -> JWTVerifier {
        var options = JWTVerifier.Options()
        options.understoodCriticalHeaders = understood
        return JWTVerifier(key: JWK(symmetricKey: secret, keyID: "k1"), algorithms: [.hs256], options: options)
    }

    /// jose-crit-registered: `crit` may not list a parameter RFC 7515/7518 define, even one the application
    /// says it understands (RFC 7515 §4.1.11: "Producers MUST NOT include Header Parameter names defined by this
    /// specification or [JWA] … in the crit list").
    @Test("crit listing a registered header is refused even when understood", arguments: ["kid", "typ", "alg"])
    func critListsRegisteredName(_ name: String) throws {
        let header = #"{"alg":"HS256","kid":"k1","typ":"JWT","crit":["\#(name)"]}"#
        let token = T.hmacToken(header: header, payload: Self.payload, key: Self.secret)
        T.expectCode(.unsupportedCriticalHeader, name) {
            _ = try Self.verifier(understood: [name]).verifySignature(token)
        }
        // Control: the same understood extension name that is not registered passes.
        let ok = T.hmacToken(header: #"{"alg":"HS256","kid":"k1","ext":1,"crit":["ext"]}"#, payload: Self.payload,
                             key: Self.secret)
        let verified = try Self.verifier(understood: ["ext"]).verifySignature(ok)
        #expect(verified.payload == Array(Self.payload.utf8) && verified.algorithm == .hs256)
    }

    /// jose-b64-false: an unencoded-payload token (RFC 7797 `"b64": false`) is never verified as if its payload
    /// were base64url, whether or not `b64` is listed in `crit` and understood.
    @Test("b64: false is refused", arguments: [(#","b64":false,"crit":["b64"]"#, true), (#","b64":false"#, false)])
    func unencodedPayloadRefused(_ members: String, _ understood: Bool) throws {
        let header = #"{"alg":"HS256","kid":"k1""# + members + "}"
        let token = T.hmacToken(header: header, payload: Self.payload, key: Self.secret)
        T.expectCode(.unsupportedCriticalHeader, members) {
            _ = try Self.verifier(understood: understood ? ["b64"] : []).verifySignature(token)
        }
        // Control: "b64": true (the default spelled out) verifies.
        let ok = T.hmacToken(header: #"{"alg":"HS256","kid":"k1","b64":true}"#, payload: Self.payload, key: Self.secret)
        let verified = try Self.verifier().verifySignature(ok)
        #expect(verified.payload == Array(Self.payload.utf8) && verified.algorithm == .hs256)
    }
}
