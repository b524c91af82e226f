// attaswift/BigInt's side of the modular-exponentiation row (its BigUInt shares a name with BigNum's).
import BigInt
import Foundation

enum BigIntPeer {
    /// `base^65537 mod modulus` with BigInt's `power(_:modulus:)`; returns big-endian bytes.
    static func publicExponentiation(base: [UInt8], modulus: [UInt8]) -> () -> [UInt8] {
        let b = BigUInt(Data(base)), n = BigUInt(Data(modulus)), e = BigUInt(65537)
        return { [UInt8](b.power(e, modulus: n).serialize()) }
    }
}
