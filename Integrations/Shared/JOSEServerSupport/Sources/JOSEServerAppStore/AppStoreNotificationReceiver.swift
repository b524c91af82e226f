import AppStore
import JOSE
import JOSEServerSupport

/// Receives App Store Server Notifications V2, free of any web framework: the request body
/// `{"signedPayload": "…"}` → `SignedDataVerifier.verifyAndDecodeNotificationWithNestedData` → your handler → the
/// HTTP status to answer. The Hummingbird and Vapor packages wrap it in a route.
///
/// Apple retries a notification whose answer is not 200, so 200 is answered only when your handler returned:
///
/// | Outcome | Status | `code` |
/// | --- | --- | --- |
/// | verified, handler returned | 200 | `ok` |
/// | body over ``maximumBodyBytes`` | 413 | `bodyTooLarge` |
/// | body not arrived whole within ``BodyReadGate/timeout`` (connection closed) | 408 | `bodyTimeout` |
/// | ``BodyReadGate/maximumConcurrentReads`` bodies being read (connection closed) | 503 | `tooManyBodyReads` |
/// | body not strict JSON, or without a string `signedPayload` | 400 | `malformedBody` |
/// | `signedPayload` not a compact JWS | 400 | `invalidJWTFormat` |
/// | revocation status could not be established (OCSP unreachable, stale or untrusted answer) | 503 | `retryableVerificationFailure` |
/// | any other refusal (chain, signature, revoked, bundle, app Apple ID, environment, model) | 403 | the `AppStoreError` code |
/// | your handler threw | 500 | `handlerFailed` |
///
/// The answer's body is the code only: never the signed payload or anything decoded from it. The full reason is in
/// ``Outcome/reason`` for your logs.
public struct AppStoreNotificationReceiver: Sendable {
    /// What your app does with a verified notification. Throw to have Apple send it again later.
    public typealias Handler = @Sendable (SignedDataVerifier.VerifiedNotification) async throws -> Void

    /// What happened to one request: the status to answer, a short machine-readable code, and the reason in words.
    public struct Outcome: Sendable, Equatable, CustomStringConvertible {
        public let status: Int
        /// `ok`, `malformedBody`, `handlerFailed`, or the `AppStoreError` code of the refusal.
        public let code: String
        /// For logs: the refusal's reason (no key material, no whole payload).
        public let reason: String
        /// The verified notification, when the signature and identity checks passed.
        public let notification: ResponseBodyV2DecodedPayload?

        /// The body to answer: `ok`, or `refused: <code>`, `failed: handlerFailed`.
        public var responseBody: String {
            switch status {
            case 200: return "ok"
            case 500: return "failed: \(code)"
            default: return "refused: \(code)"
            }
        }

        public var description: String { "\(status) \(code): \(reason)" }

        /// The outcome of a body larger than `limit` bytes (also for frameworks that stop reading at the limit).
        public static func tooLarge(_ limit: Int) -> Outcome {
            Outcome(status: 413, code: "bodyTooLarge", reason: "the body is over the \(limit)-byte limit", notification: nil)
        }

        /// The outcome of a body that did not arrive whole within `seconds` (the connection is then closed).
        public static func timedOut(_ seconds: Double) -> Outcome {
            Outcome(status: 408, code: "bodyTimeout", reason: "the body did not arrive within \(seconds) s", notification: nil)
        }

        /// The outcome of a request refused because the route's concurrent body reads were all taken.
        public static func busy(_ limit: Int) -> Outcome {
            Outcome(status: 503, code: "tooManyBodyReads", reason: "\(limit) bodies are being read", notification: nil)
        }
    }

    /// A body that is not `{"signedPayload": "<string>"}` in strict JSON.
    public struct MalformedBody: Error, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { "malformed notification body: \(reason)" }
    }

    /// Largest body accepted: the verifier's limit on signed data plus room for the JSON around it.
    public static let defaultMaximumBodyBytes = SignedDataVerifier.maximumSignedDataBytes + 1024

    public let verifier: SignedDataVerifier
    public let maximumBodyBytes: Int
    /// The deadline (10 s by default) and concurrency limit (64) of the route's body reads: a body that has not
    /// arrived whole by then is answered 408 and its connection closed; a request past the limit 503.
    public let bodyReads: BodyReadGate
    private let handler: Handler

    /// - Parameters:
    ///   - verifier: checks each notification and the signed transaction, renewal info and app transaction in it
    ///     (with `enableOnlineChecks`, their OCSP status too, through its fetcher — e.g. ``OCSPHTTPFetcher``).
    ///   - maximumBodyBytes: larger bodies are refused (`bodyTooLarge`); frameworks stop reading at this size.
    ///   - bodyReads: the routes' body deadline and concurrency limit (10 s, 64 at once unless given).
    ///   - handler: your code, called once per verified notification; it must be idempotent, since Apple may send
    ///     one notification more than once (`notificationUUID` identifies it).
    public init(verifier: SignedDataVerifier, maximumBodyBytes: Int = defaultMaximumBodyBytes,
                bodyReads: BodyReadGate = BodyReadGate(), handler: @escaping Handler) {
        self.verifier = verifier
        self.maximumBodyBytes = max(0, maximumBodyBytes)
        self.bodyReads = bodyReads
        self.handler = handler
    }

    /// Verifies the request body and runs the handler; never throws, the outcome says what to answer.
    public func receive(_ body: [UInt8]) async -> Outcome {
        guard body.count <= maximumBodyBytes else { return .tooLarge(maximumBodyBytes) }
        let signed: String
        do { signed = try Self.signedPayload(from: body, maximumBytes: maximumBodyBytes) } catch {
            return Outcome(status: 400, code: "malformedBody", reason: error.reason, notification: nil)
        }
        let verified: SignedDataVerifier.VerifiedNotification
        do { verified = try await verifier.verifyAndDecodeNotificationWithNestedData(signed) } catch {
            return Outcome(status: Self.status(for: error.code), code: error.code.description, reason: error.reason,
                           notification: nil)
        }
        do { try await handler(verified) } catch {
            return Outcome(status: 500, code: "handlerFailed", reason: "the handler threw: \(error)",
                           notification: verified.notification)
        }
        return Outcome(status: 200, code: "ok", reason: "verified and handled", notification: verified.notification)
    }

    /// The HTTP status of a verification refusal.
    public static func status(for code: AppStoreError.Code) -> Int {
        switch code {
        case .retryableVerificationFailure: return 503
        case .invalidJWTFormat: return 400
        default: return 403
        }
    }

    /// The `signedPayload` of a notification body: a strict JSON object (PureJOSE's parser: valid UTF-8, no
    /// duplicate member, nothing after the value) whose `signedPayload` member is a string. Other members are
    /// ignored, so a field Apple adds later does not break the route.
    public static func signedPayload(from body: [UInt8], maximumBytes: Int = defaultMaximumBodyBytes) throws(MalformedBody) -> String {
        guard body.count <= maximumBytes else {
            throw MalformedBody(reason: "the body is \(body.count) bytes; at most \(maximumBytes) are accepted")
        }
        let value: JSONValue
        do { value = try JSONValue(parsing: body, limits: JSONLimits(maxDepth: 8, maxBytes: maximumBytes)) } catch {
            throw MalformedBody(reason: "not strict JSON (\(error.code))")
        }
        guard let object = value.objectValue else { throw MalformedBody(reason: "not a JSON object") }
        guard let member = object["signedPayload"] else { throw MalformedBody(reason: "no signedPayload member") }
        guard let signed = member.stringValue, !signed.isEmpty else {
            throw MalformedBody(reason: "signedPayload is a \(member.typeName), not a non-empty string")
        }
        return signed
    }
}
