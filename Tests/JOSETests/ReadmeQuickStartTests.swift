import Foundation
import Testing
import JOSE
import SHA2
import DER
import RSA
import ECDSA

/// Keeps README.md's quick start honest: the function between the markers below is the README's quick-start code
/// block (its `import` lines aside), compiled here and run against a Sign-in-with-Apple-shaped token signed by Python
/// `cryptography` (Scripts/generate-readme-fixture.py). A second test checks the README still shows exactly these
/// lines, so neither can change without the other.
// BEGIN README QUICK START
/// What became of a sign-in: the user, a refusal to answer with 401, or Apple's key set unusable (our side: fetch
/// it again — a JWKSCache does that for you — and answer 503).
enum AppleSignIn {
    case signedIn(AppleIdentityClaims)
    case refused(JWTError)
    case keysUnusable(JWTError)
}

/// Checks the identity token your app received from Sign in with Apple. `appleKeysJSON` is the body of
/// https://appleid.apple.com/auth/keys, fetched by your HTTP client (PureJOSE does no networking).
func verifyAppleSignIn(identityToken: String, rawNonce: String, appleKeysJSON: String) -> AppleSignIn {
    let keys: JWKSet
    do throws(JWTError) { keys = try JWKSet(json: appleKeysJSON) } catch { return .keysUnusable(error) }
    let verifier = JWTVerifier(keys: keys, algorithms: [.rs256, .es256])
    // Apple puts the SHA-256 (hex) of the nonce your app sent into the token.
    let hashedNonce = SHA256.hash(data: rawNonce.utf8).description
    do throws(JWTError) {
        let jwt = try verifier.verify(identityToken, expecting: .signInWithApple(clientID: "com.example.app", nonce: hashedNonce))
        let user = try jwt.decode(AppleIdentityClaims.self)
        let signedIn = Date(timeIntervalSince1970: user.issuedAt), expires = Date(timeIntervalSince1970: user.expiresAt)
        print("\(user.subject) (\(user.email ?? "no email")) signed in at \(signedIn); token valid until \(expires)")
        return .signedIn(user)
    } catch {
        // `code` says why: .expired, .audienceMismatch, .invalidSignature, .keyNotFound (Apple rotated its keys:
        // fetch the set again), …; the text names the rule and never carries key material, so it can be logged.
        print("sign-in refused: \(error)")
        return .refused(error)
    }
}
// END README QUICK START

@Suite("README quick start")
struct ReadmeQuickStartTests {
    @Test func quickStartVerifiesAnAppleShapedToken() throws {
        let f = ReadmeQuickStartFixture.self
        guard case .signedIn(let user) = verifyAppleSignIn(identityToken: f.identityToken, rawNonce: f.rawNonce,
                                                           appleKeysJSON: f.appleKeysJSON) else {
            Issue.record("the fixture's token was not accepted"); return
        }
        #expect(user.subject == f.subject)
        #expect(user.email == f.email)
        #expect(user.emailVerified == true && user.isPrivateEmail == true)
        // The dates it prints: iat 1763769600 is 2025-11-22 00:00:00 UTC, exp 4102444800 is 2100-01-01.
        #expect("\(Date(timeIntervalSince1970: user.issuedAt))" == "2025-11-22 00:00:00 +0000")
        #expect("\(Date(timeIntervalSince1970: user.expiresAt))" == "2100-01-01 00:00:00 +0000")
        // The same code refuses a wrong nonce and a tampered token, and tells an unusable key set apart.
        guard case .refused(let wrongNonce) = verifyAppleSignIn(identityToken: f.identityToken, rawNonce: "other",
                                                                appleKeysJSON: f.appleKeysJSON) else {
            Issue.record("a wrong nonce was not refused"); return
        }
        #expect(wrongNonce.code == .nonceMismatch)
        var tampered = Array(f.identityToken.utf8)
        tampered[tampered.count - 5] = tampered[tampered.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        guard case .refused(let badSignature) = verifyAppleSignIn(identityToken: String(decoding: tampered, as: UTF8.self),
                                                                  rawNonce: f.rawNonce, appleKeysJSON: f.appleKeysJSON) else {
            Issue.record("a tampered token was not refused"); return
        }
        #expect(badSignature.code == .invalidSignature)
        guard case .keysUnusable = verifyAppleSignIn(identityToken: f.identityToken, rawNonce: f.rawNonce,
                                                     appleKeysJSON: "{\"keys\":[") else {
            Issue.record("a broken key set was not reported as such"); return
        }
    }

    @Test func readmeShowsExactlyThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let repo = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repo.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)

        func trimmed(_ lines: [Substring]) -> [String] {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let srcLines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(srcLines.firstIndex { $0.contains("// BEGIN README " + "QUICK START") })
        let end = try #require(srcLines.firstIndex { $0.contains("// END README " + "QUICK START") })
        let snippet = trimmed(Array(srcLines[(begin + 1)..<end]))

        // The README's first ```swift block after the "## Quick start" heading.
        let readmeLines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let heading = try #require(readmeLines.firstIndex { $0.hasPrefix("## Quick start") })
        let open = try #require(readmeLines[heading...].firstIndex { $0.hasPrefix("```swift") })
        let close = try #require(readmeLines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        let block = trimmed(Array(readmeLines[(open + 1)..<close])).filter { !$0.hasPrefix("import ") }

        #expect(snippet.count >= 20)
        #expect(block == snippet)
    }
}

/// The README's per-module snippets, compiled (not run: they stand for code with the reader's own inputs). If an
/// API they use changes, the test build fails here. Keep them in step with the modules' DocC landing pages
/// (Sources/<Module>/<Module>.docc/<Module>.md, "Using it") and JOSE.docc/GettingStarted.md.
enum ReadmeModuleSnippets {
    static func sha2(bytes: [UInt8], part: [UInt8], message: [UInt8], secret: [UInt8]) -> Bool {
        let d = SHA256.hash(data: bytes)
        var h = SHA512(); h.update(data: part); let d2 = h.finalize()
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: secret))
        _ = (d, d2)
        return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: message, using: SymmetricKey(data: secret))
    }

    static func der(text: String, derSig: [UInt8]) throws -> [UInt8] {
        let pem = try PEMDocument(pemString: text)
        let spki = try SubjectPublicKeyInfo(derEncoded: pem.derBytes)
        let raw = try ECDSASignatureValue.rawRepresentation(fromDER: derSig, scalarByteCount: 32)
        _ = spki
        return raw
    }

    static func rsa(pem: String, sig: [UInt8], message: [UInt8]) throws -> Bool {
        let key = try RSAPublicKey(pemRepresentation: pem)
        return key.isValidSignature(sig, for: message, padding: .pkcs1v1_5(.sha256))
            && key.isValidSignature(sig, for: message, padding: .pss(.sha256, saltLength: 32))
    }

    static func ecdsa(bytes: [UInt8], rs: [UInt8], message: [UInt8]) throws -> Bool {
        let pk = try P256.Signing.PublicKey(x963Representation: bytes)
        let sig = try P256.Signing.ECDSASignature(rawRepresentation: rs)
        return pk.isValidSignature(sig, for: message) && pk.isValidSignature(sig, for: SHA512.hash(data: message))
    }

    struct MyClaims: Decodable { var sub: String }

    static func jose(jwksJSON: String, token: String, httpGet: @escaping @Sendable () async throws -> [UInt8]) throws {
        let verifier = JWTVerifier(keys: try JWKSet(json: jwksJSON), algorithms: [.rs256, .ps256, .es256, .es384])
        let jwt = try verifier.verify(token, expecting: ClaimExpectations(issuer: "https://accounts.google.com",
                                                                         audience: "my-client-id", leeway: 60))
        _ = (jwt.header.keyID, jwt.claims.subject, jwt.claims.expiresAt)
        let mine = try jwt.decode(MyClaims.self)
        let cache = JWKSCache(minimumRefreshInterval: 60) { try await httpGet() }
        _ = (mine, cache)
    }
}
