// 64×64 → 128-bit arithmetic for the multi-precision code of BigNum, RSA, ECDSA and Ed25519:
// - `Limb`: word operations (products, additions and subtractions with the carry as a word) with no 128-bit type,
//   the same code on every platform; ECDSA's generated Montgomery field and scalar products use them.
// - `U128` (public, used by those modules) and `I128` (SafeGCD's column sums, internal): 128-bit integers for the
//   rest (BigNum, RSA, Ed25519, P-521's field columns).
//
// The standard library's 128-bit integers exist on Apple systems only from macOS 15 / iOS 18 / tvOS 18 / watchOS 11 /
// visionOS 2, above this package's floor (iOS 13 / macOS 10.15 / tvOS 13 / watchOS 6 / visionOS 1;
// Scripts/check-availability.py keeps library code off such APIs). So `U128` and `I128` are `PortableU128` and
// `PortableI128` below, on every platform (one code path: what the tests run on Linux is what Apple systems run): two
// 64-bit halves with the few operations the limb code uses, under the standard library's spelling
// (`init(_low:_high:)`, `_low`, `_high`, `&+`, `&-`, `&*`, `&>>`), built from `multipliedFullWidth(by:)` and
// `adding/subtractingReportingOverflow`, with no branch (a carry's Bool becomes 0/1 through `unsafeBitCast` to
// `UInt8`; a `?:` compiled to a jump). Against the standard library's type on Linux x86-64 they cost more
// instructions where long column sums remain (P-521's field, Ed25519's field, BigNum): PERFORMANCE.md, "128-bit
// arithmetic on Apple systems", has every row. BigNumTests' `PortableU128Tests` checks them against the standard
// library's type.
//
// `public` and `@_transparent`: only so is the body inlined into the other modules, in release builds and in the debug
// builds the test suites run (a `package` or `@inlinable package` operator stayed a call per limb operation across
// modules: the P-256 field product grew from 725 to 3,646 bytes). Users of the package need not use them.

public typealias U128 = PortableU128
typealias I128 = PortableI128

/// Word operations for multi-precision limb code: 64×64 → 128-bit products and additions with the carry as a word,
/// on 64-bit words and (high, low) pairs. The same code on every platform: no 128-bit integer type (see above).
///
/// How a carry becomes a word decides how tight the code is. A carry out of an addition is the operation's overflow
/// `Bool` (`addingReportingOverflow`) or a comparison (`s < b` for `s = a &+ b`), turned into 0/1 by a bit cast
/// (`word(_:)`; never `?:`, which compiles to a jump): LLVM then emits `add`/`adc` or `setb`, no branch on data
/// (ct-check proves it on the compiled code). Which of the two reads best was measured per operation (swiftc -O,
/// x86-64, ECDSA's generated kernels): the comparison for the product-plus-addends of `mulAdd`, the overflow flag
/// for additions, where a chain of `add(_:_:_:)` then compiles to one `adc` per word. A carry-in of at most 1 is
/// ORed in (the two carries cannot both be set). A carry computed from the operands' top bits
/// (`(a & b | (a | b) & ~s) >> 63`) is not recognised: P-256's Montgomery product took 583 instructions with it,
/// 220 with these (the standard library's 128-bit type: 215).
public enum Limb {
    /// 0 or 1 from a `Bool`, by a bit cast (no branch).
    @_transparent
    public static func word(_ bit: Bool) -> UInt64 { UInt64(unsafeBitCast(bit, to: UInt8.self)) }

    /// a·b.
    @_transparent
    public static func mul(_ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
        a.multipliedFullWidth(by: b)
    }

    /// a·b + c (at most 2¹²⁸ − 2⁶⁴: never wraps).
    @_transparent
    public static func mulAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> (high: UInt64, low: UInt64) {
        let p = a.multipliedFullWidth(by: b)
        let s = p.low &+ c
        return (p.high &+ word(s < c), s)
    }

    /// a·b + c + d (at most 2¹²⁸ − 1: never wraps).
    @_transparent
    public static func mulAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (high: UInt64, low: UInt64) {
        let p = a.multipliedFullWidth(by: b)
        let s = p.low &+ c
        let t = s &+ d
        return (p.high &+ word(s < c) &+ word(t < d), t)
    }

    /// a + b: the sum and its carry (0 or 1).
    @_transparent
    public static func add(_ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
        let (s, o) = a.addingReportingOverflow(b)
        return (word(o), s)
    }

    /// a + b + carry, for a `carry` of 0 or 1: the sum and its carry (0 or 1).
    @_transparent
    public static func add(_ a: UInt64, _ b: UInt64, _ carry: UInt64) -> (high: UInt64, low: UInt64) {
        let (s, o1) = a.addingReportingOverflow(b)
        let (t, o2) = s.addingReportingOverflow(carry)
        return (word(o1) | word(o2), t)
    }

    /// x + y modulo 2¹²⁸, on (high, low) pairs.
    @_transparent
    public static func add(
        _ x: (high: UInt64, low: UInt64), _ y: (high: UInt64, low: UInt64)
    ) -> (high: UInt64, low: UInt64) {
        let s = x.low &+ y.low
        return (x.high &+ y.high &+ word(s < y.low), s)
    }

    /// a − b − borrow, for a `borrow` of 0 or 1: the difference and its borrow (0 or 1).
    @_transparent
    public static func subtract(_ a: UInt64, _ b: UInt64, _ borrow: UInt64) -> (borrow: UInt64, low: UInt64) {
        let d = a &- b
        return (word(a < b) | word(d < borrow), d &- borrow)
    }

    /// x >> n (logical) on a (high, low) pair, for a constant 0 < n < 64.
    @_transparent
    public static func shiftRight(_ x: (high: UInt64, low: UInt64), _ n: UInt64) -> (high: UInt64, low: UInt64) {
        (x.high &>> n, (x.low &>> n) | (x.high &<< (64 &- n)))
    }
}

/// An unsigned 128-bit integer: `_high`·2⁶⁴ + `_low`. Arithmetic wraps modulo 2¹²⁸.
@frozen
public struct PortableU128 {
    public var _low: UInt64
    public var _high: UInt64

    @_transparent
    public init(_low: UInt64, _high: UInt64) {
        self._low = _low
        self._high = _high
    }

    /// `a + b` modulo 2¹²⁸.
    @_transparent
    public static func &+ (a: PortableU128, b: PortableU128) -> PortableU128 {
        let (low, carry) = a._low.addingReportingOverflow(b._low)
        return PortableU128(_low: low, _high: a._high &+ b._high &+ UInt64(unsafeBitCast(carry, to: UInt8.self)))
    }

    /// `a − b` modulo 2¹²⁸.
    @_transparent
    public static func &- (a: PortableU128, b: PortableU128) -> PortableU128 {
        let (low, borrow) = a._low.subtractingReportingOverflow(b._low)
        return PortableU128(_low: low, _high: a._high &- b._high &- UInt64(unsafeBitCast(borrow, to: UInt8.self)))
    }

    /// `a · b` modulo 2¹²⁸ (one `mul` when both high halves are zero, as they are at every use here).
    @_transparent
    public static func &* (a: PortableU128, b: PortableU128) -> PortableU128 {
        let p = a._low.multipliedFullWidth(by: b._low)
        return PortableU128(_low: p.low, _high: p.high &+ a._high &* b._low &+ a._low &* b._high)
    }

    /// `a >> n` (logical), `n` taken modulo 128 as by the standard library's masking shift.
    @_transparent
    public static func &>> (a: PortableU128, n: Int) -> PortableU128 {
        let s = UInt64(truncatingIfNeeded: n) & 127
        if s >= 64 { return PortableU128(_low: a._high &>> (s &- 64), _high: 0) }
        if s == 0 { return a }
        return PortableU128(_low: (a._low &>> s) | (a._high &<< (64 &- s)), _high: a._high &>> s)
    }
}

/// A signed 128-bit integer in two's complement: `_high`·2⁶⁴ + `_low`, `_high` signed. Arithmetic wraps.
@frozen
public struct PortableI128 {
    public var _low: UInt64
    public var _high: Int64

    @_transparent
    public init(_low: UInt64, _high: Int64) {
        self._low = _low
        self._high = _high
    }

    /// The exact product of two `Int64`s.
    @_transparent
    public init(_ a: Int64, times b: Int64) {
        let p = a.multipliedFullWidth(by: b)
        self.init(_low: p.low, _high: p.high)
    }

    /// `a + b` modulo 2¹²⁸.
    @_transparent
    public static func &+ (a: PortableI128, b: PortableI128) -> PortableI128 {
        let (low, carry) = a._low.addingReportingOverflow(b._low)
        return PortableI128(_low: low, _high: a._high &+ b._high &+ Int64(unsafeBitCast(carry, to: UInt8.self)))
    }

    /// `a >> n` (arithmetic: the sign fills in), for 0 < n < 64.
    @_transparent
    public static func &>> (a: PortableI128, n: Int) -> PortableI128 {
        let s = UInt64(truncatingIfNeeded: n) & 63
        return PortableI128(_low: (a._low &>> s) | (UInt64(bitPattern: a._high) &<< (64 &- s)), _high: a._high &>> s)
    }
}
