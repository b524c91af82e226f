import SHA2
import TestSupport

/// The six SHA-2 functions, for parameterised tests; `rawValue` is the CAVP file prefix.
enum Algorithm: String, CaseIterable, Sendable, CustomStringConvertible {
    case sha224 = "SHA224", sha256 = "SHA256", sha384 = "SHA384", sha512 = "SHA512"
    case sha512_224 = "SHA512_224", sha512_256 = "SHA512_256"

    var description: String { rawValue }

    var digestSize: Int {
        switch self {
        case .sha224, .sha512_224: 28
        case .sha256, .sha512_256: 32
        case .sha384: 48
        case .sha512: 64
        }
    }

    /// Calls `body` with the function's type, so one generic test body covers all six.
    func with<R>(_ body: (any HashFunction.Type) throws -> R) rethrows -> R {
        switch self {
        case .sha224: try body(SHA224.self)
        case .sha256: try body(SHA256.self)
        case .sha384: try body(SHA384.self)
        case .sha512: try body(SHA512.self)
        case .sha512_224: try body(SHA512_224.self)
        case .sha512_256: try body(SHA512_256.self)
        }
    }

    /// One-shot digest bytes.
    func hash(_ message: [UInt8]) -> [UInt8] {
        with { h in hashBytes(h, message) }
    }

    /// One-shot HMAC bytes.
    func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        with { h in hmacBytes(h, key: key, message: message) }
    }
}

func hashBytes<H: HashFunction>(_: H.Type, _ message: [UInt8]) -> [UInt8] {
    H.hash(data: message).bytes
}

func hmacBytes<H: HashFunction>(_: H.Type, key: [UInt8], message: [UInt8]) -> [UInt8] {
    HMAC<H>.authenticationCode(for: message, using: SymmetricKey(data: key)).bytes
}

