import Testing
import ECDSA
import SHA2
import TestSupport
import Foundation

// NIST CAVP FIPS 186-3 ECDSA files (Vectors/nist/ecdsa): SigVer (P-256/P-384 with SHA-224/256/384/512
// verified; SHA-1 and other curves counted as skipped), PKV (P-256/P-384 public-key validation), SigGen
// (generated signatures, all valid); and the RFC 6979 stanzas of OpenSSL's evp_test file.

/// A coordinate field as exactly `count` bytes (left-padded), or the raw longer value when it does not
/// fit (an out-of-range coordinate in PKV).
func coordinate(_ h: String, _ count: Int) -> [UInt8] {
    let b = hex((h.count % 2 == 1 ? "0" : "") + h)
    return b.count >= count ? b : [UInt8](repeating: 0, count: count - b.count) + b
}

/// "P-256,SHA-384" → ("P-256", "SHA-384").
func curveAndHash(_ section: String) -> (String, String) {
    let parts = section.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
}

/// Verifies one CAVP record (Qx, Qy, R, S over Msg); nil when the hash is not SHA-2.
func cavpVerify<K: VerifyingKey>(_: K.Type, _ rec: CAVPRecord, hash: String) -> Bool? {
    let n = K.byteCount
    let x = coordinate(rec["Qx"]!, n), y = coordinate(rec["Qy"]!, n)
    guard let key = try? K(x963Representation: [4] + x + y) else {
        return hash == "SHA-1" ? nil : false
    }
    let r = coordinate(rec["R"]!, n), s = coordinate(rec["S"]!, n)
    guard let sig = try? K.signature(raw: r + s) else { return false }
    return verify(key, sig, hash: hash, msg: rec.hex("Msg"))
}

@Suite("ECDSA NIST CAVP and RFC 6979")
struct NISTTests {
    @Test func sigVer() throws {
        let file = "nist/ecdsa/SigVer.rsp"
        let recs = try CAVP.load(file)
        var ran = 0, skippedSHA1 = 0, skippedCurve = 0
        for rec in recs {
            let (curve, hash) = curveAndHash(rec.section)
            let expected = try #require(rec["Result"]).hasPrefix("P")
            let got: Bool?
            switch curve {
            case "P-256": got = cavpVerify(P256.Signing.PublicKey.self, rec, hash: hash)
            case "P-384": got = cavpVerify(P384.Signing.PublicKey.self, rec, hash: hash)
            case "P-521": got = cavpVerify(P521.Signing.PublicKey.self, rec, hash: hash)
            default: skippedCurve += 1; continue
            }
            guard let got else { skippedSHA1 += 1; #expect(hash == "SHA-1"); continue }
            #expect(got == expected, "\(file) line \(rec.line) [\(rec.section)] \(rec["Result"] ?? "")")
            ran += 1
        }
        Vectors.report(file, cases: ran, detail: "P-256/P-384/P-521 × SHA-224/256/384/512; skipped: \(skippedSHA1) SHA-1, \(skippedCurve) other curves")
        #expect(ran == 180 && skippedSHA1 == 45 && skippedCurve == 900)
    }

    @Test func sigGen() throws {
        let file = "nist/ecdsa/SigGen.rsp"
        let recs = try CAVP.load(file)
        var ran = 0, skippedSHA1 = 0, skippedCurve = 0
        for rec in recs {
            let (curve, hash) = curveAndHash(rec.section)
            let got: Bool?
            switch curve {
            case "P-256": got = cavpVerify(P256.Signing.PublicKey.self, rec, hash: hash)
            case "P-384": got = cavpVerify(P384.Signing.PublicKey.self, rec, hash: hash)
            case "P-521": got = cavpVerify(P521.Signing.PublicKey.self, rec, hash: hash)
            default: skippedCurve += 1; continue
            }
            guard let got else { skippedSHA1 += 1; #expect(hash == "SHA-1"); continue }
            #expect(got, "\(file) line \(rec.line) [\(rec.section)]")
            ran += 1
        }
        Vectors.report(file, cases: ran, detail: "all valid; skipped: \(skippedSHA1) SHA-1, \(skippedCurve) other curves")
        #expect(ran == 180 && skippedSHA1 == 45 && skippedCurve == 900)
    }

    @Test func pkv() throws {
        let file = "nist/ecdsa/PKV.rsp"
        let recs = try CAVP.load(file)
        var ran = 0, skipped = 0
        func check<K: VerifyingKey>(_: K.Type, _ rec: CAVPRecord) throws {
            let n = K.byteCount
            let x = coordinate(rec["Qx"]!, n), y = coordinate(rec["Qy"]!, n)
            let result = try #require(rec["Result"])
            let key = try? K(rawRepresentation: x + y)
            #expect((key != nil) == result.hasPrefix("P"), "\(file) line \(rec.line) \(result)")
            // The reason matches too when the coordinates have the curve's width.
            if x.count == n && y.count == n {
                do {
                    _ = try K(x963Representation: [4] + x + y)
                } catch let e as ECDSAError {
                    let want: ECDSAError.Code = result.contains("out of range") ? .coordinateOutOfRange : .pointNotOnCurve
                    #expect(e.code == want, "\(file) line \(rec.line): \(e)")
                }
            }
        }
        for rec in recs {
            switch rec.section {
            case "P-256": try check(P256.Signing.PublicKey.self, rec); ran += 1
            case "P-384": try check(P384.Signing.PublicKey.self, rec); ran += 1
            case "P-521": try check(P521.Signing.PublicKey.self, rec); ran += 1
            default: skipped += 1
            }
        }
        Vectors.report(file, cases: ran, detail: "P-256, P-384 and P-521; \(skipped) records of other curves skipped")
        #expect(ran == 36 && skipped == 144)
    }

    /// OpenSSL evp_test stanzas (rfc/6979): DigestVerify (with `Result = VERIFY_ERROR` for tampered
    /// signatures) and the outputs of DigestSign, which must verify. P-256/P-384 with SHA-2 run; SHA-1
    /// and other curves are counted as skipped.
    @Test func rfc6979() throws {
        let file = "rfc/6979/evppkey_ecdsa_rfc6979.txt"
        let text = try Vectors.text(file).replacingOccurrences(of: "\r\n", with: "\n")
        let stanzas = text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        var pems: [String: String] = [:]
        var verifyRan = 0, signRan = 0, skipped = 0
        for stanza in stanzas where !stanza.isEmpty {
            let lines = stanza.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
            guard let first = lines.first else { continue }
            if first.hasPrefix("PublicKey=") {
                pems[String(first.dropFirst("PublicKey=".count))] = lines.dropFirst().joined(separator: "\n")
                continue
            }
            var f: [String: String] = [:]
            for l in lines {
                guard let eq = l.firstIndex(of: "=") else { continue }
                f[l[..<eq].trimmingCharacters(in: .whitespaces)] = l[l.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            }
            let isVerify = f["DigestVerify"] != nil
            guard isVerify || f["DigestSign"] != nil else { continue }
            let hash = f["DigestVerify"] ?? f["DigestSign"]!
            let keyName = f["Key"]!.replacingOccurrences(of: "_PRIV", with: "_PUB")
            let input = Array(f["Input"]!.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).utf8)
            let der = hex(f["Output"]!)
            let expected = f["Result"] == nil
            func run<K: VerifyingKey>(_: K.Type) throws -> Bool {
                let key = try K(pemRepresentation: try #require(pems[keyName]))
                guard hash != "SHA1" else { return false }
                let got = (try? K.signature(der: der)).flatMap { verify(key, $0, hash: hash, msg: input) } ?? false
                #expect(got == expected, "\(file) \(keyName) \(hash) \(f["Output"]!.prefix(16))…")
                return true
            }
            let ran: Bool
            switch keyName {
            case "P-256_PUB": ran = try run(P256.Signing.PublicKey.self)
            case "P-384_PUB": ran = try run(P384.Signing.PublicKey.self)
            case "P-521_PUB": ran = try run(P521.Signing.PublicKey.self)
            default: ran = false
            }
            if !ran { skipped += 1 } else if isVerify { verifyRan += 1 } else { signRan += 1 }
        }
        Vectors.report(file, cases: verifyRan + signRan,
                       detail: "\(verifyRan) DigestVerify + \(signRan) DigestSign outputs; \(skipped) SHA-1 or other-curve stanzas skipped")
        #expect(verifyRan == 48 && signRan == 24 && skipped == 300 + 150 - 72)
    }
}
