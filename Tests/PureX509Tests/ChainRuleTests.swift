import Foundation
import Testing
import TestSupport
import DER
@testable import PureX509

/// Chains made with Python `cryptography` (Scripts/generate-x509-chains.py → Vectors/x509-chains/): each rule of
/// CertificateVerifier refused with its own code, beside the twin that differs in that rule and validates.
@Suite("Generated chains: one rule per case, positive beside negative")
struct ChainRuleTests {
    static let folder = "x509-chains"

    static func load(_ label: String) throws -> Certificate {
        try Certificate(pemEncoded: Vectors.text("\(folder)/\(label).pem"))
    }

    @Test("every MANIFEST case gets its expected verdict")
    func manifest() throws {
        let json = try JSONSerialization.jsonObject(with: Data(Vectors.bytes("\(Self.folder)/MANIFEST.json"))) as! [String: Any]
        let cases = json["cases"] as! [[String: Any]]
        var valid = 0, refused = 0
        var codes: Set<String> = []
        // One verifier per set of roots and policy, shared by the cases that use them, so a case meets the keys
        // kept by the cases before it.
        var shared: [String: CertificateVerifier] = [:]
        for c in cases {
            let name = c["name"] as! String
            let leaf = try Self.load(c["leaf"] as! String)
            let pool = try (c["intermediates"] as! [String]).map(Self.load)
            let roots = try (c["roots"] as! [String]).map(Self.load)
            var policy = CertificateVerifier.Policy()
            policy.requiredExtendedKeyUsages = (c["eku"] as! [String]).map { $0 == "serverAuth" ? X509OID.serverAuth : X509OID.clientAuth }
            let expected = c["expected"] as! String
            let time = Int64(c["time"] as! Int)
            // A verifier that keeps issuer keys, asked twice, and one that keeps none: one verdict.
            let sharedKey = "\(c["roots"]!) \(c["eku"]!)"
            let verifier = shared[sharedKey] ?? CertificateVerifier(trustRoots: roots, policy: policy)
            shared[sharedKey] = verifier
            func verdict(_ v: CertificateVerifier) -> String {
                do { return "valid \(try v.validate(leaf: leaf, intermediates: pool, at: time).map(\.derEncoded))" } catch {
                    return "\(error)"
                }
            }
            let first = verdict(verifier)
            #expect(verdict(verifier) == first, "\(name): a second validation with kept keys differs")
            #expect(verdict(CertificateVerifier(trustRoots: roots, policy: policy, keyCacheCapacity: 0, verifiedSignatureCacheCapacity: 0, parsedCertificateCacheCapacity: 0)) == first, "\(name): kept keys changed the verdict")
            do {
                let chain = try verifier.validate(leaf: leaf, intermediates: pool, at: time)
                #expect(expected == "valid", "\(name): validated, expected \(expected)")
                #expect(chain.first == leaf && roots.contains(chain.last!), "\(name)")
                valid += 1
            } catch {
                #expect(expected == error.code.description, "\(name): \(error)")
                #expect(error.position != nil, "\(name): the error names no certificate: \(error)")
                codes.insert(error.code.description)
                refused += 1
            }
        }
        Vectors.report("\(Self.folder)/MANIFEST.json", cases: cases.count, detail: "\(valid) valid, \(refused) refused")
        #expect(cases.count == 30 && valid == 12 && refused == 18)
        // The rules the issue names, each with its own code.
        for code in ["unknownCriticalExtension", "missingKeyCertSign", "pathLengthExceeded", "expired", "notYetValid",
                     "nameConstraintViolation", "unsupportedSignatureAlgorithm", "issuerNotFound", "invalidSignature",
                     "notACertificateAuthority", "missingExtendedKeyUsage"] {
            #expect(codes.contains(code), "no case refused with \(code)")
        }
    }

    // The subject is openssl's `-nameopt RFC2253` output for inter-no-keycertsign.pem.
    @Test("the error names the certificate's position and subject and the rule")
    func errorNamesCertificate() throws {
        let root = try Self.load("root"), inter = try Self.load("inter-no-keycertsign")
        let leaf = try Self.load("ca-without-keycertsign.leaf")
        do {
            _ = try CertificateVerifier(trustRoots: [root]).validate(leaf: leaf, intermediates: [inter], at: 1_767_225_600)
            Issue.record("validated")
        } catch {
            #expect(error.code == .missingKeyCertSign)
            #expect(error.position == 1)
            #expect(error.subject == "CN=Intermediate NoCertSign,O=PureJOSE test")
            #expect(error.reason.hasPrefix("certificate 1 (CN=Intermediate NoCertSign,O=PureJOSE test): keyUsage lacks keyCertSign"))
        }
    }

    @Test("policy: allowed algorithms, required extensions, chain length, extra check")
    func policy() throws {
        let root = try Self.load("root"), inter = try Self.load("inter"), leaf = try Self.load("ok.leaf")
        let t: Int64 = 1_767_225_600
        func run(_ p: CertificateVerifier.Policy) -> X509Error? {
            do { _ = try CertificateVerifier(trustRoots: [root], policy: p).validate(leaf: leaf, intermediates: [inter], at: t); return nil } catch { return error }
        }
        #expect(run(.init()) == nil)
        #expect(run(.init(allowedSignatureAlgorithms: [.ecdsaWithSHA384, .ecdsaWithSHA256])) == nil)
        #expect(run(.init(allowedSignatureAlgorithms: [.ecdsaWithSHA384]))?.code == .signatureAlgorithmNotAllowed)
        #expect(run(.init(requiredLeafExtensions: [X509OID.subjectAlternativeName])) == nil)
        #expect(run(.init(requiredLeafExtensions: [X509OID.certificatePolicies]))?.code == .missingRequiredExtension)
        #expect(run(.init(requiredIntermediateExtensions: [X509OID.basicConstraints])) == nil)
        #expect(run(.init(requiredIntermediateExtensions: [[1, 2, 840, 113635, 100, 6, 2, 1]]))?.code == .missingRequiredExtension)
        #expect(run(.init(maximumChainLength: 3)) == nil)
        #expect(run(.init(maximumChainLength: 2))?.code == .chainTooLong)
        #expect(run(.init(requiredKeyUsage: .digitalSignature)) == nil)
        #expect(run(.init(requiredKeyUsage: .keyEncipherment))?.code == .missingKeyUsage)
        #expect(run(.init(additionalCheck: { chain throws(X509Error) in
            if chain.count != 3 { throw X509Error(.rejectedByPolicy) }
        })) == nil)
        #expect(run(.init(additionalCheck: { _ throws(X509Error) in throw X509Error(.rejectedByPolicy) }))?.code == .rejectedByPolicy)
    }

    @Test("a hostile pool of same-named CAs stops at the search bounds instead of blowing up")
    func boundedSearch() throws {
        let root = try Self.load("root"), leaf = try Self.load("ok.leaf")
        // 40 copies of wrong-key intermediates named like the real one: every candidate fails its signature check.
        let decoy = try Self.load("other-root-same-name")
        var pool: [Certificate] = []
        for name in ["inter-nc", "inter-not-ca", "inter-pathlen1", "inter-no-keycertsign", "sub-under-pathlen0"] { pool.append(try Self.load(name)) }
        pool.append(decoy)
        let start = Date()
        #expect(throws: X509Error(.issuerNotFound)) {
            _ = try CertificateVerifier(trustRoots: [root]).validate(leaf: leaf, intermediates: pool, at: 1_767_225_600)
        }
        let p = CertificateVerifier.Policy(maximumSignatureChecks: 1)
        let inter = try Self.load("inter")
        #expect(throws: X509Error(.searchLimitExceeded)) {
            _ = try CertificateVerifier(trustRoots: [root], policy: p).validate(leaf: leaf, intermediates: [inter], at: 1_767_225_600)
        }
        #expect(Date().timeIntervalSince(start) < 30)
    }

    @Test("a negative serial number is refused with invalidSerialNumber (RFC 5280 §4.1.2.2); the same bytes with the sign bit clear parse")
    func negativeSerialNumber() throws {
        let good = try Self.load("eku-present.leaf").derEncoded
        // Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version, serialNumber INTEGER, … }, … }: step
        // over the two SEQUENCE headers and the explicit version to the serial number's INTEGER.
        func headerLength(at i: Int) -> Int { good[i + 1] < 0x80 ? 2 : 2 + Int(good[i + 1] & 0x7f) }
        let tbs = headerLength(at: 0)
        let version = tbs + headerLength(at: tbs)
        try #require(good[version] == 0xa0 && good[version + 1] == 3, "explicit [0] version of a v3 certificate")
        let serial = version + 5
        try #require(good[serial] == 0x02 && good[serial + 1] <= 20, "the serial number's INTEGER")
        let first = serial + 2
        // A positive serial whose top bit is set carries a 0x00 pad; turning that pad into 0x80 keeps the INTEGER
        // minimal (its first nine bits are not all ones) and makes it negative.
        var negative = good
        negative[first] |= 0x80
        #expect(throws: X509Error(.invalidSerialNumber)) { _ = try Certificate(derEncoded: negative) }
        #expect(try Certificate(derEncoded: good).serialNumber.first.map { $0 & 0x80 } == 0)
    }
}
