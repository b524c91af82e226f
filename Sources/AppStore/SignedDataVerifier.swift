import DER
import ECDSA
import JOSE
import PureX509

/// Verifies and decodes what the App Store signs — transactions, renewal info, App Store Server Notifications V2,
/// app transactions and Retention Messaging realtime requests — with the checks of Apple's
/// `SignedDataVerifier` (app-store-server-library), and nothing fetched.
///
/// A signed value is a compact JWS whose header carries `alg: ES256` and an `x5c` of exactly three certificates:
/// the signing leaf (marker extension 1.2.840.113635.100.6.11.1), Apple's intermediate (1.2.840.113635.100.6.2.1)
/// and a root. The leaf and intermediate must chain to one of ``rootCertificates`` (Apple Root CA – G3 by default) at
/// the payload's own `signedDate` (an app transaction's `receiptCreationDate`; the current time when the payload
/// has none), the JWS signature must verify with the leaf's P-256 key, and the payload's bundle ID, app Apple ID (in
/// production) and environment must be this verifier's.
///
/// The signed date is chosen by whoever holds a signing key, so it is bounded on one side: a date later than the
/// verifier's clock plus ``futureSignedDateLeeway`` (5 minutes by default) is refused as `signedDateInFuture`
/// before the chain is looked at — otherwise data dated years ahead would be validated then, when certificates
/// revoked or replaced today could still be "valid". The past is not bounded, as in Apple's library: a transaction
/// signed in 2023 still verifies today against the chain as it was valid then, even though its leaf has since
/// expired, because App Store data is kept and re-verified long after it was signed. Refuse old data yourself
/// (compare `signedDate` with your own window) when your use needs fresh data; with `enableOnlineChecks` the chain
/// is validated at the current time and the signed date is not used.
///
/// Data of the `Xcode` and `LocalTesting` environments is not signed by the App Store: as Apple's library does, a
/// verifier for those environments decodes it without checking chain or signature — never use one on input from
/// production.
///
/// ```swift
/// let verifier = try SignedDataVerifier(bundleID: "com.example", appAppleID: 1234567890, environment: .production)
/// let transaction = try verifier.verifyAndDecodeTransaction(signedTransactionInfo)
/// ```
///
/// With `enableOnlineChecks` (Apple's option of that name) the chain is validated at the current time instead, and
/// the revocation status of the signing certificate and of the intermediate is asked of their OCSP responders
/// (RFC 6960) through the `ocspFetcher` closure given to the initializer — this module does no networking — so the `async` entry points must be
/// used. A chain whose status was verified is remembered for 15 minutes, as Apple's library does; a fetch that
/// fails, or an answer that cannot be trusted or is out of date, is `retryableVerificationFailure`, a revoked
/// certificate `certificateRevoked`, and neither ever passes.
public struct SignedDataVerifier: Sendable {
    /// Fetches an OCSP response: given the DER `OCSPRequest` and the responder URL (from the certificate's
    /// authorityInfoAccess), returns the DER `OCSPResponse` body. An HTTP client POSTs the request with
    /// `Content-Type: application/ocsp-request`. Throwing makes the verification a `retryableVerificationFailure`.
    public typealias OCSPFetcher = @Sendable (_ request: [UInt8], _ responderURL: String) async throws -> [UInt8]

    /// How long a chain whose OCSP status was verified is trusted without asking again (seconds): 15 minutes.
    public static let verifiedChainCacheSeconds: Int64 = 900
    /// The marker extension of Apple's App Store signing certificates (the leaf).
    public static let leafMarkerOID: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    /// The marker extension of Apple Worldwide Developer Relations intermediates.
    public static let intermediateMarkerOID: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]
    /// Signed values longer than this are refused before any parsing (a notification with nested data is ~10 KB).
    public static let maximumSignedDataBytes = 1 << 20
    /// The default of ``futureSignedDateLeeway``: 300 seconds (5 minutes) of clock skew between Apple and you.
    public static let defaultFutureSignedDateLeeway: Int64 = 300

    public let rootCertificates: [Certificate]
    public let bundleID: String
    /// Required when ``environment`` is production; compared only there, as Apple's library does.
    public let appAppleID: Int64?
    public let environment: AppStoreEnvironment
    /// How far (seconds) a payload's `signedDate` (`receiptCreationDate`) may lie after the verifier's clock before
    /// offline verification refuses it as `signedDateInFuture`: ``defaultFutureSignedDateLeeway`` (300) unless
    /// given to the initializer; at least 0.
    public let futureSignedDateLeeway: Int64
    /// Whether chains are validated at the current time with their OCSP status checked (use the `async` entry points).
    public let enableOnlineChecks: Bool
    let ocspFetcher: OCSPFetcher?
    let verifiedChains: VerifiedChainCache
    /// JOSE's x5c verification with Apple's rules: ES256 only, three certificates with the marker extensions, the
    /// path to ``rootCertificates``, the leaf's key bound to ES256, the signature.
    let x5cVerifier: X5CVerifier
    let clock: @Sendable () -> Int64

    /// - Parameters:
    ///   - rootCertificates: the trusted roots; Apple Root CA – G3 (``appleRootCAG3``) by default.
    ///   - bundleID: your app's bundle ID; every payload must name it.
    ///   - appAppleID: the app's Apple ID, required in production.
    ///   - environment: the environment payloads must come from (Xcode and local-testing data are decoded only).
    ///   - enableOnlineChecks: validate chains now and check their OCSP status through `ocspFetcher` (which is
    ///     then required); the `async` entry points must be used.
    ///   - ocspFetcher: sends a DER OCSP request to a responder URL and returns the DER answer (your HTTP client;
    ///     this module does no networking).
    ///   - futureSignedDateLeeway: seconds a signed date may lie ahead of the clock (``futureSignedDateLeeway``).
    public init(rootCertificates: [Certificate] = [SignedDataVerifier.appleRootCAG3], bundleID: String,
                appAppleID: Int64?, environment: AppStoreEnvironment, enableOnlineChecks: Bool = false,
                ocspFetcher: OCSPFetcher? = nil,
                futureSignedDateLeeway: Int64 = SignedDataVerifier.defaultFutureSignedDateLeeway) throws(AppStoreError) {
        try self.init(rootCertificates: rootCertificates, bundleID: bundleID, appAppleID: appAppleID,
                      environment: environment, enableOnlineChecks: enableOnlineChecks, ocspFetcher: ocspFetcher,
                      clock: { Int64(systemTimeSeconds()) }, cacheCapacity: nil,
                      futureSignedDateLeeway: futureSignedDateLeeway)
    }

    /// With an injected clock (seconds since 1970), the current time of online checks and of payloads that carry no
    /// signed date: for tests.
    public init(rootCertificates: [Certificate], bundleID: String, appAppleID: Int64?, environment: AppStoreEnvironment,
                enableOnlineChecks: Bool = false, ocspFetcher: OCSPFetcher? = nil,
                clock: @escaping @Sendable () -> Int64,
                futureSignedDateLeeway: Int64 = SignedDataVerifier.defaultFutureSignedDateLeeway) throws(AppStoreError) {
        try self.init(rootCertificates: rootCertificates, bundleID: bundleID, appAppleID: appAppleID, environment: environment,
                      enableOnlineChecks: enableOnlineChecks, ocspFetcher: ocspFetcher, clock: clock, cacheCapacity: nil,
                      futureSignedDateLeeway: futureSignedDateLeeway)
    }

    /// `cacheCapacity` bounds each of what the x5c verifier keeps between calls (issuer and leaf keys, verified
    /// certificate signatures, parsed certificates); nil: the defaults, 0: nothing (tests compare the two).
    init(rootCertificates: [Certificate], bundleID: String, appAppleID: Int64?, environment: AppStoreEnvironment,
         enableOnlineChecks: Bool = false, ocspFetcher: OCSPFetcher? = nil,
         clock: @escaping @Sendable () -> Int64, cacheCapacity: Int?,
         futureSignedDateLeeway: Int64 = SignedDataVerifier.defaultFutureSignedDateLeeway) throws(AppStoreError) {
        try requireText(bundleID, "bundle ID")
        guard futureSignedDateLeeway >= 0 else {
            throw .make(.invalidArgument, "futureSignedDateLeeway is \(futureSignedDateLeeway) seconds; it must be 0 or more")
        }
        self.futureSignedDateLeeway = futureSignedDateLeeway
        if environment == .production && appAppleID == nil {
            throw .make(.invalidAppIdentifier, "the app Apple ID is required in the production environment")
        }
        if enableOnlineChecks && ocspFetcher == nil {
            throw .make(.invalidArgument, "online checks need an ocspFetcher (this module does no networking)")
        }
        self.enableOnlineChecks = enableOnlineChecks
        self.ocspFetcher = ocspFetcher
        verifiedChains = VerifiedChainCache()
        guard !rootCertificates.isEmpty else { throw .make(.invalidArgument, "no root certificates to trust") }
        self.rootCertificates = rootCertificates
        self.bundleID = bundleID
        self.appAppleID = appAppleID
        self.environment = environment
        self.clock = clock
        let limit = Self.maximumSignedDataBytes
        x5cVerifier = X5CVerifier(
            trustRoots: rootCertificates,
            policy: .init(requiredLeafExtensions: [Self.leafMarkerOID],
                          requiredIntermediateExtensions: [Self.intermediateMarkerOID],
                          maximumChainLength: 3, strictProfile: false),
            algorithms: [.es256],
            options: .init(tokenOptions: .init(maxTokenBytes: limit, jsonLimits: JSONLimits(maxDepth: 32, maxBytes: limit)),
                           certificateCheck: Self.checkAppleCertificates),
            keyCacheCapacity: cacheCapacity ?? CertificateVerifier.defaultKeyCacheCapacity,
            verifiedSignatureCacheCapacity: cacheCapacity ?? CertificateVerifier.defaultVerifiedSignatureCacheCapacity,
            parsedCertificateCacheCapacity: cacheCapacity ?? CertificateVerifier.defaultParsedCertificateCacheCapacity)
    }

    // MARK: Public entry points

    /// A signed transaction (`signedTransactionInfo`): bundle ID and environment checked.
    public func verifyAndDecodeTransaction(_ signed: String) throws(AppStoreError) -> JWSTransactionDecodedPayload {
        try checkTransaction(try decode(signed, as: JWSTransactionDecodedPayload.self, dateField: "signedDate"))
    }

    /// A signed renewal info (`signedRenewalInfo`): environment checked.
    public func verifyAndDecodeRenewalInfo(_ signed: String) throws(AppStoreError) -> JWSRenewalInfoDecodedPayload {
        try checkRenewalInfo(try decode(signed, as: JWSRenewalInfoDecodedPayload.self, dateField: "signedDate"))
    }

    /// A notification's `signedPayload`: bundle ID, app Apple ID (production) and environment checked, taken from
    /// whichever of `data`, `summary`, `externalPurchaseToken` and `appData` it carries. The signed transaction and
    /// renewal info inside are not verified here; use `verifyAndDecodeNotificationWithNestedData(_:)` for that.
    public func verifyAndDecodeNotification(_ signed: String) throws(AppStoreError) -> ResponseBodyV2DecodedPayload {
        try checkNotification(try decode(signed, as: ResponseBodyV2DecodedPayload.self, dateField: "signedDate"))
    }

    /// A notification and the signed data nested in it, each verified as by its own entry point.
    public struct VerifiedNotification: Sendable, Hashable {
        public let notification: ResponseBodyV2DecodedPayload
        public let transaction: JWSTransactionDecodedPayload?
        public let renewalInfo: JWSRenewalInfoDecodedPayload?
        public let appTransaction: AppTransaction?
    }

    /// `verifyAndDecodeNotification(_:)`, then `data.signedTransactionInfo`, `data.signedRenewalInfo` and
    /// `appData.signedAppTransactionInfo`, each verified (chain, signature, identity) when present.
    public func verifyAndDecodeNotificationWithNestedData(_ signed: String) throws(AppStoreError) -> VerifiedNotification {
        let n = try verifyAndDecodeNotification(signed)
        let t = try n.data?.signedTransactionInfo.map { s throws(AppStoreError) in try verifyAndDecodeTransaction(s) }
        let r = try n.data?.signedRenewalInfo.map { s throws(AppStoreError) in try verifyAndDecodeRenewalInfo(s) }
        let a = try n.appData?.signedAppTransactionInfo.map { s throws(AppStoreError) in try verifyAndDecodeAppTransaction(s) }
        return VerifiedNotification(notification: n, transaction: t, renewalInfo: r, appTransaction: a)
    }

    /// A signed app transaction: bundle ID, app Apple ID (production) and environment (`receiptType`) checked; the
    /// chain is validated at `receiptCreationDate`.
    public func verifyAndDecodeAppTransaction(_ signed: String) throws(AppStoreError) -> AppTransaction {
        try checkAppTransaction(try decode(signed, as: AppTransaction.self, dateField: "receiptCreationDate"))
    }

    /// A signed Retention Messaging realtime request: app Apple ID (production) and environment checked.
    public func verifyAndDecodeRealtimeRequest(_ signed: String) throws(AppStoreError) -> DecodedRealtimeRequestBody {
        try checkRealtimeRequest(try decode(signed, as: DecodedRealtimeRequestBody.self, dateField: "signedDate"))
    }

    // MARK: Entry points with online checks

    /// As the synchronous form; with ``enableOnlineChecks`` the chain is validated now and its OCSP status checked.
    public func verifyAndDecodeTransaction(_ signed: String) async throws(AppStoreError) -> JWSTransactionDecodedPayload {
        try checkTransaction(try await decodeOnline(signed, as: JWSTransactionDecodedPayload.self, dateField: "signedDate"))
    }

    /// As the synchronous form; with ``enableOnlineChecks`` the chain is validated now and its OCSP status checked.
    public func verifyAndDecodeRenewalInfo(_ signed: String) async throws(AppStoreError) -> JWSRenewalInfoDecodedPayload {
        try checkRenewalInfo(try await decodeOnline(signed, as: JWSRenewalInfoDecodedPayload.self, dateField: "signedDate"))
    }

    /// As the synchronous form; with ``enableOnlineChecks`` the chain is validated now and its OCSP status checked.
    public func verifyAndDecodeNotification(_ signed: String) async throws(AppStoreError) -> ResponseBodyV2DecodedPayload {
        try checkNotification(try await decodeOnline(signed, as: ResponseBodyV2DecodedPayload.self, dateField: "signedDate"))
    }

    /// As the synchronous form; with ``enableOnlineChecks`` every chain is validated now and its OCSP status checked.
    public func verifyAndDecodeNotificationWithNestedData(_ signed: String) async throws(AppStoreError) -> VerifiedNotification {
        let n = try await verifyAndDecodeNotification(signed)
        var t: JWSTransactionDecodedPayload? = nil, r: JWSRenewalInfoDecodedPayload? = nil, a: AppTransaction? = nil
        if let s = n.data?.signedTransactionInfo { t = try await verifyAndDecodeTransaction(s) }
        if let s = n.data?.signedRenewalInfo { r = try await verifyAndDecodeRenewalInfo(s) }
        if let s = n.appData?.signedAppTransactionInfo { a = try await verifyAndDecodeAppTransaction(s) }
        return VerifiedNotification(notification: n, transaction: t, renewalInfo: r, appTransaction: a)
    }

    /// As the synchronous form; with ``enableOnlineChecks`` the chain is validated now and its OCSP status checked.
    public func verifyAndDecodeAppTransaction(_ signed: String) async throws(AppStoreError) -> AppTransaction {
        try checkAppTransaction(try await decodeOnline(signed, as: AppTransaction.self, dateField: "receiptCreationDate"))
    }

    /// As the synchronous form; with ``enableOnlineChecks`` the chain is validated now and its OCSP status checked.
    public func verifyAndDecodeRealtimeRequest(_ signed: String) async throws(AppStoreError) -> DecodedRealtimeRequestBody {
        try checkRealtimeRequest(try await decodeOnline(signed, as: DecodedRealtimeRequestBody.self, dateField: "signedDate"))
    }

    // MARK: Identity checks

    func checkTransaction(_ t: JWSTransactionDecodedPayload) throws(AppStoreError) -> JWSTransactionDecodedPayload {
        guard t.bundleId == bundleID else {
            throw .make(.invalidAppIdentifier, "the transaction is for bundle \(shown(t.bundleId)), not \(shown(bundleID))")
        }
        try checkEnvironment(t.environment, "transaction")
        return t
    }

    func checkRenewalInfo(_ r: JWSRenewalInfoDecodedPayload) throws(AppStoreError) -> JWSRenewalInfoDecodedPayload {
        try checkEnvironment(r.environment, "renewal info")
        return r
    }

    func checkNotification(_ n: ResponseBodyV2DecodedPayload) throws(AppStoreError) -> ResponseBodyV2DecodedPayload {
        let (bundle, appID, env) = Self.identity(of: n)
        guard bundle == bundleID, environment != .production || appID == appAppleID else {
            throw .make(.invalidAppIdentifier, "the notification is for bundle \(shown(bundle)) app \(appID.map(String.init) ?? "none"), not \(shown(bundleID)) app \(appAppleID.map(String.init) ?? "none")")
        }
        try checkEnvironment(env, "notification")
        return n
    }

    func checkAppTransaction(_ a: AppTransaction) throws(AppStoreError) -> AppTransaction {
        guard a.bundleId == bundleID, environment != .production || a.appAppleId == appAppleID else {
            throw .make(.invalidAppIdentifier, "the app transaction is for bundle \(shown(a.bundleId)) app \(a.appAppleId.map(String.init) ?? "none")")
        }
        try checkEnvironment(a.receiptType, "app transaction")
        return a
    }

    func checkRealtimeRequest(_ r: DecodedRealtimeRequestBody) throws(AppStoreError) -> DecodedRealtimeRequestBody {
        guard environment != .production || r.appAppleId == appAppleID else {
            throw .make(.invalidAppIdentifier, "the request is for app \(r.appAppleId.map(String.init) ?? "none")")
        }
        try checkEnvironment(r.environment, "realtime request")
        return r
    }

    // MARK: Pieces

    func checkEnvironment(_ found: AppStoreEnvironment?, _ what: String) throws(AppStoreError) {
        guard found == environment else {
            throw .make(.invalidEnvironment, "the \(what) is from environment \(shown(found?.rawValue)), this verifier's is \(environment.rawValue)")
        }
    }

    /// Bundle ID, app Apple ID and environment of a notification, as Apple's library reads them.
    static func identity(of n: ResponseBodyV2DecodedPayload) -> (String?, Int64?, AppStoreEnvironment?) {
        if let d = n.data { return (d.bundleId, d.appAppleId, d.environment) }
        if let s = n.summary { return (s.bundleId, s.appAppleId, s.environment) }
        if let e = n.externalPurchaseToken {
            let sandbox = e.externalPurchaseId.map { Array($0.utf8).starts(with: Array("SANDBOX".utf8)) } ?? false
            return (e.bundleId, e.appAppleId, sandbox ? .sandbox : .production)
        }
        if let a = n.appData { return (a.bundleId, a.appAppleId, a.environment) }
        return (nil, nil, nil)
    }

    /// The verified (or, for Xcode and LocalTesting, only decoded) payload as `T`: the chain validated at the
    /// payload's own `dateField` (milliseconds since 1970; the clock when the payload has none).
    func decode<T: Decodable>(_ signed: String, as type: T.Type, dateField: String) throws(AppStoreError) -> T {
        if enableOnlineChecks && environment != .xcode && environment != .localTesting {
            throw .make(.invalidArgument, "this verifier checks revocation online: call the async entry point (try await)")
        }
        let (payloadJSON, _) = try verify(signed, at: .fromPayload(payloadTime(dateField)), boundingDate: dateField)
        return try Self.decodeModel(payloadJSON)
    }

    /// The async form of ``decode(_:as:dateField:)``: offline it is the same; online the chain is validated at the
    /// current time, then the OCSP status of each certificate below the root is checked (or found in the cache).
    func decodeOnline<T: Decodable>(_ signed: String, as type: T.Type, dateField: String) async throws(AppStoreError) -> T {
        guard enableOnlineChecks, let fetcher = ocspFetcher else { return try decode(signed, as: type, dateField: dateField) }
        let now = clock()
        let (payloadJSON, chain) = try verify(signed, at: .fixed(now))
        if let chain { try await checkRevocation(chain, at: now, fetcher) }
        return try Self.decodeModel(payloadJSON)
    }

    /// The time a payload's `field` names, in whole seconds (milliseconds floored); the clock when the field is
    /// absent or null; nil (refused as `decodingFailed`) when it is not a number of milliseconds.
    func payloadTime(_ field: String) -> @Sendable (JSONObject) -> Int64? {
        let clock = self.clock
        return { object in
            switch object[field] {
            case nil, .null?: return clock()
            // Floor division that cannot overflow: `(ms - 999) / 1000` trapped for ms near Int64.min, read from the
            // payload before the chain or the signature is checked.
            case .integer(let ms)?: return ms / 1000 - (ms % 1000 < 0 ? 1 : 0)
            case .number(let n)?:
                guard let ms = n.doubleValue, ms.isFinite, abs(ms) < 9e18 else { return nil }
                return Int64((ms / 1000).rounded(.down))
            default: return nil
            }
        }
    }

    /// Refuses a payload whose `field` (read as ``payloadTime(_:)`` reads it) lies more than
    /// ``futureSignedDateLeeway`` seconds after the clock: the chain would be validated at a time the signer chose.
    /// An unreadable date is left to the validation time, which refuses it as `decodingFailed`.
    func checkSignedDateBound(_ payload: JSONObject, _ field: String) throws(AppStoreError) {
        guard let seconds = payloadTime(field)(payload) else { return }
        let now = clock()
        // Saturating: an injected clock near Int64.max must not trap (nothing is later than Int64.max anyway).
        let (limit, over) = now.addingReportingOverflow(futureSignedDateLeeway)
        if !over && seconds > limit {
            throw .make(.signedDateInFuture, "the payload's \(field) is \(seconds) s since 1970, more than \(futureSignedDateLeeway) s after the current time (\(now) s)")
        }
    }

    static func decodeModel<T: Decodable>(_ json: JSONValue) throws(AppStoreError) -> T {
        do { return try JSONValueDecoder().decode(T.self, from: json) } catch {
            throw .make(.decodingFailed, "the payload does not decode as \(T.self): \(error)")
        }
    }

    /// The OCSP status of every certificate of `chain` but the root, each asked of the responder its
    /// authorityInfoAccess names and checked against its issuer (the next certificate) at `now`.
    func checkRevocation(_ chain: [Certificate], at now: Int64, _ fetcher: OCSPFetcher) async throws(AppStoreError) {
        var key: [UInt8] = []
        for c in chain { key += c.derEncoded }
        if await verifiedChains.contains(key, at: now) { return }
        for i in 0..<(chain.count - 1) {
            let certificate = chain[i], issuer = chain[i + 1]
            let role = i == 0 ? "signing certificate" : "intermediate certificate"
            let request: OCSPRequest
            do { request = try OCSPRequest(certificate: certificate, issuer: issuer) } catch {
                throw .make(.invalidChain, "no OCSP request for the \(role): \(error.reason)")
            }
            guard let url = OCSPRequest.ocspResponderURLs(of: certificate).first else {
                throw .make(.invalidCertificate, "the \(role) names no OCSP responder, so its revocation cannot be checked")
            }
            let body: [UInt8]
            do { body = try await fetcher(request.derEncoded, url) } catch {
                throw .make(.retryableVerificationFailure, "the OCSP responder \(shown(url)) could not be reached for the \(role): \(error)")
            }
            let answer: OCSPSingleResponse
            do { answer = try OCSPResponse(derEncoded: body).check(certificate: certificate, issuer: issuer, at: now) } catch {
                throw .make(.retryableVerificationFailure, "the OCSP answer for the \(role) cannot be used (\(error.code)): \(error.reason)")
            }
            switch answer.status {
            case .good: continue
            case .revoked(let when, let reason):
                throw .make(.certificateRevoked, "the \(role) was revoked at \(when)\(reason.map { ", CRLReason \($0)" } ?? "")")
            case .unknown:
                throw .make(.invalidChain, "the OCSP responder does not know the \(role)")
            }
        }
        // Saturating: an injected clock near Int64.max must not trap.
        let (until, over) = now.addingReportingOverflow(Self.verifiedChainCacheSeconds)
        await verifiedChains.insert(key, until: over ? Int64.max : until)
    }

    /// Splits `signed` and parses its payload; for the environments Apple signs, verifies it with ``x5cVerifier``
    /// at `time` and returns the validated chain (leaf, intermediate, root) too.
    /// With `boundingDate`, that payload date is bounded first (``checkSignedDateBound(_:_:)``).
    func verify(_ signed: String, at time: X5CVerifier.ValidationTime,
                boundingDate: String? = nil) throws(AppStoreError) -> (JSONValue, [Certificate]?) {
        let bytes = Array(signed.utf8)
        guard bytes.count <= Self.maximumSignedDataBytes else {
            throw .make(.invalidJWTFormat, "the signed data is \(bytes.count) bytes; at most \(Self.maximumSignedDataBytes) are accepted")
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .make(.invalidJWTFormat, "a compact JWS has three parts, this has \(parts.count)") }
        let payload: JSONValue
        do {
            payload = try JSONValue(parsing: try Base64URL.decode(Array(parts[1])), limits: JSONLimits(maxDepth: 32, maxBytes: Self.maximumSignedDataBytes))
        } catch {
            throw .make(.invalidJWTFormat, "the payload is not base64url JSON: \(error)")
        }
        guard case .object(let object) = payload else { throw .make(.invalidJWTFormat, "the payload is not a JSON object") }
        if environment == .xcode || environment == .localTesting { return (payload, nil) }
        if let field = boundingDate { try checkSignedDateBound(object, field) }

        let verified: X5CVerifiedJWS
        do { verified = try x5cVerifier.verifySignature(signed, at: time) } catch let e as AppStoreError {
            throw e
        } catch let e as JWTError {
            // A signature part that is not canonical base64url is a signature that does not verify, as in Apple's library.
            if e.code == .invalidBase64URL, (try? Base64URL.decode(Array(parts[0]))) != nil,
               (try? Base64URL.decode(Array(parts[2]))) == nil {
                throw .make(.verificationFailure, "the ES256 signature is not base64url: \(e.reason)")
            }
            throw Self.refusal(e)
        } catch {
            throw .make(.verificationFailure, "\(error)")
        }
        guard verified.certificateChain.count == 3 else {
            throw .make(.invalidChain, "the chain ends at a trusted certificate after \(verified.certificateChain.count) certificates, not 3")
        }
        return (payload, verified.certificateChain)
    }

    /// Apple's rules on the `x5c` positions (X5CVerifier's ``X5CVerifier/Options/certificateCheck``): exactly
    /// three certificates, the leaf and the intermediate each with its marker extension — refused before the path
    /// and the signature are looked at.
    @Sendable static func checkAppleCertificates(_ certificates: [Certificate]) throws {
        guard certificates.count == 3 else {
            throw AppStoreError.make(.invalidChainLength, "x5c holds \(certificates.count) certificates; App Store data carries exactly 3")
        }
        guard certificates[0].extensions.first(leafMarkerOID) != nil else {
            throw AppStoreError.make(.invalidCertificate, "the signing certificate lacks Apple's marker extension \(leafMarkerOID)")
        }
        guard certificates[1].extensions.first(intermediateMarkerOID) != nil else {
            throw AppStoreError.make(.invalidCertificate, "the intermediate certificate lacks Apple's marker extension \(intermediateMarkerOID)")
        }
    }

    /// The App Store code of an X5CVerifier refusal (the codes of Apple's library), with JOSE's reason.
    static func refusal(_ e: JWTError) -> AppStoreError {
        let code: AppStoreError.Code
        switch e.code {
        case .algorithmNotAllowed, .unsupportedAlgorithm, .unsecuredAlgorithm: code = .invalidAlgorithm
        case .keyNotFound: code = .invalidChainLength                       // no x5c
        case .invalidCertificate, .limitExceeded, .thumbprintMismatch,
             .keyMismatch, .unsupportedKey, .invalidKey, .weakKey: code = .invalidCertificate
        case .untrustedCertificateChain: code = .invalidChain
        case .invalidSignature: code = .verificationFailure
        case .missingClaim: code = .decodingFailed                          // the signed date is not a number
        case .malformedToken, .invalidBase64URL, .invalidJSON, .duplicateMember, .unsupportedCriticalHeader:
            code = .invalidJWTFormat
        default: code = .verificationFailure
        }
        return .make(code, "\(e.code): \(e.reason)")
    }
}

/// Text from a payload for an error message: quoted, at most 64 characters, control characters escaped.
func shown(_ s: String?) -> String {
    guard let s else { return "none" }
    var out = "\""
    for (i, ch) in s.unicodeScalars.enumerated() {
        if i == 64 { out += "…"; break }
        if ch.value < 0x20 || (0x7F...0x9F).contains(ch.value) || (0x2028...0x202E).contains(ch.value) || (0x2066...0x2069).contains(ch.value) {
            out += "\\u{\(String(ch.value, radix: 16))}"
        } else {
            out.unicodeScalars.append(ch)
        }
    }
    return out + "\""
}

/// Chains whose OCSP status was verified, each until its expiry (Unix seconds); shared by copies of a verifier.
actor VerifiedChainCache {
    static let capacity = 64
    var entries: [[UInt8]: Int64] = [:]

    func contains(_ chain: [UInt8], at now: Int64) -> Bool {
        guard let until = entries[chain] else { return false }
        if now < until { return true }
        entries[chain] = nil
        return false
    }

    func insert(_ chain: [UInt8], until: Int64) {
        if entries.count >= Self.capacity {
            let now = until - SignedDataVerifier.verifiedChainCacheSeconds
            entries = entries.filter { $0.value > now }
            if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value < $1.value }) { entries[oldest.key] = nil }
        }
        entries[chain] = until
    }
}
