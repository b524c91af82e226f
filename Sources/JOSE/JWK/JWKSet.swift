/// A JWK Set (RFC 7517 §5): the keys a verifier may use, looked up by `kid`.
///
/// Loading policy:
/// - an entry of unknown `kty`, an unsupported curve, an RSA key below the size minimum, or an entry that is not
///   a valid key is **skipped** (listed in ``skipped`` with the reason), not fatal to the whole set — providers
///   publish keys for other purposes next to the ones you need;
/// - an entry carrying private members (`d`, `p`, …) fails the whole set (``JWTError/Code/privateKeyMaterial``):
///   a published key set must never hold private keys;
/// - two entries with the same `kid` (usable or not) fail the set (``JWTError/Code/duplicateKeyID``): `kid` must select one key;
/// - a set mixing `oct` secrets with public keys fails (``JWTError/Code/mixedKeySet``). Key-type binding alone
///   already stops HS256-with-a-public-key confusion (an HMAC `alg` only ever uses `oct` keys), so this is defence
///   in depth with two reasons: a provider's published set (what ``JWKSCache`` fetches) that contains a secret has
///   leaked it — anyone can then mint HS tokens that verify — and refusing the whole document surfaces that instead
///   of quietly trusting it; and an application that accepts both its own HS tokens and a provider's RS/ES tokens
///   is clearer with two verifiers (two sets, two allow-lists) than with one set whose `alg` list spans both;
/// - more than ``Limits/maxKeys`` entries (default 256) fail with ``JWTError/Code/limitExceeded``.
public struct JWKSet: Sendable, CustomStringConvertible {
    /// Size limits for parsing a set.
    public struct Limits: Sendable, Equatable {
        public var maxKeys: Int
        public var maxBytes: Int
        public init(maxKeys: Int = 256, maxBytes: Int = 1 << 20) {
            self.maxKeys = maxKeys
            self.maxBytes = maxBytes
        }
        public static let `default` = Limits()
    }

    /// An entry that was not loaded, and why.
    public struct SkippedKey: Sendable, CustomStringConvertible {
        /// Position in the `keys` array.
        public let index: Int
        /// Its `kid`, if it had a string one.
        public let keyID: String?
        /// Its `kty`, if it had a string one.
        public let keyType: String?
        public let error: JWTError
        public var description: String {
            "#\(index) kty=\(keyType.map { quoted($0) } ?? "-") kid=\(keyID.map { quoted($0) } ?? "-"): \(error)"
        }
    }

    /// The usable keys, in document order.
    public let keys: [JWK]
    /// The entries left out, in document order.
    public let skipped: [SkippedKey]

    /// A set from keys already built. Throws on duplicate `kid` or a mix of `oct` and public keys.
    public init(keys: [JWK]) throws(JWTError) {
        try JWKSet.checkSet(keys)
        self.keys = keys
        self.skipped = []
    }

    /// Parses a JWK Set document (`{"keys": [...]}`) from text.
    public init(json: String, options: JWK.Options = .default, limits: Limits = .default) throws(JWTError) {
        try self.init(json: Array(json.utf8), options: options, limits: limits)
    }

    /// Parses a JWK Set document (`{"keys": [...]}`) from bytes.
    public init(json: [UInt8], options: JWK.Options = .default, limits: Limits = .default) throws(JWTError) {
        let doc = try JSONValue(parsing: json, limits: JSONLimits(maxDepth: 8, maxBytes: limits.maxBytes))
        guard case .object(let top) = doc else { throw JWTError.make(.invalidKey, "a JWK Set must be a JSON object") }
        guard let kv = top["keys"] else { throw JWTError.make(.invalidKey, "JWK Set has no \"keys\" member") }
        guard case .array(let entries) = kv else { throw JWTError.make(.invalidKey, "JWK Set \"keys\" must be an array") }
        guard entries.count <= limits.maxKeys else {
            throw JWTError.make(.limitExceeded, "JWK Set has \(entries.count) keys; the limit is \(limits.maxKeys)")
        }
        // Private members fail the whole set, checked on every entry before anything else about it: an entry
        // that is otherwise malformed (a numeric kid, an unknown kty, no kty) must not be skipped quietly.
        for (i, e) in entries.enumerated() {
            guard case .object(let o) = e, let m = JWK.privateMember(in: o) else { continue }
            throw JWTError.make(.privateKeyMaterial, "JWK Set entry #\(i) carries the private member \(quoted(m))")
        }
        var loaded: [JWK] = []
        var skipped: [SkippedKey] = []
        for (i, e) in entries.enumerated() {
            guard case .object(let o) = e else {
                skipped.append(SkippedKey(index: i, keyID: nil, keyType: nil, error: JWTError.make(.invalidKey, "entry is not an object")))
                continue
            }
            do {
                loaded.append(try JWK(object: o, options: options))
            } catch let err {
                if err.code == .privateKeyMaterial {
                    throw JWTError.make(.privateKeyMaterial, "JWK Set entry #\(i): \(err.reason)")
                }
                skipped.append(SkippedKey(index: i, keyID: o["kid"]?.stringValue, keyType: o["kty"]?.stringValue, error: err))
            }
        }
        // A kid written twice is ambiguous even when one of the entries is unusable.
        var kids: [String] = []
        for e in entries {
            guard let kid = e["kid"]?.stringValue else { continue }
            if kids.contains(where: { sameBytes($0, kid) }) {
                throw JWTError.make(.duplicateKeyID, "two entries share kid \(quoted(kid))")
            }
            kids.append(kid)
        }
        try JWKSet.checkSet(loaded)
        self.keys = loaded
        self.skipped = skipped
    }

    static func checkSet(_ keys: [JWK]) throws(JWTError) {
        var kids: [String] = []
        for k in keys {
            guard let kid = k.keyID else { continue }
            if kids.contains(where: { sameBytes($0, kid) }) {
                throw JWTError.make(.duplicateKeyID, "two keys share kid \(quoted(kid))")
            }
            kids.append(kid)
        }
        let symmetric = keys.contains { $0.keyType == .oct }
        let asymmetric = keys.contains { $0.keyType != .oct }
        if symmetric && asymmetric {
            throw JWTError.make(.mixedKeySet, "JWK Set mixes symmetric (oct) and public keys")
        }
    }

    /// The key whose `kid` equals `id` byte for byte.
    public func key(id: String) -> JWK? {
        for k in keys { if let kid = k.keyID, sameBytes(kid, id) { return k } }
        return nil
    }

    /// The key whose `kid` equals `id` byte for byte.
    public subscript(id: String) -> JWK? { key(id: id) }

    public var count: Int { keys.count }

    public var description: String {
        "JWKSet(\(keys.count) keys\(skipped.isEmpty ? "" : ", \(skipped.count) skipped"))"
    }
}
