import Testing
import TestSupport
@testable import DER

// Small builders so that every length in the table below is computed, not hand-counted.
func tlv(_ tag: UInt8, _ parts: [UInt8]...) -> [UInt8] {
    let c = parts.flatMap { $0 }
    return [tag] + DERWriter.lengthOctets(c.count) + c
}
func seq(_ parts: [UInt8]...) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
func ctx(_ n: UInt8, _ parts: [UInt8]...) -> [UInt8] { tlv(0xA0 | n, parts.flatMap { $0 }) }
func int(_ c: [UInt8]) -> [UInt8] { tlv(0x02, c) }
func oid(_ o: ASN1ObjectIdentifier) -> [UInt8] { tlv(0x06, o.contentOctets) }
let null: [UInt8] = [0x05, 0x00]
func bits(_ c: [UInt8], unused: UInt8 = 0) -> [UInt8] { tlv(0x03, [unused], c) }
func octets(_ c: [UInt8]) -> [UInt8] { tlv(0x04, c) }

typealias K = ASN1ObjectIdentifier.Known
/// A small but well-formed RSA public key and the pieces of valid structures.
let smallRSA = seq(int([0x00, 0xC5, 0x01, 0x02, 0x03, 0x05]), int([0x01, 0x00, 0x01]))
let rsaAlg = seq(oid(K.rsaEncryption), null)
let p256Point: [UInt8] = [0x04] + [UInt8](repeating: 0x11, count: 64)
let ecAlg = seq(oid(K.ecPublicKey), oid(K.secp256r1))
func hashAlg(_ o: ASN1ObjectIdentifier) -> [UInt8] { seq(oid(o), null) }
func pssSPKI(_ params: [UInt8]) -> [UInt8] { seq(seq(oid(K.rsassaPSS), params), bits(smallRSA)) }

/// Which parser a malformed case is fed to.
enum Parser: String {
    case node, spki, pkcs1Public, pkcs1Private, sec1, pkcs8, pss, sigP256
    func run(_ b: [UInt8]) throws {
        switch self {
        case .node: _ = try DERNode.parse(b)
        case .spki: _ = try SubjectPublicKeyInfo(derEncoded: b)
        case .pkcs1Public: _ = try PKCS1RSAPublicKey(derEncoded: b)
        case .pkcs1Private: _ = try PKCS1RSAPrivateKey(derEncoded: b)
        case .sec1: _ = try SEC1ECPrivateKey(derEncoded: b)
        case .pkcs8: _ = try PKCS8PrivateKeyInfo(derEncoded: b)
        case .pss: _ = try RSASSAPSSParameters(derEncoded: b)
        case .sigP256: _ = try ECDSASignatureValue.rawRepresentation(fromDER: b, scalarByteCount: 32)
        }
    }
}

struct MalformedCase: CustomTestStringConvertible, Sendable {
    let name: String
    let parser: Parser
    let input: [UInt8]
    let code: DERError.Code
    var testDescription: String { name }
}

let malformedCases: [MalformedCase] = {
    var c: [MalformedCase] = []
    func add(_ name: String, _ p: Parser, _ input: [UInt8], _ code: DERError.Code) {
        c.append(MalformedCase(name: name, parser: p, input: input, code: code))
    }
    // Lengths (X.690 §8.1.3, §10.1).
    add("empty input", .node, [], .truncated)
    add("identifier without length", .node, [0x04], .truncated)
    add("indefinite length", .node, [0x30, 0x80, 0x02, 0x01, 0x01, 0x00, 0x00], .indefiniteLength)
    add("long-form length that fits the short form", .node, [0x30, 0x81, 0x03, 0x02, 0x01, 0x01], .nonMinimalLength)
    add("long-form length with a leading zero octet", .node, [0x30, 0x82, 0x00, 0x03, 0x02, 0x01, 0x01], .nonMinimalLength)
    add("length past the end", .node, [0x30, 0x05, 0x02, 0x01, 0x01], .truncated)
    add("long-form length past the end", .node, [0x04, 0x84, 0x7F, 0xFF, 0xFF, 0xFF, 0x00], .truncated)
    add("8-octet length 2^64-1 (no overflow)", .node, [0x04, 0x88] + [UInt8](repeating: 0xFF, count: 8), .truncated)
    add("9-octet length", .node, [0x04, 0x89, 0x01] + [UInt8](repeating: 0, count: 8) + [0x00], .truncated)
    add("length octets cut short", .node, [0x04, 0x82, 0x01], .truncated)
    add("reserved length octet 0xFF", .node, [0x04, 0xFF, 0x00], .invalidLength)
    add("trailing garbage after the top-level element", .node, [0x05, 0x00, 0x00], .trailingData)
    add("inner length longer than the outer", .node, [0x30, 0x03, 0x04, 0x05, 0x00], .truncated)
    // Tags (X.690 §8.1.2, §10.2).
    add("high tag number with 0x80 padding", .node, [0x9F, 0x80, 0x21, 0x00], .invalidTag)
    add("high-tag-number form for tag 5", .node, [0x9F, 0x05, 0x00], .invalidTag)
    add("tag number of 5 octets", .node, [0x9F, 0x81, 0x81, 0x81, 0x81, 0x01, 0x00], .invalidTag)
    add("high tag number cut short", .node, [0x9F, 0x81], .truncated)
    add("end-of-contents octets", .node, [0x00, 0x00], .invalidTag)
    add("constructed INTEGER", .node, [0x22, 0x03, 0x02, 0x01, 0x01], .invalidTag)
    add("constructed OCTET STRING", .node, [0x24, 0x00], .invalidTag)
    add("primitive SEQUENCE", .node, [0x10, 0x00], .invalidTag)
    // Nesting.
    add("1,000-deep nesting", .node, {
        var b: [UInt8] = [0x05, 0x00]
        for _ in 0..<1000 { b = seq(b) }
        return b
    }(), .nestingTooDeep)
    add("33-deep nesting (one past the limit)", .node, {
        var b: [UInt8] = [0x05, 0x00]
        for _ in 0..<(DERReader.maximumDepth + 1) { b = seq(b) }
        return b
    }(), .nestingTooDeep)
    // Universal types' content rules.
    add("INTEGER with needless leading 0x00", .node, [0x02, 0x02, 0x00, 0x7F], .nonMinimalInteger)
    add("INTEGER with needless leading 0xFF", .node, [0x02, 0x02, 0xFF, 0x80], .nonMinimalInteger)
    add("empty INTEGER", .node, [0x02, 0x00], .emptyInteger)
    add("BOOLEAN 0x01", .node, [0x01, 0x01, 0x01], .invalidBoolean)
    add("BOOLEAN of two octets", .node, [0x01, 0x02, 0xFF, 0xFF], .invalidBoolean)
    add("empty BOOLEAN", .node, [0x01, 0x00], .invalidBoolean)
    add("NULL with content", .node, [0x05, 0x01, 0x00], .invalidNull)
    add("BIT STRING with unused bits set", .node, [0x03, 0x02, 0x01, 0x01], .nonZeroUnusedBits)
    add("BIT STRING declaring 8 unused bits", .node, [0x03, 0x02, 0x08, 0x00], .invalidBitString)
    add("BIT STRING with no octets", .node, [0x03, 0x00], .invalidBitString)
    add("empty BIT STRING declaring unused bits", .node, [0x03, 0x01, 0x03], .invalidBitString)
    add("OID with 0x80 padding", .node, [0x06, 0x03, 0x2A, 0x80, 0x01], .invalidObjectIdentifier)
    add("OID ending mid-arc", .node, [0x06, 0x02, 0x2A, 0x86], .invalidObjectIdentifier)
    add("empty OID", .node, [0x06, 0x00], .invalidObjectIdentifier)
    add("OID arc over 63 bits", .node, [0x06, 0x0B, 0x2A] + [UInt8](repeating: 0xFF, count: 9) + [0x7F], .invalidObjectIdentifier)
    // SET and SET OF order (X.690 §10.3, §11.6).
    add("SET OF INTEGERs in descending order", .node, tlv(0x31, int([2]), int([1])), .unsortedSet)
    add("SET OF where a longer encoding sorts first", .node, tlv(0x31, octets([1, 1]), octets([1])), .unsortedSet)
    add("SET OF nested in a SEQUENCE", .node, seq(tlv(0x31, null, int([1]))), .unsortedSet)
    add("PKCS#8 attributes out of order", .pkcs8,
        seq(int([0]), ecAlg, octets(seq(int([1]), octets([UInt8](repeating: 1, count: 32)))),
            ctx(0, seq(oid([1, 2, 3]), tlv(0x31, null)), seq(oid([1, 2, 2]), tlv(0x31, null)))), .unsortedSet)
    // PKCS#1.
    add("negative modulus", .pkcs1Public, seq(int([0x81, 0x01]), int([0x03])), .negativeInteger)
    add("negative public exponent", .pkcs1Public, seq(int([0x00, 0xC5]), int([0xFD])), .negativeInteger)
    add("RSAPublicKey with needless leading zero in the modulus", .pkcs1Public, seq(int([0x00, 0x45]), int([0x03])), .nonMinimalInteger)
    add("RSAPublicKey without exponent", .pkcs1Public, seq(int([0x00, 0xC5])), .missingElement)
    add("RSAPublicKey with a third INTEGER", .pkcs1Public, seq(int([0x00, 0xC5]), int([0x03]), int([0x01])), .unexpectedElement)
    add("RSAPublicKey followed by garbage", .pkcs1Public, smallRSA + [0x00], .trailingData)
    add("RSAPublicKey as a SET", .pkcs1Public, tlv(0x31, int([0x00, 0xC5]), int([0x03])), .unexpectedTag)
    add("RSAPrivateKey version 2", .pkcs1Private, seq(int([2]), int([0x00, 0xC5])), .invalidVersion)
    add("RSAPrivateKey version 1 without other primes", .pkcs1Private,
        seq(int([1]), int([0x00, 0xC5]), int([3]), int([5]), int([7]), int([0x0B]), int([1]), int([1]), int([1])), .missingElement)
    add("RSAPrivateKey with an even prime", .pkcs1Private,
        seq(int([0]), int([0x00, 0xC5]), int([3]), int([5]), int([7]), int([0x0A]), int([1]), int([1]), int([1])), .invalidKey)
    // SubjectPublicKeyInfo.
    add("rsaEncryption without NULL parameters", .spki, seq(seq(oid(K.rsaEncryption)), bits(smallRSA)), .invalidParameters)
    add("rsaEncryption with an OID as parameters", .spki, seq(seq(oid(K.rsaEncryption), oid(K.sha256)), bits(smallRSA)), .invalidParameters)
    add("rsaEncryption key that is not an RSAPublicKey", .spki, seq(rsaAlg, bits([0x05, 0x00])), .unexpectedTag)
    add("Ed25519 key of 31 octets", .spki, seq(seq(oid([1, 3, 101, 112])), bits([UInt8](repeating: 1, count: 31))), .invalidKey)
    add("Ed25519 with NULL parameters", .spki, seq(seq(oid([1, 3, 101, 112]), null), bits([UInt8](repeating: 1, count: 32))), .invalidParameters)
    add("unknown algorithm (SM2 key)", .spki, seq(seq(oid([1, 2, 156, 10197, 1, 301])), bits([UInt8](repeating: 1, count: 32))), .unsupportedAlgorithm)
    add("secp256k1 named curve", .spki, seq(seq(oid(K.ecPublicKey), oid(K.secp256k1)), bits(p256Point)), .unsupportedCurve)
    add("explicit EC parameters", .spki, seq(seq(oid(K.ecPublicKey), seq(int([1]))), bits(p256Point)), .explicitCurveParameters)
    add("implicitCurve (NULL) EC parameters", .spki, seq(seq(oid(K.ecPublicKey), null), bits(p256Point)), .unsupportedCurve)
    add("id-ecPublicKey without parameters", .spki, seq(seq(oid(K.ecPublicKey)), bits(p256Point)), .missingParameters)
    add("P-256 point of the wrong length", .spki, seq(ecAlg, bits(Array(p256Point.dropLast()))), .invalidKey)
    add("EC point at infinity", .spki, seq(ecAlg, bits([0x00])), .invalidKey)
    add("EC point with unknown prefix 0x05", .spki, seq(ecAlg, bits([0x05] + p256Point.dropFirst())), .invalidKey)
    add("subjectPublicKey with 1 unused bit", .spki, seq(ecAlg, bits(p256Point + [0x00], unused: 1)), .invalidBitString)
    add("subjectPublicKey BIT STRING with unused bits set", .spki, seq(ecAlg, bits(p256Point + [0x01], unused: 1)), .nonZeroUnusedBits)
    add("SPKI without its BIT STRING", .spki, seq(ecAlg), .missingElement)
    add("SPKI with an extra element", .spki, seq(ecAlg, bits(p256Point), null), .unexpectedElement)
    add("SPKI key as OCTET STRING", .spki, seq(ecAlg, octets(p256Point)), .unexpectedTag)
    // RSASSA-PSS parameters (RFC 8017 App. A.2.3), in an SPKI and alone.
    add("PSS hashAlgorithm sha1 encoded (DEFAULT)", .spki, pssSPKI(seq(ctx(0, hashAlg(K.sha1)))), .defaultValueEncoded)
    add("PSS hashAlgorithm sha1 without NULL encoded (DEFAULT)", .pss, seq(ctx(0, seq(oid(K.sha1)))), .defaultValueEncoded)
    add("PSS mgf1SHA1 encoded (DEFAULT)", .pss, seq(ctx(1, seq(oid(K.mgf1), hashAlg(K.sha1)))), .defaultValueEncoded)
    add("PSS saltLength 20 encoded (DEFAULT)", .pss, seq(ctx(2, int([20]))), .defaultValueEncoded)
    add("PSS trailerField 1 encoded (DEFAULT)", .pss, seq(ctx(3, int([1]))), .defaultValueEncoded)
    add("PSS trailerField 2", .pss, seq(ctx(3, int([2]))), .unsupported)
    add("PSS mask generation function other than MGF1", .pss, seq(ctx(1, seq(oid(K.sha256), hashAlg(K.sha256)))), .unsupported)
    add("PSS MGF1 without its hash", .pss, seq(ctx(1, seq(oid(K.mgf1)))), .invalidParameters)
    add("PSS unknown hash (SHA3-256)", .pss, seq(ctx(0, hashAlg([2, 16, 840, 1, 101, 3, 4, 2, 8]))), .unsupported)
    add("PSS hash parameters not NULL", .pss, seq(ctx(0, seq(oid(K.sha256), int([0])))), .invalidParameters)
    add("PSS negative saltLength", .pss, seq(ctx(2, int([0xFF]))), .invalidParameters)
    add("PSS saltLength of 9 octets", .pss, seq(ctx(2, int([0x01] + [UInt8](repeating: 0, count: 8)))), .integerTooLarge)
    add("PSS fields out of order", .pss, seq(ctx(2, int([32])), ctx(0, hashAlg(K.sha256))), .unexpectedElement)
    add("PSS explicit tag holding two elements", .pss, seq(ctx(2, int([32]), int([32]))), .unexpectedElement)
    add("PSS empty explicit tag", .pss, seq(ctx(2)), .missingElement)
    add("PSS explicit tag encoded primitive", .pss, seq(tlv(0x82, [0x20])), .unexpectedElement)
    // SEC1 and PKCS#8.
    add("ECPrivateKey version 0", .sec1, seq(int([0]), octets([UInt8](repeating: 1, count: 32)), ctx(0, oid(K.secp256r1))), .invalidVersion)
    add("ECPrivateKey without curve", .sec1, seq(int([1]), octets([UInt8](repeating: 1, count: 32))), .missingParameters)
    add("ECPrivateKey of 31 octets", .sec1, seq(int([1]), octets([UInt8](repeating: 1, count: 31)), ctx(0, oid(K.secp256r1))), .invalidPrivateKeyLength)
    add("ECPrivateKey with explicit parameters", .sec1, seq(int([1]), octets([UInt8](repeating: 1, count: 32)), ctx(0, seq(int([1])))), .explicitCurveParameters)
    add("DSA public key", .spki, seq(seq(oid([1, 2, 840, 10040, 4, 1]), seq(int([0x00, 0xC5]), int([0x0B]), int([2]))), bits(int([5]))), .unsupportedAlgorithm)
    add("Ed25519 PKCS#8 seed of 31 octets", .pkcs8, seq(int([0]), seq(oid([1, 3, 101, 112])), octets(octets([UInt8](repeating: 9, count: 31)))), .invalidPrivateKeyLength)
    add("Ed25519 PKCS#8 seed not wrapped in its OCTET STRING", .pkcs8, seq(int([0]), seq(oid([1, 3, 101, 112])), octets([UInt8](repeating: 9, count: 32))), .unexpectedTag)
    add("X448 PKCS#8 with parameters", .pkcs8, seq(int([0]), seq(oid([1, 3, 101, 111]), null), octets(octets([UInt8](repeating: 9, count: 56)))), .invalidParameters)
    add("encrypted PKCS#8 (EncryptedPrivateKeyInfo)", .pkcs8,
        seq(seq(oid([1, 2, 840, 113549, 1, 5, 13]), seq()), octets([UInt8](repeating: 0xEE, count: 48))), .unsupported)
    add("PKCS#8 version 2", .pkcs8, seq(int([2]), ecAlg, octets([])), .invalidVersion)
    add("PKCS#8 v1 carrying a publicKey", .pkcs8,
        seq(int([0]), ecAlg, octets(seq(int([1]), octets([UInt8](repeating: 1, count: 32)))), tlv(0x81, [0x00] + p256Point)), .invalidVersion)
    add("PKCS#8 with curves that disagree", .pkcs8,
        seq(int([0]), ecAlg, octets(seq(int([1]), octets([UInt8](repeating: 1, count: 32)), ctx(0, oid(K.secp384r1))))), .inconsistentParameters)
    add("PKCS#8 private key that is not DER", .pkcs8, seq(int([0]), rsaAlg, octets([0x30, 0x80])), .indefiniteLength)
    // ECDSA-Sig-Value.
    add("signature r wider than the curve", .sigP256, seq(int([0x01] + [UInt8](repeating: 0, count: 32)), int([1])), .integerTooLarge)
    add("signature with negative r", .sigP256, seq(int([0x80]), int([1])), .negativeInteger)
    add("signature without s", .sigP256, seq(int([1])), .missingElement)
    add("signature with three INTEGERs", .sigP256, seq(int([1]), int([1]), int([1])), .unexpectedElement)
    add("signature with s as OCTET STRING", .sigP256, seq(int([1]), octets([1])), .unexpectedTag)
    add("signature with trailing zero octet", .sigP256, seq(int([1]), int([1])) + [0], .trailingData)
    return c
}()

@Suite("Malformed encodings")
struct MalformedTests {
    @Test("each malformed encoding fails with its specific error", arguments: malformedCases)
    func malformed(_ c: MalformedCase) {
        do {
            try c.parser.run(c.input)
            Issue.record("\(c.name): accepted \(c.input.hexString)")
        } catch let e as DERError {
            #expect(e.code == c.code, "\(c.name): got \(e)")
        } catch {
            Issue.record("\(c.name): unexpected error type \(error)")
        }
    }

    @Test("the table is large enough")
    func count() {
        Vectors.report("MalformedTests (hand-made DER)", cases: malformedCases.count)
        #expect(malformedCases.count == 105)
    }

    @Test("raw r‖s of the wrong length")
    func rawLength() {
        #expect(throws: DERError(.invalidSignatureLength)) {
            try ECDSASignatureValue.derRepresentation(fromRaw: [UInt8](repeating: 1, count: 63), scalarByteCount: 32)
        }
        #expect(throws: DERError(.invalidParameters)) {
            try ECDSASignatureValue.rawRepresentation(fromDER: seq(int([1]), int([1])), scalarByteCount: 0)
        }
    }
}

@Suite("SET order")
struct SetOrderTests {
    @Test("SETs in DER order are accepted, and PKCS#8 attributes in order round-trip")
    func canonicalSets() throws {
        // SET OF: ascending encodings, equal components allowed, a shorter prefix first.
        let sets: [([UInt8], Int)] = [
            (tlv(0x31, int([1]), int([2])), 2), (tlv(0x31, int([1]), int([1])), 2),
            (tlv(0x31, octets([1]), octets([1, 0])), 2), (tlv(0x31), 0), (tlv(0x31, null), 1),
        ]
        for (set, count) in sets {
            #expect(try DERNode.parse(set).children.count == count, "\(set.hexString)")
        }
        // SET (of distinct types): canonical tag order [1] < [2] although the encodings, A1 > 82, are not ascending.
        let set = tlv(0x31, ctx(1, null), tlv(0x82, [0]))
        #expect(try DERNode.parse(set).children.map(\.tag.number) == [1, 2])
        // PKCS#8 attributes in ascending order are kept verbatim.
        let attributes = ctx(0, seq(oid([1, 2, 2]), tlv(0x31, null)), seq(oid([1, 2, 3]), tlv(0x31, null)))
        let p8 = seq(int([0]), ecAlg, octets(seq(int([1]), octets([UInt8](repeating: 1, count: 32)))), attributes)
        let k = try PKCS8PrivateKeyInfo(derEncoded: p8)
        #expect(k.attributes == attributes && k.derEncoded() == p8)
    }
}

@Suite("Error offsets and messages")
struct ErrorOffsetTests {
    func error(_ body: () throws -> Void) -> DERError? {
        do { try body(); return nil } catch let e as DERError { return e } catch { return nil }
    }

    @Test("errors point at the offending element")
    func offsets() throws {
        #expect(error { _ = try DERNode.parse([0x05, 0x00, 0x00]) }?.offset == 2)
        let spki = seq(ecAlg, bits(p256Point), null)
        let e = try #require(error { _ = try SubjectPublicKeyInfo(derEncoded: spki) })
        #expect(e.code == .unexpectedElement)
        #expect(e.offset == spki.count - 2)  // the NULL
        // Inside PKCS#8, the inner key's offsets are those of the whole document.
        let inner = seq(int([1]), octets([UInt8](repeating: 1, count: 31)), ctx(0, oid(K.secp256r1)))
        let p8 = seq(int([0]), ecAlg, octets(inner))
        let e2 = try #require(error { _ = try PKCS8PrivateKeyInfo(derEncoded: p8) })
        #expect(e2.code == .invalidPrivateKeyLength)
        #expect(e2.offset == p8.count - inner.count + 5)  // the privateKey OCTET STRING (after 30 L and 02 01 01)
        #expect(e2.description.contains("31 octets"))
        // PEM errors carry the byte offset in the text.
        let text = "-----BEGIN A-----\nAQ ID\n-----END A-----\n"
        #expect(error { _ = try PEMDocument.parseAll(text) }?.offset == 20)
        // Equality is on the code only.
        #expect(e == DERError(.unexpectedElement))
        #expect(e != DERError(.trailingData))
    }
}
