import Foundation
import Testing
import TestSupport
import DER
@testable import PureX509

/// CertificateVerifier prepares its trust roots' keys once and keeps other issuers' prepared keys between calls,
/// keyed by the exact SubjectPublicKeyInfo DER: a kept key never serves a different key, the number kept stays
/// within the bound, verdicts are those of a verifier that keeps nothing, and one verifier is safe to share
/// between tasks. (The agreement on every vector chain is checked where those vectors are run:
/// ChainRuleTests, LimboPathValidationTests, X5CCertificateChainTokenTests.)
@Suite("Prepared issuer keys: kept between calls, only for the identical key")
struct PreparedIssuerKeyReuseTests {
    static let folder = "x509-chains"
    static let at: Int64 = 1_767_225_600

    static func load(_ label: String) throws -> Certificate {
        try Certificate(pemEncoded: Vectors.text("\(folder)/\(label).pem"))
    }

    /// The public key a prepared key verifies with, as bytes (to compare two prepared keys).
    static func keyBytes(_ k: Certificate.PublicKey?) -> [UInt8]? { k?.derRepresentation }

    /// `certificate`'s DER with one byte of its SubjectPublicKeyInfo changed (the last: the point's y, or the
    /// RSA exponent), parsed again. Its signature no longer verifies, which does not matter here: the copy is
    /// only ever used as an issuer.
    static func withKeyByteChanged(_ certificate: Certificate) throws -> Certificate {
        let der = certificate.derEncoded, spki = certificate.subjectPublicKeyInfoBytes
        let start = try #require((0...(der.count - spki.count)).first { Array(der[$0..<($0 + spki.count)]) == spki })
        var changed = der
        changed[start + spki.count - 1] ^= 0x01
        let c = try Certificate(derEncoded: changed)
        #expect(c.subjectPublicKeyInfoBytes.count == spki.count && c.subjectPublicKeyInfoBytes != spki)
        #expect(zip(c.subjectPublicKeyInfoBytes, spki).filter { $0 != $1 }.count == 1)
        return c
    }

    @Test("a kept key serves only the identical SubjectPublicKeyInfo: an issuer whose key differs in one byte gets its own")
    func keptKeyOnlyForIdenticalKey() throws {
        let root = try Self.load("root"), inter = try Self.load("inter"), leaf = try Self.load("ok.leaf")
        let verifier = CertificateVerifier(trustRoots: [root])
        #expect(try verifier.validate(leaf: leaf, intermediates: [inter], at: Self.at).count == 3)
        #expect(verifier.keys.count == 1)
        let kept = try #require(verifier.keys.value(for: inter.subjectPublicKeyInfoBytes))
        #expect(Self.keyBytes(kept) == Self.keyBytes(try Certificate.PublicKey(spki: inter.subjectPublicKeyInfo!)))

        // The twin's point is off the curve: preparing it must fail, not hand back the kept key.
        let twin = try Self.withKeyByteChanged(inter)
        #expect(throws: X509Error.self) { try verifier.publicKey(of: twin) }
        #expect(verifier.keys.value(for: twin.subjectPublicKeyInfoBytes) == nil)
        // Through validation: the leaf is not accepted on the strength of the kept key, and the refusal is the one a
        // verifier that keeps nothing gives.
        let cold = CertificateVerifier(trustRoots: [root], keyCacheCapacity: 0)
        var warmError: X509Error?, coldError: X509Error?
        do { _ = try verifier.validate(leaf: leaf, intermediates: [twin], at: Self.at) } catch { warmError = error }
        do { _ = try cold.validate(leaf: leaf, intermediates: [twin], at: Self.at) } catch { coldError = error }
        #expect(warmError != nil && warmError?.code == coldError?.code && warmError?.position == coldError?.position)
        #expect(warmError?.code == .unsupportedPublicKey, "\(String(describing: warmError))")
        // And the original still validates afterwards.
        #expect(try verifier.validate(leaf: leaf, intermediates: [inter], at: Self.at).count == 3)

        // A root whose key differs in one byte from a pinned root's gets nothing from the roots' prepared keys either.
        let rootTwin = try Self.withKeyByteChanged(root)
        #expect(verifier.rootKeys[root.subjectPublicKeyInfoBytes] != nil)
        #expect(verifier.rootKeys[rootTwin.subjectPublicKeyInfoBytes] == nil)
        #expect(throws: X509Error.self) { try verifier.publicKey(of: rootTwin) }
    }

    @Test("the trust roots' keys are prepared when the verifier is made and used for what the roots sign")
    func rootKeysPreparedOnce() throws {
        let roots = try ["root", "rsa-root", "ed25519-root", "p521-root"].map(Self.load)
        let verifier = CertificateVerifier(trustRoots: roots + [roots[0]])
        #expect(verifier.rootKeys.count == 4)
        for r in roots {
            let k = try #require(verifier.rootKeys[r.subjectPublicKeyInfoBytes])
            #expect(Self.keyBytes(k) == Self.keyBytes(try Certificate.PublicKey(spki: r.subjectPublicKeyInfo!)))
        }
        let inter = try Self.load("inter"), leaf = try Self.load("ok.leaf")
        #expect(try verifier.validate(leaf: leaf, intermediates: [inter], at: Self.at).count == 3)
        // The root signed the intermediate with its prepared key; only the intermediate's key was kept.
        #expect(verifier.keys.count == 1 && verifier.keys.value(for: roots[0].subjectPublicKeyInfoBytes) == nil)
    }

    @Test("the number of kept keys never exceeds the bound; the oldest goes first")
    func boundHolds() throws {
        let cache = PreparedKeyCache<Int>(capacity: 4)
        for i in 0..<11 {
            cache.insert(i, for: [UInt8(i), 0xAA])
            #expect(cache.count == min(i + 1, 4))
        }
        for i in 0..<7 { #expect(cache.value(for: [UInt8(i), 0xAA]) == nil, "\(i) kept") }
        for i in 7..<11 { #expect(cache.value(for: [UInt8(i), 0xAA]) == i) }
        cache.insert(100, for: [9, 0xAA])   // replacing a kept key's value drops nothing
        #expect(cache.count == 4 && cache.value(for: [9, 0xAA]) == 100 && cache.value(for: [7, 0xAA]) == 7)
        #expect(cache.value(for: [9]) == nil && cache.value(for: [9, 0xAA, 0]) == nil)
        let none = PreparedKeyCache<Int>(capacity: 0)
        none.insert(1, for: [1])
        #expect(none.count == 0 && none.value(for: [1]) == nil)

        // Through a verifier: see concurrentValidation (every distinct key of the generated chains, bound 3).
    }

    @Test("copies of a verifier share its kept keys")
    func copiesShare() throws {
        let root = try Self.load("root"), inter = try Self.load("inter"), leaf = try Self.load("ok.leaf")
        let verifier = CertificateVerifier(trustRoots: [root])
        let copy = verifier
        _ = try copy.validate(leaf: leaf, intermediates: [inter], at: Self.at)
        #expect(verifier.keys.value(for: inter.subjectPublicKeyInfoBytes) != nil)
    }

    @Test("8 concurrent tasks validating through shared verifiers (a bound of 2 keys, so keys are dropped and made again) all get the answers of verifiers that keep nothing; the bound holds")
    func concurrentValidation() async throws {
        let json = try JSONSerialization.jsonObject(with: Data(Vectors.bytes("\(Self.folder)/MANIFEST.json"))) as! [String: Any]
        let cases = json["cases"] as! [[String: Any]]
        struct Run: Sendable {
            let name: String, group: String, leaf: Certificate, pool: [Certificate], roots: [Certificate], time: Int64
            let policy: CertificateVerifier.Policy
        }
        let runs = try cases.map { c in
            var policy = CertificateVerifier.Policy()
            policy.requiredExtendedKeyUsages = (c["eku"] as! [String]).map { $0 == "serverAuth" ? X509OID.serverAuth : X509OID.clientAuth }
            return Run(name: c["name"] as! String, group: "\(c["roots"]!) \(c["eku"]!)", leaf: try Self.load(c["leaf"] as! String),
                       pool: try (c["intermediates"] as! [String]).map(Self.load), roots: try (c["roots"] as! [String]).map(Self.load),
                       time: Int64(c["time"] as! Int), policy: policy)
        }
        func verdict(_ v: CertificateVerifier, _ r: Run) -> String {
            do { return "valid \(try v.validate(leaf: r.leaf, intermediates: r.pool, at: r.time).count)" } catch {
                return "\(error.code) at \(String(describing: error.position))"
            }
        }
        // Expected: a verifier per case that keeps nothing. Shared: one verifier per roots and policy, bound 2.
        let expected = runs.map { verdict(CertificateVerifier(trustRoots: $0.roots, policy: $0.policy, keyCacheCapacity: 0,
                                                                 verifiedSignatureCacheCapacity: 0, parsedCertificateCacheCapacity: 0), $0) }
        var shared: [String: CertificateVerifier] = [:]
        for r in runs where shared[r.group] == nil { shared[r.group] = CertificateVerifier(trustRoots: r.roots, policy: r.policy, keyCacheCapacity: 2, verifiedSignatureCacheCapacity: 2, parsedCertificateCacheCapacity: 2) }
        let verifiers = shared
        let mismatches = await withTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong: [String] = []
                    let n = runs.count
                    for round in 0..<4 {
                        for j in 0..<n {
                            let i = task % 2 == 0 ? (j + task + round) % n : (2 * n - 1 - j - task) % n   // another order per task
                            let got = verdict(verifiers[runs[i].group]!, runs[i])
                            if got != expected[i] { wrong.append("task \(task): \(runs[i].name): \(got), expected \(expected[i])") }
                        }
                    }
                    return wrong
                }
            }
            var all: [String] = []
            for await w in group { all += w }
            return all
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(verifiers.values.allSatisfy { $0.keys.count <= 2 && $0.verifiedSignatures.count <= 2 })
        let valid = expected.filter { $0.hasPrefix("valid") }.count
        Vectors.report("\(Self.folder)/MANIFEST.json", cases: cases.count, detail: "\(valid) valid, \(cases.count - valid) refused")
        #expect(cases.count == 30 && valid == 12 && verifiers.count == 6)

        // The bound through a verifier: every distinct key of these chains, more keys than the bound.
        var distinct: [[UInt8]: Certificate] = [:]
        for r in runs { for c in [r.leaf] + r.pool + r.roots where c.subjectPublicKeyInfo != nil { distinct[c.subjectPublicKeyInfoBytes] = c } }
        let bound = 3
        #expect(distinct.count > bound + 2)
        let verifier = CertificateVerifier(trustRoots: [], keyCacheCapacity: bound)
        for (i, c) in distinct.values.sorted(by: { $0.derEncoded.lexicographicallyPrecedes($1.derEncoded) }).enumerated() {
            let k = try verifier.publicKey(of: c)
            #expect(Self.keyBytes(k) == Self.keyBytes(try Certificate.PublicKey(spki: c.subjectPublicKeyInfo!)))
            #expect(verifier.keys.count == min(i + 1, bound))
        }
    }
}

/// `Certificate.PublicKey`, the package's one public-key type: made from the parsed SubjectPublicKeyInfo, its X.509
/// entry verifies each family's issuer signatures from the chain vectors (RSA PKCS#1 v1.5 and PSS, P-256/384/521,
/// Ed25519), refuses the tampered twins, and verifies nothing with a key of another family.
@Suite("Certificate.PublicKey: one key type, one X.509 entry")
struct CertificatePublicKeyTests {
    static func load(_ label: String) throws -> Certificate { try PreparedIssuerKeyReuseTests.load(label) }

    @Test(arguments: [("root", "inter"), ("rsa-root", "rsa-pkcs1-sha256.leaf"), ("rsa-root", "rsa-pkcs1-sha512.leaf"),
                      ("rsa-root", "rsa-pss-sha256.leaf"), ("rsa-root", "rsa-pss-sha384.leaf"),
                      ("ed25519-root", "ed25519.leaf"), ("p521-root", "p521-sha512.leaf")])
    func verifiesWhatTheIssuerSigned(issuer: String, subject: String) throws {
        let key = try Certificate.PublicKey(spki: try #require(try Self.load(issuer).subjectPublicKeyInfo))
        let c = try Self.load(subject)
        #expect(key.isValidSignature(c.signature, for: c.tbsCertificateBytes, algorithm: c.signatureAlgorithm), "\(subject)")
        // The same key from its DER, and through the verifier's cache, agree.
        #expect(try Certificate.PublicKey(derEncoded: key.derRepresentation).derRepresentation == key.derRepresentation)
        // One byte of the signed bytes changed: no longer verifies.
        var tbs = c.tbsCertificateBytes
        tbs[tbs.count - 1] ^= 1
        #expect(!key.isValidSignature(c.signature, for: tbs, algorithm: c.signatureAlgorithm))
        // Tampered twins (where the vectors have one) fail.
        if subject.hasSuffix(".leaf"), let twin = try? Self.load(subject.replacingOccurrences(of: ".leaf", with: "-tampered.leaf")) {
            #expect(!key.isValidSignature(twin.signature, for: twin.tbsCertificateBytes, algorithm: twin.signatureAlgorithm))
        }
    }

    @Test("a key of another family, or an algorithm that is refused, verifies nothing")
    func otherFamilyVerifiesNothing() throws {
        let rsa = try Certificate.PublicKey(spki: try #require(try Self.load("rsa-root").subjectPublicKeyInfo))
        let ec = try Certificate.PublicKey(spki: try #require(try Self.load("root").subjectPublicKeyInfo))
        let rsaSigned = try Self.load("rsa-pkcs1-sha256.leaf"), ecSigned = try Self.load("inter")
        #expect(!ec.isValidSignature(rsaSigned.signature, for: rsaSigned.tbsCertificateBytes, algorithm: rsaSigned.signatureAlgorithm))
        #expect(!rsa.isValidSignature(ecSigned.signature, for: ecSigned.tbsCertificateBytes, algorithm: ecSigned.signatureAlgorithm))
        #expect(!ec.isValidSignature(ecSigned.signature, for: ecSigned.tbsCertificateBytes, algorithm: .md5WithRSAEncryption))
        #expect(rsa.rsa != nil && rsa.namedCurve == nil && ec.namedCurve != nil && ec.rsa == nil)
    }

    @Test("an EC key from a compressed point is the key of the uncompressed one")
    func compressedPoint() throws {
        let ec = try Certificate.PublicKey(spki: try #require(try Self.load("root").subjectPublicKeyInfo))
        let point = try #require(ec.x963Representation), curve = try #require(ec.namedCurve)
        let n = (point.count - 1) / 2
        let compressed = [2 | (point[point.count - 1] & 1)] + point[1...n]
        #expect(try Certificate.PublicKey(namedCurve: curve, point: Array(compressed)).x963Representation == point)
    }
}
