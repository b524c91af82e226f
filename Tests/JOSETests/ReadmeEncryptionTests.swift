import Ed25519
import Foundation
import JOSE
import Testing

/// README's encryption example, compiled and run: an X25519 recipient, ECDH-ES+A256KW with A256GCM, a decrypter that
/// lists what it accepts, and the one error every decryption failure gives.
@Suite("README encryption example")
struct ReadmeEncryptionTests {
    @Test func encryptThenDecrypt() throws {
        // BEGIN README ENCRYPTION
        let recipient = Curve25519.KeyAgreement.PrivateKey()  // its public key is published as a JWK
        let token = try JWEEncrypter(
            key: .x25519Public(recipient.publicKey), algorithm: .ecdhESA256KW,
            encryption: .a256GCM
        ).encrypt(Array("hello".utf8))
        // The receiver lists the `alg` and `enc` values it accepts: there is no default.
        let decrypter = JWEDecrypter(key: .x25519Private(recipient), algorithms: [.ecdhESA256KW], encryptions: [.a256GCM])
        do {
            let plaintext = try decrypter.decrypt(token).plaintext
            print(String(decoding: plaintext, as: UTF8.self))
        } catch {
            print("refused: \(error)")  // wrong key or any changed byte: one `decryptionFailed` (RFC 7516 §11.5)
        }
        // END README ENCRYPTION
        #expect(try decrypter.decrypt(token).plaintext == Array("hello".utf8))
        // The same decrypter with another key: the one error.
        let other = JWEDecrypter(
            key: .x25519Private(Curve25519.KeyAgreement.PrivateKey()), algorithms: [.ecdhESA256KW],
            encryptions: [.a256GCM])
        #expect(throws: JWTError(.decryptionFailed)) { _ = try other.decrypt(token) }
    }

    /// README shows exactly the code between the markers above.
    @Test func readmeShowsExactlyThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let repo = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repo.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        func trimmed(_ lines: [Substring]) -> [String] {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let src = source.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(src.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// BEGIN README " + "ENCRYPTION") })
        let end = try #require(src.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// END README " + "ENCRYPTION") })
        let snippet = trimmed(Array(src[(begin + 1)..<end]))
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let h = try #require(lines.firstIndex { $0.hasPrefix("## Encryption") })
        let open = try #require(lines[h...].firstIndex { $0.hasPrefix("```swift") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        let block = trimmed(Array(lines[(open + 1)..<close])).filter { !$0.hasPrefix("import ") }
        #expect(snippet.count >= 8)
        #expect(block == snippet)
    }
}
