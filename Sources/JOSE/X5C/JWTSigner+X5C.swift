// Hosted only (signing): outside the Embedded Swift subset of JOSE.
// Scripts/check-embedded.sh, build-wasm.sh and build-armv7em.sh compile every file of Sources/JOSE; this
// condition is what leaves this one out.
#if !hasFeature(Embedded)
import PureX509

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
        let entries = chain.map { JSONValue.string(StandardBase64.encode($0.derEncoded)) }
        return try JWTSigner(checked: key, algorithm: algorithm, keyID: keyID, x5c: .array(entries))
    }
}

extension StandardBase64 {
    /// Padded standard base64 (RFC 4648 §4).
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = UInt32(bytes[i]) << 16
            if n > 1 { v |= UInt32(bytes[i + 1]) << 8 }
            if n > 2 { v |= UInt32(bytes[i + 2]) }
            out.append(alphabet[Int(v >> 18)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(n > 1 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(n > 2 ? alphabet[Int(v & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
#endif  // !hasFeature(Embedded)
