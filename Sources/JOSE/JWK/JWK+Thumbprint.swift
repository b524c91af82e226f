import SHA2

extension JWK {
    /// The JWK as a JSON object with its public members (and, for `oct` keys, the secret `k` only when
    /// `includingSecret` is true). Member order: `kty`, `kid`, `use`, `key_ops`, `alg`, then the key parameters.
    public func jsonObject(includingSecret: Bool = false) -> JSONObject {
        var m: [JSONObject.Member] = [JSONObject.Member(name: "kty", value: .string(keyType.rawValue))]
        if let kid = keyID { m.append(.init(name: "kid", value: .string(kid))) }
        if let u = use { m.append(.init(name: "use", value: .string(u))) }
        if let ops = keyOperations { m.append(.init(name: "key_ops", value: .array(ops.map { .string($0) }))) }
        if let a = algorithm { m.append(.init(name: "alg", value: .string(a))) }
        switch material {
        case .rsa(let r):
            m.append(.init(name: "n", value: .string(Base64URL.encode(r.modulus))))
            m.append(.init(name: "e", value: .string(Base64URL.encode(r.exponent))))
        case .ec(let e):
            m.append(.init(name: "crv", value: .string(e.curve.rawValue)))
            m.append(.init(name: "x", value: .string(Base64URL.encode(e.x))))
            m.append(.init(name: "y", value: .string(Base64URL.encode(e.y))))
        case .okp(let o):
            m.append(.init(name: "crv", value: .string("Ed25519")))
            m.append(.init(name: "x", value: .string(Base64URL.encode(o.x))))
        case .hmac(let h):
            if includingSecret { m.append(.init(name: "k", value: .string(Base64URL.encode(h.secret)))) }
        }
        return JSONObject(members: m)
    }

    /// Compact JSON text of ``jsonObject(includingSecret:)``.
    public func jsonString(includingSecret: Bool = false) -> String {
        JSONValue.object(jsonObject(includingSecret: includingSecret)).description
    }

    /// The RFC 7638 §3.2 canonical JSON: the required members only, in lexicographic order, no whitespace.
    public var thumbprintInput: [UInt8] {
        var out: [UInt8] = []
        func member(_ name: String, _ value: String, last: Bool = false) {
            JSONWriter.writeString(name, into: &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.writeString(value, into: &out)
            if !last { out.append(UInt8(ascii: ",")) }
        }
        out.append(UInt8(ascii: "{"))
        switch material {
        case .rsa(let r):
            member("e", Base64URL.encode(r.exponent))
            member("kty", "RSA")
            member("n", Base64URL.encode(r.modulus), last: true)
        case .ec(let e):
            member("crv", e.curve.rawValue)
            member("kty", "EC")
            member("x", Base64URL.encode(e.x))
            member("y", Base64URL.encode(e.y), last: true)
        case .okp(let o):
            // RFC 8037 §2: the required members of an OKP key are crv, kty and x (RFC 7638 §3.2 order).
            member("crv", "Ed25519")
            member("kty", "OKP")
            member("x", Base64URL.encode(o.x), last: true)
        case .hmac(let h):
            member("k", Base64URL.encode(h.secret))
            member("kty", "oct", last: true)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The RFC 7638 JWK thumbprint: SHA-256 of ``thumbprintInput``.
    public var thumbprint: [UInt8] { SHA256.hash(data: thumbprintInput).bytes }

    /// The RFC 7638 thumbprint as base64url (the form used as a `kid` or in `jkt`).
    public var thumbprintBase64URL: String { Base64URL.encode(thumbprint) }
}
