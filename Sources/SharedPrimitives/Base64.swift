// Base64 (RFC 4648 §4) and base64url (§5): the one codec of the package. PEM bodies, JOSE's compact serialisation,
// `x5c` certificates, App Store promotional offers all decode and encode here; each caller turns a
// ``Base64/DecodingError`` (a kind and an offset) into its own typed error. Secret material (private keys in PEM
// bodies, private JWK members) goes through the constant-time decoder in `Base64+ConstantTime.swift` instead, whose
// rules and errors are the same.

/// Strict base64 / base64url: one alphabet, no whitespace, canonical trailing bits (RFC 4648 §3.5).
package enum Base64 {
    /// The two characters after `A–Z a–z 0–9`: `+ /` (base64) or `- _` (base64url).
    package struct Alphabet: Sendable, Equatable, Hashable {
        @usableFromInline let c62: UInt8
        @usableFromInline let c63: UInt8
        /// RFC 4648 §4: `+` and `/`.
        package static let standard = Alphabet(c62: UInt8(ascii: "+"), c63: UInt8(ascii: "/"))
        /// RFC 4648 §5: `-` and `_`.
        package static let url = Alphabet(c62: UInt8(ascii: "-"), c63: UInt8(ascii: "_"))
    }

    /// Whether the text carries `=` padding.
    package enum Padding: Sendable, Equatable, Hashable {
        /// The length is a multiple of 4; one or two `=` end the last quantum when it is short (PEM, `x5c`).
        case required
        /// No `=` at all; a length of 4k + 1 is impossible (JOSE, RFC 7515 §2).
        case none
        /// Either: no `=`, or exactly the padding the length needs (some load balancers pad JOSE tokens). The
        /// constant-time decoder does not take it.
        case optional
    }

    /// Why a text was refused, and where.
    package struct DecodingError: Error, Sendable, Equatable, Hashable {
        package enum Kind: Sendable, Equatable, Hashable {
            /// A length no encoding has (not a multiple of 4 with `.required`; 4k + 1 otherwise).
            case invalidLength
            /// A character outside the alphabet (whitespace included), or data after padding.
            case invalidCharacter
            /// `=` where padding cannot be: inside the text with `.required`, or (`.optional`) a run of `=` that is
            /// not the exact padding for the length.
            case misplacedPadding
            /// Bits left over in the last character are not zero (not the canonical encoding).
            case nonZeroTrailingBits
        }
        package let kind: Kind
        /// The offset in the text: the first offending character; the last character for the length; the last data
        /// character (before any padding) for the trailing bits; the first `=` for misplaced `.optional` padding.
        package let offset: Int

        package init(kind: Kind, offset: Int) {
            self.kind = kind
            self.offset = offset
        }
    }

    // MARK: Decoding (public data: a table indexed by the character)

    /// 0…63 for the alphabet, 0xFF for anything else.
    private static let standardTable = table(.standard)
    private static let urlTable = table(.url)

    private static func table(_ a: Alphabet) -> [UInt8] {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for i in 0..<62 { t[Int(letterOrDigit(i))] = UInt8(i) }
        t[Int(a.c62)] = 62
        t[Int(a.c63)] = 63
        return t
    }

    /// The character for a value below 62: `A–Z a–z 0–9`.
    private static func letterOrDigit(_ v: Int) -> UInt8 {
        v < 26 ? UInt8(65 + v) : v < 52 ? UInt8(97 - 26 + v) : UInt8(48 - 52 + v)
    }

    /// The number of characters carrying data (the text without its padding) and the decoded length. Throws for a
    /// length no encoding has and for misplaced `.optional` padding; reads no character but trailing `=`.
    package static func decodedLength(_ input: UnsafeBufferPointer<UInt8>, padding: Padding) throws(DecodingError) -> (characters: Int, bytes: Int) {
        let count = input.count
        var n = count
        let equals = UInt8(ascii: "=")
        switch padding {
        case .none:
            break
        case .required:
            guard count % 4 == 0 else { throw DecodingError(kind: .invalidLength, offset: count - 1) }
            if n > 0 && input[n - 1] == equals { n -= 1; if input[n - 1] == equals { n -= 1 } }
        case .optional:
            var pads = 0
            while n > 0 && input[n - 1] == equals && pads < 3 { n -= 1; pads += 1 }
            // Padding must complete the last quantum exactly: total length a multiple of 4, one or two `=`.
            if pads > 0 && (count % 4 != 0 || pads > 2 || n % 4 + pads != 4) {
                throw DecodingError(kind: .misplacedPadding, offset: n)
            }
        }
        if n % 4 == 1 && padding != .required { throw DecodingError(kind: .invalidLength, offset: n - 1) }
        let rest = n % 4
        return (n, n / 4 * 3 + (rest == 0 ? 0 : rest - 1))
    }

    /// Decodes the first `characters` characters of `input` (from ``decodedLength(_:padding:)``) into `output`, which
    /// has room for the decoded length. Throws for the first character outside the alphabet in text order (with
    /// `.required`, a `=` there is ``DecodingError/Kind/misplacedPadding``), then for non-zero trailing bits.
    package static func decode(_ input: UnsafeBufferPointer<UInt8>, characters n: Int, alphabet: Alphabet, padding: Padding,
                               into o: UnsafeMutableBufferPointer<UInt8>) throws(DecodingError) {
        let full = n - n % 4
        let rest = n - full
        let table = alphabet == .url ? urlTable : standardTable
        var failure: Int? = nil
        var last: UInt8 = 0
        table.withUnsafeBufferPointer { t in
            var i = 0, j = 0
            while i < full {
                let a = t[Int(input[i])], b = t[Int(input[i &+ 1])], c = t[Int(input[i &+ 2])], d = t[Int(input[i &+ 3])]
                if (a | b | c | d) & 0xC0 != 0 { failure = i; return }
                let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                o[j] = UInt8(truncatingIfNeeded: v >> 16)
                o[j &+ 1] = UInt8(truncatingIfNeeded: v >> 8)
                o[j &+ 2] = UInt8(truncatingIfNeeded: v)
                last = d
                i &+= 4
                j &+= 3
            }
            guard rest >= 2 else { return }
            var v: UInt32 = 0
            for k in 0..<rest {
                let x = t[Int(input[full &+ k])]
                if x & 0xC0 != 0 { failure = full; return }
                v = v << 6 | UInt32(x)
                last = x
            }
            if rest == 2 {
                o[j] = UInt8(truncatingIfNeeded: v >> 4)
            } else {
                o[j] = UInt8(truncatingIfNeeded: v >> 10)
                o[j &+ 1] = UInt8(truncatingIfNeeded: v >> 2)
            }
        }
        if let from = failure {
            var at = from
            table.withUnsafeBufferPointer { t in while at < input.count && t[Int(input[at])] & 0xC0 == 0 { at += 1 } }
            let isPad = padding == .required && at < input.count && input[at] == UInt8(ascii: "=")
            throw DecodingError(kind: isPad ? .misplacedPadding : .invalidCharacter, offset: at)
        }
        // RFC 4648 §3.5: the bits left over in the last character must be zero (one encoding per byte string).
        if (rest == 2 && last & 0x0F != 0) || (rest == 3 && last & 0x03 != 0) {
            throw DecodingError(kind: .nonZeroTrailingBits, offset: n - 1)
        }
    }

    /// Decodes `input` (ASCII bytes) into a new array.
    package static func decode(_ input: UnsafeBufferPointer<UInt8>, alphabet: Alphabet, padding: Padding) throws(DecodingError) -> [UInt8] {
        let (n, count) = try decodedLength(input, padding: padding)
        var failure: DecodingError? = nil
        let out = [UInt8](unsafeUninitializedCapacity: count) { o, written in
            do throws(DecodingError) {
                try decode(input, characters: n, alphabet: alphabet, padding: padding, into: o)
                written = count
            } catch {
                failure = error
                written = 0
            }
        }
        if let failure { throw failure }
        return out
    }

    /// Decodes the bytes of an array (see ``decode(_:alphabet:padding:)-(UnsafeBufferPointer<UInt8>,_,_)``).
    package static func decode(_ input: [UInt8], alphabet: Alphabet, padding: Padding) throws(DecodingError) -> [UInt8] {
        try input.withUnsafeBufferPointer { buffer throws(DecodingError) in try decode(buffer, alphabet: alphabet, padding: padding) }
    }

    /// Decodes the UTF-8 of a string.
    package static func decode(_ text: some StringProtocol, alphabet: Alphabet, padding: Padding) throws(DecodingError) -> [UInt8] {
        var s = String(text)
        let result: Result<[UInt8], DecodingError> = s.withUTF8 { buffer in
            do throws(DecodingError) { return .success(try decode(buffer, alphabet: alphabet, padding: padding)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    // MARK: Encoding

    /// The length of the encoding of `n` bytes.
    @inline(__always)
    package static func encodedCount(_ n: Int, padded: Bool) -> Int {
        padded ? (n + 2) / 3 * 4 : (n * 4 + 2) / 3
    }

    /// Writes the encoding of `source` at `destination` (room for ``encodedCount(_:padded:)`` bytes); returns the
    /// number of bytes written.
    package static func encode(_ source: UnsafeBufferPointer<UInt8>, alphabet: Alphabet, padded: Bool,
                               to destination: UnsafeMutablePointer<UInt8>) -> Int {
        @inline(__always) func character(_ v: UInt32) -> UInt8 {
            let v = Int(v & 63)
            return v == 62 ? alphabet.c62 : v == 63 ? alphabet.c63 : letterOrDigit(v)
        }
        let n = source.count
        var i = 0, o = 0
        while i + 3 <= n {
            let v = UInt32(source[i]) << 16 | UInt32(source[i &+ 1]) << 8 | UInt32(source[i &+ 2])
            destination[o] = character(v >> 18)
            destination[o &+ 1] = character(v >> 12)
            destination[o &+ 2] = character(v >> 6)
            destination[o &+ 3] = character(v)
            i &+= 3
            o &+= 4
        }
        let rest = n - i
        guard rest > 0 else { return o }
        var v = UInt32(source[i]) << 16
        if rest == 2 { v |= UInt32(source[i &+ 1]) << 8 }
        destination[o] = character(v >> 18)
        destination[o &+ 1] = character(v >> 12)
        o &+= 2
        if rest == 2 { destination[o] = character(v >> 6); o &+= 1 }
        if padded {
            while o % 4 != 0 { destination[o] = UInt8(ascii: "="); o &+= 1 }
        }
        return o
    }

    /// The encoding of `bytes` as ASCII bytes.
    package static func encodedBytes(_ bytes: some Collection<UInt8>, alphabet: Alphabet, padded: Bool) -> [UInt8] {
        if let result = bytes.withContiguousStorageIfAvailable({ encodedBytes($0, alphabet: alphabet, padded: padded) }) {
            return result
        }
        return Array(bytes).withUnsafeBufferPointer { encodedBytes($0, alphabet: alphabet, padded: padded) }
    }

    private static func encodedBytes(_ source: UnsafeBufferPointer<UInt8>, alphabet: Alphabet, padded: Bool) -> [UInt8] {
        let count = encodedCount(source.count, padded: padded)
        return [UInt8](unsafeUninitializedCapacity: count) { destination, written in
            written = count == 0 ? 0 : encode(source, alphabet: alphabet, padded: padded, to: destination.baseAddress!)
        }
    }

    /// The encoding of `bytes` as text.
    package static func encode(_ bytes: some Collection<UInt8>, alphabet: Alphabet, padded: Bool) -> String {
        String(decoding: encodedBytes(bytes, alphabet: alphabet, padded: padded), as: UTF8.self)
    }
}
