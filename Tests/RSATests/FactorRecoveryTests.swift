import BigNum
import DER
import Foundation
@testable import RSA
import Testing
import TestSupport

/// Keys given as n, e and d only (issue 31, finding 6). p and q are recovered by SP 800-56B Rev. 2 Appendix C.2,
/// which needs no exponentiation: a key that does not factor is refused at most as slowly as a real key is accepted.
/// Before, the probabilistic method (Appendix C.1, up to 100 full-size exponentiations) took 1 s to refuse a bogus
/// 2048-bit key and 52 s at 8192 bits (release build); in a debug build minutes.
@Suite
struct FactorRecoveryTests {
    static let fixtures = "rsa-prime-rules/prime_rule_keys.json"

    /// Wall-clock seconds of `body`, the fastest of `runs`.
    static func seconds(runs: Int = 1, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
        }
        return best
    }

    /// The error of loading n, e, d, or nil if it loads.
    static func loadError(_ n: [UInt8], _ e: [UInt8], _ d: [UInt8]) -> RSAKeyError? {
        do {
            _ = try RSAPrivateKey(modulus: n, publicExponent: e, privateExponent: d)
            return nil
        } catch {
            return error
        }
    }

    /// A bogus key of `bits` bits: a seeded random odd modulus with its top bit set and a random odd d below it
    /// (odd, so that d·e − 1 is even and the recovery runs to its end instead of stopping at the parity check).
    static func bogusKey(bits: Int) -> (n: [UInt8], d: [UInt8]) {
        var rng = SplitMix64(seed: 0x31_06_0000 &+ UInt64(bits))
        var n = rng.bytes(bits / 8)
        n[0] |= 0x80
        n[n.count - 1] |= 1
        var d = rng.bytes(bits / 8)
        d[0] &= 0x7f
        d[d.count - 1] |= 1
        return (n, d)
    }

    /// A random modulus and d at every size the default options accept, up to 16384 bits: refused with
    /// `factorizationFailed`, within a bound far below the minutes the probabilistic method took.
    @Test(arguments: [2048, 4096, 8192, 16384])
    func bogusKeyIsRefusedQuickly(bits: Int) {
        let (n, d) = Self.bogusKey(bits: bits)
        var error: RSAKeyError?
        let t = Self.seconds { error = Self.loadError(n, [1, 0, 1], d) }
        #expect(error == RSAKeyError(.factorizationFailed), "\(bits) bits: \(String(describing: error))")
        print("[timing] bogus n, e, d refused at \(bits) bits in \(String(format: "%.4f", t)) s")
        #expect(t < Double(bits) / 2048, "\(bits) bits: \(t) s")  // debug build: 1 s at 2048 bits … 8 s at 16384
    }

    /// Real keys: loaded from n, e, d they are the same key as with their primes; a d changed by 2 is refused; and
    /// the refusal costs no more than the acceptance (both run the same C.2 steps; acceptance also checks and
    /// precomputes the key).
    @Test func refusalCostsNoMoreThanAcceptance() throws {
        let files = ["keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem", "rsa/generated/rsa4096-pkcs1.pem"]
        for file in files {
            let k = try PKCS1RSAPrivateKey(pemString: try Vectors.text(file))
            let recovered = try RSAPrivateKey(modulus: k.modulus, publicExponent: k.publicExponent, privateExponent: k.privateExponent)
            #expect(recovered.pkcs1DERRepresentation == k.derEncoded(), "\(file): the same key")
            var wrong = k.privateExponent
            wrong[wrong.count - 1] ^= 2
            #expect(Self.loadError(k.modulus, k.publicExponent, wrong) == RSAKeyError(.factorizationFailed))
            let accept = Self.seconds(runs: 3) { _ = Self.loadError(k.modulus, k.publicExponent, k.privateExponent) }
            let refuse = Self.seconds(runs: 3) { _ = Self.loadError(k.modulus, k.publicExponent, wrong) }
            print("[timing] \(k.modulus.count * 8)-bit n, e, d: accepted in \(String(format: "%.4f", accept)) s, refused in \(String(format: "%.4f", refuse)) s")
            #expect(refuse <= accept + 0.005, "\(file): refusal \(refuse) s, acceptance \(accept) s")
        }
    }

    /// Moduli that are not a product of two primes (a prime; three primes), each with a d that does satisfy
    /// d·e ≡ 1 mod λ(n): every C.1 try fails for them, so they cost the old loop all 100 tries. C.2 refuses them.
    @Test func notTwoPrimesIsRefusedQuickly() throws {
        let top = try #require(try JSONSerialization.jsonObject(with: Data(try Vectors.bytes(Self.fixtures))) as? [String: Any])
        let cases = try #require(top["notTwoPrimes"] as? [[String: String]])
        #expect(cases.count == top["numberOfNotTwoPrimes"] as? Int)
        var refused = 0
        for c in cases {
            let name = try #require(c["name"])
            var error: RSAKeyError?
            let t = Self.seconds { error = Self.loadError(hex(c["n"]!), hex(c["e"]!), hex(c["d"]!)) }
            #expect(error == RSAKeyError(.factorizationFailed), "\(name): \(String(describing: error))")
            #expect(t < 2, "\(name): \(t) s")
            if error == RSAKeyError(.factorizationFailed) { refused += 1 }
        }
        Vectors.report(Self.fixtures, cases: refused, detail: "moduli not a product of two primes, refused")
        #expect(refused == 2)
    }

    /// The recovery's two helpers against independent facts: the binary gcd equals Euclid's (BigUInt's own
    /// division) on seeded values with a planted common factor, odd and even; ⌊√v⌋ satisfies r² ≤ v < (r + 1)².
    @Test func gcdAndSquareRootHelpers() {
        var rng = SplitMix64(seed: 0x31_06_6CD)
        func random(_ bits: Int) -> BigUInt {
            var b = rng.bytes((bits + 7) / 8)
            b[0] |= 0x80
            return BigUInt(bigEndianBytes: b)
        }
        func euclid(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
            var (x, y) = (a, b)
            while !y.isZero { (x, y) = (y, x % y) }
            return x
        }
        var checked = 0
        for bits in [1, 8, 63, 64, 65, 127, 200, 1024, 2048] {
            for planted in [BigUInt(1), BigUInt(2), BigUInt(6), BigUInt(1) << 70, random(90)] {
                let a = random(bits) * planted, b = random(bits + 17) * planted
                let g = RSAPrivateKey.gcd(a, b)
                #expect(g == euclid(a, b), "\(bits) bits")
                #expect(RSAPrivateKey.gcd(b, a) == g && (a % g).isZero && (b % g).isZero)
                checked += 1
            }
        }
        let x = random(300)
        #expect(RSAPrivateKey.gcd(x, x) == x && RSAPrivateKey.gcd(x, BigUInt()) == x && RSAPrivateKey.gcd(BigUInt(), x) == x)
        #expect(RSAPrivateKey.gcd(BigUInt(1) << 100, BigUInt(1) << 64) == BigUInt(1) << 64)
        for bits in [1, 2, 63, 64, 65, 128, 1000, 4097] {
            for v in [random(bits), random(bits) - BigUInt(1), BigUInt(1) << (bits - 1)] {
                let r = RSAPrivateKey.integerSquareRoot(v)
                #expect(r * r <= v && v < (r + BigUInt(1)) * (r + BigUInt(1)), "\(bits) bits")
            }
            let s = random(bits)
            #expect(RSAPrivateKey.integerSquareRoot(s * s) == s)
            #expect(RSAPrivateKey.integerSquareRoot(s * s - BigUInt(1)) == s - BigUInt(1))
        }
        #expect(RSAPrivateKey.integerSquareRoot(BigUInt()) == BigUInt())
        #expect(checked == 45)
    }
}
