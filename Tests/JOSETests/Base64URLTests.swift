import Testing
@testable import JOSE

@Suite("base64url (RFC 4648 §5, strict)")
struct Base64URLTests {
    // RFC 4648 §10 test vectors, re-expressed without padding.
    @Test func rfc4648Vectors() throws {
        let cases: [(String, String)] = [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
                                         ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")]
        for (plain, enc) in cases {
            #expect(Base64URL.encode(Array(plain.utf8)) == enc)
            #expect(try Base64URL.decode(enc) == Array(plain.utf8))
        }
    }

    @Test func urlSafeAlphabet() throws {
        // 0xfb 0xff → "-_8" in base64url ("+/8" in base64).
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(try Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(throws: JWTError(.invalidBase64URL)) { try Base64URL.decode("+/8") }
    }

    @Test func roundTripAllLengths() throws {
        var bytes: [UInt8] = []
        for n in 0..<70 {
            #expect(try Base64URL.decode(Base64URL.encode(bytes)) == bytes)
            bytes.append(UInt8(truncatingIfNeeded: n &* 37 &+ 11))
        }
    }

    @Test(arguments: [
        "Zm9v=",      // padding
        "Zg==",       // padding
        "Zm 9v",      // space
        "Zm9v\n",     // line break
        "Zm9v\t",
        "Z",          // impossible length 4k+1
        "Zm9vY",      // impossible length
        "Zh",         // non-zero trailing bits (canonical is "Zg")
        "Zm9",        // canonical is "Zm8"
        "Zm9v!",
        "é",
    ])
    func rejects(_ s: String) {
        #expect(throws: JWTError(.invalidBase64URL)) { try Base64URL.decode(s) }
    }

    @Test func paddingOnlyWhenAllowed() throws {
        #expect(try Base64URL.decode("Zg==", allowPadding: true) == Array("f".utf8))
        #expect(try Base64URL.decode("Zm8=", allowPadding: true) == Array("fo".utf8))
        #expect(try Base64URL.decode("Zm9v", allowPadding: true) == Array("foo".utf8))
        // Wrong amount of padding is still an error.
        #expect(throws: JWTError(.invalidBase64URL)) { try Base64URL.decode("Zg=", allowPadding: true) }
        #expect(throws: JWTError(.invalidBase64URL)) { try Base64URL.decode("Zm8==", allowPadding: true) }
        #expect(throws: JWTError(.invalidBase64URL)) { try Base64URL.decode("Zm9v====", allowPadding: true) }
        #expect(throws: JWTError(.invalidBase64URL)) { try Base64URL.decode("Z===", allowPadding: true) }
    }

    @Test func errorNamesOffset() {
        do {
            _ = try Base64URL.decode("Zm9vZm9v*m9v")
            Issue.record("accepted a bad character")
        } catch let e {
            #expect(e.code == .invalidBase64URL)
            #expect(e.reason.contains("offset 8"))
        }
    }
}
