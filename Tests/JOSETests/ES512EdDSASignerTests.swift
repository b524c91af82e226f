import Foundation
import Testing
import ECDSA
import Ed25519
import TestSupport
@testable import JOSE

/// ES512 (P-521) and EdDSA / Ed25519 signing: private `EC` P-521 and `OKP` Ed25519 JWKs, PEM in and out, the RFC
/// examples (RFC 8037 A.4 byte for byte: Ed25519 is deterministic; RFC 7515 A.4 and RFC 7520 §4.3 verify), round
/// trips through ``JWTVerifier`` with tampering refused, and the private-key refusals.
@Suite("ES512 and EdDSA signing")
struct ES512EdDSASignerTests {
    static let now: @Sendable () -> Double = { 1_700_000_000 }

    static func dict(_ k: JWKPrivateKey) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(k.jsonString().utf8)) as? [String: Any])
    }

    /// The signature part of a compact JWS, decoded.
    static func signature(_ token: String) throws -> [UInt8] {
        try Base64URL.decode(String(try #require(token.split(separator: ".").last)))
    }

    /// Each change must make `verifier` refuse the token: a flipped bit in the signature's first and last byte,
    /// another payload, another header.
    static func expectTamperingRefused(_ token: String, _ verifier: JWTVerifier, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var sig = try Base64URL.decode(parts[2])
        for i in [0, sig.count / 2, sig.count - 1] {
            sig[i] ^= 0x01
            T.expectCode(.invalidSignature, "byte \(i)", sourceLocation: sourceLocation) {
                _ = try verifier.verifySignature(parts[0] + "." + parts[1] + "." + Base64URL.encode(sig))
            }
            sig[i] ^= 0x01
        }
        T.expectCode(.invalidSignature, sourceLocation: sourceLocation) {
            _ = try verifier.verifySignature(parts[0] + "." + T.b64(#"{"sub":"mallory"}"#) + "." + parts[2])
        }
        let header = String(decoding: try Base64URL.decode(parts[0]), as: UTF8.self)
        let otherHeader = header.replacingOccurrences(of: "}", with: #","x":1}"#)
        T.expectCode(.invalidSignature, sourceLocation: sourceLocation) {
            _ = try verifier.verifySignature(T.b64(otherHeader) + "." + parts[1] + "." + parts[2])
        }
    }

    // MARK: RFC examples

    /// RFC 8037 A.1 → A.4: the private JWK loads (x is d's public key), its thumbprint and publicJWK kid are A.3's,
    /// and signing A.4's header and payload gives the published JWS byte for byte, both from the exact header bytes
    /// and with the header the signer writes itself; it verifies with A.5's public JWK.
    @Test func rfc8037AppendixA() throws {
        let top = try T.jsonObject(OKPTests.file)
        var cases = 0
        let a1 = try #require(top["A.1_private_jwk"] as? [String: Any])
        let key = try JWKPrivateKey(json: T.json(a1))
        #expect(key.keyType == .okp && key.curve == .ed25519 && key.keyID == nil)
        #expect(key.description == "JWKPrivateKey(kty=OKP, private, crv=Ed25519)")
        cases += 1

        let thumbprint = try #require(top["A.3_thumbprint"] as? String)
        #expect(thumbprint == "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
        #expect(key.thumbprintBase64URL == thumbprint)
        let pub = try #require(key.publicJWK)
        #expect(pub.keyID == thumbprint && pub.keyType == .okp && pub.curve == .ed25519)
        #expect(pub.x == (try Base64URL.decode(a1["x"] as! String)))
        #expect(pub.thumbprintBase64URL == thumbprint)
        #expect(!pub.jsonString(includingSecret: true).contains("\"d\""))
        cases += 1

        let header = Array(try #require(top["A.4_protected_header"] as? String).utf8)
        let payload = Array(try #require(top["A.4_payload"] as? String).utf8)
        let published = try #require(top["A.4_compact_jws"] as? String)
        let signer = try JWTSigner(key: key, algorithm: .edDSA)
        #expect(try signer.sign(headerJSON: header, payload: payload) == published)
        #expect(try signer.signPayload(payload) == published)   // no kid: the header is {"alg":"EdDSA"}
        // The same through the Curve25519 initialiser.
        let seed = try Base64URL.decode(a1["d"] as! String)
        #expect(try JWTSigner(key: Curve25519.Signing.PrivateKey(rawRepresentation: seed)).signPayload(payload) == published)
        #expect(try Self.signature(published).count == 64)
        cases += 1

        let a5 = try #require(top["A.5_verify"] as? [String: Any])
        let verifier = JWTVerifier(key: try JWK(json: try T.json(a5["jwk"]!)), algorithms: [.edDSA])
        #expect(try verifier.verifySignature(published).payload == payload)
        _ = try JWTVerifier(key: pub, algorithms: [.edDSA]).verifySignature(published)
        try Self.expectTamperingRefused(published, verifier)
        cases += 1

        #expect(cases == 4)
        Vectors.report(OKPTests.file, cases: cases, detail: "A.1 private JWK loaded, A.3 thumbprint/publicJWK kid, A.4 signed byte for byte, A.5 verified")
    }

    /// RFC 9864's fully specified Ed25519: the same signature over its own header, alg "Ed25519" in the token.
    @Test func fullySpecifiedEd25519() throws {
        let top = try T.jsonObject(OKPTests.file)
        let key = try JWKPrivateKey(json: T.json(try #require(top["A.1_private_jwk"]))).withKeyID("ed")
        let signer = try JWTSigner(key: key, algorithm: .ed25519)
        let token = try signer.sign(JWTClaims(subject: "s", expiresAt: 1_700_000_100))
        let parts = token.split(separator: ".").map(String.init)
        #expect(String(decoding: try Base64URL.decode(parts[0]), as: UTF8.self) == #"{"alg":"Ed25519","typ":"JWT","kid":"ed"}"#)
        // Deterministic: exactly the Ed25519 module's signature over the signing input.
        let seed = try Base64URL.decode(OKPTests.d)
        #expect(try Self.signature(token) == (try Curve25519.Signing.PrivateKey(rawRepresentation: seed).signature(for: Array((parts[0] + "." + parts[1]).utf8))))
        let pub = try #require(key.publicJWK)
        let jwt = try JWTVerifier(key: pub, algorithms: [.ed25519]).verify(token, expecting: ClaimExpectations(now: Self.now))
        #expect(jwt.algorithm == .ed25519 && jwt.claims.subject == "s")
        T.expectCode(.algorithmNotAllowed) { _ = try JWTVerifier(key: pub, algorithms: [.edDSA]).verify(token, expecting: ClaimExpectations(now: Self.now)) }
        // A private JWK whose alg is EdDSA does not sign Ed25519, and the other way round (byte-exact alg).
        var o = try Self.dict(key)
        o["alg"] = "EdDSA"
        let forEdDSA = try JWKPrivateKey(json: T.json(o))
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: forEdDSA, algorithm: .ed25519) }
        #expect(try JWTSigner(key: forEdDSA).algorithm == .edDSA)
        o["alg"] = "Ed25519"
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: JWKPrivateKey(json: T.json(o)), algorithm: .edDSA) }
    }

    /// RFC 7515 A.4 (ES512): the RFC's own token verifies with the public half of its private JWK; a token signed
    /// here over the same header and payload bytes verifies too (ECDSA is randomised: it differs), and tampering is
    /// refused.
    @Test func rfc7515A4() throws {
        let ex = try SignerTests.rfc7515("A.4")
        #expect(ex["alg"] as? String == "ES512")
        let key = try JWKPrivateKey(json: T.json(try #require(ex["jwk"])))
        #expect(key.keyType == .ec && key.curve == .p521)
        let published = try #require(ex["compact"] as? String)
        let header = Array(try #require(ex["protected_header_utf8"] as? String).utf8)
        let payload = Array(try #require(ex["payload_utf8"] as? String).utf8)
        let verifier = JWTVerifier(key: key.verificationKey, algorithms: [.es512])
        #expect(try verifier.verifySignature(published).payload == payload)
        _ = try JWTVerifier(key: try T.publicJWK(try #require(ex["jwk"])), algorithms: [.es512]).verifySignature(published)
        let token = try JWTSigner(key: key, algorithm: .es512).sign(headerJSON: header, payload: payload)
        #expect(token.split(separator: ".").prefix(2) == published.split(separator: ".").prefix(2))
        #expect(token != published)
        #expect(try Self.signature(token).count == 132)
        #expect(try verifier.verifySignature(token).payload == payload)
        try Self.expectTamperingRefused(token, verifier)
        try Self.expectTamperingRefused(published, verifier)
        Vectors.report("rfc/7515/rfc7515_appendix_a.json", cases: 1, detail: "A.4 ES512: RFC token verified, signed here and verified")
    }

    /// RFC 7520 §4.3 (ES512): the cookbook's P-521 key (d with a leading zero byte, 66 bytes) signs with the header
    /// the signer writes itself — the cookbook's protected header byte for byte — and the cookbook's token verifies.
    @Test func rfc7520Section4_3() throws {
        let o = try T.jsonObject("rfc/7520/jws/4_3.ecdsa_signature.json")
        let input = try #require(o["input"] as? [String: Any])
        #expect(input["alg"] as? String == "ES512")
        let key = try JWKPrivateKey(json: T.json(try #require(input["key"])))
        let fileKey = try JWKPrivateKey(json: T.json(try T.jsonObject("rfc/7520/jwk/3_2.ec_private_key.json")))
        #expect(fileKey.jsonString() == key.jsonString())
        #expect(key.keyID == "bilbo.baggins@hobbiton.example" && key.use == "sig")
        #expect(try Base64URL.decode(try #require(Self.dict(key)["d"] as? String)).count == 66)
        let payload = Array(try #require(input["payload"] as? String).utf8)
        let signing = try #require(o["signing"] as? [String: Any])
        let expected = try #require((o["output"] as? [String: Any])?["compact"] as? String)
        let token = try JWTSigner(key: key, algorithm: .es512).signPayload(payload)
        #expect(String(token.split(separator: ".")[0]) == signing["protected_b64u"] as? String)
        #expect(token.split(separator: ".").prefix(2) == expected.split(separator: ".").prefix(2))
        let verifier = JWTVerifier(key: key.verificationKey, algorithms: [.es512])
        #expect(try verifier.verifySignature(token).payload == payload)
        #expect(try verifier.verifySignature(expected).payload == payload)
        #expect(key.publicJWK?.keyID == "bilbo.baggins@hobbiton.example")
        try Self.expectTamperingRefused(token, verifier)
        Vectors.report("rfc/7520/jws/4_3.ecdsa_signature.json", cases: 2, detail: "cookbook token verified; signed here with its header byte for byte, verified")
    }

    // MARK: Round trips

    static let p521 = try! JWKPrivateKey.generateEC(curve: .p521, keyID: "p521")
    static let ed = try! JWKPrivateKey.generateOKP(curve: .ed25519, keyID: "ed")

    @Test(arguments: [JWSAlgorithm.es512, .edDSA, .ed25519])
    func roundTrip(alg: JWSAlgorithm) throws {
        let key = alg == .es512 ? Self.p521 : Self.ed
        let signer = try JWTSigner(key: key, algorithm: alg)
        let verifier = JWTVerifier(keys: try JWKSet(keys: [key.verificationKey]), algorithms: [alg])
        var g = SplitMix64(seed: 521)
        for _ in 0..<8 {
            let claims = SignerTests.session(&g)
            let token = try signer.sign(claims)
            #expect(try Self.signature(token).count == (alg == .es512 ? 132 : 64))
            let jwt = try verifier.verify(token, expecting: ClaimExpectations(audience: "web", now: Self.now))
            #expect(try jwt.decode(SignerTests.Session.self) == claims)
            #expect(jwt.header.keyID == key.keyID && jwt.header.object.names == ["alg", "typ", "kid"] && jwt.algorithm == alg)
        }
        let c = JWTClaims(subject: "same", expiresAt: 1_700_000_100)
        let (t1, t2) = (try signer.sign(c), try signer.sign(c))
        // Ed25519 is deterministic (RFC 8032 §5.1.6); ECDSA nonces are hedged, so two signatures differ.
        #expect((t1 == t2) == (alg != .es512))
        try Self.expectTamperingRefused(t1, verifier)
        // Another key of the same kind does not verify it.
        let other = alg == .es512 ? try JWKPrivateKey.generateEC(curve: .p521, keyID: "p521") : try JWKPrivateKey.generateOKP(keyID: "ed")
        T.expectCode(.invalidSignature) { _ = try JWTVerifier(key: other.verificationKey, algorithms: [alg]).verifySignature(t1) }
    }

    /// The P521 and Curve25519 initialisers, and the key ↔ alg rules for the new keys both ways.
    @Test func keyAlgorithmRules() throws {
        let p521 = P521.Signing.PrivateKey()
        let t = try JWTSigner(key: p521, keyID: "k").sign(JWTClaims(subject: "p", expiresAt: 1_700_000_100))
        _ = try JWTVerifier(key: try JWKPrivateKey(p521, keyID: "k").verificationKey, algorithms: [.es512]).verify(t, expecting: ClaimExpectations(now: Self.now))
        let ed = Curve25519.Signing.PrivateKey()
        #expect(try JWTSigner(key: ed).algorithm == .edDSA && (try JWTSigner(key: ed, algorithm: .ed25519)).algorithm == .ed25519)
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: ed, algorithm: .es256) }
        for alg in [JWSAlgorithm.es256, .es384, .edDSA, .ed25519, .hs512, .rs512, .ps512] {
            T.expectCode(.keyMismatch, "P-521 \(alg)") { _ = try JWTSigner(key: Self.p521, algorithm: alg) }
        }
        for alg in [JWSAlgorithm.es256, .es384, .es512, .hs256, .hs512, .rs256, .ps256] {
            T.expectCode(.keyMismatch, "Ed25519 \(alg)") { _ = try JWTSigner(key: Self.ed, algorithm: alg) }
        }
        let p256 = try JWKPrivateKey.generateEC(curve: .p256)
        let p384 = try JWKPrivateKey.generateEC(curve: .p384)
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: p256, algorithm: .es512) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: p384, algorithm: .es512) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: p256, algorithm: .edDSA) }
        T.expectCode(.keyMismatch) { _ = try JWTSigner(key: JWKPrivateKey.generateSymmetric(byteCount: 64), algorithm: .edDSA) }
        // use / key_ops of the JWK.
        for (member, value) in [("use", "enc" as Any), ("key_ops", ["verify"] as Any)] {
            for key in [Self.p521, Self.ed] {
                var o = try Self.dict(key)
                o[member] = value
                T.expectCode(.keyMismatch, "\(member)") { _ = try JWTSigner(key: JWKPrivateKey(json: T.json(o)), algorithm: key.keyType == .ec ? .es512 : .edDSA) }
            }
        }
        T.expectCode(.unsupportedKey) { _ = try JWKPrivateKey.generateOKP(curve: .p256) }
        T.expectCode(.unsupportedKey) { _ = try JWKPrivateKey.generateEC(curve: .ed25519) }
    }

    // MARK: Private JWK rules

    /// RFC 8037 §2 and RFC 7518 §6.2.2: OKP `d` exactly 32 bytes with `x` its public key; P-521 `d` exactly 66 bytes
    /// with d·G = (x, y). Each refusal is `invalidKey` and says why.
    @Test func privateJWKRefusals() throws {
        var refusals = 0
        func refused(_ o: [String: Any], _ words: String, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
            refusals += 1
            do {
                _ = try JWKPrivateKey(json: T.json(o))
                Issue.record("accepted: \(comment)", sourceLocation: sourceLocation)
            } catch let e as JWTError {
                #expect(e.code == .invalidKey, "\(comment): \(e)", sourceLocation: sourceLocation)
                #expect(e.reason.contains(words), "\(comment): \(e.reason)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(comment): \(error)", sourceLocation: sourceLocation)
            }
        }
        let top = try T.jsonObject(OKPTests.file)
        let a1 = try #require(top["A.1_private_jwk"] as? [String: Any])
        let d = try Base64URL.decode(a1["d"] as! String)
        _ = try JWKPrivateKey(json: T.json(a1))
        var okp = a1
        okp["d"] = Base64URL.encode(Array(d.dropLast())); refused(okp, "is 31 bytes", "OKP d of 31 bytes")
        okp["d"] = Base64URL.encode(d + [0]); refused(okp, "is 33 bytes", "OKP d of 33 bytes")
        okp["d"] = Base64URL.encode([0] + d); refused(okp, "is 33 bytes", "OKP d with a leading zero")
        okp["d"] = Base64URL.encode(Array(d.dropFirst()) + [d[0]]); refused(okp, "is not the public key of", "OKP d of another key")
        okp = a1
        okp["x"] = Base64URL.encode(try #require(Self.ed.publicJWK?.x)); refused(okp, "is not the public key of", "OKP x of another key")
        okp = a1; okp["d"] = nil; refused(okp, "no private member", "OKP without d")
        okp = a1; okp["p"] = "AQ"; refused(okp, "no member \"p\"", "OKP with p")
        okp = a1; okp["d"] = 5; refused(okp, "must be a string", "OKP d not a string")
        // An OKP JWK with an unsupported curve stays unsupported; a public one is not a private key.
        okp = a1; okp["crv"] = "X25519"
        T.expectCode(.unsupportedKey) { _ = try JWKPrivateKey(json: T.json(okp)) }
        let okpRefusals = refusals + 1
        #expect(okpRefusals == 9)
        refusals = 0

        let ec = try T.jsonObject("rfc/7520/jwk/3_2.ec_private_key.json")
        let ed = try Base64URL.decode(ec["d"] as! String)
        #expect(ed.count == 66 && ed[0] == 0)
        _ = try JWKPrivateKey(json: T.json(ec))
        var p = ec
        p["d"] = Base64URL.encode(Array(ed.dropFirst())); refused(p, "is 65 bytes; P-521 needs exactly 66", "P-521 d of 65 bytes (same scalar)")
        p["d"] = Base64URL.encode([0] + ed); refused(p, "is 67 bytes; P-521 needs exactly 66", "P-521 d of 67 bytes (same scalar)")
        p["d"] = Base64URL.encode(try Base64URL.decode(try #require(try Self.dict(Self.p521)["d"] as? String))); refused(p, "d·G differs", "P-521 d of another key")
        p["d"] = Base64URL.encode([UInt8](repeating: 0, count: 66)); refused(p, "refused", "P-521 d = 0")
        p["d"] = Base64URL.encode([0x01] + [UInt8](repeating: 0xFF, count: 65)); refused(p, "refused", "P-521 d ≥ n")
        p = ec; p["qi"] = "AQ"; refused(p, "no member \"qi\"", "EC with qi")
        #expect(refusals == 6)
        Vectors.report(OKPTests.file, cases: 1, detail: "A.1 private JWK loaded; \(okpRefusals) changed copies refused")
        Vectors.report("rfc/7520/jwk/3_2.ec_private_key.json", cases: 1, detail: "P-521 private JWK loaded; \(refusals) changed copies refused")
    }

    // MARK: JSON, PEM

    /// The private JWK's JSON loads again to the same key; publicJWK drops d; description shows no secret.
    @Test func jsonRoundTrips() throws {
        for key in [Self.p521, Self.ed] {
            let o = try Self.dict(key)
            let back = try JWKPrivateKey(json: key.jsonString())
            #expect(back.jsonString() == key.jsonString())
            #expect(!key.description.contains(o["d"] as! String))
            let names = key.jsonObject().members.map(\.name)
            #expect(names == (key.keyType == .ec ? ["kty", "kid", "crv", "x", "y", "d"] : ["kty", "kid", "crv", "x", "d"]))
            let pub = try #require(key.publicJWK)
            #expect(!pub.jsonString(includingSecret: true).contains("\"d\""))
            T.expectCode(.privateKeyMaterial) { _ = try JWK(json: key.jsonString()) }
            T.expectCode(.privateKeyMaterial) { _ = try JWKSet(json: #"{"keys":[\#(key.jsonString())]}"#) }
            // Without a kid, publicJWK's kid is the RFC 7638 thumbprint.
            let anonymous = key.withKeyID(nil)
            #expect(anonymous.keyID == nil && anonymous.publicJWK?.keyID == key.thumbprintBase64URL)
        }
        #expect(try Base64URL.decode(try #require(try Self.dict(Self.p521)["d"] as? String)).count == 66)
        #expect(try Base64URL.decode(try #require(try Self.dict(Self.ed)["d"] as? String)).count == 32)
    }

    /// PEM out and back in: P-521 as PKCS#8 and SEC 1, Ed25519 as PKCS#8 (RFC 8410; its "traditional" form is the
    /// same PKCS#8). Files from other tools: the RFC 6979 P-521 PKCS#8 key and pyca's Ed25519 PKCS#8 (RFC 8032
    /// TEST 1 seed) load, sign and verify with the public keys next to them.
    @Test func pemRoundTrips() throws {
        for key in [Self.p521, Self.ed] {
            let pkcs8 = try key.pemRepresentation()
            #expect(pkcs8.hasPrefix("-----BEGIN PRIVATE KEY-----"))
            let traditional = try key.traditionalPEMRepresentation()
            #expect(key.keyType == .okp ? traditional == pkcs8 : traditional.hasPrefix("-----BEGIN EC PRIVATE KEY-----"))
            for pem in [pkcs8, traditional] {
                let back = try JWKPrivateKey(pemRepresentation: pem, keyID: key.keyID)
                #expect(back.jsonString() == key.jsonString())
                #expect(try back.pemRepresentation() == pkcs8)
            }
            #expect(try key.publicJWK?.pemRepresentation().hasPrefix("-----BEGIN PUBLIC KEY-----") == true)
        }
        let files: [(private: String, public: String, alg: JWSAlgorithm)] = [
            ("keys/rfc6979/p521_pkcs8_private.pem", "keys/rfc6979/p521_spki_public.pem", .es512),
            ("ed25519/keys/ed25519-pkcs8.der", "ed25519/keys/ed25519-pub.pem", .edDSA),
        ]
        var loaded = 0
        for f in files {
            let bytes = try Vectors.bytes(f.private)
            let pem = f.private.hasSuffix(".der") ? PEMText.wrap(bytes, label: "PRIVATE KEY") : String(decoding: bytes, as: UTF8.self)
            let key = try JWKPrivateKey(pemRepresentation: pem)
            let pub = try JWK(pemRepresentation: try Vectors.text(f.public))
            #expect(key.thumbprintBase64URL == pub.thumbprintBase64URL, "\(f.private)")
            let token = try JWTSigner(key: key, algorithm: f.alg).sign(JWTClaims(subject: f.private, expiresAt: 1_700_000_100))
            _ = try JWTVerifier(key: pub, algorithms: [f.alg]).verify(token, expecting: ClaimExpectations(now: Self.now))
            loaded += 1
        }
        #expect(loaded == 2)
        Vectors.report("keys (P-521 and Ed25519 private key files)", cases: loaded, detail: "loaded, signed, verified with the public key next to them")
        // RFC 8032 TEST 1: the pyca PKCS#8 seed's public key is the published one.
        let test1 = try JWKPrivateKey(pemRepresentation: PEMText.wrap(try Vectors.bytes("ed25519/keys/ed25519-pkcs8.der"), label: "PRIVATE KEY"))
        #expect(test1.publicJWK?.x.map { $0.map { String(format: "%02x", $0) }.joined() }
                == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        // Other RFC 8410 curves are not supported; a broken Ed25519 PKCS#8 is an invalid key.
        let seed = [UInt8](repeating: 7, count: 32)
        let x25519: [UInt8] = [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x6E, 0x04, 0x22, 0x04, 0x20] + seed
        T.expectCode(.unsupportedKey) { _ = try JWKPrivateKey(pemRepresentation: PEMText.wrap(x25519, label: "PRIVATE KEY")) }
        var ed25519 = x25519
        ed25519[11] = 0x70
        #expect(try JWKPrivateKey(pemRepresentation: PEMText.wrap(ed25519, label: "PRIVATE KEY")).keyType == .okp)
        ed25519[15] = 0x1F   // CurvePrivateKey of 31 bytes inside 32
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(pemRepresentation: PEMText.wrap(ed25519, label: "PRIVATE KEY")) }
        T.expectCode(.invalidKey) { _ = try JWKPrivateKey(pemRepresentation: try Vectors.text("ed25519/keys/ed25519-pub.pem")) }
    }
}

/// PEM text for DER bytes (64-column base64), for the tests' hand-made and DER-only key files.
enum PEMText {
    static func wrap(_ der: [UInt8], label: String) -> String {
        let b64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(b64)\n-----END \(label)-----\n"
    }
}
