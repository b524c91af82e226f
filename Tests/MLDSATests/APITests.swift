import MLDSA
import Testing
import TestSupport

/// The public API's rules: lengths, context bound, hedged vs deterministic, levels kept apart, malformed signatures.
@Suite("ML-DSA API")
struct APITests {
    @Test("sizes of FIPS 204 Table 2")
    func sizes() {
        #expect([MLDSA44.parameters, MLDSA65.parameters, MLDSA87.parameters].map(\.publicKeyByteCount) == [1312, 1952, 2592])
        #expect([MLDSA44.parameters, MLDSA65.parameters, MLDSA87.parameters].map(\.expandedPrivateKeyByteCount) == [2560, 4032, 4896])
        #expect([MLDSA44.parameters, MLDSA65.parameters, MLDSA87.parameters].map(\.signatureByteCount) == [2420, 3309, 4627])
    }

    @Test("sign, verify, tamper, context, determinism")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 43)
        let key = try MLDSA65.PrivateKey(seedRepresentation: rng.bytes(32))
        let message = Array("post-quantum".utf8)
        let sig = try key.signature(for: message, context: Array("ctx".utf8))
        #expect(sig.count == 3309)
        #expect(key.publicKey.isValidSignature(sig, for: message, context: Array("ctx".utf8)))
        #expect(!key.publicKey.isValidSignature(sig, for: message))                         // wrong context
        #expect(!key.publicKey.isValidSignature(sig, for: message + [0], context: Array("ctx".utf8)))
        var tampered = sig
        tampered[100] ^= 1
        #expect(!key.publicKey.isValidSignature(tampered, for: message, context: Array("ctx".utf8)))
        #expect(!key.publicKey.isValidSignature(sig.dropLast(), for: message, context: Array("ctx".utf8)))
        // Hedged signatures differ; deterministic ones repeat.
        #expect(key.signature(for: message) != key.signature(for: message))
        #expect(try key.deterministicSignature(for: message) == key.deterministicSignature(for: message))
        // Context bound: 255 accepted, 256 refused (signing throws, verifying answers false).
        let ctx255 = [UInt8](repeating: 7, count: 255)
        let s255 = try key.signature(for: message, context: ctx255)
        #expect(key.publicKey.isValidSignature(s255, for: message, context: ctx255))
        #expect(throws: MLDSAError(.contextTooLong)) { try key.signature(for: message, context: ctx255 + [7]) }
        #expect(!key.publicKey.isValidSignature(s255, for: message, context: ctx255 + [7]))
        // The seed round-trips; the expanded key imports to the same public key.
        let again = try MLDSA65.PrivateKey(seedRepresentation: key.seedRepresentation)
        #expect(again.publicKey == key.publicKey)
        let expanded = try AnyMLDSAPrivateKey(parameters: .mldsa65, expandedRepresentation: key.expandedRepresentation)
        #expect(expanded.publicKey == key.publicKey.erased)
        #expect(expanded.seedRepresentation == nil)
    }

    @Test("levels and lengths refused")
    func refusals() throws {
        let k44 = try MLDSA44.PrivateKey(seedRepresentation: [UInt8](repeating: 1, count: 32))
        #expect(throws: MLDSAError(.invalidKeyLength)) { try MLDSA44.PrivateKey(seedRepresentation: [UInt8](repeating: 1, count: 31)) }
        #expect(throws: MLDSAError(.invalidKeyLength)) { try MLDSA65.PublicKey(rawRepresentation: k44.publicKey.rawRepresentation) }
        #expect(MLDSA65.PublicKey(k44.publicKey.erased) == nil)
        // A 44 signature is not a 65 signature (length) even under the same seed.
        let k65 = try MLDSA65.PrivateKey(seedRepresentation: [UInt8](repeating: 1, count: 32))
        let m: [UInt8] = [1, 2, 3]
        #expect(!k65.publicKey.isValidSignature(k44.signature(for: m), for: m))
        #expect(throws: MLDSAError(.invalidMuLength)) { try k44.signature(forMu: [UInt8](repeating: 0, count: 63), randomness: [UInt8](repeating: 0, count: 32)) }
        #expect(throws: MLDSAError(.invalidRandomnessLength)) { try k44.signature(forMu: [UInt8](repeating: 0, count: 64), randomness: [UInt8](repeating: 0, count: 31)) }
        // An expanded key with an s1 coefficient out of range (encoded value 7 > 2η for η = 2).
        var sk = k44.expandedRepresentation
        sk[128] |= 0x07
        #expect(throws: MLDSAError(.invalidPrivateKey)) { try AnyMLDSAPrivateKey(parameters: .mldsa44, expandedRepresentation: sk) }
        // A flipped t0 bit: inconsistent.
        var sk2 = k44.expandedRepresentation
        sk2[sk2.count - 1] ^= 1
        #expect(throws: MLDSAError(.invalidPrivateKey)) { try AnyMLDSAPrivateKey(parameters: .mldsa44, expandedRepresentation: sk2) }
        // Hint encodings: a decreasing count and non-zero padding are refused.
        let sig = try k44.deterministicSignature(for: m)
        let hintStart = 32 + 4 * 576
        var bad = sig
        bad[hintStart + 80] = 81   // first count above ω
        #expect(!k44.publicKey.isValidSignature(bad, for: m))
        bad = sig
        bad[hintStart + 79] = 1    // padding after the last position (when the hint does not use all ω slots)
        if sig[hintStart + 80 + 3] < 80 { #expect(!k44.publicKey.isValidSignature(bad, for: m)) }
    }
}
