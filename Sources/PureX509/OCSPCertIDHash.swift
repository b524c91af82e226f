/// SHA-1 (FIPS 180-4 §6.1), here for one use only: the CertID of an OCSP request and response
/// (RFC 6960 §4.1.1), whose issuerNameHash and issuerKeyHash most responders only answer for with SHA-1,
/// and the byKey ResponderID (§4.2.1, always SHA-1). It hashes public data (a name and a public key) and
/// is never used for a signature: certificate and OCSP signatures with SHA-1 are refused.
enum OCSPSHA1 {
    static func hash(_ message: some Collection<UInt8>) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        var data = Array(message)
        let bitLength = UInt64(data.count) &* 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for i in (0..<8).reversed() { data.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }
        var w = [UInt32](repeating: 0, count: 80)
        var block = 0
        while block < data.count {
            for t in 0..<16 {
                let j = block + t * 4
                w[t] = UInt32(data[j]) << 24 | UInt32(data[j + 1]) << 16 | UInt32(data[j + 2]) << 8 | UInt32(data[j + 3])
            }
            for t in 16..<80 {
                let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
                w[t] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = h
            for t in 0..<80 {
                let f: UInt32, k: UInt32
                switch t {
                case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t]
                e = d; d = c; c = b << 30 | b >> 2; b = a; a = temp
            }
            h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
            block += 64
        }
        var out = [UInt8]()
        out.reserveCapacity(20)
        for v in [h.0, h.1, h.2, h.3, h.4] {
            out += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        return out
    }
}
