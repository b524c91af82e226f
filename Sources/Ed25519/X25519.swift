// X25519 key agreement (RFC 7748 §5, §6.1) over the Curve25519 field of Field.swift, which Ed25519 uses too: the
// Montgomery ladder on u-coordinates, with a masked conditional swap (no branch, no address depends on a scalar bit).

import ConstantTime
import SHA2

extension Curve25519 {
    /// X25519 key agreement (RFC 7748): CryptoKit's `Curve25519.KeyAgreement`, as JWE's `ECDH-ES` with `OKP` keys
    /// (RFC 8037 §3.2) uses it.
    public enum KeyAgreement {}
}

extension Curve25519.KeyAgreement {
    /// An X25519 public key: the 32-byte little-endian u-coordinate of RFC 7748 §5.
    ///
    /// Every 32-byte string is accepted, as RFC 7748 §5 asks: the top bit is ignored (masked), a value ≥ p is used
    /// modulo p, and points on the twist or of small order are not refused here. What a small-order point leads to —
    /// the all-zero shared secret — is refused by ``PrivateKey/sharedSecretFromKeyAgreement(with:)`` (RFC 7748 §6.1).
    public struct PublicKey: Sendable, Equatable {
        let encoded: [UInt8]

        /// From the 32-byte encoding. Refuses any other length.
        public init(rawRepresentation: some Collection<UInt8>) throws(Ed25519Error) {
            let bytes = Array(rawRepresentation)
            guard bytes.count == 32 else {
                throw Ed25519Error.make(.invalidKeyLength, "an X25519 public key is 32 bytes, not \(bytes.count)")
            }
            encoded = bytes
        }

        init(encoded: [UInt8]) { self.encoded = encoded }

        /// The 32 bytes, as given (or as computed from a private key: then canonical, top bit 0).
        public var rawRepresentation: [UInt8] { encoded }
    }

    /// An X25519 private key: 32 random bytes (the scalar before clamping, RFC 7748 §5). Its `description` never
    /// shows secret bytes; the secret storage is overwritten when the last copy of the key goes away (best effort).
    public struct PrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        let secret: X25519Secret
        /// The public key X25519(k, 9).
        public let publicKey: PublicKey

        /// A new key from `SystemRandomNumberGenerator`.
        public init() {
            var rng = SystemRandomNumberGenerator()
            self.init(using: &rng)
        }

        /// A new key from `rng` (tests inject a deterministic generator).
        init(using rng: inout some RandomNumberGenerator) {
            var k: (UInt64, UInt64, UInt64, UInt64) = (rng.next(), rng.next(), rng.next(), rng.next())
            self = withUnsafeBytes(of: &k) { PrivateKey(scalar: $0) }
            CT.wipe(&k)
        }

        /// From the 32-byte scalar (RFC 8037's `d`, CryptoKit's raw representation). Any 32 bytes are a valid key:
        /// clamping (RFC 7748 §5) happens at each use, and `rawRepresentation` gives back the bytes unchanged.
        public init(rawRepresentation: some Collection<UInt8>) throws(Ed25519Error) {
            var bytes = Array(rawRepresentation)
            defer { CT.wipe(&bytes) }
            guard bytes.count == 32 else {
                throw Ed25519Error.make(.invalidKeyLength, "an X25519 private key is 32 bytes, not \(bytes.count)")
            }
            self = bytes.withUnsafeBytes { PrivateKey(scalar: $0) }
        }

        init(scalar: UnsafeRawBufferPointer) {
            let s = X25519Secret(scalar: scalar)
            var out: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var base: (UInt64, UInt64, UInt64, UInt64) = (9, 0, 0, 0)
            withUnsafeMutableBytes(of: &out) { o in
                withUnsafeBytes(of: &base) { u in s.multiply(u, into: o) }
            }
            // The public key is public (given out, sent to the peer) but computed from the scalar: each word is
            // published through `CT.declassifyValue` (Scripts/ct-check.supp) before it is copied into an array.
            out = (CT.declassifyValue(out.0), CT.declassifyValue(out.1), CT.declassifyValue(out.2),
                   CT.declassifyValue(out.3))
            secret = s
            publicKey = PublicKey(encoded: withUnsafeBytes(of: &out) { Array($0) })
        }

        /// The 32-byte scalar, as given.
        public var rawRepresentation: [UInt8] { secret.scalarBytes() }

        /// The shared secret X25519(k, u) with the peer's public key (RFC 7748 §6.1): 32 bytes, constant time in
        /// the private key and the result. Throws `Ed25519Error.zeroSharedSecret` when the result is all zeros
        /// (the peer's key has small order, so the result does not depend on this key: RFC 7748 §6.1 allows the
        /// check, RFC 8037 §4 asks JOSE to make it). The verdict is the only fact published.
        public func sharedSecretFromKeyAgreement(with publicKeyShare: PublicKey) throws(Ed25519Error) -> SharedSecret {
            var out = [UInt8](repeating: 0, count: 32)
            let zero = out.withUnsafeMutableBytes { o -> UInt64 in
                publicKeyShare.encoded.withUnsafeBytes { u in secret.multiply(u, into: o) }
                var acc: UInt64 = 0
                for i in 0..<32 { acc |= UInt64(o[i]) }
                return ~CT.nonZeroMask(acc)
            }
            if CT.declassify(zero) {
                CT.wipe(&out)
                throw Ed25519Error.make(.zeroSharedSecret, "the X25519 shared secret is all zeros (a small-order public key)")
            }
            defer { CT.wipe(&out) }
            return SharedSecret(secretBytes: out)
        }

        public var description: String {
            "Curve25519.KeyAgreement.PrivateKey(publicKey: \(hexString(publicKey.encoded)))"
        }
        public var debugDescription: String { description }
    }
}

/// The secret scalar of an X25519 key, in one place so that it can be overwritten on deinit.
final class X25519Secret: @unchecked Sendable {
    // Written once in init, read-only afterwards, wiped in deinit.
    private var scalar: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(scalar s: UnsafeRawBufferPointer) {
        withUnsafeMutableBytes(of: &scalar) { $0.copyMemory(from: s) }
    }

    deinit { CT.wipe(&scalar) }

    func scalarBytes() -> [UInt8] { withUnsafeBytes(of: scalar) { Array($0) } }

    /// X25519(k, u) of RFC 7748 §5 into `out` (32 bytes).
    func multiply(_ u: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        withUnsafeBytes(of: scalar) { k in x25519(scalar: k, u: u, into: out) }
    }
}

/// X25519(k, u) (RFC 7748 §5): the scalar `k` (32 bytes, little-endian) is clamped — bits 0–2 and 255 cleared, bit
/// 254 set —, the u-coordinate's bit 255 is masked and a value ≥ p is taken modulo p; the result's canonical 32-byte
/// encoding is written to `out`. Constant time in `k` and `u`: 255 ladder steps, each with a masked swap.
func x25519(scalar k: UnsafeRawBufferPointer, u: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
    typealias F = FieldElement
    var w: (UInt64, UInt64, UInt64, UInt64) = (
        F.load64(k, 0), F.load64(k, 8), F.load64(k, 16), F.load64(k, 24)
    )
    w.0 &= ~7
    w.3 &= (1 << 63) - 1
    w.3 |= 1 << 62
    let x1 = F(bytes: u)   // bit 255 ignored (RFC 7748 §5: "mask the most significant bit")
    var x2 = F.one, z2 = F.zero, x3 = x1, z3 = F.one
    var swap: UInt64 = 0
    withUnsafeBytes(of: &w) { words in
        var t = 254
        while t >= 0 {
            let kt = (words.load(fromByteOffset: (t &>> 6) &* 8, as: UInt64.self) &>> UInt64(t & 63)) & 1
            swap ^= kt
            let mask = CT.barrier(0 &- swap)
            F.conditionalSwap(&x2, &x3, mask)
            F.conditionalSwap(&z2, &z3, mask)
            swap = kt
            // Differences without their carry pass (limbs < 2⁵⁴, which `*`, `squared` and `timesA24` accept):
            // every operand here is reduced, so each sum is < 2⁵³ (Field.swift's bounds).
            let a = x2 + z2, b = F.subtractLoose(x2, z2), c = x3 + z3, d = F.subtractLoose(x3, z3)
            let aa = a.squared(), bb = b.squared()
            let e = F.subtractLoose(aa, bb)
            let da = d * a, cb = c * b
            x3 = (da + cb).squared()
            z3 = x1 * F.subtractLoose(da, cb).squared()
            x2 = aa * bb
            z2 = e * (aa + e.timesA24())
            t -= 1
        }
    }
    let mask = CT.barrier(0 &- swap)
    F.conditionalSwap(&x2, &x3, mask)
    F.conditionalSwap(&z2, &z3, mask)
    (x2 * z2.inverted()).write(to: out)
    CT.wipe(&w)
}

#if !hasFeature(Embedded)
extension Curve25519.KeyAgreement.PrivateKey: CustomReflectable {
    /// Only the public key: `dump(key)` and debuggers that use mirrors never walk into the secret storage.
    public var customMirror: Mirror { Mirror(self, children: ["publicKey": publicKey], displayStyle: .struct) }
}

extension X25519Secret: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
#endif
