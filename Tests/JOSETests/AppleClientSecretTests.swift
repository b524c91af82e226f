import Foundation
import Testing
import ECDSA
import TestSupport
@testable import JOSE

@Suite("Sign in with Apple client secret")
struct AppleClientSecretTests {
    static let p8 = "keys/generated/apple-style-AuthKey_TEST123456.p8"

    @Test func exactShapeAndVerifiesWithThePublicKey() throws {
        let apple = try AppleClientSecret(teamID: "TEAM123456", clientID: "com.example.service", keyID: "TEST123456",
                                          p8: try Vectors.text(Self.p8))
        let token = try apple.token(issuedAt: 1_700_000_000, lifetime: 86_400 * 180)
        let parts = token.split(separator: ".").map(String.init)
        #expect(String(decoding: try Base64URL.decode(parts[0]), as: UTF8.self) == #"{"alg":"ES256","kid":"TEST123456"}"#)
        #expect(String(decoding: try Base64URL.decode(parts[1]), as: UTF8.self)
                == #"{"iss":"TEAM123456","iat":1700000000,"exp":1715552000,"aud":"https://appleid.apple.com","sub":"com.example.service"}"#)
        #expect(try Base64URL.decode(parts[2]).count == 64)
        // Apple verifies it with the public key of the .p8 (here the .pub.pem next to it).
        let pub = try JWK(pemRepresentation: try Vectors.text("keys/generated/apple-style-AuthKey_TEST123456.pub.pem"), keyID: "TEST123456")
        let jwt = try JWTVerifier(key: pub, algorithms: [.es256]).verify(token, expecting: ClaimExpectations(
            issuer: "TEAM123456", audience: "https://appleid.apple.com", subject: "com.example.service", now: { 1_700_000_100 }))
        #expect(jwt.claimsObject.names == ["iss", "iat", "exp", "aud", "sub"])
        Vectors.report(Self.p8, cases: 1, detail: "client secret verified with the .pub.pem")
        // Same from a loaded key.
        let key = try P256.Signing.PrivateKey(pemRepresentation: try Vectors.text(Self.p8))
        let again = try AppleClientSecret(teamID: "TEAM123456", clientID: "com.example.service", keyID: "TEST123456", privateKey: key)
        #expect(try again.token(issuedAt: 1_700_000_000, lifetime: 60).split(separator: ".")[0] == parts[0])
    }

    @Test(arguments: [0, -1, 15_777_001, Int64.max] as [Int64])
    func lifetimeLimits(lifetime: Int64) throws {
        let apple = try AppleClientSecret(teamID: "T", clientID: "C", keyID: "K", p8: try Vectors.text(Self.p8))
        T.expectCode(.invalidClaim) { _ = try apple.token(issuedAt: 1_700_000_000, lifetime: lifetime) }
    }

    @Test func boundariesAndBadInput() throws {
        let apple = try AppleClientSecret(teamID: "T", clientID: "C", keyID: "K", p8: try Vectors.text(Self.p8))
        _ = try apple.token(issuedAt: 1_700_000_000, lifetime: 15_777_000)
        _ = try apple.token(issuedAt: 1_700_000_000, lifetime: 1)
        T.expectCode(.invalidClaim) { _ = try apple.token(issuedAt: -5, lifetime: 60) }
        T.expectCode(.invalidClaim) { _ = try AppleClientSecret(teamID: "", clientID: "C", keyID: "K", p8: try Vectors.text(Self.p8)) }
        T.expectCode(.invalidKey) { _ = try AppleClientSecret(teamID: "T", clientID: "C", keyID: "K", p8: try Vectors.text("keys/generated/p384-sec1.pem")) }
        T.expectCode(.invalidKey) { _ = try AppleClientSecret(teamID: "T", clientID: "C", keyID: "K", p8: "not a key") }
    }
}
