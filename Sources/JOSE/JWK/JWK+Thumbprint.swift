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
        if let n = modulus, let e = publicExponent {
            m.append(.init(name: "n", value: .string(Base64URL.encode(n))))
            m.append(.init(name: "e", value: .string(Base64URL.encode(e))))
        } else if keyType == .ec, let c = curve, let x, let y {
            m.append(.init(name: "crv", value: .string(c.rawValue)))
            m.append(.init(name: "x", value: .string(Base64URL.encode(x))))
            m.append(.init(name: "y", value: .string(Base64URL.encode(y))))
        } else if keyType == .okp, let x {
            m.append(.init(name: "crv", value: .string("Ed25519")))
            m.append(.init(name: "x", value: .string(Base64URL.encode(x))))
        } else if includingSecret, let k = symmetricKeyBytes {
            m.append(.init(name: "k", value: .string(Base64URL.encode(k))))
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
        if let n = modulus, let e = publicExponent {
            member("e", Base64URL.encode(e))
            member("kty", "RSA")
            member("n", Base64URL.encode(n), last: true)
        } else if keyType == .ec, let c = curve, let x, let y {
            member("crv", c.rawValue)
            member("kty", "EC")
            member("x", Base64URL.encode(x))
            member("y", Base64URL.encode(y), last: true)
        } else if keyType == .okp, let x {
            // RFC 8037 §2: the required members of an OKP key are crv, kty and x (RFC 7638 §3.2 order).
            member("crv", "Ed25519")
            member("kty", "OKP")
            member("x", Base64URL.encode(x), last: true)
        } else {
            member("k", Base64URL.encode(symmetricKeyBytes ?? []))
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
