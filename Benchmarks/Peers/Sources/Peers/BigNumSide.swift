// PureJOSE's BigNum side of the modular-exponentiation row.
import BigNum

enum BigNumSide {
    /// `base^65537 mod modulus` with a Montgomery context built once per modulus, as RSAPublicKey does.
    static func publicExponentiation(base: [UInt8], modulus: [UInt8]) -> (() -> [UInt8])? {
        guard let context = MontgomeryContext(modulus: BigUInt(bigEndianBytes: modulus)) else { return nil }
        return {
            guard let out = context.powerVarTime(bigEndianBase: base, exponent: 65537) else { return [] }
            var start = 0
            while start < out.count - 1 && out[start] == 0 { start += 1 }
            return Array(out[start...])
        }
    }
}
