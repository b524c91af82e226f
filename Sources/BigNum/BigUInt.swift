/// An arbitrary-precision unsigned integer on `UInt64` limbs, least-significant limb first.
///
/// The value type of this module: big-endian bytes in and out (with fixed-width, left-padded
/// output), comparison, addition, subtraction, multiplication, shifts and division with
/// remainder. It is meant for key set-up and tests; the hot paths (Montgomery multiplication and
/// exponentiation, see ``MontgomeryContext``) work on preallocated limb buffers instead.
///
/// The representation is normalised: no most-significant zero limbs, and zero has no limbs, so
/// `==` compares values. Operations are variable time; use them on public values only.
public struct BigUInt: Sendable, Hashable {
    /// Limbs, least significant first, without trailing (most-significant) zero limbs.
    public private(set) var limbs: [UInt64]

    /// Zero.
    public init() { limbs = [] }

    /// The value of one limb.
    public init(_ value: UInt64) { limbs = value == 0 ? [] : [value] }

    /// The value of limbs given least significant first (most-significant zero limbs are dropped).
    public init(limbs: [UInt64]) {
        self.limbs = limbs
        normalize()
    }

    /// The value of a big-endian byte string (leading zero bytes are allowed; empty is zero).
    public init(bigEndianBytes bytes: some Collection<UInt8>) {
        // Contiguous inputs ([UInt8], slices) are read in place; others are copied once.
        if let v = bytes.withContiguousStorageIfAvailable({ BigUInt.limbs(bigEndian: $0) }) {
            self.init(limbs: v)
        } else {
            self.init(limbs: Array(bytes).withUnsafeBufferPointer { BigUInt.limbs(bigEndian: $0) })
        }
    }

    private static func limbs(bigEndian bytes: UnsafeBufferPointer<UInt8>) -> [UInt64] {
        let count = bytes.count
        return [UInt64](unsafeUninitializedCapacity: (count + 7) / 8) { out, initialized in
            var limb = 0
            var end = count  // bytes[end-8 ..< end] is the next limb, least significant first
            while end > 0 {
                var v: UInt64 = 0
                var i = Swift.max(0, end - 8)
                while i < end {
                    v = v << 8 | UInt64(bytes[i])
                    i += 1
                }
                out[limb] = v
                limb += 1
                end -= 8
            }
            initialized = limb
        }
    }

    /// Parses hexadecimal digits (no prefix, either case; empty is zero). Nil on any other character.
    public init?(hex: some StringProtocol) {
        var out: [UInt64] = []
        var current: UInt64 = 0
        var bits: UInt64 = 0
        for c in hex.utf8.reversed() {
            let v: UInt64
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt64(c &- UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = UInt64(c &- UInt8(ascii: "a") &+ 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = UInt64(c &- UInt8(ascii: "A") &+ 10)
            default: return nil
            }
            current |= v &<< bits
            bits &+= 4
            if bits == 64 { out.append(current); current = 0; bits = 0 }
        }
        if bits > 0 { out.append(current) }
        self.init(limbs: out)
    }

    /// True for zero.
    @inlinable
    public var isZero: Bool { limbs.isEmpty }

    /// Number of significant bits (0 for zero).
    public var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 64 - top.leadingZeroBitCount
    }

    /// Number of bytes in the minimal big-endian encoding (0 for zero).
    public var byteCount: Int { (bitWidth + 7) / 8 }

    /// Bit `i` (0 = least significant); false beyond the top.
    public func bit(_ i: Int) -> Bool {
        guard i >= 0 else { return false }
        let l = i / 64
        guard l < limbs.count else { return false }
        return (limbs[l] >> UInt64(i % 64)) & 1 == 1
    }

    /// The minimal big-endian encoding (no leading zero bytes; empty for zero).
    public var bigEndianBytes: [UInt8] { bigEndianBytes(count: byteCount)! }

    /// The big-endian encoding left-padded with zero bytes to exactly `count` bytes, or nil if the
    /// value does not fit.
    public func bigEndianBytes(count: Int) -> [UInt8]? {
        guard count >= byteCount else { return nil }
        var out = [UInt8](repeating: 0, count: count)
        for i in 0..<byteCount {
            out[count - 1 - i] = UInt8(truncatingIfNeeded: limbs[i / 8] >> UInt64((i % 8) * 8))
        }
        return out
    }

    /// Lowercase hexadecimal without leading zeros ("0" for zero).
    public var hexString: String {
        guard let top = limbs.last else { return "0" }
        var s = String(top, radix: 16)
        for l in limbs.dropLast().reversed() {
            let digits = String(l, radix: 16)
            s += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return s
    }

    @usableFromInline
    mutating func normalize() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }
}

extension BigUInt: ExpressibleByIntegerLiteral {
    /// A literal below 2⁶⁴.
    public init(integerLiteral value: UInt64) { self.init(value) }
}

extension BigUInt: CustomStringConvertible, CustomDebugStringConvertible {
    /// `0x` followed by lowercase hexadecimal.
    public var description: String { "0x" + hexString }
    /// `BigUInt(0x…)`.
    public var debugDescription: String { "BigUInt(0x\(hexString))" }
}

extension BigUInt: Comparable {
    /// Numeric order.
    public static func < (a: BigUInt, b: BigUInt) -> Bool { compare(a, b) < 0 }

    /// −1, 0 or 1 as `a` is less than, equal to or greater than `b`.
    public static func compare(_ a: BigUInt, _ b: BigUInt) -> Int {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count ? -1 : 1 }
        var i = a.limbs.count - 1
        while i >= 0 {
            if a.limbs[i] != b.limbs[i] { return a.limbs[i] < b.limbs[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }
}
