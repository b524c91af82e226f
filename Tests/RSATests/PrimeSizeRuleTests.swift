import DER
import Foundation
import RSA
import SHA2
import Testing
import TestSupport

/// The prime rules of RSAPrivateKey (issue 31, finding 7): for an nlen-bit modulus the smaller prime has at least
/// ⌊nlen / 3⌋ bits, and |p − q| > 2^(nlen/2 − 100). The keys, made by `Scripts/generate-rsa-prime-rule-keys.py`, sit
/// on both sides of each bound (p = 3, 5, 29; a 64-bit prime; one bit under and at ⌊nlen / 3⌋; python-rsa's prime
/// sizes; |p − q| just under and just over the limit; balanced controls). Before the rules, every one of them loaded,
/// and a key with p = 3 failed five signatures in nine with `signingFailed` (a blinding product r·b divisible by 3).
@Suite
struct PrimeSizeRuleTests {
    static let file = "rsa-prime-rules/prime_rule_keys.json"

    static func code(_ body: () throws(RSAKeyError) -> RSAPrivateKey) -> String {
        do {
            _ = try body()
            return "loads"
        } catch {
            return error.code.description
        }
    }

    @Test func fixtureKeysMeetOrBreakThePrimeRules() throws {
        let top = try #require(try JSONSerialization.jsonObject(with: Data(try Vectors.bytes(Self.file))) as? [String: Any])
        let keys = try #require(top["keys"] as? [[String: Any]])
        #expect(keys.count == top["numberOfKeys"] as? Int)
        var checked = 0, loaded = 0, refused = 0
        for k in keys {
            let name = try #require(k["name"] as? String)
            func h(_ m: String) -> [UInt8] { hex(k[m] as! String) }
            let expect = try #require(k["expect"] as? String)
            let nedExpect = try #require(k["nedExpect"] as? String)
            // All components, as PKCS#1 DER (PEM and DER take this path) and as separate values.
            let pkcs1 = PKCS1RSAPrivateKey(modulus: h("n"), publicExponent: h("e"), privateExponent: h("d"), prime1: h("p"),
                                           prime2: h("q"), exponent1: h("dp"), exponent2: h("dq"), coefficient: h("qi"))
            let viaDER = Self.code { () throws(RSAKeyError) in try RSAPrivateKey(derRepresentation: pkcs1.derEncoded()) }
            let viaComponents = Self.code { () throws(RSAKeyError) in
                try RSAPrivateKey(modulus: h("n"), publicExponent: h("e"), privateExponent: h("d"), prime1: h("p"), prime2: h("q"),
                                  exponent1: h("dp"), exponent2: h("dq"), coefficient: h("qi"))
            }
            let viaNED = Self.code { () throws(RSAKeyError) in
                try RSAPrivateKey(modulus: h("n"), publicExponent: h("e"), privateExponent: h("d"))
            }
            #expect(viaDER == expect, "\(name): DER \(viaDER)")
            #expect(viaComponents == expect, "\(name): components \(viaComponents)")
            #expect(viaNED == nedExpect, "\(name): n, e, d \(viaNED)")
            if expect == "loads" {
                // A key that loads signs, and its signature verifies.
                let key = try RSAPrivateKey(derRepresentation: pkcs1.derEncoded())
                let message = Array(name.utf8)
                let sig = try key.signature(for: message, padding: .pkcs1v1_5(.sha256))
                #expect(key.publicKey.isValidSignature(sig, for: message, padding: .pkcs1v1_5(.sha256)), "\(name)")
                loaded += 1
            } else {
                refused += 1
            }
            if viaDER == expect && viaComponents == expect && viaNED == nedExpect { checked += 1 }
        }
        Vectors.report(Self.file, cases: checked, detail: "\(loaded) keys load, \(refused) refused by a prime rule")
        #expect(checked == 11 && loaded == 5 && refused == 6)
    }

    /// The refusal names the rule and the sizes, never a prime.
    @Test func refusalNamesTheRuleNotThePrime() throws {
        let top = try #require(try JSONSerialization.jsonObject(with: Data(try Vectors.bytes(Self.file))) as? [String: Any])
        let keys = try #require(top["keys"] as? [[String: Any]])
        for name in ["p of 64 bits", "|p - q| below 2^(nlen/2 - 100)"] {
            let k = try #require(keys.first { $0["name"] as? String == name })
            func h(_ m: String) -> [UInt8] { hex(k[m] as! String) }
            do {
                _ = try RSAPrivateKey(modulus: h("n"), publicExponent: h("e"), privateExponent: h("d"), prime1: h("p"),
                                      prime2: h("q"), exponent1: h("dp"), exponent2: h("dq"), coefficient: h("qi"))
                Issue.record("\(name) loaded")
            } catch {
                #expect(error.code == .invalidPrime)
                let smallPrime = (k["q"] as! String).prefix(12)
                #expect(!error.description.lowercased().contains(smallPrime), "\(name): \(error)")
                #expect(error.description.contains("bits") || error.description.contains("|p − q|"), "\(error)")
            }
        }
    }
}
