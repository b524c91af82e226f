import ConstantTime
import SharedPrimitives

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
        // The body of a private key is secret: every test on its characters is a mask whose verdict — the same for
        // every valid body (no base64 character is a line feed, CR, '-' or ':') — is the only thing published, and
        // the body is decoded by the constant-time decoder.
        var bytes = Array(text.utf8)
        defer { CT.wipe(&bytes) }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for i in 0..<bytes.count where PEMBody.isByte(bytes[i], 0x0A) {
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
            defer { CT.wipe(&body) }
            var closed = false
            while index < lines.count {
                var l = lines[index]
                index += 1
                if let c = l.last, PEMBody.isByte(c, 0x0D) { l = l.dropLast() }
                if let c = l.first, PEMBody.isByte(c, 0x2D), l.starts(with: endPrefix) {
                    let t = trimBoundary(l)
                    guard let endLabel = boundaryLabel(t, prefix: endPrefix, suffix: dashes), endLabel == label else {
                        throw DERError.make(.invalidPEM, at: l.startIndex, "END line does not match \"-----BEGIN \(label)-----\"")
                    }
                    closed = true
                    break
                }
                if PEMBody.containsColon(l) {
                    throw DERError.make(.unsupported, at: l.startIndex, "PEM headers (RFC 1421, e.g. encrypted keys) are not supported")
                }
                guard !l.isEmpty else {
                    throw DERError.make(.invalidBase64, at: l.startIndex, "empty line inside a PEM body")
                }
                if let bad = PEMBody.firstNonBase64(l) {
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
                der = try PEMBody.decode(body)
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
        let b64 = PEMBody.encode(derBytes)
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

/// The tests on a PEM body's characters and its strict base64 (RFC 4648 §4). Decoding and every test on body
/// characters run in constant time (`Base64.decodeSecret`, masks from `CT`): a PEM body may be a private key.
enum PEMBody {

    /// Whether `c == b`, with only the verdict published.
    @inline(__always)
    static func isByte(_ c: UInt8, _ b: UInt8) -> Bool { CT.declassify(CT.equalMask(UInt64(c), UInt64(b))) }

    /// Whether a body line contains `:` (an RFC 1421 header), with only the verdict published.
    static func containsColon(_ line: ArraySlice<UInt8>) -> Bool {
        var seen: UInt64 = 0
        for c in line { seen |= CT.equalMask(UInt64(c), 0x3A) }
        return CT.declassify(seen)
    }

    /// The first character of a body line that is neither base64 nor `=`; the line's verdict is computed under
    /// masks and published once, and only a refused line is searched.
    static func firstNonBase64(_ line: ArraySlice<UInt8>) -> Int? {
        var bad: UInt64 = 0
        for c in line { bad |= ~isBase64OrPadMask(c) }
        guard CT.declassify(bad) else { return nil }
        return line.firstIndex { !CT.declassify(isBase64OrPadMask($0)) }
    }

    @inline(__always)
    private static func isBase64OrPadMask(_ c: UInt8) -> UInt64 {
        Base64.alphabetMask(c, .standard) | CT.equalMask(UInt64(c), 0x3D)
    }

    /// Padded standard base64.
    static func encode(_ data: [UInt8]) -> [UInt8] {
        Base64.encodedBytes(data, alphabet: .standard, padded: true)
    }

    /// Decodes padded base64 in constant time; any character outside the alphabet (whitespace included), a length
    /// that is not a multiple of 4, padding anywhere but the end, or non-zero pad bits is an error.
    static func decode(_ text: [UInt8]) throws(DERError) -> [UInt8] {
        do {
            return try Base64.decodeSecret(text, alphabet: .standard, padding: .required)
        } catch {
            let reason: String
            switch error.kind {
            case .invalidLength: reason = "base64 length \(text.count) is not a multiple of 4"
            case .misplacedPadding: reason = "misplaced base64 padding"
            case .nonZeroTrailingBits: reason = "non-zero base64 pad bits"
            default: reason = "character 0x\(String(text[error.offset], radix: 16)) is not base64"
            }
            throw DERError.make(.invalidBase64, at: nil, reason)
        }
    }
}
