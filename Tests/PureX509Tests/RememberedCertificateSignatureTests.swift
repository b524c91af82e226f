import Foundation
import Testing
import TestSupport
import DER
@testable import PureX509

/// CertificateVerifier remembers which certificates' signatures verified with which issuer keys, by the exact bytes
/// of both, and keeps the certificates its `certificate(derEncoded:)` parsed, by their exact DER: a failed signature
/// is never remembered, a certificate or an issuer key that differs in one byte never hits, a remembered signature
/// never lets an expired certificate through, and the bounds hold. (Every vector chain's verdict is compared on a
/// first call, a repeat call and a verifier that keeps nothing where those vectors run: ChainRuleTests,
/// LimboPathValidationTests, X5CCertificateChainTokenTests; concurrency in PreparedIssuerKeyReuseTests.)
@Suite("Remembered certificate signatures and parsed certificates: exact bytes, successes only")
struct RememberedCertificateSignatureTests {
    static let at: Int64 = 1_767_225_600

    static func load(_ label: String) throws -> Certificate {
        try Certificate(pemEncoded: Vectors.text("x509-chains/\(label).pem"))
    }

    /// A verifier that keeps nothing between calls.
    static func keepingNothing(_ roots: [Certificate]) -> CertificateVerifier {
        CertificateVerifier(trustRoots: roots, keyCacheCapacity: 0, verifiedSignatureCacheCapacity: 0, parsedCertificateCacheCapacity: 0)
    }

    /// `certificate`'s DER with the last byte of `part` (found inside it) flipped in its lowest bit, parsed again.
    static func withByteChanged(_ certificate: Certificate, in part: [UInt8]) throws -> Certificate {
        let der = certificate.derEncoded
        let start = try #require((0...(der.count - part.count)).last { Array(der[$0..<($0 + part.count)]) == part })
        var changed = der
        changed[start + part.count - 1] ^= 0x01
        let c = try Certificate(derEncoded: changed)
        #expect(c.derEncoded.count == der.count && zip(c.derEncoded, der).filter { $0 != $1 }.count == 1)
        return c
    }

    static func code(_ body: () throws(X509Error) -> [Certificate]) -> String {
        do { return "valid \(try body().count)" } catch { return "\(error.code) at \(String(describing: error.position))" }
    }

    @Test("a signature that failed is never remembered: the same certificate fails again, and the bad signature is not kept")
    func failedSignatureNotRemembered() throws {
        let root = try Self.load("root"), inter = try Self.load("inter"), leaf = try Self.load("ok.leaf")
        let bad = try Self.withByteChanged(leaf, in: leaf.signature)
        let verifier = CertificateVerifier(trustRoots: [root])
        for _ in 0..<3 {
            #expect(Self.code { () throws(X509Error) in try verifier.validate(leaf: bad, intermediates: [inter], at: Self.at) } == "invalidSignature at Optional(0)")
        }
        #expect(verifier.verifiedSignatures.value(for: SignedBy(certificate: bad.derEncoded, issuerKey: inter.subjectPublicKeyInfoBytes)) == nil)
        // The search stopped at the leaf (its only candidate issuer failed), so nothing at all is remembered.
        #expect(verifier.verifiedSignatures.count == 0)
        // The tampered vector leaves of other families, each tried twice on one verifier: refused both times.
        for (name, rootName) in [("rsa-pkcs1-sha256-tampered", "rsa-root"), ("rsa-pss-sha384-tampered", "rsa-root"),
                                 ("ed25519-tampered", "ed25519-root"), ("p521-sha512-tampered", "p521-root"), ("wrong-issuer-key", "root")] {
            let r = try Self.load(rootName), l = try Self.load("\(name).leaf")
            let v = CertificateVerifier(trustRoots: [r])
            let first = Self.code { () throws(X509Error) in try v.validate(leaf: l, intermediates: [inter], at: Self.at) }
            #expect(first == "invalidSignature at Optional(0)", "\(name)")
            #expect(Self.code { () throws(X509Error) in try v.validate(leaf: l, intermediates: [inter], at: Self.at) } == first, "\(name)")
        }
    }

    @Test("a certificate that differs in one byte of its signature or of its TBSCertificate never hits the remembered signature")
    func otherCertificateBytesNeverHit() throws {
        let root = try Self.load("root"), inter = try Self.load("inter"), leaf = try Self.load("ok.leaf")
        let verifier = CertificateVerifier(trustRoots: [root])
        #expect(try verifier.validate(leaf: leaf, intermediates: [inter], at: Self.at).count == 3)
        #expect(verifier.verifiedSignatures.value(for: SignedBy(certificate: leaf.derEncoded, issuerKey: inter.subjectPublicKeyInfoBytes)) == true)
        // One byte of the signature: the same TBSCertificate under a signature that does not verify.
        let otherSignature = try Self.withByteChanged(leaf, in: leaf.signature)
        #expect(otherSignature.tbsCertificateBytes == leaf.tbsCertificateBytes)
        // One byte of the TBSCertificate (the serial number's last): the same signature over other signed bytes.
        let otherTBS = try Self.withByteChanged(leaf, in: leaf.serialNumber)
        #expect(otherTBS.signature == leaf.signature && otherTBS.tbsCertificateBytes != leaf.tbsCertificateBytes)
        for changed in [otherSignature, otherTBS] {
            #expect(try !verifier.signatureVerifies(changed, position: 0, by: inter))
            #expect(Self.code { () throws(X509Error) in try verifier.validate(leaf: changed, intermediates: [inter], at: Self.at) } == "invalidSignature at Optional(0)")
            #expect(Self.code { () throws(X509Error) in try Self.keepingNothing([root]).validate(leaf: changed, intermediates: [inter], at: Self.at) } == "invalidSignature at Optional(0)")
        }
        // The original still hits afterwards.
        #expect(try verifier.validate(leaf: leaf, intermediates: [inter], at: Self.at).count == 3)
    }

    @Test("a remembered signature serves only the identical issuer key: another key, or one byte of it changed, never hits")
    func otherIssuerKeyNeverHits() throws {
        let root = try Self.load("root"), inter = try Self.load("inter"), leaf = try Self.load("ok.leaf")
        let otherRoot = try Self.load("other-root-same-name")
        let verifier = CertificateVerifier(trustRoots: [root])
        #expect(try verifier.validate(leaf: leaf, intermediates: [inter], at: Self.at).count == 3)
        // The intermediate was signed by the root's key (remembered); a root of the same name with another key did not sign it.
        #expect(verifier.verifiedSignatures.value(for: SignedBy(certificate: inter.derEncoded, issuerKey: root.subjectPublicKeyInfoBytes)) == true)
        #expect(otherRoot.subject == root.subject && otherRoot.subjectPublicKeyInfoBytes != root.subjectPublicKeyInfoBytes)
        #expect(try !verifier.signatureVerifies(inter, position: 1, by: otherRoot))
        #expect(try !verifier.signatureVerifies(leaf, position: 0, by: otherRoot))
        // Through validation: the chain pinned to the other root is refused, by this verifier's copy as by one keeping nothing.
        let pinnedElsewhere = CertificateVerifier(trustRoots: [otherRoot])
        #expect(Self.code { () throws(X509Error) in try pinnedElsewhere.validate(leaf: leaf, intermediates: [inter], at: Self.at) }
                == Self.code { () throws(X509Error) in try Self.keepingNothing([otherRoot]).validate(leaf: leaf, intermediates: [inter], at: Self.at) })
        // An intermediate whose key differs in its last byte (a point off the curve) gets nothing from the remembered
        // leaf signature: it is refused as the key it is, as a verifier keeping nothing refuses it.
        let twin = try Self.withByteChanged(inter, in: inter.subjectPublicKeyInfoBytes)
        #expect(twin.subjectPublicKeyInfoBytes != inter.subjectPublicKeyInfoBytes)
        #expect(throws: X509Error.self) { try verifier.signatureVerifies(leaf, position: 0, by: twin) }
        let warm = Self.code { () throws(X509Error) in try verifier.validate(leaf: leaf, intermediates: [twin], at: Self.at) }
        #expect(warm == Self.code { () throws(X509Error) in try Self.keepingNothing([root]).validate(leaf: leaf, intermediates: [twin], at: Self.at) })
        #expect(warm.hasPrefix("unsupportedPublicKey"), "\(warm)")
    }

    @Test("a certificate whose signature was remembered while it was valid is refused as expired after its notAfter, and as not yet valid before its notBefore")
    func rememberedSignatureDoesNotBypassTime() throws {
        let root = try Self.load("root"), inter = try Self.load("inter"), leaf = try Self.load("ok.leaf")
        let verifier = CertificateVerifier(trustRoots: [root])
        #expect(try verifier.validate(leaf: leaf, intermediates: [inter], at: Self.at).count == 3)
        #expect(verifier.verifiedSignatures.count == 2)
        #expect(Self.code { () throws(X509Error) in try verifier.validate(leaf: leaf, intermediates: [inter], at: leaf.notAfter) } == "valid 3")
        #expect(Self.code { () throws(X509Error) in try verifier.validate(leaf: leaf, intermediates: [inter], at: leaf.notAfter + 1) } == "expired at Optional(0)")
        #expect(Self.code { () throws(X509Error) in try verifier.validate(leaf: leaf, intermediates: [inter], at: leaf.notBefore - 1) } == "notYetValid at Optional(0)")
        // The intermediate's signature is remembered too; its own validity is still checked.
        let interExpired = max(inter.notAfter, leaf.notBefore) + 1
        if interExpired <= leaf.notAfter {
            #expect(Self.code { () throws(X509Error) in try verifier.validate(leaf: leaf, intermediates: [inter], at: interExpired) } == "expired at Optional(1)")
        }
        // A rule other than time, on the same remembered signatures: a policy the leaf does not meet.
        var policy = CertificateVerifier.Policy()
        policy.requiredLeafExtensions = [X509OID.nameConstraints]
        let strict = CertificateVerifier(trustRoots: [root], policy: policy)
        let copy = strict
        _ = Self.code { () throws(X509Error) in try copy.validate(leaf: leaf, intermediates: [inter], at: Self.at) }
        #expect(Self.code { () throws(X509Error) in try strict.validate(leaf: leaf, intermediates: [inter], at: Self.at) } == "missingRequiredExtension at Optional(0)")
    }

    @Test("the number of remembered signatures never exceeds the bound; a bound of 0 remembers none and validates alike")
    func signatureBoundHolds() throws {
        let json = try JSONSerialization.jsonObject(with: Data(Vectors.bytes("x509-chains/MANIFEST.json"))) as! [String: Any]
        let cases = json["cases"] as! [[String: Any]]
        #expect(cases.count == 30)   // reported by PreparedIssuerKeyReuseTests.concurrentValidation
        let roots = try ["root", "rsa-root", "ed25519-root", "p521-root"].map(Self.load)
        for bound in [0, 1, 3] {
            let verifier = CertificateVerifier(trustRoots: roots, verifiedSignatureCacheCapacity: bound, parsedCertificateCacheCapacity: bound)
            let nothing = Self.keepingNothing(roots)
            var valid = 0
            for c in cases where (c["roots"] as! [String]).allSatisfy({ ["root", "rsa-root", "ed25519-root", "p521-root"].contains($0) }) {
                let leaf = try Self.load(c["leaf"] as! String), pool = try (c["intermediates"] as! [String]).map(Self.load)
                let got = Self.code { () throws(X509Error) in try verifier.validate(leaf: leaf, intermediates: pool, at: Self.at) }
                #expect(got == Self.code { () throws(X509Error) in try nothing.validate(leaf: leaf, intermediates: pool, at: Self.at) }, "\(c["name"]!)")
                #expect(verifier.verifiedSignatures.count <= bound)
                if got.hasPrefix("valid") { valid += 1 }
                _ = try verifier.certificate(derEncoded: leaf.derEncoded)
                #expect(verifier.parsedCertificates.count <= bound)
            }
            // The manifest's 12 valid cases and eku-missing, valid here under a policy that requires no EKU.
            #expect(valid == 13)
            #expect(verifier.verifiedSignatures.count == bound && verifier.parsedCertificates.count == bound)
            #expect(nothing.verifiedSignatures.count == 0 && nothing.parsedCertificates.count == 0 && nothing.keys.count == 0)
        }
    }

    @Test("a kept parsed certificate is returned only for the identical DER; bytes that fail to parse fail again; the bound holds")
    func parsedCertificatesByExactBytes() throws {
        let leaf = try Self.load("ok.leaf"), inter = try Self.load("inter")
        let verifier = CertificateVerifier(trustRoots: [], verifiedSignatureCacheCapacity: 4, parsedCertificateCacheCapacity: 2)
        let first = try verifier.certificate(derEncoded: leaf.derEncoded)
        #expect(first == leaf && first.tbsCertificateBytes == leaf.tbsCertificateBytes && first.signature == leaf.signature)
        #expect(verifier.parsedCertificates.count == 1)
        let again = try verifier.certificate(derEncoded: Array(leaf.derEncoded))
        #expect(again == leaf && verifier.parsedCertificates.count == 1)
        // One byte changed (the signature's last): parsed on its own, not the kept leaf.
        let changed = try Self.withByteChanged(leaf, in: leaf.signature)
        let parsed = try verifier.certificate(derEncoded: changed.derEncoded)
        #expect(parsed.derEncoded == changed.derEncoded && parsed.signature == changed.signature && parsed != leaf)
        // Bytes that do not parse: the same error every time, nothing kept.
        var broken = leaf.derEncoded
        broken.removeLast()
        let errors = (0..<2).map { _ -> String in
            do { _ = try verifier.certificate(derEncoded: broken); return "parsed" } catch { return "\(error)" }
        }
        let direct: String
        do { _ = try Certificate(derEncoded: broken); direct = "parsed" } catch { direct = "\(error)" }
        #expect(errors[0] == direct && errors[1] == direct && direct != "parsed")
        #expect(verifier.parsedCertificates.count == 2)
        _ = try verifier.certificate(derEncoded: inter.derEncoded)
        #expect(verifier.parsedCertificates.count == 2)
        #expect(verifier.parsedCertificates.value(for: ExactBytes(leaf.derEncoded)) == nil)   // the oldest went first
        #expect(try verifier.certificate(derEncoded: leaf.derEncoded) == leaf)
    }
}
