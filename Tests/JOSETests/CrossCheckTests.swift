import Foundation
import JOSE
import Testing
import TestSupport

/// Cross-check against an independent implementation: `Vectors/jose/crosscheck.json` holds tokens signed by
/// Python's `cryptography` (generator: `Scripts/generate-jose-crosscheck.py`), valid and tampered, each with the
/// verdict it must get. Every token is verified here and its verdict compared.
/// What verifying a token must produce: success, or a `JWTError` with this code.
enum TokenOutcome: Equatable, CustomStringConvertible {
    case valid
    case error(JWTError.Code)
    var description: String {
        switch self {
        case .valid: return "valid"
        case .error(let c): return "\(c)"
        }
    }
}

@Suite("JOSE cross-check with Python cryptography")
struct CrossCheckTests {
    static let file = "jose/crosscheck.json"
    /// The number of tokens the committed fixture holds; asserted so a loader that reads nothing fails.
    static let expectedTokens = 534

    /// The fixture's verdict names, mapped to the library's error codes (`nil` for an unknown name).
    static func outcome(forVerdict v: String) -> TokenOutcome? {
        switch v {
        case "valid": return .valid
        case "badSignature": return .error(.invalidSignature)
        case "keyNotFound": return .error(.keyNotFound)
        case "keyMismatch": return .error(.keyMismatch)
        case "expired": return .error(.expired)
        case "notYetValid": return .error(.notYetValid)
        case "issuedInFuture": return .error(.issuedInFuture)
        case "issuerMismatch": return .error(.issuerMismatch)
        case "audienceMismatch": return .error(.audienceMismatch)
        case "missingClaim": return .error(.missingClaim)
        case "unsupportedAlgorithm": return .error(.unsupportedAlgorithm)
        case "disallowedAlgorithm": return .error(.algorithmNotAllowed)
        default: return nil
        }
    }

    /// Decodes a base64url segment with Foundation (independent of the library), for checking claims.
    static func foundationBase64URL(_ s: Substring) -> Data? {
        var t = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while t.count % 4 != 0 { t += "=" }
        return Data(base64Encoded: t)
    }

    @Test("every cross-check token gets its expected verdict")
    func everyTokenGetsItsVerdict() throws {
        let bytes = try Vectors.bytes(Self.file)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let now = try #require(root["now"] as? NSNumber).doubleValue
        let leeway = try #require(root["leeway"] as? NSNumber).doubleValue
        let issuer = try #require(root["issuer"] as? String)
        let audience = try #require(root["audience"] as? String)
        let inScope = try #require(root["algorithmsInScope"] as? [String])
        let declared = try #require(root["numberOfTokens"] as? Int)
        let verdictCounts = try #require(root["verdictCounts"] as? [String: Int])
        let setsJSON = try #require(root["keySets"] as? [String: Any])
        let tokens = try #require(root["tokens"] as? [[String: Any]])

        // Every algorithm in scope is one the library names, and vice versa.
        let allowAll = Set(inScope.compactMap { JWSAlgorithm(rawValue: $0) })
        #expect(allowAll.count == inScope.count)
        // The fixture covers the eleven RFC 7518 algorithms; EdDSA and Ed25519 (RFC 8037, RFC 9864) came later and
        // are checked against Python-made tokens in OKPTests and OKPKeyCommandTests.
        #expect(allowAll == Set(JWSAlgorithm.allCases).subtracting([.es512, .edDSA, .ed25519]))

        // Load each key set from the fixture's JSON text.
        var sets: [String: JWKSet] = [:]
        for (name, value) in setsJSON {
            let data = try JSONSerialization.data(withJSONObject: value)
            let text = try #require(String(data: data, encoding: .utf8))
            let entries = try #require((value as? [String: Any])?["keys"] as? [Any]).count
            let set = try JWKSet(json: text)
            // Every key loads, the P-521 key too (it was skipped before ES512).
            let skippable = 0
            #expect(set.skipped.count == skippable, "key set \(name): skipped \(set.skipped)")
            #expect(set.keys.count == entries - skippable, "key set \(name)")
            sets[name] = set
        }

        let expectations = ClaimExpectations(issuer: issuer, audience: audience, leeway: leeway, now: { now })
        var verifiers: [String: JWTVerifier] = [:]
        var ran = 0
        var counts: [String: Int] = [:]
        var failures: [String] = []

        for entry in tokens {
            let id = entry["id"] as? Int ?? -1
            let label = "#\(id) \(entry["case"] as? String ?? "?") \(entry["alg"] as? String ?? "?")"
                + (entry["keySize"].map { " \($0)" } ?? "")
            guard let token = entry["token"] as? String, let verdict = entry["expect"] as? String,
                  let setName = entry["keySet"] as? String, let set = sets[setName]
            else {
                failures.append("\(label): malformed fixture entry")
                continue
            }
            guard let expected = Self.outcome(forVerdict: verdict) else {
                failures.append("\(label): unknown verdict \(verdict)")
                continue
            }
            var algorithms = allowAll
            var verifierKey = setName
            // The fixture predates ES512: its "es512OutOfScope" tokens (Python-signed with the P-521 key) expect
            // unsupportedAlgorithm. ES512 is implemented now, so they are checked to verify, with ES512 allowed.
            let es512Now = entry["case"] as? String == "es512OutOfScope"
            if es512Now {
                algorithms.insert(.es512)
                verifierKey += "|+ES512"
            }
            if let names = entry["algorithms"] as? [String] {
                algorithms = Set(names.compactMap { JWSAlgorithm(rawValue: $0) })
                #expect(algorithms.count == names.count, "\(label): unknown algorithm in \(names)")
                verifierKey += "|" + names.sorted().joined(separator: ",")
            }
            let verifier = verifiers[verifierKey] ?? JWTVerifier(keys: set, algorithms: algorithms)
            verifiers[verifierKey] = verifier
            ran += 1
            counts[verdict, default: 0] += 1

            do {
                let jwt = try verifier.verify(token, expecting: expectations)
                if expected != .valid && !es512Now {
                    failures.append("\(label): verified, expected \(expected)")
                    continue
                }
                // The claims the library read agree with Foundation's reading of the payload.
                let parts = token.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 3, let payload = Self.foundationBase64URL(parts[1]),
                      let claims = try JSONSerialization.jsonObject(with: payload) as? [String: Any]
                else {
                    failures.append("\(label): Foundation cannot read the payload")
                    continue
                }
                if jwt.claims.subject != claims["sub"] as? String || jwt.claims.issuer != issuer
                    || !(jwt.claims.audience ?? []).contains(audience)
                    || jwt.claims.expiresAt != (claims["exp"] as? NSNumber)?.doubleValue
                    || jwt.header.algorithmName != entry["alg"] as? String
                {
                    failures.append("\(label): claims/header read differently from Foundation")
                }
                if let signer = entry["signer"] as? String, jwt.key.keyID != signer {
                    failures.append("\(label): verified with key \(jwt.key.keyID ?? "-"), signed by \(signer)")
                }
            } catch let error as JWTError {
                if TokenOutcome.error(error.code) != expected {
                    failures.append("\(label): got \(error), expected \(expected)")
                }
            } catch {
                failures.append("\(label): non-JWTError \(error)")
            }
        }

        for f in failures.prefix(40) { print("[crosscheck] \(f)") }
        #expect(failures.isEmpty, "\(failures.count) cross-check tokens got the wrong verdict (first: \(failures.first ?? ""))")
        Vectors.report(Self.file, cases: ran,
                       detail: counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(ran == declared)
        #expect(ran == Self.expectedTokens)
        #expect(counts == verdictCounts)
    }
}
