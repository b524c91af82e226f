import RSA
import Testing
import VectorSupport

/// NIST CAVP RSA signature files in `Vectors/nist/rsa` (FIPS 186-3 / CAVS 11, and the CAVS 5.2
/// malformed-EM file). Keys of 1024 and 1536 bits are read with `RSAKeyOptions.legacy1024`.
/// SHA-1 records are out of scope: counted as skipped and asserted unexpressible
/// (`RSAHashAlgorithm(name: "SHA1") == nil`), never dropped silently.
@Suite struct NISTRSATests {
    struct Case {
        /// The fields of one signature record.
        let fields: [String: String]
        let line: Int
        let n: [UInt8]
        let e: [UInt8]
        let hash: RSAHashAlgorithm?

        subscript(_ name: String) -> String? { fields[name] }
        func hex(_ name: String) -> [UInt8] { VectorSupport.hex(fields[name] ?? "") }
    }

    /// Records with a message, each with the modulus and exponent in force (`n` and `e` are
    /// sticky: given once per section in SigGen files, `e` per record in SigVer files).
    /// SigVer15EMTest.txt has one pair of records with no blank line between them, which the
    /// record parser returns as one; a record is therefore split again at each `SHAAlg` field.
    static func cases(_ file: String) throws -> [Case] {
        var n: [UInt8] = [], e: [UInt8] = []
        var out: [Case] = []
        for r in try CAVP.load(file) {
            var groups: [[(name: String, value: String)]] = [[]]
            for f in r.fields {
                if f.name == "SHAAlg" && !groups[groups.count - 1].isEmpty { groups.append([]) }
                groups[groups.count - 1].append(f)
            }
            for g in groups {
                let fields = Dictionary(g.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
                if let v = fields["n"] { n = hex(v) }
                if let v = fields["e"], fields["Msg"] == nil { e = hex(v) }
                guard fields["Msg"] != nil else { continue }
                let alg = try #require(fields["SHAAlg"], "line \(r.line)")
                out.append(Case(fields: fields, line: r.line, n: n, e: fields["e"].map { hex($0) } ?? e,
                                hash: RSAHashAlgorithm(name: alg)))
            }
        }
        return out
    }

    /// Runs `verify` on every in-scope record; returns (ran, skipped SHA-1, passed).
    static func run(
        _ file: String, _ verify: (RSAPublicKey, Case) throws -> (got: Bool, expected: Bool)
    ) throws -> (ran: Int, skipped: Int, passed: Int) {
        var ran = 0, skipped = 0, passed = 0
        var keys: [[UInt8]: RSAPublicKey] = [:]
        for c in try cases(file) {
            guard c.hash != nil else {
                #expect(c["SHAAlg"] == "SHA1", "\(file) line \(c.line)")
                skipped += 1
                continue
            }
            let id = c.n + [0xff] + c.e
            let key = try keys[id] ?? RSAPublicKey(modulus: c.n, publicExponent: c.e, options: .legacy1024)
            keys[id] = key
            let (got, expected) = try verify(key, c)
            #expect(got == expected, "\(file) line \(c.line) \(c["Result"] ?? "")")
            if got { passed += 1 }
            ran += 1
        }
        #expect(RSAHashAlgorithm(name: "SHA1") == nil && RSAHashAlgorithm(name: "SHA-1") == nil)
        return (ran, skipped, passed)
    }

    static func expectedResult(_ c: Case) throws -> Bool {
        let r = try #require(c["Result"], "line \(c.line)")
        #expect(r == "P" || r.hasPrefix("F"))
        return r == "P"
    }

    @Test func sigVer15() throws {
        let file = "nist/rsa/SigVer15_186-3.rsp"
        let (ran, skipped, passed) = try Self.run(file) { key, c in
            (key.isValidSignature(c.hex("S"), for: c.hex("Msg"), padding: .pkcs1v1_5(c.hash!)),
             try Self.expectedResult(c))
        }
        Vectors.report(file, cases: ran + skipped, detail: "\(ran) run (\(passed) pass), \(skipped) SHA-1 skipped")
        #expect(ran == 360 && skipped == 90 && passed == 60)
    }

    @Test func sigVerPSS() throws {
        let file = "nist/rsa/SigVerPSS_186-3.rsp"
        let (ran, skipped, passed) = try Self.run(file) { key, c in
            let sLen = c.hex("SaltVal").count
            return (key.isValidSignature(c.hex("S"), for: c.hex("Msg"), padding: .pss(c.hash!, saltLength: sLen)),
                    try Self.expectedResult(c))
        }
        Vectors.report(file, cases: ran + skipped, detail: "\(ran) run (\(passed) pass), \(skipped) SHA-1 skipped")
        #expect(ran == 360 && skipped == 90 && passed == 60)
    }

    /// CAVS 5.2 encoded messages with the hash moved left or the 0x00 after the padding removed:
    /// every one must fail.
    @Test func sigVer15EMTest() throws {
        let file = "nist/rsa/SigVer15EMTest.txt"
        let (ran, skipped, passed) = try Self.run(file) { key, c in
            (key.isValidSignature(c.hex("S"), for: c.hex("Msg"), padding: .pkcs1v1_5(c.hash!)),
             try Self.expectedResult(c))
        }
        Vectors.report(file, cases: ran + skipped, detail: "\(ran) run (\(passed) pass), \(skipped) SHA-1 skipped")
        #expect(ran == 120 && skipped == 30 && passed == 0)
    }

    /// Signatures generated by the CAVS tool: all valid.
    @Test func sigGen15() throws {
        let file = "nist/rsa/SigGen15_186-3.rsp"
        let (ran, skipped, passed) = try Self.run(file) { key, c in
            (key.isValidSignature(c.hex("S"), for: c.hex("Msg"), padding: .pkcs1v1_5(c.hash!)), true)
        }
        Vectors.report(file, cases: ran + skipped, detail: "\(ran) run, all valid; \(skipped) SHA-1 skipped")
        #expect(ran == 200 && skipped == 50 && passed == 200)
    }

    /// PSS signatures generated by the CAVS tool: all valid, with the salt length stated in the
    /// file header ("Salt len: 0") and also with the salt length detected.
    @Test func sigGenPSS() throws {
        let file = "nist/rsa/SigGenPSS_186-3.rsp"
        let text = try Vectors.text(file)
        #expect(text.contains("# Salt len: 0"))
        let (ran, skipped, passed) = try Self.run(file) { key, c in
            let s = c.hex("S"), m = c.hex("Msg")
            #expect(key.isValidSignature(s, for: m, padding: .pss(c.hash!)), "line \(c.line) (salt detected)")
            #expect(!key.isValidSignature(s, for: m, padding: .pss(c.hash!, saltLength: 1)), "line \(c.line)")
            return (key.isValidSignature(s, for: m, padding: .pss(c.hash!, saltLength: 0)), true)
        }
        Vectors.report(file, cases: ran + skipped, detail: "\(ran) run, all valid; \(skipped) SHA-1 skipped")
        #expect(ran == 200 && skipped == 50 && passed == 200)
    }
}
