import SharedPrimitives
import DER
import SHA2

/// The hash of an OCSP CertID (RFC 6960 §4.1.1): SHA-1, which responders are required to answer for (RFC 5019
/// §2.1.1), or SHA-256. Only the CertID uses it; SHA-1 never checks a signature here.
public struct OCSPHashAlgorithm: Sendable, Hashable, CustomStringConvertible {
    private enum Backing: Sendable, Hashable { case sha1, sha256 }
    private let backing: Backing
    private init(_ b: Backing) { backing = b }

    /// SHA-1 (OID 1.3.14.3.2.26), the CertID hash every responder understands.
    public static let sha1 = OCSPHashAlgorithm(.sha1)
    /// SHA-256 (OID 2.16.840.1.101.3.4.2.1).
    public static let sha256 = OCSPHashAlgorithm(.sha256)

    /// The algorithm's object identifier.
    public var oid: ASN1ObjectIdentifier {
        backing == .sha1 ? ASN1ObjectIdentifier.Known.sha1 : ASN1ObjectIdentifier.Known.sha256
    }

    public var description: String { backing == .sha1 ? "SHA-1" : "SHA-256" }

    func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        backing == .sha1 ? OCSPSHA1.hash(bytes) : SHA256.hash(data: Array(bytes)).bytes
    }

    init?(oid: ASN1ObjectIdentifier) {
        if oid == ASN1ObjectIdentifier.Known.sha1 { self = .sha1 } else if oid == ASN1ObjectIdentifier.Known.sha256 { self = .sha256 } else { return nil }
    }
}

/// Which certificate an OCSP request asks about and a response answers for (RFC 6960 §4.1.1): the hashes of its
/// issuer's name and public key, and its serial number.
public struct OCSPCertID: Sendable, Hashable, CustomStringConvertible {
    /// The hash of ``issuerNameHash`` and ``issuerKeyHash``.
    public let hashAlgorithm: OCSPHashAlgorithm
    /// The hash of the DER of the issuer's subject name.
    public let issuerNameHash: [UInt8]
    /// The hash of the issuer's subjectPublicKey BIT STRING value (without tag, length and unused-bits octet).
    public let issuerKeyHash: [UInt8]
    /// The certificate's serial number (INTEGER content octets).
    public let serialNumber: [UInt8]

    /// The CertID of `certificate`, issued by `issuer`. Throws `.rejectedByPolicy` when `issuer` did not issue it
    /// by name (its subject is not the certificate's issuer), and `.invalidEncoding` for an unreadable issuer key.
    public init(certificate: Certificate, issuer: Certificate, hashAlgorithm: OCSPHashAlgorithm = .sha1) throws(X509Error) {
        guard certificate.issuer.matches(issuer.subject) else {
            throw X509Error.make(.rejectedByPolicy, "the certificate's issuer \(certificate.issuer) is not the given issuer \(issuer.subject)")
        }
        self.hashAlgorithm = hashAlgorithm
        issuerNameHash = hashAlgorithm.hash(issuer.subject.derEncoded)
        issuerKeyHash = hashAlgorithm.hash(try OCSPCertID.publicKeyBits(of: issuer))
        serialNumber = certificate.serialNumber
    }

    init(hashAlgorithm: OCSPHashAlgorithm, issuerNameHash: [UInt8], issuerKeyHash: [UInt8], serialNumber: [UInt8]) {
        self.hashAlgorithm = hashAlgorithm; self.issuerNameHash = issuerNameHash
        self.issuerKeyHash = issuerKeyHash; self.serialNumber = serialNumber
    }

    /// The CertID's DER: `SEQUENCE { AlgorithmIdentifier (with NULL parameters), OCTET STRING, OCTET STRING, INTEGER }`.
    public var derEncoded: [UInt8] {
        var w = DERWriter()
        w.writeSequence { s in
            s.writeSequence { a in a.writeObjectIdentifier(hashAlgorithm.oid); a.writeNull() }
            s.writeOctetString(issuerNameHash)
            s.writeOctetString(issuerKeyHash)
            s.write(.integer, contents: serialNumber)
        }
        return w.bytes
    }

    public var description: String {
        "OCSPCertID(\(hashAlgorithm), serial \(serialNumber.map { String($0, radix: 16) }.joined(separator: ":")))"
    }

    /// The subjectPublicKey BIT STRING's octets of `c`.
    static func publicKeyBits(of c: Certificate) throws(X509Error) -> [UInt8] {
        do throws(DERError) {
            var r = try DERReader(c.subjectPublicKeyInfoBytes)
            var s = try r.next(.sequence, "SubjectPublicKeyInfo").contentsReader()
            _ = try s.next(.sequence, "AlgorithmIdentifier")
            return Array(try s.next(.bitString, "subjectPublicKey").octetAlignedBitString("subjectPublicKey"))
        } catch {
            throw X509Error.der(error, "SubjectPublicKeyInfo")
        }
    }

    static func read(_ e: DERElement) throws(DERError) -> (OCSPCertID?, ASN1ObjectIdentifier) {
        var s = try e.contentsReader()
        var a = try s.next(.sequence, "CertID hashAlgorithm").contentsReader()
        let oid = try a.readObjectIdentifier("CertID hash algorithm")
        if let n = try a.nextIfPresent(.null) { try n.nullValue() }
        try a.finish()
        let name = Array(try s.readOctetString("issuerNameHash"))
        let key = Array(try s.readOctetString("issuerKeyHash"))
        let serial = Array(try s.next(.integer, "serialNumber").integerContents())
        try s.finish()
        guard let h = OCSPHashAlgorithm(oid: oid) else { return (nil, oid) }
        return (OCSPCertID(hashAlgorithm: h, issuerNameHash: name, issuerKeyHash: key, serialNumber: serial), oid)
    }
}

/// An OCSP request for one certificate (RFC 6960 §4.1): unsigned, no nonce, as Apple's and most clients send it.
/// POST ``derEncoded`` with `Content-Type: application/ocsp-request` to the responder of the certificate's
/// authorityInfoAccess (``ocspResponderURLs(of:)``); the fetch is the caller's.
public struct OCSPRequest: Sendable, Hashable {
    /// The certificate asked about.
    public let certID: OCSPCertID

    /// A request for `certificate`'s status from its `issuer`'s responder.
    public init(certificate: Certificate, issuer: Certificate, hashAlgorithm: OCSPHashAlgorithm = .sha1) throws(X509Error) {
        certID = try OCSPCertID(certificate: certificate, issuer: issuer, hashAlgorithm: hashAlgorithm)
    }

    /// `OCSPRequest ::= SEQUENCE { tbsRequest SEQUENCE { requestList SEQUENCE OF Request { reqCert CertID } } }`.
    public var derEncoded: [UInt8] {
        var w = DERWriter()
        w.writeSequence { o in o.writeSequence { t in t.writeSequence { l in l.writeSequence { r in r.writeEncoded(certID.derEncoded) } } } }
        return w.bytes
    }

    /// The OCSP responder URLs (id-ad-ocsp accessLocation URIs) of `certificate`'s authorityInfoAccess, in order.
    public static func ocspResponderURLs(of certificate: Certificate) -> [String] {
        guard let aia = certificate.extensions.first(X509OID.authorityInfoAccess) else { return [] }
        var urls: [String] = []
        do throws(DERError) {
            var r = try DERReader(aia.value)
            var list = try r.next(.sequence, "AuthorityInfoAccessSyntax").contentsReader()
            while !list.isAtEnd {
                var d = try list.next(.sequence, "AccessDescription").contentsReader()
                let method = try d.readObjectIdentifier("accessMethod")
                let location = try d.next()
                // uniformResourceIdentifier [6] IA5String: ASCII only.
                if method == X509OID.ocspAccessMethod, location.tag == .contextSpecific(6, constructed: false),
                   !location.contents.isEmpty, location.contents.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
                    urls.append(String(decoding: location.contents, as: UTF8.self))
                }
            }
        } catch {
            return []
        }
        return urls
    }
}

/// A certificate's status as a responder states it (RFC 6960 §4.2.1).
public enum OCSPCertificateStatus: Sendable, Hashable {
    /// Not revoked (at the time of the answer).
    case good
    /// Revoked at `revocationTime` (Unix seconds), with the CRLReason code when the responder gave one
    /// (RFC 5280 §5.3.1: 1 keyCompromise, 2 cACompromise, 4 superseded, …).
    case revoked(revocationTime: Int64, reason: Int?)
    /// The responder does not know the certificate.
    case unknown
}

/// One SingleResponse of a BasicOCSPResponse (RFC 6960 §4.2.1).
public struct OCSPSingleResponse: Sendable, Hashable {
    /// The certificate it answers for; nil when the responder used a hash this package does not read.
    public let certID: OCSPCertID?
    /// The status.
    public let status: OCSPCertificateStatus
    /// When the status was known to be correct (Unix seconds).
    public let thisUpdate: Int64
    /// When newer information will be available (Unix seconds), if the responder says.
    public let nextUpdate: Int64?
}

/// An OCSP response (RFC 6960 §4.2.1), parsed strictly. A response whose `responseStatus` is not `successful`
/// parses (so its status can be shown) but never passes ``check(certificate:issuer:at:leeway:maximumAgeWithoutNextUpdate:)``.
public struct OCSPResponse: Sendable {
    /// `responseStatus`: 0 successful, 1 malformedRequest, 2 internalError, 3 tryLater, 5 sigRequired, 6 unauthorized.
    public let responseStatus: Int
    /// The answers (empty unless successful).
    public let responses: [OCSPSingleResponse]
    /// `producedAt`, Unix seconds (0 unless successful).
    public let producedAt: Int64
    /// The certificates the responder included (a delegated responder's own certificate).
    public let certificates: [Certificate]

    let tbsResponseData: [UInt8]
    let signatureAlgorithm: SignatureAlgorithm?
    let signature: [UInt8]
    /// byName: the name's DER; byKey: nil.
    let responderName: DistinguishedName?
    /// byKey: SHA-1 of the responder's subjectPublicKey bits.
    let responderKeyHash: [UInt8]?

    /// The most certificates a response may carry (a delegated responder's own, perhaps with its issuer); more is
    /// refused with `X509Error.Code.limitExceeded` before any of them is parsed.
    public static let maximumCertificates = 8

    /// id-pkix-ocsp-basic, the only response type defined (RFC 6960 §4.2.1).
    static let basicResponseType: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1, 1]
    static let enumerated = DERTag(.universal, number: 10, constructed: false)

    /// Parses a DER `OCSPResponse`; trailing bytes are an error. Throws `.invalidEncoding` for anything that is not
    /// one, and `.ocspUnsupportedResponse` for a response type other than BasicOCSPResponse or a version other than v1.
    public init(derEncoded: some Collection<UInt8>) throws(X509Error) {
        let der = Array(derEncoded)
        var certificateDERs: [[UInt8]] = []
        var nameDER: [UInt8]? = nil
        do throws(DERError) {
            var r = try DERReader(der)
            var top = try r.next(.sequence, "OCSPResponse").contentsReader()
            try r.finish()
            let statusElement = try top.next(OCSPResponse.enumerated, "responseStatus")
            responseStatus = try statusElement.intValue("responseStatus")
            guard [0, 1, 2, 3, 5, 6].contains(responseStatus) else {
                throw DERError.make(.invalidParameters, at: statusElement.offset, "responseStatus \(responseStatus) is not defined (RFC 6960 §4.2.1)")
            }
            guard let bytesWrapper = try top.nextIfPresent(.contextSpecific(0, constructed: true)) else {
                try top.finish()
                guard responseStatus != 0 else {
                    throw DERError.make(.missingElement, at: statusElement.offset, "a successful OCSPResponse without responseBytes")
                }
                responses = []; producedAt = 0; tbsResponseData = []; signatureAlgorithm = nil
                signature = []; responderKeyHash = nil; responderName = nil; certificates = []
                return
            }
            try top.finish()
            var wrapper = try bytesWrapper.contentsReader()
            var rb = try wrapper.next(.sequence, "ResponseBytes").contentsReader()
            try wrapper.finish()
            let typeAt = rb.position
            let responseType = try rb.readObjectIdentifier("responseType")
            let inner = try rb.readOctetString("response")
            try rb.finish()
            guard responseStatus == 0 else {
                throw DERError.make(.invalidParameters, at: typeAt, "an unsuccessful OCSPResponse (status \(responseStatus)) with responseBytes")
            }
            guard responseType == OCSPResponse.basicResponseType else {
                throw DERError.make(.unsupported, at: typeAt, "response type \(responseType), not id-pkix-ocsp-basic")
            }
            var b = try DERReader(inner)
            var basic = try b.next(.sequence, "BasicOCSPResponse").contentsReader()
            try b.finish()
            let tbs = try basic.next(.sequence, "ResponseData")
            tbsResponseData = Array(tbs.encoded)
            signatureAlgorithm = try SignatureAlgorithm.read(try basic.next(.sequence, "signatureAlgorithm"))
            signature = Array(try basic.next(.bitString, "signature").octetAlignedBitString("signature"))
            if let c = try basic.nextIfPresent(.contextSpecific(0, constructed: true)) {
                var w = try c.contentsReader()
                var list = try w.next(.sequence, "certs").contentsReader()
                try w.finish()
                while !list.isAtEnd {
                    guard certificateDERs.count < OCSPResponse.maximumCertificates else {
                        throw DERError.make(.tooManyElements, at: list.position, "more than \(OCSPResponse.maximumCertificates) certificates")
                    }
                    certificateDERs.append(Array(try list.next(.sequence, "Certificate").encoded))
                }
            }
            try basic.finish()

            var t = try tbs.contentsReader()
            let versionAt = t.position
            if let v = try t.explicitIfPresent(0, { (e: inout DERReader) throws(DERError) in try e.readInt("version") }) {
                if v == 0 { throw DERError.make(.defaultValueEncoded, at: versionAt, "ResponseData version v1 is the DEFAULT and must be omitted") }
                throw DERError.make(.unsupported, at: versionAt, "ResponseData version \(v + 1); only v1 is defined")
            }
            let rid = try t.next()
            var ridReader = try rid.contentsReader()
            if rid.tag == .contextSpecific(1, constructed: true) {
                nameDER = Array(try ridReader.next(.sequence, "ResponderID byName").encoded)
                responderKeyHash = nil
            } else if rid.tag == .contextSpecific(2, constructed: true) {
                let h = Array(try ridReader.readOctetString("ResponderID byKey"))
                guard h.count == 20 else { throw DERError.make(.invalidParameters, at: rid.offset, "ResponderID byKey is \(h.count) octets, not a SHA-1 hash") }
                responderKeyHash = h
            } else {
                throw DERError.make(.unexpectedTag, at: rid.offset, "expected ResponderID [1] or [2], found \(rid.tag)")
            }
            try ridReader.finish()
            producedAt = try t.next(.generalizedTime, "producedAt").generalizedTimeValue()
            var list = try t.next(.sequence, "responses").contentsReader()
            var singles: [OCSPSingleResponse] = []
            while !list.isAtEnd { singles.append(try OCSPResponse.readSingle(try list.next(.sequence, "SingleResponse"))) }
            guard !singles.isEmpty else { throw DERError.make(.missingElement, at: t.position, "a BasicOCSPResponse with no SingleResponse") }
            responses = singles
            if let ext = try t.explicitIfPresent(1, { (e: inout DERReader) throws(DERError) in try e.next(.sequence, "responseExtensions") }) {
                try OCSPResponse.refuseCriticalExtensions(ext)
            }
            try t.finish()
        } catch {
            if error.code == .unsupported { throw X509Error.make(.ocspUnsupportedResponse, "\(error)") }
            throw X509Error.der(error, "OCSPResponse")
        }
        responderName = try nameDER.map { (d: [UInt8]) throws(X509Error) in try DistinguishedName(derEncoded: d) }
        var certs: [Certificate] = []
        for d in certificateDERs { certs.append(try Certificate(derEncoded: d)) }
        certificates = certs
    }

    static func readSingle(_ e: DERElement) throws(DERError) -> OCSPSingleResponse {
        var s = try e.contentsReader()
        let (certID, _) = try OCSPCertID.read(try s.next(.sequence, "CertID"))
        let st = try s.next()
        let status: OCSPCertificateStatus
        switch st.tag {
        case .contextSpecific(0, constructed: false):
            guard st.contents.isEmpty else { throw DERError.make(.invalidParameters, at: st.offset, "certStatus good is a NULL with no contents") }
            status = .good
        case .contextSpecific(1, constructed: true):
            var ri = try st.contentsReader()
            let when = try ri.next(.generalizedTime, "revocationTime").generalizedTimeValue()
            let reason = try ri.explicitIfPresent(0, { (r: inout DERReader) throws(DERError) -> Int in
                let v = try r.next(OCSPResponse.enumerated, "CRLReason")
                let n = try v.intValue("CRLReason")
                guard (0...10).contains(n), n != 7 else { throw DERError.make(.invalidParameters, at: v.offset, "CRLReason \(n) is not defined (RFC 5280 §5.3.1)") }
                return n
            })
            try ri.finish()
            status = .revoked(revocationTime: when, reason: reason)
        case .contextSpecific(2, constructed: false):
            guard st.contents.isEmpty else { throw DERError.make(.invalidParameters, at: st.offset, "certStatus unknown is a NULL with no contents") }
            status = .unknown
        default:
            throw DERError.make(.unexpectedTag, at: st.offset, "expected certStatus [0], [1] or [2], found \(st.tag)")
        }
        let thisUpdate = try s.next(.generalizedTime, "thisUpdate").generalizedTimeValue()
        let nextUpdate = try s.explicitIfPresent(0, { (r: inout DERReader) throws(DERError) in
            try r.next(.generalizedTime, "nextUpdate").generalizedTimeValue()
        })
        if let ext = try s.explicitIfPresent(1, { (r: inout DERReader) throws(DERError) in try r.next(.sequence, "singleExtensions") }) {
            try refuseCriticalExtensions(ext)
        }
        try s.finish()
        if let n = nextUpdate, n < thisUpdate {
            throw DERError.make(.invalidParameters, at: e.offset, "nextUpdate is before thisUpdate")
        }
        return OCSPSingleResponse(certID: certID, status: status, thisUpdate: thisUpdate, nextUpdate: nextUpdate)
    }

    /// No extension is understood here, so a critical one cannot be honoured (RFC 5280 §4.2 by analogy).
    static func refuseCriticalExtensions(_ e: DERElement) throws(DERError) {
        var list = try e.contentsReader()
        while !list.isAtEnd {
            let ext = try list.next(.sequence, "Extension")
            var x = try ext.contentsReader()
            let oid = try x.readObjectIdentifier("extnID")
            if let c = try x.nextIfPresent(.boolean) {
                guard try c.booleanValue() else { throw DERError.make(.defaultValueEncoded, at: c.offset, "critical FALSE is the DEFAULT and must be omitted") }
                throw DERError.make(.invalidParameters, at: ext.offset, "critical OCSP extension \(oid) is not understood")
            }
            _ = try x.readOctetString("extnValue")
            try x.finish()
        }
    }

    /// Checks this response for `certificate` (issued by `issuer`) at `time` (Unix seconds) and returns its status.
    ///
    /// Refused, each with its own code: a `responseStatus` other than successful (`.ocspUnsuccessful`); a signer
    /// that is neither the issuer nor a certificate included in the response, issued by the issuer (signature
    /// checked), carrying id-kp-OCSPSigning and valid at `time` (`.ocspResponderNotAuthorized`); a signature with
    /// SHA-1, MD5 or an unknown algorithm (`.unsupportedSignatureAlgorithm`) or one that does not verify
    /// (`.invalidSignature`); no SingleResponse for the certificate's CertID (`.ocspCertIDMismatch`); `thisUpdate`
    /// later than `time + leeway` (`.notYetValid`); `nextUpdate` earlier than `time - leeway`, or, without
    /// nextUpdate, `thisUpdate` older than `maximumAgeWithoutNextUpdate` (`.ocspStale`).
    /// A revoked or unknown certificate is a returned status, not an error: the caller decides.
    public func check(certificate: Certificate, issuer: Certificate, at time: Int64, leeway: Int64 = 300,
                      maximumAgeWithoutNextUpdate: Int64 = 86_400) throws(X509Error) -> OCSPSingleResponse {
        guard responseStatus == 0, let algorithm = signatureAlgorithm else {
            throw X509Error.make(.ocspUnsuccessful, "the responder answered \(OCSPResponse.statusName(responseStatus))")
        }
        let signer = try authorizedSigner(issuer: issuer, at: time)
        if algorithm.usesBrokenHash || algorithm.unknownOID != nil || !SignatureAlgorithm.isStrongByDefault(algorithm) {
            throw X509Error.make(.unsupportedSignatureAlgorithm, "the response is signed with \(algorithm), which is refused")
        }
        guard let key = signer.subjectPublicKeyInfo else {
            throw X509Error.make(.unsupportedPublicKey, "the responder's public key algorithm is not supported")
        }
        let make = { () throws(X509Error) in try Certificate.PublicKey(spki: key) }
        guard try algorithm.verify(signature, over: tbsResponseData[...], with: key, key: make) else {
            throw X509Error.make(.invalidSignature, "the response's signature does not verify with the key of \(signer.subject)")
        }
        var match: OCSPSingleResponse?
        for single in responses {
            guard let id = single.certID,
                  let wanted = try? OCSPCertID(certificate: certificate, issuer: issuer, hashAlgorithm: id.hashAlgorithm),
                  id == wanted else { continue }
            match = single
            break
        }
        guard let single = match else {
            throw X509Error.make(.ocspCertIDMismatch, "no answer in the response is for serial \(Hex.encode(certificate.serialNumber)) of \(issuer.subject)")
        }
        // `time`, `leeway` and the maximum age come from the caller (a clock, a payload's date, `--at`): every
        // bound is computed saturating, so Int64.min or Int64.max cannot trap.
        if single.thisUpdate > time.addingSaturated(leeway) {
            throw X509Error.make(.notYetValid, "thisUpdate \(DERTime.rfc3339(unixSeconds: single.thisUpdate)) is after \(DERTime.rfc3339(unixSeconds: time)) (leeway \(leeway) s)")
        }
        if let next = single.nextUpdate {
            if next < time.subtractingSaturated(leeway) {
                throw X509Error.make(.ocspStale, "nextUpdate \(DERTime.rfc3339(unixSeconds: next)) is before \(DERTime.rfc3339(unixSeconds: time)) (leeway \(leeway) s)")
            }
        } else if single.thisUpdate < time.subtractingSaturated(maximumAgeWithoutNextUpdate) {
            throw X509Error.make(.ocspStale, "no nextUpdate and thisUpdate \(DERTime.rfc3339(unixSeconds: single.thisUpdate)) is more than \(maximumAgeWithoutNextUpdate) s before \(DERTime.rfc3339(unixSeconds: time))")
        }
        return single
    }

    /// The certificate whose key must have signed: the issuer itself when the ResponderID names it or its key, else
    /// a delegated responder among ``certificates`` (RFC 6960 §4.2.2.2).
    func authorizedSigner(issuer: Certificate, at time: Int64) throws(X509Error) -> Certificate {
        func isResponder(_ c: Certificate) throws(X509Error) -> Bool {
            if let name = responderName { return name.matches(c.subject) }
            return OCSPSHA1.hash(try OCSPCertID.publicKeyBits(of: c)) == responderKeyHash
        }
        if try isResponder(issuer) { return issuer }
        var problem = "the responder is neither the issuer nor a certificate included in the response"
        for c in certificates {
            guard try isResponder(c) else { continue }
            guard c.issuer.matches(issuer.subject),
                  (try? CertificateVerifier(trustRoots: []).signatureVerifies(c, position: 0, by: issuer)) == true else {
                problem = "the responder certificate \(c.subject) is not issued by \(issuer.subject)"
                continue
            }
            guard c.extensions.extendedKeyUsage?.contains(X509OID.ocspSigning) == true else {
                problem = "the responder certificate \(c.subject) lacks id-kp-OCSPSigning"
                continue
            }
            guard c.notBefore <= time, time <= c.notAfter else {
                problem = "the responder certificate \(c.subject) is not valid at \(DERTime.rfc3339(unixSeconds: time))"
                continue
            }
            return c
        }
        throw X509Error.make(.ocspResponderNotAuthorized, problem)
    }

    static func statusName(_ s: Int) -> String {
        switch s {
        case 0: return "successful"
        case 1: return "malformedRequest"
        case 2: return "internalError"
        case 3: return "tryLater"
        case 5: return "sigRequired"
        case 6: return "unauthorized"
        default: return "status \(s)"
        }
    }
}

extension Int64 {
    /// `self + x`, clamped to Int64's range instead of trapping.
    func addingSaturated(_ x: Int64) -> Int64 {
        let (r, over) = addingReportingOverflow(x)
        return over ? (x > 0 ? .max : .min) : r
    }

    /// `self - x`, clamped to Int64's range instead of trapping.
    func subtractingSaturated(_ x: Int64) -> Int64 {
        let (r, over) = subtractingReportingOverflow(x)
        return over ? (x > 0 ? .min : .max) : r
    }
}
