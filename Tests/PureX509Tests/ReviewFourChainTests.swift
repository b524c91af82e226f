import Foundation
import Testing
import TestSupport
import DER
@testable import PureX509

/// Security review 4 (issue 39), chains made with Python `cryptography` from fixed Ed25519 keys
/// (Scripts/generate-x509-review-chains.py → Vectors/x509-review/, reproducible byte for byte): TeletexString and
/// other names under directoryName constraints, a subject emailAddress under rfc822Name constraints, a CA without
/// authorityKeyIdentifier, a trust anchor with serial number 0, an issuer with cA FALSE, an OCSP responder without
/// extendedKeyUsage; each refusal beside its accepted twin, and what OpenSSL says in the manifest.
@Suite("Review 4 chains: one rule per case, positive beside negative")
struct ReviewFourChainTests {
    static let folder = "x509-review"

    static func load(_ label: String) throws -> Certificate {
        try Certificate(pemEncoded: Vectors.text("\(folder)/\(label).pem"))
    }
    static func anchor(_ label: String) throws -> Certificate {
        try Certificate(trustAnchorPEMEncoded: Vectors.text("\(folder)/\(label).pem"))
    }
    static func manifest() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(Vectors.bytes("\(folder)/MANIFEST.json"))) as! [String: Any]
    }

    @Test("every MANIFEST chain gets its expected verdict")
    func chains() throws {
        let cases = try Self.manifest()["cases"] as! [[String: Any]]
        var valid = 0, refused: [String: Int] = [:]
        for c in cases {
            let name = c["name"] as! String
            let leaf = try Self.load(c["leaf"] as! String)
            let pool = try (c["intermediates"] as! [String]).map(Self.load)
            let roots = try (c["roots"] as! [String]).map(Self.anchor)
            var policy = CertificateVerifier.Policy()
            for (k, v) in c["policy"] as! [String: Any] {
                try #require(k == "requireAuthorityKeyIdentifierOnCAs", "\(name): unknown policy member \(k)")
                policy.requireAuthorityKeyIdentifierOnCAs = v as! Bool
            }
            let expected = c["expected"] as! String
            do {
                let chain = try CertificateVerifier(trustRoots: roots, policy: policy).validate(leaf: leaf, intermediates: pool, at: Int64(c["time"] as! Int))
                #expect(expected == "valid", "\(name): validated, expected \(expected)")
                #expect(chain.first == leaf && roots.contains(chain.last!), "\(name)")
                valid += 1
            } catch {
                #expect(expected == error.code.description, "\(name): \(error)")
                refused[error.code.description, default: 0] += 1
            }
        }
        Vectors.report("\(Self.folder)/MANIFEST.json", cases: cases.count,
                       detail: "\(valid) valid, " + refused.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
        #expect(cases.count == 17 && valid == 6)
        #expect(refused == ["nameConstraintViolation": 9, "profileViolation": 1, "notACertificateAuthority": 1])
    }

    @Test("an excluded directoryName C=US, O=Evil catches O=Evil written as a TeletexString, in the subject and in a SAN")
    func teletexUnderExcludedDirectoryName() throws {
        let root = try Self.anchor("root"), ca = try Self.load("inter-excludes-evil")
        let v = CertificateVerifier(trustRoots: [root])
        for label in ["dirname-excluded-teletex", "dirname-excluded-teletex-upper", "dirname-excluded-teletex-san"] {
            let leaf = try Self.load("\(label).leaf")
            #expect(throws: X509Error(.nameConstraintViolation), "\(label)") { _ = try v.validate(leaf: leaf, intermediates: [ca], at: 1_767_225_600) }
        }
        // The twin: O=Good as a TeletexString is outside the subtree.
        let good = try Self.load("dirname-outside-teletex.leaf")
        #expect(try v.validate(leaf: good, intermediates: [ca], at: 1_767_225_600).count == 3)
        // A TeletexString of PrintableString characters compares as text; one with other octets (T.61 and ASCII
        // differ at `$`) cannot be compared and counts as inside an excluded subtree and outside a permitted one.
        let evil = try #require(ca.extensions.nameConstraints?.excludedSubtrees.first)
        guard case .directoryName(let base) = evil else { Issue.record("not a directoryName"); return }
        let teletexEvil = try Self.load("dirname-excluded-teletex.leaf").subject
        #expect(teletexEvil.containment(in: base) == .inside)
        #expect(good.subject.containment(in: base) == .outside)
        let unreadable = try Self.load("dirname-permitted-teletex-unreadable.leaf").subject
        let permitted = try #require(Self.load("inter-permits-good").extensions.nameConstraints?.permittedSubtrees.first)
        guard case .directoryName(let goodBase) = permitted else { Issue.record("not a directoryName"); return }
        #expect(unreadable.containment(in: goodBase) == .undecided)
        #expect(NameConstraintMatch.within(.directoryName(unreadable), permitted, excluded: false) == false)
        #expect(NameConstraintMatch.within(.directoryName(unreadable), permitted, excluded: true) == true)
    }

    @Test("a subject emailAddress that is not a mailbox is refused under an excluded rfc822Name (a@evil.com., 'a@evil.com ')")
    func malformedEmailAddress() throws {
        let root = try Self.anchor("root"), ca = try Self.load("inter-excludes-evil-mail")
        let v = CertificateVerifier(trustRoots: [root])
        for label in ["email-excluded", "email-excluded-trailing-dot", "email-excluded-trailing-space"] {
            let leaf = try Self.load("\(label).leaf")
            #expect(leaf.extensions.subjectAlternativeNames == nil)
            #expect(throws: X509Error(.nameConstraintViolation), "\(label)") { _ = try v.validate(leaf: leaf, intermediates: [ca], at: 1_767_225_600) }
        }
        #expect(try v.validate(leaf: Self.load("email-outside.leaf"), intermediates: [ca], at: 1_767_225_600).count == 3)
        // Without rfc822Name constraints the emailAddress is not looked at: the same leaf under a CA that excludes
        // only a directoryName validates as far as names go.
        #expect(NameSyntax.mailboxProblem(Array("a@evil.com.".utf8)) != nil && NameSyntax.mailboxProblem(Array("a@evil.com ".utf8)) != nil)
    }

    @Test("a CA without authorityKeyIdentifier validates by default and is refused when the policy requires it")
    func caWithoutAuthorityKeyIdentifier() throws {
        let root = try Self.anchor("root"), ca = try Self.load("inter-without-aki"), leaf = try Self.load("ca-without-aki.leaf")
        #expect(ca.extensions.authorityKeyIdentifier == nil && ca.extensions.basicConstraints?.isCertificateAuthority == true)
        #expect(try CertificateVerifier(trustRoots: [root]).validate(leaf: leaf, intermediates: [ca], at: 1_767_225_600).count == 3)
        var strict = CertificateVerifier.Policy()
        strict.requireAuthorityKeyIdentifierOnCAs = true
        #expect(throws: X509Error(.profileViolation)) {
            _ = try CertificateVerifier(trustRoots: [root], policy: strict).validate(leaf: leaf, intermediates: [ca], at: 1_767_225_600)
        }
    }

    @Test("a pinned root with serial number 0 loads as a trust anchor with a warning, and chains validate to it")
    func trustAnchorSerialZero() throws {
        let text = try Vectors.text("\(Self.folder)/root-serial-zero.pem")
        #expect(throws: X509Error(.invalidSerialNumber)) { _ = try Certificate(pemEncoded: text) }
        let anchor = try Certificate(trustAnchorPEMEncoded: text)
        #expect(anchor.serialNumber == [0])
        #expect(anchor.trustAnchorWarnings.map(\.code) == [.invalidSerialNumber])
        #expect(try Self.anchor("root").trustAnchorWarnings.isEmpty)
        #expect(try Self.load("root").trustAnchorWarnings.isEmpty)
        let leaf = try Self.load("anchor-serial-zero.leaf")
        #expect(try CertificateVerifier(trustRoots: [anchor]).validate(leaf: leaf, at: 1_767_225_600) == [leaf, anchor])
        // DER errors are still errors for a trust anchor.
        var der = anchor.derEncoded
        der.append(0)
        #expect(throws: X509Error(.invalidEncoding)) { _ = try Certificate(trustAnchorDEREncoded: der) }
    }

    @Test("an issuer whose basicConstraints is present with cA FALSE does not issue (RFC 5280 §6.1.4 (k))")
    func issuerWithCAFalse() throws {
        let root = try Self.anchor("root")
        let notCA = try Self.load("inter-ca-false"), ca = try Self.load("inter-ca-true-no-ku")
        #expect(notCA.extensions.basicConstraints == BasicConstraints(isCertificateAuthority: false, pathLengthConstraint: nil))
        #expect(notCA.extensions.keyUsage == nil && ca.extensions.keyUsage == nil)
        #expect(throws: X509Error(.notACertificateAuthority)) {
            _ = try CertificateVerifier(trustRoots: [root]).validate(leaf: Self.load("issuer-ca-false.leaf"), intermediates: [notCA], at: 1_767_225_600)
        }
        #expect(try CertificateVerifier(trustRoots: [root]).validate(leaf: Self.load("issuer-ca-true-no-keyusage.leaf"), intermediates: [ca], at: 1_767_225_600).count == 3)
    }

    @Test("a delegated OCSP responder whose certificate has no extendedKeyUsage at all, or has expired, is not authorized (RFC 6960 §4.2.2.2)")
    func ocspResponderWithoutEKU() throws {
        let cases = try Self.manifest()["ocsp"] as! [[String: Any]]
        var outcomes: [String] = []
        for c in cases {
            let subject = try Self.load(c["subject"] as! String), issuer = try Self.load(c["issuer"] as! String)
            let response = try OCSPResponse(derEncoded: Vectors.bytes("\(Self.folder)/\(c["file"] as! String)"))
            #expect(response.certificates.count == 1)
            let got: String
            do {
                let single = try response.check(certificate: subject, issuer: issuer, at: Int64(c["time"] as! Int))
                got = single.status == .good ? "good" : "\(single.status)"
            } catch {
                got = error.code.description
            }
            #expect(got == c["expected"] as! String, "\(c["name"]!)")
            outcomes.append(got)
            Vectors.report("\(Self.folder)/\(c["file"] as! String)", cases: 1, detail: got)
        }
        #expect(try Self.load("ocsp-responder-without-eku").extensions.extendedKeyUsage == nil)
        #expect(outcomes.sorted() == ["good", "ocspResponderNotAuthorized", "ocspResponderNotAuthorized"])
        // Beside it: a responder certificate with id-kp-OCSPSigning that expired before the answer is checked.
        #expect(try Self.load("ocsp-responder-expired").notAfter < Int64((cases[0]["time"] as! Int)))
    }

    @Test("the candidate budget stops the path search on its own, with signature checks to spare")
    func candidateBudgetAlone() throws {
        // Issuer candidates of the Vectors/x509-chains intermediate: a same-named root with another key first (its
        // signature check fails), then the real root. One candidate allowed: the search stops at the second, after one
        // signature check of the 64 allowed.
        func chains(_ label: String) throws -> Certificate { try Certificate(pemEncoded: Vectors.text("x509-chains/\(label).pem")) }
        let decoy = try chains("other-root-same-name"), root = try chains("root"), inter = try chains("inter")
        let one = CertificateVerifier.Policy(maximumCandidates: 1, maximumSignatureChecks: 64)
        do {
            _ = try CertificateVerifier(trustRoots: [decoy, root], policy: one).validate(leaf: inter, at: 1_767_225_600)
            Issue.record("validated past the candidate budget")
        } catch {
            #expect(error.code == .searchLimitExceeded)
            #expect(error.reason.contains("looked at 1 candidates"), "\(error)")
        }
        let two = CertificateVerifier.Policy(maximumCandidates: 2, maximumSignatureChecks: 64)
        #expect(try CertificateVerifier(trustRoots: [decoy, root], policy: two).validate(leaf: inter, at: 1_767_225_600) == [inter, root])
    }
}
