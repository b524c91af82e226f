// jose-bench's default run (no flags, or `--compare`): the question the project exists for — RSA (RS256) or
// ECDSA (ES256), which costs less per token to verify and to sign on this machine now — answered in words, with
// its uncertainty, in about 15 seconds.
//
// Each pair is timed in alternating short rounds (A B, B A, A B, …; about 10 ms of CPU time per side per round),
// so that whatever else the machine is doing falls on both sides alike; each round gives one cost ratio. The
// answer is the median ratio with the middle half of the rounds (25th–75th percentile), and it names a winner only
// when that middle half lies on one side of 1: otherwise it says the two are too close to call on this machine
// now (BenchStatistics, tested by BenchStatisticsTests). Time is the thread's CPU time, as in the table; the
// rounds stop at a wall-clock budget, so a busy machine gives fewer rounds rather than a longer wait.

import BenchStatistics
import Foundation

enum Comparison {
    struct Contest {
        let key: String          // "verify", "sign": the JSON name
        let what: String         // "Verifying a whole token"
        let verb: String         // "verifies"
        let plural: String       // "verify"
        let first: (label: String, row: String)
        let second: (label: String, row: String)
        let wallSeconds: Double
    }

    static let contests = [
        Contest(key: "verify", what: "Verifying a whole token", verb: "verifies", plural: "verify",
                first: ("RS256", "jwt.RS256"), second: ("ES256", "jwt.ES256"), wallSeconds: 7),
        Contest(key: "sign", what: "Signing a whole token", verb: "signs", plural: "sign",
                first: ("RS256", "jwt.sign.RS256"), second: ("ES256", "jwt.sign.ES256"), wallSeconds: 5),
    ]

    /// The rows the comparison needs.
    static var rows: Set<String> { Set(contests.flatMap { [$0.first.row, $0.second.row] }) }

    /// CPU time of one side of one round, and the bounds on the number of rounds.
    static let sliceSeconds = 0.01
    static let minimumRounds = 12
    static let maximumRounds = 500

    /// True when the arguments ask for the comparison: `--compare`, or nothing but `--wall`.
    static func wanted(_ arguments: [String]) -> Bool {
        arguments.contains("--compare") || arguments.allSatisfy { $0 == "--wall" }
    }

    struct Outcome {
        let contest: Contest
        let summary: RatioSummary
        let verdict: RatioVerdict
        let firstCost: Double    // median seconds per operation over the rounds
        let secondCost: Double
    }

    static func main(_ all: [Benchmark], arguments: [String]) {
        var json = false
        var wall = false
        for a in arguments {
            switch a {
            case "--compare": break
            case "--json": json = true
            case "--wall": wall = true
            default:
                FileHandle.standardError.write(Data("jose-bench: --compare takes only --json and --wall, not \(a)\n".utf8))
                exit(2)
            }
        }
        let started = monotonic()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let loadBefore = loadAverage()
        if !json {
            emit("RSA (RS256, 2048-bit key) or ECDSA (ES256, P-256): which costs less per token on this machine now?")
            emit("Each pair runs in alternating rounds (A B, B A, …) of about \(Int(sliceSeconds * 1000)) ms of "
                 + (wall ? "wall-clock" : "CPU") + " time per side; each round gives one cost ratio.")
            emit("")
        }
        var outcomes: [Outcome] = []
        for c in contests {
            guard let a = all.first(where: { $0.name == c.first.row }), let b = all.first(where: { $0.name == c.second.row }) else {
                FileHandle.standardError.write(Data("jose-bench: rows \(c.first.row) and \(c.second.row) missing\n".utf8))
                exit(2)
            }
            let o = measure(c, a, b, wall: wall)
            outcomes.append(o)
            if json {
                emit(jsonLine(o, loadBefore: loadBefore))
            } else {
                for line in sentences(o) { emit(line) }
            }
        }
        let loadAfter = loadAverage()
        if json { return }
        emit("")
        emit("In short, on this machine now: " + outcomes.map(shortAnswer).joined(separator: "; ") + ".")
        let seconds = monotonic() - started
        if let before = loadBefore, let after = loadAfter {
            let load = "load average \(String(format: "%.2f", before)) at the start, \(String(format: "%.2f", after)) "
                + "at the end, \(cores) cores"
            if loadIsHigh(loadAverage: max(before, after), cores: cores) {
                emit("Warning: \(load): other work shares these cores (and their caches), which widens the spread of "
                     + "the rounds; the verdicts above allow for it, but quote figures from a quiet machine.")
            } else {
                emit("(\(load).)")
            }
        }
        emit("Measured in \(String(format: "%.1f", seconds)) s. The full table: --all; JSON lines for tools: --json "
             + "(table) or --compare --json (this answer).")
    }

    // MARK: - Measuring

    private static func measure(_ c: Contest, _ a: Benchmark, _ b: Benchmark, wall: Bool) -> Outcome {
        let clock = wall ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID
        // Warm-up and calibration: double the count until a run takes a slice; that count is then each round's.
        func calibrate(_ x: Benchmark) -> Int {
            var n = 1
            while true {
                let t = time(x, n, clock)
                if t >= sliceSeconds || n >= 1 << 24 {
                    return max(1, Int((Double(n) * sliceSeconds / max(t, 1e-9)).rounded()))
                }
                n *= 2
            }
        }
        let na = calibrate(a), nb = calibrate(b)
        var ratios: [Double] = [], costA: [Double] = [], costB: [Double] = []
        let deadline = monotonic() + c.wallSeconds
        var round = 0
        while round < maximumRounds && (round < minimumRounds || monotonic() < deadline) {
            let ta: Double, tb: Double
            if firstGoesFirst(inRound: round) {
                ta = time(a, na, clock); tb = time(b, nb, clock)
            } else {
                tb = time(b, nb, clock); ta = time(a, na, clock)
            }
            let ca = ta / Double(na), cb = tb / Double(nb)
            costA.append(ca); costB.append(cb)
            ratios.append(cb / ca)
            round += 1
        }
        guard let summary = RatioSummary(ratios: ratios, minimumRounds: minimumRounds) else {
            FileHandle.standardError.write(Data("jose-bench: \(c.key): the clock gave unusable times\n".utf8))
            exit(1)
        }
        costA.sort(); costB.sort()
        return Outcome(contest: c, summary: summary, verdict: RatioVerdict(summary),
                       firstCost: quantile(sorted: costA, 0.5)!, secondCost: quantile(sorted: costB, 0.5)!)
    }

    private static func time(_ b: Benchmark, _ n: Int, _ clock: clockid_t) -> Double {
        let start = now(clock)
        for _ in 0..<n { b.operation() }
        return now(clock) - start
    }

    private static func now(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    private static func monotonic() -> Double { now(CLOCK_MONOTONIC) }

    /// The one-minute load average from /proc/loadavg (Linux); nil elsewhere.
    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first else { return nil }
        return Double(first)
    }

    // MARK: - Words

    /// "1.21×" with two decimals below 10, one below 100, none above.
    static func times(_ x: Double) -> String {
        String(format: x < 10 ? "%.2f×" : x < 100 ? "%.1f×" : "%.0f×", x)
    }

    private static func micro(_ seconds: Double) -> String {
        let us = seconds * 1e6
        return String(format: us < 100 ? "%.1f µs" : "%.0f µs", us)
    }

    static func sentences(_ o: Outcome) -> [String] {
        let c = o.contest, s = o.summary
        let (f, g) = (c.first.label, c.second.label)
        let costs = "medians \(micro(o.firstCost)) (\(f)) and \(micro(o.secondCost)) (\(g)) per token"
        // Ratios are said as "the dearer one takes N× as long": above 1 whichever side won.
        let spread: String
        let head: String
        switch o.verdict {
        case .firstCheaper:
            head = "\(f) is cheaper: \(g) takes \(times(s.median)) as long"
            spread = "middle half of \(s.rounds) rounds \(times(s.lowerQuartile))–\(times(s.upperQuartile)), "
                + "all \(times(s.minimum))–\(times(s.maximum))"
        case .secondCheaper:
            head = "\(g) is cheaper: \(f) takes \(times(1 / s.median)) as long"
            spread = "middle half of \(s.rounds) rounds \(times(1 / s.upperQuartile))–\(times(1 / s.lowerQuartile)), "
                + "all \(times(1 / s.maximum))–\(times(1 / s.minimum))"
        case .aboutEqual:
            head = "about the same (within 3 %): \(g) takes \(times(s.median)) as long as \(f)"
            spread = "middle half of \(s.rounds) rounds \(times(s.lowerQuartile))–\(times(s.upperQuartile))"
        case .tooCloseToCall:
            head = "too close to call on this machine now: \(g) takes \(times(s.median)) as long as \(f)"
            spread = "but the middle half of \(s.rounds) rounds, \(times(s.lowerQuartile))–\(times(s.upperQuartile)), "
                + "straddles 1"
        }
        return ["\(c.what): \(head) (\(spread));", "  \(costs)."]
    }

    static func shortAnswer(_ o: Outcome) -> String {
        let c = o.contest, s = o.summary
        switch o.verdict {
        case .firstCheaper: return "\(c.first.label) \(c.verb) faster (\(times(s.median)))"
        case .secondCheaper: return "\(c.second.label) \(c.verb) faster (\(times(1 / s.median)))"
        case .aboutEqual: return "\(c.first.label) and \(c.second.label) \(c.plural) about as fast"
        case .tooCloseToCall: return "\(c.what.lowercased()) is too close to call"
        }
    }

    private static func jsonLine(_ o: Outcome, loadBefore: Double?) -> String {
        let s = o.summary
        let verdict: String
        switch o.verdict {
        case .firstCheaper: verdict = "first cheaper"
        case .secondCheaper: verdict = "second cheaper"
        case .aboutEqual: verdict = "about equal"
        case .tooCloseToCall: verdict = "too close to call"
        }
        func f(_ x: Double) -> String { String(format: "%.4f", x) }
        return "{\"comparison\": \"\(o.contest.key)\", \"first\": \"\(o.contest.first.row)\", "
            + "\"second\": \"\(o.contest.second.row)\", \"rounds\": \(s.rounds), \"ratio\": \(f(s.median)), "
            + "\"ratio_q1\": \(f(s.lowerQuartile)), \"ratio_q3\": \(f(s.upperQuartile)), "
            + "\"ratio_min\": \(f(s.minimum)), \"ratio_max\": \(f(s.maximum)), "
            + "\"first_us\": \(String(format: "%.3f", o.firstCost * 1e6)), "
            + "\"second_us\": \(String(format: "%.3f", o.secondCost * 1e6)), \"verdict\": \"\(verdict)\", "
            + "\"load\": \(loadBefore.map { String(format: "%.2f", $0) } ?? "null")}"
    }

    private static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
