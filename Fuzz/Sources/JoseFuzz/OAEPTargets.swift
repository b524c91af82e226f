// RSA-OAEP decoding (issue 42): the fuzzer chooses the encoded message EM itself. The harness encrypts EM with the raw
// public operation (BigNum's public API), decrypts the result with a fixed private key — the blinded CRT operation,
// then the constant-time EME-OAEP decoding — and compares the verdict and the message with a plain, variable-time
// decoder written here from RFC 8017 §7.1.2. Any disagreement, trap or sanitizer report is a finding.

import BigNum
import Foundation
import RSA
import SHA2

enum FixedOAEPKey {
    nonisolated(unsafe) static var key: RSAPrivateKey!
    nonisolated(unsafe) static var context: MontgomeryContext!

    static func load() {
        if key != nil { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("Vectors/keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem")
        guard let pem = try? String(contentsOf: file, encoding: .utf8), let k = try? RSAPrivateKey(pemRepresentation: pem)
        else { fatalError("cannot read \(file.path)") }
        key = k
        guard let ctx = MontgomeryContext(modulus: BigUInt(bigEndianBytes: k.publicKey.modulus))
        else { fatalError("fixed OAEP key: modulus") }
        context = ctx
    }
}

/// Byte 0 picks the hash (SHA-256/384/512; SHA-1 decrypts but has no reference here) and whether a label is used;
/// the next k bytes are EM (short inputs padded with zeros).
func fuzzOAEP(_ bytes: [UInt8]) {
    let key = FixedOAEPKey.key!
    let k = key.publicKey.modulusByteCount
    let selector = bytes.first ?? 0
    var em = Array(bytes.dropFirst().prefix(k))
    em += [UInt8](repeating: 0, count: k - em.count)
    let label: [UInt8] = selector & 0x10 != 0 ? Array("fuzz label".utf8) : []
    let choice = Int(selector & 3)
    // EM ≥ n cannot be the output of the private operation: the ciphertext is the input bytes themselves then.
    guard let c = FixedOAEPKey.context.powerVarTime(bigEndianBase: em, exponent: 65537) else {
        _ = try? key.decrypt(em, padding: .oaepSHA256, label: label)
        return
    }
    if choice == 3 {
        _ = try? key.decrypt(c, padding: .oaepSHA1, label: label)
        return
    }
    let padding: RSAEncryptionPadding = [.oaepSHA256, .oaepSHA384, .oaepSHA512][choice]
    let got = try? key.decrypt(c, padding: padding, label: label)
    let expected = referenceOAEPDecode(em, choice: choice, label: label)
    invariant(got == expected, "OAEP decoding disagrees with the reference (\(padding), EM \(em.prefix(8))…)")
}

private func referenceOAEPDecode(_ em: [UInt8], choice: Int, label: [UInt8]) -> [UInt8]? {
    func hash(_ x: [UInt8]) -> [UInt8] {
        switch choice {
        case 0: return SHA256.hash(data: x).bytes
        case 1: return SHA384.hash(data: x).bytes
        default: return SHA512.hash(data: x).bytes
        }
    }
    let hLen = [32, 48, 64][choice]
    let k = em.count
    guard k >= 2 * hLen + 2 else { return nil }
    func mgf(_ s: [UInt8], _ len: Int) -> [UInt8] {
        var out: [UInt8] = []
        var counter: UInt32 = 0
        while out.count < len { out += hash(s + withUnsafeBytes(of: counter.bigEndian) { Array($0) }); counter += 1 }
        return Array(out.prefix(len))
    }
    var seed = Array(em[1...hLen]), db = Array(em[(1 + hLen)...])
    let sm = mgf(db, hLen)
    for i in 0..<hLen { seed[i] ^= sm[i] }
    let dm = mgf(seed, k - hLen - 1)
    for i in 0..<db.count { db[i] ^= dm[i] }
    guard em[0] == 0, Array(db[0..<hLen]) == hash(label) else { return nil }
    guard let one = db[hLen...].firstIndex(where: { $0 != 0 }), db[one] == 1 else { return nil }
    return Array(db[(one + 1)...])
}
