// Hosted only (signing): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
import PureX509
import SharedPrimitives

extension JWTSigner {
    /// This signer, writing `chain` into every header as `x5c` (RFC 7515 §4.1.6: standard base64 DER, leaf first),
    /// after `kid`. The leaf must certify this signer's public key — a chain for another key is refused with
    /// `keyMismatch` — and an HMAC signer has no certificate (`unsupportedKey`). The chain itself is not validated
    /// here: the receiving ``X5CVerifier`` does that against its own pinned roots.
    public func withCertificateChain(_ chain: [Certificate]) throws(JWTError) -> JWTSigner {
        guard let leaf = chain.first else { throw signingError(.malformedToken, "an x5c certificate chain needs at least the leaf") }
        if case .hmac = key { throw signingError(.unsupportedKey, "an HMAC (oct) key has no certificate; x5c needs an asymmetric key") }
        let mine = try JWKPrivateKey(material: key, keyID: nil, algorithm: nil).publicPart
        let certified: JWK
        do { certified = try JWK(derRepresentation: leaf.subjectPublicKeyInfoBytes) } catch let e {
            throw signingError(.keyMismatch, "the leaf certificate's key is not one this signer could hold: \(e.reason)")
        }
        guard certified.thumbprintInput == mine.thumbprintInput else {
            throw signingError(.keyMismatch, "the leaf certificate (\(oneLine(leaf.subject.description))) certifies another key than this signer's")
        }
        let entries = chain.map { JSONValue.string(Base64.encode($0.derEncoded, alphabet: .standard, padded: true)) }
        return try JWTSigner(checked: key, algorithm: algorithm, keyID: keyID, x5c: .array(entries))
    }
}
#endif
