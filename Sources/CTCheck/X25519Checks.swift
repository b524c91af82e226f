import Ed25519
import SHA2

/// X25519 (Curve25519.KeyAgreement): the public key X25519(k, 9) of a secret scalar and the shared secret with a
/// public peer key, through the public API; and a leaky ladder that must fail: the same bit walk over the clamped
/// secret scalar with the conditional swap written as a branch (`if swap != 0`) instead of masks. The twin's
/// arithmetic is a stand-in (two words mixed per step); only the control flow matters to the check.
let x25519Checks: [CTCheck] = [
    CTCheck(name: "x25519.shared") {
        let scalar = undefinedBytes(32)
        let key = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: scalar)
        // RFC 7748 §6.1's Bob: a public peer key of full order (the result is not all zeros for any scalar).
        let peer = try! Curve25519.KeyAgreement.PublicKey(rawRepresentation: [
            0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
            0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f,
        ])
        // The zero-secret verdict is a declassification (CT.declassify); the secret itself stays unread.
        let z = try? key.sharedSecretFromKeyAgreement(with: peer)
        withExtendedLifetime(z) {}
        withExtendedLifetime(key) {}
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
        withExtendedLifetime((x2, x3)) {}
    },
]
