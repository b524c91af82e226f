import Foundation
import Testing
import JOSE
import SHA2

/// Keeps README.md's quick start honest: the statements between the markers below are the README's quick-start
/// code block (its `import` lines aside), compiled here and run against a Sign-in-with-Apple-shaped token signed
/// by Python `cryptography` (Scripts/make_readme_fixture.py). A second test checks the README still shows exactly
/// these lines, so neither can change without the other.
@Suite("README quick start")
struct ReadmeQuickStartTests {
    static func quickStart(appleKeysJSON: String, identityToken: String, rawNonce: String) throws -> AppleIdentityClaims {
        // BEGIN README QUICK START
        // The body of https://appleid.apple.com/auth/keys, fetched by your HTTP client (PureJOSE does no networking).
        let keys = try JWKSet(json: appleKeysJSON)
        let verifier = JWTVerifier(keys: keys, algorithms: [.rs256, .es256])

        // Apple puts the SHA-256 (hex) of the nonce your app sent into the token.
        let hashedNonce = SHA256.hash(data: rawNonce.utf8).description
        let jwt = try verifier.verify(identityToken, expecting: .signInWithApple(clientID: "com.example.app", nonce: hashedNonce))
        let user = try jwt.decode(AppleIdentityClaims.self)
        print(user.subject, user.email ?? "(no email)", user.isPrivateEmail == true ? "private relay" : "")
        // END README QUICK START
        return user
    }

    @Test func quickStartVerifiesAnAppleShapedToken() throws {
        let f = ReadmeQuickStartFixture.self
        let user = try Self.quickStart(appleKeysJSON: f.appleKeysJSON, identityToken: f.identityToken, rawNonce: f.rawNonce)
        #expect(user.subject == f.subject)
        #expect(user.email == f.email)
        #expect(user.emailVerified == true && user.isPrivateEmail == true)
        // The same code refuses a wrong nonce and a token for another app.
        #expect(throws: JWTError.self) {
            _ = try Self.quickStart(appleKeysJSON: f.appleKeysJSON, identityToken: f.identityToken, rawNonce: "other")
        }
        var tampered = Array(f.identityToken.utf8)
        tampered[tampered.count - 5] = tampered[tampered.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: JWTError.self) {
            _ = try Self.quickStart(appleKeysJSON: f.appleKeysJSON, identityToken: String(decoding: tampered, as: UTF8.self),
                                    rawNonce: f.rawNonce)
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

        #expect(snippet.count >= 6)
        #expect(block == snippet)
    }
}
