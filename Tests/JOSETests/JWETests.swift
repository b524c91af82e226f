import Foundation
import Testing
import Ed25519
import SHA2
import TestSupport
@testable import JOSE

/// JWE compact serialization against RFC 7516 / RFC 7520 / the X25519 cookbook example, and round trips.
@Suite("JWE")
struct JWETests {
    static let allAlgs = Set(JWEAlgorithm.allCases)
    static let allEncs = Set(JWEEncryption.allCases)

    static func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try Vectors.bytes(path))) as! [String: Any]
    }
    static func b64(_ s: Any?) throws -> [UInt8] { try Base64URL.decode(s as! String) }
    static func hex(_ s: String) -> [UInt8] {
        var out: [UInt8] = []; var i = s.startIndex
        while i < s.endIndex { let j = s.index(i, offsetBy: 2); out.append(UInt8(s[i..<j], radix: 16)!); i = j }
        return out
    }

    @Test func rfc7516AppendixA() throws {
        let file = "rfc/7516/rfc7516_appendix_a.json"
        let d = try Self.json(file)
        // A.3: A128KW + A128CBC-HS256.
        let a3 = d["A.3"] as! [String: Any]
        let key = (a3["key"] as! [String: Any])["k"]
        let dec = JWEDecrypter(key: .symmetric(SymmetricKey(data: try Self.b64(key))), algorithms: [.a128KW], encryptions: [.a128CBCHS256])
        let out = try dec.decrypt(a3["compact"] as! String)
        #expect(String(decoding: out.plaintext, as: UTF8.self) == a3["plaintext"] as! String)
        // The content layer with the listed CEK.
        let cek = SymmetricKey(data: Self.hex(a3["cek_hex"] as! String))
        let p = try JWEEncryption.a128CBCHS256.open(
            iv: try Self.b64(a3["iv"]), ciphertext: try Self.b64(a3["ciphertext"]), tag: try Self.b64(a3["tag"]), cek: cek,
            aad: Array((a3["protected_b64u"] as! String).utf8))
        #expect(p == out.plaintext)
        // A.2: RSA1_5, refused by design with its own code.
        let a2 = d["A.2"] as! [String: Any]
        #expect(throws: JWTError(.refusedAlgorithm)) {
            try JWEDecrypter(key: .symmetric(SymmetricKey(bitCount: 128)), algorithms: Self.allAlgs, encryptions: Self.allEncs).decrypt(
                a2["compact"] as! String)
        }
        Vectors.report(file, cases: 2, detail: "A.3 decrypted and its CEK layer checked; A.2 (RSA1_5) refused")
    }

    @Test func rfc7520Cookbook() throws {
        let files = try Vectors.files(in: "rfc/7520/jwe", suffix: ".json")
        #expect(files.count == 6)
        var decrypted = 0, refused = 0
        for name in files {
            let f = name.contains("/") ? name : "rfc/7520/jwe/" + name
            let d = try Self.json(f)
            let input = d["input"] as! [String: Any]
            let plaintext = input["plaintext"] as! String
            let compact = (d["output"] as! [String: Any])["compact"] as! String
            let alg = input["alg"] as! String
            let enc = try JWEEncryption.parse(input["enc"] as! String)
            let gen = d["generated"] as! [String: Any]
            let content = d["encrypting_content"] as! [String: Any]
            let parts = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if alg == "RSA1_5" || alg.hasPrefix("PBES2") || f.contains("5_9") {
                let dec = JWEDecrypter(key: .symmetric(SymmetricKey(bitCount: 256)), algorithms: Self.allAlgs, encryptions: Self.allEncs)
                let code: JWTError.Code = f.contains("5_9") ? .refusedCompression : .refusedAlgorithm
                #expect(throws: JWTError(code)) { try dec.decrypt(compact) }
                // The content layer with the given CEK.
                let p = try enc.open(
                    iv: try Self.b64(parts[2]), ciphertext: try Self.b64(parts[3]), tag: try Self.b64(parts[4]),
                    cek: SymmetricKey(data: try Self.b64(gen["cek"])), aad: Array((content["protected_b64u"] as! String).utf8))
                if f.contains("5_9") { #expect(p == (try Self.b64(gen["plaintext_c"]))) } else { #expect(p == Array(plaintext.utf8)) }
                refused += 1
            } else {
                let k = try Self.b64((input["key"] as! [String: Any])["k"])
                let a = try JWEAlgorithm.parse(alg)
                let out = try JWEDecrypter(key: .symmetric(SymmetricKey(data: k)), algorithms: [a], encryptions: [enc]).decrypt(compact)
                #expect(out.plaintext == Array(plaintext.utf8), "\(f)")
                decrypted += 1
            }
        }
        #expect(decrypted == 3 && refused == 3)
        Vectors.report(
            "rfc/7520/jwe", cases: decrypted + refused, detail: "\(decrypted) decrypted (dir, A256GCMKW, A128KW), \(refused) refused with content layer checked"
        )
    }

    @Test func x25519Cookbook() throws {
        let file = "rfc/8037/cookbook_x25519_ecdh-es.json"
        let d = try Self.json(file)
        let input = d["input"] as! [String: Any]
        let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: try Self.b64((input["key"] as! [String: Any])["d"]))
        let compact = (d["output"] as! [String: Any])["compact"] as! String
        let out = try JWEDecrypter(key: .x25519Private(key), algorithms: [.ecdhES], encryptions: [.a128GCM]).decrypt(compact)
        #expect(out.plaintext == Array((input["plaintext"] as! String).utf8))
        Vectors.report(file, cases: 1, detail: "ECDH-ES X25519 + A128GCM decrypted")
    }

    static func keys(_ alg: JWEAlgorithm, _ enc: JWEEncryption) -> (JWEKey, JWEKey) {
        switch alg {
        case .direct: let k = SymmetricKey(bitCount: 8 * enc.keyByteCount); return (.symmetric(k), .symmetric(k))
        case .ecdhES, .ecdhESA128KW, .ecdhESA192KW, .ecdhESA256KW:
            let k = Curve25519.KeyAgreement.PrivateKey(); return (.x25519Public(k.publicKey), .x25519Private(k))
        default: let k = SymmetricKey(bitCount: 8 * alg.wrapKeyByteCount); return (.symmetric(k), .symmetric(k))
        }
    }

    @Test func roundTripsAndTamperEveryPart() throws {
        var pairs = 0
        let message = Array("Live long and prosper.".utf8)
        for alg in JWEAlgorithm.allCases {
            for enc in JWEEncryption.allCases {
                let (ek, dk) = Self.keys(alg, enc)
                let token = try JWEEncrypter(key: ek, algorithm: alg, encryption: enc, keyID: "k1").encrypt(message)
                let dec = JWEDecrypter(key: dk, algorithms: [alg], encryptions: [enc])
                #expect(try dec.decrypt(token).plaintext == message)
                // A changed byte in the encrypted key, IV, ciphertext or tag: the one decryptionFailed.
                var parts = token.split(separator: ".", omittingEmptySubsequences: false).map { try! Base64URL.decode($0) }
                for i in 1..<5 where !parts[i].isEmpty {
                    let saved = parts[i]
                    parts[i][parts[i].count / 2] ^= 0x01
                    let bad = ([token.split(separator: ".")[0].description] + parts[1...].map { Base64URL.encode($0) }).joined(separator: ".")
                    #expect(throws: JWTError(.decryptionFailed), "\(alg) \(enc) part \(i)") { try dec.decrypt(bad) }
                    parts[i] = saved
                }
                // The allow-lists: another enc or alg is refused before any key is used.
                let otherEnc = JWEDecrypter(key: dk, algorithms: [alg], encryptions: Self.allEncs.subtracting([enc]))
                #expect(throws: JWTError(.algorithmNotAllowed)) { try otherEnc.decrypt(token) }
                let otherAlg = JWEDecrypter(key: dk, algorithms: Self.allAlgs.subtracting([alg]), encryptions: [enc])
                #expect(throws: JWTError(.algorithmNotAllowed)) { try otherAlg.decrypt(token) }
                pairs += 1
            }
        }
        #expect(pairs == 11 * 6)
    }

    @Test func tamperedProtectedHeaderAndLimits() throws {
        let k = SymmetricKey(bitCount: 128)
        let token = try JWEEncrypter(key: .symmetric(k), algorithm: .a128KW, encryption: .a128GCM).encrypt(Array("x".utf8))
        let dec = JWEDecrypter(key: .symmetric(k), algorithms: [.a128KW], encryptions: [.a128GCM])
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // Same header with a kid added: the AAD changes, so the tag fails.
        parts[0] = Base64URL.encode(Array(#"{"alg":"A128KW","enc":"A128GCM","kid":"x"}"#.utf8))
        #expect(throws: JWTError(.decryptionFailed)) { try dec.decrypt(parts.joined(separator: ".")) }
        #expect(throws: JWTError(.malformedToken)) { try dec.decrypt(parts[0...3].joined(separator: ".")) }
        #expect(throws: JWTError(.limitExceeded)) { try dec.decrypt(String(repeating: "A", count: 70_000)) }
        parts[0] = Base64URL.encode(Array(#"{"alg":"A128KW","enc":"A128GCM","crit":["exp"],"exp":1}"#.utf8))
        #expect(throws: JWTError(.unsupportedCriticalHeader)) { try dec.decrypt(parts.joined(separator: ".")) }
        parts[0] = Base64URL.encode(Array(#"{"alg":"PBES2-HS256+A128KW","enc":"A128GCM"}"#.utf8))
        #expect(throws: JWTError(.refusedAlgorithm)) { try dec.decrypt(parts.joined(separator: ".")) }
    }
}
