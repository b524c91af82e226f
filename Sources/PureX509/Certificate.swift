import DER

/// An X.509 v1/v2/v3 certificate (RFC 5280 §4.1), parsed strictly.
///
/// Parsing checks the DER (X.690 §10–11), the structure, and the profile rules that concern one
/// certificate alone: version consistent with the fields present, a positive serial number of at most
/// 20 octets, `signature` inside the TBSCertificate identical to `signatureAlgorithm`, validity times in
/// RFC 5280 §4.1.2.5's forms (UTCTime through 2049, GeneralizedTime from 2050), a non-empty issuer, no
/// extension twice, and every known extension well-formed. Chain rules are ``CertificateVerifier``'s.
public struct Certificate: Sendable, Hashable, CustomStringConvertible {
    /// The whole certificate's DER.
    public let derEncoded: [UInt8]
    /// The DER of the TBSCertificate: the bytes the issuer signed.
    public let tbsCertificateBytes: [UInt8]
    /// 1, 2 or 3.
    public let version: Int
    /// The serial number's INTEGER content octets (positive, minimal, ≤ 20 octets).
    public let serialNumber: [UInt8]
    /// The signature algorithm (inside and outside the TBSCertificate, which must be identical).
    public let signatureAlgorithm: SignatureAlgorithm
    /// The issuer's name.
    public let issuer: DistinguishedName
    /// The subject's name (may be empty for a leaf whose names are in a critical subjectAltName).
    public let subject: DistinguishedName
    /// notBefore, Unix seconds.
    public let notBefore: Int64
    /// notAfter, Unix seconds.
    public let notAfter: Int64
    /// The SubjectPublicKeyInfo's DER.
    public let subjectPublicKeyInfoBytes: [UInt8]
    /// The SubjectPublicKeyInfo decoded by the DER module, or nil when its algorithm or curve is one
    /// the DER module does not read (such a certificate can be shown but never verifies a signature).
    public let subjectPublicKeyInfo: SubjectPublicKeyInfo?
    /// The extensions (empty for v1/v2 certificates).
    public let extensions: CertificateExtensions
    /// The signatureValue BIT STRING's octets.
    public let signature: [UInt8]
    /// The profile deviations of a certificate read with ``init(trustAnchorDEREncoded:)`` (a zero or over-long
    /// serial number, …), each as the error a strict read would have thrown; empty for a certificate read strictly.
    public let trustAnchorWarnings: [X509Error]

    /// Parses one DER certificate; trailing bytes are an error.
    public init(derEncoded: some Collection<UInt8>) throws(X509Error) {
        try self.init(der: Array(derEncoded), asTrustAnchor: false)
    }

    /// Parses a certificate that is pinned as a trust anchor, which RFC 5280 §6.1.1 (d) uses for its name and
    /// public key only: deviations from the certificate profile that do not touch those (a serial number that is
    /// zero, negative or longer than 20 octets, a version that does not fit the fields present, an inner signature
    /// AlgorithmIdentifier unlike the outer one, a validity date in the other Time form, an empty issuer) are kept
    /// in ``trustAnchorWarnings`` instead of refusing it. The DER itself must still be valid. The checks of a path
    /// (validity, basicConstraints, keyUsage, extensions) still apply to the anchor when it ends a chain.
    public init(trustAnchorDEREncoded der: some Collection<UInt8>) throws(X509Error) {
        try self.init(der: Array(der), asTrustAnchor: true)
    }

    /// One `CERTIFICATE` PEM block read as a trust anchor (see ``init(trustAnchorDEREncoded:)``).
    public init(trustAnchorPEMEncoded pem: String) throws(X509Error) {
        let doc: PEMDocument
        do throws(DERError) { doc = try PEMDocument(pemString: pem, expectedLabel: "CERTIFICATE") } catch {
            throw X509Error.make(.invalidPEM, "\(error)")
        }
        try self.init(der: doc.derBytes, asTrustAnchor: true)
    }

    private init(der: [UInt8], asTrustAnchor: Bool) throws(X509Error) {
        var p = Parsed()
        do throws(DERError) {
            try p.read(der)
        } catch {
            throw X509Error.der(error, "Certificate")
        }
        // Profile rules: refused, or for a trust anchor kept as warnings.
        var warnings: [X509Error] = []
        func deviation(_ e: X509Error) throws(X509Error) {
            guard asTrustAnchor else { throw e }
            warnings.append(e)
        }
        if !p.algorithmsIdentical {
            try deviation(X509Error.make(.signatureAlgorithmMismatch, "signature inside the TBSCertificate differs from signatureAlgorithm (RFC 5280 §4.1.1.2)"))
        }
        if let problem = p.versionProblem { try deviation(X509Error.make(.invalidVersion, problem)) }
        let serial = p.serial
        if serial.first! & 0x80 != 0 {
            try deviation(X509Error.make(.invalidSerialNumber, "the serial number is negative (RFC 5280 §4.1.2.2)"))
        }
        if serial.count == 1 && serial.first == 0 {
            try deviation(X509Error.make(.invalidSerialNumber, "the serial number is zero (RFC 5280 §4.1.2.2: positive)"))
        }
        if serial.count > 20 {
            try deviation(X509Error.make(.invalidSerialNumber, "the serial number is \(serial.count) octets (RFC 5280 §4.1.2.2: at most 20)"))
        }
        if let problem = p.timeProblem { try deviation(X509Error.make(.invalidEncoding, problem)) }
        self.derEncoded = der
        tbsCertificateBytes = p.tbs
        version = p.version
        serialNumber = Array(serial)
        signatureAlgorithm = p.algorithm!
        issuer = p.issuer!
        subject = p.subject!
        notBefore = p.notBefore
        notAfter = p.notAfter
        subjectPublicKeyInfoBytes = p.spkiBytes
        subjectPublicKeyInfo = p.spki
        signature = p.signature
        extensions = try p.extensions.map { (e: DERElement) throws(X509Error) in try CertificateExtensions(reading: e) } ?? .empty
        if issuer.isEmpty {
            try deviation(X509Error.make(.invalidName, "the issuer is an empty name (RFC 5280 §4.1.2.4: MUST be non-empty)"))
        }
        trustAnchorWarnings = warnings
    }

    /// One `CERTIFICATE` PEM block (RFC 7468 §5; surrounding text ignored, exactly one block).
    public init(pemEncoded: String) throws(X509Error) {
        let doc: PEMDocument
        do throws(DERError) { doc = try PEMDocument(pemString: pemEncoded, expectedLabel: "CERTIFICATE") } catch {
            throw X509Error.make(.invalidPEM, "\(error)")
        }
        try self.init(derEncoded: doc.derBytes)
    }

    /// Every `CERTIFICATE` block of a PEM text, in order (other labels refused; at least one block).
    public static func certificates(pemEncoded: String) throws(X509Error) -> [Certificate] {
        let docs: [PEMDocument]
        do throws(DERError) { docs = try PEMDocument.parseAll(pemEncoded) } catch {
            throw X509Error.make(.invalidPEM, "\(error)")
        }
        guard !docs.isEmpty else { throw X509Error.make(.invalidPEM, "no PEM block") }
        var out: [Certificate] = []
        for d in docs {
            guard d.label == "CERTIFICATE" else { throw X509Error.make(.invalidPEM, "a PEM block labelled \(d.label), expected CERTIFICATE") }
            out.append(try Certificate(derEncoded: d.derBytes))
        }
        return out
    }

    /// Every `CERTIFICATE` block of a PEM text, each read as a trust anchor (``init(trustAnchorDEREncoded:)``): for the
    /// roots a caller pins, whose profile deviations are reported in ``trustAnchorWarnings`` instead of refused.
    public static func trustAnchors(pemEncoded: String) throws(X509Error) -> [Certificate] {
        let docs: [PEMDocument]
        do throws(DERError) { docs = try PEMDocument.parseAll(pemEncoded) } catch {
            throw X509Error.make(.invalidPEM, "\(error)")
        }
        guard !docs.isEmpty else { throw X509Error.make(.invalidPEM, "no PEM block") }
        var out: [Certificate] = []
        for d in docs {
            guard d.label == "CERTIFICATE" else { throw X509Error.make(.invalidPEM, "a PEM block labelled \(d.label), expected CERTIFICATE") }
            out.append(try Certificate(trustAnchorDEREncoded: d.derBytes))
        }
        return out
    }

    /// The certificate as a PEM `CERTIFICATE` block.
    public var pemEncoded: String { PEMDocument(label: "CERTIFICATE", derBytes: derEncoded).pemString }

    /// Whether issuer and subject are the same name (RFC 5280 §6.1: self-issued).
    public var isSelfIssued: Bool { issuer.matches(subject) }

    public static func == (a: Certificate, b: Certificate) -> Bool { a.derEncoded == b.derEncoded }
    public func hash(into h: inout Hasher) { h.combine(derEncoded) }

    public var description: String {
        "Certificate(v\(version), subject: \(subject), issuer: \(issuer), \(DERTime.rfc3339(unixSeconds: notBefore)) – \(DERTime.rfc3339(unixSeconds: notAfter)), \(signatureAlgorithm))"
    }

    /// The fields as they are read, before the profile checks.
    private struct Parsed {
        var tbs: [UInt8] = []
        var version = 1
        var versionProblem: String? = nil
        var serial: ArraySlice<UInt8> = []
        var algorithmsIdentical = false
        var algorithm: SignatureAlgorithm? = nil
        var issuer: DistinguishedName? = nil
        var subject: DistinguishedName? = nil
        var notBefore: Int64 = 0
        var notAfter: Int64 = 0
        var timeProblem: String? = nil
        var spkiBytes: [UInt8] = []
        var spki: SubjectPublicKeyInfo? = nil
        var extensions: DERElement? = nil
        var signature: [UInt8] = []

        mutating func read(_ der: [UInt8]) throws(DERError) {
            var r = try DERReader(der)
            let top = try r.next(.sequence, "Certificate")
            try r.finish()
            var c = try top.contentsReader()
            let tbsElement = try c.next(.sequence, "TBSCertificate")
            let outerAlgorithm = try c.next(.sequence, "signatureAlgorithm")
            signature = Array(try c.next(.bitString, "signatureValue").octetAlignedBitString("signatureValue"))
            try c.finish()
            tbs = Array(tbsElement.encoded)
            var t = try tbsElement.contentsReader()
            let versionAt = t.position
            if let n = try t.explicitIfPresent(0, { (e: inout DERReader) throws(DERError) in try e.readInt("version") }) {
                if n == 0 {
                    throw DERError.make(.defaultValueEncoded, at: versionAt, "version v1 is the DEFAULT and must be omitted (X.690 §11.5)")
                }
                guard n == 1 || n == 2 else { throw DERError.make(.invalidVersion, at: versionAt, "certificate version value \(n)") }
                version = n + 1
            }
            serial = try t.next(.integer, "serialNumber").integerContents()
            let innerAlgorithm = try t.next(.sequence, "signature")
            algorithmsIdentical = innerAlgorithm.encoded.elementsEqual(outerAlgorithm.encoded)
            algorithm = try SignatureAlgorithm.read(innerAlgorithm)
            issuer = try DistinguishedName(element: try t.next(.sequence, "issuer"))
            var validity = try t.next(.sequence, "validity").contentsReader()
            let nb = try validity.next()
            let na = try validity.next()
            try validity.finish()
            notBefore = try Parsed.profileTime(nb, &timeProblem)
            notAfter = try Parsed.profileTime(na, &timeProblem)
            subject = try DistinguishedName(element: try t.next(.sequence, "subject"))
            let spkiElement = try t.next(.sequence, "subjectPublicKeyInfo")
            spkiBytes = Array(spkiElement.encoded)
            do throws(DERError) {
                spki = try SubjectPublicKeyInfo(derEncoded: spkiElement.encoded)
            } catch {
                guard error.code == .unsupportedAlgorithm || error.code == .unsupportedCurve
                        || error.code == .explicitCurveParameters else { throw error }
                // Still the structure SEQUENCE { AlgorithmIdentifier, BIT STRING }, in DER.
                var check = try spkiElement.contentsReader()
                _ = try DERNode.parse(try check.next(.sequence, "AlgorithmIdentifier").encoded)
                _ = try check.next(.bitString, "subjectPublicKey").bitStringValue()
                try check.finish()
                spki = nil
            }
            for n in [UInt32(1), 2] {
                if let u = try t.nextIfPresent(.contextSpecific(n, constructed: false)) {
                    _ = try u.bitStringValue()
                    if version < 2 { versionProblem = "a unique identifier in a v1 certificate (RFC 5280 §4.1.2.8)" }
                }
            }
            if t.peekTag() == .contextSpecific(3, constructed: true) {
                let wrapper = try t.next()
                var inner = try wrapper.contentsReader()
                extensions = try inner.next(.sequence, "Extensions")
                try inner.finish()
                if version != 3 { versionProblem = "extensions in a v\(version) certificate (RFC 5280 §4.1.2.9: v3 only)" }
            }
            try t.finish()
        }

        /// RFC 5280 §4.1.2.5: UTCTime for 1950–2049, GeneralizedTime from 2050.
        static func profileTime(_ e: DERElement, _ problem: inout String?) throws(DERError) -> Int64 {
            guard e.tag == .utcTime || e.tag == .generalizedTime else {
                throw DERError.make(.unexpectedTag, at: e.offset, "expected a validity Time, found \(e.tag)")
            }
            let t = try e.timeValue()
            if e.tag == .generalizedTime && t < 2_524_608_000 {
                problem = "a validity date before 2050 written as GeneralizedTime (RFC 5280 §4.1.2.5: UTCTime through 2049)"
            }
            return t
        }
    }
}
