import MLDSA
import SHA3

/// ML-DSA (FIPS 204): key generation and hedged signing with the 32-byte seed in never-written memory, at every level
/// (ML-DSA-44: η = 2, γ2 = (q−1)/88; ML-DSA-65: η = 4, γ2 = (q−1)/32; ML-DSA-87: η = 2, γ2 = (q−1)/32). Published on
/// purpose (CT.declassify*, Scripts/ct-check.supp): ρ and the public key; each candidate's accept/reject verdict in
/// RejBoundedPoly and SampleInBall (rejected values are discarded, FIPS 204 §3.6.3); each signing round's combined
/// verdict (the number of rounds); and the accepted signature's c̃ and hint positions. The leaky variant is the
/// reference implementation's early-exit norm check run on secret coefficients: it must be caught.
let mldsaChecks: [CTCheck] = [MLDSAParameters.mldsa44, .mldsa65, .mldsa87].flatMap { p in
    let tag = "mldsa" + String(p.name.dropFirst(7))
    return [
        CTCheck(name: "\(tag).keygen") {
            let key = try! AnyMLDSAPrivateKey(parameters: p, seedRepresentation: undefinedBytes(32))
            withExtendedLifetime(key) {}
        },
        CTCheck(name: "\(tag).sign") {
            let key = try! AnyMLDSAPrivateKey(parameters: p, seedRepresentation: undefinedBytes(32))
            let signature = try! key.signature(for: Array("ct-check: a message to sign".utf8), context: Array("ctx".utf8))
            withExtendedLifetime(signature) {}
        },
    ]
} + [
    CTCheck(name: "leaky.mldsa.norm-check") {
        // Secret coefficients in (−γ1, γ1], as ExpandMask makes y, then the early-exit norm check.
        let stream = SHAKE256.hash(data: undefinedBytes(64), outputByteCount: 3 * 256)
        var rejected = false
        for i in 0..<256 {
            let v = Int32(stream[3 * i]) | Int32(stream[3 * i + 1]) << 8 | Int32(stream[3 * i + 2] & 0x0F) << 16
            let z = (1 << 19) - v
            let abs = z < 0 ? -z : z
            if abs >= (1 << 19) - 196 { rejected = true; break }
        }
        withExtendedLifetime(rejected) {}
    },
]
