import JOSE
import PureX509
import SharedPrimitives

// Every call the tool makes into PureJOSE's public API goes through this file.

extension JSONText {
    /// The tool's printable form of a parsed JSON value (member order and number text kept).
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .integer(let i): self = .number(String(i))
        case .number(let n): self = .number(n.literal)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(JSONText.init))
        case .object(let object): self = .object(object.map { ($0.name, JSONText($0.value)) })
        }
    }
}

/// One line for a PureJOSE error: `<error case>: <reason>`. Characters a reason quoting hostile input could
/// carry and that would break or fake a log line (see ``isLineUnsafe(_:)``) are shown as `?`, so a verdict is
/// always exactly one line, for `\n`-splitting and Unicode-line-break-splitting readers alike.
func describe(_ error: any Error) -> String {
    let text = (error as? JWTError).map { "\($0.code): \($0.reason)" } ?? String(describing: error)
    return String(String.UnicodeScalarView(text.unicodeScalars.map { isLineUnsafe($0) ? "?" : $0 }))
}

/// Whether a character must not appear raw on one line of output (`LogText.mustEscape`).
func isLineUnsafe(_ c: Unicode.Scalar) -> Bool { LogText.mustEscape(c) }

/// Algorithms `jose verify` knows, in the order the help lists them.
let supportedAlgorithms: [String] = JWSAlgorithm.allCases.map(\.rawValue)
let algorithmNames = supportedAlgorithms.joined(separator: " ")

/// One public key read from a file (PEM, DER, JWK, or an entry of a JWK Set).
struct LoadedKey {
    let jwk: JWK

    /// The key as a JWK whose `kid` is its RFC 7638 thumbprint (public members only).
    func jwkText(command: String) throws(CLIFailure) -> JSONText {
        guard jwk.keyType != .oct else {
            throw .usage("\(command): an oct (HMAC) key is a shared secret; 'jose jwk' converts public keys")
        }
        var members = jwk.jsonObject().map { ($0.name, JSONText($0.value)) }.filter { $0.0 != "kid" }
        members.insert(("kid", .string(thumbprint)), at: min(1, members.count))
        return .object(members)
    }

    /// The key as PEM SubjectPublicKeyInfo.
    func pem(command: String) throws(CLIFailure) -> String {
        do {
            return try jwk.pemRepresentation()
        } catch {
            throw .usage("\(command): this key has no PEM form: \(describe(error))")
        }
    }

    /// RFC 7638 thumbprint (SHA-256, base64url).
    var thumbprint: String { jwk.thumbprintBase64URL }
}

enum KeyFile {
    /// True when the first non-blank byte opens a JSON object.
    static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    static func looksLikePEM(_ bytes: [UInt8]) -> Bool {
        let marker = Array("-----BEGIN ".utf8)
        guard bytes.count >= marker.count else { return false }
        for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
            if Array(bytes[start..<start + marker.count]) == marker { return true }
        }
        return false
    }

    /// Reads one public key from a file's bytes: PEM, DER, a JWK, or (when `allowSet`) an entry of a JWK Set.
    static func load(_ bytes: [UInt8], path: String, command: String, allowSet: Bool,
                     kid: String?) throws(CLIFailure) -> LoadedKey {
        if looksLikeJSON(bytes) {
            let json: JSONValue
            do {
                json = try JSONValue(parsing: bytes)
            } catch {
                throw .usage("\(command): '\(path)' is not valid JSON: \(describe(error))")
            }
            if json["keys"] != nil {
                guard allowSet else {
                    throw .usage("\(command): '\(path)' is a JWK Set; give a single key")
                }
                let set = try keySet(bytes, path: path, command: command)
                if let kid {
                    guard let key = set.key(id: kid) else {
                        if let skipped = set.skipped.first(where: { $0.keyID.map { Array($0.utf8) } == Array(kid.utf8) }) {
                            throw .usage("\(command): the key with kid '\(kid)' in '\(path)' is not usable: \(describe(skipped.error))")
                        }
                        throw .usage("\(command): no key with kid '\(kid)' in '\(path)'")
                    }
                    return LoadedKey(jwk: key)
                }
                guard set.keys.count == 1 else {
                    let kids = set.keys.map { $0.keyID ?? "(no kid)" }.joined(separator: ", ")
                    throw .usage("\(command): '\(path)' holds \(set.keys.count) keys; choose one with --kid (\(kids))")
                }
                return LoadedKey(jwk: set.keys[0])
            }
            if kid != nil {
                throw .usage("\(command): --kid applies to a JWK Set, and '\(path)' is a single JWK")
            }
            do {
                return LoadedKey(jwk: try JWK(json: bytes))
            } catch {
                throw .usage("\(command): '\(path)' is not a usable JWK: \(describe(error))")
            }
        }
        if kid != nil {
            throw .usage("\(command): --kid applies to a JWK Set, and '\(path)' is not one")
        }
        if looksLikePEM(bytes) {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .usage("\(command): '\(path)' is not UTF-8 text")
            }
            do {
                return LoadedKey(jwk: try JWK(pemRepresentation: text))
            } catch {
                throw .usage("\(command): '\(path)' is not a usable PEM public key: \(describe(error))")
            }
        }
        do {
            return LoadedKey(jwk: try JWK(derRepresentation: bytes))
        } catch {
            throw .usage("\(command): '\(path)' is neither PEM, DER nor a JWK: \(describe(error))")
        }
    }

    static func keySet(_ bytes: [UInt8], path: String, command: String) throws(CLIFailure) -> JWKSet {
        let set: JWKSet
        do {
            set = try JWKSet(json: bytes)
        } catch {
            throw .usage("\(command): '\(path)' is not a usable JWK Set: \(describe(error))")
        }
        guard !set.keys.isEmpty else {
            let skipped = set.skipped.isEmpty ? "" : " (\(set.skipped.count) entries skipped: \(set.skipped[0]))"
            throw .usage("\(command): '\(path)' holds no usable key\(skipped)")
        }
        return set
    }
}

/// A verifier built once from the command line and reused for every token.
final class TokenVerifier {
    private let verifier: JWTVerifier
    /// With `--x5c-root`: the verifier of tokens carrying their key in x5c, and the validation time.
    private let x5c: (verifier: X5CVerifier, at: Int64)?
    private let expectations: ClaimExpectations
    private let algorithms: Set<JWSAlgorithm>
    /// With `--key`, the one key is the key whatever `kid` a token names: verifiers for the key under the
    /// `kid`s seen so far (a JWK names its `kid`, and PureJOSE only tries the key a token's `kid` names).
    private let singleKey: JWK?
    /// Keyed by the kid's UTF-8 bytes: a `String` key would merge canonically equivalent kids (NFC and NFD
    /// spellings), and the verifier built for one would then refuse a token naming the other.
    private var verifiersByKeyID: [[UInt8]: JWTVerifier] = [:]

    init(keys: KeySource, algorithms names: [String], expectations e: Expectations,
         command: String) throws(CLIFailure) {
        let chosen = names.isEmpty ? JWSAlgorithm.allCases : names.compactMap { JWSAlgorithm(rawValue: $0) }
        algorithms = Set(chosen)
        switch keys {
        case .jwks(let bytes, let path):
            verifier = JWTVerifier(keys: try KeyFile.keySet(bytes, path: path, command: command), algorithms: algorithms)
            singleKey = nil
            x5c = nil
        case .key(let bytes, let path):
            let key = try KeyFile.load(bytes, path: path, command: command, allowSet: false, kid: nil)
            verifier = JWTVerifier(key: key.jwk, algorithms: algorithms)
            singleKey = key.jwk
            x5c = nil
        case .x5c(let roots, let at):
            // Never used: every token goes to the X5CVerifier.
            verifier = JWTVerifier(keys: try! JWKSet(keys: []), algorithms: algorithms)
            singleKey = nil
            x5c = (X5CVerifier(trustRoots: roots, algorithms: algorithms), at)
        }
        let now = Double(e.now)
        expectations = ClaimExpectations(issuer: e.issuer, audience: e.audience, nonce: e.nonce,
                                         leeway: Double(e.leeway), requireExpiration: e.requireExpiration,
                                         now: { now })
    }

    func verdict(for token: String) -> Verdict {
        if let x5c {
            do {
                return valid(try x5c.verifier.verify(token, at: .fixed(x5c.at), expecting: expectations).jwt)
            } catch {
                return Verdict(isValid: false, line: "invalid: " + describe(error))
            }
        }
        do {
            return valid(try verifier.verify(token, expecting: expectations))
        } catch let error where error.code == .keyNotFound && singleKey != nil {
            // A token naming a kid, checked against the single key given with --key.
            guard let kid = try? decodeUnverified(token).header["kid"]?.stringValue,
                  let renamed = verifierForKeyID(kid) else {
                return Verdict(isValid: false, line: "invalid: " + describe(error))
            }
            do {
                return valid(try renamed.verify(token, expecting: expectations))
            } catch {
                return Verdict(isValid: false, line: "invalid: " + describe(error))
            }
        } catch {
            return Verdict(isValid: false, line: "invalid: " + describe(error))
        }
    }

    private func valid(_ jwt: VerifiedJWT) -> Verdict {
        Verdict(isValid: true, line: "valid " + JSONText(.object(jwt.claimsObject)).compact)
    }

    private func verifierForKeyID(_ kid: String) -> JWTVerifier? {
        let kidBytes = Array(kid.utf8)
        if let known = verifiersByKeyID[kidBytes] { return known }
        guard let key = singleKey else { return nil }
        var members = key.jsonObject(includingSecret: true).map { ($0.name, $0.value) }.filter { $0.0 != "kid" }
        members.append(("kid", .string(kid)))
        guard let object = try? JSONObject(members), let renamed = try? JWK(object: object) else { return nil }
        let made = JWTVerifier(key: renamed, algorithms: algorithms)
        // At most 64 are kept (a log may name any number of kids); past that each such token gets its own,
        // so it is still checked against the key rather than refused.
        if verifiersByKeyID.count < 64 { verifiersByKeyID[kidBytes] = made }
        return made
    }
}
