import Testing
import TestSupport
@testable import DER

/// X.690 §10.1: a long-form length must use the fewest octets, so its first octet is never zero.
/// `MalformedTests` has a short case whose padded value (3) is also refused for fitting the short
/// form; these cases pad lengths of 128 or more, where the leading-zero rule is the only one that
/// can refuse them, at each nesting level of real structures read by their own parsers.
@Suite("Long-form lengths with a leading zero octet")
struct LongFormLengthTests {
    /// The element `tag contents` with its length written as 0x8(k+1) 00 <k minimal octets>.
    static func paddedTLV(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        let minimal = DERWriter.lengthOctets(contents.count)
        precondition(minimal[0] & 0x80 != 0, "only long-form lengths can be padded")
        return [tag, minimal[0] + 1, 0x00] + minimal.dropFirst() + contents
    }

    /// Which element of the structure gets the padded length.
    enum Padded: String, CaseIterable, Sendable { case none, outerSequence, bitString, modulus, signatureSequence }

    struct Case: Sendable, CustomTestStringConvertible {
        let padded: Padded
        let input: [UInt8]
        /// Byte offset of the padded element (where the error must point).
        let offset: Int
        var testDescription: String { padded.rawValue }
    }

    /// An RSA SubjectPublicKeyInfo with a 2048-bit modulus (every element of it ≥ 128 octets long),
    /// and a P-521 ECDSA-Sig-Value (its SEQUENCE is 136 octets); one element padded per case.
    static let cases: [Case] = {
        let modulusBytes: [UInt8] = [0x00, 0xC3] + (0..<255).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let exponent = int([0x01, 0x00, 0x01])
        func spki(_ p: Padded) -> Case {
            let modulus = p == .modulus ? paddedTLV(0x02, modulusBytes) : int(modulusBytes)
            let key = seq(modulus, exponent)
            let bitString = p == .bitString ? paddedTLV(0x03, [0] + key) : bits(key)
            let body = rsaAlg + bitString
            let outer = p == .outerSequence ? paddedTLV(0x30, body) : seq(body)
            let headerCount = outer.count - body.count
            let bitsHeader = bitString.count - key.count - 1
            let offset: Int
            switch p {
            case .outerSequence: offset = 0
            case .bitString: offset = headerCount + rsaAlg.count
            case .modulus: offset = headerCount + rsaAlg.count + bitsHeader + 1 + (key.count - modulus.count - exponent.count)
            default: offset = -1
            }
            return Case(padded: p, input: outer, offset: offset)
        }
        func signature(padded: Bool) -> Case {
            let r = int([0x01] + [UInt8](repeating: 0x5A, count: 65))
            let s = int([0x00, 0x80] + [UInt8](repeating: 0xA5, count: 65))
            return Case(padded: padded ? .signatureSequence : .none,
                        input: padded ? paddedTLV(0x30, r + s) : seq(r, s), offset: 0)
        }
        return [spki(.none), spki(.outerSequence), spki(.bitString), spki(.modulus), signature(padded: false), signature(padded: true)]
    }()

    /// Parses `input` with the structure's own parser and re-encodes it.
    static func reencode(_ input: [UInt8], signature: Bool) throws -> [UInt8] {
        if signature {
            let raw = try ECDSASignatureValue.rawRepresentation(fromDER: input, scalarByteCount: 66)
            return try ECDSASignatureValue.derRepresentation(fromRaw: raw, scalarByteCount: 66)
        }
        return try SubjectPublicKeyInfo(derEncoded: input).derEncoded()
    }

    static func expectRefused(_ c: Case, _ via: String, _ body: () throws -> [UInt8]) {
        do {
            let out = try body()
            Issue.record("\(c.padded) via \(via): accepted, re-encoded as \(out.count) octets")
        } catch let e as DERError {
            #expect(e.code == .nonMinimalLength, "\(c.padded) via \(via): \(e)")
            #expect(e.offset == c.offset, "\(c.padded) via \(via): \(e)")
        } catch {
            Issue.record("\(c.padded) via \(via): \(error)")
        }
    }

    @Test("a padded length of 128 or more is refused where it occurs; the unpadded control parses", arguments: cases)
    func paddedLength(_ c: Case) throws {
        let isSignature = c.input.count < 200
        if c.padded == .none {
            #expect(try Self.reencode(c.input, signature: isSignature) == c.input)
            #expect(Array(try DERNode.parse(c.input).encoded) == c.input)
            return
        }
        Self.expectRefused(c, "its parser") { try Self.reencode(c.input, signature: isSignature) }
        // The generic tree parser reads the same lengths (but not inside the BIT STRING, whose
        // contents are opaque to it).
        if c.padded != .modulus {
            Self.expectRefused(c, "DERNode") { Array(try DERNode.parse(c.input).encoded) }
        }
    }
}
