// Key agreement and key transport rows of jose-bench (issue 42): ecdh.x25519 (one shared secret with a fixed peer
// key: what `openssl speed ecdhx25519` counts, one X25519 with a public key given), keygen.x25519 (scalar → public
// key, one ladder), kdf.concat.a256gcm (JWE ECDH-ES's Concat KDF, 32 bytes), decrypt.rsa2048.oaep256 and
// encrypt.rsa2048.oaep256 (RSA-OAEP-256 of a 32-byte CEK with the 2048-bit fixture key; decryption is the whole
// operation: blinding, CRT, verify-before-release, constant-time decoding).

import Foundation
import Ed25519
import RSA
import SHA2

func keyAgreementBenchmarks() -> [Benchmark] {
    let scalar = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }
    let peerScalar = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 71 &+ 3) }
    let key = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: scalar)
    let peer = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: peerScalar).publicKey
    let z = try! key.sharedSecretFromKeyAgreement(with: peer)
    let algorithmID = Array("A256GCM".utf8), apu = Array("Alice".utf8), apv = Array("Bob".utf8)

    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let pem = try! String(contentsOf: root.appendingPathComponent("Vectors/keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"),
                          encoding: .utf8)
    let rsa = try! RSAPrivateKey(pemRepresentation: pem)
    let cek = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 13) }
    let ciphertext = try! rsa.publicKey.encrypt(cek, padding: .oaepSHA256)
    precondition(try! rsa.decrypt(ciphertext, padding: .oaepSHA256) == cek, "OAEP benchmark round trip")
    return [
        Benchmark(name: "ecdh.x25519", unit: .opsPerSecond) {
            blackHole(try! key.sharedSecretFromKeyAgreement(with: peer))
        },
        Benchmark(name: "keygen.x25519", unit: .opsPerSecond) {
            blackHole(try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: scalar))
        },
        Benchmark(name: "kdf.concat.a256gcm", unit: .opsPerSecond) {
            blackHole(try! z.concatKDFDerivedSymmetricKey(algorithmID: algorithmID, partyUInfo: apu, partyVInfo: apv,
                                                          outputByteCount: 32))
        },
        Benchmark(name: "decrypt.rsa2048.oaep256", unit: .opsPerSecond) {
            blackHole(try! rsa.decrypt(ciphertext, padding: .oaepSHA256))
        },
        Benchmark(name: "encrypt.rsa2048.oaep256", unit: .opsPerSecond) {
            blackHole(try! rsa.publicKey.encrypt(cek, padding: .oaepSHA256))
        },
    ]
}

/// Cross-check mode (Scripts/crosscheck-kex.py): reads lines of the input file and answers each on standard output,
/// in order. The RSA key is the 2048-bit fixture (Python loads the same file).
///   x25519 SCALAR PEER           →  x25519 PUBLIC SHARED|zero
///   x25519-fresh PEER            →  x25519-fresh PUBLIC SHARED   (a key from the system generator)
///   oaep-dec PAD LABEL CT        →  oaep-dec PLAINTEXT|fail       (PAD: 1 = SHA-1, 256 = SHA-256; '-' = empty)
///   oaep-enc PAD LABEL MSG       →  oaep-enc CT
func kexCrossCheck(_ path: String) {
    func unhex(_ s: Substring) -> [UInt8] {
        if s == "-" { return [] }
        var out: [UInt8] = []
        var it = s.utf8.makeIterator()
        while let h = it.next(), let l = it.next() {
            func v(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
            out.append(v(h) << 4 | v(l))
        }
        return out
    }
    func hex(_ b: [UInt8]) -> String { b.isEmpty ? "-" : b.map { String(format: "%02x", $0) }.joined() }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let pem = try! String(contentsOf: root.appendingPathComponent("Vectors/keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem"),
                          encoding: .utf8)
    let rsa = try! RSAPrivateKey(pemRepresentation: pem)
    let text = try! String(contentsOfFile: path, encoding: .utf8)
    for line in text.split(separator: "\n") {
        let f = line.split(separator: " ")
        switch f[0] {
        case "x25519":
            let key = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: unhex(f[1]))
            let peer = try! Curve25519.KeyAgreement.PublicKey(rawRepresentation: unhex(f[2]))
            let z = (try? key.sharedSecretFromKeyAgreement(with: peer)).map { s in s.withUnsafeBytes { hex(Array($0)) } }
            print("x25519 \(hex(key.publicKey.rawRepresentation)) \(z ?? "zero")")
        case "x25519-fresh":
            let key = Curve25519.KeyAgreement.PrivateKey()
            let peer = try! Curve25519.KeyAgreement.PublicKey(rawRepresentation: unhex(f[1]))
            let z = try! key.sharedSecretFromKeyAgreement(with: peer).withUnsafeBytes { hex(Array($0)) }
            print("x25519-fresh \(hex(key.publicKey.rawRepresentation)) \(z)")
        case "oaep-dec", "oaep-enc":
            let padding: RSAEncryptionPadding = f[1] == "1" ? .oaepSHA1 : .oaepSHA256
            let label = unhex(f[2]), data = unhex(f[3])
            if f[0] == "oaep-dec" {
                let m = try? rsa.decrypt(data, padding: padding, label: label)
                print("oaep-dec \(m.map(hex) ?? "fail")")
            } else {
                print("oaep-enc \(hex(try! rsa.publicKey.encrypt(data, padding: padding, label: label)))")
            }
        default:
            fatalError("kex cross-check: unknown line \(f[0])")
        }
    }
}
