import Testing
@testable import ECDSA
import DER
import SHA2
import TestSupport
import Foundation

// ECDSA signing and private keys (issue 11): RFC 6979 deterministic signatures, CAVP SigGen with k injected,
// CAVP KeyPair d → Q, key fixtures, seeded round trips, hedging, the range checks of r, s, d and k, and the
// named refusals.

/// What the signing tests need from a curve's private-key API, so that each test body is written once.
protocol SigningKey {
    associatedtype Public: VerifyingKey
    init(generatingWith rng: inout some RandomNumberGenerator)
    init(rawRepresentation: some Collection<UInt8>) throws(ECDSAError)
    init(x963Representation: some Collection<UInt8>) throws(ECDSAError)
    init(derRepresentation: some Collection<UInt8>) throws(ECDSAError)
    init(pemRepresentation: String) throws(ECDSAError)
    var publicKey: Public { get }
    var rawRepresentation: [UInt8] { get }
    var x963Representation: [UInt8] { get }
    var derRepresentation: [UInt8] { get }
    var pemRepresentation: String { get }
    var description: String { get }
    func signature(for data: some Sequence<UInt8>) throws(ECDSAError) -> Public.Signature
    func signature<D: Digest>(for digest: D, nonce: ECDSANonce) throws(ECDSAError) -> Public.Signature
    associatedtype Curve: NISTCurve
    /// r ‖ s of a signature.
    static func raw(_ s: Public.Signature) -> [UInt8]
    static func der(_ s: Public.Signature) -> [UInt8]
}

extension P256.Signing.PrivateKey: SigningKey {
    typealias Curve = P256
    static func raw(_ s: P256.Signing.ECDSASignature) -> [UInt8] { s.rawRepresentation }
    static func der(_ s: P256.Signing.ECDSASignature) -> [UInt8] { s.derRepresentation }
}

extension P384.Signing.PrivateKey: SigningKey {
    typealias Curve = P384
    static func raw(_ s: P384.Signing.ECDSASignature) -> [UInt8] { s.rawRepresentation }
    static func der(_ s: P384.Signing.ECDSASignature) -> [UInt8] { s.derRepresentation }
}

extension P521.Signing.PrivateKey: SigningKey {
    typealias Curve = P521
    static func raw(_ s: P521.Signing.ECDSASignature) -> [UInt8] { s.rawRepresentation }
    static func der(_ s: P521.Signing.ECDSASignature) -> [UInt8] { s.derRepresentation }
}

/// The digest of `msg` under a SHA-2 function named "SHA-256" / "SHA256" style, as bytes.
func digestBytes(_ hash: String, _ msg: [UInt8]) -> [UInt8]? {
    switch hash.replacingOccurrences(of: "-", with: "").uppercased() {
    case "SHA224": return SHA224.hash(data: msg).bytes
    case "SHA256": return SHA256.hash(data: msg).bytes
    case "SHA384": return SHA384.hash(data: msg).bytes
    case "SHA512": return SHA512.hash(data: msg).bytes
    default: return nil
    }
}

/// Signs `msg` deterministically with the named SHA-2 function; nil for other hashes.
func deterministicSignature<K: SigningKey>(_ key: K, hash: String, _ msg: [UInt8]) throws -> K.Public.Signature? {
    switch hash.replacingOccurrences(of: "-", with: "").uppercased() {
    case "SHA224": return try key.signature(for: SHA224.hash(data: msg), nonce: .deterministic)
    case "SHA256": return try key.signature(for: SHA256.hash(data: msg), nonce: .deterministic)
    case "SHA384": return try key.signature(for: SHA384.hash(data: msg), nonce: .deterministic)
    case "SHA512": return try key.signature(for: SHA512.hash(data: msg), nonce: .deterministic)
    default: return nil
    }
}

/// The curve's order minus or plus a small number, big-endian, same width.
func offsetOrder(_ n: [UInt8], _ delta: Int) -> [UInt8] {
    var out = n
    var carry = delta
    for i in stride(from: out.count - 1, through: 0, by: -1) where carry != 0 {
        let v = Int(out[i]) + carry
        out[i] = UInt8(truncatingIfNeeded: v)
        carry = v >> 8
    }
    return out
}

/// The code of the `ECDSAError` a body throws, nil if it does not throw.
func ecdsaCode(_ body: () throws -> Void) -> ECDSAError.Code? {
    do { try body(); return nil } catch let e as ECDSAError { return e.code } catch { return nil }
}

struct SigningCurve: Sendable, CustomTestStringConvertible {
    let name: String
    var testDescription: String { name }
}

@Suite("ECDSA signing")
struct SigningTests {
    /// RFC 6979 A.2.5 (P-256) and A.2.6 (P-384) as OpenSSL's evp_test stanzas: every DigestSign with
    /// `NonceType = deterministic` and a SHA-2 hash must come out byte for byte (DER).
    @Test func rfc6979Deterministic() throws {
        let file = "rfc/6979/evppkey_ecdsa_rfc6979.txt"
        let text = try Vectors.text(file).replacingOccurrences(of: "\r\n", with: "\n")
        var pems: [String: String] = [:]
        var ran = 0, skipped = 0
        for stanza in text.components(separatedBy: "\n\n") {
            let lines = stanza.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
            guard let first = lines.first else { continue }
            if first.hasPrefix("PrivateKey=") {
                pems[String(first.dropFirst("PrivateKey=".count))] = lines.dropFirst().joined(separator: "\n")
                continue
            }
            var f: [String: String] = [:]
            for l in lines {
                guard let eq = l.firstIndex(of: "=") else { continue }
                f[l[..<eq].trimmingCharacters(in: .whitespaces)] = l[l.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            }
            guard let hash = f["DigestSign"], f["NonceType"] == "deterministic", let keyName = f["Key"] else { continue }
            let input = Array(f["Input"]!.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).utf8)
            let want = hex(f["Output"]!)
            func run<K: SigningKey>(_: K.Type) throws -> Bool {
                let key = try K(pemRepresentation: try #require(pems[keyName]))
                guard let sig = try deterministicSignature(key, hash: hash, input) else { return false }
                #expect(K.der(sig) == want, "\(file) \(keyName) \(hash) \(f["Input"]!)")
                #expect(verify(key.publicKey, sig, hash: hash, msg: input) == true)
                return true
            }
            let done: Bool
            switch keyName {
            case "P-256_PRIV": done = try run(P256.Signing.PrivateKey.self)
            case "P-384_PRIV": done = try run(P384.Signing.PrivateKey.self)
            case "P-521_PRIV": done = try run(P521.Signing.PrivateKey.self)
            default: done = false
            }
            if done { ran += 1 } else { skipped += 1 }
        }
        Vectors.report(file, cases: ran, detail: "deterministic DigestSign, P-256/P-384/P-521 × SHA-224/256/384/512 × sample/test; \(skipped) SHA-1 or other-curve stanzas skipped")
        #expect(ran == 24)
    }

    /// CAVP SigGen.txt: with d and k of each record injected, r and s exact; d → Q exact too.
    @Test func cavpSigGen() throws {
        let file = "nist/ecdsa/SigGen.txt"
        var ran = 0, skipped = 0
        for rec in try CAVP.load(file) {
            let (curve, hash) = curveAndHash(rec.section)
            func run<K: SigningKey>(_: K.Type) throws -> Bool {
                guard let digest = digestBytes(hash, rec.hex("Msg")) else { return false }
                let n = K.Curve.scalarByteCount
                let d = coordinate(rec["d"]!, n), k = coordinate(rec["k"]!, n)
                let got = try #require(K.Curve.signWithNonce(k: k, d: d, digest: digest))
                #expect(got == coordinate(rec["R"]!, n) + coordinate(rec["S"]!, n), "\(file) line \(rec.line) [\(rec.section)]")
                let key = try K(rawRepresentation: d)
                #expect(key.publicKey.x963Representation == [4] + coordinate(rec["Qx"]!, n) + coordinate(rec["Qy"]!, n))
                return true
            }
            let done: Bool
            switch curve {
            case "P-256": done = try run(P256.Signing.PrivateKey.self)
            case "P-384": done = try run(P384.Signing.PrivateKey.self)
            case "P-521": done = try run(P521.Signing.PrivateKey.self)
            default: done = false
            }
            if done { ran += 1 } else { skipped += 1 }
        }
        Vectors.report(file, cases: ran, detail: "P-256/P-384/P-521 × SHA-224/256/384/512 with k injected; \(skipped) SHA-1 or other-curve records skipped")
        #expect(ran == 180 && skipped == 1125 - 180)
    }

    /// CAVP KeyPair.rsp: d → (Qx, Qy) through the constant-time k·G, for P-256 and P-384.
    @Test func cavpKeyPair() throws {
        let file = "nist/ecdsa/KeyPair.rsp"
        var curve = "", ran = 0, skipped = 0
        var fields: [String: String] = [:]
        func flush() throws {
            defer { fields = [:] }
            guard let d = fields["d"], let qx = fields["Qx"], let qy = fields["Qy"] else { return }
            func run<K: SigningKey>(_: K.Type) throws {
                let n = K.Curve.scalarByteCount
                let key = try K(rawRepresentation: coordinate(d, n))
                #expect(key.publicKey.x963Representation == [4] + coordinate(qx, n) + coordinate(qy, n), "\(file) [\(curve)] d = \(d.prefix(8))…")
                ran += 1
            }
            switch curve {
            case "P-256": try run(P256.Signing.PrivateKey.self)
            case "P-384": try run(P384.Signing.PrivateKey.self)
            case "P-521": try run(P521.Signing.PrivateKey.self)
            default: skipped += 1
            }
        }
        for line in try Vectors.text(file).replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            let l = line.trimmingCharacters(in: .whitespaces)
            if l.hasPrefix("[P-") || l.hasPrefix("[K-") || l.hasPrefix("[B-") && !l.hasPrefix("[B.") {
                try flush(); curve = String(l.dropFirst().dropLast())
            } else if l.isEmpty {
                try flush()
            } else if let eq = l.firstIndex(of: "="), !l.hasPrefix("#") {
                fields[l[..<eq].trimmingCharacters(in: .whitespaces)] = l[l.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            }
        }
        try flush()
        Vectors.report(file, cases: ran, detail: "P-256, P-384 and P-521 key pairs; \(skipped) of other curves skipped")
        #expect(ran == 30 && skipped == 120)
    }

    /// Seeded sign → verify round trips with random messages and keys, plus the encodings of each key.
    /// 10,000 per curve run in release through `jose-bench --emit-ecdsa-signatures` (Scripts/crosscheck-ecdsa.sh);
    /// here (debug build) 200 per curve (40 for P-521) keep the suite fast.
    @Test(arguments: [SigningCurve(name: "P-256"), SigningCurve(name: "P-384"), SigningCurve(name: "P-521")])
    func roundTrips(_ c: SigningCurve) throws {
        func run<K: SigningKey>(_: K.Type, seed: UInt64, count: Int) throws -> Int {
            var rng = SplitMix64(seed: seed)
            var ok = 0
            for i in 0..<count {
                let key = K(generatingWith: &rng)
                let msg = rng.bytes(rng.below(300))
                let sig = try key.signature(for: msg)
                var bad = msg
                bad.append(1)
                if key.publicKey.isValidSignature(sig, for: msg) && !key.publicKey.isValidSignature(sig, for: bad) { ok += 1 }
                if i % 50 == 0 {
                    #expect(try K(rawRepresentation: key.rawRepresentation).publicKey.x963Representation == key.publicKey.x963Representation)
                    #expect(try K(x963Representation: key.x963Representation).rawRepresentation == key.rawRepresentation)
                    #expect(try K(derRepresentation: key.derRepresentation).derRepresentation == key.derRepresentation)
                    #expect(try K(pemRepresentation: key.pemRepresentation).pemRepresentation == key.pemRepresentation)
                }
            }
            return ok
        }
        // P-521 is slow in a debug build (nine-limb arithmetic unoptimised): 40 there.
        let count = c.name == "P-521" ? 40 : 200
        let ok = switch c.name {
        case "P-256": try run(P256.Signing.PrivateKey.self, seed: 11_256, count: count)
        case "P-384": try run(P384.Signing.PrivateKey.self, seed: 11_384, count: count)
        default: try run(P521.Signing.PrivateKey.self, seed: 11_521, count: count)
        }
        #expect(ok == count)
    }

    /// Hedged signatures of one message by one key all differ and all verify; deterministic ones repeat.
    @Test func hedgedSignaturesDiffer() throws {
        var rng = SplitMix64(seed: 6979)
        let key256 = P256.Signing.PrivateKey(generatingWith: &rng)
        let key384 = P384.Signing.PrivateKey(generatingWith: &rng)
        let msg = Array("hedged".utf8)
        var seen = Set<[UInt8]>()
        for _ in 0..<8 {
            let a = try key256.signature(for: msg), b = try key384.signature(for: msg)
            #expect(key256.publicKey.isValidSignature(a, for: msg) && key384.publicKey.isValidSignature(b, for: msg))
            seen.insert(a.rawRepresentation); seen.insert(b.rawRepresentation)
        }
        #expect(seen.count == 16)
        let d1 = try key256.signature(for: msg, nonce: .deterministic), d2 = try key256.signature(for: msg, nonce: .deterministic)
        #expect(d1.rawRepresentation == d2.rawRepresentation && !seen.contains(d1.rawRepresentation))
        // The hedge is the k' of RFC 6979 §3.6: a given k' is reproducible, a different one is not the same nonce.
        let digest = SHA256.hash(data: msg)
        let h1 = try key256.signature(for: digest, extra: [UInt8](repeating: 7, count: 32))
        let h2 = try key256.signature(for: digest, extra: [UInt8](repeating: 7, count: 32))
        let h3 = try key256.signature(for: digest, extra: [UInt8](repeating: 8, count: 32))
        #expect(h1.rawRepresentation == h2.rawRepresentation && h1.rawRepresentation != h3.rawRepresentation)
        #expect(h1.rawRepresentation != d1.rawRepresentation)
    }

    /// Any SHA-2 digest signs (FIPS 186-5 truncation) and verifies; a digest is not hashed again.
    @Test func anySHA2Digest() throws {
        var rng = SplitMix64(seed: 186)
        let key = P256.Signing.PrivateKey(generatingWith: &rng)
        let msg = Array("digests".utf8)
        let s512 = try key.signature(for: SHA512.hash(data: msg))
        #expect(key.publicKey.isValidSignature(s512, for: SHA512.hash(data: msg)))
        #expect(!key.publicKey.isValidSignature(s512, for: msg))
        let s224 = try key.signature(for: SHA224.hash(data: msg), nonce: .deterministic)
        #expect(key.publicKey.isValidSignature(s224, for: SHA224.hash(data: msg)))
        let k384 = P384.Signing.PrivateKey(generatingWith: &rng)
        let s256 = try k384.signature(for: SHA512_256.hash(data: msg))
        #expect(k384.publicKey.isValidSignature(s256, for: SHA512_256.hash(data: msg)))
    }

    /// Issue 19 point 2: the range check of r and s (and the constant-time one of d and k) tested directly,
    /// for every curve: 0 and n refused, 1 and n − 1 accepted (and n + 1, 2^bits − 1 refused).
    @Test(arguments: [SigningCurve(name: "P-256"), SigningCurve(name: "P-384"), SigningCurve(name: "P-521")])
    func scalarRanges(_ c: SigningCurve) {
        func run<K: SigningKey>(_: K.Type) {
            let n = K.Curve.orderBytes
            let zero = [UInt8](repeating: 0, count: n.count)
            let cases: [([UInt8], Bool)] = [
                (zero, false), (offsetOrder(zero, 1), true), (offsetOrder(n, -1), true), (n, false),
                (offsetOrder(n, 1), false), ([UInt8](repeating: 0xff, count: n.count), false),
            ]
            for (x, valid) in cases {
                #expect(K.Curve.isInSignatureRange(x) == valid, "\(c.name) \(x.hexString)")
                #expect(K.Curve.inRangeMask(x) == (valid ? ~0 : 0), "\(c.name) \(x.hexString)")
                #expect((ecdsaCode { _ = try K(rawRepresentation: x) } == nil) == valid)
            }
        }
        switch c.name {
        case "P-256": run(P256.Signing.PrivateKey.self)
        case "P-384": run(P384.Signing.PrivateKey.self)
        default: run(P521.Signing.PrivateKey.self)
        }
    }

    /// The refusals the issue names, each with its code.
    @Test func namedRefusals() throws {
        var rng = SplitMix64(seed: 5915)
        let key = P256.Signing.PrivateKey(generatingWith: &rng)
        let other = P256.Signing.PrivateKey(generatingWith: &rng)
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 32)) } == .privateKeyOutOfRange)
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(rawRepresentation: p256N) } == .privateKeyOutOfRange)
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(rawRepresentation: key.rawRepresentation.dropFirst()) } == .invalidPrivateKeyLength)
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(rawRepresentation: [0] + key.rawRepresentation) } == .invalidPrivateKeyLength)
        // x963 with another key's point.
        let mixed = other.publicKey.x963Representation + key.rawRepresentation
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(x963Representation: mixed) } == .publicKeyMismatch)
        // SEC1 with a [1] public key that is not d·G.
        let sec1 = SEC1ECPrivateKey(curve: .p256, privateKey: key.rawRepresentation, publicKey: other.publicKey.x963Representation)
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(derRepresentation: sec1.derEncoded()) } == .publicKeyMismatch)
        // SEC1 and PKCS#8 without the public key, with and without [0], load.
        for params in [true, false] {
            let bare = SEC1ECPrivateKey(curve: .p256, privateKey: key.rawRepresentation, includesParameters: params)
            #expect(try P256.Signing.PrivateKey(derRepresentation: bare.derEncoded()).rawRepresentation == key.rawRepresentation)
            #expect(try P256.Signing.PrivateKey(pemRepresentation: bare.pemString).rawRepresentation == key.rawRepresentation)
        }
        // Wrong curve: a P-256 key given to P-384, as SEC1 with [0] and as PKCS#8.
        let sec1Params = SEC1ECPrivateKey(curve: .p256, privateKey: key.rawRepresentation)
        #expect(ecdsaCode { _ = try P384.Signing.PrivateKey(derRepresentation: sec1Params.derEncoded()) } == .unsupportedCurve)
        #expect(ecdsaCode { _ = try P384.Signing.PrivateKey(derRepresentation: key.derRepresentation) } == .unsupportedCurve)
        #expect(ecdsaCode { _ = try P384.Signing.PrivateKey(pemRepresentation: key.pemRepresentation) } == .unsupportedCurve)
        // Trailing data after a valid key.
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(derRepresentation: key.derRepresentation + [0]) } == .trailingData)
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(derRepresentation: sec1Params.derEncoded() + [0, 0]) } == .trailingData)
        // A PEM label that is neither.
        let wrongLabel = PEMDocument(label: "PUBLIC KEY", derBytes: key.derRepresentation).pemString
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(pemRepresentation: wrongLabel) } == .invalidKeyEncoding)
        // d = 0 inside a container.
        let zeroKey = SEC1ECPrivateKey(curve: .p256, privateKey: [UInt8](repeating: 0, count: 32))
        #expect(ecdsaCode { _ = try P256.Signing.PrivateKey(derRepresentation: zeroKey.derEncoded()) } == .privateKeyOutOfRange)
    }

    /// `description` shows the public key and never d; the DER form is PKCS#8 v1 with the inner public key.
    @Test func descriptionAndEncoding() throws {
        var rng = SplitMix64(seed: 7468)
        let key = P384.Signing.PrivateKey(generatingWith: &rng)
        let d = key.rawRepresentation.map { String($0, radix: 16) }.joined()
        #expect(!key.description.contains(d) && key.description.contains("redacted"))
        #expect(!"\(key)".contains(d))
        let info = try PKCS8PrivateKeyInfo(derEncoded: key.derRepresentation)
        #expect(info.algorithm == .ecPublicKey(.p384) && info.publicKey == nil)
        guard let sec1 = info.privateKey.ec else { Issue.record("not EC"); return }
        #expect(sec1.privateKey == key.rawRepresentation && sec1.publicKey == key.publicKey.x963Representation && !sec1.includesParameters)
        #expect(key.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----"))
    }
}

/// Private-key fixtures of Vectors/keys (keys/MANIFEST.md): what loads, what is refused and with which code.
@Suite("ECDSA private-key fixtures")
struct PrivateKeyFixtureTests {
    static let loadingFiles: [(String, String)] = [
        ("keys/pyca/PEM_Serialization/ec_private_key.pem", "P-256"),
        ("keys/pyca/DER_Serialization/ec_private_key.der", "P-256"),
        ("keys/pyca/PKCS8/ec_private_key.pem", "P-256"),
        ("keys/pyca/PKCS8/ec-consistent-curve.pem", "P-256"),
        ("keys/pyca/PKCS8/ecc_private_with_rfc5915_ext.pem", "P-256"),
        ("keys/pyca/EC/high-bit-set.pem", "P-256"),
        // No [0] parameters: the curve comes from the type asked for (RFC 5915 §3 allows the context to name it).
        ("keys/pyca/EC/ec-missing-curve.pem", "P-256"),
        ("keys/rfc6979/p256_pkcs8_private.pem", "P-256"),
        ("keys/rfc6979/p384_pkcs8_private.pem", "P-384"),
        ("keys/generated/apple-style-AuthKey_TEST123456.p8", "P-256"),
        ("keys/generated/p384-sec1.pem", "P-384"),
    ]

    static let refusedFiles: [(String, ECDSAError.Code)] = [
        ("keys/pyca/PKCS8/ec-invalid-private-scalar.pem", .invalidPrivateKeyLength),
        ("keys/pyca/PKCS8/ec-inconsistent-curve.pem", .inconsistentCurve),
        ("keys/pyca/PKCS8/ec-inconsistent-curve2.pem", .inconsistentCurve),
        ("keys/pyca/PKCS8/ec-invalid-version.pem", .invalidKeyEncoding),
        ("keys/pyca/PKCS8/invalid-version.der", .invalidKeyEncoding),
        ("keys/pyca/PKCS8/unknown-oid.der", .unsupportedCurve),
        ("keys/pyca/EC/truncated-private-key.der", .invalidPrivateKeyLength),
        ("keys/pyca/EC/ec_private_key_non_zero_unused_bits.der", .invalidKeyEncoding),
        ("keys/pyca/EC/secp256r1-explicit-no-seed.pem", .explicitParameters),
        ("keys/pyca/EC/secp256r1-explicit-seed.pem", .explicitParameters),
        ("keys/pyca/PKCS8/wrong-pem-delimiter-rsa.pem", .invalidKeyEncoding),
        ("keys/pyca/PKCS8/unenc-rsa-pkcs8.pem", .unsupportedCurve),
    ]

    static func load(_ file: String, _ curve: String) throws(ECDSAError) -> ([UInt8], [UInt8]) {
        let bytes = (try? Vectors.bytes(file)) ?? []
        let isPEM = !file.hasSuffix(".der")
        switch curve {
        case "P-256":
            let k = isPEM ? try P256.Signing.PrivateKey(pemRepresentation: String(decoding: bytes, as: UTF8.self))
                          : try P256.Signing.PrivateKey(derRepresentation: bytes)
            return (k.rawRepresentation, k.publicKey.x963Representation)
        default:
            let k = isPEM ? try P384.Signing.PrivateKey(pemRepresentation: String(decoding: bytes, as: UTF8.self))
                          : try P384.Signing.PrivateKey(derRepresentation: bytes)
            return (k.rawRepresentation, k.publicKey.x963Representation)
        }
    }

    @Test(arguments: loadingFiles.map(\.0))
    func loads(_ file: String) throws {
        let curve = Self.loadingFiles.first { $0.0 == file }!.1
        #expect(throws: Never.self) { _ = try Self.load(file, curve) }
        // Round trips through every encoding are byte exact.
        let (d, q) = try Self.load(file, curve)
        if curve == "P-256" {
            let k = try P256.Signing.PrivateKey(rawRepresentation: d)
            #expect(k.publicKey.x963Representation == q)
            #expect(try P256.Signing.PrivateKey(derRepresentation: k.derRepresentation).rawRepresentation == d)
            #expect(try P256.Signing.PrivateKey(pemRepresentation: k.pemRepresentation).x963Representation == k.x963Representation)
        } else {
            let k = try P384.Signing.PrivateKey(rawRepresentation: d)
            #expect(k.publicKey.x963Representation == q)
            #expect(try P384.Signing.PrivateKey(derRepresentation: k.derRepresentation).rawRepresentation == d)
            #expect(try P384.Signing.PrivateKey(pemRepresentation: k.pemRepresentation).x963Representation == k.x963Representation)
        }
        Vectors.report(file, cases: 1, detail: "loads as \(curve)")
    }

    @Test(arguments: refusedFiles.map(\.0))
    func refused(_ file: String) throws {
        let want = Self.refusedFiles.first { $0.0 == file }!.1
        var message = "loaded"
        do { _ = try Self.load(file, "P-256") } catch { message = error.description }
        #expect(ecdsaCode { _ = try Self.load(file, "P-256") } == want, "\(file): \(message)")
        Vectors.report(file, cases: 1, detail: "refused: \(want)")
    }

    /// Apple's .p8 shape: the public key derived from d equals the SPKI published next to it; the RFC 6979
    /// keys equal their SPKI files too.
    @Test func publicKeysMatchTheirSPKI() throws {
        let pairs = [
            ("keys/generated/apple-style-AuthKey_TEST123456.p8", "keys/generated/apple-style-AuthKey_TEST123456.pub.pem"),
            ("keys/rfc6979/p256_pkcs8_private.pem", "keys/rfc6979/p256_spki_public.pem"),
        ]
        for (priv, pub) in pairs {
            let key = try P256.Signing.PrivateKey(pemRepresentation: Vectors.text(priv))
            let spki = try P256.Signing.PublicKey(pemRepresentation: Vectors.text(pub))
            #expect(key.publicKey.derRepresentation == spki.derRepresentation, "\(priv)")
            let sig = try key.signature(for: Array("Sign in with Apple".utf8))
            #expect(spki.isValidSignature(sig, for: Array("Sign in with Apple".utf8)))
        }
        let k384 = try P384.Signing.PrivateKey(pemRepresentation: Vectors.text("keys/rfc6979/p384_pkcs8_private.pem"))
        #expect(k384.publicKey.pemRepresentation == (try P384.Signing.PublicKey(pemRepresentation: Vectors.text("keys/rfc6979/p384_spki_public.pem"))).pemRepresentation)
        Vectors.report("keys/generated/apple-style-AuthKey_TEST123456.pub.pem", cases: 1, detail: "equals the .p8's public key")
    }
}
