import Foundation
import Testing
import JOSE
import SHA2
import TestSupport

// BEGIN README HMAC REQUEST SIGNING
/// Signs API requests with HMAC-SHA512 and checks them on the server. The signed string is
/// METHOD & TIMESTAMP & URL & BODY: every field before the body is free of '&' (the method is letters, the
/// timestamp digits, and the URL has '%' and '&' escaped), so no two different requests share a signed string.
struct RequestSigner {
    let key: SymmetricKey                       // at least 64 random bytes, shared with the client
    var window: Int64 = 300                     // accept timestamps within ±5 minutes of the server's clock

    func signedString(method: String, url: String, timestamp: Int64, body: [UInt8]) -> [UInt8] {
        let escapedURL = url.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "&", with: "%26")
        return Array("\(method.uppercased())&\(timestamp)&\(escapedURL)&".utf8) + body
    }

    /// The value of the client's `Signature` header (and it sends `Timestamp: <unix seconds>`).
    func signature(method: String, url: String, timestamp: Int64, body: [UInt8]) -> String {
        let mac = HMAC<SHA512>.authenticationCode(for: signedString(method: method, url: url, timestamp: timestamp, body: body), using: key)
        return Base64URL.encode(mac.bytes)
    }

    /// Server side: the timestamp is fresh and the MAC matches (compared in constant time, full length only).
    func isValid(signature: String, method: String, url: String, timestamp: Int64, body: [UInt8], now: Int64) -> Bool {
        guard timestamp >= now - window && timestamp <= now + window else { return false }
        guard let mac = try? Base64URL.decode(signature) else { return false }
        return HMAC<SHA512>.isValidAuthenticationCode(mac, authenticating: signedString(method: method, url: url, timestamp: timestamp, body: body), using: key)
    }
}
// END README HMAC REQUEST SIGNING

/// The Sign in with Apple flow of the README, end to end: inputs are the reader's (the identity token and nonce from
/// the app, Apple's keys, the team's .p8 key, the server's own session key).
enum SignInWithAppleFlow {
    static func run(appleKeysJSON: String, identityToken: String, rawNonce: String, teamID: String, keyID: String,
                    p8: String, sessionKey: JWKPrivateKey, now: Int64) throws -> (clientSecret: String, session: String, user: String) {
        // BEGIN README SIGN IN WITH APPLE FLOW
        // 1. The app sends Apple's identity token (and an authorization code): verify the token.
        let appleVerifier = JWTVerifier(keys: try JWKSet(json: appleKeysJSON), algorithms: [.rs256, .es256])
        let hashedNonce = SHA256.hash(data: rawNonce.utf8).description
        let identity = try appleVerifier.verify(identityToken, expecting: .signInWithApple(clientID: "com.example.app", nonce: hashedNonce))
        let user = try identity.decode(AppleIdentityClaims.self)

        // 2. To exchange the authorization code (POST https://appleid.apple.com/auth/token), Apple wants a client
        //    secret signed with your team's .p8 key. It may live six months: make it once and reuse it.
        let apple = try AppleClientSecret(teamID: teamID, clientID: "com.example.app", keyID: keyID, p8: p8)
        let clientSecret = try apple.token(issuedAt: now, lifetime: 86_400 * 180)

        // 3. Apple's token expires in ten minutes: issue your own session token, a day long ...
        let sessionSigner = try JWTSigner(key: sessionKey, algorithm: .es256)
        let session = try sessionSigner.sign(JWTClaims(issuer: "https://api.example.com", subject: user.subject,
                                                       audience: "example-app", expiresAt: now + 86_400, issuedAt: now))

        // 4. ... and verify it on every later request (keep the verifier; it is immutable and thread-safe).
        let sessionVerifier = JWTVerifier(key: sessionKey.verificationKey, algorithms: [.es256])
        let later = try sessionVerifier.verify(session, expecting: ClaimExpectations(issuer: "https://api.example.com", audience: "example-app"))
        // END README SIGN IN WITH APPLE FLOW
        return (clientSecret, session, later.claims.subject ?? "")
    }
}

@Suite("README signing recipes")
struct ReadmeSigningTests {
    static let url = "https://api.example.com/v1/orders?id=7&x=1"
    static let body = Array(#"{"item":"café","qty":2}"#.utf8)

    @Test func hmacRequestSigningRecipe() {
        let signer = RequestSigner(key: SymmetricKey(data: Array(0..<64)))
        let sig = signer.signature(method: "post", url: Self.url, timestamp: 1_700_000_000, body: Self.body)
        // Python's hmac/hashlib over b'POST&1700000000&https://api.example.com/v1/orders?id=7%26x=1&{"item":"café","qty":2}'.
        #expect(sig == "Ux4nJOInLKY3vvZ_SsLokvlx5YFdMMAyejWlvSO3dLYPWfSiZgzNwk86N9WqCit_AlDLqvxesGDDgPPOpI60FQ")
        #expect(signer.isValid(signature: sig, method: "POST", url: Self.url, timestamp: 1_700_000_000, body: Self.body, now: 1_700_000_300))
        #expect(signer.isValid(signature: sig, method: "POST", url: Self.url, timestamp: 1_700_000_000, body: Self.body, now: 1_699_999_700))
        // Outside the window, another body, method or URL, a truncated MAC: refused.
        #expect(!signer.isValid(signature: sig, method: "POST", url: Self.url, timestamp: 1_700_000_000, body: Self.body, now: 1_700_000_301))
        #expect(!signer.isValid(signature: sig, method: "POST", url: Self.url, timestamp: 1_700_000_000, body: Self.body + [0x20], now: 1_700_000_000))
        #expect(!signer.isValid(signature: sig, method: "PUT", url: Self.url, timestamp: 1_700_000_000, body: Self.body, now: 1_700_000_000))
        #expect(!signer.isValid(signature: sig, method: "POST", url: Self.url + "&y=2", timestamp: 1_700_000_000, body: Self.body, now: 1_700_000_000))
        #expect(!signer.isValid(signature: String(sig.dropLast(10)), method: "POST", url: Self.url, timestamp: 1_700_000_000, body: Self.body, now: 1_700_000_000))
        // The field-shifting collision a naive METHOD&URL&TIMESTAMP&BODY string allows does not exist here:
        // ("/p", 1, "2&x") and ("/p&1", 2, "x") sign different strings.
        let a = signer.signedString(method: "GET", url: "/p", timestamp: 1, body: Array("2&x".utf8))
        let b = signer.signedString(method: "GET", url: "/p&1", timestamp: 2, body: Array("x".utf8))
        #expect(a != b)
    }

    @Test func signInWithAppleFlow() throws {
        let f = ReadmeQuickStartFixture.self
        let now = Int64(Date().timeIntervalSince1970)
        let p8 = try String(contentsOf: URL(fileURLWithPath: Vectors.path("keys/generated/apple-style-AuthKey_TEST123456.p8")), encoding: .utf8)
        let sessionKey = try JWKPrivateKey.generateEC(curve: .p256, keyID: "session-1")
        let out = try SignInWithAppleFlow.run(appleKeysJSON: f.appleKeysJSON, identityToken: f.identityToken, rawNonce: f.rawNonce,
                                              teamID: "TEAM123456", keyID: "TEST123456", p8: p8, sessionKey: sessionKey, now: now)
        #expect(out.user == f.subject)
        // The client secret verifies with the .p8's public key; the session token with the session key only.
        let applePub = try JWK(pemRepresentation: try String(contentsOf: URL(fileURLWithPath: Vectors.path("keys/generated/apple-style-AuthKey_TEST123456.pub.pem")), encoding: .utf8), keyID: "TEST123456")
        _ = try JWTVerifier(key: applePub, algorithms: [.es256]).verify(out.clientSecret, expecting: ClaimExpectations(audience: "https://appleid.apple.com"))
        let otherKey = try JWKPrivateKey.generateEC(curve: .p256, keyID: "session-1")
        #expect(throws: JWTError.self) { _ = try JWTVerifier(key: otherKey.verificationKey, algorithms: [.es256]).verify(out.session) }
        // A wrong nonce stops the flow at step 1.
        #expect(throws: JWTError.self) {
            _ = try SignInWithAppleFlow.run(appleKeysJSON: f.appleKeysJSON, identityToken: f.identityToken, rawNonce: "other",
                                            teamID: "T", keyID: "K", p8: p8, sessionKey: sessionKey, now: now)
        }
    }

    /// The DocC articles show exactly the code between the markers (compiled above).
    @Test(arguments: [("HMAC REQUEST SIGNING", "SigningTokens.md", "## Signing API requests with HMAC"),
                      ("SIGN IN WITH APPLE FLOW", "SignInWithAppleOnAServer.md", "## Sign in with Apple, end to end")])
    func articleShowsExactlyThisCode(marker: String, article: String, heading: String) throws {
        let here = URL(fileURLWithPath: #filePath)
        let repo = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repo.appendingPathComponent("Sources/JOSE/JOSE.docc/" + article), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        func trimmed(_ lines: [Substring]) -> [String] {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let srcLines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(srcLines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// BEGIN README " + marker) })
        let end = try #require(srcLines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// END README " + marker) })
        let snippet = trimmed(Array(srcLines[(begin + 1)..<end]))
        let readmeLines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let h = try #require(readmeLines.firstIndex { $0.hasPrefix(heading) })
        let open = try #require(readmeLines[h...].firstIndex { $0.hasPrefix("```swift") })
        let close = try #require(readmeLines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        let block = trimmed(Array(readmeLines[(open + 1)..<close])).filter { !$0.hasPrefix("import ") }
        #expect(snippet.count >= 10)
        #expect(block == snippet)
    }
}
