// RSA rows of jose-bench: verify.rsa{2048,3072,4096}.pkcs1, verify.rsa2048.pss, and key loading.
//
// Each row verifies a valid signature over a 300-byte message with a key constructed once
// (its Montgomery constants precomputed), so the figure is the exponentiation s^e mod n
// (e = 65537) plus hashing and the encoding check, as in `openssl speed rsaN` verify.
// The keys are NIST CAVP SigVer15_186-3 keys (Vectors/nist/rsa, public test data, e = 65537);
// the signatures are made here, at set-up, with their private exponents and BigNum.

import BigNum
import RSA
import SHA2

/// (n, d) of test keys, hex (from Vectors/nist/rsa/SigVer15_186-3.rsp).
private let benchmarkKeys: [Int: (n: String, d: String)] = [
    // [mod = 2048], first record with e = 65537
    2048: (n: """
        a911245a2cfb33d8ee375df9439f74e669c03a8d9acad25bd27acf3cd8bea7eb9dbe470155c7c72782c94861f7b573cd
        325639fb070e9ba6e621991aefa45106182e4d264be7068035595d7549052989b3e7fd04cabc94012c1278a0ef8672b1
        a51dd1a9e276816ba497dea24b4febe3dd8e977707bcd230ca6fb6f8a8bff9e6ba24fbadcd93f00126b19b396a38e6ef
        86d18fef945b9154c1963fb488c7025953511f86d05638bfe056493730bc6778446e59cd3c5c3acf07a0a3a649437936
        52f10e3292aa7a6d25a03181cc6f6ba0658d909e59ce2a02bacc9766fd8c4fbd4ed9c23a866844b8a794d49e505f9f94
        4870a71aadbe5338039825c2dff81af3
        """,
            d: """
        290d117f97d672f3647c2b24402832b153d22a25820567688645ed95ffa6e38d116347486ab4b485c27aef4962653bb6
        0257ef82256785a1d3d52aa0e0b94c37279dee7bb308688aaee98108de6f1373ed2c12429c9b8770756c12c03908b346
        b129f963bfaa38a8937190cc656f057ef1a812dd0312f51285c4f46f9241f3028ea6a61db0e9255976469f5d5542ced5
        5ee2d6f4afe766c0a70f49871d369dd8f3a82a7141639efd4a1f4a4009821c3c2b9f5c5f5eef99a5f00fbd8bc8191a36
        54e8f8d8ce12d90e5ff2a4c530b76306c8c56e0549a6f277ab2af3a60cccbf4bb4b2cb47f04f211f8b86aa653bf6913f
        3b5ed190c51b5958e40597a2dfd30061
        """),
    // [mod = 3072], first record with e = 65537
    3072: (n: """
        f33d3234f13272c3b2b6821ce4805663ff2e8b0d2a47de363d97fc9cc879cc6b40f9e53aea695dc538a0d2b558498829
        aac327eacbcd889e172b34f90745c5d528b7e82605f1a58fd228ec7fd4b6f476f393864f48dc47097c8a780a2ecc02f7
        48138dbd7df99c52d822a2e5154c6047fb0eeb4f49da38edcae3c32d3fde435f291f96cad1e09e1030ad7efb4944b69e
        074d0d7964becb3cb86238d8d293bef3030d141d14868bc21fa133e9de1115f749991cf86ef506e663ac162b2c8567ff
        131a6b467a6f564d6c588860becbd88970354198ecdd4f1f4baee8f8bdaf7255835385f5673625f113550b123628a0be
        3994d91c3a19a82e5d73448dabf684ee6794fba7a2b1afbee0287e5a11180c29ce0896795d52ac7f408fe28e8e9116fe
        0b61a1083f95c5227d62d5537b5040b79e21b3a8e83c225bf3efebb2f808541e97d28a2468359fc60f588e74faad6112
        62064628a25d8d61f9d03d8b21cca515595aaf2343a759b74a6a8afeffca139a389aa281995cd18e16a9cf7b7ff0dddb
        """,
            d: """
        78ad6bde08572c73c5e94bdf0f1efd12da3a8fe7c035027236acd3e4ea86edd1bddd92ca601d012b7aa4e4e543caccdb
        49f54e35ecac7ee8b03b522a1b09957fe3ebc4d42dd96dcd4f9f2e215dba47749c9ec7369ec21571b21af638ac6f05d4
        5980c4af0c1e6db2f70dcd738a803cb9cee7dffc3e7a735ec6c2541b270cc6b0225ef71939220f9ef35cf5c5b0dc291e
        237bd456333d803d12883e0694b2e891a3248ca36b838a8de27e154624fea5149857214b15ac4b4d67e0ab944ff50005
        52c66f833239f3d4c27a76cb14dd181d3f52a12cb4f3f9518dcb68c9db923e677d6f733febc93152c311880205a5b73e
        f323c07b87cd55549156b0452656f0f11a2c430924f426a22117c04dea477588fe092bbad1a4bf2a0a7b6befcffa3f91
        f4d308ff24515dae15897e9ab00bf755f9a366057b66f095573a9f881bc48e3711de800b3c0155c976957c40eab8834c
        7b7911d426fd7484e895fc8d8bb5ef7b562da7a846fd6bd013cef55ff3b11de43fe6da0c90b59dba4bb060ce4caf3cd
        """),
    // [mod = 4096], first record with e = 65537
    4096: (n: """
        b10935650754c1a27e54f9ee525c77045d1a056baedc8c1ba05a3d66322c8e2e41689ca02b8e6ec55d3331cd714e161b
        35c774311540c6410cc3b130e65cec325377ccf18a5d77054afaa737e65b68662327627f5d1092df98c08b60a3ba6759
        9b1406986f441528d2f1f5d6fe5ec6b8aa797dbdb3162876b08298237af81c7004863576af572ddd66c487cf32a82d0f
        9fe260f8f2681613208aec55723622f50d3cb3bd33b1226d5b5b9ea2c97a2c59054e31536849ec2f0f2597c077e621dd
        ea0a22ddfb1df925c9f1941cd431afce0398d28e736cfeab3dd7f062a65a2a4c1ddca1f32afa03b4ddfd8b7ca40cc0ce
        2ed42229d753f03cc6d8bcdca76ab7c2703c5ddad08aa9bf9a27740a8b23168c6b55917bd3d5c1c057c34d1efb1411da
        51ab745519bd92b9432fea8fadcb9a70e5dc3adcd3081d3333507b7b998886e988296628dd7265e64eab557712556cc4
        92377f15a078dcb620a6e7f051a1fb8754efdca3de253dd0aad4205b032659e4a4fb307f074fbde340702b5911acb347
        37d7834600cf2ac77f62f83ccc9ba78ff911021b9f8ad1bf421430ae0d64916944b504542c0f6263c48e5e233ef1869d
        f1efc2ccf6f4a95e4db2de7b4cb1a992bef6573511bab4bf2cd58e72a0c235f56dfc182df4dfffb69433a5677415f35d
        84f5125f5200eb57868cce6b74c5833417990e318372c9239a36dca1a0b28809
        """,
            d: """
        25e0b881e32da938611b4156525ce24216c168837fa84479ecb72207e9984adb6eb7393bb3d607b1469d9b7c3f4fdbbe
        faa4b0218850919a7d66a954b315129c39eb99f7dc08df5c4c8c90968f3ce37b66ee184ef3d485f83d308521aa2649d2
        8c319eafa2aec87031a1ff5d7e933ca56a2410593425fb865981b7976fca021b9d7c3198312fcfea5d0093a62b4a7c49
        a985c005c3a7ad816e270b25c507fc36be1c4cc0a07cb7c6fa130240062793b18047189aa5e79b16fe80a6955191f591
        0b701bc1aee6dcd5cefd57194bf54d8e208ae41202744190d5ec8bcc2f977f11461a5cb4306fc9b73afff2863a7b580d
        454bb1fb8dccb1cbef27945109a8f5a3d2b1a32566aa4e8c01a62a1d735117ff5a6a3cc7e70756e7df10e97ee75c5f8e
        f89fb0a97d7a35698069f59a9f365d4396ab9a764c2fbefb840faf5f57737801b73ac6f9f524167b4f3a567aff999a0d
        b10d55d82155720a5ddc63c35b6a632a3da59c16bd0c143c437661dcd339652ae42f54f8b2d8e52672613772abfe8cf0
        d6ebbbccc764b51b3eda2ae28d4ba8747a430ccc32c73baea63d050b86210c485ac9554606070764cd06b423efdda405
        9fc45ffd7193f7123d14014d5bbe5b542476e7bfdc4905731a0d9987fe4a68cf6077c3df63778af08a1f4eb8f00a4a8e
        03aa8726f43fa829d87c2d0a32e16b47a3f0472a6368ec50a144234c802e6919
        """),
]

private func hexBytes(_ s: String) -> [UInt8] {
    BigUInt(hex: s.filter { !$0.isWhitespace })!.bigEndianBytes
}

/// s = EM^d mod n, k bytes.
private func sign(_ em: [UInt8], n: BigUInt, d: BigUInt) -> [UInt8] {
    let ctx = MontgomeryContext(modulus: n)!
    return ctx.powerVarTime(BigUInt(bigEndianBytes: em), d).bigEndianBytes(count: ctx.byteCount)!
}

/// EMSA-PKCS1-v1_5 (RFC 8017 §9.2) with SHA-256.
private func pkcs1Encode(_ message: [UInt8], k: Int) -> [UInt8] {
    let t = RSAHashAlgorithm.sha256.digestInfoPrefix + SHA256.hash(data: message).bytes
    return [0x00, 0x01] + [UInt8](repeating: 0xff, count: k - t.count - 3) + [0x00] + t
}

/// EMSA-PSS-ENCODE (RFC 8017 §9.1.1) with SHA-256, MGF1-SHA-256 and a fixed 32-byte salt,
/// left-padded to k bytes.
private func pssEncode(_ message: [UInt8], modulusBits: Int, k: Int) -> [UInt8] {
    let emBits = modulusBits - 1
    let emLen = (emBits + 7) / 8
    let salt = (0..<32).map { UInt8($0 &* 7 &+ 1) }
    let mHash = SHA256.hash(data: message).bytes
    let h = SHA256.hash(data: [UInt8](repeating: 0, count: 8) + mHash + salt).bytes
    var db = [UInt8](repeating: 0, count: emLen - salt.count - h.count - 2) + [0x01] + salt
    MGF1.xorMask(SHA256.self, seed: h, into: &db)
    db[0] &= UInt8(0xff >> (8 * emLen - emBits))
    return [UInt8](repeating: 0, count: k - emLen) + db + h + [0xbc]
}

func rsaBenchmarks() -> [Benchmark] {
    let message = (0..<300).map { UInt8(truncatingIfNeeded: ($0 &* 0x9E37) >> 5) }
    var rows: [Benchmark] = []
    for bits in [2048, 3072, 4096] {
        let (nHex, dHex) = benchmarkKeys[bits]!
        let n = BigUInt(hex: nHex.filter { !$0.isWhitespace })!
        let d = BigUInt(hex: dHex.filter { !$0.isWhitespace })!
        let key = try! RSAPublicKey(modulus: n.bigEndianBytes, publicExponent: [0x01, 0x00, 0x01])
        let k = key.modulusByteCount
        let sig = sign(pkcs1Encode(message, k: k), n: n, d: d)
        precondition(key.isValidSignature(sig, for: message, padding: .pkcs1v1_5(.sha256)), "bench signature invalid")
        rows.append(Benchmark(name: "verify.rsa\(bits).pkcs1", unit: .opsPerSecond) {
            blackHole(key.isValidSignature(sig, for: message, padding: .pkcs1v1_5(.sha256)))
        })
        if bits == 2048 {
            let pssSig = sign(pssEncode(message, modulusBits: key.modulusBitCount, k: k), n: n, d: d)
            precondition(key.isValidSignature(pssSig, for: message, padding: .pss(.sha256, saltLength: 32)),
                         "bench PSS signature invalid")
            let verifyPSS = Benchmark(name: "verify.rsa2048.pss", unit: .opsPerSecond) {
                blackHole(key.isValidSignature(pssSig, for: message, padding: .pss(.sha256, saltLength: 32)))
            }
            // Key set-up: DER SubjectPublicKeyInfo parse, checks, R² mod n.
            let spki = key.derRepresentation
            let load = Benchmark(name: "load.rsa2048.spki", unit: .opsPerSecond) {
                blackHole(try! RSAPublicKey(derRepresentation: spki))
            }
            rows.append(verifyPSS)
            rows.append(load)
        }
    }
    return rows
}
