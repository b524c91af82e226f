// The public API over the internal algorithms: keys of a parameter set chosen at run time (`AnyMLDSAPublicKey`,
// `AnyMLDSAPrivateKey`, what JOSE and X.509 use when the level comes from `alg` or an OID) and, over them, the
// CryptoKit-shaped per-level types `MLDSA44`, `MLDSA65`, `MLDSA87` (`MLDSA65.PrivateKey(seedRepresentation:)`,
// `.publicKey.rawRepresentation`, `signature(for:context:)`, `isValidSignature(_:for:context:)`).

import ConstantTime
import SHA3

func withContiguousBytes<R>(_ data: some Sequence<UInt8>, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    if let r = data.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return r }
    let copy = Array(data)
    return copy.withUnsafeBytes { body($0) }
}

func hexString(_ bytes: [UInt8]) -> String {
    let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
    var s = ""
    for b in bytes.prefix(16) { s.append(digits[Int(b >> 4)]); s.append(digits[Int(b & 15)]) }
    return s
}

/// An ML-DSA public key of any of the three levels (FIPS 204 pkEncode: ρ ‖ t1).
///
/// Verification is pure ML-DSA (FIPS 204 Algorithm 3) with a context string of at most 255 bytes (empty by
/// default), or, given an external μ, Verify_internal. Malformed signatures — a wrong length, a hint encoding FIPS 204
/// Algorithm 21 refuses, ‖z‖∞ ≥ γ1 − β — and contexts over 255 bytes give `false`.
public struct AnyMLDSAPublicKey: Sendable, Hashable, CustomStringConvertible {
    let storage: PublicKeyStorage

    init(storage: PublicKeyStorage) { self.storage = storage }

    /// The public key of `parameters` encoded as FIPS 204 pkEncode (1312, 1952 or 2592 bytes). Every byte string of
    /// that length is a public key.
    public init(parameters: MLDSAParameters, rawRepresentation: some Collection<UInt8>) throws(MLDSAError) {
        let bytes = Array(rawRepresentation)
        guard bytes.count == parameters.publicKeyByteCount else {
            throw MLDSAError.make(
                .invalidKeyLength,
                "an \(parameters.name) public key is \(parameters.publicKeyByteCount) bytes, not \(bytes.count)")
        }
        storage = PublicKeyStorage(encoded: bytes, params: parameters)
    }

    /// The parameter set.
    public var parameters: MLDSAParameters { storage.params }
    /// pkEncode: ρ ‖ SimpleBitPack(t1, 10).
    public var rawRepresentation: [UInt8] { storage.encoded }

    /// μ = SHAKE256(SHAKE256(pk, 64) ‖ 0 ‖ |ctx| ‖ ctx ‖ M, 64): the message representative of pure ML-DSA, for
    /// signing or verifying with an external μ. Throws `contextTooLong` above 255 bytes of context.
    public func mu(for data: some Sequence<UInt8>, context: some Collection<UInt8>) throws(MLDSAError) -> [UInt8] {
        let ctx = Array(context)
        guard ctx.count <= 255 else {
            throw MLDSAError.make(.contextTooLong, "an ML-DSA context is at most 255 bytes, not \(ctx.count)")
        }
        return ctx.withUnsafeBytes { c in withContiguousBytes(data) { m in computeMu(tr: storage.tr, context: c, message: m) } }
    }

    /// Whether `signature` is a valid pure ML-DSA signature of `data` with the empty context.
    public func isValidSignature(_ signature: some Collection<UInt8>, for data: some Sequence<UInt8>) -> Bool {
        isValidSignature(signature, for: data, context: [UInt8]())
    }

    /// Whether `signature` is a valid pure ML-DSA signature of `data` under `context` (false above 255 bytes).
    public func isValidSignature(
        _ signature: some Collection<UInt8>, for data: some Sequence<UInt8>, context: some Collection<UInt8>
    ) -> Bool {
        guard let mu = try? mu(for: data, context: context) else { return false }
        return isValidSignature(signature, forMu: mu)
    }

    /// Verify_internal with an external μ (64 bytes; any other length gives `false`).
    public func isValidSignature(_ signature: some Collection<UInt8>, forMu mu: some Collection<UInt8>) -> Bool {
        let sig = Array(signature)
        let m = Array(mu)
        return sig.withUnsafeBytes { s in m.withUnsafeBytes { storage.verify(signature: s, mu: $0) } }
    }

    public static func == (a: AnyMLDSAPublicKey, b: AnyMLDSAPublicKey) -> Bool {
        a.storage.params == b.storage.params && a.storage.encoded == b.storage.encoded
    }
    public func hash(into h: inout Hasher) { h.combine(storage.encoded) }

    public var description: String { "\(storage.params.name) public key \(hexString(storage.tr))…" }
}

/// An ML-DSA private key of any of the three levels, kept as its 32-byte seed ξ (FIPS 204 Algorithm 6) when it was
/// made from one, with the expanded key derived once.
///
/// Signing is hedged by default (FIPS 204 Algorithm 2 with 32 fresh bytes from `SystemRandomNumberGenerator`),
/// deterministic on request (rnd = 0³²). Pure ML-DSA, empty context by default; a context of up to 255 bytes.
public struct AnyMLDSAPrivateKey: Sendable, CustomStringConvertible {
    let secret: SecretStorage
    let seed: [UInt8]?

    /// A new key of `parameters` from a fresh seed.
    public init(parameters: MLDSAParameters) {
        var rng = SystemRandomNumberGenerator()
        var s = [UInt8](repeating: 0, count: 32)
        for i in 0..<4 {
            let w = rng.next()
            for b in 0..<8 { s[i * 8 + b] = UInt8(truncatingIfNeeded: w >> UInt64(8 * b)) }
        }
        seed = s
        secret = s.withUnsafeBytes { SecretStorage.generate(seed: $0, params: parameters) }
    }

    /// The key of `parameters` generated from the 32-byte seed ξ (FIPS 204 ML-DSA.KeyGen_internal).
    public init(parameters: MLDSAParameters, seedRepresentation: some Collection<UInt8>) throws(MLDSAError) {
        let s = Array(seedRepresentation)
        guard s.count == 32 else {
            throw MLDSAError.make(.invalidKeyLength, "an ML-DSA seed is 32 bytes, not \(s.count)")
        }
        seed = s
        secret = s.withUnsafeBytes { SecretStorage.generate(seed: $0, params: parameters) }
    }

    /// A key given only as its FIPS 204 expanded encoding (skEncode; 2560, 4032 or 4896 bytes), as NIST's ACVP files
    /// and some older systems carry it. Checked: s1 and s2 within [−η, η], t0 and tr recomputed from ρ, s1 and s2.
    /// Such a key has no ``seedRepresentation``.
    public init(parameters: MLDSAParameters, expandedRepresentation: some Collection<UInt8>) throws(MLDSAError) {
        let bytes = Array(expandedRepresentation)
        guard bytes.count == parameters.expandedPrivateKeyByteCount else {
            throw MLDSAError.make(
                .invalidKeyLength,
                "an \(parameters.name) expanded private key is \(parameters.expandedPrivateKeyByteCount) bytes, not \(bytes.count)")
        }
        guard let s = SecretStorage.decode(expanded: bytes, params: parameters) else {
            throw MLDSAError.make(.invalidPrivateKey, "the expanded \(parameters.name) private key is malformed or inconsistent")
        }
        seed = nil
        secret = s
    }

    /// The parameter set.
    public var parameters: MLDSAParameters { secret.params }
    /// The public key.
    public var publicKey: AnyMLDSAPublicKey { AnyMLDSAPublicKey(storage: secret.publicKey) }
    /// The 32-byte seed ξ, or nil for a key imported in the expanded form.
    public var seedRepresentation: [UInt8]? { seed }
    /// The FIPS 204 expanded encoding (skEncode: ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0).
    public var expandedRepresentation: [UInt8] { secret.encoded() }

    /// A hedged pure ML-DSA signature of `data` with the empty context.
    public func signature(for data: some Sequence<UInt8>) -> [UInt8] {
        // The empty context cannot be refused.
        (try? signature(for: data, context: [UInt8]())) ?? []
    }

    /// A hedged pure ML-DSA signature of `data` under `context` (at most 255 bytes).
    public func signature(for data: some Sequence<UInt8>, context: some Collection<UInt8>) throws(MLDSAError) -> [UInt8] {
        var rng = SystemRandomNumberGenerator()
        var rnd = [UInt8](repeating: 0, count: 32)
        for i in 0..<4 {
            let w = rng.next()
            for b in 0..<8 { rnd[i * 8 + b] = UInt8(truncatingIfNeeded: w >> UInt64(8 * b)) }
        }
        return try signature(for: data, context: context, randomness: rnd)
    }

    /// The deterministic pure ML-DSA signature of `data` under `context` (FIPS 204's deterministic variant, rnd = 0³²):
    /// the same bytes every time.
    public func deterministicSignature(
        for data: some Sequence<UInt8>, context: some Collection<UInt8> = [UInt8]()
    ) throws(MLDSAError) -> [UInt8] {
        try signature(for: data, context: context, randomness: [UInt8](repeating: 0, count: 32))
    }

    /// A pure ML-DSA signature with the caller's 32 bytes of `randomness` (rnd of FIPS 204 Algorithm 2; all zero for
    /// the deterministic variant). For known-answer tests and for callers with their own random source.
    public func signature(
        for data: some Sequence<UInt8>, context: some Collection<UInt8>, randomness: some Collection<UInt8>
    ) throws(MLDSAError) -> [UInt8] {
        let mu = try publicKey.mu(for: data, context: context)
        return try signature(forMu: mu, randomness: randomness)
    }

    /// Sign_internal with an external μ (64 bytes, see ``AnyMLDSAPublicKey/mu(for:context:)``) and 32 bytes of
    /// randomness.
    public func signature(forMu mu: some Collection<UInt8>, randomness: some Collection<UInt8>) throws(MLDSAError) -> [UInt8] {
        let m = Array(mu)
        guard m.count == 64 else { throw MLDSAError.make(.invalidMuLength, "μ is 64 bytes, not \(m.count)") }
        var r = Array(randomness)
        guard r.count == 32 else {
            throw MLDSAError.make(.invalidRandomnessLength, "ML-DSA signing randomness is 32 bytes, not \(r.count)")
        }
        defer { for i in 0..<r.count { r[i] = 0 } }
        return m.withUnsafeBytes { mp in r.withUnsafeBytes { secret.sign(mu: mp, rnd: $0) } }
    }

    public var description: String { "\(secret.params.name) private key (public key \(hexString(secret.tr))…)" }
}
