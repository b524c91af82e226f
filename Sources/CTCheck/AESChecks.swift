import SHA2
import SymmetricCiphers

// SymmetricCiphers (AES, GHASH, GCM, AES_CBC_HMAC_SHA2, key wrap) through its public API, with the keys — and so the
// round keys, GHASH's H, E_K(J0), the MAC key, the decrypted padding — in never-written memory:
//   aes.encrypt / aes.decrypt     the bitsliced cipher and its key schedule, 128/192/256-bit keys, secret blocks too
//   aes.gcm.seal                  GHASH with a secret H over secret plaintext, CTR, the tag
//   aes.gcm.open                  a valid box and a tampered one: GHASH, the constant-time tag compare, CTR
//   aes.cbchmac.open              valid; wrong MAC; authentic but badly padded (the MAC compare, CBC decryption,
//                                 the padding check)
//   aes.keywrap.unwrap            valid and tampered: the integrity compare
// Each verdict is published only through CT.declassify (Scripts/ct-check.supp). The boxes opened are made with a
// public copy of the same key: what an attacker sends is public, the key is not. Leaky twins, which must be caught:
// a table-based AES (the S-box read at key-dependent indices), an early-exit tag compare and an early-exit padding
// check.

@inline(never) @_optimize(none)
private func sinkBytes(_ x: [UInt8]) {}

private let keySizes = [16, 24, 32]

/// A public key value and the same bytes marked secret.
private func keyPair(_ count: Int, seed: UInt8) -> (public: SymmetricKey, secret: SymmetricKey) {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ Int(seed)) }
    return (SymmetricKey(data: bytes), SymmetricKey(data: tainted(bytes)))
}

private let header = Array("eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0".utf8)
private let message = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }

/// The AES S-box as a table (public data), built by the usual generator walk over GF(2⁸)* — for the leaky twin only.
private func sboxTable() -> [UInt8] {
    var box = [UInt8](repeating: 0x63, count: 256)
    var p: UInt8 = 1, q: UInt8 = 1
    repeat {
        p = p ^ (p &<< 1) ^ ((p & 0x80) != 0 ? 0x1B : 0)          // p × 3
        q ^= q &<< 1; q ^= q &<< 2; q ^= q &<< 4                  // q ÷ 3
        if q & 0x80 != 0 { q ^= 0x09 }
        let r = { (x: UInt8, s: UInt8) in (x &<< s) | (x &>> (8 &- s)) }
        box[Int(p)] = q ^ r(q, 1) ^ r(q, 2) ^ r(q, 3) ^ r(q, 4) ^ 0x63
    } while p != 1
    return box
}

/// A textbook table-based AES-128 encryption (SubBytes and the key schedule's SubWord read the S-box table at
/// secret indices): the leak the bitsliced cipher exists to avoid.
private func tableAES128(key: [UInt8], block: [UInt8]) -> [UInt8] {
    let sbox = sboxTable()
    var w = key
    var rcon: UInt8 = 1
    for i in 4..<44 {
        var t = Array(w[(4 * i - 4)..<(4 * i)])
        if i % 4 == 0 {
            t = [sbox[Int(t[1])] ^ rcon, sbox[Int(t[2])], sbox[Int(t[3])], sbox[Int(t[0])]]
            rcon = (rcon &<< 1) ^ ((rcon & 0x80) != 0 ? 0x1B : 0)
        }
        for j in 0..<4 { w.append(w[4 * i - 16 + j] ^ t[j]) }
    }
    var s = zip(block, w[0..<16]).map { $0 ^ $1 }
    let xtime = { (x: UInt8) in (x &<< 1) ^ (0 &- (x &>> 7)) & 0x1B }
    for round in 1...10 {
        s = s.map { sbox[Int($0)] }
        var t = s
        for c in 0..<4 { for r in 0..<4 { t[4 * c + r] = s[4 * ((c + r) % 4) + r] } }
        if round < 10 {
            for c in 0..<4 {
                let a = Array(t[(4 * c)..<(4 * c + 4)])
                for r in 0..<4 {
                    t[4 * c + r] = xtime(a[r]) ^ xtime(a[(r + 1) % 4]) ^ a[(r + 1) % 4] ^ a[(r + 2) % 4] ^ a[(r + 3) % 4]
                }
            }
        }
        s = zip(t, w[(16 * round)..<(16 * round + 16)]).map { $0 ^ $1 }
    }
    return s
}

/// The early-exit compare: returns at the first differing byte.
@inline(never)
private func earlyExitEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    for i in 0..<a.count where a[i] != b[i] { return false }
    return true
}

let aesChecks: [CTCheck] = [
    CTCheck(name: "aes.encrypt") {
        for size in keySizes {
            let (_, key) = keyPair(size, seed: 1)
            let cipher = try! AES.BlockCipher(key: key)
            sinkBytes(try! cipher.encrypt(tainted(Array(message[0..<64]))))   // four blocks: one bitsliced pass
            sinkBytes(try! cipher.encrypt(tainted(Array(message[0..<16]))))   // one block in one lane of four
        }
    },
    CTCheck(name: "aes.decrypt") {
        for size in keySizes {
            let (_, key) = keyPair(size, seed: 2)
            let cipher = try! AES.BlockCipher(key: key)
            sinkBytes(try! cipher.decrypt(tainted(Array(message[0..<64]))))
            sinkBytes(try! cipher.decrypt(tainted(Array(message[0..<48]))))
        }
    },
    CTCheck(name: "aes.gcm.seal") {
        for size in keySizes {
            let (_, key) = keyPair(size, seed: 3)
            for nonceLength in [12, 16] {   // J0 = nonce ‖ 1, and J0 = GHASH(nonce ‖ …) under the secret H
                let nonce = try! AES.GCM.Nonce(data: (0..<nonceLength).map { UInt8($0) })
                let box = try! AES.GCM.seal(tainted(message), using: key, nonce: nonce, authenticating: header)
                sinkBytes(box.ciphertext + box.tag)
            }
        }
    },
    CTCheck(name: "aes.gcm.open") {
        for size in keySizes {
            let (publicKey, key) = keyPair(size, seed: 4)
            let nonce = try! AES.GCM.Nonce(data: (0..<12).map { UInt8($0 &* 3) })
            let box = try! AES.GCM.seal(message, using: publicKey, nonce: nonce, authenticating: header)
            sinkBytes(try! AES.GCM.open(box, using: key, authenticating: header))
            var tag = box.tag
            tag[15] ^= 1
            let bad = try! AES.GCM.SealedBox(nonce: nonce, ciphertext: box.ciphertext, tag: tag)
            sinkBytes((try? AES.GCM.open(bad, using: key, authenticating: header)) ?? [])
        }
    },
    CTCheck(name: "aes.cbchmac.open") {
        for size in [32, 48, 64] {
            let (publicKey, key) = keyPair(size, seed: 5)
            let iv = (0..<16).map { UInt8($0 &+ 100) }
            let box = try! AES.CBCHMAC.seal(message, using: publicKey, iv: iv, authenticating: header)
            sinkBytes(try! AES.CBCHMAC.open(box, using: key, authenticating: header))
            var tag = box.tag
            tag[0] ^= 1
            let wrongMAC = try! AES.CBCHMAC.SealedBox(iv: iv, ciphertext: box.ciphertext, tag: tag)
            sinkBytes((try? AES.CBCHMAC.open(wrongMAC, using: key, authenticating: header)) ?? [])
            // Authentic, badly padded: one block ending in 0x00, CBC-encrypted and MACed with the public key copy.
            let keyBytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 5) }
            let encryptor = try! AES.BlockCipher(key: SymmetricKey(data: keyBytes[(size / 2)...]))
            let ct = try! encryptor.encrypt(zip([UInt8](repeating: 0, count: 16), iv).map { $0 ^ $1 })
            let al = withUnsafeBytes(of: UInt64(header.count * 8).bigEndian) { Array($0) }
            let macInput = header + iv + ct + al
            let macKey = SymmetricKey(data: keyBytes[..<(size / 2)])
            let fullMAC: [UInt8] = switch size {
            case 32: HMAC<SHA256>.authenticationCode(for: macInput, using: macKey).bytes
            case 48: HMAC<SHA384>.authenticationCode(for: macInput, using: macKey).bytes
            default: HMAC<SHA512>.authenticationCode(for: macInput, using: macKey).bytes
            }
            let badPadding = try! AES.CBCHMAC.SealedBox(iv: iv, ciphertext: ct, tag: fullMAC[..<(size / 2)])
            sinkBytes((try? AES.CBCHMAC.open(badPadding, using: key, authenticating: header)) ?? [])
        }
    },
    CTCheck(name: "aes.keywrap.unwrap") {
        for size in keySizes {
            let (publicKEK, kek) = keyPair(size, seed: 6)
            let cek = SymmetricKey(data: (0..<32).map { UInt8($0 &* 5) })
            let wrapped = try! AES.KeyWrap.wrap(cek, using: publicKEK)
            try! AES.KeyWrap.unwrap(wrapped, using: kek).withUnsafeBytes { sinkBytes(Array($0)) }
            var bad = wrapped
            bad[3] ^= 1
            if let k = try? AES.KeyWrap.unwrap(bad, using: kek) { k.withUnsafeBytes { sinkBytes(Array($0)) } }
            // Wrapping a secret key under a secret KEK.
            sinkBytes(try! AES.KeyWrap.wrap(SymmetricKey(data: tainted((0..<32).map { UInt8($0) })), using: kek))
        }
    },
    CTCheck(name: "leaky.aes.table-sbox") {
        let key = tainted((0..<16).map { UInt8($0) })
        sinkBytes(tableAES128(key: key, block: Array(message[0..<16])))
    },
    CTCheck(name: "leaky.aes.gcm.tag-early-exit") {
        // The expected tag computed under the secret key, compared with the received one by an early-exit loop.
        let (publicKey, key) = keyPair(16, seed: 7)
        let nonce = try! AES.GCM.Nonce(data: (0..<12).map { UInt8($0) })
        let received = try! AES.GCM.seal(message, using: publicKey, nonce: nonce, authenticating: header)
        let expected = try! AES.GCM.seal(message, using: key, nonce: nonce, authenticating: header)
        var tag = received.tag
        tag[8] ^= 1
        sinkBytes(earlyExitEquals(expected.tag, tag) ? [1] : [0])
    },
    CTCheck(name: "leaky.aes.cbc.padding-early-exit") {
        // The last block decrypted under the secret key, its PKCS#7 padding checked byte by byte with an early exit.
        let (_, key) = keyPair(32, seed: 8)
        let block = try! AES.BlockCipher(key: key).decrypt(Array(message[16..<32]))
        let n = Int(block[15])
        var ok = n >= 1 && n <= 16
        if ok { for i in 0..<n where block[15 - i] != UInt8(n) { ok = false; break } }
        sinkBytes(ok ? [1] : [0])
    },
]
