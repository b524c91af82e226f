import ConstantTime

extension Base64URL {
    /// Decodes base64url that carries secret material — the private members of a JWK (`d`, `p`, `q`, `dp`, `dq`,
    /// `qi`) and an `oct` key's `k` — in constant time (`ConstantTimeBase64`: no table indexed by a character, no
    /// branch on one; only the verdict is published). The rules and the errors are those of
    /// ``decode(_:allowPadding:)`` without padding, offset and reason included.
    static func decodeSecret(_ text: some StringProtocol) throws(JWTError) -> [UInt8] {
        var s = String(text)
        let result: Result<[UInt8], JWTError> = s.withUTF8 { buf in
            do throws(JWTError) { return .success(try decodeSecret(bytes: buf)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The same over ASCII bytes.
    static func decodeSecret(bytes input: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [UInt8] {
        do {
            return try ConstantTimeBase64.decode(input, alphabet: .url, padding: .none)
        } catch {
            let n = input.count
            switch error.kind {
            case .invalidLength: throw JWTError.badBase64(offset: n - 1, "impossible length \(n)")
            case .nonZeroTrailingBits: throw JWTError.badBase64(offset: n - 1, "non-zero trailing bits")
            default: throw JWTError.badBase64(offset: error.offset, "character outside the base64url alphabet")
            }
        }
    }
}
