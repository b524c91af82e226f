// Base64 (RFC 4648 §4) and base64url (§5) decoding for secret material — private keys in PEM bodies, private JWK
// members, `oct` keys — in constant time: each character is classified by arithmetic (range masks, never a table
// indexed by the character), the value is assembled under masks, and the validity of the whole text is folded into
// one mask that is looked at once, at the end. Loop bounds and output positions depend on the length only. The
// only facts published are the verdict (the same for every valid text) and, for padded text, the number of `=`
// characters (the decoded length, which is part of the structure). `Scripts/ct-check.sh` checks it under memcheck.

/// Strict base64 / base64url decoding in constant time (see the file's header).
public enum ConstantTimeBase64 {
    /// The two characters after `A–Z a–z 0–9`: `+ /` (base64) or `- _` (base64url).
    public struct Alphabet: Sendable, Equatable, Hashable {
        @usableFromInline let c62: UInt8
        @usableFromInline let c63: UInt8
        /// RFC 4648 §4: `+` and `/`.
        public static let standard = Alphabet(c62: UInt8(ascii: "+"), c63: UInt8(ascii: "/"))
        /// RFC 4648 §5: `-` and `_`.
        public static let url = Alphabet(c62: UInt8(ascii: "-"), c63: UInt8(ascii: "_"))
    }

    /// Whether the text carries `=` padding.
    public struct Padding: Sendable, Equatable, Hashable {
        private enum Backing: Sendable, Hashable { case required, none }
        private let backing: Backing
        /// The length is a multiple of 4; one or two `=` end the last quantum when it is short (PEM).
        public static let required = Padding(backing: .required)
        /// No `=` at all; a length of 4k + 1 is impossible (JOSE, RFC 7515 §2).
        public static let none = Padding(backing: .none)
        var isRequired: Bool { backing == .required }
    }

    /// Why a text was refused, and where. Built only after the verdict has been published.
    public struct DecodingError: Error, Sendable, Equatable, Hashable {
        public struct Kind: Sendable, Equatable, Hashable {
            private enum Backing: Sendable, Hashable { case invalidLength, invalidCharacter, misplacedPadding, nonZeroTrailingBits }
            private let backing: Backing
            /// A length no encoding has (not a multiple of 4 with `.required`; 4k + 1 with `.none`).
            public static let invalidLength = Kind(backing: .invalidLength)
            /// A character outside the alphabet (whitespace included), or data after padding.
            public static let invalidCharacter = Kind(backing: .invalidCharacter)
            /// `=` anywhere but the last two places of the last quantum.
            public static let misplacedPadding = Kind(backing: .misplacedPadding)
            /// Bits left over in the last character are not zero (RFC 4648 §3.5: not the canonical encoding).
            public static let nonZeroTrailingBits = Kind(backing: .nonZeroTrailingBits)
        }
        public let kind: Kind
        /// The offset in the text: the first offending character; the last character for the length and the
        /// trailing bits (the last data character, before any padding).
        public let offset: Int
    }

    /// Decodes `input` (ASCII bytes). Throws for the first offending character in text order, then for the
    /// trailing bits; a wrong length is refused before any character is read.
    public static func decode(_ input: UnsafeBufferPointer<UInt8>, alphabet: Alphabet, padding: Padding) throws(DecodingError) -> [UInt8] {
        let n = input.count
        let required = padding.isRequired
        if required ? n % 4 != 0 : n % 4 == 1 {
            throw DecodingError(kind: .invalidLength, offset: n - 1)
        }
        let rest = n % 4
        let capacity = n / 4 * 3 + (rest == 0 ? 0 : rest - 1)
        var bad: UInt64 = 0          // all ones once an offending character was seen
        var firstBad = UInt64(n)     // its offset
        var badKind: UInt64 = 0      // all ones: misplaced padding; 0: invalid character
        var trailing: UInt64 = 0     // all ones: non-zero trailing bits
        var pad2: UInt64 = 0, pad3: UInt64 = 0   // `=` in the last quantum's third / fourth place
        var out = [UInt8](unsafeUninitializedCapacity: capacity) { o, written in
            var i = 0, j = 0
            var quantum: UInt64 = 0
            var previous: UInt64 = 0
            while i < n {
                let c = UInt64(input[i])
                let (value, valid) = classify(c, alphabet)
                let isPad = required ? CT.equalMask(c, 0x3D) : 0
                let place = i & 3
                let inLastQuantum = i >= n &- 4
                var here: UInt64      // all ones: this character is an offence
                var kind: UInt64 = 0
                if required && inLastQuantum && place >= 2 {
                    // `=` allowed here; after a `=` in the third place only `=` may follow.
                    let afterPad = place == 3 ? pad2 : 0
                    here = (~valid & ~isPad) | (valid & afterPad)
                    if place == 2 { pad2 = isPad } else { pad3 = isPad }
                } else {
                    here = ~valid
                    kind = isPad
                }
                let first = here & ~bad
                firstBad = CT.select(first, UInt64(i), firstBad)
                badKind = CT.select(first, kind, badKind)
                bad |= here
                quantum = quantum &<< 6 | (value & 63)
                previous = value
                if place == 3 {
                    o[j] = UInt8(truncatingIfNeeded: quantum &>> 16)
                    o[j &+ 1] = UInt8(truncatingIfNeeded: quantum &>> 8)
                    o[j &+ 2] = UInt8(truncatingIfNeeded: quantum)
                    j &+= 3
                    quantum = 0
                }
                i &+= 1
            }
            if rest == 2 {
                o[j] = UInt8(truncatingIfNeeded: quantum &>> 4)
                j &+= 1
                trailing = CT.nonZeroMask(previous & 0x0F)
            } else if rest == 3 {
                o[j] = UInt8(truncatingIfNeeded: quantum &>> 10)
                o[j &+ 1] = UInt8(truncatingIfNeeded: quantum &>> 2)
                j &+= 2
                trailing = CT.nonZeroMask(previous & 0x03)
            }
            written = j
        }
        if required && n >= 4 {
            // Pad bits: with one `=` the low 2 bits of the third character's value, with two the low 4 bits of the
            // second's; both are in the last three output bytes (positions fixed by the length).
            let last = UInt64(out[capacity - 2]) << 8 | UInt64(out[capacity - 1])
            let onePad = pad3 & ~pad2, twoPads = pad3 & pad2
            trailing = (onePad & CT.nonZeroMask(last & 0xFF)) | (twoPads & CT.nonZeroMask(last))
        }
        if CT.declassify(bad) {
            CT.wipe(&out)
            let kind: DecodingError.Kind = CT.declassify(badKind) ? .misplacedPadding : .invalidCharacter
            throw DecodingError(kind: kind, offset: Int(CT.declassifyValue(firstBad)))
        }
        let pads = required ? Int(CT.declassifyValue(pad3 & (1 &+ (pad2 & 1)))) : 0
        if CT.declassify(trailing) {
            CT.wipe(&out)
            throw DecodingError(kind: .nonZeroTrailingBits, offset: n - 1 - pads)
        }
        // Drop the zero bytes decoded from the padding (their count gives the decoded length: public).
        if pads > 0 { out.removeLast(pads) }
        return out
    }

    /// Decodes bytes of a contiguous collection (see ``decode(_:alphabet:padding:)``).
    public static func decode(_ input: [UInt8], alphabet: Alphabet, padding: Padding) throws(DecodingError) -> [UInt8] {
        let result: Result<[UInt8], DecodingError> = input.withUnsafeBufferPointer { buffer in
            do throws(DecodingError) { return .success(try decode(buffer, alphabet: alphabet, padding: padding)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// All ones when `c` is a character of `alphabet` (padding excluded), else 0; no table, no branch.
    @inline(__always)
    public static func alphabetMask(_ c: UInt8, _ alphabet: Alphabet) -> UInt64 {
        classify(UInt64(c), alphabet).1
    }

    /// The 6-bit value of `c` and a mask of its validity, by range masks (no table, no branch).
    @inline(__always)
    static func classify(_ c: UInt64, _ alphabet: Alphabet) -> (UInt64, UInt64) {
        let upper = CT.inRangeMask(c, 0x41, 0x5A)   // A–Z → 0…25
        let lower = CT.inRangeMask(c, 0x61, 0x7A)   // a–z → 26…51
        let digit = CT.inRangeMask(c, 0x30, 0x39)   // 0–9 → 52…61
        let s62 = CT.equalMask(c, UInt64(alphabet.c62)), s63 = CT.equalMask(c, UInt64(alphabet.c63))
        let value = (upper & (c &- 0x41)) | (lower & (c &- 0x47)) | (digit & (c &+ 4)) | (s62 & 62) | (s63 & 63)
        return (value, upper | lower | digit | s62 | s63)
    }
}
