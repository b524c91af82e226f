import Foundation
@testable import SHA3
import TestSupport

/// The six functions, for parameterised tests.
enum Function: String, CaseIterable, CustomStringConvertible, Sendable {
    case sha3_224 = "SHA3-224", sha3_256 = "SHA3-256", sha3_384 = "SHA3-384", sha3_512 = "SHA3-512"
    case shake128 = "SHAKE-128", shake256 = "SHAKE-256"

    var description: String { rawValue }
    var isSHAKE: Bool { self == .shake128 || self == .shake256 }
    /// The ACVP folder under Vectors/sha3/acvp/.
    var acvpFile: String { "sha3/acvp/\(rawValue)-\(isSHAKE ? "1.0" : "2.0")/internalProjection.json" }
    var digestSize: Int {
        switch self {
        case .sha3_224: 28
        case .sha3_256: 32
        case .sha3_384: 48
        case .sha3_512: 64
        case .shake128, .shake256: 0
        }
    }

    /// A fresh sponge of this function (white-box: the tests' way to feed a final partial byte).
    var sponge: _KeccakSponge {
        switch self {
        case .sha3_224: SHA3_224().sponge
        case .sha3_256: SHA3_256().sponge
        case .sha3_384: SHA3_384().sponge
        case .sha3_512: SHA3_512().sponge
        case .shake128: SHAKE128().sponge
        case .shake256: SHAKE256().sponge
        }
    }

    /// The output for a message of `bits` bits, `outputBytes` long, through the module's sponge: whole bytes through
    /// `absorb`, the 0…7 bits of a last partial byte through `pad(finalBits:bitCount:)` (first bit least significant).
    func output(message: [UInt8], bits: Int, outputBytes: Int) -> [UInt8] {
        var s = sponge
        let whole = bits / 8
        let partial = bits % 8
        message.withUnsafeBytes { s.absorb(UnsafeRawBufferPointer(rebasing: $0[0..<whole])) }
        // ACVP puts a last partial byte's k bits in its k high-order positions, and they are the value of that byte
        // shifted right by 8 − k in FIPS 202's order (the lowest of them is the message's next bit).
        let last: UInt64 = partial > 0 ? UInt64(message[whole] >> (8 - partial)) : 0
        s.pad(finalBits: last, bitCount: partial)
        var out = [UInt8](repeating: 0, count: outputBytes)
        out.withUnsafeMutableBytes { s.squeeze(into: $0) }
        return out
    }

    /// The output of the public API for a byte message (the digest for SHA-3, `outputBytes` bytes for SHAKE).
    func hash(_ message: [UInt8], outputBytes: Int = 0) -> [UInt8] {
        switch self {
        case .sha3_224: SHA3_224.hash(data: message).bytes
        case .sha3_256: SHA3_256.hash(data: message).bytes
        case .sha3_384: SHA3_384.hash(data: message).bytes
        case .sha3_512: SHA3_512.hash(data: message).bytes
        case .shake128: SHAKE128.hash(data: message, outputByteCount: outputBytes)
        case .shake256: SHAKE256.hash(data: message, outputByteCount: outputBytes)
        }
    }
}

/// An ACVP internalProjection file's test groups (JSON objects).
func acvpGroups(_ file: String) throws -> [[String: Any]] {
    let data = Data(try Vectors.bytes(file))
    guard let top = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let groups = top["testGroups"] as? [[String: Any]]
    else { throw VectorError.malformed(file, "no testGroups") }
    return groups
}
