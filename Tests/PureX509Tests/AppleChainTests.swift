import Testing
import TestSupport
import SharedPrimitives
import DER
@testable import PureX509

/// Apple's App Store chains (Vectors/apple/certs, from apple/app-store-server-library-swift): the real
/// Apple Root CA – G3 chain and Apple's test chain, each field checked against `openssl x509` output.
@Suite("Apple certificate chains")
struct AppleChainTests {
    static func load(_ f: String) throws -> Certificate { try Certificate(pemEncoded: Vectors.text("apple/certs/\(f).pem")) }

    @Test("the real Apple Root CA – G3 chain parses to openssl's fields and validates at 1761962975")
    func realChain() throws {
        let root = try Self.load("real-apple-root"), inter = try Self.load("real-apple-intermediate")
        let leaf = try Self.load("real-apple-signing-certificate")
        Vectors.report("apple/certs (real chain)", cases: 3)
        // openssl x509 -noout -subject -issuer -serial -startdate -enddate -nameopt RFC2253
        #expect(root.subject.description == "C=US,O=Apple Inc.,OU=Apple Certification Authority,CN=Apple Root CA - G3")
        #expect(root.isSelfIssued && root.version == 3)
        #expect(Hex.encode(root.serialNumber) == "2dc5fc88d2c54b95")
        #expect(root.notBefore == 1_398_881_946 && root.notAfter == 2_187_800_346)   // 2014-04-30T18:19:06Z, 2039-04-30T18:19:06Z
        #expect(root.subjectPublicKeyInfo?.algorithm == .ecPublicKey(.p384))
        #expect(root.signatureAlgorithm == .ecdsaWithSHA384)
        #expect(inter.subject.description == "C=US,O=Apple Inc.,OU=G6,CN=Apple Worldwide Developer Relations Certification Authority")
        #expect(Hex.encode(inter.serialNumber) == "22c1a1470a747369ef538612c9c69f3d38f36cd7")
        #expect(inter.extensions.basicConstraints == BasicConstraints(isCertificateAuthority: true, pathLengthConstraint: 0))
        #expect(inter.extensions.keyUsage == [.keyCertSign, .cRLSign])
        #expect(leaf.subject.commonName == "Prod ECC Mac App Store and iTunes Store Receipt Signing")
        #expect(leaf.extensions.basicConstraints == nil || leaf.extensions.basicConstraints?.isCertificateAuthority == false)
        #expect(leaf.extensions.keyUsage == .digitalSignature)
        #expect(leaf.notBefore == 1_758_311_091 && leaf.notAfter == 1_823_449_643)   // 2025-09-19T19:44:51Z, 2027-10-13T17:47:23Z
        #expect(leaf.extensions.first([1, 2, 840, 113635, 100, 6, 11, 1]) != nil)
        #expect(inter.extensions.first([1, 2, 840, 113635, 100, 6, 2, 1]) != nil)
        #expect(root.derEncoded == (try Certificate(derEncoded: root.derEncoded)).derEncoded)
        #expect(try Certificate(pemEncoded: root.pemEncoded) == root)

        let verifier = CertificateVerifier(trustRoots: [root], policy: .init(
            requiredLeafExtensions: [[1, 2, 840, 113635, 100, 6, 11, 1]],
            requiredIntermediateExtensions: [[1, 2, 840, 113635, 100, 6, 2, 1]]))
        let chain = try verifier.validate(leaf: leaf, intermediates: [inter], at: 1_761_962_975)
        #expect(chain == [leaf, inter, root])
        #expect(throws: X509Error(.notYetValid)) { _ = try verifier.validate(leaf: leaf, intermediates: [inter], at: 1_758_311_090) }
        #expect(throws: X509Error(.expired)) { _ = try verifier.validate(leaf: leaf, intermediates: [inter], at: 1_823_449_644) }
        #expect(throws: X509Error(.issuerNotFound)) { _ = try verifier.validate(leaf: leaf, intermediates: [], at: 1_761_962_975) }
        // The intermediate pinned as the root: the chain ends there.
        #expect(try CertificateVerifier(trustRoots: [inter]).validate(leaf: leaf, at: 1_761_962_975) == [leaf, inter])
    }

    @Test("Apple's test chain: valid with the relaxed profile; the marker OIDs decide the invalid-OID twins")
    func testChain() throws {
        let root = try Self.load("root-ca"), inter = try Self.load("intermediate-ca"), leaf = try Self.load("leaf-cert")
        Vectors.report("apple/certs (test chain and invalid-OID twins)", cases: 6)
        let t: Int64 = 1_681_312_846
        // Its CAs have no key identifiers and a non-critical basicConstraints: the strict profile refuses them.
        #expect(throws: X509Error(.profileViolation)) { _ = try CertificateVerifier(trustRoots: [root]).validate(leaf: leaf, intermediates: [inter], at: t) }
        let apple = CertificateVerifier.Policy(requiredLeafExtensions: [[1, 2, 840, 113635, 100, 6, 11, 1]],
                                               requiredIntermediateExtensions: [[1, 2, 840, 113635, 100, 6, 2, 1]], strictProfile: false)
        let v = CertificateVerifier(trustRoots: [root], policy: apple)
        #expect(try v.validate(leaf: leaf, intermediates: [inter], at: t) == [leaf, inter, root])
        #expect(throws: X509Error(.missingRequiredExtension)) {
            _ = try v.validate(leaf: Self.load("leaf-cert-invalid-oid"), intermediates: [inter], at: t)
        }
        #expect(throws: X509Error(.missingRequiredExtension)) {
            _ = try v.validate(leaf: Self.load("leaf-cert-for-intermediate-ca-invalid-oid"), intermediates: [Self.load("intermediate-ca-invalid-oid")], at: t)
        }
        #expect(root.subject.description == "L=Cupertino,ST=California,C=US")
        #expect(Hex.encode(inter.serialNumber) == "0b")
    }
}
