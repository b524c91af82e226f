// The result of a key agreement (X25519 in Ed25519, ECDH in ECDSA): secret bytes that only a key derivation should
// read, with CryptoKit's name. Here, in SHA2, because that is the one module both key agreements and JOSE share.

/// The secret output of a key agreement (RFC 7748 §6.1's K, SP 800-56A's Z), CryptoKit's `SharedSecret`.
///
/// Feed it to a key derivation (``concatKDFDerivedSymmetricKey(algorithmID:partyUInfo:partyVInfo:outputByteCount:)``
/// for JOSE's `ECDH-ES`) rather than using it as a key. `description` never shows the bytes, `==` runs in constant
/// time, and the storage is overwritten when the last copy goes away (best effort).
public struct SharedSecret: Sendable, Equatable, CustomStringConvertible {
    let storage: SecretByteStorage

    /// The module that computes the agreement hands over its bytes (copied; the caller wipes its own buffer).
    package init(secretBytes: [UInt8]) { storage = SecretByteStorage(secretBytes) }

    /// The number of bytes (32 for X25519, the field size for ECDH).
    public var byteCount: Int { storage.bytes.count }

    /// Calls `body` with the secret bytes.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = storage.bytes.withUnsafeBytes { raw in
            do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Constant-time equality (the time depends on the lengths only).
    public static func == (a: SharedSecret, b: SharedSecret) -> Bool {
        a.storage.bytes.withUnsafeBytes { x in b.storage.bytes.withUnsafeBytes { y in CT.equals(x, y) } }
    }

    /// "SharedSecret(n bytes)": never the bytes.
    public var description: String { "SharedSecret(\(byteCount) bytes)" }
}

/// Secret bytes wiped on deinit.
final class SecretByteStorage: @unchecked Sendable {
    // Written once in init, read-only afterwards, wiped in deinit.
    private(set) var bytes: [UInt8]
    init(_ b: [UInt8]) { bytes = b }
    deinit { CT.wipe(&bytes) }
}
