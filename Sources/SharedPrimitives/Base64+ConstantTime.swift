// Base64 (RFC 4648 §4) and base64url (§5) decoding for secret material — private keys in PEM bodies, private JWK
// members, `oct` keys — in constant time: each character is classified by arithmetic (range masks, never a table
// indexed by the character), the value is assembled under masks, and the validity of the whole text is folded into
// one mask that is looked at once, at the end. Loop bounds and output positions depend on the length only. The
// only facts published are the verdict (the same for every valid text) and, for padded text, the number of `=`
// characters (the decoded length, which is part of the structure). `Scripts/ct-check.sh` checks it under memcheck.

import ConstantTime

extension Base64 {
    /// Decodes secret `input` (ASCII bytes) in constant time (see the file's header). Throws for the first
    /// offending character in text order, then for the trailing bits; a wrong length is refused before any
    /// character is read. `padding` is `.required` or `.none`.
    package static func decodeSecret(_ input: UnsafeBufferPointer<UInt8>, alphabet: Alphabet, padding: Padding) throws(DecodingError) -> [UInt8] {
        let n = input.count
        precondition(padding != .optional, "the constant-time decoder takes .required or .none padding")
        let required = padding == .required
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

    /// Decodes the bytes of an array (see ``decodeSecret(_:alphabet:padding:)-(UnsafeBufferPointer<UInt8>,_,_)``).
    package static func decodeSecret(_ input: [UInt8], alphabet: Alphabet, padding: Padding) throws(DecodingError) -> [UInt8] {
        let result: Result<[UInt8], DecodingError> = input.withUnsafeBufferPointer { buffer in
            do throws(DecodingError) { return .success(try decodeSecret(buffer, alphabet: alphabet, padding: padding)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// All ones when `c` is a character of `alphabet` (padding excluded), else 0; no table, no branch.
    @inline(__always)
    package static func alphabetMask(_ c: UInt8, _ alphabet: Alphabet) -> UInt64 {
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
