/// Lowercase hexadecimal text of bytes: digests' descriptions, certificate serial numbers and names, UUIDs.
package enum Hex {
    @usableFromInline static let digits: StaticString = "0123456789abcdef"

    /// `bytes` as lowercase hexadecimal, two digits a byte, with `separator` before the bytes at the offsets in
    /// `separatedAt` (a UUID's dashes).
    package static func encode(_ bytes: some Sequence<UInt8>, separator: UInt8 = UInt8(ascii: "-"), separatedAt: [Int] = []) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2 + separatedAt.count)
        digits.withUTF8Buffer { d in
            for (i, b) in bytes.enumerated() {
                if !separatedAt.isEmpty && separatedAt.contains(i) { out.append(separator) }
                out.append(d[Int(b >> 4)])
                out.append(d[Int(b & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of a raw buffer as lowercase hexadecimal.
    package static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        encode(bytes.bindMemory(to: UInt8.self))
    }
}
