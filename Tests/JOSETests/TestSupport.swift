import Foundation
import SHA2
import TestSupport
@testable import JOSE

/// Helpers shared by the JOSE tests.
enum T {
    static func b64(_ s: String) -> String { Base64URL.encode(Array(s.utf8)) }

    /// An HS256/384/512 token over the exact header and payload text given (signed with SHA2's HMAC, which
    /// its own vectors test independently).
    static func hmacToken(header: String, payload: String, key: [UInt8], alg: JWSAlgorithm = .hs256) -> String {
        let input = b64(header) + "." + b64(payload)
        let mac: [UInt8]
        switch alg {
        case .hs384: mac = HMAC<SHA384>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: key)).bytes
        case .hs512: mac = HMAC<SHA512>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: key)).bytes
        default: mac = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: key)).bytes
        }
        return input + "." + Base64URL.encode(mac)
    }

    /// A JSON object parsed from a vector file member, minus private members (`d`, `p`, …): the public JWK.
    static func publicJWK(_ any: Any) throws -> JWK {
        guard var dict = any as? [String: Any] else { throw VectorError.malformed("jwk", "not an object") }
        for m in ["d", "p", "q", "dp", "dq", "qi", "oth"] { dict[m] = nil }
        let data = try JSONSerialization.data(withJSONObject: dict, options: [.sortedKeys])
        return try JWK(json: [UInt8](data))
    }

    static func jsonObject(_ relative: String) throws -> [String: Any] {
        let data = Data(try Vectors.bytes(relative))
        guard let o = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw VectorError.malformed(relative, "top level is not an object")
        }
        return o
    }

    static func json(_ any: Any) throws -> [UInt8] {
        [UInt8](try JSONSerialization.data(withJSONObject: any, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    /// Asserts that `body` throws a `JWTError` with `code`.
    static func expectCode(_ code: JWTError.Code, _ comment: String = "", sourceLocation: Testing.SourceLocation = #_sourceLocation,
                           _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected \(code), but it succeeded \(comment)", sourceLocation: sourceLocation)
        } catch let e as JWTError {
            if e.code != code { Issue.record("expected \(code), got \(e) \(comment)", sourceLocation: sourceLocation) }
        } catch {
            Issue.record("expected \(code), got \(error) \(comment)", sourceLocation: sourceLocation)
        }
    }
}

import Testing
