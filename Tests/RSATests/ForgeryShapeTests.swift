import BigNum
import Foundation
import RSA
import SHA2
import Testing
import TestSupport

/// Known forgery shapes, built by hand in `Scripts/generate-rsa-forgeries.py` (committed with
/// its output): extra bytes or garbage after the DigestInfo, DigestInfo without or with
/// non-NULL parameters, wrong hash OID, BER lengths, fewer than 8 0xFF bytes, signatures one
/// byte short or long, ≥ n, 0 and 1, Bleichenbacher-2006 cube-root forgeries against e = 3 keys,
/// and PSS encodings with a bad trailer, top bits, separator, salt length or hash (also on
/// 2047- and 2049-bit keys, where emLen and the masked top bits differ). Controls
/// (genuine signatures under the same keys) must verify, everything else must not.
@Suite struct ForgeryShapeTests {
    static let file = "rsa-forgeries/rsa_forgeries.json"

    struct Fixture {
        var keys: [String: RSAPublicKey] = [:]
        var cases: [[String: Any]] = []
    }

    static func load() throws -> Fixture {
        let data = Data(try Vectors.bytes(file))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let keys = try #require(top["keys"] as? [String: [String: Any]])
        var f = Fixture()
        // The 488- and 496-bit keys exist to test the padding-length rule; allow them explicitly.
        let small = RSAKeyOptions(minimumModulusBits: 256)
        for (name, k) in keys {
            let nHex = try #require(k["n"] as? String)
            let n = try #require(BigUInt(hex: nHex))
            let e = try #require(k["e"] as? Int)
            f.keys[name] = try RSAPublicKey(modulus: n.bigEndianBytes, publicExponent: BigUInt(UInt64(e)).bigEndianBytes,
                                            options: small)
        }
        f.cases = try #require(top["cases"] as? [[String: Any]])
        return f
    }

    @Test func allShapesAreRejectedAndControlsAccepted() throws {
        let f = try Self.load()
        var ran = 0, controls = 0, bleichenbacher = 0
        for c in f.cases {
            func field(_ k: String) throws -> String { try #require(c[k] as? String, "field \(k)") }
            let name = try field("name")
            let key = try #require(f.keys[try field("key")], "\(name)")
            let hash = try #require(RSAHashAlgorithm(name: try field("hash")), "\(name)")
            let msg = hex(try field("msg")), sig = hex(try field("sig"))
            let valid = try #require(c["valid"] as? Bool)
            let padding: RSAPadding
            switch c["padding"] as? String {
            case "pkcs1": padding = .pkcs1v1_5(hash)
            case "pss":
                let sLen = try #require(c["saltLength"] as? Int)
                padding = .pss(hash, saltLength: sLen)
            default: Issue.record("unknown padding in \(name)"); continue
            }
            #expect(key.isValidSignature(sig, for: msg, padding: padding) == valid, "\(name)")
            if c["padding"] as? String == "pss" {
                // With the salt length detected, only the genuine 31-byte-salt signature passes.
                let detected = valid || name.contains("salt 31 bytes")
                #expect(key.isValidSignature(sig, for: msg, padding: .pss(hash)) == detected, "\(name) (salt detected)")
            }
            if name.hasPrefix("Bleichenbacher") {
                // The forgery is a near miss: s³ (computed here, below n) really begins with
                // 00 01 FF and holds DigestInfo ‖ H(m) right after the 00 separator.
                let s = BigUInt(bigEndianBytes: sig)
                let cube = try #require((s * s * s).bigEndianBytes(count: key.modulusByteCount))
                let t = hash.digestInfoPrefix + digest(hash, msg)
                #expect(cube.starts(with: [0x00, 0x01, 0xff]), "\(name)")
                let sep = try #require(cube.dropFirst(2).firstIndex(where: { $0 != 0xff }))
                #expect(cube[sep] == 0 && Array(cube[(sep + 1)...].prefix(t.count)) == t, "\(name)")
                bleichenbacher += 1
            }
            if valid { controls += 1 }
            ran += 1
        }
        Vectors.report(Self.file, cases: ran, detail: "\(controls) controls, \(bleichenbacher) e=3 cube-root forgeries")
        #expect(ran == 76 && controls == 10 && bleichenbacher == 9)
    }

    /// The e = 3 keys and the undersized keys are refused under the default options; the e = 3
    /// keys themselves are legal (3 ≤ e).
    @Test func fixtureKeysUnderDefaultOptions() throws {
        let f = try Self.load()
        let k488 = try #require(f.keys["rsa488"])
        #expect(throws: RSAKeyError(.modulusTooSmall)) {
            try RSAPublicKey(modulus: k488.modulus, publicExponent: k488.publicExponent)
        }
        let e3 = try #require(f.keys["rsa2048e3"])
        #expect(e3.publicExponent == [3])
        _ = try RSAPublicKey(modulus: e3.modulus, publicExponent: e3.publicExponent)
    }

    func digest(_ h: RSAHashAlgorithm, _ m: [UInt8]) -> [UInt8] {
        switch h {
        case .sha256: return SHA256.hash(data: m).bytes
        case .sha384: return SHA384.hash(data: m).bytes
        case .sha512: return SHA512.hash(data: m).bytes
        default: return []
        }
    }
}
