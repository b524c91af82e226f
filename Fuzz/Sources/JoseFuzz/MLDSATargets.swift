// ML-DSA decoders: the input as a signature (sigDecode: c̃, z, the hint encoding — FIPS 204 Algorithm 27/21) under
// fixed keys of the three levels, the rest of it as the message; and the input as a public key (pkDecode) of
// whichever level its length names, with a verification of the input as signature. Invariants: no trap; a public key
// re-encodes byte for byte; a signature valid under one level's key is valid under no other level's.

import MLDSA

enum FixedMLDSA {
    nonisolated(unsafe) static var keys: [AnyMLDSAPrivateKey] = []
    static func load() {
        keys = [MLDSAParameters.mldsa44, .mldsa65, .mldsa87].map {
            try! AnyMLDSAPrivateKey(parameters: $0, seedRepresentation: [UInt8](repeating: 0x2a, count: 32))
        }
    }
}

func fuzzMLDSA(_ bytes: [UInt8]) {
    for key in FixedMLDSA.keys {
        let n = key.parameters.signatureByteCount
        let sig = Array(bytes.prefix(n))
        let message = Array(bytes.dropFirst(n))
        let valid = key.publicKey.isValidSignature(sig, for: message)
        if valid {
            for other in FixedMLDSA.keys where other.parameters != key.parameters {
                invariant(!other.publicKey.isValidSignature(sig, for: message), "ML-DSA signature valid under two levels")
            }
        }
        _ = key.publicKey.isValidSignature(sig, forMu: message.prefix(64))
    }
    for p in [MLDSAParameters.mldsa44, .mldsa65, .mldsa87] where bytes.count == p.publicKeyByteCount {
        if let k = try? AnyMLDSAPublicKey(parameters: p, rawRepresentation: bytes) {
            invariant(k.rawRepresentation == bytes, "ML-DSA public key does not round-trip")
            _ = k.isValidSignature(bytes, for: bytes)
        }
    }
}
