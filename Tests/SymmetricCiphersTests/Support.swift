import Foundation
import SHA2
import TestSupport

@testable import SymmetricCiphers

/// An ACVP file's test groups (JSON objects).
func acvpGroups(_ file: String) throws -> [[String: Any]] {
    let data = Data(try Vectors.bytes(file))
    guard let top = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let groups = top["testGroups"] as? [[String: Any]]
    else { throw VectorError.malformed(file, "no testGroups") }
    return groups
}

/// A hex member of an ACVP test or group (absent = empty).
func acvpHex(_ o: [String: Any], _ key: String) -> [UInt8] { hex((o[key] as? String) ?? "") }

/// Whether `body` throws the AES error `code`.
func throwsAES<T>(_ code: AESError.Code, _ body: () throws -> T) -> Bool {
    do { _ = try body(); return false } catch let e as AESError { return e.code == code } catch { return false }
}

extension AES.GCM {
    /// Seal with the internal entry point: the full 16-byte tag (tests truncate it for ACVP's short tags).
    static func sealForTest(key: [UInt8], nonce: [UInt8], message: [UInt8], aad: [UInt8]) throws -> ([UInt8], [UInt8]) {
        let schedule = try KeySchedule.make(SymmetricKey(data: key))
        return nonce.withUnsafeBytes { n in
            message.withUnsafeBytes { m in aad.withUnsafeBytes { a in sealRaw(schedule, nonce: n, message: m, aad: a) } }
        }
    }

    /// Open with the internal entry point, which takes a tag of 1…16 bytes (ACVP's 32-bit tags).
    static func openForTest(key: [UInt8], nonce: [UInt8], ciphertext: [UInt8], tag: [UInt8], aad: [UInt8]) throws -> [UInt8] {
        let schedule = try KeySchedule.make(SymmetricKey(data: key))
        return try nonce.withUnsafeBytes { n in
            try ciphertext.withUnsafeBytes { c in
                try tag.withUnsafeBytes { t in
                    try aad.withUnsafeBytes { a in try openRaw(schedule, nonce: n, ciphertext: c, tag: t, aad: a) }
                }
            }
        }
    }
}

/// CBC without padding through the internal entry points (ACVP's AFT and MCT; Wycheproof's CBC file).
func cbcEncrypt(key: [UInt8], iv: [UInt8], _ data: [UInt8]) throws -> [UInt8] {
    let schedule = try KeySchedule.make(SymmetricKey(data: key))
    var out = [UInt8](repeating: 0, count: data.count)
    iv.withUnsafeBytes { v in
        data.withUnsafeBytes { d in
            out.withUnsafeMutableBytes { o in
                if !data.isEmpty { schedule.cbcEncrypt(iv: v.baseAddress!, d.baseAddress!, o.baseAddress!, length: data.count) }
            }
        }
    }
    return out
}

func cbcDecrypt(key: [UInt8], iv: [UInt8], _ data: [UInt8]) throws -> [UInt8] {
    let schedule = try KeySchedule.make(SymmetricKey(data: key))
    var out = [UInt8](repeating: 0, count: data.count)
    iv.withUnsafeBytes { v in
        data.withUnsafeBytes { d in
            out.withUnsafeMutableBytes { o in
                if !data.isEmpty { schedule.cbcDecrypt(iv: v.baseAddress!, d.baseAddress!, o.baseAddress!, length: data.count) }
            }
        }
    }
    return out
}
