// The statistics behind jose-bench's default answer: two contenders timed in alternating short rounds, the ratio
// of their costs taken round by round, and a verdict that says "too close to call" rather than pick a side the
// rounds do not agree on. Standard library only, so its tests build in a moment.

/// The `p`-quantile (0 ≤ p ≤ 1) of samples sorted ascending, interpolating linearly between the two nearest
/// ranks (Hyndman and Fan's type 7, what R and NumPy use by default). Nil for no samples.
public func quantile(sorted samples: [Double], _ p: Double) -> Double? {
    guard !samples.isEmpty, p >= 0, p <= 1 else { return nil }
    let h = Double(samples.count - 1) * p
    let below = Int(h.rounded(.down))
    let above = min(below + 1, samples.count - 1)
    return samples[below] + (h - Double(below)) * (samples[above] - samples[below])
}

/// Per-round cost ratios of two contenders, `second ÷ first`, summarised: above 1, the first is cheaper.
public struct RatioSummary: Equatable, Sendable {
    public let rounds: Int
    public let median: Double
    /// The middle half of the rounds: 25th and 75th percentiles.
    public let lowerQuartile: Double
    public let upperQuartile: Double
    public let minimum: Double
    public let maximum: Double
    /// Rounds whose ratio is above 1 (the first contender cheaper), and below 1.
    public let above: Int
    public let below: Int

    /// Nil unless there are at least `minimumRounds` ratios, all finite and positive.
    public init?(ratios: [Double], minimumRounds: Int = 5) {
        guard ratios.count >= max(1, minimumRounds), ratios.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        let s = ratios.sorted()
        rounds = s.count
        median = quantile(sorted: s, 0.5)!
        lowerQuartile = quantile(sorted: s, 0.25)!
        upperQuartile = quantile(sorted: s, 0.75)!
        minimum = s[0]
        maximum = s[s.count - 1]
        above = s.reduce(0) { $0 + ($1 > 1 ? 1 : 0) }
        below = s.reduce(0) { $0 + ($1 < 1 ? 1 : 0) }
    }
}

/// How many of `n` rounds must fall on one side of 1 before a sign test calls it at level `alpha` (two-sided):
/// the least t with 2·P(X ≥ t) ≤ alpha for X ~ Binomial(n, ½). n + 1 when no count is enough (fewer than 11 rounds
/// at the default level), and for n outside 1...1000.
public func signTestThreshold(rounds n: Int, alpha: Double = 0.001) -> Int {
    guard n >= 1, n <= 1000 else { return n + 1 }
    // P(X = k) = C(n, k) / 2ⁿ from k = n down; 2⁻¹⁰⁰⁰ is still a normal Double.
    var pmf = 1.0
    for _ in 0..<n { pmf /= 2 }
    var tail = 0.0
    var t = n + 1
    for k in stride(from: n, through: 0, by: -1) {
        tail += pmf
        if 2 * tail > alpha { break }
        t = k
        pmf = pmf * Double(k) / Double(n - k + 1)   // P(X = k − 1) from P(X = k)
    }
    return t
}

/// Which contender is cheaper, if the rounds agree.
public enum RatioVerdict: Equatable, Sendable {
    /// The middle half of the rounds lies above 1 (and not all of it within the `equalWithin` band).
    case firstCheaper
    /// The middle half of the rounds lies below 1.
    case secondCheaper
    /// The middle half of the rounds lies within the band around 1: no difference worth quoting.
    case aboutEqual
    /// The middle half of the rounds straddles 1 (on some rounds one side won, on others the other), or too few
    /// rounds agree for chance to be ruled out.
    case tooCloseToCall

    /// The verdict on a summary of `second ÷ first` ratios. A side is named when the middle half of the rounds
    /// (25th–75th percentile) lies beyond 1 on its side and enough rounds agree that a sign test at level `alpha`
    /// rules out chance: with no real difference, about one run in 1/alpha names a side. `equalWithin` is the
    /// relative band around 1 that counts as equal (0.03: from 1/1.03 to 1.03).
    public init(_ s: RatioSummary, equalWithin band: Double = 0.03, alpha: Double = 0.001) {
        let enough = signTestThreshold(rounds: s.rounds, alpha: alpha)
        if s.lowerQuartile >= 1 / (1 + band) && s.upperQuartile <= 1 + band {
            self = .aboutEqual
        } else if s.lowerQuartile > 1 && s.above >= enough {
            self = .firstCheaper
        } else if s.upperQuartile < 1 && s.below >= enough {
            self = .secondCheaper
        } else {
            self = .tooCloseToCall
        }
    }
}

/// The order of the two contenders in round `i`: A B, B A, A B, … so that a drift in the machine's speed within
/// a round (a neighbour starting, a frequency change) falls on each side alike. True: the first contender first.
public func firstGoesFirst(inRound i: Int) -> Bool { i % 2 == 0 }

/// Whether a load average is high enough that the answer should carry a warning: more runnable work than
/// three quarters of the cores (this benchmark's own thread counts for one).
public func loadIsHigh(loadAverage: Double, cores: Int) -> Bool {
    loadAverage > 0.75 * Double(max(1, cores))
}
