/// The key of a ``BoundedCache`` entry made from bytes: compared as whole byte strings (a hit is only ever the very
/// bytes the entry was made from) and hashed in one pass over the raw bytes.
package struct ExactBytes: Hashable, Sendable {
    package let bytes: [UInt8]
    package init(_ bytes: [UInt8]) { self.bytes = bytes }
    package static func == (a: ExactBytes, b: ExactBytes) -> Bool { a.bytes == b.bytes }
    package func hash(into h: inout Hasher) {
        h.combine(bytes.count)
        bytes.withUnsafeBytes { h.combine(bytes: $0) }
    }
}

/// A certificate whose signature verified with an issuer's key: the certificate's whole DER and the issuer's whole
/// SubjectPublicKeyInfo DER, both compared byte for byte (the key of ``CertificateVerifier``'s remembered
/// signatures). Exact bytes rather than a digest: equality then rests on no hash function, a lookup costs a SipHash
/// and a compare instead of a SHA-256 over a kilobyte, and the arrays are the certificates' own (shared, not copied).
package struct SignedBy: Hashable, Sendable {
    package let certificate: [UInt8]
    package let issuerKey: [UInt8]
    package init(certificate: [UInt8], issuerKey: [UInt8]) {
        self.certificate = certificate
        self.issuerKey = issuerKey
    }
    package static func == (a: SignedBy, b: SignedBy) -> Bool { a.certificate == b.certificate && a.issuerKey == b.issuerKey }
    package func hash(into h: inout Hasher) {
        h.combine(certificate.count)
        certificate.withUnsafeBytes { h.combine(bytes: $0) }
        h.combine(issuerKey.count)
        issuerKey.withUnsafeBytes { h.combine(bytes: $0) }
    }
}

/// The cache of public keys ready to verify (``Certificate/PublicKey``): by the exact SubjectPublicKeyInfo DER.
package typealias PreparedKeyCache<Value: Sendable> = BoundedCache<[UInt8], Value>

#if !hasFeature(Embedded)
/// A bounded cache of values made from bytes, keyed by those exact bytes (a value is only ever returned for the very
/// bytes it was made from), safe to share between threads and tasks. When full, the oldest entry is dropped. Used
/// for the public keys (issuers' and leaves'), the remembered certificate signatures and the parsed certificates of
/// ``CertificateVerifier``; copies of a verifier share one cache.
///
/// In Embedded Swift, which has no C library lock here (Lock.swift), the cache holds nothing (``capacity`` is 0)
/// and every key is prepared for its signature.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    struct State {
        var values: [Key: Value] = [:]
        /// Keys in insertion order; `values` holds exactly these.
        var order: [Key] = []
        var oldest = 0
    }
    private let state = Lock(State())
    /// The most entries kept.
    package let capacity: Int

    package init(capacity: Int) { self.capacity = max(0, capacity) }

    /// The value kept for exactly `key`, if any.
    package func value(for key: Key) -> Value? {
        guard capacity > 0 else { return nil }
        return state.withLock { $0.values[key] }
    }

    /// Keeps `value` for `key`, dropping the oldest entry when full.
    package func insert(_ value: Value, for key: Key) {
        guard capacity > 0 else { return }
        state.withLock { s in
            if s.values[key] != nil { s.values[key] = value; return }
            if s.order.count < capacity {
                s.order.append(key)
            } else {
                s.values[s.order[s.oldest]] = nil
                s.order[s.oldest] = key
                s.oldest = (s.oldest + 1) % capacity
            }
            s.values[key] = value
        }
    }

    /// How many entries are kept.
    package var count: Int { state.withLock { $0.values.count } }
}
#else
/// Embedded Swift has no lock here (Lock.swift is not compiled): this cache keeps nothing, so every key is prepared for its
/// signature, every certificate signature is verified and every certificate parsed on every call (the trust roots'
/// keys are still prepared once, by ``CertificateVerifier``).
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    package var capacity: Int { 0 }
    package init(capacity: Int) {}
    package func value(for key: Key) -> Value? { nil }
    package func insert(_ value: Value, for key: Key) {}
    package var count: Int { 0 }
}
#endif
