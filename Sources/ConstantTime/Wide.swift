// 128-bit integers as two 64-bit halves, for the multi-precision arithmetic of BigNum, RSA, ECDSA and Ed25519.
//
// Why not the standard library's `UInt128` / `Int128`: they exist only from macOS 15 / iOS 18 / tvOS 18 /
// watchOS 11 / visionOS 2, above this package's floor (iOS 13 / macOS 10.15 / tvOS 13 / watchOS 6 / visionOS 1;
// Scripts/check-availability.py keeps library code off such APIs). These two structs offer the few operations the
// limb code used from them, under the same spelling (`init(_low:_high:)`, `_low`, `_high`, `&+`, `&-`, `&*`,
// `&>>`), built from `multipliedFullWidth(by:)` and `adding/subtractingReportingOverflow`: the optimiser turns
// them into the same `mul` + `add`/`adc` (`sub`/`sbb`) sequences as the native types, with no branch: the carry's
// Bool becomes 0/1 through `unsafeBitCast` to `UInt8` (as ECDSALimbs.subtractBorrowing does; a `?:` can compile
// to a longer form), and ct-check's valgrind run would see a conditional jump on a secret.
//
// They are `public` and `@_transparent`: only so is the body inlined into the other modules, in release builds and in
// the debug builds the test suites run (a `package` or `@inlinable package` function stayed a call per limb operation
// across modules: the P-256 field product grew from 725 to 3,646 bytes). Users of the package need not use them.

/// An unsigned 128-bit integer: `_high`·2⁶⁴ + `_low`. Arithmetic wraps modulo 2¹²⁸.
@frozen
public struct U128 {
    public var _low: UInt64
    public var _high: UInt64

    @_transparent
    public init(_low: UInt64, _high: UInt64) {
        self._low = _low
        self._high = _high
    }

    /// `a + b` modulo 2¹²⁸.
    @_transparent
    public static func &+ (a: U128, b: U128) -> U128 {
        let (low, carry) = a._low.addingReportingOverflow(b._low)
        return U128(_low: low, _high: a._high &+ b._high &+ UInt64(unsafeBitCast(carry, to: UInt8.self)))
    }

    /// `a − b` modulo 2¹²⁸.
    @_transparent
    public static func &- (a: U128, b: U128) -> U128 {
        let (low, borrow) = a._low.subtractingReportingOverflow(b._low)
        return U128(_low: low, _high: a._high &- b._high &- UInt64(unsafeBitCast(borrow, to: UInt8.self)))
    }

    /// `a · b` modulo 2¹²⁸ (one `mul` when both high halves are zero, as they are at every use here).
    @_transparent
    public static func &* (a: U128, b: U128) -> U128 {
        let p = a._low.multipliedFullWidth(by: b._low)
        return U128(_low: p.low, _high: p.high &+ a._high &* b._low &+ a._low &* b._high)
    }

    /// `a >> n` (logical), `n` taken modulo 128 as by the standard library's masking shift.
    @_transparent
    public static func &>> (a: U128, n: Int) -> U128 {
        let s = UInt64(truncatingIfNeeded: n) & 127
        if s >= 64 { return U128(_low: a._high &>> (s &- 64), _high: 0) }
        if s == 0 { return a }
        return U128(_low: (a._low &>> s) | (a._high &<< (64 &- s)), _high: a._high &>> s)
    }
}

/// A signed 128-bit integer in two's complement: `_high`·2⁶⁴ + `_low`, `_high` signed. Arithmetic wraps.
@frozen
public struct I128 {
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
    public static func &+ (a: I128, b: I128) -> I128 {
        let (low, carry) = a._low.addingReportingOverflow(b._low)
        return I128(_low: low, _high: a._high &+ b._high &+ Int64(unsafeBitCast(carry, to: UInt8.self)))
    }

    /// `a >> n` (arithmetic: the sign fills in), for 0 < n < 64.
    @_transparent
    public static func &>> (a: I128, n: Int) -> I128 {
        let s = UInt64(truncatingIfNeeded: n) & 63
        return I128(_low: (a._low &>> s) | (UInt64(bitPattern: a._high) &<< (64 &- s)), _high: a._high &>> s)
    }
}
