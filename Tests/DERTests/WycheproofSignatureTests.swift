import Testing
import Foundation
import TestSupport
@testable import DER

/// The `sig` field of the Wycheproof ECDSA DER-format files against `ECDSASignatureValue`.
///
/// Encoding-related flags, chosen from the files' `notes`:
/// - `BerEncodedSignature` — "valid values for r and s, but it uses alternative BER encoding";
/// - `InvalidEncoding` — "an incorrectly encoded signature … generated from a valid signature by
///   modifying its encoding";
/// - `InvalidTypesInSignature` — "the signature contains invalid types" (REAL, BOOLEAN, NULL,
///   UTF8String, SEQUENCE… in place of an INTEGER);
/// - `MissingZero` — "not including leading zeros in the ASN encoding of integers when necessary",
///   i.e. a negative INTEGER where r or s is meant.
/// Every invalid test carrying one of these must be rejected by the DER layer.
///
/// Not in the list, because their notes describe well-formed DER with a wrong *value* (for the
/// ECDSA verifier to reject): `ModifiedInteger` (n − r, −r, …), `IntegerOverflow`, `RangeCheck`,
/// `ModifiedSignature` (a mix of encoding and value changes), `Untruncatedhash`, `InvalidSignature`,
/// `ArithmeticError`, `PointDuplication`. For every invalid test, whatever its flags, the DER layer
/// may only accept an encoding that it re-encodes to the identical bytes (so nothing non-canonical
/// ever gets through), and every valid test must convert to raw r‖s and back to the same DER.
@Suite("Wycheproof ECDSA DER signatures")
struct WycheproofSignatureTests {
    static let encodingFlags: Set<String> = ["BerEncodedSignature", "InvalidEncoding", "InvalidTypesInSignature", "MissingZero"]

    @Test("encoding-flagged signatures are rejected; valid ones round-trip through raw r‖s")
    func signatures() throws {
        let files = try Vectors.files(in: "wycheproof", suffix: "_test.json")
            .filter { $0.hasPrefix("ecdsa_secp") && !$0.contains("p1363") }
        #expect(files.count == 6)
        var total = 0
        for name in files {
            let file = "wycheproof/" + name
            let wf = try WycheproofFile.load(file)
            // Every flag these files use must be known to this test (so a new one is read, not ignored).
            let known = Self.encodingFlags.union([
                "ModifiedInteger", "IntegerOverflow", "RangeCheck", "ModifiedSignature", "Untruncatedhash",
                "InvalidSignature", "ArithmeticError", "PointDuplication", "SpecialCaseHash", "EdgeCasePublicKey",
                "ModularInverse", "ValidSignature", "SmallRandS", "EdgeCaseShamirMultiplication",
            ])
            #expect(Set(wf.notes.keys).isSubset(of: known), "\(file): unknown flags \(Set(wf.notes.keys).subtracting(known))")
            var valid = 0, encodingRejected = 0, otherRejected = 0, otherCanonical = 0
            for (g, t) in wf.cases {
                let c = try #require(curve(wycheproofName: g.object("publicKey")?["curve"] as? String ?? ""))
                let n = c.scalarByteCount
                let sig = t.hex("sig")
                var raw: [UInt8]? = nil
                var error: DERError? = nil
                do { raw = try ECDSASignatureValue.rawRepresentation(fromDER: sig, scalarByteCount: n) } catch let e { error = e }
                switch t.result {
                case .valid, .acceptable:
                    guard let raw else {
                        Issue.record("\(t.label(file)): valid signature rejected: \(error!)")
                        continue
                    }
                    #expect(raw.count == 2 * n)
                    #expect(try ECDSASignatureValue.derRepresentation(fromRaw: raw, scalarByteCount: n) == sig, "\(t.label(file))")
                    valid += 1
                case .invalid:
                    if !Self.encodingFlags.isDisjoint(with: t.flags) {
                        #expect(raw == nil, "\(t.label(file)): encoding-invalid signature accepted by the DER layer")
                        encodingRejected += 1
                    } else if let raw {
                        #expect(try ECDSASignatureValue.derRepresentation(fromRaw: raw, scalarByteCount: n) == sig,
                                "\(t.label(file)): accepted a non-canonical encoding")
                        otherCanonical += 1
                    } else {
                        otherRejected += 1
                    }
                }
            }
            let ran = valid + encodingRejected + otherRejected + otherCanonical
            Vectors.report(file, cases: ran, detail: "\(valid) valid round-tripped, \(encodingRejected) encoding-invalid rejected, "
                + "\(otherRejected) other invalid rejected, \(otherCanonical) other invalid well-formed (left to ECDSA)")
            #expect(ran == wf.numberOfTests)
            #expect(encodingRejected > 0 && valid > 0)
            total += ran
        }
        #expect(total == 3098)
    }
}
