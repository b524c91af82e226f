import Foundation
import Testing
import TestSupport
@testable import PureX509
import DER
import SHA2
@testable import JOSE

/// Tokens whose key is the leaf of their `x5c` chain (Scripts/generate-x5c-tokens.py → Vectors/x5c-tokens/):
/// X5CVerifier accepts exactly those whose chain validates to a pinned root and whose leaf key fits `alg` and
/// signed them; every refusal sits beside the valid twin differing from it in one rule.
@Suite("x5c: tokens signed by a certificate chain's leaf")
struct X5CCertificateChainTokenTests {
    static let folder = "x5c-tokens"
    static let now: Int64 = 1_767_225_600

    struct Case {
        let name: String, token: String, roots: [String], time: [String: Any], expected: String, x509: String?
    }

    static func manifest() throws -> (roots: [String: Certificate], cases: [Case]) {
        let json = try JSONSerialization.jsonObject(with: Data(Vectors.bytes("\(folder)/MANIFEST.json"))) as! [String: Any]
        var roots: [String: Certificate] = [:]
        for (label, b64) in json["roots"] as! [String: String] {
            roots[label] = try Certificate(derEncoded: [UInt8](Data(base64Encoded: b64)!))
        }
        let cases = (json["cases"] as! [[String: Any]]).map {
            Case(name: $0["name"] as! String, token: $0["token"] as! String, roots: $0["roots"] as! [String],
                 time: $0["time"] as! [String: Any], expected: $0["expected"] as! String, x509: $0["x509"] as? String)
        }
        return (roots, cases)
    }

    static func time(_ t: [String: Any]) -> X5CVerifier.ValidationTime {
        if let fixed = t["fixed"] as? Int { return .fixed(Int64(fixed)) }
        let claim = t["payloadMilliseconds"] as! String
        return .fromPayload { object in object[claim]?.int64Value.map { $0 / 1000 } }
    }

    static let algorithms: Set<JWSAlgorithm> = [.es256, .es384, .es512, .edDSA]

    @Test("every MANIFEST case gets its expected verdict, chain refusals carrying their X509Error code")
    func manifestCases() throws {
        let (roots, cases) = try Self.manifest()
        var valid = 0, refused = 0
        var codes: Set<String> = [], x509Codes: Set<String> = []
        let expectations = ClaimExpectations(issuer: "x5c-test", now: { Double(Self.now) })
        // One verifier per set of roots, shared by the cases that pin them, so a case meets the keys kept by the
        // cases before it (a tampered token after its valid twin).
        var shared: [[String]: X5CVerifier] = [:]
        for c in cases {
            let verifier = shared[c.roots] ?? X5CVerifier(trustRoots: c.roots.map { roots[$0]! }, algorithms: Self.algorithms)
            shared[c.roots] = verifier
            // Verified again by the same verifier (its kept issuer and leaf keys) and by one that keeps none: one verdict.
            func verdict(_ v: X5CVerifier) -> String {
                do { return "valid \(try v.verify(c.token, at: Self.time(c.time), expecting: expectations).certificateChain.count)" } catch {
                    return "\(error)"
                }
            }
            let first = verdict(verifier)
            #expect(verdict(verifier) == first, "\(c.name): a second verification with kept keys differs")
            let cold = X5CVerifier(trustRoots: c.roots.map { roots[$0]! }, algorithms: Self.algorithms, keyCacheCapacity: 0,
                                   verifiedSignatureCacheCapacity: 0, parsedCertificateCacheCapacity: 0)
            #expect(verdict(cold) == first, "\(c.name): kept keys changed the verdict")
            do {
                let v = try verifier.verify(c.token, at: Self.time(c.time), expecting: expectations)
                #expect(c.expected == "valid", "\(c.name): accepted, expected \(c.expected)")
                #expect(v.certificateChain.count >= 2 && c.roots.contains { roots[$0]! == v.certificateChain.last! }, "\(c.name)")
                #expect(v.claims.issuer == "x5c-test" && v.header.algorithm != nil, "\(c.name)")
                valid += 1
            } catch let e {
                #expect(e.code.description == c.expected, "\(c.name): \(e)")
                if let x = c.x509 {
                    #expect(e.reason.hasPrefix("x5c: \(x): "), "\(c.name): the reason does not carry \(x): \(e.reason)")
                    // The cause is kept as a value, not only as text.
                    #expect(e.certificateError?.code.description == x, "\(c.name): no X509Error \(x) in \(e)")
                    x509Codes.insert(x)
                }
                codes.insert(e.code.description)
                refused += 1
            }
        }
        Vectors.report("\(Self.folder)/MANIFEST.json", cases: cases.count, detail: "\(valid) valid, \(refused) refused")
        #expect(cases.count == 37 && valid == 9 && refused == 28)
        for code in ["untrustedCertificateChain", "keyMismatch", "thumbprintMismatch", "invalidCertificate", "missingClaim",
                     "invalidSignature", "expired", "unsecuredAlgorithm", "keyNotFound", "malformedToken", "limitExceeded"] {
            #expect(codes.contains(code), "no case refused with \(code)")
        }
        for code in ["unknownCriticalExtension", "missingKeyCertSign", "pathLengthExceeded", "expired", "notYetValid",
                     "nameConstraintViolation", "unsupportedSignatureAlgorithm", "invalidSignature", "issuerNotFound",
                     "missingKeyUsage"] {
            #expect(x509Codes.contains(code), "no chain refused with \(code)")
        }
    }

    @Test("the time read from the payload decides validity, not the clock: valid at signedDate, refused at now")
    func timeFromPayload() throws {
        let (roots, cases) = try Self.manifest()
        let c = cases.first { $0.name == "time-from-payload-valid" }!
        let verifier = X5CVerifier(trustRoots: [roots["root"]!], algorithms: [.es256])
        let at = ClaimExpectations(now: { Double(Self.now) })
        let jws = try verifier.verifySignature(c.token, at: Self.time(c.time))
        #expect(jws.certificateChain.count == 3)
        // The same token at the fixed time after the leaf's notAfter: refused.
        #expect(throws: JWTError(.untrustedCertificateChain)) { try verifier.verify(c.token, at: .fixed(Self.now), expecting: at) }
        // A closure that finds no time refuses; a clock gives the same verdict as the fixed time.
        #expect(throws: JWTError(.missingClaim)) { try verifier.verify(c.token, at: .fromPayload { _ in nil }, expecting: at) }
        #expect(throws: JWTError(.untrustedCertificateChain)) { try verifier.verify(c.token, at: .clock { Double(Self.now) }, expecting: at) }
        #expect(throws: JWTError(.invalidClaim)) { try verifier.verify(c.token, at: .clock { .nan }, expecting: at) }
    }

    @Test("the deprecated certificateCheck sees x5c in token order, before the path: its error becomes invalidCertificate, even for an untrusted chain")
    @available(*, deprecated)
    func certificateCheckRunsBeforeThePath() throws {
        let (roots, cases) = try Self.manifest()
        let c = cases.first { $0.name == "time-from-payload-valid" }!
        struct Refused: Error, Equatable { let count: Int }
        let seen = LockedBox<[[UInt8]]>([])
        func verifier(_ refuse: Bool, root: Certificate) -> X5CVerifier {
            X5CVerifier(trustRoots: [root], algorithms: [.es256], options: .init(certificateCheck: { certificates in
                seen.withLock { $0 = certificates.map(\.derEncoded) }
                if refuse { throw Refused(count: certificates.count) }
            }))
        }
        // Passing: the token verifies, and the check saw the header's x5c entries in their order.
        let jws = try verifier(false, root: roots["root"]!).verifySignature(c.token, at: Self.time(c.time))
        let header = try JSONValue(parsing: Base64URL.decode(String(c.token.split(separator: ".")[0])))
        let x5c = header["x5c"]!.arrayValue!.map { [UInt8](Data(base64Encoded: $0.stringValue!)!) }
        #expect(seen.withLock { $0 } == x5c)
        #expect(jws.certificateChain.first?.derEncoded == x5c.first)
        // Refusing: invalidCertificate naming its error — also when the pinned root is another one (the path is not
        // looked at).
        func refusal(_ v: X5CVerifier) -> JWTError? {
            do { _ = try v.verifySignature(c.token, at: Self.time(c.time)); return nil } catch { return error }
        }
        let e = refusal(verifier(true, root: roots["root"]!))
        #expect(e?.code == .invalidCertificate && e?.reason.contains("Refused(count: \(x5c.count))") == true, "\(String(describing: e))")
        let other = roots.first { $0.key != "root" }!.value
        #expect(refusal(verifier(true, root: other))?.code == .invalidCertificate)
        #expect(refusal(verifier(false, root: other))?.code == .untrustedCertificateChain)
    }

    @Test("ChainPolicy: the exact x5c length and the position extensions, checked before the path, causes kept as X509Error values")
    func chainPolicyPositions() throws {
        let (roots, cases) = try Self.manifest()
        let c = cases.first { $0.name == "time-from-payload-valid" }!
        let header = try JSONValue(parsing: Base64URL.decode(String(c.token.split(separator: ".")[0])))
        let count = header["x5c"]!.arrayValue!.count
        func refusal(_ policy: X5CVerifier.ChainPolicy, root: Certificate) -> JWTError? {
            let v = X5CVerifier(trustRoots: [root], algorithms: [.es256], options: .init(chainPolicy: policy))
            do { _ = try v.verifySignature(c.token, at: Self.time(c.time)); return nil } catch { return error }
        }
        let root = roots["root"]!, other = roots.first { $0.key != "root" }!.value
        // The right length passes (the validated chain is x5c's own); another is refused before the path.
        let validated = try X5CVerifier(trustRoots: [root], algorithms: [.es256]).verifySignature(c.token, at: Self.time(c.time))
        let exact = refusal(.init(exactChainLength: count), root: root)
        if validated.certificateChain.count == count {
            #expect(exact == nil, "\(String(describing: exact))")
        } else {   // x5c without its root: the path is longer than x5c, which the exact length refuses after the path
            #expect(exact?.code == .untrustedCertificateChain && exact?.certificateError?.code == .chainLengthMismatch)
        }
        for n in [count - 1, count + 1] {
            let e = refusal(.init(exactChainLength: n), root: other)
            #expect(e?.code == .invalidCertificate && e?.certificateError?.code == .chainLengthMismatch, "\(String(describing: e))")
        }
        // An extension the leaf does not carry: refused at position 0, before the path (another root changes nothing).
        let marker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
        let e = refusal(.init(requiredLeafExtensions: [marker]), root: other)
        #expect(e?.code == .invalidCertificate && e?.certificateError?.code == .missingRequiredExtension
                && e?.certificateError?.position == 0, "\(String(describing: e))")
        // A policy that checks revocation refuses the synchronous entry points.
        let online = X5CVerifier.ChainPolicy(revocation: OCSPRevocationChecker { _, _ in [] })
        #expect(refusal(online, root: root)?.code == .untrustedCertificateChain)
    }

    @Test("JWTVerifier never takes the key from x5c: the token it refuses is accepted with the leaf key pinned")
    func jwtVerifierIgnoresX5C() throws {
        let (_, cases) = try Self.manifest()
        let token = cases.first { $0.name == "ok" }!.token
        let at = ClaimExpectations(now: { Double(Self.now) })
        let other = try JWKPrivateKey.generateEC(curve: .p256).publicJWK!
        #expect(throws: JWTError(.invalidSignature)) { try JWTVerifier(key: other, algorithms: [.es256]).verify(token, expecting: at) }
        #expect(throws: JWTError(.keyNotFound)) { try JWTVerifier(keys: JWKSet(keys: []), algorithms: [.es256]).verify(token, expecting: at) }
        // The twin: the same token with the leaf's key given to the verifier directly.
        let chain = try Certificate.certificates(pemEncoded: Vectors.text("\(Self.folder)/chain.pem"))
        let leafKey = try JWK(derRepresentation: chain[2].subjectPublicKeyInfoBytes)
        #expect(try JWTVerifier(key: leafKey, algorithms: [.es256]).verify(token, expecting: at).claims.issuer == "x5c-test")
    }

    @Test("JWTSigner writes x5c for its own certificate and refuses a chain for another key")
    func signerWritesX5C() throws {
        let chain = try Certificate.certificates(pemEncoded: Vectors.text("\(Self.folder)/chain.pem"))
        let (root, inter, leaf) = (chain[0], chain[1], chain[2])
        let key = try JWKPrivateKey(pemRepresentation: Vectors.text("\(Self.folder)/leaf.key.pem"))
        let signer = try JWTSigner(key: key, algorithm: .es256).withCertificateChain([leaf, inter])
        let token = try signer.sign(Claims(iss: "me", exp: Int(Self.now) + 60))
        let header = try decodeUnverified(token).header
        let written: [String]? = header["x5c"]?.arrayValue?.compactMap { $0.stringValue }
        #expect(written == [leaf, inter].map { Data($0.derEncoded).base64EncodedString() })
        let v = try X5CVerifier(trustRoots: [root], algorithms: [.es256])
            .verify(token, at: .fixed(Self.now), expecting: ClaimExpectations(issuer: "me", now: { Double(Self.now) }))
        #expect(v.certificateChain == [leaf, inter, root])
        // signPayload carries it too.
        let jws = try signer.signPayload(Array("hello".utf8))
        #expect(try X5CVerifier(trustRoots: [root], algorithms: [.es256]).verifySignature(jws, at: .fixed(Self.now)).payload == Array("hello".utf8))

        let stranger = try JWKPrivateKey.generateEC(curve: .p256)
        #expect(throws: JWTError(.keyMismatch)) { try JWTSigner(key: stranger, algorithm: .es256).withCertificateChain([leaf, inter]) }
        #expect(throws: JWTError(.unsupportedKey)) {
            try JWTSigner(key: SymmetricKey(data: [UInt8](repeating: 7, count: 32))).withCertificateChain([leaf])
        }
        #expect(throws: JWTError(.malformedToken)) { try JWTSigner(key: key, algorithm: .es256).withCertificateChain([]) }
        // A header that also names x5c in Header.extra is refused, not written twice.
        #expect(throws: JWTError(.duplicateMember)) {
            try signer.sign(Claims(iss: "me", exp: 1), header: .init(extra: ["x5c": .array([])]))
        }
    }

    struct Claims: Encodable { let iss: String; let exp: Int }

    @Test("a certificate subject in a reason cannot break the log line: controls and bidi overrides are escaped")
    func reasonsStayOnOneLine() {
        #expect(oneLine("CN=a\nb\u{85}c\u{202E}d,O=e") == "CN=a\\u{a}b\\u{85}c\\u{202e}d,O=e")
        #expect(oneLine("CN=Signer,O=PureJOSE test") == "CN=Signer,O=PureJOSE test")
    }

    @Test("x5c base64 is strict standard base64: it decodes what Foundation encodes, and nothing else")
    func standardBase64() throws {
        var rng = SplitMix64(seed: 26)
        for n in 0..<200 {
            let bytes = rng.bytes(n % 67 + 1)
            let text = Data(bytes).base64EncodedString()
            #expect(try StandardBase64.decode(text, what: "t") == bytes)
        }
        for bad in ["", "QQ", "QQ=", "QR==", "QUI=x", "QUJ=", "Q===", "QU=I", "QUJD\n", "QU-D", "QU_D", "=QUJ",
                    "QU-DQUJD", "QUJDQU_D", "QU=DQUJD", "QUJD=UJDQUJD", "QUJDQUJDQUJ\u{0}"] {
            #expect(throws: JWTError(.invalidCertificate), "\(bad.debugDescription)") { try StandardBase64.decode(bad, what: "t") }
        }
        // The first character outside the alphabet is the one named, in a full quad as in the last.
        for (bad, offset) in [("QUJDQ-JDQUJD", 5), ("QUJDQUJDQU_D", 10), ("QUJDQU*-QUJD", 6), ("QUJD=UJDQUJD", 4)] {
            do { _ = try StandardBase64.decode(bad, what: "t"); Issue.record("\(bad) decoded") } catch {
                #expect(error.reason.contains("at offset \(offset)"), "\(bad): \(error.reason)")
            }
        }
    }

    @Test("a kept leaf key serves only the identical SubjectPublicKeyInfo: a key one byte away is read on its own and refused")
    func keptLeafKeyOnlyForIdenticalKey() throws {
        let chain = try Certificate.certificates(pemEncoded: Vectors.text("\(Self.folder)/chain.pem"))
        let leaf = chain[2]
        let verifier = X5CVerifier(trustRoots: [chain[0]], algorithms: [.es256])
        let (_, cases) = try Self.manifest()
        let ok = try #require(cases.first { $0.name == "ok" })
        _ = try verifier.verify(ok.token, at: Self.time(ok.time), expecting: ClaimExpectations(issuer: "x5c-test", now: { Double(Self.now) }))
        // The leaf's key is kept in the certificate verifier's one key cache, beside the intermediate's (the root's
        // key was made with the verifier): no second cache.
        let keys = verifier.certificateVerifier.keys
        let kept = try #require(keys.value(for: leaf.subjectPublicKeyInfoBytes))
        #expect(try JWK(publicKey: kept).thumbprint == (try JWK(derRepresentation: leaf.subjectPublicKeyInfoBytes)).thumbprint)
        #expect(keys.count == 2)
        // The point's last byte changed: off the curve, so reading it must fail rather than find the kept key.
        let der = leaf.derEncoded, spki = leaf.subjectPublicKeyInfoBytes
        let start = try #require((0...(der.count - spki.count)).first { Array(der[$0..<($0 + spki.count)]) == spki })
        var changed = der
        changed[start + spki.count - 1] ^= 0x01
        let twin = try Certificate(derEncoded: changed)
        #expect(throws: JWTError.self) { try verifier.leafKey(twin) }
        #expect(keys.value(for: twin.subjectPublicKeyInfoBytes) == nil && keys.count == 2)
        #expect(try verifier.leafKey(leaf).thumbprint == JWK(publicKey: kept).thumbprint)
    }
}

/// A value behind an `NSLock` (the package's floor, iOS 13 / macOS 10.15, is below `Synchronization.Mutex`'s).
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
