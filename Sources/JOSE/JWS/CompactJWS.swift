/// Where the parts of a compact JWS (RFC 7515 §7.1) lie within the token bytes.
struct CompactParts {
    /// Index of the first '.', which ends the header part.
    let firstDot: Int
    /// Index of the second '.', which ends the payload part.
    let secondDot: Int
    let count: Int

    var headerRange: Range<Int> { 0..<firstDot }
    var payloadRange: Range<Int> { (firstDot + 1)..<secondDot }
    var signatureRange: Range<Int> { (secondDot + 1)..<count }
    /// `ASCII(BASE64URL(header)) || '.' || BASE64URL(payload)` (RFC 7515 §5.2 step 8).
    var signingInputRange: Range<Int> { 0..<secondDot }

    /// Checks the size first, then scans once for exactly two dots, stopping at a third: nothing is split or
    /// copied, so a token of 100,000 dots costs three comparisons.
    static func locate(_ buf: UnsafeBufferPointer<UInt8>, maxBytes: Int) throws(JWTError) -> CompactParts {
        guard buf.count <= maxBytes else {
            throw JWTError.make(.limitExceeded, "token of \(buf.count) bytes exceeds the \(maxBytes)-byte limit")
        }
        guard buf.count > 0 else { throw JWTError.make(.malformedToken, "empty token") }
        if buf[0] == UInt8(ascii: "{") {
            throw JWTError.make(.malformedToken, "JWS JSON serialization is not accepted; only the compact form")
        }
        var dots = (-1, -1)
        let dot = UInt8(ascii: ".")
        let n = buf.count
        var i = 0
        let raw = UnsafeRawPointer(buf.baseAddress!)
        while i < n {
            // Eight bytes at a time: skip words without a '.' (a zero byte in w ^ 0x2E2E…, SWAR test).
            if n - i >= 8 {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x2E2E_2E2E_2E2E_2E2E
                if (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080 == 0 {
                    i &+= 8
                    continue
                }
            }
            let end = min(i + 8, n)
            while i < end {
                if buf[i] == dot {
                    if dots.0 < 0 {
                        dots.0 = i
                    } else if dots.1 < 0 {
                        dots.1 = i
                    } else {
                        throw JWTError.make(.malformedToken, "more than three parts (a third '.' at offset \(i))")
                    }
                }
                i &+= 1
            }
        }
        guard dots.1 >= 0 else {
            throw JWTError.make(.malformedToken, "a compact JWS has three parts separated by two '.'; found \(dots.0 < 0 ? 0 : 1)")
        }
        let p = CompactParts(firstDot: dots.0, secondDot: dots.1, count: buf.count)
        if p.headerRange.isEmpty { throw JWTError.make(.malformedToken, "empty header part") }
        return p
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    @inline(__always)
    func slice(_ r: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: self[r]) }
}

/// Decodes a base64url part of a token, naming the part in the error.
@inline(__always)
func decodePart(_ buf: UnsafeBufferPointer<UInt8>, _ name: String, allowPadding: Bool) throws(JWTError) -> [UInt8] {
    do {
        return try Base64URL.decode(bytes: buf, allowPadding: allowPadding)
    } catch let e {
        throw JWTError.make(.invalidBase64URL, "\(name): \(e.reason)")
    }
}

/// Decodes a base64url part of a token into a temporary buffer for `body` (no array allocated), naming the part
/// in a decoding error.
@inline(__always)
func withDecodedPart<R>(_ buf: UnsafeBufferPointer<UInt8>, _ name: String, allowPadding: Bool,
                        _ body: (UnsafeBufferPointer<UInt8>) throws(JWTError) -> R) throws(JWTError) -> R {
    var decoded = false
    do {
        return try Base64URL.withDecoded(bytes: buf, allowPadding: allowPadding) { bytes throws(JWTError) in
            decoded = true
            return try body(bytes)
        }
    } catch let e where !decoded {
        throw JWTError.make(.invalidBase64URL, "\(name): \(e.reason)")
    }
}

/// Parses a header part into a ``JWSHeader``.
func parseHeader(_ buf: UnsafeBufferPointer<UInt8>, limits: JSONLimits, allowPadding: Bool) throws(JWTError) -> JWSHeader {
    let v: JSONValue
    do {
        v = try withDecodedPart(buf, "header", allowPadding: allowPadding) { b throws(JWTError) in try JSONValue.parse(b, limits: limits, publicText: true) }
    } catch let e where e.code != .invalidBase64URL {
        throw JWTError(e.code, "header: \(e.reason)")
    }
    guard case .object(let o) = v else { throw JWTError.make(.malformedToken, "header is not a JSON object") }
    return try JWSHeader(object: o)
}

/// Reads a token without checking its signature — for inspection only (the `jose decode` command, logging).
///
/// Never use the result to make a trust decision: anyone can write any header and claims. The header and the
/// payload must each be strict JSON; the payload must be an object (a JWT claims set). Size and JSON limits apply.
public func decodeUnverified(_ token: String, options: JWTVerifier.Options = .default) throws(JWTError) -> (header: JSONValue, claims: JSONValue) {
    var t = token
    return try withUTF8Bytes(&t) { buf throws(JWTError) in
        let parts = try CompactParts.locate(buf, maxBytes: options.maxTokenBytes)
        let header = try withDecodedPart(buf.slice(parts.headerRange), "header", allowPadding: options.allowPaddedBase64) { b throws(JWTError) in
            try JSONValue.parse(b, limits: options.jsonLimits, publicText: true)
        }
        guard case .object = header else { throw JWTError.make(.malformedToken, "header is not a JSON object") }
        let claims = try withDecodedPart(buf.slice(parts.payloadRange), "payload", allowPadding: options.allowPaddedBase64) { b throws(JWTError) in
            try JSONValue.parse(b, limits: options.jsonLimits, publicText: true)
        }
        guard case .object = claims else { throw JWTError.make(.malformedToken, "payload is not a JSON object") }
        return (header, claims)
    }
}
