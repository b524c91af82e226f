import Testing
@testable import JOSE
import TestSupport

/// Seeded mutation sweeps: hostile input must always end in a `JWTError` (never a trap, never another error),
/// and no mutated token may verify. Reduced counts keep the debug suite quick; the seeds make failures replayable.
@Suite("hostile input sweeps")
struct HostileInputSweepTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.= \u{0}\u{7F}é".utf8)

    func mutate(_ s: [UInt8], _ r: inout SplitMix64) -> [UInt8] {
        var b = s
        for _ in 0...r.below(3) {
            switch r.below(5) {
            case 0 where !b.isEmpty: b[r.below(b.count)] = Self.alphabet[r.below(Self.alphabet.count)]
            case 1 where !b.isEmpty: b.remove(at: r.below(b.count))
            case 2: b.insert(Self.alphabet[r.below(Self.alphabet.count)], at: r.below(b.count + 1))
            case 3 where !b.isEmpty: b[r.below(b.count)] ^= UInt8(1 << r.below(8))
            default:
                if b.count > 2 { let i = r.below(b.count - 1); b.swapAt(i, i + 1) }
            }
        }
        return b
    }

    @Test func mutatedTokensNeverVerify() {
        let key = Array(repeating: UInt8(0x5A), count: 32)
        let verifier = JWTVerifier(key: JWK(symmetricKey: key, keyID: "k"), algorithms: [.hs256])
        let token = T.hmacToken(header: #"{"alg":"HS256","kid":"k","typ":"JWT"}"#,
                                payload: #"{"sub":"s","exp":4000000000,"aud":["a","b"],"n":[1,2.5,{"x":null}]}"#, key: key)
        let original = Array(token.utf8)
        var r = SplitMix64(seed: 0x0123_4567_89AB_CDEF)
        var ran = 0, accepted = 0
        for _ in 0..<3000 {
            let m = mutate(original, &r)
            guard m != original else { continue }
            ran += 1
            do {
                _ = try verifier.verify(String(decoding: m, as: UTF8.self))
                accepted += 1
                Issue.record("a mutated token verified: \(String(decoding: m, as: UTF8.self))")
            } catch {
                // Typed throws: every refusal is a JWTError.
            }
        }
        print("[mutations] HS256 token: \(ran) mutants, \(accepted) accepted")
        #expect(ran > 2500 && accepted == 0)
    }

    @Test func randomJSONNeverTraps() {
        let seeds = [#"{"a":[1,-2.5e3,true,null,"x\u00e9\ud83d\ude00"],"b":{"c":{}}}"#, #"[[[["deep"]]]]"#, #""\\\"\/\b""#]
        var r = SplitMix64(seed: 42)
        var ran = 0
        for _ in 0..<3000 {
            let m = mutate(Array(seeds[r.below(seeds.count)].utf8), &r)
            ran += 1
            do {
                let v = try JSONValue(parsing: m)
                // Whatever parses must re-serialise to JSON that parses to the same value.
                #expect(try JSONValue(parsing: v.description) == v)
            } catch {
                // Typed throws: every refusal is a JWTError.
            }
        }
        #expect(ran == 3000)
    }

    @Test func randomBase64NeverTraps() throws {
        var r = SplitMix64(seed: 7)
        for _ in 0..<3000 {
            let bytes = (0..<r.below(40)).map { _ in UInt8(truncatingIfNeeded: r.next()) }
            let enc = Array(Base64URL.encode(bytes).utf8)
            #expect(try Base64URL.decode(enc) == bytes)
            let m = mutate(enc, &r)
            // A mutant either fails or decodes to bytes that encode back to exactly the mutant (canonical form).
            if let d = try? Base64URL.decode(m) {
                #expect(Array(Base64URL.encode(d).utf8) == m)
            }
        }
    }
}
