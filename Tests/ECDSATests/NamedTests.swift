import Testing
import ECDSA
import SHA2
import DER
import TestSupport

// Named rejection and encoding tests. The keys and signatures below were made once with Python's
// `cryptography` 48 (ec.derive_private_key(0xC0FFEE + 32 / + 48), ECDSA over `namedMessage`): the
// P-256 one with SHA-512 and the P-384 one with SHA-256, so that the digest overload is exercised with
// a hash other than the curve's own.

let namedMessage = Array("PureJOSE named ECDSA test message".utf8)

struct NamedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let byteCount: Int
    let x963: [UInt8]
    let sig: [UInt8]
    let p: [UInt8]
    let n: [UInt8]
    var testDescription: String { name }
}

let namedP256 = NamedCase(
    name: "P-256", byteCount: 32,
    x963: hex("04f633935f4dc1a1f75a69d96888f9b2903399b79d0aae776f58f57494787fb5b68b0ff2e9914bd741f8f33cdffc6e992e07c56ef91b2f12211b23471626b5b108"),
    sig: hex("77b7c450ad64d7c9a60b6d1cbb3659d63d35c00bf677ed4d70e897bb311005ec0ca407f370c9d7c522527ebbe898d6a9d13a2141da84f1021cde9e92fac271f0"),
    p: p256P, n: p256N)

let namedP384 = NamedCase(
    name: "P-384", byteCount: 48,
    x963: hex("048cb29956642901b22eadbf32d651906f1d0e1edf0720a6770dd4fae3f61707feab5a4613feea8ce7cc953865038916fadb0c73ae49737c8148a433a70f7f8f63f63116fc26ddde1fafd2cc6fdcb8f08942847cbe35a3a28745ba9ecc85d93890"),
    sig: hex("8dc84ad3c54b412151d9bca060d754a80ccaa41a22fccfa92a6ac202393403b7c247b9044b92d456a6acb2f7c9d264c4d49a6015f597cbd1296fc0133db651ff6cbe8ab74129ffc7733f55c866911d834f6bb5927dd07b0245c859e71c1cd6b9"),
    p: p384P, n: p384N)

/// The code of the ECDSAError thrown by `body`, or nil if it did not throw one.
func errorCode(_ body: () throws -> Void) -> ECDSAError.Code? {
    do { try body(); return nil } catch let e as ECDSAError { return e.code } catch { return nil }
}

/// All the named checks for one curve, generic over its key type.
func namedChecks<K: VerifyingKey>(_ c: NamedCase, _: K.Type, digest: (([UInt8]) -> any Digest)) throws {
    let n = c.byteCount
    let key = try K(x963Representation: c.x963)
    let d = digest(namedMessage)
    func valid(_ raw: [UInt8]) -> Bool {
        guard let s = try? K.signature(raw: raw) else { return false }
        return openedVerify(key, s, d)
    }
    // The real signature verifies through the digest overload, and a one-bit change does not.
    #expect(valid(c.sig))
    var flipped = c.sig; flipped[2 * n - 1] ^= 1
    #expect(!valid(flipped))
    let zero = [UInt8](repeating: 0, count: n)
    let r = Array(c.sig[0..<n]), s = Array(c.sig[n...])
    // r = 0, s = 0, and r = s = 0 (CVE-2022-21449, "psychic signatures").
    #expect(!valid(zero + s), "r = 0")
    #expect(!valid(r + zero), "s = 0")
    #expect(!valid(zero + zero), "r = s = 0")
    // r = n, s = n, r and s = n − 1 + 1 beyond, and r + n (same residue, out of range).
    #expect(!valid(c.n + s), "r = n")
    #expect(!valid(r + c.n), "s = n")
    #expect(!valid(c.n + c.n), "r = s = n")
    #expect(!valid([UInt8](repeating: 0xff, count: n) + s), "r = 2^k − 1 > n")
    if let rn = addIfFits(r, c.n) { #expect(!valid(rn + s), "r + n") }
    if let sn = addIfFits(s, c.n) { #expect(!valid(r + sn), "s + n") }
    // Wrong lengths are refused at construction.
    for len in [0, 1, n, 2 * n - 1, 2 * n + 1, 4 * n] {
        #expect(errorCode { _ = try K.signature(raw: [UInt8](repeating: 1, count: len)) } == .invalidSignatureEncoding, "raw length \(len)")
    }
    #expect(errorCode { _ = try K.signature(der: [0x30, 0x00]) } == .invalidSignatureEncoding)
    #expect(errorCode { _ = try K.signature(der: c.sig) } == .invalidSignatureEncoding)
    // r one byte wider than the curve allows, in otherwise valid DER.
    let wide = [0x30, UInt8(2 * n + 5), 0x02, UInt8(n + 1), 0x01] + r + [0x02, UInt8(n)] + s
    #expect(errorCode { _ = try K.signature(der: wide) } == .invalidSignatureEncoding)

    // Keys: off the curve, at infinity, coordinates ≥ p, wrong form.
    var off = c.x963; off[2 * n] ^= 1
    #expect(errorCode { _ = try K(x963Representation: off) } == .pointNotOnCurve)
    #expect(errorCode { _ = try K(x963Representation: [0]) } == .pointAtInfinity)
    #expect(errorCode { _ = try K(compressedRepresentation: [0]) } == .pointAtInfinity)
    #expect(errorCode { _ = try K(rawRepresentation: zero + zero) } == .pointNotOnCurve, "(0, 0) is not on the curve")
    let x = Array(c.x963[1...n]), y = Array(c.x963[(n + 1)...])
    #expect(errorCode { _ = try K(rawRepresentation: c.p + y) } == .coordinateOutOfRange, "x = p")
    #expect(errorCode { _ = try K(rawRepresentation: x + c.p) } == .coordinateOutOfRange, "y = p")
    #expect(errorCode { _ = try K(rawRepresentation: [UInt8](repeating: 0xff, count: n) + y) } == .coordinateOutOfRange)
    if let xp = addIfFits(x, c.p) { #expect(errorCode { _ = try K(rawRepresentation: xp + y) } == .coordinateOutOfRange, "x + p") }
    var y2 = c.x963; y2[0] = 2
    #expect(errorCode { _ = try K(x963Representation: y2) } == .invalidKeyEncoding, "02 prefix on 2n bytes")
    #expect(errorCode { _ = try K(x963Representation: Array(c.x963.dropLast())) } == .invalidKeyEncoding)
    #expect(errorCode { _ = try K(rawRepresentation: Array(c.x963)) } == .invalidKeyEncoding)
    #expect(errorCode { _ = try K(compressedRepresentation: [4] + x) } == .invalidKeyEncoding)
    #expect(errorCode { _ = try K(compressedRepresentation: [2] + c.p) } == .coordinateOutOfRange)

    // Encodings round-trip, and the compressed form recovers the same y for either parity.
    #expect(key.x963Representation == c.x963)
    #expect(key.rawRepresentation == x + y)
    #expect(try K(rawRepresentation: x + y).x963Representation == c.x963)
    let comp = key.compressedRepresentation
    #expect(comp.count == n + 1 && comp[0] == 2 + (y[n - 1] & 1) && Array(comp[1...]) == x)
    #expect(try K(compressedRepresentation: comp).x963Representation == c.x963)
    var other = comp; other[0] ^= 1
    let twin = try K(compressedRepresentation: other)
    #expect(Array(twin.x963Representation[1...n]) == x && Array(twin.x963Representation[(n + 1)...]) != y, "−Q")
    #expect(try K(derRepresentation: key.derRepresentation).x963Representation == c.x963)
    #expect(try K(pemRepresentation: key.pemRepresentation).x963Representation == c.x963)
    #expect(key.pemRepresentation.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
    // A compressed point inside SPKI is accepted too (RFC 5480 §2.2).
    let spkiCompressed = SubjectPublicKeyInfo(algorithm: .ecPublicKey(n == 32 ? .p256 : .p384), subjectPublicKey: comp).derEncoded()
    #expect(try K(derRepresentation: spkiCompressed).x963Representation == c.x963)
    // The other curve's SPKI, and a broken one.
    let wrongCurve = SubjectPublicKeyInfo(algorithm: .ecPublicKey(n == 32 ? .p384 : .p256), subjectPublicKey: c.x963)
    #expect(errorCode { _ = try K(derRepresentation: wrongCurve.derEncoded()) } != nil)
    #expect(errorCode { _ = try K(derRepresentation: Array(key.derRepresentation.dropLast())) } == .invalidKeyEncoding)
    #expect(errorCode { _ = try K(pemRepresentation: "no PEM here") } == .invalidKeyEncoding)
    // An x with no point: x³ − 3x + b not a square. Search upward from x = 0 for one.
    var nonX = zero
    var found = false
    for v in 0..<50 {
        nonX[n - 1] = UInt8(v)
        if errorCode({ _ = try K(compressedRepresentation: [2] + nonX) }) == .pointNotOnCurve { found = true; break }
    }
    #expect(found, "some small x has no point")

}

/// Opens the existential digest so the generic `some Digest` overload is called.
func openedVerify<K: VerifyingKey>(_ key: K, _ s: K.Signature, _ d: some Digest) -> Bool {
    key.isValidSignature(s, for: d)
}

/// a + b (big-endian, same length) if it does not overflow the length.
func addIfFits(_ a: [UInt8], _ b: [UInt8]) -> [UInt8]? {
    var out = a
    var carry = 0
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        let v = Int(a[i]) + Int(b[i]) + carry
        out[i] = UInt8(v & 0xff)
        carry = v >> 8
    }
    return carry == 0 ? out : nil
}

@Suite("ECDSA named tests")
struct NamedTests {
    @Test func p256() throws {
        try namedChecks(namedP256, P256.Signing.PublicKey.self) { SHA512.hash(data: $0) }
    }

    @Test func p384() throws {
        try namedChecks(namedP384, P384.Signing.PublicKey.self) { SHA256.hash(data: $0) }
    }

    /// `isValidSignature(_:for:)` with a digest value picks the digest overload (the signature was made
    /// over SHA-512(m) on P-256): passing the digest verifies, while the same bytes as plain data (which
    /// get SHA-256'd) and the message itself (SHA-256 too) do not.
    @Test func digestOverloadIsChosenForDigests() throws {
        let key = try P256.Signing.PublicKey(x963Representation: namedP256.x963)
        let sig = try P256.Signing.ECDSASignature(rawRepresentation: namedP256.sig)
        let digest = SHA512.hash(data: namedMessage)
        #expect(key.isValidSignature(sig, for: digest))
        #expect(!key.isValidSignature(sig, for: Array(digest)))
        #expect(!key.isValidSignature(sig, for: namedMessage))
        let key384 = try P384.Signing.PublicKey(x963Representation: namedP384.x963)
        let sig384 = try P384.Signing.ECDSASignature(rawRepresentation: namedP384.sig)
        #expect(key384.isValidSignature(sig384, for: SHA256.hash(data: namedMessage)))
        #expect(!key384.isValidSignature(sig384, for: namedMessage), "the data overload hashes with SHA-384")
        // A P-384 signature over SHA-384(m), via the data overload: the bench-style path.
        #expect(!key384.isValidSignature(sig384, for: SHA384.hash(data: namedMessage)))
    }

    @Test func signatureEncodings() throws {
        for c in [namedP256, namedP384] {
            let n = c.byteCount
            let der: [UInt8]
            if n == 32 {
                let s = try P256.Signing.ECDSASignature(rawRepresentation: c.sig)
                der = s.derRepresentation
                #expect(try P256.Signing.ECDSASignature(derRepresentation: der).rawRepresentation == c.sig)
            } else {
                let s = try P384.Signing.ECDSASignature(rawRepresentation: c.sig)
                der = s.derRepresentation
                #expect(try P384.Signing.ECDSASignature(derRepresentation: der).rawRepresentation == c.sig)
            }
            #expect(der.first == 0x30 && Int(der[1]) + 2 == der.count)
            #expect(try ECDSASignatureValue.rawRepresentation(fromDER: der, scalarByteCount: n) == c.sig)
        }
    }

    @Test func errorsDescribeThemselves() {
        // A real throw site: the factory records this module's file and line, and the description has the
        // house shape "ECDSAError.<code>: <reason>".
        do {
            _ = try P256.Signing.PublicKey(x963Representation: [4] + [UInt8](repeating: 0, count: 64))
            Issue.record("the point (0, 0) is not on P-256")
        } catch {
            #expect(error == ECDSAError(.pointNotOnCurve))
            #expect(error.description.hasPrefix("ECDSAError.pointNotOnCurve: "))
            #expect(error.file.hasPrefix("ECDSA/") && error.line > 0)
        }
        #expect(ECDSAError(.pointNotOnCurve) != ECDSAError(.pointAtInfinity))
    }
}
