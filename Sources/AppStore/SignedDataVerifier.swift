import DER
import ECDSA
import JOSE
import PureX509
import SharedPrimitives

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
    /// PureX509's OCSP revocation checker over ``ocspFetcher``, remembering verified chains for
    /// ``verifiedChainCacheSeconds``; nil without online checks.
    let revocation: OCSPRevocationChecker?
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
        revocation = enableOnlineChecks ? ocspFetcher.map {
            OCSPRevocationChecker(cacheSeconds: Self.verifiedChainCacheSeconds, fetcher: $0)
        } : nil
        guard !rootCertificates.isEmpty else { throw .make(.invalidArgument, "no root certificates to trust") }
        self.rootCertificates = rootCertificates
        self.bundleID = bundleID
        self.appAppleID = appAppleID
        self.environment = environment
        self.clock = clock
        let limit = Self.maximumSignedDataBytes
        // Apple's rules, once each: exactly three certificates (x5c, and the validated chain is x5c's own), the
        // marker extensions on the leaf and the intermediate, and (online) the OCSP status of both.
        let chainPolicy = X5CVerifier.ChainPolicy(exactChainLength: 3, requiredLeafExtensions: [Self.leafMarkerOID],
                                                  requiredIntermediateExtensions: [Self.intermediateMarkerOID],
                                                  revocation: revocation)
        x5cVerifier = X5CVerifier(
            trustRoots: rootCertificates,
            policy: .init(maximumChainLength: 3, strictProfile: false),
            algorithms: [.es256],
            // The size is checked once, by ``verify(_:at:)`` (maxTokenBytes would report it as x5c's limitExceeded).
            options: .init(tokenOptions: .init(maxTokenBytes: Int.max, jsonLimits: JSONLimits(maxDepth: 32, maxBytes: limit)),
                           chainPolicy: chainPolicy),
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
        let payload = try verify(signed, at: .fromPayloadChecked(boundedPayloadTime(dateField)))
        return try Self.decodeModel(.object(payload))
    }

    /// The async form of ``decode(_:as:dateField:)``: offline it is the same; online the chain is validated at the
    /// current time, then the OCSP status of each certificate below the root is checked (or found in the cache).
    func decodeOnline<T: Decodable>(_ signed: String, as type: T.Type, dateField: String) async throws(AppStoreError) -> T {
        guard revocation != nil else { return try decode(signed, as: type, dateField: dateField) }
        let payload = try await verifyOnline(signed, at: .fixed(clock()))
        return try Self.decodeModel(.object(payload))
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

    /// ``payloadTime(_:)`` bounded by ``futureSignedDateLeeway``, for ``X5CVerifier``: a date too far ahead is `notYetValid` (→ `signedDateInFuture`), an unreadable one `missingClaim` (→ `decodingFailed`), both
    /// before the chain is looked at.
    func boundedPayloadTime(_ field: String) -> @Sendable (JSONObject) throws(JWTError) -> Int64 {
        let read = payloadTime(field), clock = self.clock, leeway = futureSignedDateLeeway
        return { object throws(JWTError) in
            guard let seconds = read(object) else {
                throw JWTError(.missingClaim, reason: "the payload's \(field) is not a number of milliseconds")
            }
            let now = clock()
            // Saturating: an injected clock near Int64.max must not trap (nothing is later than Int64.max anyway).
            let (limit, over) = now.addingReportingOverflow(leeway)
            if !over && seconds > limit {
                throw JWTError(.notYetValid, reason: "the payload's \(field) is \(seconds) s since 1970, more than \(leeway) s after the current time (\(now) s)")
            }
            return seconds
        }
    }

    static func decodeModel<T: Decodable>(_ json: JSONValue) throws(AppStoreError) -> T {
        do { return try JSONValueDecoder().decode(T.self, from: json) } catch {
            throw .make(.decodingFailed, "the payload does not decode as \(T.self): \(error)")
        }
    }

    /// The App Store codes of an OCSP refusal (PureX509's ``OCSPRevocationChecker``, run by ``x5cVerifier``'s
    /// policy), as Apple's library gives them: a revoked certificate `certificateRevoked`, an unknown one
    /// `invalidChain`, no responder `invalidCertificate`, anything else (a failed fetch, an answer that cannot be
    /// trusted or is out of date) `retryableVerificationFailure`.
    static func revocationRefusal(_ error: X509Error) -> AppStoreError {
        let role = error.position == 0 ? "signing certificate" : "intermediate certificate"
        let code: AppStoreError.Code
        switch error.code {
        case .revoked: code = .certificateRevoked
        case .ocspUnknownCertificate: code = .invalidChain
        case .ocspNoResponder: code = .invalidCertificate
        default: code = .retryableVerificationFailure
        }
        return .make(code, "the \(role): \(error.code): \(error.reason)")
    }

    /// The signed value's payload object: for the environments Apple signs, verified by ``x5cVerifier`` at `time`
    /// (one call: size, format, `alg`, the three certificates and their markers, the path, the leaf's key, the
    /// signature; the payload parsed once); for Xcode and LocalTesting only decoded.
    func verify(_ signed: String, at time: X5CVerifier.ValidationTime) throws(AppStoreError) -> JSONObject {
        if let unsigned = try unsignedPayload(signed) { return unsigned }
        let jws: X5CVerifiedJWS
        do { jws = try x5cVerifier.verifySignature(signed, at: time) } catch { throw Self.refusal(error) }
        return try Self.payloadObject(jws)
    }

    /// ``verify(_:at:)`` with the chain's OCSP status checked (the x5c policy's revocation checker).
    func verifyOnline(_ signed: String, at time: X5CVerifier.ValidationTime) async throws(AppStoreError) -> JSONObject {
        if let unsigned = try unsignedPayload(signed) { return unsigned }
        let jws: X5CVerifiedJWS
        do { jws = try await x5cVerifier.verifySignature(signed, at: time) } catch { throw Self.refusal(error) }
        return try Self.payloadObject(jws)
    }

    /// The size bound (the one place it is checked); for Xcode and LocalTesting, which Apple does not sign, the
    /// payload parsed and returned without any check of chain or signature.
    func unsignedPayload(_ signed: String) throws(AppStoreError) -> JSONObject? {
        let count = signed.utf8.count
        guard count <= Self.maximumSignedDataBytes else {
            throw .make(.invalidJWTFormat, "the signed data is \(count) bytes; at most \(Self.maximumSignedDataBytes) are accepted")
        }
        guard environment == .xcode || environment == .localTesting else { return nil }
        let parts = Array(signed.utf8).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .make(.invalidJWTFormat, "a compact JWS has three parts, this has \(parts.count)") }
        let payload: JSONValue
        do {
            payload = try JSONValue(parsing: try Base64URL.decode(Array(parts[1])), limits: JSONLimits(maxDepth: 32, maxBytes: Self.maximumSignedDataBytes))
        } catch {
            throw .make(.invalidJWTFormat, "the payload is not base64url JSON: \(error)")
        }
        guard case .object(let object) = payload else { throw .make(.invalidJWTFormat, "the payload is not a JSON object") }
        return object
    }

    /// The payload object X5CVerifier parsed (for the signed date), or parsed now (online: validated at the clock).
    static func payloadObject(_ jws: X5CVerifiedJWS) throws(AppStoreError) -> JSONObject {
        if let o = jws.payloadObject { return o }
        let value: JSONValue
        do { value = try JSONValue(parsing: jws.payload, limits: JSONLimits(maxDepth: 32, maxBytes: maximumSignedDataBytes)) } catch {
            throw .make(.invalidJWTFormat, "the payload is not JSON: \(error)")
        }
        guard case .object(let o) = value else { throw .make(.invalidJWTFormat, "the payload is not a JSON object") }
        return o
    }

    /// The App Store code of an X5CVerifier refusal (the codes of Apple's library), with JOSE's reason; a refusal
    /// with a certificate cause is read from its `X509Error`.
    static func refusal(_ e: JWTError) -> AppStoreError {
        if let cause = e.certificateError {
            if e.code == .untrustedCertificateChain && e.reason.hasPrefix(X5CVerifier.revocationReasonPrefix) {
                return revocationRefusal(cause)
            }
            if cause.code == .chainLengthMismatch { return .make(.invalidChainLength, "\(e.code): \(e.reason)") }
        }
        let code: AppStoreError.Code
        switch e.code {
        case .algorithmNotAllowed, .unsupportedAlgorithm, .unsecuredAlgorithm: code = .invalidAlgorithm
        case .keyNotFound: code = .invalidChainLength                       // no x5c
        case .invalidCertificate, .limitExceeded, .thumbprintMismatch,
             .keyMismatch, .unsupportedKey, .invalidKey, .weakKey: code = .invalidCertificate
        case .untrustedCertificateChain: code = .invalidChain
        case .invalidSignature: code = .verificationFailure
        case .notYetValid: code = .signedDateInFuture                       // the signed date's bound
        case .missingClaim: code = .decodingFailed                          // the signed date is not a number
        case .invalidBase64URL where e.reason.hasPrefix("signature:"):
            // A signature part that is not canonical base64url is a signature that does not verify, as in Apple's library.
            code = .verificationFailure
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
    return "\"" + LogText.escaped(s, limit: 64) + "\""
}
