/// The protected header of a compact JWS (RFC 7515 §4.1), parsed strictly.
///
/// `jwk`, `jku`, `x5u`, `x5c` may be present but are never used to find a key: keys come only from the
/// verifier's own set (RFC 8725 §3.10).
public struct JWSHeader: Sendable, Equatable {
    /// `alg` exactly as written.
    public let algorithmName: String
    /// `alg` as a supported algorithm (nil when ``algorithmName`` is not one; verification then fails).
    public let algorithm: JWSAlgorithm?
    /// `kid`.
    public let keyID: String?
    /// `typ`.
    public let type: String?
    /// `cty`.
    public let contentType: String?
    /// `crit` names.
    public let critical: [String]?
    /// The whole header object.
    public let object: JSONObject

    /// Builds a header from its JSON object, checking member types (RFC 7515 §4.1). `alg` is required.
    public init(object o: JSONObject) throws(JWTError) {
        func string(_ name: String) throws(JWTError) -> String? {
            guard let v = o[name] else { return nil }
            guard case .string(let s) = v else {
                throw JWTError.make(.malformedToken, "header member \(quoted(name)) must be a string, found \(v.typeName)")
            }
            return s
        }
        guard let alg = try string("alg") else { throw JWTError.make(.malformedToken, "header has no \"alg\"") }
        algorithmName = alg
        algorithm = try? JWSAlgorithm.parse(alg)
        keyID = try string("kid")
        type = try string("typ")
        contentType = try string("cty")
        if let c = o["crit"] {
            // RFC 7515 §4.1.11: a non-empty array of strings.
            guard case .array(let a) = c, !a.isEmpty else {
                throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" must be a non-empty array of strings")
            }
            var names: [String] = []
            for e in a {
                guard case .string(let s) = e else {
                    throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" must be a non-empty array of strings")
                }
                names.append(s)
            }
            critical = names
        } else {
            critical = nil
        }
        object = o
    }

    /// Header parameters that RFC 7515/7518 define; `crit` must not list them (RFC 7515 §4.1.11).
    static let registered: [String] = ["alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit"]

    /// Applies the `crit` rules: every name must be understood (in `understood`), present in the header, and
    /// not a registered name; `b64` (RFC 7797) other than `true` is refused since unencoded payloads are not
    /// supported.
    func checkCritical(understood: Set<String>) throws(JWTError) {
        if let b64 = object["b64"], b64 != .bool(true) {
            throw JWTError.make(.unsupportedCriticalHeader, "unencoded payloads (\"b64\": false, RFC 7797) are not supported")
        }
        guard let names = critical else { return }
        for n in names {
            if JWSHeader.registered.contains(where: { sameBytes($0, n) }) {
                throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" lists the registered parameter \(quoted(n))")
            }
            guard understood.contains(where: { sameBytes($0, n) }) else {
                throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" names \(quoted(n)), which this verifier does not understand")
            }
            guard object[n] != nil else {
                throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" names \(quoted(n)), which the header lacks")
            }
        }
    }
}
