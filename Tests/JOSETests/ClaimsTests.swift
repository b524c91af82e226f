import Foundation
import Testing
@testable import JOSE

/// Claims checks with an injected clock, on HS256 tokens made here.
@Suite("JWT claims (RFC 7519 §4.1)")
struct ClaimsTests {
    static let key: [UInt8] = Array(0..<32)
    static let verifier = JWTVerifier(key: JWK(symmetricKey: key), algorithms: [.hs256])
    static let now: Double = 1_700_000_000

    func token(_ payload: String, header: String = #"{"alg":"HS256","typ":"JWT"}"#) -> String {
        T.hmacToken(header: header, payload: payload, key: Self.key)
    }
    func verify(_ payload: String, header: String = #"{"alg":"HS256","typ":"JWT"}"#, _ e: ClaimExpectations) throws -> VerifiedJWT {
        try Self.verifier.verify(token(payload, header: header), expecting: e)
    }
    func at(_ t: Double = now, issuer: String? = nil, audience: String? = nil, subject: String? = nil, nonce: String? = nil,
            type: String? = nil, leeway: Double = 0, maxAge: Double? = nil, requireExpiration: Bool = true) -> ClaimExpectations {
        ClaimExpectations(issuer: issuer, audience: audience, subject: subject, nonce: nonce, type: type, leeway: leeway,
                          maxAge: maxAge, requireExpiration: requireExpiration, now: { t })
    }

    @Test func registeredClaimsRead() throws {
        let jwt = try verify(#"{"iss":"https://issuer.example","sub":"user-1","aud":["a","b"],"exp":1700000100,"nbf":1699999900,"iat":1699999950.5,"jti":"j1","nonce":"n1","custom":{"x":1}}"#, at())
        #expect(jwt.claims == RegisteredClaims(issuer: "https://issuer.example", subject: "user-1", audience: ["a", "b"],
                                               expiresAt: 1_700_000_100, notBefore: 1_699_999_900, issuedAt: 1_699_999_950.5,
                                               jwtID: "j1", nonce: "n1"))
        #expect(jwt.claimsObject["custom"]?["x"] == .integer(1))
    }

    @Test func expiration() throws {
        let p = #"{"exp":1700000000}"#
        T.expectCode(.expired) { _ = try verify(p, at(1_700_000_000)) }           // now == exp: expired
        #expect(throws: Never.self) { _ = try verify(p, at(1_699_999_999)) }
        #expect(throws: Never.self) { _ = try verify(p, at(1_700_000_059, leeway: 60)) }
        T.expectCode(.expired) { _ = try verify(p, at(1_700_000_060, leeway: 60)) }
        T.expectCode(.missingClaim) { _ = try verify(#"{"sub":"x"}"#, at()) }
        #expect(throws: Never.self) { _ = try verify(#"{"sub":"x"}"#, at(requireExpiration: false)) }
        // Fractional NumericDate.
        #expect(throws: Never.self) { _ = try verify(#"{"exp":1700000000.5}"#, at(1_700_000_000.25)) }
        T.expectCode(.expired) { _ = try verify(#"{"exp":1700000000.5}"#, at(1_700_000_000.5)) }
    }

    @Test func expiredErrorNamesTimes() {
        do {
            _ = try verify(#"{"exp":1600000000}"#, at())
            Issue.record("accepted")
        } catch let e as JWTError {
            #expect(e.code == .expired)
            #expect(e.reason.contains("1600000000") && e.reason.contains("1700000000"))
        } catch { Issue.record("\(error)") }
    }

    @Test func badNumericDates() {
        for p in [#"{"exp":"1800000000"}"#, #"{"exp":1e309}"#, #"{"exp":true}"#, #"{"exp":null}"#,
                  #"{"exp":[1800000000]}"#, #"{"exp":9007199254740992}"#, #"{"exp":1800000000,"nbf":"0"}"#,
                  #"{"exp":1800000000,"iat":-9007199254740992}"#, #"{"exp":99999999999999999999999}"#] {
            T.expectCode(.invalidClaim, p) { _ = try verify(p, at()) }
        }
    }

    @Test func notBeforeAndIssuedAt() {
        T.expectCode(.notYetValid) { _ = try verify(#"{"exp":1800000000,"nbf":1700000001}"#, at()) }
        #expect(throws: Never.self) { _ = try verify(#"{"exp":1800000000,"nbf":1700000000}"#, at()) }
        #expect(throws: Never.self) { _ = try verify(#"{"exp":1800000000,"nbf":1700000030}"#, at(leeway: 30)) }
        T.expectCode(.issuedInFuture) { _ = try verify(#"{"exp":1800000000,"iat":1700000001}"#, at()) }
        #expect(throws: Never.self) { _ = try verify(#"{"exp":1800000000,"iat":1700000010}"#, at(leeway: 10)) }
    }

    @Test func maxAge() {
        let p = #"{"exp":1800000000,"iat":1699999000}"#
        #expect(throws: Never.self) { _ = try verify(p, at(maxAge: 1000)) }
        T.expectCode(.tooOld) { _ = try verify(p, at(maxAge: 999)) }
        T.expectCode(.missingClaim) { _ = try verify(#"{"exp":1800000000}"#, at(maxAge: 999)) }
        // A NaN max age would compare false and accept any age: refused as a configuration error.
        T.expectCode(.invalidClaim) { _ = try verify(p, at(maxAge: .nan)) }
    }

    @Test func nonFiniteLeewayIsRefusedNotIgnored() {
        // NaN compares false, so `t + leeway < nbf` would pass a token that is not yet valid; an infinite leeway
        // would excuse any exp. Both are refused (invalidClaim) before any claim is looked at.
        let future = #"{"nbf":1800000000}"#
        T.expectCode(.notYetValid) { _ = try verify(future, at(requireExpiration: false)) }
        T.expectCode(.invalidClaim) { _ = try verify(future, at(leeway: .nan, requireExpiration: false)) }
        T.expectCode(.invalidClaim) { _ = try verify(#"{"exp":1}"#, at(leeway: .infinity)) }
        T.expectCode(.invalidClaim) { _ = try verify(#"{"exp":1800000000}"#, at(leeway: -.infinity)) }
        // A negative finite leeway is merely stricter.
        T.expectCode(.expired) { _ = try verify(#"{"exp":1700000005}"#, at(leeway: -10)) }
    }

    @Test func issuerSubjectNonce() {
        let p = #"{"exp":1800000000,"iss":"https://a.example","sub":"s1","nonce":"n1"}"#
        #expect(throws: Never.self) { _ = try verify(p, at(issuer: "https://a.example", subject: "s1", nonce: "n1")) }
        T.expectCode(.issuerMismatch) { _ = try verify(p, at(issuer: "https://b.example")) }
        T.expectCode(.issuerMismatch) { _ = try verify(p, at(issuer: "https://a.example/")) }
        T.expectCode(.subjectMismatch) { _ = try verify(p, at(subject: "s2")) }
        T.expectCode(.nonceMismatch) { _ = try verify(p, at(nonce: "n2")) }
        T.expectCode(.missingClaim) { _ = try verify(#"{"exp":1800000000}"#, at(issuer: "https://a.example")) }
        T.expectCode(.missingClaim) { _ = try verify(#"{"exp":1800000000}"#, at(nonce: "n1")) }
        T.expectCode(.invalidClaim) { _ = try verify(#"{"exp":1800000000,"iss":5}"#, at()) }
    }

    @Test func audience() {
        #expect(throws: Never.self) { _ = try verify(#"{"exp":1800000000,"aud":"app"}"#, at(audience: "app")) }
        #expect(throws: Never.self) { _ = try verify(#"{"exp":1800000000,"aud":["x","app"]}"#, at(audience: "app")) }
        T.expectCode(.audienceMismatch) { _ = try verify(#"{"exp":1800000000,"aud":["x","y"]}"#, at(audience: "app")) }
        T.expectCode(.audienceMismatch) { _ = try verify(#"{"exp":1800000000,"aud":[]}"#, at(audience: "app")) }
        T.expectCode(.missingClaim) { _ = try verify(#"{"exp":1800000000}"#, at(audience: "app")) }
        T.expectCode(.invalidClaim) { _ = try verify(#"{"exp":1800000000,"aud":5}"#, at(audience: "app")) }
        T.expectCode(.invalidClaim) { _ = try verify(#"{"exp":1800000000,"aud":["app",5]}"#, at(audience: "app")) }
    }

    /// `String ==` would call these equal (canonical equivalence); the verifier compares bytes.
    @Test func comparisonsAreBytewise() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)  // the trap being avoided
        let p = "{\"exp\":1800000000,\"iss\":\"\(decomposed)\",\"aud\":\"\(decomposed)\",\"sub\":\"\(decomposed)\",\"nonce\":\"\(decomposed)\"}"
        T.expectCode(.issuerMismatch) { _ = try verify(p, at(issuer: composed)) }
        T.expectCode(.audienceMismatch) { _ = try verify(p, at(audience: composed)) }
        T.expectCode(.subjectMismatch) { _ = try verify(p, at(subject: composed)) }
        T.expectCode(.nonceMismatch) { _ = try verify(p, at(nonce: composed)) }
        #expect(throws: Never.self) {
            _ = try verify(p, at(issuer: decomposed, audience: decomposed, subject: decomposed, nonce: decomposed))
        }
        let h = "{\"alg\":\"HS256\",\"typ\":\"\(decomposed)\"}"
        T.expectCode(.typeMismatch) { _ = try verify(#"{"exp":1800000000}"#, header: h, at(type: composed)) }
    }

    @Test func headerType() {
        #expect(throws: Never.self) { _ = try verify(#"{"exp":1800000000}"#, at(type: "JWT")) }
        T.expectCode(.typeMismatch) { _ = try verify(#"{"exp":1800000000}"#, at(type: "at+jwt")) }
        T.expectCode(.missingClaim) { _ = try verify(#"{"exp":1800000000}"#, header: #"{"alg":"HS256"}"#, at(type: "JWT")) }
    }

    @Test func payloadMustBeStrictObject() {
        T.expectCode(.malformedToken) { _ = try verify(#"[1]"#, at()) }
        T.expectCode(.duplicateMember) { _ = try verify(#"{"exp":1800000000,"exp":1}"#, at()) }
        T.expectCode(.duplicateMember) { _ = try verify(#"{"exp":1800000000,"sub":"a","sub":"b"}"#, at()) }
        T.expectCode(.invalidJSON) { _ = try verify(#"{"exp":1800000000,}"#, at()) }
    }

    struct Custom: Decodable, Equatable {
        let sub: String
        let roles: [String]
        let level: Int
    }

    @Test func decodeCustomClaims() throws {
        let jwt = try verify(#"{"exp":1800000000,"sub":"u","roles":["admin","dev"],"level":3}"#, at())
        #expect(try jwt.decode(Custom.self) == Custom(sub: "u", roles: ["admin", "dev"], level: 3))
        T.expectCode(.decodingFailed) {
            _ = try verify(#"{"exp":1800000000,"sub":"u","roles":"admin","level":3}"#, at()).decode(Custom.self)
        }
        // A huge number where an Int is expected: decodingFailed, and the message does not repeat the 20,000 digits.
        let huge = String(repeating: "9", count: 20_000)
        for p in [#"{"exp":1800000000,"sub":"u","roles":[],"level":\#(huge)}"#, #"{"exp":1800000000,"sub":"u","roles":[],"level":\#(huge).5e99999}"#] {
            do {
                _ = try verify(p, at()).decode(Custom.self)
                Issue.record("decoded a huge level")
            } catch let e as JWTError {
                #expect(e.code == .decodingFailed)
                #expect(e.description.count < 400, "\(e.description.count) characters")
            }
        }
    }

    @Test func signInWithApple() throws {
        let payload = #"{"iss":"https://appleid.apple.com","aud":"com.example.app","exp":1700000600,"iat":1699999900,"sub":"001234.abcdef.0123","c_hash":"ch","email":"x@privaterelay.appleid.com","email_verified":"true","is_private_email":true,"auth_time":1699999900,"nonce_supported":true,"nonce":"abc123","real_user_status":2}"#
        let e = ClaimExpectations.signInWithApple(clientID: "com.example.app", nonce: "abc123", now: { Self.now })
        let jwt = try verify(payload, e)
        let apple = try jwt.decode(AppleIdentityClaims.self)
        #expect(apple.subject == "001234.abcdef.0123")
        #expect(apple.emailVerified == true && apple.isPrivateEmail == true && apple.nonceSupported == true)
        #expect(apple.realUserStatus == 2 && apple.codeHash == "ch" && apple.nonce == "abc123")
        T.expectCode(.audienceMismatch) {
            _ = try verify(payload, .signInWithApple(clientID: "com.other.app", nonce: "abc123", now: { Self.now }))
        }
        T.expectCode(.nonceMismatch) {
            _ = try verify(payload, .signInWithApple(clientID: "com.example.app", nonce: "other", now: { Self.now }))
        }
        let wrongIssuer = payload.replacingOccurrences(of: "https://appleid.apple.com", with: "https://evil.example")
        T.expectCode(.issuerMismatch) { _ = try verify(wrongIssuer, e) }
        let badBool = payload.replacingOccurrences(of: #""email_verified":"true""#, with: #""email_verified":"yes""#)
        T.expectCode(.decodingFailed) { _ = try verify(badBool, e).decode(AppleIdentityClaims.self) }
        let falseString = payload.replacingOccurrences(of: #""email_verified":"true""#, with: #""email_verified":"false""#)
        #expect(try verify(falseString, e).decode(AppleIdentityClaims.self).emailVerified == false)
    }
}
