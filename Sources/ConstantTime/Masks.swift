// The one constant-time layer: the value barrier, masks, selection, conditional swap, declassification, comparison
// and wiping that every secret-handling module (BigNum, SHA2, RSA, ECDSA, Ed25519, JOSE, DER) builds on. Standard
// library only; compiles in Embedded Swift (Scripts/check-embedded.sh); checked under memcheck by Scripts/ct-check.sh.
//
// A mask is 0 or all ones. The optimiser may turn `(a & m) | (b & ~m)` back into a branch when it can see where `m`
// came from, so every mask that selects secret data passes through `CT.barrier`, which it cannot see through (without
// it `swiftc -O` turned a masked table scan into conditional jumps; see ct-valgrind-demo).

/// Constant-time building blocks. A caseless namespace; every member is free of branches and memory addresses that
/// depend on its operands, except `declassify`, which exists to publish a secret-derived bit on purpose.
public enum CT {
    /// The identity, opaque to the optimiser (never inlined, never optimised): what comes out cannot be reasoned
    /// about, so masks built from it stay masks.
    @inline(never) @_optimize(none)
    public static func barrier(_ x: UInt64) -> UInt64 { x }

    /// All ones when `x ≠ 0`, else 0, through the barrier.
    @inlinable @inline(__always)
    public static func nonZeroMask(_ x: UInt64) -> UInt64 {
        barrier(0 &- ((x | (0 &- x)) &>> 63))
    }

    /// All ones when `a == b`, else 0, through the barrier.
    @inlinable @inline(__always)
    public static func equalMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let d = a ^ b
        return barrier(((d | (0 &- d)) &>> 63) &- 1)
    }

    /// The masks of `a == c` and `b == c`, both through one opaque call (half the calls of two `equalMask`s in a
    /// table scan that reads two entries per step).
    @inline(never) @_optimize(none)
    public static func equalMasks(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> (UInt64, UInt64) {
        let d0 = a ^ c, d1 = b ^ c
        return (((d0 | (0 &- d0)) &>> 63) &- 1, ((d1 | (0 &- d1)) &>> 63) &- 1)
    }

    /// All ones when `a < b` (unsigned), else 0, through the barrier.
    @inlinable @inline(__always)
    public static func lessThanMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
        // The borrow out of a − b, computed from the top bits (Hacker's Delight 2-12).
        let borrow = ((~a & b) | (~(a ^ b) & (a &- b))) &>> 63
        return barrier(0 &- borrow)
    }

    /// All ones when `lo ≤ x ≤ hi` (unsigned), else 0.
    @inlinable @inline(__always)
    public static func inRangeMask(_ x: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
        ~lessThanMask(x, lo) & ~lessThanMask(hi, x)
    }

    /// `a` where `mask` is all ones, `b` where it is 0.
    @inlinable @inline(__always)
    public static func select(_ mask: UInt64, _ a: UInt64, _ b: UInt64) -> UInt64 {
        b ^ ((a ^ b) & mask)
    }

    /// Exchanges `a` and `b` when `mask` is all ones; leaves them when it is 0.
    @inlinable @inline(__always)
    public static func conditionalSwap(_ mask: UInt64, _ a: inout UInt64, _ b: inout UInt64) {
        let t = (a ^ b) & mask
        a ^= t
        b ^= t
    }

    /// The one way a secret-derived bit becomes public: whether `mask` is non-zero, rebuilt through a branch so that
    /// the result no longer depends on the secret for memcheck. The branch is listed, with the reason for each
    /// caller, in `Scripts/ct-check.supp` under this function's name; nowhere else may a checked path branch on a
    /// secret. Callers publish facts that are thrown away or public anyway (a rejected candidate, a verdict that is the
    /// same for every valid secret, a length that is part of the structure).
    @inline(never) @_optimize(none)
    public static func declassify(_ mask: UInt64) -> Bool {
        var isSet = false
        if mask != 0 { isSet = true }
        return isSet
    }

    /// Publishes a secret-derived value (see ``declassify(_:)``): its bits rebuilt one by one through branches.
    @inline(never) @_optimize(none)
    public static func declassifyValue(_ x: UInt64) -> UInt64 {
        var r: UInt64 = 0
        var bit: UInt64 = 1
        while bit != 0 {
            if x & bit != 0 { r |= bit }
            bit = bit &<< 1
        }
        return r
    }

    /// Publishes a secret-derived byte (see ``declassify(_:)``): eight branches instead of sixty-four.
    @inline(never) @_optimize(none)
    public static func declassifyByte(_ x: UInt8) -> UInt8 {
        var r: UInt8 = 0
        var bit: UInt8 = 1
        while bit != 0 {
            if x & bit != 0 { r |= bit }
            bit = bit &<< 1
        }
        return r
    }
}
