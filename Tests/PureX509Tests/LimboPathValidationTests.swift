import Foundation
import Testing
import TestSupport
import DER
@testable import PureX509

/// The x509-limbo RFC 5280 path-validation cases (Vectors/x509-limbo/limbo-rfc5280.json): every case is
/// run except those listed in `skipped` with the reason; every run case must agree with its expected result.
@Suite("x509-limbo RFC 5280 cases")
struct LimboPathValidationTests {
    static let file = "x509-limbo/limbo-rfc5280.json"

    /// Cases the harness cannot express, with the reason.
    static let skipped: [String: String] = [
        "rfc5280::ca-as-leaf-wrong-san":
            "the verdict depends on matching the expected peer name against the SAN; CertificateVerifier checks no host name",
        "pathlen::max-chain-depth-1-self-issued":
            "limbo's max_chain_depth does not count self-issued intermediates; Policy.maximumChainLength counts every certificate",
    ]

    static let ekuNames: [String: ASN1ObjectIdentifier] = [
        "serverAuth": X509OID.serverAuth, "clientAuth": X509OID.clientAuth, "codeSigning": X509OID.codeSigning,
        "emailProtection": X509OID.emailProtection, "timeStamping": X509OID.timeStamping, "OCSPSigning": X509OID.ocspSigning,
        "anyExtendedKeyUsage": X509OID.anyExtendedKeyUsage,
    ]

    /// RFC 3339 to Unix seconds, fractions dropped (limbo's times are UTC, `+00:00`).
    static func unixSeconds(_ s: String) throws -> Int64 {
        let b = Array(s.utf8)
        func num(_ r: Range<Int>) -> Int { Int(String(decoding: b[r], as: UTF8.self))! }
        try #require(b.count >= 20 && b[10] == UInt8(ascii: "T"))
        try #require(s.hasSuffix("+00:00") || s.hasSuffix("Z"), "\(s)")
        return DERTime.unixSeconds(year: Int64(num(0..<4)), month: num(5..<7), day: num(8..<10),
                                   hour: num(11..<13), minute: num(14..<16), second: num(17..<19))
    }

    /// The cases whose verdict differs under the default policy, which does not require authorityKeyIdentifier on CA
    /// certificates (limbo follows RFC 5280 §4.2.1.1's profile rule; the harness asks for it with
    /// `requireAuthorityKeyIdentifierOnCAs`).
    static let differUnderDefaultPolicy: Set<String> = [
        "rfc5280::aki::intermediate-missing-aki", "rfc5280::aki::cross-signed-root-missing-aki",
    ]

    /// The verdict for one case: nil = valid, else the error.
    static func run(_ t: [String: Any], requireCAAuthorityKeyIdentifier: Bool = true) throws -> X509Error? {
        let roots: [Certificate]
        let leaf: Certificate
        do {
            roots = try (t["trusted_certs"] as! [String]).map { try Certificate(pemEncoded: $0) }
            leaf = try Certificate(pemEncoded: t["peer_certificate"] as! String)
        } catch let e as X509Error {
            return e
        }
        // Pool certificates that do not parse cannot be part of any chain; they are left out.
        let pool = (t["untrusted_intermediates"] as! [String]).compactMap { try? Certificate(pemEncoded: $0) }
        var policy = CertificateVerifier.Policy()
        policy.requireAuthorityKeyIdentifierOnCAs = requireCAAuthorityKeyIdentifier
        policy.requiredExtendedKeyUsages = try (t["extended_key_usage"] as! [String]).map { name in
            try #require(ekuNames[name], "unknown EKU name \(name)")
        }
        if let depth = t["max_chain_depth"] as? Int { policy.maximumChainLength = depth + 2 }
        let time: Int64
        if let s = t["validation_time"] as? String { time = try unixSeconds(s) } else { time = 1_700_000_000 }
        // The verdict of a verifier that keeps issuer keys, asked twice (the second time with the keys the first
        // prepared), must be that of a verifier that keeps none.
        func verdict(_ v: CertificateVerifier) -> X509Error? {
            do { _ = try v.validate(leaf: leaf, intermediates: pool, at: time); return nil } catch { return error }
        }
        let verifier = CertificateVerifier(trustRoots: roots, policy: policy)
        let first = verdict(verifier), again = verdict(verifier)
        let cold = verdict(CertificateVerifier(trustRoots: roots, policy: policy, keyCacheCapacity: 0, verifiedSignatureCacheCapacity: 0, parsedCertificateCacheCapacity: 0))
        for other in [again, cold] {
            #expect(other?.code == first?.code && other?.position == first?.position && other?.reason == first?.reason,
                    "kept keys changed the verdict: \(String(describing: first)) / \(String(describing: other))")
        }
        return first
    }

    @Test("every case agrees with its expected result, or is listed as skipped")
    func limbo() throws {
        let json = try JSONSerialization.jsonObject(with: Data(Vectors.bytes(Self.file))) as! [String: Any]
        let cases = json["testcases"] as! [[String: Any]]
        var ran = 0, skipped = 0, success = 0, failure = 0
        var differ: Set<String> = []
        for t in cases {
            let id = t["id"] as! String
            if Self.skipped[id] != nil { skipped += 1; continue }
            if try (Self.run(t) == nil) != (Self.run(t, requireCAAuthorityKeyIdentifier: false) == nil) { differ.insert(id) }
            try #require((t["key_usage"] as! [Any]).isEmpty && (t["signature_algorithms"] as! [Any]).isEmpty, "\(id)")
            let expected = t["expected_result"] as! String
            let verdict = try Self.run(t)
            if expected == "SUCCESS" {
                #expect(verdict == nil, "\(id): expected SUCCESS, got \(verdict.map { "\($0)" } ?? "")")
                success += 1
            } else {
                #expect(verdict != nil, "\(id): expected FAILURE, got a valid chain")
                failure += 1
            }
            ran += 1
        }
        Vectors.report(Self.file, cases: cases.count, detail: "\(ran) run (\(success) valid, \(failure) invalid), \(skipped) skipped")
        #expect(cases.count == 116)
        #expect(ran == 114 && skipped == 2)
        // Under the default policy exactly the two CA-without-AKI cases change verdict, to valid.
        #expect(differ == Self.differUnderDefaultPolicy)
        #expect(Self.skipped.keys.allSatisfy { id in cases.contains { $0["id"] as? String == id } })
    }
}
