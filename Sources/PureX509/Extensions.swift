import DER

/// One extension as encoded (RFC 5280 §4.1: `Extension ::= SEQUENCE { extnID, critical DEFAULT FALSE, extnValue }`).
public struct CertificateExtension: Sendable, Hashable {
    /// The extension's OBJECT IDENTIFIER.
    public let oid: ASN1ObjectIdentifier
    /// Whether it is marked critical.
    public let isCritical: Bool
    /// The contents of `extnValue` (the DER of the extension's own structure).
    public let value: [UInt8]
}

/// basicConstraints (RFC 5280 §4.2.1.9).
public struct BasicConstraints: Sendable, Hashable {
    /// cA.
    public let isCertificateAuthority: Bool
    /// pathLenConstraint, if present.
    public let pathLengthConstraint: Int?
}

/// keyUsage (RFC 5280 §4.2.1.3): the nine named bits.
public struct KeyUsage: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static let digitalSignature = KeyUsage(rawValue: 1 << 0)
    public static let nonRepudiation = KeyUsage(rawValue: 1 << 1)
    public static let keyEncipherment = KeyUsage(rawValue: 1 << 2)
    public static let dataEncipherment = KeyUsage(rawValue: 1 << 3)
    public static let keyAgreement = KeyUsage(rawValue: 1 << 4)
    public static let keyCertSign = KeyUsage(rawValue: 1 << 5)
    public static let cRLSign = KeyUsage(rawValue: 1 << 6)
    public static let encipherOnly = KeyUsage(rawValue: 1 << 7)
    public static let decipherOnly = KeyUsage(rawValue: 1 << 8)
}

/// authorityKeyIdentifier (RFC 5280 §4.2.1.1).
public struct AuthorityKeyIdentifier: Sendable, Hashable {
    public let keyIdentifier: [UInt8]?
    public let authorityCertIssuer: [GeneralName]?
    public let authorityCertSerialNumber: [UInt8]?
}

/// nameConstraints (RFC 5280 §4.2.1.10): the bases of the permitted and excluded subtrees (minimum 0,
/// maximum absent, as the profile requires).
public struct NameConstraints: Sendable, Hashable {
    public let permittedSubtrees: [GeneralName]
    public let excludedSubtrees: [GeneralName]
}

/// One PolicyInformation of certificatePolicies (RFC 5280 §4.2.1.4).
public struct PolicyInformation: Sendable, Hashable {
    public let policyIdentifier: ASN1ObjectIdentifier
    /// The policyQualifiers SEQUENCE's DER, if present.
    public let qualifiers: [UInt8]?
}

/// The extensions of a certificate, the ones this module knows decoded.
public struct CertificateExtensions: Sendable, Hashable {
    /// Every extension in encoding order.
    public let all: [CertificateExtension]
    public let basicConstraints: BasicConstraints?
    public let keyUsage: KeyUsage?
    /// The extendedKeyUsage purposes (never empty when present).
    public let extendedKeyUsage: [ASN1ObjectIdentifier]?
    public let subjectKeyIdentifier: [UInt8]?
    public let authorityKeyIdentifier: AuthorityKeyIdentifier?
    public let subjectAlternativeNames: [GeneralName]?
    public let nameConstraints: NameConstraints?
    public let certificatePolicies: [PolicyInformation]?

    /// The extension with `oid`, if present.
    public func first(_ oid: ASN1ObjectIdentifier) -> CertificateExtension? { all.first { $0.oid == oid } }

    /// The OIDs this module processes during validation (a critical extension outside this list is refused).
    static let processed: [ASN1ObjectIdentifier] = [
        X509OID.basicConstraints, X509OID.keyUsage, X509OID.extendedKeyUsage, X509OID.subjectKeyIdentifier,
        X509OID.authorityKeyIdentifier, X509OID.subjectAlternativeName, X509OID.nameConstraints,
        X509OID.certificatePolicies,
    ]

    static let empty = CertificateExtensions(list: [])

    /// The most extensions a certificate may carry; more is refused with `X509Error.Code.limitExceeded`
    /// (real certificates carry a dozen or so).
    public static let maximumCount = 64
    /// The most PolicyInformation entries in certificatePolicies; more is refused with `limitExceeded`.
    public static let maximumPolicies = 64
    /// The most names in subjectAltName; more is refused with `limitExceeded`.
    public static let maximumNames = 1024
    /// The most subtrees in nameConstraints, permitted and excluded together; more is refused with `limitExceeded`
    /// (each of a certificate's names is matched against each subtree).
    public static let maximumSubtrees = 256

    private init(list: [CertificateExtension]) {
        all = list; basicConstraints = nil; keyUsage = nil; extendedKeyUsage = nil; subjectKeyIdentifier = nil
        authorityKeyIdentifier = nil; subjectAlternativeNames = nil; nameConstraints = nil; certificatePolicies = nil
    }

    /// Reads `Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension` and decodes the known ones.
    init(reading e: DERElement) throws(X509Error) {
        var list: [CertificateExtension] = []
        do throws(DERError) {
            var s = try e.contentsReader()
            while !s.isAtEnd {
                guard list.count < CertificateExtensions.maximumCount else {
                    throw DERError.make(.tooManyElements, at: s.position, "more than \(CertificateExtensions.maximumCount) extensions")
                }
                list.append(try s.sequence("Extension") { (x: inout DERReader) throws(DERError) -> CertificateExtension in
                    let oid = try x.readObjectIdentifier("extnID")
                    var critical = false
                    if let b = try x.nextIfPresent(.boolean) {
                        critical = try b.booleanValue()
                        guard critical else {
                            throw DERError.make(.defaultValueEncoded, at: b.offset, "critical FALSE is the DEFAULT and must be omitted (X.690 §11.5)")
                        }
                    }
                    let v = try x.readOctetString("extnValue")
                    return CertificateExtension(oid: oid, isCritical: critical, value: Array(v))
                })
            }
        } catch {
            throw X509Error.der(error, "Extensions")
        }
        guard !list.isEmpty else { throw X509Error.make(.invalidExtension, "an empty Extensions SEQUENCE (SIZE (1..MAX), RFC 5280 §4.1)") }
        var seen = Set<ASN1ObjectIdentifier>(minimumCapacity: list.count)
        for x in list where !seen.insert(x.oid).inserted {
            throw X509Error.make(.duplicateExtension, "extension \(x.oid) appears more than once (RFC 5280 §4.2)")
        }
        all = list
        func value(_ o: ASN1ObjectIdentifier) -> [UInt8]? { list.first { $0.oid == o }?.value }
        func parse<T>(_ o: ASN1ObjectIdentifier, _ name: String, _ body: (inout DERReader) throws(DERError) -> T) throws(X509Error) -> T? {
            guard let v = value(o) else { return nil }
            do throws(DERError) {
                var r = try DERReader(v)
                let t = try body(&r)
                try r.finish()
                return t
            } catch {
                throw X509Error.make(error.code == .tooManyElements ? .limitExceeded : .invalidExtension, "\(name): \(error)")
            }
        }
        basicConstraints = try parse(X509OID.basicConstraints, "basicConstraints") { r throws(DERError) in
            try r.sequence("BasicConstraints") { (s: inout DERReader) throws(DERError) -> BasicConstraints in
                var ca = false
                if let b = try s.nextIfPresent(.boolean) {
                    ca = try b.booleanValue()
                    guard ca else { throw DERError.make(.defaultValueEncoded, at: b.offset, "cA FALSE is the DEFAULT and must be omitted") }
                }
                var len: Int? = nil
                if let i = try s.nextIfPresent(.integer) {
                    let v = try i.intValue("pathLenConstraint")
                    guard v >= 0 else { throw DERError.make(.negativeInteger, at: i.offset, "negative pathLenConstraint") }
                    len = v
                }
                return BasicConstraints(isCertificateAuthority: ca, pathLengthConstraint: len)
            }
        }
        keyUsage = try parse(X509OID.keyUsage, "keyUsage") { (r: inout DERReader) throws(DERError) -> KeyUsage in
            let e = try r.next(.bitString, "KeyUsage BIT STRING")
            let bits = try e.bitStringValue()
            guard bits.bytes.count <= 2 else { throw DERError.make(.invalidBitString, at: e.offset, "KeyUsage longer than its nine bits") }
            // X.690 §11.2.2: a named bit list has no trailing zero bits.
            if let last = bits.bytes.last {
                guard last != 0, last & (1 << bits.unusedBits) != 0 else {
                    throw DERError.make(.invalidBitString, at: e.offset, "KeyUsage has trailing zero bits (X.690 §11.2.2)")
                }
            }
            var raw: UInt16 = 0
            for (i, byte) in bits.bytes.enumerated() {
                for bit in 0..<8 where byte & (0x80 >> bit) != 0 { raw |= 1 << UInt16(i * 8 + bit) }
            }
            guard raw & ~0x1FF == 0 else { throw DERError.make(.invalidBitString, at: e.offset, "KeyUsage bit beyond decipherOnly") }
            return KeyUsage(rawValue: raw)
        }
        if keyUsage == KeyUsage(rawValue: 0) {
            throw X509Error.make(.invalidExtension, "keyUsage with no bit set (RFC 5280 §4.2.1.3: at least one bit MUST be 1)")
        }
        extendedKeyUsage = try parse(X509OID.extendedKeyUsage, "extendedKeyUsage") { r throws(DERError) in
            try r.sequence("ExtKeyUsageSyntax") { (s: inout DERReader) throws(DERError) -> [ASN1ObjectIdentifier] in
                var out: [ASN1ObjectIdentifier] = []
                while !s.isAtEnd { out.append(try s.readObjectIdentifier("KeyPurposeId")) }
                guard !out.isEmpty else { throw DERError.make(.missingElement, at: s.position, "empty ExtKeyUsageSyntax (SIZE (1..MAX))") }
                return out
            }
        }
        subjectKeyIdentifier = try parse(X509OID.subjectKeyIdentifier, "subjectKeyIdentifier") { r throws(DERError) in
            Array(try r.readOctetString("KeyIdentifier"))
        }
        authorityKeyIdentifier = try parse(X509OID.authorityKeyIdentifier, "authorityKeyIdentifier") { r throws(DERError) in
            try r.sequence("AuthorityKeyIdentifier") { (s: inout DERReader) throws(DERError) -> AuthorityKeyIdentifier in
                let kid = try s.nextIfPresent(.contextSpecific(0, constructed: false)).map { Array($0.contents) }
                var issuer: [GeneralName]? = nil
                if s.peekTag() == .contextSpecific(1, constructed: true) {
                    let e = try s.next()
                    var inner = try e.contentsReader()
                    var names: [GeneralName] = []
                    while !inner.isAtEnd { names.append(try GeneralName.read(try inner.next())) }
                    issuer = names
                }
                var serial: [UInt8]? = nil
                if let e = try s.nextIfPresent(.contextSpecific(2, constructed: false)) { serial = Array(try e.integerContents()) }
                guard (issuer == nil) == (serial == nil) else {
                    throw DERError.make(.missingElement, at: s.position, "authorityCertIssuer and authorityCertSerialNumber go together (RFC 5280 §4.2.1.1)")
                }
                return AuthorityKeyIdentifier(keyIdentifier: kid, authorityCertIssuer: issuer, authorityCertSerialNumber: serial)
            }
        }
        subjectAlternativeNames = try parse(X509OID.subjectAlternativeName, "subjectAltName") { r throws(DERError) in
            try GeneralName.readList(&r, "SubjectAltName")
        }
        if let names = subjectAlternativeNames, names.count > CertificateExtensions.maximumNames {
            throw X509Error.make(.limitExceeded, "subjectAltName: \(names.count) names, more than \(CertificateExtensions.maximumNames)")
        }
        nameConstraints = try parse(X509OID.nameConstraints, "nameConstraints") { r throws(DERError) in
            try r.sequence("NameConstraints") { (s: inout DERReader) throws(DERError) -> NameConstraints in
                func subtrees(_ n: UInt32) throws(DERError) -> [GeneralName] {
                    guard s.peekTag() == .contextSpecific(n, constructed: true) else { return [] }
                    let e = try s.next()
                    var r = try e.contentsReader()
                    var out: [GeneralName] = []
                    while !r.isAtEnd {
                        out.append(try r.sequence("GeneralSubtree") { (t: inout DERReader) throws(DERError) -> GeneralName in
                            let base = try GeneralName.read(try t.next())
                            // RFC 5280 §4.2.1.10: minimum MUST be zero (so absent, DEFAULT 0), maximum MUST be absent.
                            guard t.isAtEnd else {
                                throw DERError.make(.unexpectedElement, at: t.position, "GeneralSubtree minimum/maximum must be absent (RFC 5280 §4.2.1.10)")
                            }
                            return base
                        })
                    }
                    guard !out.isEmpty else { throw DERError.make(.missingElement, at: e.offset, "empty GeneralSubtrees (SIZE (1..MAX))") }
                    return out
                }
                let permitted = try subtrees(0)
                let excluded = try subtrees(1)
                guard !permitted.isEmpty || !excluded.isEmpty else {
                    throw DERError.make(.missingElement, at: s.position, "NameConstraints with neither subtree (RFC 5280 §4.2.1.10)")
                }
                return NameConstraints(permittedSubtrees: permitted, excludedSubtrees: excluded)
            }
        }
        if let nc = nameConstraints, nc.permittedSubtrees.count + nc.excludedSubtrees.count > CertificateExtensions.maximumSubtrees {
            throw X509Error.make(.limitExceeded, "nameConstraints: more than \(CertificateExtensions.maximumSubtrees) subtrees")
        }
        certificatePolicies = try parse(X509OID.certificatePolicies, "certificatePolicies") { r throws(DERError) in
            try r.sequence("certificatePolicies") { (s: inout DERReader) throws(DERError) -> [PolicyInformation] in
                var out: [PolicyInformation] = []
                while !s.isAtEnd {
                    guard out.count < CertificateExtensions.maximumPolicies else {
                        throw DERError.make(.tooManyElements, at: s.position, "more than \(CertificateExtensions.maximumPolicies) policies")
                    }
                    out.append(try s.sequence("PolicyInformation") { (p: inout DERReader) throws(DERError) -> PolicyInformation in
                        let id = try p.readObjectIdentifier("policyIdentifier")
                        var q: [UInt8]? = nil
                        if !p.isAtEnd {
                            let e = try p.next(.sequence, "policyQualifiers")
                            _ = try DERNode.parse(e.encoded)
                            q = Array(e.encoded)
                        }
                        return PolicyInformation(policyIdentifier: id, qualifiers: q)
                    })
                }
                guard !out.isEmpty else { throw DERError.make(.missingElement, at: s.position, "empty certificatePolicies (SIZE (1..MAX))") }
                var seen = Set<ASN1ObjectIdentifier>(minimumCapacity: out.count)
                for p in out where !seen.insert(p.policyIdentifier).inserted {
                    throw DERError.make(.unexpectedElement, at: nil, "policy \(p.policyIdentifier) listed twice (RFC 5280 §4.2.1.4)")
                }
                return out
            }
        }
    }
}
