#if !hasFeature(Embedded)   // async, and a lock of the C library for the cache (Lock.swift)
/// Checks that no certificate of a validated chain is revoked, by asking each certificate's OCSP responder (RFC 6960)
/// through a fetch closure of yours — this package does no networking — and checking each answer with
/// ``OCSPResponse/check(certificate:issuer:at:leeway:maximumAgeWithoutNextUpdate:)`` against the certificate's issuer
/// (the next certificate of the chain). Works for any chain ``CertificateVerifier`` returned (leaf first, root last);
/// JOSE's `X5CVerifier` takes one in its policy, and the App Store's `SignedDataVerifier` composes it.
///
/// A chain whose every status was verified `good` is remembered, by the exact DER of all its certificates, for
/// ``cacheSeconds`` (15 minutes by default, as Apple's App Store library does), up to ``cacheCapacity`` chains;
/// copies of a checker share what it remembers. Refusals, each an ``X509Error`` with the certificate's position:
/// `revoked`; `ocspUnknownCertificate` (the responder does not know it); `ocspNoResponder` (no OCSP URL in its
/// authorityInfoAccess); `ocspFetchFailed` (your fetch threw: try again later); and whatever the answer's check
/// refuses (`ocspStale`, `ocspUnsuccessful`, `ocspResponderNotAuthorized`, `invalidSignature`, …). None ever passes.
public struct OCSPRevocationChecker: Sendable {
    /// Sends a DER `OCSPRequest` to a responder URL and returns the DER `OCSPResponse` body (an HTTP POST with
    /// `Content-Type: application/ocsp-request`). Throwing refuses the chain as `ocspFetchFailed`.
    public typealias Fetcher = @Sendable (_ request: [UInt8], _ responderURL: String) async throws -> [UInt8]

    /// The default of ``cacheSeconds``: 900 (15 minutes).
    public static let defaultCacheSeconds: Int64 = 900
    /// The default of ``cacheCapacity``: 64 chains.
    public static let defaultCacheCapacity = 64

    let fetcher: Fetcher
    /// How long a chain whose statuses were verified is trusted without asking again, in seconds.
    public let cacheSeconds: Int64
    /// The most chains remembered (the one that expires first is dropped when full); 0 remembers none.
    public let cacheCapacity: Int
    /// Seconds of clock skew allowed on an answer's thisUpdate and nextUpdate.
    public let leeway: Int64
    let verified: VerifiedChains

    public init(cacheSeconds: Int64 = OCSPRevocationChecker.defaultCacheSeconds,
                cacheCapacity: Int = OCSPRevocationChecker.defaultCacheCapacity, leeway: Int64 = 300,
                fetcher: @escaping Fetcher) {
        self.fetcher = fetcher
        self.cacheSeconds = max(0, cacheSeconds)
        self.cacheCapacity = max(0, cacheCapacity)
        self.leeway = leeway
        verified = VerifiedChains(capacity: self.cacheCapacity)
    }

    /// Checks the OCSP status of every certificate of `chain` but the last (the trust root) at `now` (Unix seconds),
    /// or finds the chain among those verified less than ``cacheSeconds`` ago.
    public func check(_ chain: [Certificate], at now: Int64) async throws(X509Error) {
        guard chain.count > 1 else { return }
        var key: [UInt8] = []
        for c in chain { key += c.derEncoded }
        if verified.contains(key, at: now) { return }
        for i in 0..<(chain.count - 1) {
            let certificate = chain[i], issuer = chain[i + 1]
            let request: OCSPRequest
            do { request = try OCSPRequest(certificate: certificate, issuer: issuer) } catch {
                throw X509Error.make(error.code, at: i, certificate, "no OCSP request: \(error.reason)")
            }
            guard let url = OCSPRequest.ocspResponderURLs(of: certificate).first else {
                throw X509Error.make(.ocspNoResponder, at: i, certificate, "names no OCSP responder, so its revocation cannot be checked")
            }
            let body: [UInt8]
            do { body = try await fetcher(request.derEncoded, url) } catch {
                throw X509Error.make(.ocspFetchFailed, at: i, certificate, "the OCSP responder \(url.debugDescription) could not be reached: \(error)")
            }
            let answer: OCSPSingleResponse
            do { answer = try OCSPResponse(derEncoded: body).check(certificate: certificate, issuer: issuer, at: now, leeway: leeway) } catch {
                throw X509Error.make(error.code, at: i, certificate, "the OCSP answer cannot be used (\(error.code)): \(error.reason)")
            }
            switch answer.status {
            case .good: continue
            case .revoked(let when, let reason):
                throw X509Error.make(.revoked, at: i, certificate, "revoked at \(when)\(reason.map { ", CRLReason \($0)" } ?? "")")
            case .unknown:
                throw X509Error.make(.ocspUnknownCertificate, at: i, certificate, "the OCSP responder does not know it")
            }
        }
        // Saturating: a clock near Int64.max must not trap.
        let (until, over) = now.addingReportingOverflow(cacheSeconds)
        verified.insert(key, until: over ? Int64.max : until, now: now)
    }
}

/// Chains whose OCSP statuses were verified, each until its expiry (Unix seconds); shared by copies of a checker.
final class VerifiedChains: Sendable {
    let capacity: Int
    private let entries = Lock([[UInt8]: Int64]())

    init(capacity: Int) { self.capacity = capacity }

    func contains(_ chain: [UInt8], at now: Int64) -> Bool {
        guard capacity > 0 else { return false }
        return entries.withLock { e in
            guard let until = e[chain] else { return false }
            if now < until { return true }
            e[chain] = nil
            return false
        }
    }

    func insert(_ chain: [UInt8], until: Int64, now: Int64) {
        guard capacity > 0 else { return }
        entries.withLock { e in
            if e[chain] == nil && e.count >= capacity {
                e = e.filter { $0.value > now }
                if e.count >= capacity, let first = e.min(by: { $0.value < $1.value }) { e[first.key] = nil }
            }
            e[chain] = until
        }
    }

    var count: Int { entries.withLock { $0.count } }
}
#endif
