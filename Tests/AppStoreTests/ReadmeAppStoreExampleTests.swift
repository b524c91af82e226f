import Foundation
import Testing
import ECDSA
import JOSE
import TestSupport
import AppStore

/// Keeps the App Store DocC article's example honest (Sources/AppStore/AppStore.docc/TokensSignaturesAndNotifications.md):
/// the statements between the markers are the article's code block, compiled and run here with Apple's test key; a
/// second test checks the article shows exactly these lines.
@Suite("README App Store example")
struct ReadmeAppStoreExampleTests {
    static func example(p8Text: String, now: Int64) async throws -> (bearer: String, authorization: String, offer: String) {
        // BEGIN README APP STORE
        let key = try AppleAPIKey(keyID: "ABCDEFGHIJ", p8: p8Text)   // the text of SubscriptionKey_ABCDEFGHIJ.p8

        // App Store Server API: "Authorization: Bearer \(bearer)", valid 5 minutes.
        let api = try AppStoreServerAPIToken(key: key, issuerID: "57246542-96fe-1a63-e053-0824d011072a", bundleID: "com.example")
        let bearer = try api.token(issuedAt: now)

        // APNs: one provider token shared by every request, replaced every 50 minutes.
        let apns = try APNsProviderTokenCache(APNsProviderToken(key: key, teamID: "TEAM123456"))
        let authorization = "bearer " + (try await apns.current())

        // A StoreKit 2 promotional offer, signed for the app to pass to Product.purchase(options:).
        let offers = try AppStoreJWSSignatureCreator(key: key, issuerID: "57246542-96fe-1a63-e053-0824d011072a", bundleID: "com.example")
        let offer = try offers.promotionalOffer(productID: "com.example.monthly", offerIdentifier: "WINBACK1", transactionID: "2000000123456789")
        // END README APP STORE
        return (bearer, authorization, offer)
    }

    static func lines() throws -> [String] {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let me = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let body = try #require(me.components(separatedBy: "// BEGIN README APP STORE\n").dropFirst().first?
            .components(separatedBy: "        // END README APP STORE").first)
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.dropFirst(8)) }
    }

    @Test func exampleMakesTokensThatVerify() async throws {
        let p8 = try Vectors.text("apple/certs/testSigningKey.p8")
        let (bearer, authorization, offer) = try await Self.example(p8Text: p8, now: 1_700_000_000)
        let pub = try JWK(pemRepresentation: try P256.Signing.PrivateKey(pemRepresentation: p8).publicKey.pemRepresentation, keyID: "ABCDEFGHIJ")
        let jwt = try JWTVerifier(key: pub, algorithms: [.es256]).verify(bearer, expecting: ClaimExpectations(
            issuer: "57246542-96fe-1a63-e053-0824d011072a", audience: "appstoreconnect-v1", now: { 1_700_000_060 }))
        #expect(jwt.claimsObject["bid"] == .string("com.example"))
        #expect(authorization.hasPrefix("bearer ey") && authorization.split(separator: ".").count == 3)
        let claims = try decodeUnverified(offer).claims
        #expect(claims["aud"] == .string("promotional-offer") && claims["offerIdentifier"] == .string("WINBACK1"))
        Vectors.report("apple/certs/testSigningKey.p8", cases: 1, detail: "README App Store example")
    }

    @Test func articleShowsExactlyTheseLines() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let readme = try String(contentsOf: root.appendingPathComponent(
            "Sources/AppStore/AppStore.docc/TokensSignaturesAndNotifications.md"), encoding: .utf8)
        let block = "```swift\nimport AppStore\n\n" + (try Self.lines()).joined(separator: "\n") + "```\n"
        #expect(readme.contains(block))
    }
}
