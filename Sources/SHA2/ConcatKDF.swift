// The Concat KDF: the single-step key derivation of NIST SP 800-56A Rev. 3 §5.8.1 (formerly §5.8.1.1), with the
// OtherInfo of RFC 7518 §4.6.2, as JWE's ECDH-ES uses it. In SHA2, beside HMAC and MGF1, because it is a hash
// construction and SHA2 is the one module that both key agreements (X25519 in Ed25519, ECDH in ECDSA) and JOSE use.

/// Why a Concat KDF call was refused: a length outside what SP 800-56A's fixed 32-bit fields can carry.
public struct ConcatKDFError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, in words (never key material).
    public let reason: String
    init(_ reason: String) { self.reason = reason }
    public var description: String { "ConcatKDFError: \(reason)" }
}

/// The single-step KDF of NIST SP 800-56A §5.8.1: K(i) = H(counter ‖ Z ‖ OtherInfo) for counter = 1, 2, … (32-bit
/// big-endian), concatenated and cut to the requested length. JOSE (RFC 7518 §4.6.2) uses it with SHA-256.
public enum ConcatKDF {
    /// The OtherInfo of RFC 7518 §4.6.2: AlgorithmID ‖ PartyUInfo ‖ PartyVInfo ‖ SuppPubInfo, each of the first
    /// three as a 32-bit big-endian length followed by the bytes, SuppPubInfo the key length in bits (32-bit
    /// big-endian); SuppPrivInfo is empty. `algorithmID` is the `enc` value for `ECDH-ES` (direct key agreement),
    /// the `alg` value for `ECDH-ES+A*KW`; `partyUInfo` / `partyVInfo` are the decoded `apu` / `apv` (empty when
    /// absent). Throws when a field is longer than 2³² − 1 bytes or the bit length does not fit 32 bits.
    public static func otherInfo(
        algorithmID: some Collection<UInt8>, partyUInfo: some Collection<UInt8>, partyVInfo: some Collection<UInt8>,
        keyDataLengthInBits: Int
    ) throws(ConcatKDFError) -> [UInt8] {
        guard keyDataLengthInBits >= 0, UInt64(keyDataLengthInBits) <= UInt64(UInt32.max) else {
            throw ConcatKDFError("the key data length in bits must be in 0…2³² − 1")
        }
        var out: [UInt8] = []
        func field(_ bytes: some Collection<UInt8>, _ name: String) throws(ConcatKDFError) {
            guard UInt64(bytes.count) <= UInt64(UInt32.max) else {
                throw ConcatKDFError("\(name) is longer than 2³² − 1 bytes")
            }
            appendBigEndian(UInt32(bytes.count), to: &out)
            out.append(contentsOf: bytes)
        }
        try field(algorithmID, "AlgorithmID")
        try field(partyUInfo, "PartyUInfo")
        try field(partyVInfo, "PartyVInfo")
        appendBigEndian(UInt32(keyDataLengthInBits), to: &out)
        return out
    }

    /// The first `outputByteCount` bytes of the KDF with hash `h` over the shared secret `z` and `otherInfo`, as a
    /// key. Throws unless 1 ≤ `outputByteCount` ≤ (2³² − 1)/8 (the bit length must fit SuppPubInfo's 32 bits; the
    /// counter then never reaches its bound of 2³² − 1 blocks). Constant time in `z`.
    public static func deriveKey<H: HashFunction>(
        _ h: H.Type, sharedSecret z: UnsafeRawBufferPointer, otherInfo: some Sequence<UInt8>, outputByteCount: Int
    ) throws(ConcatKDFError) -> SymmetricKey {
        guard outputByteCount >= 1, UInt64(outputByteCount) <= UInt64(UInt32.max) / 8 else {
            throw ConcatKDFError("the output length must be 1…\(UInt32.max / 8) bytes, not \(outputByteCount)")
        }
        var out = [UInt8](repeating: 0, count: outputByteCount)
        var counter: UInt32 = 1
        var offset = 0
        while offset < outputByteCount {
            var hash = H()
            withUnsafeBytes(of: counter.bigEndian) { hash.update(bufferPointer: $0) }
            hash.update(bufferPointer: z)
            // H(counter ‖ Z ‖ OtherInfo): OtherInfo is public, so it is re-read rather than kept as a forked state.
            hash.update(data: otherInfo)
            var block = hash.finalize()
            block.withUnsafeBytes { t in
                let n = Swift.min(H.byteCount, outputByteCount - offset)
                for i in 0..<n { out[offset + i] = t[i] }
            }
            CT.wipe(&block)
            CT.wipe(&hash)
            offset += H.byteCount
            counter &+= 1
        }
        defer { CT.wipe(&out) }
        return SymmetricKey(data: out)
    }

    /// RFC 7518 §4.6.2 in one call: SHA-256, OtherInfo from ``otherInfo(algorithmID:partyUInfo:partyVInfo:keyDataLengthInBits:)``
    /// with keydatalen = 8 · `outputByteCount`. E.g. `ECDH-ES` with `enc` A128GCM: `algorithmID: Array("A128GCM".utf8)`,
    /// 16 bytes.
    public static func joseKey(
        sharedSecret z: UnsafeRawBufferPointer, algorithmID: some Collection<UInt8>,
        partyUInfo: some Collection<UInt8>, partyVInfo: some Collection<UInt8>, outputByteCount: Int
    ) throws(ConcatKDFError) -> SymmetricKey {
        guard outputByteCount >= 1, UInt64(outputByteCount) <= UInt64(UInt32.max) / 8 else {
            throw ConcatKDFError("the output length must be 1…\(UInt32.max / 8) bytes, not \(outputByteCount)")
        }
        let info = try otherInfo(algorithmID: algorithmID, partyUInfo: partyUInfo, partyVInfo: partyVInfo,
                                 keyDataLengthInBits: outputByteCount * 8)
        return try deriveKey(SHA256.self, sharedSecret: z, otherInfo: info, outputByteCount: outputByteCount)
    }

    static func appendBigEndian(_ v: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: v >> 24)); out.append(UInt8(truncatingIfNeeded: v >> 16))
        out.append(UInt8(truncatingIfNeeded: v >> 8)); out.append(UInt8(truncatingIfNeeded: v))
    }
}

extension SharedSecret {
    /// The key JWE's `ECDH-ES` derives from this secret (RFC 7518 §4.6.2): the Concat KDF with SHA-256, AlgorithmID
    /// (the `enc` for direct agreement, the `alg` for `ECDH-ES+A*KW`), PartyUInfo / PartyVInfo (decoded `apu` /
    /// `apv`, empty when absent) and keydatalen = 8 · `outputByteCount`.
    public func concatKDFDerivedSymmetricKey(
        algorithmID: some Collection<UInt8>, partyUInfo: some Collection<UInt8>, partyVInfo: some Collection<UInt8>,
        outputByteCount: Int
    ) throws(ConcatKDFError) -> SymmetricKey {
        let result: Result<SymmetricKey, ConcatKDFError> = withUnsafeBytes { z in
            do throws(ConcatKDFError) {
                return .success(try ConcatKDF.joseKey(sharedSecret: z, algorithmID: algorithmID, partyUInfo: partyUInfo,
                                                      partyVInfo: partyVInfo, outputByteCount: outputByteCount))
            } catch { return .failure(error) }
        }
        return try result.get()
    }
}
