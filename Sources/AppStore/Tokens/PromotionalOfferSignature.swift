import ECDSA
import SHA2
import SharedPrimitives

/// The signature StoreKit 1 / the original promotional offers take (`SKPaymentDiscount.signature`): ECDSA P-256 with
/// SHA-256 over `bundleID ⁣ keyID ⁣ productID ⁣ offerID ⁣ appAccountToken ⁣ nonce ⁣ timestamp` joined by U+2063
/// (INVISIBLE SEPARATOR), DER-encoded and base64-encoded (standard alphabet, padded) — Apple's
/// `PromotionalOfferSignatureCreator`.
///
/// ```swift
/// let offers = PromotionalOfferSignatureCreator(key: try AppleAPIKey(keyID: "ABCDEFGHIJ", p8: p8Text), bundleID: "com.example")
/// let signature = try offers.signature(productID: "com.example.monthly", offerID: "WINBACK1",
///                                      appAccountToken: "", nonce: uuid, timestamp: nowMilliseconds)
/// ```
public struct PromotionalOfferSignatureCreator: Sendable {
    public let key: AppleAPIKey
    public let bundleID: String

    public init(key: AppleAPIKey, bundleID: String) {
        self.key = key
        self.bundleID = bundleID
    }

    /// The text that is signed (fields joined by U+2063; the account token and nonce lowercased, as StoreKit does).
    public func payload(productID: String, offerID: String, appAccountToken: String, nonce: String,
                        timestamp: Int64) throws(AppStoreError) -> String {
        try requireText(bundleID, "bundle ID")
        try requireText(productID, "product ID")
        try requireText(offerID, "offer ID")
        guard let n = canonicalUUID(nonce) else {
            throw .make(.invalidArgument, "the nonce must be a UUID (8-4-4-4-12 hexadecimal digits)")
        }
        var token = ""
        if !appAccountToken.isEmpty {
            guard let t = canonicalUUID(appAccountToken) else {
                throw .make(.invalidArgument, "the app account token must be a UUID or empty")
            }
            token = t
        }
        guard timestamp > 0 else { throw .make(.invalidArgument, "the timestamp (milliseconds since 1970) must be positive") }
        let separator = "\u{2063}"
        return [bundleID, key.keyID, productID, offerID, token, n, String(timestamp)].joined(separator: separator)
    }

    /// The base64 DER ECDSA signature of ``payload(productID:offerID:appAccountToken:nonce:timestamp:)``.
    /// `timestamp` is in milliseconds since 1970; StoreKit accepts it for 24 hours.
    public func signature(productID: String, offerID: String, appAccountToken: String, nonce: String,
                          timestamp: Int64) throws(AppStoreError) -> String {
        let text = try payload(productID: productID, offerID: offerID, appAccountToken: appAccountToken, nonce: nonce,
                               timestamp: timestamp)
        let signature: P256.Signing.ECDSASignature
        do { signature = try key.privateKey.signature(for: Array(text.utf8)) } catch {
            throw .make(.signingFailed, "ECDSA signing failed (\(error.code))")
        }
        return base64(signature.derRepresentation)
    }
}

/// A UUID in lowercase text form, or nil if `text` is not 8-4-4-4-12 hexadecimal digits.
func canonicalUUID(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return nil }
    var out = [UInt8]()
    out.reserveCapacity(36)
    for (i, b) in bytes.enumerated() {
        if i == 8 || i == 13 || i == 18 || i == 23 {
            guard b == UInt8(ascii: "-") else { return nil }
            out.append(b)
        } else {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): out.append(b)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): out.append(b + 32)
            default: return nil
            }
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// A random (version 4) UUID in lowercase text form.
func randomUUID() -> String {
    var g = SystemRandomNumberGenerator()
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &g) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return Hex.encode(bytes, separatedAt: [4, 6, 8, 10])
}

/// Standard base64 (RFC 4648 §4) with padding.
func base64(_ bytes: [UInt8]) -> String {
    Base64.encode(bytes, alphabet: .standard, padded: true)
}
