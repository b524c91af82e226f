import ConstantTime
import SHA2

/// Curve25519 keys, shaped like CryptoKit's `Curve25519` namespace: `import Ed25519` gives
/// `Curve25519.Signing.PrivateKey` / `.PublicKey` exactly where `import CryptoKit` does. Ed25519 (RFC 8032)
/// signing is the only part implemented. (A caseless enum is only a namespace; it never gains cases.)
public enum Curve25519 {
    /// Ed25519 signatures (RFC 8032 §5.1): pure EdDSA over edwards25519 with SHA-512.
    public enum Signing {}
}

extension Curve25519.Signing {
    /// An Ed25519 public key: a validated point (canonical y < p, on the curve). Verification tables for the
    /// key are built once, here, so keep a key you verify with repeatedly.
    public struct PublicKey: Sendable {
        let encoded: [UInt8]
        let point: EdwardsPoint
        /// A, 3A, …, 15A for the double-scalar multiplication.
        let table: [CachedPoint]

        /// From the 32-byte encoding of RFC 8032 §5.1.2. Refuses any other length, y ≥ p, points that are not
        /// on the curve, and x = 0 with the sign bit set (RFC 8032 §5.1.3); also the eight points of small order,
        /// for which a single signature verifies for every message (not an RFC 8032 rule; libsodium has it too).
        public init(rawRepresentation: some Collection<UInt8>) throws(Ed25519Error) {
            let bytes = Array(rawRepresentation)
            guard bytes.count == 32 else {
                throw Ed25519Error.make(.invalidKeyLength, "an Ed25519 public key is 32 bytes, not \(bytes.count)")
            }
            let canonical = bytes.withUnsafeBytes { FieldElement.isCanonicalVarTime($0) }
            guard canonical else {
                throw Ed25519Error.make(.nonCanonicalEncoding, "the public key's y coordinate is not below p")
            }
            guard let p = bytes.withUnsafeBytes({ EdwardsPoint(decodingVarTime: $0) }) else {
                throw Ed25519Error.make(.invalidPoint, "the public key is not a point of edwards25519")
            }
            guard !p.hasSmallOrderVarTime else {
                throw Ed25519Error.make(.smallOrderKey, "the public key has small order (8·A is the identity)")
            }
            self.init(point: p, encoded: bytes)
        }

        /// From a point and its encoding (both computed here): no decoding, no branch on the values.
        init(point: EdwardsPoint, encoded: [UInt8]) {
            self.point = point
            self.encoded = encoded
            self.table = oddMultiplesTable(point)
        }

        /// The 32-byte encoding (RFC 8032 §5.1.2).
        public var rawRepresentation: [UInt8] { encoded }

        /// Whether `signature` is a valid Ed25519 signature of `data` by this key (RFC 8032 §5.1.7):
        /// exactly 64 bytes; R's y coordinate < p; S < L; and [S]B = R + [k]A with k = SHA-512(R ‖ A ‖ M) mod L,
        /// checked cofactorless, as encode([S]B − [k]A) == R byte for byte. Inputs are public: variable time.
        public func isValidSignature(_ signature: some Collection<UInt8>, for data: some Sequence<UInt8>) -> Bool {
            let sig = Array(signature)
            guard sig.count == 64 else { return false }
            return sig.withUnsafeBytes { s -> Bool in
                let rBytes = UnsafeRawBufferPointer(rebasing: s[0..<32])
                let sBytes = UnsafeRawBufferPointer(rebasing: s[32..<64])
                guard FieldElement.isCanonicalVarTime(rBytes) else { return false }
                let sScalar = Scalar(bytes: sBytes)
                guard sScalar.isReducedVarTime else { return false }
                var h = SHA512()
                h.update(bufferPointer: rBytes)
                h.update(data: encoded)
                h.update(data: data)
                let k = h.finalize().withUnsafeBytes { Scalar(reducing64: $0) }
                let check = table.withUnsafeBufferPointer { doubleScalarMultiplyVarTime(s: sScalar, k: k, aTable: $0) }
                var out: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                return withUnsafeMutableBytes(of: &out) { o -> Bool in
                    check.encode(into: o)
                    for i in 0..<32 where o[i] != rBytes[i] { return false }
                    return true
                }
            }
        }
    }

    /// An Ed25519 private key: the 32-byte seed of RFC 8032 §5.1.5, with the secret scalar and the nonce prefix
    /// derived from it once. Its `description` never shows secret bytes; the secret storage is overwritten when
    /// the last copy of the key goes away (best effort: copies the caller made of `rawRepresentation` are theirs).
    public struct PrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        let secret: SecretStorage
        /// The public key A = [a]B.
        public let publicKey: PublicKey

        /// A new key from `SystemRandomNumberGenerator`.
        public init() {
            var rng = SystemRandomNumberGenerator()
            self.init(using: &rng)
        }

        /// A new key from `rng` (tests inject a deterministic generator).
        init(using rng: inout some RandomNumberGenerator) {
            var seed: (UInt64, UInt64, UInt64, UInt64) = (rng.next(), rng.next(), rng.next(), rng.next())
            self = withUnsafeBytes(of: &seed) { PrivateKey(seed: $0) }
            CT.wipe(&seed)
        }

        /// From the 32-byte seed (RFC 8032 §5.1.5; what RFC 8037 calls `d`, what CryptoKit calls the raw
        /// representation). Any 32 bytes are a valid seed.
        public init(rawRepresentation: some Collection<UInt8>) throws(Ed25519Error) {
            var bytes = Array(rawRepresentation)
            defer { CT.wipe(&bytes) }
            guard bytes.count == 32 else {
                throw Ed25519Error.make(.invalidKeyLength, "an Ed25519 private key (seed) is 32 bytes, not \(bytes.count)")
            }
            self = bytes.withUnsafeBytes { PrivateKey(seed: $0) }
        }

        /// The key derivation of RFC 8032 §5.1.5, constant time in the seed.
        init(seed: UnsafeRawBufferPointer) {
            let s = SecretStorage(seed: seed)
            var a = baseMultiply(s.scalar)
            // A = [a]B is public (given out, compared with a stored key, verified with), but it is computed from the
            // seed: each limb is published through `CT.declassifyValue` before any variable-time use, so that the
            // ct-check does not count the work a public key gets as secret-dependent.
            withUnsafeMutableBytes(of: &a) { raw in
                for offset in stride(from: 0, to: raw.count, by: 8) {
                    let limb = CT.declassifyValue(raw.load(fromByteOffset: offset, as: UInt64.self))
                    raw.storeBytes(of: limb, toByteOffset: offset, as: UInt64.self)
                }
            }
            secret = s
            publicKey = PublicKey(point: a, encoded: a.encoded())
        }

        /// The 32-byte seed.
        public var rawRepresentation: [UInt8] { secret.seedBytes() }

        /// The deterministic Ed25519 signature of `data` (RFC 8032 §5.1.6), 64 bytes R ‖ S. Constant time in the
        /// key and the nonce; the message and the signature are public.
        public func signature(for data: some Sequence<UInt8>) -> [UInt8] {
            withContiguousBytes(data) { m in secret.sign(m, publicKey: publicKey.encoded) }
        }

        public var description: String { "Curve25519.Signing.PrivateKey(publicKey: \(hexString(publicKey.encoded)))" }
        public var debugDescription: String { description }
    }
}

/// The secret parts of a private key, in one place so that they can be overwritten on deinit.
final class SecretStorage: @unchecked Sendable {
    // Written once in init, read-only afterwards, wiped in deinit.
    private var seed: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var prefix: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private(set) var scalar = Scalar(0, 0, 0, 0)

    init(seed s: UnsafeRawBufferPointer) {
        withUnsafeMutableBytes(of: &seed) { $0.copyMemory(from: s) }
        var h = SHA512.hash(data: s)
        h.withUnsafeBytes { d in
            withUnsafeMutableBytes(of: &prefix) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: d[32..<64])) }
            var a = Scalar(bytes: UnsafeRawBufferPointer(rebasing: d[0..<32]))
            // Clamping (RFC 8032 §5.1.5 step 2): clear the low three bits and bit 255, set bit 254.
            a.w0 &= ~7
            a.w3 &= (1 << 63) - 1
            a.w3 |= 1 << 62
            scalar = a
        }
        CT.wipe(&h)
    }

    deinit {
        CT.wipe(&seed)
        CT.wipe(&prefix)
        CT.wipe(&scalar)
    }

    func seedBytes() -> [UInt8] { withUnsafeBytes(of: seed) { Array($0) } }

    /// RFC 8032 §5.1.6. r = SHA-512(prefix ‖ M) mod L; R = [r]B; k = SHA-512(R ‖ A ‖ M) mod L; S = r + k·a mod L.
    func sign(_ m: UnsafeRawBufferPointer, publicKey: [UInt8]) -> [UInt8] {
        var h = SHA512()
        withUnsafeBytes(of: prefix) { h.update(bufferPointer: $0) }
        h.update(bufferPointer: m)
        var rDigest = h.finalize()
        var r = rDigest.withUnsafeBytes { Scalar(reducing64: $0) }
        CT.wipe(&rDigest)
        CT.wipe(&h)
        let bigR = baseMultiply(r)
        var signature = [UInt8](repeating: 0, count: 64)
        signature.withUnsafeMutableBytes { out in
            bigR.encode(into: UnsafeMutableRawBufferPointer(rebasing: out[0..<32]))
            var kh = SHA512()
            kh.update(bufferPointer: UnsafeRawBufferPointer(rebasing: out[0..<32]))
            kh.update(data: publicKey)
            kh.update(bufferPointer: m)
            let k = kh.finalize().withUnsafeBytes { Scalar(reducing64: $0) }
            let s = Scalar.multiplyAdd(k, scalar, r)
            s.write(to: UnsafeMutableRawBufferPointer(rebasing: out[32..<64]))
        }
        CT.wipe(&r)
        return signature
    }
}

/// Runs `body` over the bytes of `data`, in place when it has contiguous storage, else over a copy.
@inline(__always)
func withContiguousBytes<R>(_ data: some Sequence<UInt8>, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    if let r = data.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return r }
    let copy = Array(data)
    return copy.withUnsafeBytes { body($0) }
}

func hexString(_ bytes: [UInt8]) -> String {
    let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
    var s = ""
    for b in bytes { s.append(digits[Int(b >> 4)]); s.append(digits[Int(b & 15)]) }
    return s
}

#if !hasFeature(Embedded)
extension Curve25519.Signing.PrivateKey: CustomReflectable {
    /// Only the public key: `dump(key)` and debuggers that use mirrors never walk into the secret storage.
    public var customMirror: Mirror { Mirror(self, children: ["publicKey": publicKey], displayStyle: .struct) }
}

extension SecretStorage: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
#endif
