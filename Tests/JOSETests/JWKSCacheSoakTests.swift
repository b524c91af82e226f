import Foundation
import Testing
import JWKSSoak

/// The JWKSCache soak at test size (the full 100,000-token run is `JoseSoak`, from .ci/run).
@Suite("JWKSCache soak (small)")
struct JWKSCacheSoakTests {
    @Test func smallSoak() async {
        // 4,000 tokens, 10 rotations, 8 tasks; same fault mix as the full run.
        var c = JWKSSoak.Config()
        c.tokens = 4_000
        c.rotations = 10
        c.secondsPerToken = 0.5   // 2,000 s of virtual time: room for the fetches ten rotations need
        c.minimumRefreshInterval = 20   // at most 101 fetches (about 10 of them stalls of 50 ms)
        c.maximumRetryInterval = 80
        let r = await JWKSSoak.run(c)
        #expect(r.tokens == 4_000)
        #expect(r.wrongVerdicts.isEmpty, "\(r.wrongVerdicts)")
        #expect(r.fetches <= r.fetchBound, "\(r)")
        // The made-up kids keep asking: the interval (not a lack of demand) is what limits the fetches.
        #expect(r.fetches >= r.fetchBound / 4, "\(r)")
        // The cache followed the rotation: good tokens of (nearly) every key generation verified.
        #expect(r.generationsAccepted.count >= c.rotations - 1, "\(r)")
        print(r)
        // Most good tokens verify (a fault-free run accepts all but those arriving between a rotation and the
        // next allowed fetch).
        #expect(Double(r.goodAccepted) >= 0.5 * Double(r.goodTokens), "\(r)")
        #expect(r.badTokens > 0 && r.goodTokens > 0)
    }
}
