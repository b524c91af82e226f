import Testing
import TestSupport
@testable import DER

@Suite("Writer round trips")
struct WriterTests {
    @Test("INTEGER from Int: minimal two's complement, read back")
    func integers() throws {
        let cases: [(Int, String)] = [
            (0, "020100"), (1, "020101"), (127, "02017f"), (128, "02020080"), (255, "020200ff"), (256, "02020100"),
            (-1, "0201ff"), (-128, "020180"), (-129, "0202ff7f"), (-256, "0202ff00"), (65537, "0203010001"),
            (Int.max, "02087fffffffffffffff"), (Int.min, "02088000000000000000"),
        ]
        for (v, h) in cases {
            var w = DERWriter()
            w.writeInteger(v)
            #expect(w.bytes == hex(h), "\(v)")
            var r = try DERReader(w.bytes)
            #expect(try r.readInt() == v)
            try r.finish()
        }
    }

    @Test("unsigned INTEGER from a magnitude")
    func unsignedIntegers() throws {
        let cases: [(String, String)] = [
            ("", "020100"), ("00", "020100"), ("000005", "020105"), ("7f", "02017f"), ("80", "02020080"),
            ("00ff01", "020300ff01"),
        ]
        for (m, h) in cases {
            var w = DERWriter()
            w.writeUnsignedInteger(hex(m))
            #expect(w.bytes == hex(h), "\(m)")
            var r = try DERReader(w.bytes)
            #expect(Array(try r.readUnsignedInteger()) == Array(hex(m).drop(while: { $0 == 0 })))
        }
    }

    @Test("lengths at the short/long form boundaries")
    func lengths() throws {
        let cases: [(Int, String)] = [(0, "00"), (127, "7f"), (128, "8180"), (255, "81ff"), (256, "820100"), (65535, "82ffff"), (65536, "83010000")]
        for (n, h) in cases {
            #expect(DERWriter.lengthOctets(n) == hex(h))
            var w = DERWriter()
            w.writeOctetString([UInt8](repeating: 0xAB, count: n))
            #expect(Array(w.bytes[1..<(1 + h.count / 2)]) == hex(h))
            var r = try DERReader(w.bytes)
            #expect(try r.readOctetString().count == n)
            try r.finish()
        }
    }

    @Test("tags, including high tag numbers")
    func tags() throws {
        let cases: [(DERTag, String)] = [
            (.sequence, "30"), (.contextSpecific(0), "a0"), (.contextSpecific(1, constructed: false), "81"),
            (.contextSpecific(30), "be"), (.contextSpecific(31), "bf1f"), (DERTag(.application, number: 127, constructed: false), "5f7f"),
            (DERTag(.private, number: 128, constructed: false), "df8100"), (DERTag(.contextSpecific, number: 0x0FFF_FFFF, constructed: true), "bfffffff7f"),
        ]
        for (t, h) in cases {
            #expect(t.encoded == hex(h), "\(t)")
            // A constructed element must hold elements; a primitive one any octets.
            let contents: [UInt8] = t.isConstructed ? [0x05, 0x00] : [1, 2]
            var w = DERWriter()
            w.write(t, contents: contents)
            let node = try DERNode.parse(w.bytes)
            #expect(node.tag == t)
            #expect(Array(node.contents) == contents)
            #expect(node.children.count == (t.isConstructed ? 1 : 0))
        }
    }

    @Test("OBJECT IDENTIFIERs: encoding, arcs and dotted form")
    func oids() throws {
        let cases: [([UInt64], String, String)] = [
            ([1, 2, 840, 113549, 1, 1, 1], "2a864886f70d010101", "1.2.840.113549.1.1.1"),
            ([1, 3, 132, 0, 34], "2b81040022", "1.3.132.0.34"),
            ([2, 999, 3], "883703", "2.999.3"),
            ([0, 39], "27", "0.39"),
            ([1, 2, UInt64(Int64.max)], "2a" + "ffffffffffffffff7f", "1.2.9223372036854775807"),
        ]
        for (arcs, h, dotted) in cases {
            let o = ASN1ObjectIdentifier(arcs: arcs)
            #expect(o.contentOctets == hex(h))
            #expect(o.arcs == arcs)
            #expect(o.description == dotted)
            var w = DERWriter()
            w.writeObjectIdentifier(o)
            var r = try DERReader(w.bytes)
            #expect(try r.readObjectIdentifier() == o)
        }
    }

    @Test("BOOLEAN, NULL, BIT STRING")
    func primitives() throws {
        var w = DERWriter()
        w.writeBoolean(true); w.writeBoolean(false); w.writeNull()
        w.writeBitString([0xFF], unusedBits: 3); w.writeBitString([])
        #expect(w.bytes == hex("0101ff 010100 0500 030203f8 030100"))
        var r = try DERReader(w.bytes)
        #expect(try r.readBoolean() == true)
        #expect(try r.readBoolean() == false)
        try r.readNull()
        #expect(try r.readBitString() == DERBitString(bytes: [0xF8][...], unusedBits: 3))
        #expect(try r.readBitString() == DERBitString(bytes: [][...], unusedBits: 0))
        try r.finish()
    }

    @Test("RSASSA-PSS parameters: every DEFAULT omitted, every combination round-trips")
    func pssParameters() throws {
        #expect(RSASSAPSSParameters.defaults.derEncoded() == hex("3000"))
        var n = 0
        for h in DigestAlgorithm.allCases {
            for m in DigestAlgorithm.allCases {
                for salt in [0, 20, 32, 64, 1000] {
                    let p = RSASSAPSSParameters(hashAlgorithm: h, maskGenHashAlgorithm: m, saltLength: salt)
                    let der = p.derEncoded()
                    let back = try RSASSAPSSParameters(derEncoded: der)
                    #expect(back == p)
                    #expect(back.derEncoded() == der)
                    // The writer omits exactly the components equal to their DEFAULT.
                    let present = try DERNode.parse(der).children.map { $0.tag.number }
                    let expected = [h != .sha1 ? 0 : nil, m != .sha1 ? 1 : nil, salt != 20 ? 2 : nil].compactMap { $0 }
                    #expect(present == expected.map(UInt32.init), "\(p)")
                    let spki = SubjectPublicKeyInfo(algorithm: .rsassaPSS(p), subjectPublicKey: smallRSA)
                    #expect(try SubjectPublicKeyInfo(derEncoded: spki.derEncoded()) == spki)
                    n += 1
                }
            }
        }
        #expect(n == 245)
        // RFC 4055 §2.1: hash identifiers with absent parameters are accepted and re-encoded as they came.
        let absent = seq(ctx(0, seq(oid(K.sha256))), ctx(1, seq(oid(K.mgf1), seq(oid(K.sha384)))), ctx(2, int([32])))
        let p = try RSASSAPSSParameters(derEncoded: absent)
        #expect(p == RSASSAPSSParameters(hashAlgorithm: .sha256, maskGenHashAlgorithm: .sha384, saltLength: 32))
        #expect(p.derEncoded() == absent)
    }

    @Test("containers built in code round-trip")
    func containers() throws {
        let rsa = PKCS1RSAPublicKey(modulus: [0x00, 0xC5, 1, 2, 3, 5], publicExponent: [1, 0, 1])
        #expect(rsa.modulus == [0xC5, 1, 2, 3, 5])
        #expect(rsa.derEncoded() == smallRSA)
        let spki = SubjectPublicKeyInfo(rsaPublicKey: rsa)
        #expect(spki.derEncoded() == seq(rsaAlg, bits(smallRSA)))
        #expect(try SubjectPublicKeyInfo(derEncoded: spki.derEncoded()).rsaPublicKey() == rsa)
        #expect(try PKCS1RSAPublicKey(pemString: rsa.pemString) == rsa)

        for c in ECNamedCurve.allCases {
            let point = [0x04] + [UInt8](repeating: 7, count: 2 * c.coordinateByteCount)
            let ec = SubjectPublicKeyInfo(algorithm: .ecPublicKey(c), subjectPublicKey: point)
            #expect(try SubjectPublicKeyInfo(pemString: ec.pemString) == ec)
            let compressed = SubjectPublicKeyInfo(algorithm: .ecPublicKey(c), subjectPublicKey: [0x02] + [UInt8](repeating: 7, count: c.coordinateByteCount))
            #expect(try SubjectPublicKeyInfo(derEncoded: compressed.derEncoded()) == compressed)
            for includes in [true, false] {
                let sec1 = SEC1ECPrivateKey(curve: c, privateKey: [UInt8](repeating: 0x80, count: c.scalarByteCount), publicKey: point, includesParameters: includes)
                let p8 = PKCS8PrivateKeyInfo(ecPrivateKey: sec1)
                #expect(try PKCS8PrivateKeyInfo(derEncoded: p8.derEncoded()) == p8)
                #expect(try PKCS8PrivateKeyInfo(pemString: p8.pemString) == p8)
                let v2 = PKCS8PrivateKeyInfo(algorithm: .ecPublicKey(c), privateKey: .ec(sec1), publicKey: point)
                #expect(try PKCS8PrivateKeyInfo(derEncoded: v2.derEncoded()) == v2)
            }
            let sec1 = SEC1ECPrivateKey(curve: c, privateKey: [UInt8](repeating: 1, count: c.scalarByteCount))
            #expect(try SEC1ECPrivateKey(pemString: sec1.pemString) == sec1)
        }

        let multi = PKCS1RSAPrivateKey(
            modulus: [0xC5, 1], publicExponent: [3], privateExponent: [5], prime1: [7], prime2: [0x0B],
            exponent1: [1], exponent2: [2], coefficient: [3],
            otherPrimeInfos: [.init(prime: [0x0D], exponent: [4], coefficient: [0x80])])
        #expect(try PKCS1RSAPrivateKey(derEncoded: multi.derEncoded()) == multi)
        #expect(multi.derEncoded()[2...4] == [0x02, 0x01, 0x01])  // version 1 (multi-prime)
        let two = PKCS1RSAPrivateKey(
            modulus: [0xC5, 1], publicExponent: [3], privateExponent: [5], prime1: [7], prime2: [0x0B],
            exponent1: [1], exponent2: [2], coefficient: [3])
        #expect(try PKCS1RSAPrivateKey(pemString: two.pemString) == two)
        let p8 = PKCS8PrivateKeyInfo(rsaPrivateKey: two)
        #expect(try PKCS8PrivateKeyInfo(derEncoded: p8.derEncoded()) == p8)
        let pss = PKCS8PrivateKeyInfo(algorithm: .rsassaPSS(.defaults), privateKey: .rsa(two))
        #expect(try PKCS8PrivateKeyInfo(derEncoded: pss.derEncoded()) == pss)
    }

    @Test("ECDSA-Sig-Value ⟷ raw r‖s")
    func ecdsaSignatures() throws {
        // Known encodings: a top-bit-set r gets its 0x00 sign octet; a short s is left-padded.
        let r = [UInt8](repeating: 0xFF, count: 32), s = [UInt8](repeating: 0, count: 31) + [5]
        let der = try ECDSASignatureValue.derRepresentation(fromRaw: r + s, scalarByteCount: 32)
        #expect(der == seq(int([0] + r), int([5])))
        #expect(try ECDSASignatureValue.rawRepresentation(fromDER: der, scalarByteCount: 32) == r + s)
        // Zero r and s are representable (range checks are the verifier's).
        let zeros = [UInt8](repeating: 0, count: 132)
        let zd = try ECDSASignatureValue.derRepresentation(fromRaw: zeros, scalarByteCount: 66)
        #expect(zd == hex("3006020100020100"))
        #expect(try ECDSASignatureValue.rawRepresentation(fromDER: zd, scalarByteCount: 66) == zeros)
        // A pseudo-random sweep over sizes and leading-zero patterns.
        var rng = SplitMix64(seed: 7)
        for n in [32, 48, 66] {
            for _ in 0..<200 {
                var raw = (0..<(2 * n)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                let zr = Int(rng.next() % UInt64(n + 1)), zs = Int(rng.next() % UInt64(n + 1))
                for i in 0..<zr { raw[i] = 0 }
                for i in 0..<zs { raw[n + i] = 0 }
                let d = try ECDSASignatureValue.derRepresentation(fromRaw: raw, scalarByteCount: n)
                #expect(try ECDSASignatureValue.rawRepresentation(fromDER: d, scalarByteCount: n) == raw)
                #expect(try DERNode.parse(d).children.count == 2)
            }
        }
    }
}

@Suite("PEM")
struct PEMTests {
    @Test("RFC 4648 §10 base64 vectors")
    func base64Vectors() throws {
        let cases = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")]
        for (plain, b64) in cases {
            #expect(PEMBody.encode(Array(plain.utf8)) == Array(b64.utf8))
            #expect(try PEMBody.decode(Array(b64.utf8)) == Array(plain.utf8))
        }
    }

    @Test("writer: 64-column lines, LF, round trip for every length up to 200")
    func writer() throws {
        for n in 1...200 {
            let doc = PEMDocument(label: "TEST DATA", derBytes: (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37) })
            let text = doc.pemString
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "-----BEGIN TEST DATA-----")
            #expect(lines.dropLast().last == "-----END TEST DATA-----" && lines.last == "")
            let body = lines.dropFirst().dropLast(2)
            #expect(body.dropLast().allSatisfy { $0.count == 64 } && (1...64).contains(body.last!.count))
            #expect(try PEMDocument(pemString: text) == doc)
            let crlf = text.replacingAll("\n", with: "\r\n")
            #expect(try PEMDocument(pemString: crlf) == doc)
        }
    }

    @Test("several blocks, surrounding text, labels")
    func parseAll() throws {
        let a = PEMDocument(label: "PUBLIC KEY", derBytes: [1, 2, 3])
        let b = PEMDocument(label: "X509 CRL", derBytes: [4, 5])
        let text = "Subject: something\n\n" + a.pemString + "between\n" + b.pemString + "trailer without newline"
        #expect(try PEMDocument.parseAll(text) == [a, b])
        #expect(try PEMDocument.parseAll("no armour here\n") == [])
        #expect(throws: DERError(.invalidPEM)) { try PEMDocument(pemString: text) }
        #expect(throws: DERError(.invalidPEM)) { try PEMDocument(pemString: "nothing") }
        #expect(throws: DERError(.unexpectedPEMLabel)) { try PEMDocument(pemString: a.pemString, expectedLabel: "PRIVATE KEY") }
        // Encrypted PKCS#8 is refused as unsupported, by its label.
        let encrypted = PEMDocument(label: "ENCRYPTED PRIVATE KEY", derBytes: [0x30, 0x00]).pemString
        #expect(throws: DERError(.unsupported)) { try PKCS8PrivateKeyInfo(pemString: encrypted) }
        // Trailing spaces after a boundary are tolerated; the body must be strict.
        #expect(try PEMDocument(pemString: "-----BEGIN A-----  \nAQID\n-----END A-----\t\n").derBytes == [1, 2, 3])
    }

    static let bad: [(String, String, DERError.Code)] = [
        ("no END line", "-----BEGIN A-----\nAQID\n", .invalidPEM),
        ("END label differs", "-----BEGIN A-----\nAQID\n-----END B-----\n", .invalidPEM),
        ("empty body", "-----BEGIN A-----\n-----END A-----\n", .invalidPEM),
        ("malformed BEGIN line", "-----BEGIN A----\nAQID\n-----END A-----\n", .invalidPEM),
        ("label with a double space", "-----BEGIN A  B-----\nAQID\n-----END A  B-----\n", .invalidPEM),
        ("label ending in a hyphen", "-----BEGIN A------\nAQID\n-----END A------\n", .invalidPEM),
        ("space inside a base64 line", "-----BEGIN A-----\nAQ ID\n-----END A-----\n", .invalidBase64),
        ("trailing space on a base64 line", "-----BEGIN A-----\nAQID \n-----END A-----\n", .invalidBase64),
        ("blank line in the body", "-----BEGIN A-----\nAQID\n\nAQID\n-----END A-----\n", .invalidBase64),
        ("non-alphabet character", "-----BEGIN A-----\nAQI_\n-----END A-----\n", .invalidBase64),
        ("missing padding", "-----BEGIN A-----\nAQI\n-----END A-----\n", .invalidBase64),
        ("padding in the middle", "-----BEGIN A-----\nAQ==\nAQID\n-----END A-----\n", .invalidBase64),
        ("non-zero pad bits", "-----BEGIN A-----\nAQJ=\n-----END A-----\n", .invalidBase64),
        ("non-zero pad bits (two =)", "-----BEGIN A-----\nAR==\n-----END A-----\n", .invalidBase64),
        ("encrypted PEM headers", "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\nAQID\n-----END RSA PRIVATE KEY-----\n", .unsupported),
    ]

    @Test("malformed PEM")
    func malformed() {
        for (name, text, code) in Self.bad {
            do {
                _ = try PEMDocument.parseAll(text)
                Issue.record("\(name): accepted")
            } catch let e {
                #expect(e.code == code, "\(name): \(e)")
            }
        }
        Vectors.report("PEMTests (hand-made PEM)", cases: Self.bad.count)
    }
}


extension String {
    func replacingAll(_ a: Character, with b: String) -> String {
        var out = ""
        for c in self { if c == a { out += b } else { out.append(c) } }
        return out
    }
}
