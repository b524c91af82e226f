import ECDSA
import SHA2
import Testing
import TestSupport

// Issue 31, finding 10: rules that a weakened check (`≤ p` for `< p`, a prefix for the exact length) would pass
// unnoticed unless a test sits exactly on the boundary. Each case below is the boundary value itself, and it is
// built so that the weakened check would *accept* it — so the test fails for the weakened code, not only reports
// another error code.
//
// The point (0, √b) is on each NIST curve (b is a square modulo p for P-256, P-384 and P-521: the compressed
// encoding 02 ‖ 0…0 decodes). Writing its x as p instead of 0 names the same point with a non-canonical
// coordinate: a `≤ p` range check followed by reduction modulo p would load it as that valid key.

/// One curve's public-key and signature constructors, for the boundary cases.
private struct Curve: Sendable, CustomTestStringConvertible {
    let name: String
    let byteCount: Int
    let p: [UInt8]
    let raw: @Sendable ([UInt8]) throws -> [UInt8]          // rawRepresentation → x963 of the key
    let x963: @Sendable ([UInt8]) throws -> [UInt8]
    let compressed: @Sendable ([UInt8]) throws -> [UInt8]
    let signatureRaw: @Sendable ([UInt8]) throws -> [UInt8]  // ECDSASignature(rawRepresentation:) → its raw
    /// A fresh key signing a message: its raw signature, and whether a raw signature verifies with its public key.
    let signed: @Sendable ([UInt8]) throws -> (signature: [UInt8], verifies: @Sendable ([UInt8]) -> Bool)
    var testDescription: String { name }
}

private let p521P = [UInt8(0x01)] + [UInt8](repeating: 0xff, count: 65)

private let curves: [Curve] = [
    Curve(
        name: "P-256", byteCount: 32, p: p256P,
        raw: { try P256.Signing.PublicKey(rawRepresentation: $0).x963Representation },
        x963: { try P256.Signing.PublicKey(x963Representation: $0).x963Representation },
        compressed: { try P256.Signing.PublicKey(compressedRepresentation: $0).x963Representation },
        signatureRaw: { try P256.Signing.ECDSASignature(rawRepresentation: $0).rawRepresentation },
        signed: { m in
            let k = P256.Signing.PrivateKey()
            let s = try k.signature(for: m).rawRepresentation
            let pub = k.publicKey
            return (s, { raw in (try? P256.Signing.ECDSASignature(rawRepresentation: raw)).map { pub.isValidSignature($0, for: m) } ?? false })
        }),
    Curve(
        name: "P-384", byteCount: 48, p: p384P,
        raw: { try P384.Signing.PublicKey(rawRepresentation: $0).x963Representation },
        x963: { try P384.Signing.PublicKey(x963Representation: $0).x963Representation },
        compressed: { try P384.Signing.PublicKey(compressedRepresentation: $0).x963Representation },
        signatureRaw: { try P384.Signing.ECDSASignature(rawRepresentation: $0).rawRepresentation },
        signed: { m in
            let k = P384.Signing.PrivateKey()
            let s = try k.signature(for: m).rawRepresentation
            let pub = k.publicKey
            return (s, { raw in (try? P384.Signing.ECDSASignature(rawRepresentation: raw)).map { pub.isValidSignature($0, for: m) } ?? false })
        }),
    Curve(
        name: "P-521", byteCount: 66, p: p521P,
        raw: { try P521.Signing.PublicKey(rawRepresentation: $0).x963Representation },
        x963: { try P521.Signing.PublicKey(x963Representation: $0).x963Representation },
        compressed: { try P521.Signing.PublicKey(compressedRepresentation: $0).x963Representation },
        signatureRaw: { try P521.Signing.ECDSASignature(rawRepresentation: $0).rawRepresentation },
        signed: { m in
            let k = P521.Signing.PrivateKey()
            let s = try k.signature(for: m).rawRepresentation
            let pub = k.publicKey
            return (s, { raw in (try? P521.Signing.ECDSASignature(rawRepresentation: raw)).map { pub.isValidSignature($0, for: m) } ?? false })
        }),
]

@Suite
struct ExactBoundaryRefusalTests {
    /// A coordinate exactly equal to p is refused (`coordinateOutOfRange`) in every encoding, although the point it
    /// would name after reduction, (0, √b), is a valid key in its canonical form.
    @Test(arguments: curves)
    fileprivate func coordinateEqualToPIsRefused(_ c: Curve) throws {
        let n = c.byteCount
        let zero = [UInt8](repeating: 0, count: n)
        // The canonical point (0, √b) loads: the cases below are that very point, re-encoded.
        let point = try c.compressed([2] + zero)
        #expect(point.count == 2 * n + 1 && Array(point[1...n]) == zero)
        let y = Array(point[(n + 1)...])
        #expect(try c.raw(zero + y) == point)
        #expect(try c.x963([4] + zero + y) == point)
        // x written as p (≡ 0): refused, in each encoding.
        #expect(errorCode { _ = try c.raw(c.p + y) } == .coordinateOutOfRange, "raw x = p")
        #expect(errorCode { _ = try c.x963([4] + c.p + y) } == .coordinateOutOfRange, "x963 x = p")
        #expect(errorCode { _ = try c.compressed([2] + c.p) } == .coordinateOutOfRange, "compressed 02 ‖ p")
        #expect(errorCode { _ = try c.compressed([3] + c.p) } == .coordinateOutOfRange, "compressed 03 ‖ p")
        // y written as p: (x, p) with x of a real point. No point has y = 0 on these curves (their order is prime, so
        // none has order 2), so only the range check can give this error.
        let x = Array(point[1...n])
        #expect(errorCode { _ = try c.raw(x + c.p) } == .coordinateOutOfRange, "raw y = p")
        // p − 1 is in range: the check is exactly "< p" (the point (p − 1, y) is simply not on the curve).
        var pMinus1 = c.p
        pMinus1[n - 1] -= 1
        #expect(errorCode { _ = try c.raw(pMinus1 + y) } == .pointNotOnCurve, "x = p − 1 passes the range check")
    }

    /// A raw (r ‖ s) signature longer than 2n bytes is refused at construction, not cut to its first 2n bytes — even
    /// when those are a valid signature; and so is one byte short.
    @Test(arguments: curves)
    fileprivate func longRawSignatureIsRefusedNotCut(_ c: Curve) throws {
        let n = c.byteCount
        let message = Array("exact-length raw signatures, \(c.name)".utf8)
        let (sig, verifies) = try c.signed(message)
        #expect(sig.count == 2 * n)
        #expect(verifies(sig))
        #expect(try c.signatureRaw(sig) == sig)
        for longer in [sig + [0], sig + [0x01, 0x02], sig + sig, [0] + sig] {
            #expect(errorCode { _ = try c.signatureRaw(longer) } == .invalidSignatureEncoding, "\(longer.count) bytes")
            #expect(!verifies(longer))
        }
        #expect(errorCode { _ = try c.signatureRaw(Array(sig.dropLast())) } == .invalidSignatureEncoding, "\(2 * n - 1) bytes")
    }
}
