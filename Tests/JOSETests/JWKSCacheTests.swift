import Foundation
import Testing
@testable import JOSE

/// A fetch function whose responses and clock the test controls.
actor FakeProvider {
    var responses: [Result<String, any Error>]
    var calls = 0
    var delayNanos: UInt64 = 0
    init(_ r: [Result<String, any Error>]) { responses = r }
    func setDelay(_ n: UInt64) { delayNanos = n }
    func next() async throws -> [UInt8] {
        calls += 1
        if delayNanos > 0 { try await Task.sleep(nanoseconds: delayNanos) }
        let r = responses.count > 1 ? responses.removeFirst() : responses[0]
        return Array(try r.get().utf8)
    }
}

final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var t: Double
    init(_ t: Double) { self.t = t }
    var now: Double { lock.lock(); defer { lock.unlock() }; return t }
    func advance(_ d: Double) { lock.lock(); t += d; lock.unlock() }
}

struct FetchFailure: Error {}

@Suite("JWKSCache")
struct JWKSCacheTests {
    static let k1: [UInt8] = Array(repeating: 1, count: 32)
    static let k2: [UInt8] = Array(repeating: 2, count: 32)
    static func set(_ keys: [(String, [UInt8])]) -> String {
        "{\"keys\":[" + keys.map { #"{"kty":"oct","kid":"\#($0.0)","k":"\#(Base64URL.encode($0.1))"}"# }.joined(separator: ",") + "]}"
    }
    static func token(kid: String, key: [UInt8]) -> String {
        T.hmacToken(header: #"{"alg":"HS256","kid":"\#(kid)"}"#, payload: #"{"exp":4000000000}"#, key: key)
    }

    @Test func refetchOnUnknownKidAtMostOncePerInterval() async throws {
        let provider = FakeProvider([.success(Self.set([("k1", Self.k1)])), .success(Self.set([("k1", Self.k1), ("k2", Self.k2)]))])
        let clock = ManualClock(1000)
        let cache = JWKSCache(minimumRefreshInterval: 60, allowSymmetricKeys: true, now: { clock.now }, fetch: { try await provider.next() })
        _ = try await cache.verify(Self.token(kid: "k1", key: Self.k1), algorithms: [.hs256])
        #expect(await provider.calls == 1)
        _ = try await cache.verify(Self.token(kid: "k1", key: Self.k1), algorithms: [.hs256])
        #expect(await provider.calls == 1)
        // k2 is unknown, but the last fetch was less than 60 s ago: no refetch, key not found.
        await #expect(throws: JWTError(.keyNotFound)) { try await cache.verify(Self.token(kid: "k2", key: Self.k2), algorithms: [.hs256]) }
        #expect(await provider.calls == 1)
        clock.advance(61)
        _ = try await cache.verify(Self.token(kid: "k2", key: Self.k2), algorithms: [.hs256])
        #expect(await provider.calls == 2)
        // A flood of made-up kids inside one interval costs nothing more.
        clock.advance(61)
        for i in 0..<20 {
            await #expect(throws: JWTError(.keyNotFound)) { try await cache.verify(Self.token(kid: "bogus\(i)", key: Self.k1), algorithms: [.hs256]) }
        }
        #expect(await provider.calls == 3)
        #expect(await cache.fetchCount == 3)
    }

    @Test func keepsLastGoodSetOnFailure() async throws {
        let provider = FakeProvider([.success(Self.set([("k1", Self.k1)])), .failure(FetchFailure()), .success("not json"),
                                     .success(#"{"keys":[{"kty":"oct","kid":"x","k":"AA"},{"kty":"oct","kid":"x","k":"AQ"}]}"#)])
        let clock = ManualClock(0)
        let cache = JWKSCache(minimumRefreshInterval: 10, allowSymmetricKeys: true, now: { clock.now }, fetch: { try await provider.next() })
        _ = try await cache.keySet()
        for _ in 0..<3 {
            clock.advance(11)
            await #expect(throws: JWTError(.fetchFailed)) { try await cache.refresh() }
            // The old set still verifies k1 tokens, and an unknown-kid refetch that fails keeps it too.
            _ = try await cache.verify(Self.token(kid: "k1", key: Self.k1), algorithms: [.hs256])
        }
        #expect(await cache.lastError?.code == .fetchFailed)
        #expect(try await cache.keySet().key(id: "k1") != nil)
    }

    @Test func setWithoutUsableKeysDoesNotReplaceGoodSet() async throws {
        let provider = FakeProvider([.success(Self.set([("k1", Self.k1)])), .success(#"{"keys":[]}"#),
                                     .success(#"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"AA","kid":"e"}]}"#)])
        let clock = ManualClock(0)
        let cache = JWKSCache(minimumRefreshInterval: 10, allowSymmetricKeys: true, now: { clock.now }, fetch: { try await provider.next() })
        _ = try await cache.keySet()
        for _ in 0..<2 {
            clock.advance(11)
            await #expect(throws: JWTError(.fetchFailed)) { try await cache.refresh() }
            _ = try await cache.verify(Self.token(kid: "k1", key: Self.k1), algorithms: [.hs256])
        }
        #expect(await provider.calls == 3)
        #expect(try await cache.keySet().count == 1)
    }

    @Test func firstFetchFailureIsReported() async {
        let provider = FakeProvider([.failure(FetchFailure())])
        let cache = JWKSCache(minimumRefreshInterval: 10, allowSymmetricKeys: true, now: { 0 }, fetch: { try await provider.next() })
        await #expect(throws: JWTError(.fetchFailed)) { try await cache.keySet() }
        // Inside the interval, no new fetch is started.
        await #expect(throws: JWTError(.fetchFailed)) { try await cache.keySet() }
        #expect(await provider.calls == 1)
    }

    @Test func concurrentCallersShareOneFetch() async throws {
        let provider = FakeProvider([.success(Self.set([("k1", Self.k1)]))])
        await provider.setDelay(50_000_000)
        let cache = JWKSCache(minimumRefreshInterval: 60, allowSymmetricKeys: true, fetch: { try await provider.next() })
        let token = Self.token(kid: "k1", key: Self.k1)
        try await withThrowingTaskGroup(of: Void.self) { g in
            for _ in 0..<16 { g.addTask { _ = try await cache.verify(token, algorithms: [.hs256]) } }
            try await g.waitForAll()
        }
        #expect(await provider.calls == 1)
    }

    @Test func concurrentUnknownKidFloodCostsOneRefetch() async throws {
        let provider = FakeProvider([.success(Self.set([("k1", Self.k1)])), .success(Self.set([("k1", Self.k1), ("k2", Self.k2)]))])
        let clock = ManualClock(0)
        let cache = JWKSCache(minimumRefreshInterval: 60, allowSymmetricKeys: true, now: { clock.now }, fetch: { try await provider.next() })
        _ = try await cache.keySet()
        clock.advance(61)
        await provider.setDelay(30_000_000)
        // 24 concurrent tokens: 16 with made-up kids, 8 with the rotated-in k2. One refetch serves them all; the
        // k2 tokens verify with the new set, the made-up ones fail with keyNotFound.
        let outcomes = await withTaskGroup(of: String.self) { g in
            for i in 0..<24 {
                g.addTask {
                    let t = i % 3 == 0 ? Self.token(kid: "k2", key: Self.k2) : Self.token(kid: "made-up-\(i)", key: Self.k1)
                    do { _ = try await cache.verify(t, algorithms: [.hs256]); return "ok" } catch let e as JWTError {
                        return "\(e.code)"
                    } catch { return "other" }
                }
            }
            var all: [String] = []
            for await o in g { all.append(o) }
            return all
        }
        #expect(await provider.calls == 2)
        #expect(outcomes.filter { $0 == "ok" }.count == 8)
        #expect(outcomes.filter { $0 == "keyNotFound" }.count == 16)
    }

    @Test func unknownKidJoinsFetchInFlight() async throws {
        let provider = FakeProvider([.success(Self.set([("k1", Self.k1)])), .success(Self.set([("k1", Self.k1), ("k2", Self.k2)]))])
        let cache = JWKSCache(minimumRefreshInterval: 3600, allowSymmetricKeys: true, fetch: { try await provider.next() })
        _ = try await cache.keySet()
        await provider.setDelay(100_000_000)
        async let forced = cache.refresh()
        // Wait until the refresh's fetch has started (the fetch function has been called).
        while await provider.calls < 2 { try await Task.sleep(nanoseconds: 1_000_000) }
        // The k2 token arrives while the refresh is under way: it waits for it instead of failing.
        _ = try await cache.verify(Self.token(kid: "k2", key: Self.k2), algorithms: [.hs256])
        _ = try await forced
        #expect(await provider.calls == 2)
    }

    @Test func maximumAgeRefreshes() async throws {
        let provider = FakeProvider([.success(Self.set([("k1", Self.k1)])), .success(Self.set([("k2", Self.k2)]))])
        let clock = ManualClock(0)
        let cache = JWKSCache(minimumRefreshInterval: 10, maximumAge: 3600, allowSymmetricKeys: true, now: { clock.now }, fetch: { try await provider.next() })
        #expect(try await cache.keySet().key(id: "k1") != nil)
        clock.advance(3599)
        #expect(try await cache.keySet().key(id: "k1") != nil)
        clock.advance(2)
        #expect(try await cache.keySet().key(id: "k2") != nil)
        #expect(await provider.calls == 2)
    }
}
