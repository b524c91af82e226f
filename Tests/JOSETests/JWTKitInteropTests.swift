import Foundation
import Testing
import TestSupport
@testable import JOSE

/// Issue 20: vapor/jwt-kit 5.8.0's own test cases (Vectors/jose/jwtkit/jwtkit_cases.json, made by
/// Vectors/jose/jwtkit/generate.py from the tag's Tests/JWTKitTests sources), each verified by PureJOSE with the
/// key jwt-kit's test uses. Every case states jwt-kit's outcome as its test asserts it and PureJOSE's verdict;
/// every difference carries the policy behind it (the generator's `policy` strings), in short:
///
/// - `alg: none` is never accepted (jwt-kit accepts it after `addUnsecuredNone()`).
/// - `alg: null` and a duplicated `alg` are refused before any signature check (jwt-kit reaches the signature
///   check and accepts them when the HMAC is valid).
/// - Numbers in a header are kept as exact text, so huge literals (1e400, 400 nines) parse; jwt-kit refuses what a
///   Double cannot hold. RFC 8259 §6 allows both.
/// - Without `kid`, every key that fits the `alg` is tried (jwt-kit tries the default key unless `iteratingKeys`).
/// - Keys never come from `x5c` (the 9 X5CTests tokens fail with keyNotFound); certificates are not parsed, so
///   the Firebase certificate's key is given as SPKI.
/// - There is no parse-without-verify in verification: jwt-kit's "corrupt but parsable" token (whose MAC is not
///   made with jwt-kit's test secret) is an invalid signature here.
///
/// Verification runs with `exp` optional (jwt-kit checks `exp` only when the payload type has it; the jwt.io
/// example has none) and at the time each case gives.
@Suite("Interop: jwt-kit 5.8.0's test cases")
struct JWTKitInteropTests {
    struct Case: Sendable, CustomStringConvertible {
        let id: Int, test: String, token: String, key: String, now: Double, jwtkit: String, purejose: String, policy: String
        var description: String { "#\(id) \(test)" }
    }

    static let file = "jose/jwtkit/jwtkit_cases.json"

    static func load() throws -> (keys: [String: [String: String]], cases: [Case]) {
        let top = try JSONSerialization.jsonObject(with: Data(try Vectors.bytes(file))) as! [String: Any]
        let keys = top["keys"] as! [String: [String: String]]
        let cases = (top["cases"] as! [[String: Any]]).map {
            Case(id: $0["id"] as! Int, test: $0["test"] as! String, token: $0["token"] as! String, key: $0["key"] as! String,
                 now: ($0["now"] as! NSNumber).doubleValue, jwtkit: $0["jwtkit"] as! String,
                 purejose: $0["purejose"] as! String, policy: $0["policy"] as! String)
        }
        #expect(cases.count == top["numberOfCases"] as? Int)
        return (keys, cases)
    }

    static let loaded: (keys: [String: [String: String]], cases: [Case]) = try! load()

    @Test func caseCount() {
        Vectors.report(Self.file, cases: Self.loaded.cases.count)
        #expect(Self.loaded.cases.count == 125)
        // Sources: 14 JWTKitTests tokens, 1 RSA, 1 PSS, 9 X5C, 100 header-parsing regressions.
        #expect(Self.loaded.cases.filter { $0.test.hasPrefix("JWTKitTests.") }.count == 14)
        #expect(Self.loaded.cases.filter { $0.test.hasPrefix("X5CTests") }.count == 9)
        #expect(Self.loaded.cases.filter { $0.test.hasPrefix("HeaderParsingRegressionTests.") }.count == 100)
    }

    static func keySet(_ name: String) throws -> JWKSet {
        let k = loaded.keys[name]!
        if let secret = k["hmac"] { return try JWKSet(keys: [JWK(symmetricKey: Array(secret.utf8))]) }
        if let pem = k["pem"] { return try JWKSet(keys: [JWK(pemRepresentation: pem, keyID: k["kid"])]) }
        return try JWKSet(keys: [])
    }

    @Test(arguments: 0..<125)
    func verdict(index: Int) throws {
        let c = Self.loaded.cases[index]
        let verifier = JWTVerifier(keys: try Self.keySet(c.key), algorithms: Set(JWSAlgorithm.allCases))
        let now = c.now
        let got: String
        do {
            _ = try verifier.verify(c.token, expecting: ClaimExpectations(requireExpiration: false, now: { now }))
            got = "valid"
        } catch let e {
            got = "\(e.code)"
        }
        #expect(got == c.purejose, "\(c): jwt-kit \(c.jwtkit)")
        // Agreement in kind (both accept, or both refuse) needs no policy; a difference must name one.
        let kitAccepts = c.jwtkit.hasPrefix("valid") || c.jwtkit == "parsed"
        if kitAccepts != (c.purejose == "valid") {
            #expect(!c.policy.isEmpty, "\(c): jwt-kit \(c.jwtkit), PureJOSE \(c.purejose), and no policy named")
        }
    }
}
