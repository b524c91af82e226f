import Foundation
import Testing
@testable import JOSE

/// Issue 16 finding 5 (a)–(d) and the back-off; issue 19's second test of the refetch interval.
@Suite("JWKSCache on a bad day")
struct JWKSCacheRobustnessTests {
    typealias C = JWKSCacheTests
    static func b64(_ s: String) -> String { Base64URL.encode(Array(s.utf8)) }

    /// (a) Tokens that can never verify must not cause a fetch, even when they name a new kid.
    @Test(arguments: [
        ("alg none", #"{"alg":"none","kid":"new"}"#, JWTError.Code.unsecuredAlgorithm),
        ("alg NoNe", #"{"alg":"NoNe","kid":"new"}"#, .unsecuredAlgorithm),
        ("alg outside the allow-list", #"{"alg":"HS512","kid":"new"}"#, .algorithmNotAllowed),
        ("unknown alg", #"{"alg":"XS256","kid":"new"}"#, .unsupportedAlgorithm),
        ("unknown crit", #"{"alg":"HS256","kid":"new","crit":["exp"],"exp":1}"#, .unsupportedCriticalHeader),
        ("b64 false", #"{"alg":"HS256","kid":"new","b64":false}"#, .unsupportedCriticalHeader),
        ("kid not a string", #"{"alg":"HS256","kid":7}"#, .malformedToken),
        ("duplicate alg", #"{"alg":"HS256","kid":"new","alg":"none"}"#, .duplicateMember),
    ])
    func headerCheckedBeforeRefetch(name: String, header: String, code: JWTError.Code) async throws {
        let provider = FakeProvider([.success(C.set([("k1", C.k1)])), .success(C.set([("k1", C.k1), ("new", C.k2)]))])
        let clock = ManualClock(0)
        let cache = JWKSCache(minimumRefreshInterval: 10, allowSymmetricKeys: true, now: { clock.now },
                              fetch: { try await provider.next() })
        _ = try await cache.keySet()
        clock.advance(1000)   // a refetch would be allowed
        let token = Self.b64(header) + "." + Self.b64(#"{"exp":4000000000}"#) + "." + Base64URL.encode([UInt8](repeating: 9, count: 32))
        do {
            _ = try await cache.verify(token, algorithms: [.hs256])
            Issue.record("\(name): verified")
        } catch let e as JWTError {
            #expect(e.code == code, "\(name): \(e)")
        }
        #expect(await provider.calls == 1, "\(name) caused a fetch")
        // The control: a well-formed token with the new kid does refetch.
        _ = try await cache.verify(C.token(kid: "new", key: C.k2), algorithms: [.hs256])
        #expect(await provider.calls == 2)
    }

    /// A fetch that never answers (until cancelled).
    static func stall() async throws -> [UInt8] {
        while true { try await Task.sleep(nanoseconds: 10_000_000) }
    }

    /// (b) With a good set: waiters for a stalled refetch get the last good set after the timeout.
    @Test func stalledRefetchFallsBackToLastGoodSet() async throws {
        final class Mode: @unchecked Sendable { let lock = NSLock(); var stall = false; var cancelled = 0 }
        let mode = Mode()
        let cache = JWKSCache(minimumRefreshInterval: 0, fetchTimeout: 0.2, allowSymmetricKeys: true) {
            let s = mode.lock.withLock { mode.stall }
            if s {
                do { return try await Self.stall() } catch {
                    mode.lock.withLock { mode.cancelled += 1 }
                    throw error
                }
            }
            return Array(C.set([("k1", C.k1)]).utf8)
        }
        _ = try await cache.keySet()
        mode.lock.withLock { mode.stall = true }
        // Eight callers with a new kid all wait on the one stalled fetch, then go on with the old set.
        let outcomes = await withTaskGroup(of: String.self) { g in
            for i in 0..<8 {
                g.addTask {
                    let t = i % 2 == 0 ? C.token(kid: "k1", key: C.k1) : C.token(kid: "k9", key: C.k2)
                    do { _ = try await cache.verify(t, algorithms: [.hs256]); return "ok" } catch let e as JWTError {
                        return "\(e.code)"
                    } catch { return "\(error)" }
                }
            }
            var all: [String] = []
            for await o in g { all.append(o) }
            return all.sorted()
        }
        #expect(outcomes == Array(repeating: "keyNotFound", count: 4) + Array(repeating: "ok", count: 4))
        // No wall-time bound is asserted: in the parallel `swift test` run on 2 cores, CPU-bound suites can keep the
        // timer task from a thread of the cooperative pool for a minute. That the callers returned at all, through
        // the timeout (timeoutCount, reason), is what is checked.
        #expect(await cache.timeoutCount == 1)
        #expect(await cache.fetchCount == 2)
        #expect(await cache.lastError?.reason.contains("did not answer within 0.2 s") == true)
        // The abandoned fetch was cancelled.
        try await Task.sleep(nanoseconds: 100_000_000)
        let cancelled = mode.lock.withLock { mode.cancelled }
        #expect(cancelled == 1)
    }

    /// (b) Without a set: the waiters get fetchFailed after the timeout, not a hang.
    @Test func stalledFirstFetchFails() async throws {
        let cache = JWKSCache(fetchTimeout: 0.1) { try await Self.stall() }
        await #expect(throws: JWTError(.fetchFailed)) { try await cache.keySet() }
        #expect(await cache.timeoutCount == 1)
        #expect(await cache.lastError?.reason == "the fetch did not answer within 0.1 s")
    }

    /// (c) Intervals are measured on the monotonic clock by default, not on the wall clock.
    @Test func defaultClockIsMonotonic() async throws {
        var last = monotonicTimeSeconds()
        for _ in 0..<1000 {
            let t = monotonicTimeSeconds()
            #expect(t >= last)
            last = t
        }
        // CLOCK_MONOTONIC counts from boot, the wall clock from 1970: they are decades apart.
        #expect(abs(systemTimeSeconds() - monotonicTimeSeconds()) > 365 * 86_400)
        // A default cache's interval starts from the monotonic reading: a second unknown kid right after the
        // first fetch does not refetch (it would, were "now" the wall clock compared with a monotonic stamp).
        let provider = FakeProvider([.success(C.set([("k1", C.k1)]))])
        let cache = JWKSCache(minimumRefreshInterval: 3600, allowSymmetricKeys: true) { try await provider.next() }
        _ = try await cache.keySet()
        await #expect(throws: JWTError(.keyNotFound)) { try await cache.verify(C.token(kid: "k2", key: C.k2), algorithms: [.hs256]) }
        #expect(await provider.calls == 1)
    }

    /// (d) A fetched set holding oct keys is refused unless the caller opts in.
    @Test func symmetricKeysRefusedUnlessAllowed() async throws {
        let octSet = C.set([("k1", C.k1)])
        let broken = #"{"keys":[{"kty":"oct","kid":"x"},{"kty":"EC","crv":"P-256","kid":"e","x":"AA","y":"AA"}]}"#
        for text in [octSet, broken] {
            let refusing = JWKSCache { Array(text.utf8) }
            do {
                _ = try await refusing.keySet()
                Issue.record("accepted a set with oct keys")
            } catch let e as JWTError {
                #expect(e.code == .fetchFailed)
                #expect(e.reason.contains("oct"), "\(e.reason)")
            }
        }
        let allowing = JWKSCache(allowSymmetricKeys: true) { Array(octSet.utf8) }
        #expect(try await allowing.keySet().count == 1)
    }

    /// Back-off: after n consecutive failures the next fetch waits minimum × 2ⁿ, capped; a success resets it.
    @Test func backOffDoublesUpToTheCap() async throws {
        final class Flag: @unchecked Sendable { let lock = NSLock(); var fail = true }
        let flag = Flag()
        let clock = ManualClock(0)
        final class Count: @unchecked Sendable { let lock = NSLock(); var n = 0 }
        let count = Count()
        let cache = JWKSCache(minimumRefreshInterval: 10, maximumRetryInterval: 80, allowSymmetricKeys: true,
                              now: { clock.now }) {
            count.lock.withLock { count.n += 1 }
            if flag.lock.withLock({ flag.fail }) { throw FetchFailure() }
            return Array(C.set([("k1", C.k1)]).utf8)
        }
        func calls() -> Int { count.lock.withLock { count.n } }
        // Try once a second for 400 s; record when fetches happen.
        var fetchTimes: [Double] = []
        for _ in 0..<400 {
            let before = calls()
            _ = try? await cache.keySet()
            if calls() > before { fetchTimes.append(clock.now) }
            clock.advance(1)
        }
        // Fetches at 0, 20, 60, 140, 220, 300, 380: gaps 10 × 2ⁿ, capped at 80.
        let gaps = zip(fetchTimes.dropFirst(), fetchTimes).map { $0 - $1 }
        #expect(fetchTimes.first == 0)
        #expect(gaps == [20, 40, 80, 80, 80, 80], "\(fetchTimes)")
        #expect(await cache.retryInterval == 80)
        // A success resets the interval to the minimum.
        flag.lock.withLock { flag.fail = false }
        clock.advance(80)
        #expect(try await cache.keySet().count == 1)
        #expect(await cache.retryInterval == 10)
    }

    /// Issue 19: a second test of the refetch interval (the first is JWKSCacheTests.refetchOnUnknownKid…), this
    /// one at the boundary: 1 ms short of the interval no refetch, at the interval exactly one.
    @Test func refetchIntervalBoundary() async throws {
        let provider = FakeProvider([.success(C.set([("k1", C.k1)])), .success(C.set([("k1", C.k1), ("k2", C.k2)]))])
        let clock = ManualClock(500)
        let cache = JWKSCache(minimumRefreshInterval: 30, allowSymmetricKeys: true, now: { clock.now },
                              fetch: { try await provider.next() })
        _ = try await cache.keySet()
        clock.advance(29.999)
        #expect(try await cache.keySet(forKeyID: "k2").key(id: "k2") == nil)
        #expect(await provider.calls == 1)
        clock.advance(0.001)
        #expect(try await cache.keySet(forKeyID: "k2").key(id: "k2") != nil)
        #expect(await provider.calls == 2)
        // Right after, a further unknown kid waits a whole interval again.
        #expect(try await cache.keySet(forKeyID: "k3").key(id: "k3") == nil)
        #expect(await provider.calls == 2)
    }
}
