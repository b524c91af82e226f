import SHA2

// HMAC (SHA2's public API) with a secret key: a 32-byte key (padded to the block), a 200-byte key (hashed first, as
// RFC 2104 says for a key longer than the block), the prepared-key path a verifier keeps, and the constant-time
// check of a received MAC. The MAC is the output (kept, never inspected); the verdict of the check is folded into a
// word handed to `keep`, never branched on here — a caller branching on it is publishing it, which is the point.

private let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }

private func secretKey(_ count: Int) -> SymmetricKey {
    SymmetricKey(data: tainted((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 9) }))
}

let hmacChecks: [CTCheck] = [
    CTCheck(name: "hmac.sha256") {
        keep(HMAC<SHA256>.authenticationCode(for: message, using: secretKey(32)))
        keep(HMAC<SHA256>.authenticationCode(for: message, using: secretKey(200)))
    },
    CTCheck(name: "hmac.sha384-sha512") {
        keep(HMAC<SHA384>.authenticationCode(for: message, using: secretKey(48)))
        keep(HMAC<SHA512>.authenticationCode(for: message, using: secretKey(64)))
    },
    CTCheck(name: "hmac.sha256.verify") {
        let prepared = HMAC<SHA256>.Key(secretKey(32))
        let received = [UInt8](repeating: 0x42, count: 32)   // a public MAC from the wire
        let verdict = HMAC<SHA256>.isValidAuthenticationCode(received, authenticating: message, using: prepared)
        keep(UInt8(unsafeBitCast(verdict, to: UInt8.self)) ^ 1)
    },
]
