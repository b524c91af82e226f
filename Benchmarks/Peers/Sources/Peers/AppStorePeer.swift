// The peer side of the App Store row (issue 27). Apple's app-store-server-library-swift is not among this machine's
// package copies, so this does what it does with the same parts it is built on: jwt-kit's X5CVerifier
// (swift-certificates underneath) validates the x5c chain to the pinned root at the payload's signedDate with
// RFC 5280's policy plus Apple's marker OIDs (leaf 1.2.840.113635.100.6.11.1, intermediate 1.2.840.113635.100.6.2.1),
// verifies the ES256 signature with the leaf's key and decodes the transaction's fields; bundle ID and environment
// are compared after. Imports no PureJOSE module (type names overlap).
import Foundation
import JWTKit
import SwiftASN1
import X509

enum AppStorePeer {
    /// Apple's checks on the chain beyond RFC 5280: the marker extensions on the leaf and the intermediate.
    struct AppleMarkerOIDPolicy: VerifierPolicy {
        static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
        static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]
        let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

        func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
            guard chain.count == 3 else { return .failsToMeetPolicy(reason: "the chain is not three certificates") }
            guard chain[0].extensions[oid: Self.leafMarker] != nil else {
                return .failsToMeetPolicy(reason: "the leaf lacks Apple's marker extension")
            }
            guard chain[1].extensions[oid: Self.intermediateMarker] != nil else {
                return .failsToMeetPolicy(reason: "the intermediate lacks Apple's marker extension")
            }
            return .meetsPolicy
        }
    }

    /// The transaction fields Apple documents (those PureJOSE's `JWSTransactionDecodedPayload` decodes); dates are
    /// milliseconds since 1970.
    struct Transaction: JWTPayload {
        var originalTransactionId: String?
        var transactionId: String?
        var webOrderLineItemId: String?
        var bundleId: String?
        var productId: String?
        var subscriptionGroupIdentifier: String?
        var purchaseDate: Int64?
        var originalPurchaseDate: Int64?
        var expiresDate: Int64?
        var quantity: Int32?
        var type: String?
        var appAccountToken: String?
        var inAppOwnershipType: String?
        var signedDate: Int64?
        var revocationReason: Int32?
        var revocationDate: Int64?
        var isUpgraded: Bool?
        var offerType: Int32?
        var offerIdentifier: String?
        var environment: String?
        var storefront: String?
        var storefrontId: String?
        var transactionReason: String?
        var currency: String?
        var price: Int64?
        var offerDiscountType: String?
        var appTransactionId: String?
        var offerPeriod: String?

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// Verifies and decodes the transaction at its signedDate; true only for Apple's mock payload.
    static func transactionVerifier(root: [UInt8], signed: String, cold: Bool = false) throws -> () async -> Bool {
        let r = try Certificate(derEncoded: root)
        let kept = try X5CVerifier(rootCertificates: [r])
        // The payload's signedDate, read as Apple's library does before validating (the chain is checked at it).
        let parts = signed.split(separator: ".")
        guard parts.count == 3, let body = Data(base64URL: String(parts[1])),
              let json = try JSONSerialization.jsonObject(with: body) as? [String: Any],
              let ms = json["signedDate"] as? Double else { return { false } }
        let signedDate = Date(timeIntervalSince1970: ms / 1000)
        let token = Array(signed.utf8)
        return {
            // Cold: a verifier made for each transaction.
            guard let verifier = cold ? try? X5CVerifier(rootCertificates: [r]) : kept,
                  let t = try? await verifier.verifyJWS(token, as: Transaction.self, jsonDecoder: JSONDecoder(),
                                                         validationTime: .fixed(signedDate), policy: { AppleMarkerOIDPolicy() })
            else { return false }
            return t.bundleId == "com.example" && t.environment == "Sandbox" && t.signedDate == 1_672_956_154_000
        }
    }
}

extension Data {
    /// Base64url without padding, as JWS parts are.
    init?(base64URL s: String) {
        var b = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while b.count % 4 != 0 { b += "=" }
        self.init(base64Encoded: b)
    }
}
