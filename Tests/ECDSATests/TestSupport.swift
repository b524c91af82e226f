import ECDSA
import SHA2
import Foundation

/// What the vector tests need from a curve's public API, so each test body is written once for both
/// curves. The conformances below only forward to the real API.
protocol VerifyingKey {
    associatedtype Signature
    static var curveName: String { get }
    static var byteCount: Int { get }
    init(x963Representation: some Collection<UInt8>) throws
    init(rawRepresentation: some Collection<UInt8>) throws
    init(compressedRepresentation: some Collection<UInt8>) throws
    init(derRepresentation: some Collection<UInt8>) throws
    init(pemRepresentation: String) throws
    var x963Representation: [UInt8] { get }
    var rawRepresentation: [UInt8] { get }
    var compressedRepresentation: [UInt8] { get }
    var derRepresentation: [UInt8] { get }
    var pemRepresentation: String { get }
    static func signature(raw: [UInt8]) throws -> Signature
    static func signature(der: [UInt8]) throws -> Signature
    func isValidSignature<D: Digest>(_ s: Signature, for digest: D) -> Bool
    func isValidSignature<S: Sequence<UInt8>>(_ s: Signature, for data: S) -> Bool
}

extension P256.Signing.PublicKey: VerifyingKey {
    static var curveName: String { "P-256" }
    static var byteCount: Int { 32 }
    static func signature(raw: [UInt8]) throws -> P256.Signing.ECDSASignature { try .init(rawRepresentation: raw) }
    static func signature(der: [UInt8]) throws -> P256.Signing.ECDSASignature { try .init(derRepresentation: der) }
}

extension P384.Signing.PublicKey: VerifyingKey {
    static var curveName: String { "P-384" }
    static var byteCount: Int { 48 }
    static func signature(raw: [UInt8]) throws -> P384.Signing.ECDSASignature { try .init(rawRepresentation: raw) }
    static func signature(der: [UInt8]) throws -> P384.Signing.ECDSASignature { try .init(derRepresentation: der) }
}

extension P521.Signing.PublicKey: VerifyingKey {
    static var curveName: String { "P-521" }
    static var byteCount: Int { 66 }
    static func signature(raw: [UInt8]) throws -> P521.Signing.ECDSASignature { try .init(rawRepresentation: raw) }
    static func signature(der: [UInt8]) throws -> P521.Signing.ECDSASignature { try .init(derRepresentation: der) }
}

/// Verifies with the digest of `msg` under the named SHA-2 function ("SHA-256" or "SHA256" style);
/// nil for a hash outside SHA-2.
func verify<K: VerifyingKey>(_ key: K, _ sig: K.Signature, hash: String, msg: [UInt8]) -> Bool? {
    switch hash.replacingOccurrences(of: "-", with: "").uppercased() {
    case "SHA224": return key.isValidSignature(sig, for: SHA224.hash(data: msg))
    case "SHA256": return key.isValidSignature(sig, for: SHA256.hash(data: msg))
    case "SHA384": return key.isValidSignature(sig, for: SHA384.hash(data: msg))
    case "SHA512": return key.isValidSignature(sig, for: SHA512.hash(data: msg))
    case "SHA512/224", "SHA512224": return key.isValidSignature(sig, for: SHA512_224.hash(data: msg))
    case "SHA512/256", "SHA512256": return key.isValidSignature(sig, for: SHA512_256.hash(data: msg))
    default: return nil
    }
}

/// base64url without padding (RFC 4648 §5), for the JWK coordinates of the webcrypto vectors.
func base64URLDecode(_ s: String) -> [UInt8]? {
    var t = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while t.count % 4 != 0 { t += "=" }
    return Data(base64Encoded: t).map { [UInt8]($0) }
}
