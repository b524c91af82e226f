// MLDSA44, MLDSA65, MLDSA87: the per-level key types, in CryptoKit's shape, as thin typed wrappers over
// AnyMLDSAPublicKey / AnyMLDSAPrivateKey (a key of one level cannot be passed where another level is expected).

/// A parameter set as a type: `MLDSA44`, `MLDSA65` or `MLDSA87`.
public protocol MLDSAParameterSet: Sendable {
    /// The parameter set's numbers and sizes.
    static var parameters: MLDSAParameters { get }
}

/// ML-DSA-44 (FIPS 204, NIST security category 2).
public enum MLDSA44: MLDSAParameterSet {
    public static var parameters: MLDSAParameters { .mldsa44 }
    public typealias PublicKey = MLDSAPublicKey<MLDSA44>
    public typealias PrivateKey = MLDSAPrivateKey<MLDSA44>
}

/// ML-DSA-65 (FIPS 204, NIST security category 3).
public enum MLDSA65: MLDSAParameterSet {
    public static var parameters: MLDSAParameters { .mldsa65 }
    public typealias PublicKey = MLDSAPublicKey<MLDSA65>
    public typealias PrivateKey = MLDSAPrivateKey<MLDSA65>
}

/// ML-DSA-87 (FIPS 204, NIST security category 5).
public enum MLDSA87: MLDSAParameterSet {
    public static var parameters: MLDSAParameters { .mldsa87 }
    public typealias PublicKey = MLDSAPublicKey<MLDSA87>
    public typealias PrivateKey = MLDSAPrivateKey<MLDSA87>
}

/// An ML-DSA public key of the level `Level` (spelled `MLDSA65.PublicKey`). See ``AnyMLDSAPublicKey``.
public struct MLDSAPublicKey<Level: MLDSAParameterSet>: Sendable, Hashable {
    /// The same key with its level known at run time only.
    public let erased: AnyMLDSAPublicKey

    /// FIPS 204 pkEncode bytes of this level.
    public init(rawRepresentation: some Collection<UInt8>) throws(MLDSAError) {
        erased = try AnyMLDSAPublicKey(parameters: Level.parameters, rawRepresentation: rawRepresentation)
    }

    /// The key of `erased` when it is of this level; nil otherwise.
    public init?(_ erased: AnyMLDSAPublicKey) {
        guard erased.parameters == Level.parameters else { return nil }
        self.erased = erased
    }

    /// pkEncode: ρ ‖ t1.
    public var rawRepresentation: [UInt8] { erased.rawRepresentation }

    /// Pure ML-DSA verification with the empty context.
    public func isValidSignature(_ signature: some Collection<UInt8>, for data: some Sequence<UInt8>) -> Bool {
        erased.isValidSignature(signature, for: data)
    }

    /// Pure ML-DSA verification under `context` (false above 255 bytes).
    public func isValidSignature(
        _ signature: some Collection<UInt8>, for data: some Sequence<UInt8>, context: some Collection<UInt8>
    ) -> Bool {
        erased.isValidSignature(signature, for: data, context: context)
    }

    /// Verify_internal with an external μ.
    public func isValidSignature(_ signature: some Collection<UInt8>, forMu mu: some Collection<UInt8>) -> Bool {
        erased.isValidSignature(signature, forMu: mu)
    }

    /// The external μ of `data` under `context`.
    public func mu(for data: some Sequence<UInt8>, context: some Collection<UInt8>) throws(MLDSAError) -> [UInt8] {
        try erased.mu(for: data, context: context)
    }
}

/// An ML-DSA private key of the level `Level` (spelled `MLDSA65.PrivateKey`), kept as its seed. See
/// ``AnyMLDSAPrivateKey``.
public struct MLDSAPrivateKey<Level: MLDSAParameterSet>: Sendable, CustomStringConvertible {
    /// The same key with its level known at run time only.
    public let erased: AnyMLDSAPrivateKey

    /// A new key from a fresh seed (`SystemRandomNumberGenerator`).
    public init() { erased = AnyMLDSAPrivateKey(parameters: Level.parameters) }

    /// The key generated from the 32-byte seed ξ.
    public init(seedRepresentation: some Collection<UInt8>) throws(MLDSAError) {
        erased = try AnyMLDSAPrivateKey(parameters: Level.parameters, seedRepresentation: seedRepresentation)
    }

    /// The key of `erased` when it is of this level and has a seed; nil otherwise.
    public init?(_ erased: AnyMLDSAPrivateKey) {
        guard erased.parameters == Level.parameters, erased.seedRepresentation != nil else { return nil }
        self.erased = erased
    }

    /// The 32-byte seed ξ.
    public var seedRepresentation: [UInt8] { erased.seedRepresentation ?? [] }
    /// The FIPS 204 expanded encoding (skEncode), derived on request.
    public var expandedRepresentation: [UInt8] { erased.expandedRepresentation }
    /// The public key.
    public var publicKey: MLDSAPublicKey<Level> { MLDSAPublicKey(erased.publicKey)! }

    /// A hedged signature with the empty context.
    public func signature(for data: some Sequence<UInt8>) -> [UInt8] { erased.signature(for: data) }

    /// A hedged signature under `context` (at most 255 bytes).
    public func signature(for data: some Sequence<UInt8>, context: some Collection<UInt8>) throws(MLDSAError) -> [UInt8] {
        try erased.signature(for: data, context: context)
    }

    /// The deterministic signature (rnd = 0³²).
    public func deterministicSignature(
        for data: some Sequence<UInt8>, context: some Collection<UInt8> = [UInt8]()
    ) throws(MLDSAError) -> [UInt8] {
        try erased.deterministicSignature(for: data, context: context)
    }

    /// Sign_internal with an external μ and explicit randomness.
    public func signature(forMu mu: some Collection<UInt8>, randomness: some Collection<UInt8>) throws(MLDSAError) -> [UInt8] {
        try erased.signature(forMu: mu, randomness: randomness)
    }

    public var description: String { erased.description }
}
