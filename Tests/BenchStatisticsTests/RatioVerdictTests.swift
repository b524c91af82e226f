import BenchStatistics
import Testing
import TestSupport

/// jose-bench's default answer (Benchmarks/JoseBench/Comparison.swift) rests on these: quantiles of the per-round
/// ratios and the verdict drawn from their middle half.
@Suite("jose-bench's ratio verdict")
struct RatioVerdictTests {
    @Test("quantiles interpolate between ranks as NumPy's percentile does by default")
    func quantiles() {
        // numpy.percentile([1, 2, 3, 4], [0, 25, 50, 75, 100]) = [1, 1.75, 2.5, 3.25, 4]
        let s: [Double] = [1, 2, 3, 4]
        #expect(quantile(sorted: s, 0) == 1)
        #expect(quantile(sorted: s, 0.25) == 1.75)
        #expect(quantile(sorted: s, 0.5) == 2.5)
        #expect(quantile(sorted: s, 0.75) == 3.25)
        #expect(quantile(sorted: s, 1) == 4)
        // numpy.percentile([3, 7, 8, 9, 100], [25, 50, 75]) = [7, 8, 9]
        #expect([0.25, 0.5, 0.75].map { quantile(sorted: [3, 7, 8, 9, 100], $0) } == [7, 8, 9])
        #expect(quantile(sorted: [5], 0.25) == 5)
        #expect(quantile(sorted: [], 0.5) == nil)
        #expect(quantile(sorted: [1, 2], 1.5) == nil)
    }

    @Test("a summary needs enough finite, positive ratios")
    func summaryRefusesTooFewOrBadRatios() {
        #expect(RatioSummary(ratios: [1.1, 1.2, 1.3, 1.2], minimumRounds: 5) == nil)
        #expect(RatioSummary(ratios: [1.1, 1.2, 1.3, 1.2, .infinity]) == nil)
        #expect(RatioSummary(ratios: [1.1, 1.2, 1.3, 1.2, 0]) == nil)
        #expect(RatioSummary(ratios: [1.1, 1.2, 1.3, 1.2, .nan]) == nil)
        let s = RatioSummary(ratios: [1.3, 1.1, 1.2, 1.25, 1.15])!
        #expect(s.rounds == 5 && s.minimum == 1.1 && s.maximum == 1.3)
        #expect(s.median == 1.2 && s.lowerQuartile == 1.15 && s.upperQuartile == 1.25)
    }

    @Test("the sign-test threshold is the binomial tail's, computed exactly")
    func signTest() {
        // Python: min t with 2·sum(comb(n, k) for k in t...n) / 2**n ≤ alpha.
        let expected: [(n: Int, alpha: Double, t: Int)] = [
            (1, 0.001, 2), (10, 0.001, 11), (11, 0.001, 11), (12, 0.001, 12), (20, 0.001, 18), (24, 0.001, 21),
            (30, 0.001, 25), (40, 0.001, 31), (100, 0.001, 67), (500, 0.001, 288), (1000, 0.001, 553),
            (40, 0.05, 27), (100, 0.01, 64),
        ]
        for e in expected { #expect(signTestThreshold(rounds: e.n, alpha: e.alpha) == e.t, "n = \(e.n)") }
        #expect(signTestThreshold(rounds: 0) == 1 && signTestThreshold(rounds: 1001) == 1002)
    }

    @Test("a middle half on one side of 1 names that side; one that straddles 1 is too close to call")
    func verdicts() {
        func verdict(_ pattern: [Double], times: Int = 3) -> RatioVerdict {
            RatioVerdict(RatioSummary(ratios: Array([[Double]](repeating: pattern, count: times).joined()))!)
        }
        // second ÷ first above 1 in the middle half: the first is cheaper, even with an outlier round below 1
        // (21 of 24 rounds above 1: the sign test's threshold for 24).
        #expect(verdict([1.18, 1.22, 1.20, 1.25, 0.80, 1.21, 1.19, 1.30]) == .firstCheaper)
        #expect(verdict([0.80, 0.85, 0.83, 0.79, 1.40, 0.82, 0.84, 0.86]) == .secondCheaper)
        // A middle half above 1 (quartiles 1.13 and 1.22) but only 18 of 24 rounds above: chance is not ruled out.
        let s = RatioSummary(ratios: Array([[Double]](repeating: [1.18, 1.22, 0.95, 1.25, 0.97, 1.21, 1.19, 1.30], count: 3).joined()))!
        #expect(s.lowerQuartile > 1.12 && s.above == 18 && s.below == 6)
        #expect(RatioVerdict(s) == .tooCloseToCall)
        #expect(RatioVerdict(s, alpha: 0.05) == .firstCheaper)
        // Quartiles 0.95 and 1.10: some rounds say one thing, some the other.
        #expect(verdict([0.90, 0.95, 1.00, 1.05, 1.10, 1.15, 0.93, 1.12, 0.96]) == .tooCloseToCall)
        #expect(verdict([0.98, 1.02, 1.25, 1.30, 0.97, 1.35]) == .tooCloseToCall)
        // 70 of 100 rounds above 1 is enough for the sign test (67), but the middle half reaches down to 0.9.
        let wide = RatioSummary(ratios: Array(repeating: 1.2, count: 70) + Array(repeating: 0.9, count: 30))!
        #expect(wide.above == 70 && wide.lowerQuartile == 0.9 && RatioVerdict(wide) == .tooCloseToCall)
        // Too few rounds for any verdict, however clear: 8 of 8 above 1.
        #expect(verdict([1.5, 1.6, 1.55, 1.52], times: 2) == .tooCloseToCall)
        // All within 3 %: about equal, whichever side of 1 the median falls.
        #expect(verdict([1.01, 1.02, 1.00, 1.015, 1.02, 1.01]) == .aboutEqual)
        #expect(verdict([0.99, 0.985, 0.995, 0.98, 0.99]) == .aboutEqual)
        // A middle half just past the band on one side: a winner, not "about equal".
        #expect(verdict([1.02, 1.05, 1.06, 1.07, 1.04, 1.05]) == .firstCheaper)
    }

    /// The property the verdict exists for: runs of the same machine do not contradict each other. Noisy rounds
    /// (each side's cost varies by a log-normal-ish factor of up to ±25 % per round, independently) around a true
    /// ratio of 1.15 never name the dearer side, and around a true ratio of 1 never name either side, in 300
    /// seeded runs of 40 rounds each.
    @Test("noisy rounds never flip the verdict")
    func noFlips() {
        var rng = SplitMix64(seed: 0xBE4C)
        func noise() -> Double {   // about ±25 %, skewed as timings are: the sum of three uniform draws
            let u = (0..<3).map { _ in Double(rng.next() >> 11) / Double(1 << 53) }.reduce(0, +) / 3
            return 1 + 0.5 * (u - 0.5) + (rng.below(10) == 0 ? 0.4 : 0)   // one round in ten hit by a neighbour
        }
        var calledAt115 = 0, notCalledAt115 = 0
        for trueRatio in [1.15, 1.0] {
            for _ in 0..<300 {
                let ratios = (0..<40).map { _ in trueRatio * noise() / noise() }
                let v = RatioVerdict(RatioSummary(ratios: ratios)!)
                if trueRatio > 1 {
                    #expect(v != .secondCheaper)
                    if v == .firstCheaper { calledAt115 += 1 } else { notCalledAt115 += 1 }
                } else {
                    #expect(v == .tooCloseToCall || v == .aboutEqual)
                }
            }
        }
        // And the noise is wide enough that the test means something: at 1.15 some runs call it and some cannot.
        #expect(calledAt115 > 0 && notCalledAt115 > 0)
    }

    @Test("rounds alternate which side goes first; load is high above three quarters of the cores")
    func roundOrderAndLoad() {
        #expect((0..<6).map(firstGoesFirst(inRound:)) == [true, false, true, false, true, false])
        #expect(loadIsHigh(loadAverage: 1.6, cores: 2))
        #expect(!loadIsHigh(loadAverage: 1.4, cores: 2))
        #expect(loadIsHigh(loadAverage: 0.8, cores: 0))
    }
}
