import Foundation
import MLDSA
import SHA2
import SHA3
import TestSupport

func jsonObject(_ relative: String) throws -> [String: Any] {
    let data = try Data(Vectors.bytes(relative))
    guard let o = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw VectorError.malformed(relative, "not a JSON object")
    }
    return o
}

func parameters(_ name: String) -> MLDSAParameters? { MLDSAParameters(name: name) }

/// The DER OID (tag and length included) and the digest of the pre-hash functions of HashML-DSA (FIPS 204 §5.4).
func preHash(_ name: String, _ m: [UInt8]) -> (oid: [UInt8], digest: [UInt8])? {
    let arc: UInt8
    let digest: [UInt8]
    switch name {
    case "SHA2-256": arc = 1; digest = Array(SHA256.hash(data: m))
    case "SHA2-384": arc = 2; digest = Array(SHA384.hash(data: m))
    case "SHA2-512": arc = 3; digest = Array(SHA512.hash(data: m))
    case "SHA2-224": arc = 4; digest = Array(SHA224.hash(data: m))
    case "SHA2-512/224": arc = 5; digest = Array(SHA512_224.hash(data: m))
    case "SHA2-512/256": arc = 6; digest = Array(SHA512_256.hash(data: m))
    case "SHA3-224": arc = 7; digest = Array(SHA3_224.hash(data: m))
    case "SHA3-256": arc = 8; digest = Array(SHA3_256.hash(data: m))
    case "SHA3-384": arc = 9; digest = Array(SHA3_384.hash(data: m))
    case "SHA3-512": arc = 10; digest = Array(SHA3_512.hash(data: m))
    case "SHAKE-128": arc = 11; digest = SHAKE128.hash(data: m, outputByteCount: 32)
    case "SHAKE-256": arc = 12; digest = SHAKE256.hash(data: m, outputByteCount: 64)
    default: return nil
    }
    return ([0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, arc], digest)
}

/// μ of HashML-DSA (FIPS 204 Algorithm 4): H(tr ‖ 1 ‖ |ctx| ‖ ctx ‖ OID ‖ PH(M), 64), tr = H(pk, 64).
func hashMLDSAMu(publicKey pk: [UInt8], context: [UInt8], hashAlg: String, message: [UInt8]) -> [UInt8]? {
    guard let (oid, digest) = preHash(hashAlg, message) else { return nil }
    let tr = SHAKE256.hash(data: pk, outputByteCount: 64)
    return SHAKE256.hash(data: tr + [1, UInt8(context.count)] + context + oid + digest, outputByteCount: 64)
}

/// μ of the internal interface: H(tr ‖ M′, 64) with M′ given.
func internalMu(publicKey pk: [UInt8], message: [UInt8]) -> [UInt8] {
    SHAKE256.hash(data: SHAKE256.hash(data: pk, outputByteCount: 64) + message, outputByteCount: 64)
}

/// Debug builds are ~30× slower than release: heavy files are sampled there (every case still counted).
/// MLDSA_ALL_VECTORS=1 runs every case in a debug build too.
var isDebugBuild: Bool {
    #if DEBUG
    return ProcessInfo.processInfo.environment["MLDSA_ALL_VECTORS"] == nil
    #else
    return false
    #endif
}

struct MissingField: Error, CustomStringConvertible {
    let name: String
    var description: String { "missing or mistyped field \(name)" }
}

func str(_ d: [String: Any], _ k: String) throws -> String {
    guard let v = d[k] as? String else { throw MissingField(name: k) }
    return v
}

func hx(_ d: [String: Any], _ k: String) throws -> [UInt8] { hex(try str(d, k)) }
