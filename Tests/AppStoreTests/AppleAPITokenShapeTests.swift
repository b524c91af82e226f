import Foundation
import Testing
import ECDSA
import JOSE
import TestSupport
@testable import AppStore

/// Splits a compact JWS, checks its ES256 signature with `publicKey`, and returns the header and payload text.
func openES256(_ token: String, publicKey: P256.Signing.PublicKey) throws -> (header: String, payload: String) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    #expect(parts.count == 3)
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: try Base64URL.decode(parts[2]))
    #expect(publicKey.isValidSignature(signature, for: Array("\(parts[0]).\(parts[1])".utf8)))
    return (String(decoding: try Base64URL.decode(parts[0]), as: UTF8.self),
            String(decoding: try Base64URL.decode(parts[1]), as: UTF8.self))
}

/// Apple's API tokens (App Store Server API, App Store Connect API, APNs) and StoreKit signatures, with the test key
/// of Apple's library (`Vectors/apple/certs/testSigningKey.p8`): exact header and claims, signature verified.
@Suite("App Store and APNs tokens")
struct AppleAPITokenShapeTests {
    static let p8File = "apple/certs/testSigningKey.p8"
    static func key(_ kid: String = "keyId") throws -> AppleAPIKey {
        try AppleAPIKey(keyID: kid, p8: try Vectors.text(p8File))
    }
    static func publicKey() throws -> P256.Signing.PublicKey {
        try P256.Signing.PrivateKey(pemRepresentation: try Vectors.text(p8File)).publicKey
    }

    @Test func appStoreServerAPIToken() throws {
        let maker = try AppStoreServerAPIToken(key: Self.key(), issuerID: "issuerId", bundleID: "com.example")
        let token = try maker.token(issuedAt: 1_700_000_000)
        let (h, p) = try openES256(token, publicKey: Self.publicKey())
        #expect(h == #"{"alg":"ES256","typ":"JWT","kid":"keyId"}"#)
        #expect(p == #"{"iss":"issuerId","iat":1700000000,"exp":1700000300,"aud":"appstoreconnect-v1","bid":"com.example"}"#)
        // The JOSE verifier accepts it with Apple's expectations.
        let pub = try JWK(pemRepresentation: try Self.publicKey().pemRepresentation, keyID: "keyId")
        let jwt = try JWTVerifier(key: pub, algorithms: [.es256]).verify(token, expecting: ClaimExpectations(
            issuer: "issuerId", audience: "appstoreconnect-v1", now: { 1_700_000_100 }))
        #expect(jwt.claimsObject["bid"] == .string("com.example"))
        Vectors.report(Self.p8File, cases: 1, detail: "App Store Server API token")
        // An hour is the limit.
        let long = try openES256(try maker.token(issuedAt: 1_700_000_000, lifetime: 3600), publicKey: Self.publicKey())
        #expect(long.payload.contains(#""exp":1700003600"#))
        for bad: Int64 in [0, -5, 3601, .max] {
            #expect(throws: AppStoreError(.invalidArgument)) { try maker.token(issuedAt: 1_700_000_000, lifetime: bad) }
        }
        #expect(throws: AppStoreError(.invalidArgument)) { try maker.token(issuedAt: -1) }
        #expect(throws: AppStoreError(.invalidArgument)) { try AppStoreServerAPIToken(key: Self.key(), issuerID: "", bundleID: "b") }
        #expect(throws: AppStoreError(.invalidArgument)) { try AppStoreServerAPIToken(key: Self.key(), issuerID: "i", bundleID: "com.ex\nample") }
    }

    @Test func appStoreConnectAPITokens() throws {
        let team = try AppStoreConnectAPIToken(key: Self.key("2X9R4HXF34"), issuer: .team(issuerID: "57246542-96fe-1a63-e053-0824d011072a"))
        let t1 = try openES256(try team.token(issuedAt: 1_528_407_600), publicKey: Self.publicKey())
        #expect(t1.header == #"{"alg":"ES256","typ":"JWT","kid":"2X9R4HXF34"}"#)
        #expect(t1.payload == #"{"iss":"57246542-96fe-1a63-e053-0824d011072a","iat":1528407600,"exp":1528408800,"aud":"appstoreconnect-v1"}"#)
        let scoped = try openES256(try team.token(issuedAt: 1_528_407_600, lifetime: 600, scope: ["GET /v1/apps?filter[platform]=IOS"]),
                                   publicKey: Self.publicKey())
        #expect(scoped.payload == #"{"iss":"57246542-96fe-1a63-e053-0824d011072a","iat":1528407600,"exp":1528408200,"aud":"appstoreconnect-v1","scope":["GET /v1/apps?filter[platform]=IOS"]}"#)
        let user = try AppStoreConnectAPIToken(key: Self.key("2X9R4HXF34"), issuer: .individual)
        let t2 = try openES256(try user.token(issuedAt: 1_528_407_600, lifetime: 60), publicKey: Self.publicKey())
        #expect(t2.payload == #"{"sub":"user","iat":1528407600,"exp":1528407660,"aud":"appstoreconnect-v1"}"#)
        for bad: Int64 in [0, 1201] {
            #expect(throws: AppStoreError(.invalidArgument)) { try team.token(issuedAt: 1_528_407_600, lifetime: bad) }
        }
        #expect(throws: AppStoreError(.invalidArgument)) { try team.token(issuedAt: 1_528_407_600, scope: []) }
        #expect(throws: AppStoreError(.invalidArgument)) { try AppStoreConnectAPIToken(key: Self.key(), issuer: .team(issuerID: "")) }
    }

    @Test func apnsProviderToken() throws {
        let maker = try APNsProviderToken(key: Self.key("ABC123DEFG"), teamID: "DEF123GHIJ")
        let t = try openES256(try maker.token(issuedAt: 1_437_179_036), publicKey: Self.publicKey())
        #expect(t.header == #"{"alg":"ES256","kid":"ABC123DEFG"}"#)
        #expect(t.payload == #"{"iss":"DEF123GHIJ","iat":1437179036}"#)
        #expect(throws: AppStoreError(.invalidArgument)) { try APNsProviderToken(key: Self.key(), teamID: "") }
    }

    @Test func badKeysAreRefusedWithTheirOwnCode() throws {
        #expect(throws: AppStoreError(.invalidKey)) { try AppleAPIKey(keyID: "K", p8: "not a key") }
        // A P-384 key is not an App Store key.
        let p384 = P384.Signing.PrivateKey().pemRepresentation
        #expect(throws: AppStoreError(.invalidKey)) { try AppleAPIKey(keyID: "K", p8: p384) }
        #expect(throws: AppStoreError(.invalidArgument)) { try AppleAPIKey(keyID: "", p8: try Vectors.text(Self.p8File)) }
    }

    @Test func promotionalOfferSignature() throws {
        let creator = PromotionalOfferSignatureCreator(key: try Self.key("keyId"), bundleID: "bundleId")
        let nonce = "20FBA6FE-3D16-4D5D-A1B4-5F2B0C5E3B6C"
        let token = "BAE2CE23-5B16-4D2A-8A64-1A0B7C1F7E55"
        let payload = try creator.payload(productID: "productId", offerID: "offerId", appAccountToken: token,
                                          nonce: nonce, timestamp: 1_698_148_900_000)
        #expect(payload == "bundleId\u{2063}keyId\u{2063}productId\u{2063}offerId\u{2063}bae2ce23-5b16-4d2a-8a64-1a0b7c1f7e55\u{2063}20fba6fe-3d16-4d5d-a1b4-5f2b0c5e3b6c\u{2063}1698148900000")
        let signature = try creator.signature(productID: "productId", offerID: "offerId", appAccountToken: token,
                                              nonce: nonce, timestamp: 1_698_148_900_000)
        let der = try #require(Data(base64Encoded: signature))
        let parsed = try P256.Signing.ECDSASignature(derRepresentation: Array(der))
        #expect(try Self.publicKey().isValidSignature(parsed, for: Array(payload.utf8)))
        #expect(!(try Self.publicKey().isValidSignature(parsed, for: Array((payload + "1").utf8))))
        // An empty account token is allowed (two separators in a row).
        #expect(try creator.payload(productID: "p", offerID: "o", appAccountToken: "", nonce: nonce, timestamp: 1)
                .contains("o\u{2063}\u{2063}20fba6fe"))
        #expect(throws: AppStoreError(.invalidArgument)) {
            try creator.signature(productID: "p", offerID: "o", appAccountToken: "", nonce: "not-a-uuid", timestamp: 1)
        }
        #expect(throws: AppStoreError(.invalidArgument)) {
            try creator.signature(productID: "p", offerID: "o", appAccountToken: "xyz", nonce: nonce, timestamp: 1)
        }
        #expect(throws: AppStoreError(.invalidArgument)) {
            try creator.signature(productID: "", offerID: "o", appAccountToken: "", nonce: nonce, timestamp: 1)
        }
        #expect(throws: AppStoreError(.invalidArgument)) {
            try creator.signature(productID: "p", offerID: "o", appAccountToken: "", nonce: nonce, timestamp: 0)
        }
    }

    struct InAppRequest: Encodable { let operation: String; let version: String }

    @Test func storeKitJWSSignatures() throws {
        let creator = try AppStoreJWSSignatureCreator(key: Self.key(), issuerID: "issuerId", bundleID: "bundleId",
                                                      nonce: { "3c0e5b5e-0f55-4a0f-9b0f-6e3f2b1f0a11" }, clock: { 1_700_000_000 })
        let base = #"{"nonce":"3c0e5b5e-0f55-4a0f-9b0f-6e3f2b1f0a11","iss":"issuerId","bid":"bundleId","#
        let promo = try openES256(try creator.promotionalOffer(productID: "productId", offerIdentifier: "offerId",
                                                               transactionID: "transactionId"), publicKey: Self.publicKey())
        #expect(promo.header == #"{"alg":"ES256","typ":"JWT","kid":"keyId"}"#)
        #expect(promo.payload == base + #""aud":"promotional-offer","iat":1700000000,"productId":"productId","offerIdentifier":"offerId","transactionId":"transactionId"}"#)
        let noTransaction = try openES256(try creator.promotionalOffer(productID: "productId", offerIdentifier: "offerId"),
                                          publicKey: Self.publicKey())
        #expect(!noTransaction.payload.contains("transactionId"))
        let intro = try openES256(try creator.introductoryOfferEligibility(productID: "productId", allowIntroductoryOffer: true,
                                                                           transactionID: "transactionId"), publicKey: Self.publicKey())
        #expect(intro.payload == base + #""aud":"introductory-offer-eligibility","iat":1700000000,"productId":"productId","allowIntroductoryOffer":true,"transactionId":"transactionId"}"#)
        let ac = try openES256(try creator.advancedCommerceInAppRequest(InAppRequest(operation: "CREATE_SUBSCRIPTION", version: "1")),
                               publicKey: Self.publicKey())
        // base64 of {"operation":"CREATE_SUBSCRIPTION","version":"1"}
        let expected = Data(#"{"operation":"CREATE_SUBSCRIPTION","version":"1"}"#.utf8).base64EncodedString()
        #expect(ac.payload == base + #""aud":"advanced-commerce-api","iat":1700000000,"request":""# + expected + #""}"#)
        // Fresh nonces are random version-4 UUIDs.
        let live = try AppStoreJWSSignatureCreator(key: Self.key(), issuerID: "i", bundleID: "b")
        let a = try openES256(try live.promotionalOffer(productID: "p", offerIdentifier: "o"), publicKey: Self.publicKey())
        let b = try openES256(try live.promotionalOffer(productID: "p", offerIdentifier: "o"), publicKey: Self.publicKey())
        let nonceA = try #require(try JSONValue(parsing: a.payload)["nonce"]?.stringValue)
        let nonceB = try #require(try JSONValue(parsing: b.payload)["nonce"]?.stringValue)
        #expect(nonceA != nonceB)
        #expect(canonicalUUID(nonceA) == nonceA)
        #expect(Array(nonceA.utf8)[14] == UInt8(ascii: "4"))
        #expect(throws: AppStoreError(.invalidArgument)) { try creator.introductoryOfferEligibility(productID: "p", allowIntroductoryOffer: false, transactionID: "") }
    }

    @Test func base64MatchesFoundation() {
        var rng = SplitMix64(seed: 27)
        for n in 0..<70 {
            let bytes = rng.bytes(n)
            #expect(base64(bytes) == Data(bytes).base64EncodedString())
        }
    }
}
