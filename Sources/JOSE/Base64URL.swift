import SharedPrimitives

/// Strict base64url (RFC 4648 §5) as JOSE uses it (RFC 7515 §2, Appendix C): the URL-safe alphabet,
/// no padding, no whitespace, no line breaks, and no non-zero bits left over in the last character.
///
/// Padding (`=`) is refused unless asked for with `allowPadding: true` (some load balancers emit it); when
/// allowed it must still be the exact padding for the length.
public enum Base64URL {
    /// Decodes base64url text. Throws ``JWTError`` with code ``JWTError/Code/invalidBase64URL`` for any character outside the alphabet, an impossible
    /// length (4k+1), non-zero trailing bits, or padding (unless `allowPadding`).
    public static func decode(_ text: some StringProtocol, allowPadding: Bool = false) throws(JWTError) -> [UInt8] {
        var s = String(text)
        return try withUTF8Bytes(&s) { buf throws(JWTError) in try decode(bytes: buf, allowPadding: allowPadding) }
    }

    /// Decodes base64url given as ASCII bytes. See ``decode(_:allowPadding:)``.
    public static func decode(_ bytes: [UInt8], allowPadding: Bool = false) throws(JWTError) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { buf throws(JWTError) in try decode(bytes: buf, allowPadding: allowPadding) }
    }

    /// Decodes base64url from a buffer of ASCII bytes (used on slices of a token without copying).
    public static func decode(bytes input: UnsafeBufferPointer<UInt8>, allowPadding: Bool = false) throws(JWTError) -> [UInt8] {
        do {
            return try Base64.decode(input, alphabet: .url, padding: padding(allowPadding))
        } catch {
            throw jwtError(error)
        }
    }

    /// Decodes into a temporary buffer (on the stack when small) that lives only during `body`: the token
    /// verification path parses header and payload from there without allocating an array for each.
    static func withDecoded<R>(bytes input: UnsafeBufferPointer<UInt8>, allowPadding: Bool,
                               _ body: (UnsafeBufferPointer<UInt8>) throws(JWTError) -> R) throws(JWTError) -> R {
        let padding = padding(allowPadding)
        let length: (characters: Int, bytes: Int)
        do { length = try Base64.decodedLength(input, padding: padding) } catch { throw jwtError(error) }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(length.bytes, 1)) { o throws(JWTError) in
            do throws(Base64.DecodingError) {
                try Base64.decode(input, characters: length.characters, alphabet: .url, padding: padding, into: o)
            } catch {
                throw jwtError(error)
            }
            return try body(UnsafeBufferPointer(rebasing: o[0..<length.bytes]))
        }
    }

    /// `=` padding is refused unless the caller allows it (then only the exact padding for the length).
    private static func padding(_ allowPadding: Bool) -> Base64.Padding { allowPadding ? .optional : .none }

    /// Decodes base64url that carries secret material — the private members of a JWK (`d`, `p`, `q`, `dp`, `dq`,
    /// `qi`) and an `oct` key's `k` — in constant time (`Base64.decodeSecret`: no table indexed by a character, no
    /// branch on one; only the verdict is published). The rules and the errors are those of
    /// ``decode(_:allowPadding:)`` without padding, offset and reason included.
    static func decodeSecret(_ text: some StringProtocol) throws(JWTError) -> [UInt8] {
        var s = String(text)
        return try withUTF8Bytes(&s) { buf throws(JWTError) in try decodeSecret(bytes: buf) }
    }

    /// The same over ASCII bytes.
    static func decodeSecret(bytes input: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8] {
        do {
            return try Base64.decodeSecret(input, alphabet: .url, padding: .none)
        } catch {
            throw jwtError(error)
        }
    }

    /// The ``JWTError`` for a refusal: its offset and one reason per kind.
    private static func jwtError(_ error: Base64.DecodingError) -> JWTError {
        switch error.kind {
        case .invalidLength: return JWTError.badBase64(offset: error.offset, "impossible length \(error.offset + 1)")
        case .misplacedPadding: return JWTError.badBase64(offset: error.offset, "wrong padding")
        case .nonZeroTrailingBits: return JWTError.badBase64(offset: error.offset, "non-zero trailing bits")
        case .invalidCharacter: return JWTError.badBase64(offset: error.offset, "character outside the base64url alphabet")
        }
    }

    /// Encodes bytes as base64url without padding.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        Base64.encode(bytes, alphabet: .url, padded: false)
    }
}
