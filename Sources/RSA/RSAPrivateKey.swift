import BigNum
import ConstantTime
import DER
import SHA2

/// An RSA private key for signing (RFC 8017 §3.2, two primes), immutable and `Sendable`.
///
/// Loading checks the key's consistency (n = p·q, d·e ≡ 1 mod λ(n), dP, dQ and qInv as defined;
/// each failure has its own ``RSAKeyError`` code), the public rules of ``RSAKeyOptions`` and the prime rules
/// (each prime at least a third of n's bits, |p − q| > 2^(nlen/2 − 100): `.invalidPrime`), then
/// precomputes the Montgomery constants of p and q without branching on them. Signing is the CRT
/// private operation in constant time with base blinding and verification before release (see
/// ``signature(for:padding:)-(Sequence<UInt8>,_)``). The secret values live in one buffer that is overwritten when the
/// key is released (best effort: copies made while loading are not tracked). `description` shows
/// only the modulus size.
///
/// Loading itself (the consistency checks, and recovering p and q from n, e, d) uses the
/// variable-time `BigUInt` arithmetic: it runs once per key, not per signature.
public final class RSAPrivateKey: @unchecked Sendable, CustomStringConvertible {
    /// The public half (verification, and the modulus and exponent).
    public let publicKey: RSAPublicKey
    /// The secret limbs and their Montgomery constants.
    let secrets: CRTSecrets

    public var description: String { "RSAPrivateKey(\(publicKey.modulusBitCount) bits)" }

    // MARK: - Loading

    /// Reads a PEM `RSA PRIVATE KEY` (PKCS#1) or `PRIVATE KEY` (PKCS#8) block.
    ///
    /// - Throws: ``RSAKeyError``: `.invalidEncoding`, `.unsupportedKeyType` (another label or an
    ///   EC key), `.unsupportedVersion` (multi-prime), a public-key rule, or a consistency code.
    public convenience init(pemRepresentation pem: String, options: RSAKeyOptions = .default) throws(RSAKeyError) {
        let doc: PEMDocument
        do {
            doc = try PEMDocument(pemString: pem)
        } catch {
            throw .encoding("PEM", error)
        }
        switch doc.label {
        case "RSA PRIVATE KEY":
            try self.init(pkcs1DER: doc.derBytes, options: options)
        case "PRIVATE KEY":
            try self.init(pkcs8DER: doc.derBytes, options: options)
        default:
            throw .make(.unsupportedKeyType, "PEM block \"\(doc.label)\" is not an RSA private key")
        }
    }

    /// Reads DER PKCS#1 RSAPrivateKey (RFC 8017 App. A.1.2) or PKCS#8 PrivateKeyInfo (RFC 5208 /
    /// RFC 5958), told apart by their second element (an INTEGER or an AlgorithmIdentifier).
    public convenience init(derRepresentation der: some Collection<UInt8>, options: RSAKeyOptions = .default) throws(RSAKeyError) {
        let bytes = Array(der)
        if RSAPrivateKey.looksLikePKCS8(bytes) {
            try self.init(pkcs8DER: bytes, options: options)
        } else {
            try self.init(pkcs1DER: bytes, options: options)
        }
    }

    private convenience init(pkcs1DER bytes: [UInt8], options: RSAKeyOptions) throws(RSAKeyError) {
        let key: PKCS1RSAPrivateKey
        do {
            key = try PKCS1RSAPrivateKey(derEncoded: bytes)
        } catch {
            throw .encoding("RSAPrivateKey", error)
        }
        try self.init(pkcs1: key, algorithm: .rsaEncryption, options: options)
    }

    private convenience init(pkcs8DER bytes: [UInt8], options: RSAKeyOptions) throws(RSAKeyError) {
        let info: PKCS8PrivateKeyInfo
        do {
            info = try PKCS8PrivateKeyInfo(derEncoded: bytes)
        } catch {
            throw .encoding("PrivateKeyInfo", error)
        }
        guard info.algorithm.isRSA, let key = info.privateKey.rsa else {
            throw .make(.unsupportedKeyType, "the PrivateKeyInfo does not hold an RSA key")
        }
        try self.init(pkcs1: key, algorithm: info.algorithm, options: options)
    }

    /// A PKCS#8 body: SEQUENCE { INTEGER version, SEQUENCE AlgorithmIdentifier, … }; PKCS#1 has
    /// an INTEGER (the modulus) second.
    private static func looksLikePKCS8(_ der: [UInt8]) -> Bool {
        guard der.count >= 4, der[0] == 0x30 else { return false }
        let lengthOctets = der[1] < 0x80 ? 0 : Int(der[1] & 0x7f)
        var i = 2 + lengthOctets
        guard i + 1 < der.count, der[i] == 0x02, der[i + 1] < 0x80 else { return false }
        i += 2 + Int(der[i + 1])
        return i < der.count && der[i] == 0x30
    }

    convenience init(pkcs1 key: PKCS1RSAPrivateKey, algorithm: PublicKeyAlgorithm, options: RSAKeyOptions) throws(RSAKeyError) {
        guard key.otherPrimeInfos.isEmpty else {
            throw .make(.unsupportedVersion, "multi-prime RSAPrivateKey (version 1) is not supported")
        }
        let pub = try RSAPublicKey(modulus: key.modulus, publicExponent: key.publicExponent, options: options,
                                   algorithm: algorithm)
        func big(_ b: [UInt8]) -> BigUInt { BigUInt(bigEndianBytes: b) }
        try self.init(publicKey: pub, d: big(key.privateExponent), p: big(key.prime1), q: big(key.prime2),
                      dP: big(key.exponent1), dQ: big(key.exponent2), qInv: big(key.coefficient))
    }

    /// A key from all its components, big-endian (leading zeros allowed). Every relation is checked.
    public convenience init(
        modulus: some Collection<UInt8>, publicExponent: some Collection<UInt8>, privateExponent: some Collection<UInt8>,
        prime1: some Collection<UInt8>, prime2: some Collection<UInt8>, exponent1: some Collection<UInt8>,
        exponent2: some Collection<UInt8>, coefficient: some Collection<UInt8>, options: RSAKeyOptions = .default
    ) throws(RSAKeyError) {
        let pub = try RSAPublicKey(modulus: modulus, publicExponent: publicExponent, options: options)
        try self.init(publicKey: pub, d: BigUInt(bigEndianBytes: privateExponent), p: BigUInt(bigEndianBytes: prime1),
                      q: BigUInt(bigEndianBytes: prime2), dP: BigUInt(bigEndianBytes: exponent1),
                      dQ: BigUInt(bigEndianBytes: exponent2), qInv: BigUInt(bigEndianBytes: coefficient))
    }

    /// A key given as n, e and d only (as a JWK may be): p and q are recovered by NIST SP 800-56B
    /// Rev. 2, Appendix C.2 (the deterministic method: no exponentiation, so a refusal costs no more than an
    /// acceptance), then dP, dQ and qInv computed, and every rule checked as for any key.
    ///
    /// - Throws: `.factorizationFailed` when d does not fit n and e (or n is not the product of two primes of
    ///   comparable size), a public-key rule, or a prime rule (`.invalidPrime`).
    public convenience init(
        modulus: some Collection<UInt8>, publicExponent: some Collection<UInt8>, privateExponent: some Collection<UInt8>,
        options: RSAKeyOptions = .default
    ) throws(RSAKeyError) {
        let pub = try RSAPublicKey(modulus: modulus, publicExponent: publicExponent, options: options)
        let n = pub.context.modulus
        let d = BigUInt(bigEndianBytes: privateExponent)
        guard !d.isZero, d < n else { throw .make(.privateExponentMismatch, "d must lie in [1, n − 1]") }
        guard let (p, q) = RSAPrivateKey.recoverFactors(n: n, e: pub.exponent, d: d) else {
            throw .make(.factorizationFailed, "n could not be factored from e and d (SP 800-56B App. C.2)")
        }
        let one = BigUInt(1)
        guard let qInv = q.inverseVarTime(modulo: p) else { throw .make(.invalidPrime, "q is not invertible mod p") }
        try self.init(publicKey: pub, d: d, p: p, q: q, dP: d % (p - one), dQ: d % (q - one), qInv: qInv)
    }

    /// Checks every relation, then precomputes. Variable time (once per key).
    init(publicKey pub: RSAPublicKey, d: BigUInt, p: BigUInt, q: BigUInt, dP: BigUInt, dQ: BigUInt, qInv: BigUInt) throws(RSAKeyError) {
        let n = pub.context.modulus
        let one = BigUInt(1)
        let three = BigUInt(3)
        guard p >= three, q >= three, p.bit(0), q.bit(0), p != q else {
            throw .make(.invalidPrime, "p and q must be distinct odd integers above 2")
        }
        guard p * q == n else { throw .make(.modulusMismatch, "n ≠ p·q") }
        try RSAPrivateKey.checkPrimeSizes(p, q, modulusBits: pub.modulusBitCount)
        let e = BigUInt(pub.exponent)
        let pm1 = p - one, qm1 = q - one
        guard !d.isZero, d < n else { throw .make(.privateExponentMismatch, "d must lie in [1, n − 1]") }
        // d·e ≡ 1 mod λ(n) = lcm(p − 1, q − 1) ⇔ d·e ≡ 1 mod (p − 1) and mod (q − 1) (also for d mod φ(n)).
        let de = d * e
        guard de % pm1 == one, de % qm1 == one else {
            throw .make(.privateExponentMismatch, "d·e ≢ 1 mod λ(n)")
        }
        guard dP == d % pm1, dQ == d % qm1 else {
            throw .make(.crtExponentMismatch, "dP ≠ d mod (p − 1) or dQ ≠ d mod (q − 1)")
        }
        guard qInv < p, (qInv * q) % p == one else {
            throw .make(.crtCoefficientMismatch, "qInv·q ≢ 1 mod p")
        }
        publicKey = pub
        secrets = CRTSecrets(n: pub.context.limbCount, p: p.limbs, q: q.limbs, d: d.limbs, dP: dP.limbs, dQ: dQ.limbs,
                             qInv: qInv.limbs)
    }

    /// The prime rules, for a modulus of nlen bits:
    ///
    /// - the smaller prime has at least ⌊nlen / 3⌋ bits. FIPS 186-5 A.1.1 generates both primes of exactly nlen/2 bits;
    ///   the bound is lower so that every real key loads — python-rsa's generator makes primes of nlen/2 ± nlen/32
    ///   bits, and Wycheproof's e = 3 signing keys (`rsa_pkcs1_*_sig_gen_test.json`) have a prime of a third of n
    ///   plus one or two bits — while a tiny prime (3, 5, 29 …: n falls to trial division, and a blinding value can
    ///   share it) or one within reach of ECM (the record factor has 274 bits; ⌊nlen / 3⌋ ≥ 341 at 1024 bits) is refused;
    /// - |p − q| > 2^(nlen/2 − 100) (FIPS 186-5 A.1.3 step 5.4): closer primes fall to Fermat's method.
    static func checkPrimeSizes(_ p: BigUInt, _ q: BigUInt, modulusBits nlen: Int) throws(RSAKeyError) {
        let smaller = min(p.bitWidth, q.bitWidth)
        guard smaller >= nlen / 3 else {
            throw .make(.invalidPrime, "a prime of \(smaller) bits in a \(nlen)-bit modulus: each prime needs at least \(nlen / 3) bits (a third of n)")
        }
        let difference = p > q ? p - q : q - p
        guard difference > BigUInt(1) << max(nlen / 2 - 100, 0) else {
            throw .make(.invalidPrime, "|p − q| ≤ 2^(nlen/2 − 100): primes this close factor n by Fermat's method (FIPS 186-5 A.1.3)")
        }
    }

    // MARK: - Export

    /// The PKCS#1 RSAPrivateKey structure (the DER module's type).
    var pkcs1PrivateKey: PKCS1RSAPrivateKey {
        let s = secrets
        return PKCS1RSAPrivateKey(
            modulus: publicKey.modulus, publicExponent: publicKey.publicExponent,
            privateExponent: s.bytes(s.d, s.kn), prime1: s.bytes(s.p, s.kp), prime2: s.bytes(s.q, s.kq),
            exponent1: s.bytes(s.dP, s.kp), exponent2: s.bytes(s.dQ, s.kq), coefficient: s.bytes(s.qInv, s.kp))
    }

    /// DER PKCS#8 PrivateKeyInfo (version 0, with the algorithm the key was read with: rsaEncryption,
    /// or id-RSASSA-PSS and its parameters).
    public var derRepresentation: [UInt8] {
        PKCS8PrivateKeyInfo(algorithm: publicKey.spkiAlgorithm, privateKey: .rsa(pkcs1PrivateKey)).derEncoded()
    }

    /// PEM `PRIVATE KEY` of ``derRepresentation``.
    public var pemRepresentation: String { PEMDocument(label: "PRIVATE KEY", derBytes: derRepresentation).pemString }

    /// DER PKCS#1 RSAPrivateKey (version 0).
    public var pkcs1DERRepresentation: [UInt8] { pkcs1PrivateKey.derEncoded() }

    /// PEM `RSA PRIVATE KEY` of ``pkcs1DERRepresentation``.
    public var pkcs1PEMRepresentation: String {
        PEMDocument(label: "RSA PRIVATE KEY", derBytes: pkcs1DERRepresentation).pemString
    }
}

/// The secret values of a two-prime key and the Montgomery constants of p and q, in one buffer
/// that is overwritten when released. Immutable after construction.
final class CRTSecrets: @unchecked Sendable {
    let kn: Int, kp: Int, kq: Int
    let storage: UnsafeMutablePointer<UInt64>
    let count: Int
    // Offsets (limbs) into storage.
    let p: Int, q: Int, d: Int, dP: Int, dQ: Int, qInv: Int, qInvM: Int, rrP: Int, rrQ: Int, n0: Int

    /// From limb arrays (least significant first); p and q must be odd; dP < p, dQ < q, qInv < p,
    /// d < n. The precomputation is constant time in the values (lengths are public).
    init(n kn: Int, p pl: [UInt64], q ql: [UInt64], d dl: [UInt64], dP dPl: [UInt64], dQ dQl: [UInt64], qInv qil: [UInt64]) {
        self.kn = kn
        kp = pl.count
        kq = ql.count
        var o = 0
        func take(_ c: Int) -> Int { defer { o += c }; return o }
        p = take(kp); q = take(kq); d = take(kn); dP = take(kp); dQ = take(kq); qInv = take(kp); qInvM = take(kp)
        rrP = take(2 * kp); rrQ = take(2 * kq); n0 = take(2)
        count = o
        storage = .allocate(capacity: count)
        storage.initialize(repeating: 0, count: count)
        func put(_ v: [UInt64], _ at: Int, _ k: Int) { for i in 0..<min(v.count, k) { storage[at + i] = v[i] } }
        put(pl, p, kp); put(ql, q, kq); put(dl, d, kn); put(dPl, dP, kp); put(dQl, dQ, kq); put(qil, qInv, kp)
        precompute()
    }

    /// From raw limb buffers, each value at its own length (FaultTests builds a key with a corrupted dP this way).
    init(kn: Int, kp: Int, kq: Int, fill: (_ storage: UnsafeMutablePointer<UInt64>, _ p: Int, _ q: Int, _ dP: Int, _ dQ: Int, _ qInv: Int) -> Void) {
        self.kn = kn; self.kp = kp; self.kq = kq
        var o = 0
        func take(_ c: Int) -> Int { defer { o += c }; return o }
        p = take(kp); q = take(kq); d = take(kn); dP = take(kp); dQ = take(kq); qInv = take(kp); qInvM = take(kp)
        rrP = take(2 * kp); rrQ = take(2 * kq); n0 = take(2)
        count = o
        storage = .allocate(capacity: count)
        storage.initialize(repeating: 0, count: count)
        fill(storage, p, q, dP, dQ, qInv)
        precompute()
    }

    /// n0inv, R² and R³ of p and q; qInv·R mod p.
    private func precompute() {
        let s = storage
        let k = max(kp, kq)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * k + 2) { buf in
            let t = buf.baseAddress!
            s[n0] = SecretModulus.precompute(modulus: s + p, count: kp, rr: s + rrP, rrr: s + rrP + kp, scratch: t)
            s[n0 + 1] = SecretModulus.precompute(modulus: s + q, count: kq, rr: s + rrQ, rrr: s + rrQ + kq, scratch: t)
            Limbs.montgomeryMultiply(s + qInvM, s + qInv, s + rrP, modulus: s + p, n0inv: s[n0], count: kp, scratch: t)
            CT.wipe(t, byteCount: (2 * k + 2) * 8)
        }
    }

    deinit {
        CT.wipe(storage, byteCount: count * 8)
        storage.deallocate()
    }

    /// Minimal big-endian bytes of a stored value (for export; branches on leading zero bytes).
    func bytes(_ at: Int, _ k: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 8 * k)
        for i in 0..<(8 * k) { out[8 * k - 1 - i] = UInt8(truncatingIfNeeded: storage[at + i / 8] >> UInt64((i % 8) * 8)) }
        let first = out.firstIndex(where: { $0 != 0 }) ?? out.count
        return Array(out[first...])
    }
}

