import Foundation
import Testing
import JOSE
import TestSupport
@testable import AppStore

/// A clock tests move by hand; every read advances it by `step` seconds.
final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now: Int64
    private let step: Int64
    init(start: Int64, step: Int64) { now = start; self.step = step }
    func read() -> Int64 { lock.lock(); defer { lock.unlock() }; now += step; return now }
}

/// The APNs token cache never makes two tokens within 20 minutes and never hands out one an hour old, with eight
/// concurrent senders (APNs' `TooManyProviderTokenUpdates` and `ExpiredProviderToken`).
@Suite("APNs provider token cache")
struct APNsTokenCacheConcurrencyTests {
    static func maker() throws -> APNsProviderToken {
        try APNsProviderToken(key: AppleAPIKey(keyID: "ABC123DEFG", p8: try Vectors.text("apple/certs/testSigningKey.p8")), teamID: "TEAM123456")
    }

    static func issuedAt(_ token: String) throws -> Int64 {
        let payload = try Base64URL.decode(token.split(separator: ".")[1])
        return try #require(try JSONValue(parsing: payload)["iat"]?.int64Value)
    }

    @Test(arguments: [1200, 3000, 3599] as [Int64])
    func eightConcurrentCallersNeverGetTwoTokensWithinTwentyMinutes(refreshAge: Int64) async throws {
        // Only the cache reads the clock, and each read moves time on by 3 s: 8 callers × 1,000 calls cover
        // 24,000 s (6.7 hours) of simulated time.
        let clock = SteppingClock(start: 1_700_000_000, step: 3)
        let cache = try APNsProviderTokenCache(Self.maker(), refreshAge: refreshAge, clock: { clock.read() })
        let seen = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var got = [String]()
                    for _ in 0..<1000 { got.append(try await cache.current()) }
                    return got
                }
            }
            var all = [String]()
            for try await part in group { all += part }
            return all
        }
        #expect(seen.count == 8000)
        let issued = try Set(seen).map(Self.issuedAt).sorted()
        #expect(issued.count == (await cache.tokensIssued))
        // The first call reads the clock for the age (…003) and for `iat` (…006).
        #expect(issued.first == 1_700_000_006)
        // Never two tokens within 20 minutes (nor within refreshAge), and each replaced on the first call at or
        // after refreshAge (one clock step of 3 s later at most), so none is handed out an hour old.
        for (a, b) in zip(issued, issued.dropFirst()) {
            #expect(b - a >= max(1200, refreshAge))
            #expect(b - a < refreshAge + 3)
        }
        // About one token per refreshAge over the ~24,000 simulated seconds (the gaps above are the exact check).
        let expected = Int(24_000 / refreshAge)
        #expect(issued.count >= expected && issued.count <= expected + 2)
    }

    @Test func reusesUntilRefreshAgeAndKeepsTheTokenWhenTheClockStepsBack() async throws {
        final class Manual: @unchecked Sendable { var now: Int64 = 1_700_000_000 }
        let m = Manual()
        let cache = try APNsProviderTokenCache(Self.maker(), refreshAge: 1800, clock: { m.now })
        let first = try await cache.current()
        m.now += 1799
        #expect(try await cache.current() == first)
        m.now -= 5000  // the wall clock was set back
        #expect(try await cache.current() == first)
        m.now += 5000 + 1
        let second = try await cache.current()
        #expect(second != first)
        #expect(try Self.issuedAt(second) == 1_700_001_800)
        #expect(await cache.tokensIssued == 2)
    }

    @Test(arguments: [0, 1199, 3600, -1] as [Int64])
    func refreshAgeOutsideApplesLimitsIsRefused(age: Int64) throws {
        #expect(throws: AppStoreError(.invalidArgument)) { try APNsProviderTokenCache(Self.maker(), refreshAge: age) }
    }
}
