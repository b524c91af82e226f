import ConstantTime

/// PKCS#1 RSAPublicKey (RFC 8017 App. A.1.1):
///
/// ```
/// RSAPublicKey ::= SEQUENCE {
///     modulus           INTEGER,  -- n
///     publicExponent    INTEGER } -- e
/// ```
/// Both integers must be non-negative (`.negativeInteger` otherwise); they are held as unsigned
/// big-endian magnitudes without leading zero octets. Range checks (size, parity, exponent) are
/// the RSA module's.
public struct PKCS1RSAPublicKey: Sendable, Equatable, Hashable {
    /// n and e, big-endian magnitudes without leading zero octets.
    public var modulus: [UInt8]
    /// The public exponent e (see `modulus`).
    public var publicExponent: [UInt8]

    /// Leading zero octets of the arguments are dropped.
    public init(modulus: [UInt8], publicExponent: [UInt8]) {
        self.modulus = Array(modulus.drop(while: { $0 == 0 }))
        self.publicExponent = Array(publicExponent.drop(while: { $0 == 0 }))
    }

    /// Parses strict DER (no trailing data).
    public init(derEncoded: [UInt8]) throws(DERError) { try self.init(derEncoded: derEncoded[...]) }

    /// The same for a slice (no copy of the input).
    public init(derEncoded: ArraySlice<UInt8>) throws(DERError) {
        var r = try DERReader(derEncoded)
        let (n, e) = try r.sequence("RSAPublicKey") { s throws(DERError) in
            (try s.readUnsignedInteger("modulus"), try s.readUnsignedInteger("publicExponent"))
        }
        try r.finish()
        modulus = Array(n)
        publicExponent = Array(e)
    }

    /// Parses a PEM `RSA PUBLIC KEY` block.
    public init(pemString: String) throws(DERError) {
        let doc = try PEMDocument(pemString: pemString, expectedLabel: "RSA PUBLIC KEY")
        try self.init(derEncoded: doc.derBytes)
    }

    /// Canonical DER.
    public func derEncoded() -> [UInt8] {
        var w = DERWriter()
        w.writeSequence { s in
            s.writeUnsignedInteger(modulus)
            s.writeUnsignedInteger(publicExponent)
        }
        return w.bytes
    }

    /// PEM `RSA PUBLIC KEY`.
    public var pemString: String { PEMDocument(label: "RSA PUBLIC KEY", derBytes: derEncoded()).pemString }
}

/// PKCS#1 RSAPrivateKey (RFC 8017 App. A.1.2):
///
/// ```
/// RSAPrivateKey ::= SEQUENCE {
///     version           Version,            -- 0 two-prime, 1 multi
///     modulus           INTEGER,  -- n
///     publicExponent    INTEGER,  -- e
///     privateExponent   INTEGER,  -- d
///     prime1            INTEGER,  -- p
///     prime2            INTEGER,  -- q
///     exponent1         INTEGER,  -- d mod (p-1)
///     exponent2         INTEGER,  -- d mod (q-1)
///     coefficient       INTEGER,  -- (inverse of q) mod p
///     otherPrimeInfos   OtherPrimeInfos OPTIONAL }
/// OtherPrimeInfo ::= SEQUENCE { prime INTEGER, exponent INTEGER, coefficient INTEGER }
/// ```
/// Version 0 must have no otherPrimeInfos, version 1 must have at least one. All integers are
/// non-negative; the modulus and the primes must be odd (a cheap consistency check that, for
/// instance, refuses a "prime" q = 2).
public struct PKCS1RSAPrivateKey: Sendable, Equatable, Hashable {
    /// One further prime of a multi-prime key (RFC 8017 App. A.1.2).
    public struct OtherPrimeInfo: Sendable, Equatable, Hashable {
        /// rᵢ, big-endian.
        public var prime: [UInt8]
        /// dᵢ = d mod (rᵢ − 1), big-endian.
        public var exponent: [UInt8]
        /// tᵢ, the CRT coefficient, big-endian.
        public var coefficient: [UInt8]
        /// An entry from its three magnitudes.
        public init(prime: [UInt8], exponent: [UInt8], coefficient: [UInt8]) {
            self.prime = prime; self.exponent = exponent; self.coefficient = coefficient
        }
    }

    /// The fields of RFC 8017 App. A.1.2, big-endian magnitudes without leading zero octets.
    public var modulus: [UInt8]
    public var publicExponent: [UInt8]
    public var privateExponent: [UInt8]
    public var prime1: [UInt8]
    public var prime2: [UInt8]
    public var exponent1: [UInt8]
    public var exponent2: [UInt8]
    public var coefficient: [UInt8]
    /// The further primes (empty for a two-prime, version 0 key).
    public var otherPrimeInfos: [OtherPrimeInfo]

    /// A key from its fields; leading zero octets are dropped.
    public init(
        modulus: [UInt8], publicExponent: [UInt8], privateExponent: [UInt8], prime1: [UInt8], prime2: [UInt8],
        exponent1: [UInt8], exponent2: [UInt8], coefficient: [UInt8], otherPrimeInfos: [OtherPrimeInfo] = []
    ) {
        func trim(_ a: [UInt8]) -> [UInt8] { Array(a.dropFirst(leadingZeroOctets(a))) }
        self.modulus = trim(modulus); self.publicExponent = trim(publicExponent)
        self.privateExponent = trim(privateExponent); self.prime1 = trim(prime1); self.prime2 = trim(prime2)
        self.exponent1 = trim(exponent1); self.exponent2 = trim(exponent2); self.coefficient = trim(coefficient)
        self.otherPrimeInfos = otherPrimeInfos.map {
            OtherPrimeInfo(prime: trim($0.prime), exponent: trim($0.exponent), coefficient: trim($0.coefficient))
        }
    }

    /// The public half.
    public var publicKey: PKCS1RSAPublicKey { PKCS1RSAPublicKey(modulus: modulus, publicExponent: publicExponent) }

    /// Parses strict DER (no trailing data).
    public init(derEncoded: [UInt8]) throws(DERError) { try self.init(derEncoded: derEncoded[...]) }

    /// The same for a slice (no copy of the input).
    public init(derEncoded: ArraySlice<UInt8>) throws(DERError) {
        var r = try DERReader(derEncoded)
        self = try r.sequence("RSAPrivateKey") { s throws(DERError) in
            let versionAt = s.position
            let version = try s.readInt("version")
            guard version == 0 || version == 1 else {
                throw DERError.make(.invalidVersion, at: versionAt, "RSAPrivateKey version \(version) (must be 0 or 1)")
            }
            func int(_ name: String) throws(DERError) -> [UInt8] { Array(try s.readUnsignedInteger(name)) }
            let nAt = s.position
            let n = try int("modulus"), e = try int("publicExponent"), d = try int("privateExponent")
            let p = try int("prime1"), q = try int("prime2")
            let dp = try int("exponent1"), dq = try int("exponent2"), qi = try int("coefficient")
            var others: [OtherPrimeInfo] = []
            if version == 1 {
                // OtherPrimeInfos ::= SEQUENCE SIZE(1..MAX) OF OtherPrimeInfo
                try s.sequence("OtherPrimeInfos") { list throws(DERError) in
                    guard !list.isAtEnd else {
                        throw DERError.make(.missingElement, at: list.position, "version 1 RSAPrivateKey with no other primes")
                    }
                    while !list.isAtEnd {
                        let info = try list.sequence("OtherPrimeInfo") { o throws(DERError) in
                            OtherPrimeInfo(
                                prime: Array(try o.readUnsignedInteger("prime")),
                                exponent: Array(try o.readUnsignedInteger("exponent")),
                                coefficient: Array(try o.readUnsignedInteger("coefficient")))
                        }
                        others.append(info)
                    }
                }
            }
            for (name, v) in [("modulus", n), ("prime1", p), ("prime2", q)] + others.map({ ("other prime", $0.prime) }) {
                // The primes are secret: the verdict (odd, as every valid key's) is computed by mask and published.
                guard let last = v.last, CT.declassify(UInt64(last) & 1) else {
                    throw DERError.make(.invalidKey, at: nAt, "RSAPrivateKey \(name) is even")
                }
            }
            return PKCS1RSAPrivateKey(
                modulus: n, publicExponent: e, privateExponent: d, prime1: p, prime2: q,
                exponent1: dp, exponent2: dq, coefficient: qi, otherPrimeInfos: others)
        }
        try r.finish()
    }

    /// Parses a PEM `RSA PRIVATE KEY` block (unencrypted; RFC 1421 headers are refused).
    public init(pemString: String) throws(DERError) {
        let doc = try PEMDocument(pemString: pemString, expectedLabel: "RSA PRIVATE KEY")
        try self.init(derEncoded: doc.derBytes)
    }

    /// Canonical DER (version 1 exactly when other primes are present).
    public func derEncoded() -> [UInt8] {
        var w = DERWriter()
        w.writeSequence { s in
            s.writeInteger(otherPrimeInfos.isEmpty ? 0 : 1)
            for v in [modulus, publicExponent, privateExponent, prime1, prime2, exponent1, exponent2, coefficient] {
                s.writeUnsignedInteger(v)
            }
            if !otherPrimeInfos.isEmpty {
                s.writeSequence { list in
                    for o in otherPrimeInfos {
                        list.writeSequence {
                            $0.writeUnsignedInteger(o.prime)
                            $0.writeUnsignedInteger(o.exponent)
                            $0.writeUnsignedInteger(o.coefficient)
                        }
                    }
                }
            }
        }
        return w.bytes
    }

    /// PEM `RSA PRIVATE KEY`.
    public var pemString: String { PEMDocument(label: "RSA PRIVATE KEY", derBytes: derEncoded()).pemString }
}

/// The number of leading zero octets of a (possibly secret) big-endian integer, counted under masks: only the count
/// — the integer's length, which the DER length shows — is published.
func leadingZeroOctets(_ a: [UInt8]) -> Int {
    var stillZero: UInt64 = ~0
    var count: UInt64 = 0
    for b in a {
        stillZero &= CT.equalMask(UInt64(b), 0)
        count &+= stillZero & 1
    }
    return Int(CT.declassifyValue(count))
}
