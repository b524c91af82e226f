import SHA2
import Testing
import TestSupport

@Suite("HMAC")
struct HMACTests {
    /// RFC 4231 §4.2–4.8 except case 5 (§4.6, truncated output), which the files leave out.
    @Test("RFC 4231", arguments: [Algorithm.sha224, .sha256, .sha384, .sha512])
    func rfc4231(_ algorithm: Algorithm) throws {
        let file = "rfc/4231/rfc-4231-\(algorithm.rawValue.lowercased()).txt"
        var ran = 0
        for r in try CAVP.load(file) {
            let key = r.hex("Key"), message = r.hex("Msg"), expected = r.hex("MD")
            #expect(r.int("Len") == message.count * 8, "line \(r.line)")
            #expect(expected.count == algorithm.digestSize)
            #expect(algorithm.hmac(key: key, message: message) == expected, "\(file) line \(r.line)")
            ran += 1
        }
        Vectors.report(file, cases: ran)
        #expect(ran == 6)
    }

    /// NIST CAVP HMACVS: `[L=n]` picks the hash by output size; `Mac` is the first Tlen bytes.
    /// The L=20 section is HMAC-SHA-1, which this module does not implement: those records are
    /// counted as out of scope.
    @Test("NIST HMAC.rsp")
    func nist() throws {
        let file = "nist/hmac/HMAC.rsp"
        let bySize: [String: Algorithm] = [
            "L=28": .sha224, "L=32": .sha256, "L=48": .sha384, "L=64": .sha512,
        ]
        var ran: [Algorithm: Int] = [:]
        var skipped = 0
        for r in try CAVP.load(file) {
            guard r.has("Mac") else { continue }
            if r.section == "L=20" { skipped += 1; continue }
            let algorithm = try #require(bySize[r.section], "unknown section \(r.section)")
            let key = r.hex("Key"), message = r.hex("Msg"), mac = r.hex("Mac")
            #expect(r.int("Klen") == key.count && r.int("Tlen") == mac.count, "line \(r.line)")
            let full = algorithm.hmac(key: key, message: message)
            #expect(constantTimeEquals(full.prefix(mac.count), mac), "\(file) line \(r.line)")
            ran[algorithm, default: 0] += 1
        }
        let total = ran.values.reduce(0, +)
        Vectors.report(
            file, cases: total,
            detail: "SHA-224 \(ran[.sha224] ?? 0), SHA-256 \(ran[.sha256] ?? 0), SHA-384 \(ran[.sha384] ?? 0), "
                + "SHA-512 \(ran[.sha512] ?? 0); \(skipped) HMAC-SHA-1 records out of scope")
        #expect(ran == [.sha224: 375, .sha256: 225, .sha384: 300, .sha512: 375])
        #expect(skipped == 300)
    }

    static let wycheproofCounts: [Algorithm: Int] = [
        .sha224: 172, .sha256: 174, .sha384: 174, .sha512: 174, .sha512_224: 173, .sha512_256: 175,
    ]

    /// Wycheproof MacTest: the tag is the MAC truncated to the group's tagSize (bits).
    @Test("Wycheproof", arguments: Algorithm.allCases)
    func wycheproof(_ algorithm: Algorithm) throws {
        let file = "wycheproof/hmac_\(algorithm.rawValue.lowercased())_test.json"
        let vectors = try WycheproofFile.load(file)
        var ran = 0, valid = 0
        for (group, test) in vectors.cases {
            #expect(group.type == "MacTest")
            let tagBits = try #require(group.int("tagSize"))
            let key = test.hex("key"), message = test.hex("msg"), tag = test.hex("tag")
            #expect(group.int("keySize") == key.count * 8)
            // nil means an acceptable case with a flag this test has no policy for: a failure.
            guard let shouldPass = wycheproofShouldPass(test, acceptableFlags: [:]) else {
                Issue.record("unknown flag: \(test.label(file))")
                continue
            }
            let full = algorithm.hmac(key: key, message: message)
            let matches = tagBits % 8 == 0 && tag.count == tagBits / 8
                && constantTimeEquals(full.prefix(tagBits / 8), tag)
            #expect(matches == shouldPass, "\(test.label(file))")
            if tagBits / 8 == algorithm.digestSize {
                // Full-length tags also go through the verification API.
                #expect(algorithm.with { h in verify(h, tag, key, message) } == shouldPass, "\(test.label(file))")
            }
            if shouldPass { valid += 1 }
            ran += 1
        }
        Vectors.report(file, cases: ran, detail: "\(valid) valid")
        #expect(ran == Self.wycheproofCounts[algorithm])
        #expect(valid == 66)
    }

    @Test("streaming, prepared keys and the verification overloads agree")
    func apiShapes() {
        let key = SymmetricKey(data: Array("key".utf8))
        let message = Array("The quick brown fox jumps over the lazy dog".utf8)
        // Widely published HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog").
        let expected = hex("f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
        let oneShot = HMAC<SHA256>.authenticationCode(for: message, using: key)
        #expect(oneShot.bytes == expected)
        #expect(Array(oneShot) == expected)
        #expect(oneShot.description == expected.hexString)
        var streaming = HMAC<SHA256>(key: key)
        for chunk in [message[0..<3], message[3..<40], message[40...]] { streaming.update(data: chunk) }
        #expect(streaming.finalize() == oneShot)
        let prepared = HMAC<SHA256>.Key(key)
        for _ in 0..<3 {  // the prepared key is reusable
            #expect(HMAC<SHA256>.authenticationCode(for: message, using: prepared) == oneShot)
        }
        #expect(HMAC<SHA256>.isValidAuthenticationCode(oneShot, authenticating: message, using: key))
        #expect(HMAC<SHA256>.isValidAuthenticationCode(expected, authenticating: message, using: prepared))
        #expect(HMAC<SHA256>.isValidAuthenticationCode(expected, authenticating: message.dropLast(), using: key) == false)
        #expect(HMAC<SHA256>.isValidAuthenticationCode(expected.prefix(16), authenticating: message, using: key) == false)
        #expect(HMAC<SHA256>.isValidAuthenticationCode(expected + [0], authenticating: message, using: key) == false)
        var flipped = expected
        flipped[31] ^= 1
        #expect(HMAC<SHA256>.isValidAuthenticationCode(flipped, authenticating: message, using: key) == false)
        let other = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Array("kez".utf8)))
        #expect(other != oneShot)
        #expect(HMAC<SHA256>.isValidAuthenticationCode(other, authenticating: message, using: key) == false)
    }

    @Test("SymmetricKey")
    func symmetricKey() {
        let k = SymmetricKey(data: [1, 2, 3])
        #expect(k.byteCount == 3 && k.bitCount == 24)
        #expect(k.withUnsafeBytes { Array($0) } == [1, 2, 3])
        #expect(k.description == "SymmetricKey(3 bytes)")
        let r1 = SymmetricKey(bitCount: 256), r2 = SymmetricKey(bitCount: 256)
        #expect(r1.byteCount == 32)
        #expect(SymmetricKey(size: .bits192).bitCount == 192)
        #expect(r1.withUnsafeBytes { Array($0) } != r2.withUnsafeBytes { Array($0) })
    }
}

private func verify<H: HashFunction>(_: H.Type, _ tag: [UInt8], _ key: [UInt8], _ message: [UInt8]) -> Bool {
    HMAC<H>.isValidAuthenticationCode(tag, authenticating: message, using: SymmetricKey(data: key))
}
