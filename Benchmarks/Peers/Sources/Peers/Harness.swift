import Foundation

/// Keeps results alive so the optimiser cannot drop the work that produced them.
nonisolated(unsafe) var blackHole = 0

/// Which clock times the batches: the monotonic wall clock by default (run on a quiet machine), or with
/// `--cpu` the CPU time of the whole process (every thread: jwt-kit's actor may run on another thread), which
/// other processes cannot distort but which also counts the concurrency runtime's idle spinning against
/// jwt-kit. Both sides are always timed with the same clock.
nonisolated(unsafe) var useProcessCPUTime = false

struct ProcessCPUClock {
    struct Instant { var seconds: Double }
    var now: Instant {
        var ts = timespec()
        clock_gettime(useProcessCPUTime ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts)
        return Instant(seconds: Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9)
    }
}

private func - (a: ProcessCPUClock.Instant, b: ProcessCPUClock.Instant) -> Double { a.seconds - b.seconds }

/// Median time per operation in nanoseconds over `batches` batches, each calibrated to last about
/// `batchSeconds`. `operation` returns whether it succeeded; every call must succeed.
func measure(batches: Int = 9, batchSeconds: Double = 0.2, _ operation: () -> Bool) -> Double? {
    guard operation() else { return nil }
    let clock = ProcessCPUClock()
    var iterations = 1
    while true {  // calibrate
        let start = clock.now
        for _ in 0..<iterations where operation() { blackHole &+= 1 }
        let elapsed = clock.now - start
        if elapsed >= batchSeconds / 4 || iterations >= 1 << 24 {
            iterations = max(1, Int(Double(iterations) * batchSeconds / max(elapsed, 1e-9)))
            break
        }
        iterations *= 4
    }
    var samples: [Double] = []
    for _ in 0..<batches {
        var ok = 0
        let start = clock.now
        for _ in 0..<iterations where operation() { ok += 1 }
        let elapsed = clock.now - start
        guard ok == iterations else { return nil }
        blackHole &+= ok
        samples.append(elapsed * 1e9 / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// The same for an asynchronous operation (jwt-kit's verifier is an actor).
func measureAsync(batches: Int = 9, batchSeconds: Double = 0.2, _ operation: () async -> Bool) async -> Double? {
    guard await operation() else { return nil }
    let clock = ProcessCPUClock()
    var iterations = 1
    while true {
        let start = clock.now
        for _ in 0..<iterations where await operation() { blackHole &+= 1 }
        let elapsed = clock.now - start
        if elapsed >= batchSeconds / 4 || iterations >= 1 << 24 {
            iterations = max(1, Int(Double(iterations) * batchSeconds / max(elapsed, 1e-9)))
            break
        }
        iterations *= 4
    }
    var samples: [Double] = []
    for _ in 0..<batches {
        var ok = 0
        let start = clock.now
        for _ in 0..<iterations where await operation() { ok += 1 }
        let elapsed = clock.now - start
        guard ok == iterations else { return nil }
        samples.append(elapsed * 1e9 / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}


/// One line of the side-by-side table.
struct Row {
    var operation: String
    var pure: Double?        // ns per operation; nil: failed or not measured
    var peer: String
    var peerTime: Double?
    var bytesPerOp: Int? = nil   // for throughput rows

    func cell(_ ns: Double?) -> String {
        guard let ns else { return "failed" }
        if let bytes = bytesPerOp {
            return String(format: "%.0f MB/s", Double(bytes) / ns * 1e3)
        }
        return ns >= 1e6 ? String(format: "%.2f ms", ns / 1e6) : String(format: "%.2f µs", ns / 1e3)
    }

    var ratio: String {
        guard let pure, let peerTime else { return "—" }
        return String(format: "%.2f", pure / peerTime)
    }
}

func printTable(_ rows: [Row]) {
    print("| Operation | PureJOSE | Peer | Peer's figure | PureJOSE time ÷ peer time |")
    print("|---|---:|---|---:|---:|")
    for row in rows {
        print("| \(row.operation) | \(row.cell(row.pure)) | \(row.peer) | \(row.cell(row.peerTime)) | \(row.ratio) |")
    }
}
