import DER
import SHA2
import SharedPrimitives

/// A hash function usable with RSA signatures: the SHA-2 family (FIPS 180-4).
///
/// SHA-1 and the SHAKE functions are deliberately absent: signatures that need them are
/// refused as unsupported. A struct over a private enum, so cases can be added later.
public struct RSAHashAlgorithm: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Backing: Sendable, Hashable {
        case sha224, sha256, sha384, sha512, sha512_224, sha512_256
    }

    @usableFromInline let backing: Backing
    init(_ b: Backing) { backing = b }

    /// SHA-224 (FIPS 180-4).
    public static let sha224 = RSAHashAlgorithm(Backing.sha224)
    /// SHA-256 (FIPS 180-4): RS256, PS256.
    public static let sha256 = RSAHashAlgorithm(Backing.sha256)
    /// SHA-384 (FIPS 180-4): RS384, PS384.
    public static let sha384 = RSAHashAlgorithm(Backing.sha384)
    /// SHA-512 (FIPS 180-4): RS512, PS512.
    public static let sha512 = RSAHashAlgorithm(Backing.sha512)
    /// SHA-512/224 (FIPS 180-4).
    public static let sha512_224 = RSAHashAlgorithm(Backing.sha512_224)
    /// SHA-512/256 (FIPS 180-4).
    public static let sha512_256 = RSAHashAlgorithm(Backing.sha512_256)

    /// Every supported hash.
    public static let allCases: [RSAHashAlgorithm] = [.sha224, .sha256, .sha384, .sha512, .sha512_224, .sha512_256]

    /// The hash named by a DER `DigestAlgorithm`; nil for SHA-1 (unsupported).
    public init?(_ algorithm: DigestAlgorithm) {
        self.init(identity: algorithm.identity)
    }

    /// The hash with this identity; nil for SHA-1 (unsupported).
    package init?(identity: HashIdentity) {
        guard let h = RSAHashAlgorithm.allCases.first(where: { $0.identity == identity }) else { return nil }
        self = h
    }

    /// The hash with the given conventional name (`"SHA-256"`, `"SHA-512/224"`, …; case and the
    /// hyphen do not matter); nil for unknown or unsupported names such as `"SHA-1"` or `"SHAKE128"`.
    public init?(name: String) {
        func normalized(_ s: String) -> String { String(s.lowercased().filter { $0 != "-" && $0 != "_" && $0 != "/" }) }
        let key = normalized(name)
        guard let h = RSAHashAlgorithm.allCases.first(where: { normalized($0.name) == key }) else { return nil }
        self = h
    }

    /// The package's name for this hash, which its name, size and DER identifier come from.
    package var identity: HashIdentity {
        switch backing {
        case .sha224: return .sha224
        case .sha256: return .sha256
        case .sha384: return .sha384
        case .sha512: return .sha512
        case .sha512_224: return .sha512_224
        case .sha512_256: return .sha512_256
        }
    }

    /// The conventional name: `SHA-224`, `SHA-256`, `SHA-384`, `SHA-512`, `SHA-512/224`, `SHA-512/256`.
    public var name: String { identity.name }

    public var description: String { name }

    /// The DER module's identifier for this hash.
    public var digestAlgorithm: DigestAlgorithm { DigestAlgorithm(identity) }

    /// Digest length hLen in bytes.
    public var byteCount: Int { identity.byteCount }

    /// The DER encoding of `DigestInfo ::= SEQUENCE { digestAlgorithm AlgorithmIdentifier, digest
    /// OCTET STRING }` up to the digest bytes, with NULL parameters (RFC 8017 §9.2 Note 1).
    public var digestInfoPrefix: [UInt8] {
        switch backing {   // from a table built once: no allocation per call (the verify path reads it)
        case .sha224: return RSAHashAlgorithm.prefixes[0]
        case .sha256: return RSAHashAlgorithm.prefixes[1]
        case .sha384: return RSAHashAlgorithm.prefixes[2]
        case .sha512: return RSAHashAlgorithm.prefixes[3]
        case .sha512_224: return RSAHashAlgorithm.prefixes[4]
        case .sha512_256: return RSAHashAlgorithm.prefixes[5]
        }
    }

    /// 30 L1 30 L2 06 09 <OID 2.16.840.1.101.3.4.2.x> 05 00 04 hLen, for x = `oidLast` and an h-byte digest.
    private static func makeDigestInfoPrefix(oidLast: UInt8, digestBytes h: UInt8) -> [UInt8] {
        [0x30, 0x11 + h, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, oidLast, 0x05, 0x00,
         0x04, h]
    }

    private static let prefixes: [[UInt8]] = [
        makeDigestInfoPrefix(oidLast: 4, digestBytes: 28),   // SHA-224
        makeDigestInfoPrefix(oidLast: 1, digestBytes: 32),   // SHA-256
        makeDigestInfoPrefix(oidLast: 2, digestBytes: 48),   // SHA-384
        makeDigestInfoPrefix(oidLast: 3, digestBytes: 64),   // SHA-512
        makeDigestInfoPrefix(oidLast: 5, digestBytes: 28),   // SHA-512/224
        makeDigestInfoPrefix(oidLast: 6, digestBytes: 32),   // SHA-512/256
    ]

    /// Hash of `message`.
    func hash(_ message: some Sequence<UInt8>) -> [UInt8] {
        switch backing {
        case .sha224: return SHA224.hash(data: message).bytes
        case .sha256: return SHA256.hash(data: message).bytes
        case .sha384: return SHA384.hash(data: message).bytes
        case .sha512: return SHA512.hash(data: message).bytes
        case .sha512_224: return SHA512_224.hash(data: message).bytes
        case .sha512_256: return SHA512_256.hash(data: message).bytes
        }
    }

    /// Runs `body` with H' = Hash(0x00 × 8 ‖ mHash ‖ salt) (RFC 8017 §9.1.1 steps 5–6 when signing, §9.1.2
    /// steps 12–13 when verifying), hashed incrementally and handed over as raw bytes (no allocation).
    func withPSSHash<R>(mHash: [UInt8], salt: UnsafeBufferPointer<UInt8>, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        func run<H: HashFunction>(_: H.Type) -> R {
            var h = H()
            withUnsafeBytes(of: UInt64(0)) { h.update(bufferPointer: $0) }
            mHash.withUnsafeBytes { h.update(bufferPointer: $0) }
            h.update(bufferPointer: UnsafeRawBufferPointer(salt))
            return h.finalize().withUnsafeBytes(body)
        }
        switch backing {
        case .sha224: return run(SHA224.self)
        case .sha256: return run(SHA256.self)
        case .sha384: return run(SHA384.self)
        case .sha512: return run(SHA512.self)
        case .sha512_224: return run(SHA512_224.self)
        case .sha512_256: return run(SHA512_256.self)
        }
    }

    /// XORs MGF1 (RFC 8017 §B.2.1) with this hash over `seed` into `mask` in place: hash seed ‖ C
    /// for C = 0, 1, … (the seed absorbed once), XOR each block in. Inputs are public.
    func xorMGF1(seed: UnsafeBufferPointer<UInt8>, into mask: UnsafeMutableBufferPointer<UInt8>) {
        func run<H: HashFunction>(_: H.Type) {
            let length = mask.count
            let hLen = H.byteCount
            var seeded = H()
            seeded.update(bufferPointer: UnsafeRawBufferPointer(seed))
            var counter: UInt32 = 0
            var offset = 0
            while offset < length {
                var block = seeded
                withUnsafeBytes(of: counter.bigEndian) { block.update(bufferPointer: $0) }
                block.finalize().withUnsafeBytes { t in
                    let c = Swift.min(hLen, length - offset)
                    for i in 0..<c { mask[offset + i] ^= t[i] }
                }
                offset += hLen
                counter &+= 1
            }
        }
        switch backing {
        case .sha224: run(SHA224.self)
        case .sha256: run(SHA256.self)
        case .sha384: run(SHA384.self)
        case .sha512: run(SHA512.self)
        case .sha512_224: run(SHA512_224.self)
        case .sha512_256: run(SHA512_256.self)
        }
    }

    /// XORs MGF1 with this hash over `seed` into `mask` (RFC 8017 §B.2.1).
    func xorMGF1(seed: ArraySlice<UInt8>, into mask: inout [UInt8]) {
        switch backing {
        case .sha224: MGF1.xorMask(SHA224.self, seed: seed, into: &mask)
        case .sha256: MGF1.xorMask(SHA256.self, seed: seed, into: &mask)
        case .sha384: MGF1.xorMask(SHA384.self, seed: seed, into: &mask)
        case .sha512: MGF1.xorMask(SHA512.self, seed: seed, into: &mask)
        case .sha512_224: MGF1.xorMask(SHA512_224.self, seed: seed, into: &mask)
        case .sha512_256: MGF1.xorMask(SHA512_256.self, seed: seed, into: &mask)
        }
    }

    /// Whether `digest` is a value of this hash's digest type (a 32-byte SHA-512/256 digest is
    /// not a SHA-256 digest).
    func matches(_ digest: some Digest) -> Bool {
        let t = type(of: digest)
        switch backing {
        case .sha224: return t == SHA224Digest.self
        case .sha256: return t == SHA256Digest.self
        case .sha384: return t == SHA384Digest.self
        case .sha512: return t == SHA512Digest.self
        case .sha512_224: return t == SHA512_224Digest.self
        case .sha512_256: return t == SHA512_256Digest.self
        }
    }
}
