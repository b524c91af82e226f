// jose-bench's timing harness: no dependencies, just `clock_gettime`.
//
// Each benchmark is warmed up and calibrated, then timed in batches of at least 0.2 s; the
// figure reported is the median batch. Modules add rows by adding one file that returns
// `[Benchmark]` and one line in main.swift.

import Foundation

/// One row of the benchmark table: a named operation and how to express its speed.
struct Benchmark {
    enum Unit {
        /// Operations per second (signature verifications, MACs of short messages, …).
        case opsPerSecond
        /// Throughput over messages of `bytesPerOp` bytes, in MB/s (10^6 bytes per second).
        case megabytesPerSecond(bytesPerOp: Int)
    }

    let name: String
    let unit: Unit
    /// One operation. Set-up (keys, messages) belongs outside, in the code building the row;
    /// pass results to `blackHole` so the optimizer cannot drop the work.
    let operation: () -> Void

    init(name: String, unit: Unit, _ operation: @escaping () -> Void) {
        self.name = name
        self.unit = unit
        self.operation = operation
    }
}

/// Consumes a value in a way the optimizer cannot see through, so the computation producing
/// it is kept.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {
    _blackHoleSink = withUnsafeBytes(of: value) { $0.count }
}

nonisolated(unsafe) var _blackHoleSink = 0

/// A measured figure.
struct Measurement {
    let name: String
    /// Median seconds per operation.
    let secondsPerOp: Double
    let unit: Benchmark.Unit

    /// The figure in its unit: ops/s or MB/s.
    var value: Double {
        switch unit {
        case .opsPerSecond: 1 / secondsPerOp
        case .megabytesPerSecond(let bytes): Double(bytes) / secondsPerOp / 1e6
        }
    }

    var unitLabel: String {
        switch unit {
        case .opsPerSecond: "ops/s"
        case .megabytesPerSecond: "MB/s"
        }
    }
}

struct BenchmarkRunner {
    var minimumBatchSeconds = 0.2
    var batches = 5
    var warmUpSeconds = 0.05

    /// Which clock times a batch: the thread's CPU time by default (like `openssl speed`, which
    /// divides by user CPU time unless given `-elapsed`), so other processes sharing the cores
    /// do not distort the figures; `--wall` selects the monotonic wall clock instead.
    var useWallClock = false

    private func now() -> Double {
        var ts = timespec()
        clock_gettime(useWallClock ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    private func time(_ b: Benchmark, iterations: Int) -> Double {
        let start = now()
        for _ in 0..<iterations { b.operation() }
        return now() - start
    }

    /// Warm-up doubles the iteration count until a run lasts `warmUpSeconds`; the batch size
    /// is then scaled so each batch lasts at least `minimumBatchSeconds`.
    func measure(_ b: Benchmark) -> Measurement {
        var n = 1
        var t = time(b, iterations: n)
        while t < warmUpSeconds {
            n *= 2
            t = time(b, iterations: n)
        }
        let perOp = t / Double(n)
        var batchSize = max(1, Int((minimumBatchSeconds * 1.05 / perOp).rounded(.up)))
        var samples: [Double] = []
        while samples.count < batches {
            let s = time(b, iterations: batchSize)
            // A batch shorter than the minimum (the warm-up estimate was pessimistic) does not
            // count: it is run again, larger.
            guard s >= minimumBatchSeconds else {
                batchSize = Int(Double(batchSize) * minimumBatchSeconds * 1.1 / max(s, 1e-9)) + 1
                continue
            }
            samples.append(s / Double(batchSize))
        }
        samples.sort()
        return Measurement(name: b.name, secondsPerOp: samples[samples.count / 2], unit: b.unit)
    }

    /// Parses `--all`, `--json`, `--filter SUBSTRING`, `--list`, runs the selected benchmarks and
    /// prints a table or JSON lines `{"name": …, "value": …, "unit": …}`.
    static func main(_ all: [Benchmark], arguments: [String]) {
        var json = false
        var filters: [String] = []
        var list = false
        var wall = false
        var svgPath: String?
        var allocs = false
        var threads: Int?
        var iterations: Int?
        var exact: String?
        var quick = false
        var args = arguments.dropFirst()
        while let a = args.popFirst() {
            switch a {
            case "--all": break   // the whole table: what every flag but --compare (and none at all) selects here
            case "--json": json = true
            case "--wall": wall = true
            case "--quick": quick = true
            case "--list": list = true
            case "--filter":
                guard let f = args.popFirst() else { fail("--filter needs a substring") }
                filters.append(f)
            case "--svg":
                guard let f = args.popFirst() else { fail("--svg needs a file name") }
                svgPath = f
            case "--allocs": allocs = true
            case "--threads":
                guard let n = args.popFirst().flatMap({ Int($0) }), n >= 1 else { fail("--threads needs a count ≥ 1") }
                threads = n
            case "--iterations":   // with --exact: the child side of --allocs
                guard let n = args.popFirst().flatMap({ Int($0) }), n >= 0 else { fail("--iterations needs a count") }
                iterations = n
            case "--exact":
                guard let f = args.popFirst() else { fail("--exact needs a row name") }
                exact = f
            case "-h", "--help":
                print("usage: jose-bench [--wall]     RS256 against ES256, verifying and signing: the answer in words with")
                print("                                its spread, about 15 s (alternating rounds; --compare --json: JSON lines)")
                print("       jose-bench --all [--json] [--filter SUBSTRING]... [--list] [--wall] [--svg FILE]   the full table")
                print("       jose-bench --quick    only the rows that rank the algorithms, short batches (seconds)")
                print("       jose-bench --allocs [--filter SUBSTRING]...     heap allocations per operation (valgrind)")
                print("       jose-bench --threads N [--filter SUBSTRING]...  N threads on shared objects vs one")
                return
            default: fail("unknown argument \(a)")
            }
        }
        let selected = all.filter { b in
            (filters.isEmpty || filters.contains { b.name.contains($0) }) && (!quick || BenchmarkSummary.rows.contains(b.name))
        }
        if let exact, let iterations {
            guard let b = all.first(where: { $0.name == exact }) else { fail("no row named \(exact)") }
            AllocCounting.runExactly(b, iterations: iterations)
            return
        }
        if allocs {
            if selected.isEmpty { fail("no benchmark matches \(filters)") }
            exit(AllocCounting.run(selected))
        }
        if let threads {
            if selected.isEmpty { fail("no benchmark matches \(filters)") }
            ThreadScaling.run(selected, threads: threads)
            return
        }
        if list {
            for b in selected { print(b.name) }
            return
        }
        if selected.isEmpty { fail("no benchmark matches \(filters)") }
        // The chart shows jwt.* rows (or, failing those, verify.* rows): refuse before measuring
        // rather than write an empty chart.
        if svgPath != nil && !selected.contains(where: { isChartRow($0.name) }) {
            fail("--svg charts jwt.* or verify.* rows, and the filter selects none")
        }
        var runner = BenchmarkRunner()
        runner.useWallClock = wall
        if quick {   // about 0.2 s a row instead of about 1.2 s: enough to rank the algorithms, not to quote figures
            runner.minimumBatchSeconds = 0.05
            runner.batches = 3
            runner.warmUpSeconds = 0.02
        }
        if !json {
            emit(pad("benchmark", 28) + lpad("µs/op", 12) + lpad("value", 14) + "  unit")
        }
        var measured: [Measurement] = []
        for b in selected {
            let m = runner.measure(b)
            measured.append(m)
            if json {
                emit("{\"name\": \"\(m.name)\", \"value\": \(format(m.value, 1)), \"unit\": \"\(m.unitLabel)\"}")
            } else {
                emit(pad(m.name, 28) + lpad(format(m.secondsPerOp * 1e6, 3), 12)
                      + lpad(format(m.value, 1), 14) + "  " + m.unitLabel)
            }
        }
        if !json {
            for line in BenchmarkSummary.lines(measured) { emit(line) }
        }
        if let svgPath {
            do {
                try writeVerifyChart(measured, to: svgPath, machine: machineDescription())
            } catch {
                fail("cannot write \(svgPath): \(error)")
            }
        }
    }

    /// Writes a line to standard output unbuffered, so rows appear as they are measured.
    private static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("jose-bench: \(message)\n".utf8))
        exit(2)
    }

    private static func format(_ x: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", x)
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    private static func lpad(_ s: String, _ width: Int) -> String {
        s.count >= width ? " " + s : String(repeating: " ", count: width - s.count) + s
    }
}
