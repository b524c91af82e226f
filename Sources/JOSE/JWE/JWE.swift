// JSON Web Encryption (RFC 7516), compact serialization, with the algorithms of RFC 7518 §4–5 and X25519 (RFC 8037).
// Refused by design: RSA1_5 (Bleichenbacher's padding oracle, RFC 8725 §3.2), `zip` (decompression bombs: a few bytes
// of ciphertext expand to gigabytes), PBES2-* (an attacker-chosen iteration count `p2c` costs the receiver CPU time).
// Hosted-only for now (not yet compiled in Embedded Swift: Set-based allow-lists, String key names).
#if !hasFeature(Embedded)
    import Ed25519
    import SHA2
    import SymmetricCiphers

    /// A JWE key management algorithm (`alg`, RFC 7518 §4.1).
    public enum JWEAlgorithm: String, CaseIterable, Sendable {
        case direct = "dir"
        case a128KW = "A128KW", a192KW = "A192KW", a256KW = "A256KW"
        case a128GCMKW = "A128GCMKW", a192GCMKW = "A192GCMKW", a256GCMKW = "A256GCMKW"
        case ecdhES = "ECDH-ES"
        case ecdhESA128KW = "ECDH-ES+A128KW", ecdhESA192KW = "ECDH-ES+A192KW", ecdhESA256KW = "ECDH-ES+A256KW"

        /// The key-wrapping key size in bytes (AES-KW, AES-GCM-KW, the KW step of ECDH-ES+A*KW); 0 otherwise.
        var wrapKeyByteCount: Int {
            switch self {
            case .a128KW, .a128GCMKW, .ecdhESA128KW: return 16
            case .a192KW, .a192GCMKW, .ecdhESA192KW: return 24
            case .a256KW, .a256GCMKW, .ecdhESA256KW: return 32
            case .direct, .ecdhES: return 0
            }
        }

        /// Parses an `alg` name; the names refused by design get their own error.
        static func parse(_ name: String) throws(JWTError) -> JWEAlgorithm {
            if sameBytes(name, "RSA1_5") {
                throw JWTError.make(
                    .refusedAlgorithm,
                    "\"RSA1_5\" is refused: PKCS #1 v1.5 key transport is open to Bleichenbacher's padding-oracle attack (RFC 8725 §3.2); use RSA-OAEP-256 or ECDH-ES"
                )
            }
            if name.utf8.starts(with: "PBES2-".utf8) {
                throw JWTError.make(
                    .refusedAlgorithm,
                    "\(quoted(name)) is refused: PBES2's iteration count \"p2c\" is chosen by the sender, so a token can make the receiver spend unbounded CPU time"
                )
            }
            for a in JWEAlgorithm.allCases where sameBytes(a.rawValue, name) { return a }
            throw JWTError.make(.unsupportedAlgorithm, "JWE \"alg\" \(quoted(name)) is not supported")
        }
    }

    /// A JWE content encryption algorithm (`enc`, RFC 7518 §5.1).
    public enum JWEEncryption: String, CaseIterable, Sendable {
        case a128GCM = "A128GCM", a192GCM = "A192GCM", a256GCM = "A256GCM"
        case a128CBCHS256 = "A128CBC-HS256", a192CBCHS384 = "A192CBC-HS384", a256CBCHS512 = "A256CBC-HS512"

        /// The content encryption key size in bytes.
        public var keyByteCount: Int {
            switch self {
            case .a128GCM: return 16
            case .a192GCM: return 24
            case .a256GCM: return 32
            case .a128CBCHS256: return 32
            case .a192CBCHS384: return 48
            case .a256CBCHS512: return 64
            }
        }

        var isGCM: Bool { keyByteCount <= 32 && rawValue.utf8.last == UInt8(ascii: "M") }

        static func parse(_ name: String) throws(JWTError) -> JWEEncryption {
            for e in JWEEncryption.allCases where sameBytes(e.rawValue, name) { return e }
            throw JWTError.make(.unsupportedAlgorithm, "JWE \"enc\" \(quoted(name)) is not supported")
        }

        func seal(_ plaintext: some Collection<UInt8>, cek: SymmetricKey, aad: [UInt8]) throws(JWTError) -> (iv: [UInt8], ciphertext: [UInt8], tag: [UInt8]) {
            do {
                if isGCM {
                    let box = try AES.GCM.seal(plaintext, using: cek, authenticating: aad)
                    return (box.nonce.bytes, box.ciphertext, box.tag)
                }
                let box = try AES.CBCHMAC.seal(plaintext, using: cek, authenticating: aad)
                return (box.iv, box.ciphertext, box.tag)
            } catch {
                throw JWTError.make(.invalidKey, "content encryption failed: \(error.code)")
            }
        }

        func open(iv: [UInt8], ciphertext: [UInt8], tag: [UInt8], cek: SymmetricKey, aad: [UInt8]) throws(JWTError) -> [UInt8] {
            do {
                if isGCM {
                    let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: iv), ciphertext: ciphertext, tag: tag)
                    return try AES.GCM.open(box, using: cek, authenticating: aad)
                }
                let box = try AES.CBCHMAC.SealedBox(iv: iv, ciphertext: ciphertext, tag: tag)
                return try AES.CBCHMAC.open(box, using: cek, authenticating: aad)
            } catch {
                throw JWE.decryptionFailed()
            }
        }
    }

    /// A key for JWE: a shared symmetric key (`dir`, `A*KW`, `A*GCMKW`) or an X25519 key (`ECDH-ES*`).
    public enum JWEKey: Sendable {
        /// A symmetric key: the CEK itself for `dir`, the key-wrapping key for `A*KW` / `A*GCMKW`.
        case symmetric(SymmetricKey)
        /// The recipient's X25519 private key (decryption).
        case x25519Private(Curve25519.KeyAgreement.PrivateKey)
        /// The recipient's X25519 public key (encryption).
        case x25519Public(Curve25519.KeyAgreement.PublicKey)
    }

    enum JWE {
        /// The one error for a tag, MAC, padding, key-unwrap or key-agreement failure (RFC 7516 §11.4, §11.5).
        static func decryptionFailed(file: String = #fileID, line: Int = #line) -> JWTError {
            JWTError.make(.decryptionFailed, "decryption failed", file: file, line: line)
        }

        /// Header members whose meaning RFC 7516/7518 define; `crit` must not list them.
        static let registered: [String] = [
            "alg", "enc", "zip", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit",
            "epk", "apu", "apv", "iv", "tag", "p2s", "p2c"
        ]

        static func string(_ o: JSONObject, _ name: String) throws(JWTError) -> String? {
            guard let v = o[name] else { return nil }
            guard case .string(let s) = v else {
                throw JWTError.make(.malformedToken, "header member \(quoted(name)) must be a string, found \(v.typeName)")
            }
            return s
        }

        static func bytes(_ o: JSONObject, _ name: String) throws(JWTError) -> [UInt8]? {
            guard let s = try string(o, name) else { return nil }
            return try Base64URL.decode(s)
        }

        static func randomBytes(_ n: Int) -> [UInt8] {
            var rng = SystemRandomNumberGenerator()
            return (0..<n).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
        }

        /// The Concat KDF key for ECDH-ES (RFC 7518 §4.6.2).
        static func agreedKey(
            _ secret: Curve25519.KeyAgreement.PrivateKey, _ peer: Curve25519.KeyAgreement.PublicKey,
            algorithmID: String, apu: [UInt8], apv: [UInt8], byteCount: Int
        ) throws(JWTError) -> SymmetricKey {
            let shared: SharedSecret
            do { shared = try secret.sharedSecretFromKeyAgreement(with: peer) } catch { throw decryptionFailed() }
            do {
                let info = try ConcatKDF.otherInfo(
                    algorithmID: Array(algorithmID.utf8), partyUInfo: apu, partyVInfo: apv, keyDataLengthInBits: 8 * byteCount)
                return try shared.withUnsafeBytes { (z) throws(ConcatKDFError) -> SymmetricKey in
                    try ConcatKDF.deriveKey(SHA256.self, sharedSecret: z, otherInfo: info, outputByteCount: byteCount)
                }
            } catch {
                throw JWTError.make(.limitExceeded, "\"apu\"/\"apv\" too long for the Concat KDF")
            }
        }

        static func epkObject(_ key: Curve25519.KeyAgreement.PublicKey) -> JSONValue {
            let o = try? JSONObject([
                ("kty", .string("OKP")), ("crv", .string("X25519")), ("x", .string(Base64URL.encode(key.rawRepresentation)))
            ])
            return .object(o ?? JSONObject())
        }

        static func epkKey(_ v: JSONValue?) throws(JWTError) -> Curve25519.KeyAgreement.PublicKey {
            guard let v, case .object(let o) = v else {
                throw JWTError.make(.malformedToken, "ECDH-ES needs an \"epk\" object in the header")
            }
            guard try string(o, "kty").map({ sameBytes($0, "OKP") }) == true,
                try string(o, "crv").map({ sameBytes($0, "X25519") }) == true, o["d"] == nil,
                let x = try bytes(o, "x"), x.count == 32
            else {
                throw JWTError.make(.unsupportedKey, "\"epk\" must be a public OKP X25519 key (P-curves are not supported yet)")
            }
            do { return try Curve25519.KeyAgreement.PublicKey(rawRepresentation: x) } catch {
                throw JWTError.make(.invalidKey, "\"epk\" is not an X25519 public key")
            }
        }
    }

    /// Encrypts to one recipient, compact serialization (RFC 7516 §7.1).
    public struct JWEEncrypter: Sendable {
        public let key: JWEKey
        public let algorithm: JWEAlgorithm
        public let encryption: JWEEncryption
        public let keyID: String?

        /// An encrypter for `key` with `algorithm` / `encryption`. The key must fit: a symmetric key of the `alg`'s size
        /// (or of the `enc` key size for `dir`), an X25519 public key for `ECDH-ES*`.
        public init(key: JWEKey, algorithm: JWEAlgorithm, encryption: JWEEncryption, keyID: String? = nil) throws(JWTError) {
            switch (algorithm, key) {
            case (.direct, .symmetric(let k)):
                guard k.byteCount == encryption.keyByteCount else {
                    throw JWTError.make(.keyMismatch, "\"dir\" with \(encryption.rawValue) needs a \(encryption.keyByteCount)-byte key, not \(k.byteCount)")
                }
            case (.a128KW, .symmetric(let k)), (.a192KW, .symmetric(let k)), (.a256KW, .symmetric(let k)),
                (.a128GCMKW, .symmetric(let k)), (.a192GCMKW, .symmetric(let k)), (.a256GCMKW, .symmetric(let k)):
                guard k.byteCount == algorithm.wrapKeyByteCount else {
                    throw JWTError.make(.keyMismatch, "\(algorithm.rawValue) needs a \(algorithm.wrapKeyByteCount)-byte key, not \(k.byteCount)")
                }
            case (.ecdhES, .x25519Public), (.ecdhESA128KW, .x25519Public), (.ecdhESA192KW, .x25519Public),
                (.ecdhESA256KW, .x25519Public):
                break
            default:
                throw JWTError.make(.keyMismatch, "the key does not fit \(algorithm.rawValue)")
            }
            self.key = key; self.algorithm = algorithm; self.encryption = encryption; self.keyID = keyID
        }

        /// The compact JWE of `plaintext`. `contentType` sets `cty` (e.g. "JWT" for a nested JWT).
        public func encrypt(_ plaintext: some Collection<UInt8>, contentType: String? = nil) throws(JWTError) -> String {
            var header: [(String, JSONValue)] = []
            header.append(("alg", .string(algorithm.rawValue)))
            header.append(("enc", .string(encryption.rawValue)))
            if let keyID { header.append(("kid", .string(keyID))) }
            if let contentType { header.append(("cty", .string(contentType))) }
            let n = encryption.keyByteCount
            var cek: SymmetricKey
            var encryptedKey: [UInt8] = []
            switch (algorithm, key) {
            case (.direct, .symmetric(let k)):
                cek = k
            case (_, .symmetric(let kek)):
                cek = SymmetricKey(data: JWE.randomBytes(n))
                do {
                    if algorithm == .a128KW || algorithm == .a192KW || algorithm == .a256KW {
                        encryptedKey = try AES.KeyWrap.wrap(cek, using: kek)
                    } else {
                        let box = cek.withUnsafeBytes { c in Result { () throws(AESError) in try AES.GCM.seal(Array(c), using: kek) } }
                        let b = try box.get()
                        encryptedKey = b.ciphertext
                        header.append(("iv", .string(Base64URL.encode(b.nonce.bytes))))
                        header.append(("tag", .string(Base64URL.encode(b.tag))))
                    }
                } catch { throw JWTError.make(.invalidKey, "key wrapping failed: \(error.code)") }
            case (_, .x25519Public(let peer)):
                let ephemeral = Curve25519.KeyAgreement.PrivateKey()
                header.append(("epk", JWE.epkObject(ephemeral.publicKey)))
                if algorithm == .ecdhES {
                    cek = try JWE.agreedKey(ephemeral, peer, algorithmID: encryption.rawValue, apu: [], apv: [], byteCount: n)
                } else {
                    let kek = try JWE.agreedKey(
                        ephemeral, peer, algorithmID: algorithm.rawValue, apu: [], apv: [], byteCount: algorithm.wrapKeyByteCount)
                    cek = SymmetricKey(data: JWE.randomBytes(n))
                    do { encryptedKey = try AES.KeyWrap.wrap(cek, using: kek) } catch {
                        throw JWTError.make(.invalidKey, "key wrapping failed: \(error.code)")
                    }
                }
            default:
                throw JWTError.make(.keyMismatch, "the key does not fit \(algorithm.rawValue)")
            }
            let protected = Base64URL.encode(try JSONSerializer.serialize(.object(try JSONObject(header))))
            let aad = Array(protected.utf8)
            let (iv, ciphertext, tag) = try encryption.seal(plaintext, cek: cek, aad: aad)
            return [
                protected, Base64URL.encode(encryptedKey), Base64URL.encode(iv), Base64URL.encode(ciphertext),
                Base64URL.encode(tag)
            ].joined(separator: ".")
        }
    }

    /// Decrypts compact JWEs (RFC 7516 §5.2) with the caller's allow-lists of `alg` and `enc`: there is no default that
    /// accepts everything.
    public struct JWEDecrypter: Sendable {
        public let key: JWEKey
        public let algorithms: Set<JWEAlgorithm>
        public let encryptions: Set<JWEEncryption>
        /// Extension header names this caller understands and processes (for `crit`).
        public var understoodCritical: Set<String> = []
        /// The largest token accepted (bytes); 64 KiB by default, as for JWS.
        public var maxTokenBytes: Int = 64 * 1024
        /// The largest decoded protected header accepted (bytes).
        public var maxHeaderBytes: Int = 8 * 1024

        public init(key: JWEKey, algorithms: Set<JWEAlgorithm>, encryptions: Set<JWEEncryption>) {
            self.key = key; self.algorithms = algorithms; self.encryptions = encryptions
        }

        /// The result: the protected header and the plaintext.
        public struct Decrypted: Sendable {
            public let header: JSONObject
            public let plaintext: [UInt8]
        }

        /// Decrypts a compact JWE. Every tag, MAC, padding, key-unwrap or key-agreement failure is one
        /// `decryptionFailed`; when a wrapped key does not unwrap, decryption goes on with a random CEK so the failure
        /// shows only as that error (RFC 7516 §11.5).
        public func decrypt(_ token: String) throws(JWTError) -> Decrypted {
            let utf8 = token.utf8
            guard utf8.count <= maxTokenBytes else {
                throw JWTError.make(.limitExceeded, "the JWE is \(utf8.count) bytes, more than \(maxTokenBytes)")
            }
            var parts: [Substring] = []
            var start = token.startIndex
            for i in token.indices where token[i] == "." {
                guard parts.count < 4 else { throw JWTError.make(.malformedToken, "a compact JWE has exactly five parts") }
                parts.append(token[start..<i])
                start = token.index(after: i)
            }
            parts.append(token[start...])
            guard parts.count == 5 else { throw JWTError.make(.malformedToken, "a compact JWE has exactly five parts") }
            guard parts[0].utf8.count <= (maxHeaderBytes * 4 + 2) / 3 else {
                throw JWTError.make(.limitExceeded, "the JWE protected header is longer than \(maxHeaderBytes) bytes")
            }
            let headerBytes = try Base64URL.decode(parts[0])
            let parsed = try JSONValue(parsing: headerBytes, limits: JSONLimits(maxDepth: 8, maxBytes: maxHeaderBytes))
            guard case .object(let header) = parsed else {
                throw JWTError.make(.malformedToken, "the JWE protected header is not a JSON object")
            }
            let encryptedKey = try Base64URL.decode(parts[1])
            let iv = try Base64URL.decode(parts[2])
            let ciphertext = try Base64URL.decode(parts[3])
            let tag = try Base64URL.decode(parts[4])
            let plaintext = try decryptParts(
                header: header, aad: Array(parts[0].utf8), encryptedKey: encryptedKey, iv: iv, ciphertext: ciphertext, tag: tag)
            return Decrypted(header: header, plaintext: plaintext)
        }

        func decryptParts(
            header: JSONObject, aad: [UInt8], encryptedKey: [UInt8], iv: [UInt8], ciphertext: [UInt8], tag: [UInt8]
        ) throws(JWTError) -> [UInt8] {
            guard let algName = try JWE.string(header, "alg") else { throw JWTError.make(.malformedToken, "JWE header has no \"alg\"") }
            guard let encName = try JWE.string(header, "enc") else { throw JWTError.make(.malformedToken, "JWE header has no \"enc\"") }
            let alg = try JWEAlgorithm.parse(algName)
            let enc = try JWEEncryption.parse(encName)
            guard algorithms.contains(alg) else {
                throw JWTError.make(.algorithmNotAllowed, "JWE \"alg\" \(quoted(algName)) is not in the allow-list")
            }
            guard encryptions.contains(enc) else {
                throw JWTError.make(.algorithmNotAllowed, "JWE \"enc\" \(quoted(encName)) is not in the allow-list")
            }
            if header["zip"] != nil {
                throw JWTError.make(.refusedCompression, "\"zip\" is refused: decompressing attacker-supplied data invites decompression bombs (RFC 8725 §3.6)")
            }
            try checkCritical(header)
            let n = enc.keyByteCount
            let cek: SymmetricKey
            switch (alg, key) {
            case (.direct, .symmetric(let k)):
                guard encryptedKey.isEmpty else { throw JWTError.make(.malformedToken, "\"dir\" takes an empty encrypted key") }
                guard k.byteCount == n else { throw JWTError.make(.keyMismatch, "the key does not fit \(encName)") }
                cek = k
            case (.a128KW, .symmetric(let kek)), (.a192KW, .symmetric(let kek)), (.a256KW, .symmetric(let kek)):
                guard kek.byteCount == alg.wrapKeyByteCount else { throw JWTError.make(.keyMismatch, "the key does not fit \(algName)") }
                cek = unwrapOrRandom(encryptedKey, kek: kek, count: n)
            case (.a128GCMKW, .symmetric(let kek)), (.a192GCMKW, .symmetric(let kek)), (.a256GCMKW, .symmetric(let kek)):
                guard kek.byteCount == alg.wrapKeyByteCount else { throw JWTError.make(.keyMismatch, "the key does not fit \(algName)") }
                guard let kiv = try JWE.bytes(header, "iv"), kiv.count == 12, let ktag = try JWE.bytes(header, "tag"), ktag.count == 16
                else { throw JWTError.make(.malformedToken, "\(algName) needs a 96-bit \"iv\" and a 128-bit \"tag\" in the header") }
                var unwrapped: [UInt8]? = nil
                if let box = try? AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: kiv), ciphertext: encryptedKey, tag: ktag) {
                    unwrapped = try? AES.GCM.open(box, using: kek)
                }
                if let u = unwrapped, u.count == n { cek = SymmetricKey(data: u) } else { cek = SymmetricKey(data: JWE.randomBytes(n)) }
            case (.ecdhES, .x25519Private(let k)), (.ecdhESA128KW, .x25519Private(let k)),
                (.ecdhESA192KW, .x25519Private(let k)), (.ecdhESA256KW, .x25519Private(let k)):
                let epk = try JWE.epkKey(header["epk"])
                let apu = try JWE.bytes(header, "apu") ?? []
                let apv = try JWE.bytes(header, "apv") ?? []
                if alg == .ecdhES {
                    guard encryptedKey.isEmpty else { throw JWTError.make(.malformedToken, "\"ECDH-ES\" takes an empty encrypted key") }
                    cek = try JWE.agreedKey(k, epk, algorithmID: encName, apu: apu, apv: apv, byteCount: n)
                } else {
                    let kek = try JWE.agreedKey(k, epk, algorithmID: algName, apu: apu, apv: apv, byteCount: alg.wrapKeyByteCount)
                    cek = unwrapOrRandom(encryptedKey, kek: kek, count: n)
                }
            default:
                throw JWTError.make(.keyMismatch, "the key does not fit \(algName)")
            }
            return try enc.open(iv: iv, ciphertext: ciphertext, tag: tag, cek: cek, aad: aad)
        }

        /// The unwrapped CEK, or a random one of the right size when unwrapping fails (RFC 7516 §11.5): the content
        /// decryption then fails with the one `decryptionFailed`.
        func unwrapOrRandom(_ wrapped: [UInt8], kek: SymmetricKey, count: Int) -> SymmetricKey {
            let random = SymmetricKey(data: JWE.randomBytes(count))
            guard let k = try? AES.KeyWrap.unwrap(wrapped, using: kek), k.byteCount == count else { return random }
            return k
        }

        func checkCritical(_ header: JSONObject) throws(JWTError) {
            guard let c = header["crit"] else { return }
            guard case .array(let a) = c, !a.isEmpty, a.count <= 16 else {
                throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" must be a non-empty array of strings")
            }
            for e in a {
                guard case .string(let n) = e else {
                    throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" must be a non-empty array of strings")
                }
                if JWE.registered.contains(where: { sameBytes($0, n) }) {
                    throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" lists the registered parameter \(quoted(n))")
                }
                guard understoodCritical.contains(where: { sameBytes($0, n) }) else {
                    throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" names \(quoted(n)), which this decrypter does not understand")
                }
                guard header[n] != nil else {
                    throw JWTError.make(.unsupportedCriticalHeader, "\"crit\" names \(quoted(n)), which the header lacks")
                }
            }
        }
    }
#endif
