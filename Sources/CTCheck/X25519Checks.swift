import Ed25519
import SHA2

/// X25519 (Curve25519.KeyAgreement) through the public API: the public key X25519(k, 9) of a secret scalar, key
/// generation (`PrivateKey()`, its scalar from the tainted system generator) and the shared secret with a public
/// peer key. The public key and the all-zero verdict are the declassified outputs (Scripts/ct-check.supp); the shared
/// secret is kept, never inspected. The leaky variant walks the clamped secret scalar as the ladder does but writes
/// the conditional swap as a branch (`if swap != 0`) instead of masks; its arithmetic is a stand-in (two words mixed
/// per step): only the control flow matters to the check, and it must be caught.
let x25519Checks: [CTCheck] = [
    CTCheck(name: "x25519.publickey") {
        keep(try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: undefinedBytes(32)))
    },
    CTCheck(name: "x25519.keygen") { keep(Curve25519.KeyAgreement.PrivateKey()) },
    CTCheck(name: "x25519.shared") {
        let key = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: undefinedBytes(32))
        // RFC 7748 §6.1's Bob: a public peer key of full order (the result is not all zeros for any scalar).
        let peer = try! Curve25519.KeyAgreement.PublicKey(rawRepresentation: [
            0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
            0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f,
        ])
        keep(try? key.sharedSecretFromKeyAgreement(with: peer))
        keep(key)
    },
    CTCheck(name: "leaky.x25519.ladder") {
        var k = undefinedBytes(32)
        k[0] &= 248; k[31] = k[31] & 127 | 64
        var x2: UInt64 = 1, x3: UInt64 = 9
        var swap: UInt8 = 0
        for t in stride(from: 254, through: 0, by: -1) {
            let kt = (k[t >> 3] >> UInt8(t & 7)) & 1
            swap ^= kt
            // The leak: a branch on a secret bit (the opaque call keeps the optimiser from turning it into a select).
            if swap != 0 { (x2, x3) = (x3, x2); x2 ^= UInt64(opaqueByte(0)) }
            swap = kt
            x3 = x3 &* x2 &+ 0x9e37_79b9_7f4a_7c15
            x2 = x2 &* x2 &+ 1
        }
        keep((x2, x3))
    },
]
