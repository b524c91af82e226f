import Foundation
import Testing
@testable import JOSE

/// Issue 39, finding 1's class in the JWKS cache: its intervals are Doubles turned into a sleep of UInt64
/// nanoseconds, and `UInt64(seconds * 1e9)` trapped for a timeout of 1.9e10 s or more (infinity included) — in a
/// detached task, so the whole process died at the first fetch. Every Double gives a sleep, never a trap.
@Suite("JWKSCache intervals at the extremes")
struct JWKSCacheIntervalExtremesTests {
    typealias C = JWKSCacheTests

    @Test func sleepConversionNeverTraps() {
        #expect(JWKSCache.nanoseconds(10) == 10_000_000_000)
        #expect(JWKSCache.nanoseconds(0.5) == 500_000_000)
        for s in [0, -1, -.infinity, .nan, -Double.greatestFiniteMagnitude, -.leastNonzeroMagnitude] as [Double] {
            #expect(JWKSCache.nanoseconds(s) == 0, "\(s)")
        }
        for s in [1e10, 1.9e10, 1e300, .infinity, .greatestFiniteMagnitude] as [Double] {
            #expect(JWKSCache.nanoseconds(s) == 10_000_000_000_000_000_000, "\(s)")
        }
        #expect(JWKSCache.nanoseconds(1e9) == 1_000_000_000_000_000_000)
    }

    /// A cache whose timeout is infinite (or huge, or NaN) fetches and answers: before, its timer trapped.
    @Test(arguments: [Double.infinity, 1e300, 2e10, Double.greatestFiniteMagnitude])
    func extremeTimeoutsStillFetch(timeout: Double) async throws {
        let cache = JWKSCache(minimumRefreshInterval: .infinity, maximumAge: .infinity, fetchTimeout: timeout,
                              maximumRetryInterval: .infinity, allowSymmetricKeys: true,
                              fetch: { Array(C.set([("k1", C.k1)]).utf8) })
        let set = try await cache.keySet()
        #expect(set.keys.count == 1)
        _ = try await cache.verify(C.token(kid: "k1", key: C.k1), algorithms: [.hs256])
    }
}
