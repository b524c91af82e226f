import Testing
@testable import JOSE

/// Issue 20: NumericDate accepts I-JSON's interoperable range, |value| ≤ 2⁵³ − 1, with fractions; a negative `exp`
/// is long expired; anything outside is refused with a reason naming the range.
@Suite("NumericDate range")
struct NumericDateRangeTests {
    static let key = [UInt8](repeating: 0x61, count: 32)
    static let now: Double = 1_700_000_000

    func verify(_ payload: String) throws -> VerifiedJWT {
        let token = T.hmacToken(header: #"{"alg":"HS256"}"#, payload: payload, key: Self.key)
        return try JWTVerifier(key: JWK(symmetricKey: Self.key), algorithms: [.hs256])
            .verify(token, expecting: ClaimExpectations(now: { Self.now }))
    }

    /// jwt-kit 5.8.0's own valid fixtures use these far-future expirations.
    @Test(arguments: ["999999999999", "99999999999999", "9007199254740991", "9007199254740991.0", "1800000000.25",
                      "4e15", "253402300800"])
    func farFutureExpirationVerifies(exp: String) throws {
        let jwt = try verify(#"{"exp":\#(exp)}"#)
        #expect(jwt.claims.expiresAt == Double(exp))
    }

    @Test(arguments: ["-1", "-0.5", "0", "-9007199254740991", "1699999999.999"])
    func pastOrNegativeExpirationIsExpired(exp: String) {
        T.expectCode(.expired, exp) { _ = try verify(#"{"exp":\#(exp)}"#) }
    }

    @Test(arguments: ["9007199254740992", "-9007199254740992", "9007199254740991.5", "1e16", "-1e300",
                      "99999999999999999999999", "9223372036854775807", "-9223372036854775808"])
    func outsideTheRangeIsRefusedNamingIt(value: String) {
        for claim in ["exp", "nbf", "iat"] {
            let payload = claim == "exp" ? #"{"exp":\#(value)}"# : #"{"exp":1800000000,"\#(claim)":\#(value)}"#
            do {
                _ = try verify(payload)
                Issue.record("\(claim) = \(value) accepted")
            } catch let e as JWTError {
                #expect(e.code == .invalidClaim)
                #expect(e.reason.contains("outside the NumericDate range −(2^53−1) … 2^53−1"), "\(e.reason)")
                #expect(e.reason.contains("\"\(claim)\""))
            } catch { Issue.record("\(error)") }
        }
    }

    @Test func negativeNotBeforeAndIssuedAtArePast() throws {
        let jwt = try verify(#"{"exp":1800000000,"nbf":-86400,"iat":-9007199254740991}"#)
        #expect(jwt.claims.notBefore == -86400)
        #expect(jwt.claims.issuedAt == -9_007_199_254_740_991)
        #expect(RegisteredClaims.maximumNumericDate == 9_007_199_254_740_991)
        #expect(RegisteredClaims.minimumNumericDate == -RegisteredClaims.maximumNumericDate)
    }
}
