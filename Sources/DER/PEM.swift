/// PEM armour, the strict textual encoding of RFC 7468 §2–§3:
///
/// ```
/// -----BEGIN LABEL-----
/// base64 lines
/// -----END LABEL-----
/// ```
/// Reading finds every block in a text (text around and between blocks is ignored — RFC 7468 §2),
/// accepts LF or CRLF line ends, allows spaces or tabs only at the end of the boundary lines, and
/// decodes the body as strict base64 (RFC 4648 §4: standard alphabet, `=` padding required and only
/// at the end, pad bits zero, no whitespace inside a line). Legacy RFC 1421 headers (`Proc-Type:`,
/// i.e. encrypted PEM) are refused as unsupported. Which label is acceptable is the caller's call.
public struct PEMDocument: Sendable, Equatable, Hashable {
    /// The label between `BEGIN ` and the dashes, e.g. `PUBLIC KEY`; and the decoded body.
    public var label: String
    /// The decoded body.
    public var derBytes: [UInt8]

    /// A document to write with `pemString`; the label must follow RFC 7468 §3.
    public init(label: String, derBytes: [UInt8]) {
        self.label = label
        self.derBytes = derBytes
    }

    /// Exactly one PEM block (surrounding text ignored). No block, or more than one, is `.invalidPEM`.
    public init(pemString: String) throws(DERError) {
        let docs = try PEMDocument.parseAll(pemString)
        guard docs.count == 1 else {
            throw DERError.make(.invalidPEM, at: nil, docs.isEmpty ? "no PEM block found" : "\(docs.count) PEM blocks found, expected one")
        }
        self = docs[0]
    }

    /// Exactly one PEM block, whose label must be `expectedLabel` (`.unexpectedPEMLabel` otherwise).
    public init(pemString: String, expectedLabel: String) throws(DERError) {
        try self.init(pemString: pemString)
        guard label == expectedLabel else {
            throw DERError.make(.unexpectedPEMLabel, at: nil, "PEM label is \"\(label)\", expected \"\(expectedLabel)\"")
        }
    }

    /// Every PEM block in `text`, in order.
    public static func parseAll(_ text: String) throws(DERError) -> [PEMDocument] {
        let bytes = Array(text.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for i in 0..<bytes.count where bytes[i] == 0x0A {
            lines.append(bytes[start..<i])
            start = i + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }

        let beginPrefix = Array("-----BEGIN ".utf8), endPrefix = Array("-----END ".utf8), dashes = Array("-----".utf8)
        var docs: [PEMDocument] = []
        var index = 0
        while index < lines.count {
            let line = trimBoundary(lines[index])
            index += 1
            guard line.starts(with: beginPrefix) else { continue }
            let beginOffset = line.startIndex  // byte offset of the BEGIN line in the text
            guard let label = boundaryLabel(line, prefix: beginPrefix, suffix: dashes) else {
                throw DERError.make(.invalidPEM, at: beginOffset, "malformed BEGIN line")
            }
            var body: [UInt8] = []
            var closed = false
            while index < lines.count {
                var l = lines[index]
                index += 1
                if l.last == 0x0D { l = l.dropLast() }
                if l.starts(with: endPrefix) {
                    let t = trimBoundary(l)
                    guard let endLabel = boundaryLabel(t, prefix: endPrefix, suffix: dashes), endLabel == label else {
                        throw DERError.make(.invalidPEM, at: l.startIndex, "END line does not match \"-----BEGIN \(label)-----\"")
                    }
                    closed = true
                    break
                }
                if l.contains(UInt8(ascii: ":")) {
                    throw DERError.make(.unsupported, at: l.startIndex, "PEM headers (RFC 1421, e.g. encrypted keys) are not supported")
                }
                guard !l.isEmpty else {
                    throw DERError.make(.invalidBase64, at: l.startIndex, "empty line inside a PEM body")
                }
                if let bad = l.firstIndex(where: { !Base64.isBase64OrPad($0) }) {
                    throw DERError.make(.invalidBase64, at: bad, "character 0x\(String(l[bad], radix: 16)) is not base64 (no whitespace inside a line)")
                }
                body += l
            }
            guard closed else {
                throw DERError.make(.invalidPEM, at: beginOffset, "no \"-----END \(label)-----\" line")
            }
            guard !body.isEmpty else {
                throw DERError.make(.invalidPEM, at: beginOffset, "empty PEM body")
            }
            let der: [UInt8]
            do {
                der = try Base64.decode(body)
            } catch let e {
                throw DERError.make(e.code, at: beginOffset, "in the block at this offset: \(e.reason)")
            }
            docs.append(PEMDocument(label: label, derBytes: der))
        }
        return docs
    }

    /// The PEM text: BEGIN line, base64 in 64-column lines, END line, each ended by LF
    /// (RFC 7468 §2, strict form).
    public var pemString: String {
        let b64 = Base64.encode(derBytes)
        var out = "-----BEGIN \(label)-----\n"
        var i = 0
        while i < b64.count {
            let j = min(i + 64, b64.count)
            out += String(decoding: b64[i..<j], as: UTF8.self)
            out += "\n"
            i = j
        }
        out += "-----END \(label)-----\n"
        return out
    }

    /// Drops a trailing CR and any spaces or tabs before it.
    private static func trimBoundary(_ l: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var l = l
        if l.last == 0x0D { l = l.dropLast() }
        while let c = l.last, c == 0x20 || c == 0x09 { l = l.dropLast() }
        return l
    }

    /// The label between `prefix` and `suffix`, if the line is exactly that and the label is
    /// valid: `label = [ labelchar *( ["-" / SP] labelchar ) ]`, labelchar = %x21-2C / %x2E-7E
    /// (RFC 7468 §3).
    private static func boundaryLabel(_ l: ArraySlice<UInt8>, prefix: [UInt8], suffix: [UInt8]) -> String? {
        guard l.count >= prefix.count + suffix.count, l.starts(with: prefix), l.suffix(suffix.count).elementsEqual(suffix) else {
            return nil
        }
        let label = l.dropFirst(prefix.count).dropLast(suffix.count)
        var previousWasSeparator = true  // no separator first
        for c in label {
            let isLabelChar = (0x21...0x2C).contains(c) || (0x2E...0x7E).contains(c)
            if isLabelChar {
                previousWasSeparator = false
            } else if c == 0x2D || c == 0x20 {
                if previousWasSeparator { return nil }
                previousWasSeparator = true
            } else {
                return nil
            }
        }
        if !label.isEmpty && previousWasSeparator { return nil }
        return String(decoding: label, as: UTF8.self)
    }
}

/// Strict base64 (RFC 4648 §4), used only by the PEM code.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let decodeTable: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        return t
    }()

    static func isBase64OrPad(_ c: UInt8) -> Bool { decodeTable[Int(c)] != 0xFF || c == UInt8(ascii: "=") }

    static func encode(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((data.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= data.count {
            let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2])
            out += [alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)], alphabet[Int(v & 63)]]
            i += 3
        }
        let rest = data.count - i
        if rest == 1 {
            let v = UInt32(data[i]) << 16
            out += [alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8
            out += [alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)], UInt8(ascii: "=")]
        }
        return out
    }

    /// Decodes padded base64; any character outside the alphabet (whitespace included), a length
    /// that is not a multiple of 4, padding anywhere but the end, or non-zero pad bits is an error.
    static func decode(_ text: [UInt8]) throws(DERError) -> [UInt8] {
        guard text.count % 4 == 0 else {
            throw DERError.make(.invalidBase64, at: nil, "base64 length \(text.count) is not a multiple of 4")
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        let eq = UInt8(ascii: "=")
        var i = 0
        while i < text.count {
            let last = i + 4 == text.count
            var v: UInt32 = 0
            var pad = 0
            for j in 0..<4 {
                let c = text[i + j]
                if c == eq && last && j >= 2 {
                    pad += 1
                    v <<= 6
                    continue
                }
                let d = decodeTable[Int(c)]
                guard d != 0xFF, pad == 0 else {
                    throw DERError.make(.invalidBase64, at: nil, c == eq ? "misplaced base64 padding" : "character 0x\(String(c, radix: 16)) is not base64")
                }
                v = v << 6 | UInt32(d)
            }
            out.append(UInt8(v >> 16))
            if pad < 2 { out.append(UInt8(v >> 8 & 0xFF)) }
            if pad < 1 { out.append(UInt8(v & 0xFF)) }
            // RFC 4648 §3.5: the pad bits must be zero for a canonical encoding.
            if (pad == 1 && v & 0xFF != 0) || (pad == 2 && v & 0xFFFF != 0) {
                throw DERError.make(.invalidBase64, at: nil, "non-zero base64 pad bits")
            }
            i += 4
        }
        return out
    }
}
