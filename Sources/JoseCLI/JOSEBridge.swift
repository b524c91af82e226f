import JOSE

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

/// One line for a PureJOSE error: `<error case>: <reason>`.
func describe(_ error: any Error) -> String {
    if let error = error as? JWTError {
        return "\(error.code): \(error.reason)"
    }
    return String(describing: error)
}

/// Algorithms `jose verify` knows, in the order the help lists them.
let supportedAlgorithms: [String] = JWSAlgorithm.allCases.map(\.rawValue)
let algorithmNames = supportedAlgorithms.joined(separator: " ")

/// One public key read from a file (PEM, DER, JWK, or an entry of a JWK Set).
struct LoadedKey {
    let jwk: JWK

    /// The key as a JWK whose `kid` is its RFC 7638 thumbprint (public members only).
    func jwkText(command: String) throws(CLIFailure) -> JSONText {
        var members: [(String, JSONText)] = []
        guard case .object(let all) = JSONText(jwk.publicJSON) else {
            throw .usage("\(command): the key has no JSON form")
        }
        for (name, value) in all where name != "kid" {
            members.append((name, value))
        }
        members.append(("kid", .string(thumbprint)))
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
    var thumbprint: String { jwk.thumbprint() }
}

enum KeyFile {
    /// True when the first non-blank byte opens a JSON object.
    static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
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
                let set: JWKSet
                do {
                    set = try JWKSet(json: bytes)
                } catch {
                    throw .usage("\(command): '\(path)' is not a usable JWK Set: \(describe(error))")
                }
                if let kid {
                    guard let key = set.key(id: kid) else {
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
}

/// A verifier built once from the command line and reused for every token.
struct TokenVerifier {
    private let verifier: JWTVerifier
    private let expectations: ClaimExpectations
    /// With `--key`, the one key is the key, whatever `kid` the token names.
    private let singleKey: JWK?
    private let algorithms: Set<JWSAlgorithm>

    init(keys: KeySource, algorithms names: [String], expectations e: Expectations,
         command: String) throws(CLIFailure) {
        let chosen = names.isEmpty ? JWSAlgorithm.allCases : names.compactMap { JWSAlgorithm(rawValue: $0) }
        algorithms = Set(chosen)
        let set: JWKSet
        switch keys {
        case .jwks(let bytes, let path):
            do {
                set = try JWKSet(json: bytes)
            } catch {
                throw .usage("\(command): '\(path)' is not a usable JWK Set: \(describe(error))")
            }
            singleKey = nil
        case .key(let bytes, let path):
            let key = try KeyFile.load(bytes, path: path, command: command, allowSet: false, kid: nil)
            singleKey = key.jwk
            set = JWKSet(keys: [key.jwk])
        }
        verifier = JWTVerifier(keys: set, algorithms: algorithms)
        expectations = ClaimExpectations(issuer: e.issuer, audience: e.audience, nonce: e.nonce,
                                         leeway: e.leeway, now: e.now)
    }

    func verdict(for token: String) -> Verdict {
        do {
            let jwt = try verifier.verify(token, expecting: expectations)
            let claims = (try? JSONValue(parsing: jwt.payload)).map { JSONText($0).compact } ?? "{}"
            return Verdict(isValid: true, line: "valid " + claims)
        } catch {
            return Verdict(isValid: false, line: "invalid: " + describe(error))
        }
    }
}
