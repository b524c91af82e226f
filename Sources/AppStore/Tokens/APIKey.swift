import DER
import ECDSA
import JOSE

/// An App Store Connect / In-App Purchase / APNs key: the `.p8` file Apple hands out (PEM `PRIVATE KEY`, PKCS#8,
/// P-256) and its key ID. Shared by every token and signature maker in this module.
public struct AppleAPIKey: Sendable {
    /// The key ID (`kid`), the ten characters in `AuthKey_<kid>.p8`.
    public let keyID: String
    let privateKey: P256.Signing.PrivateKey
    let signer: JWTSigner

    /// With a loaded P-256 key.
    public init(keyID: String, privateKey: P256.Signing.PrivateKey) throws(AppStoreError) {
        try requireText(keyID, "key ID")
        self.keyID = keyID
        self.privateKey = privateKey
        do { signer = try JWTSigner(key: privateKey, keyID: keyID) } catch {
            throw .make(.invalidKey, "the key cannot sign ES256: \(error)")
        }
    }

    /// With the text of the `.p8` file.
    public init(keyID: String, p8 pem: String) throws(AppStoreError) {
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(pemRepresentation: pem) } catch {
            // Name what the file holds when it is a readable key of another kind (an RSA or Ed25519 key is not
            // "(unsupportedCurve)"); the parser's code otherwise.
            if let kind = PKCS8PrivateKeyInfo.keyKind(pemString: pem), !kind.hasSuffix("P-256 key") {
                throw .make(.invalidKey, "the .p8 text is not a P-256 private key: it holds \(kind)")
            }
            throw .make(.invalidKey, "the .p8 text is not a P-256 private key (\(error.code))")
        }
        try self.init(keyID: keyID, privateKey: key)
    }

    /// An ES256 JWT of `claims` with the header `{"alg":"ES256","typ":"JWT","kid":…}` (or without `typ`).
    func sign(_ claims: some Encodable, type: String?) throws(AppStoreError) -> String {
        do { return try signer.sign(claims, header: .init(type: type)) } catch {
            throw .make(.signingFailed, "\(error)")
        }
    }
}

/// Refuses an empty or non-printable identifier (it would make a token Apple refuses with a vague 401).
func requireText(_ value: String, _ name: String) throws(AppStoreError) {
    guard !value.isEmpty else { throw .make(.invalidArgument, "the \(name) is empty") }
    for scalar in value.unicodeScalars where scalar.value < 0x20 || scalar.value == 0x7F {
        throw .make(.invalidArgument, "the \(name) contains a control character (U+\(String(scalar.value, radix: 16, uppercase: true)))")
    }
}

/// Issued-at times must be NumericDates a verifier accepts (0 … 9999-12-31).
func requireIssuedAt(_ iat: Int64, lifetime: Int64 = 0) throws(AppStoreError) {
    guard iat >= 0 && iat <= 253_402_300_799 - lifetime else {
        throw .make(.invalidArgument, "issuedAt \(iat) is outside the NumericDate range")
    }
}
