// The JWKSCache soak (issue 16), one copy in its own support target: `JoseSoak` (Tests/JoseSoak) runs it full size
// (.ci/run), and JWKSCacheSoakTests runs a small size in `swift test`.
//
// Eight tasks verify N tokens through one JWKSCache while the provider's set rotates R times (each published set
// holds the current and the previous key) and every fetch may fail, stall past the fetch timeout, answer slowly,
// or return junk. Time for the cache's intervals is virtual (token number × `secondsPerToken`), so the run is
// independent of machine speed; the fetch timeout is real time.
//
// A verdict is wrong when a token that must be refused is accepted, or when any token gets an error code outside
// the ones its kind allows (a good token may be refused only with keyNotFound, while its key is not yet fetched).

import Foundation
import JOSE
import SHA2
import TestSupport

public struct JWKSSoak {
    public struct Config: Sendable {
        public init() {}
        public var tokens = 100_000
        public var tasks = 8
        public var rotations = 50
        /// Virtual seconds per token taken (the cache's monotonic clock is token number × this).
        public var secondsPerToken = 0.02
        public var minimumRefreshInterval = 2.0
        public var maximumRetryInterval = 16.0
        /// Real seconds.
        public var fetchTimeout = 0.05
        public var seed: UInt64 = 0x5EED
    }

    public struct Report: Sendable, CustomStringConvertible {
        public var tokens = 0
        public var wrongVerdicts: [String] = []
        public var goodTokens = 0
        public var goodAccepted = 0
        /// The key generations for which some good token verified (the cache followed the rotation).
        public var generationsAccepted: Set<Int> = []
        public var badTokens = 0
        public var outcomes: [String: Int] = [:]
        public var fetches = 0
        public var fetchBound = 0
        public var timeouts = 0
        public var faults: [String: Int] = [:]
        public var seconds = 0.0

        public var description: String {
            let kinds = outcomes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let f = faults.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            return """
                generations whose tokens verified: \(generationsAccepted.count)
                tokens \(tokens) (good \(goodTokens), of which accepted \(goodAccepted) = \(String(format: "%.2f", 100 * Double(goodAccepted) / Double(max(goodTokens, 1)))) %; must-refuse \(badTokens))
                wrong verdicts \(wrongVerdicts.count)
                fetches \(fetches) (bound \(fetchBound)), timeouts \(timeouts), fetch outcomes: \(f)
                verdicts: \(kinds)
                wall time \(String(format: "%.2f", seconds)) s
                """
        }
    }

    /// State shared by the tasks and the fetch function, behind one lock.
    final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var taken = 0
        var generation = 0
        var faultRandom: SplitMix64
        var faults: [String: Int] = [:]
        init(seed: UInt64) { faultRandom = SplitMix64(seed: seed ^ 0xFA17) }
    }

    static func b64(_ s: String) -> String { Base64URL.encode(Array(s.utf8)) }

    static func key(_ g: Int, seed: UInt64) -> [UInt8] {
        var m = SplitMix64(seed: seed &+ UInt64(g) &* 0x1000)
        return (0..<4).flatMap { _ in withUnsafeBytes(of: m.next()) { Array($0) } }
    }

    static func hs256(header: String, payload: String, key: [UInt8]) -> String {
        let input = b64(header) + "." + b64(payload)
        let mac = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: key))
        return input + "." + Base64URL.encode(mac.withUnsafeBytes { Array($0) })
    }

    static func setJSON(generation g: Int, seed: UInt64) -> String {
        let gens = g == 0 ? [0] : [g - 1, g]
        let keys = gens.map { #"{"kty":"oct","kid":"g\#($0)","k":"\#(Base64URL.encode(key($0, seed: seed)))"}"# }
        return #"{"keys":[\#(keys.joined(separator: ","))]}"#
    }

    /// What the provider answers for one fetch (with the fault chosen at random).
    static func fetch(_ shared: Shared, seed: UInt64) async throws -> [UInt8] {
        let (g, roll) = shared.lock.withLock { (shared.generation, shared.faultRandom.below(100)) }
        func note(_ s: String) { shared.lock.withLock { shared.faults[s, default: 0] += 1 } }
        switch roll {
        case 0..<15:
            note("error")
            throw CocoaError(.fileReadUnknown)
        case 15..<25:
            note("stall")
            while true { try await Task.sleep(nanoseconds: 5_000_000) }   // until the cache cancels it
        case 25..<30:
            note("junk:not-json")
            return Array("<html>502 Bad Gateway</html>".utf8)
        case 30..<33:
            note("junk:empty")
            return Array(#"{"keys":[]}"#.utf8)
        case 33..<36:
            note("junk:private")
            return Array(#"{"keys":[{"kty":"oct","kid":"g\#(g)","k":"AAAA","d":"AAAA"}]}"#.utf8)
        case 36..<39:
            note("junk:truncated")
            return Array(setJSON(generation: g, seed: seed).utf8.dropLast(7))
        case 39..<42:
            note("junk:duplicate-kid")
            let k = Base64URL.encode(key(g, seed: seed))
            return Array(#"{"keys":[{"kty":"oct","kid":"g\#(g)","k":"\#(k)"},{"kty":"oct","kid":"g\#(g)","k":"\#(k)"}]}"#.utf8)
        case 42..<47:
            note("slow-ok")
            try await Task.sleep(nanoseconds: 10_000_000)
            return Array(setJSON(generation: g, seed: seed).utf8)
        default:
            note("ok")
            return Array(setJSON(generation: g, seed: seed).utf8)
        }
    }

    enum Kind: CaseIterable { case current, previous, tampered, wrongKey, algNone, expired, noKidForged, madeUpKid }

    public static func run(_ c: Config) async -> Report {
        let shared = Shared(seed: c.seed)
        let seed = c.seed
        let perGeneration = max(1, c.tokens / (c.rotations + 1))
        let secondsPerToken = c.secondsPerToken
        let cache = JWKSCache(minimumRefreshInterval: c.minimumRefreshInterval, fetchTimeout: c.fetchTimeout,
                              maximumRetryInterval: c.maximumRetryInterval, allowSymmetricKeys: true,
                              now: { Double(shared.lock.withLock { shared.taken }) * secondsPerToken },
                              fetch: { try await JWKSSoak.fetch(shared, seed: seed) })
        let now: Double = 2_000_000_000
        let expect = ClaimExpectations(now: { now })
        let start = Date()

        let partial = await withTaskGroup(of: Report.self) { group in
            for _ in 0..<c.tasks {
                group.addTask {
                    var r = Report()
                    while true {
                        let (i, g): (Int, Int) = shared.lock.withLock {
                            let i = shared.taken
                            if i < c.tokens {
                                shared.taken += 1
                                shared.generation = min(c.rotations, i / perGeneration)
                            }
                            return (i, shared.generation)
                        }
                        if i >= c.tokens { break }
                        var m = SplitMix64(seed: seed ^ UInt64(i) &* 0x2545_F491_4F6C_DD1D)
                        let kind = Kind.allCases[m.below(10) < 4 ? 0 : m.below(Kind.allCases.count)]
                        let claims = #"{"sub":"user\#(i)","exp":\#(kind == .expired ? now - 10 : now + 3600)}"#
                        var token: String
                        switch kind {
                        case .current, .expired:
                            token = hs256(header: #"{"alg":"HS256","kid":"g\#(g)"}"#, payload: claims, key: key(g, seed: seed))
                        case .previous:
                            let p = max(0, g - 1)
                            token = hs256(header: #"{"alg":"HS256","kid":"g\#(p)"}"#, payload: claims, key: key(p, seed: seed))
                        case .tampered:
                            token = hs256(header: #"{"alg":"HS256","kid":"g\#(g)"}"#, payload: claims, key: key(g, seed: seed))
                            // One character of the MAC changed (not the last, whose low bits must stay zero).
                            var chars = Array(token)
                            let at = chars.count - 10
                            chars[at] = chars[at] == "A" ? "B" : "A"
                            token = String(chars)
                        case .wrongKey:
                            token = hs256(header: #"{"alg":"HS256","kid":"g\#(g)"}"#, payload: claims, key: key(g + 1_000_000, seed: seed))
                        case .algNone:
                            token = b64(#"{"alg":"none","kid":"g\#(g + 1)"}"#) + "." + b64(claims) + "."
                        case .noKidForged:
                            token = hs256(header: #"{"alg":"HS256"}"#, payload: claims, key: key(g + 2_000_000, seed: seed))
                        case .madeUpKid:
                            // A flood of unknown kids: each may ask for a refetch, which the interval limits.
                            token = hs256(header: #"{"alg":"HS256","kid":"made-up-\#(i)"}"#, payload: claims, key: key(g, seed: seed))
                        }
                        let outcome: String
                        do {
                            _ = try await cache.verify(token, algorithms: [.hs256], expecting: expect)
                            outcome = "valid"
                        } catch let e as JWTError {
                            outcome = "\(e.code)"
                        } catch {
                            outcome = "other:\(error)"
                        }
                        let allowed: [String]
                        switch kind {
                        // fetchFailed: no set has been fetched yet; keyNotFound: the key's set is not fetched yet.
                        case .current, .previous: allowed = ["valid", "keyNotFound", "fetchFailed"]
                        case .tampered, .wrongKey, .noKidForged, .madeUpKid: allowed = ["invalidSignature", "keyNotFound", "fetchFailed"]
                        case .algNone: allowed = ["unsecuredAlgorithm"]   // refused before any fetch
                        case .expired: allowed = ["expired", "keyNotFound", "fetchFailed"]
                        }
                        r.tokens += 1
                        r.outcomes["\(kind):\(outcome)", default: 0] += 1
                        if kind == .current || kind == .previous {
                            r.goodTokens += 1
                            if outcome == "valid" {
                                r.goodAccepted += 1
                                r.generationsAccepted.insert(kind == .current ? g : max(0, g - 1))
                            }
                        } else {
                            r.badTokens += 1
                        }
                        if !allowed.contains(outcome) && r.wrongVerdicts.count < 20 {
                            r.wrongVerdicts.append("token \(i) (\(kind), generation \(g)): \(outcome)")
                        }
                    }
                    return r
                }
            }
            var all = Report()
            for await r in group {
                all.tokens += r.tokens
                all.wrongVerdicts += r.wrongVerdicts
                all.goodTokens += r.goodTokens
                all.goodAccepted += r.goodAccepted
                all.generationsAccepted.formUnion(r.generationsAccepted)
                all.badTokens += r.badTokens
                for (k, v) in r.outcomes { all.outcomes[k, default: 0] += v }
            }
            return all
        }
        var report = partial
        report.seconds = Date().timeIntervalSince(start)
        report.fetches = await cache.fetchCount
        report.timeouts = await cache.timeoutCount
        report.faults = shared.lock.withLock { shared.faults }
        // Fetches happen only when allowed by the interval (or to get a first set): at most one per
        // minimumRefreshInterval of virtual time, plus the first.
        let virtualSeconds = Double(c.tokens) * c.secondsPerToken
        report.fetchBound = Int(virtualSeconds / c.minimumRefreshInterval) + 1
        return report
    }
}
