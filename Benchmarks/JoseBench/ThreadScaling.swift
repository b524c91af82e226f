// `jose-bench --threads N [--filter …]`: N threads run one row's operation on the same shared objects (the
// verifier, its key set and the token the row captured), each for the same wall-clock interval; the table
// gives the total rate for 1 thread and for N threads and the ratio. Wall-clock time: run on an otherwise idle
// machine (the load average is printed with the table).

import Foundation

enum ThreadScaling {
    static let seconds = 1.0

    static func run(_ rows: [Benchmark], threads: Int) {
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("load average before: \(load); \(ProcessInfo.processInfo.activeProcessorCount) cores; \(seconds) s per run, wall clock")
        // Wall: total operations per wall-clock second. CPU: the sum over threads of operations per second of
        // that thread's own CPU time — what N threads would do with a core each; contention (shared cache lines,
        // atomic reference counts, locks) shows as a ratio below N even on a busy machine.
        let head = ["1 thr wall/s", "\(threads) thr wall/s", "ratio", "1 thr CPU/s", "\(threads) thr CPU/s", "ratio"]
        print("benchmark".padding(toLength: 24, withPad: " ", startingAt: 0) + head.map { String(repeating: " ", count: max(0, 14 - $0.count)) + $0 }.joined())
        for b in rows {
            for _ in 0..<200 { b.operation() }  // warm-up, lazy initialisation
            let one = rate(b, threads: 1)
            let n = rate(b, threads: threads)
            print(b.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                  + String(format: "%14.0f%14.0f%14.2f%14.0f%14.0f%14.2f", one.wall, n.wall, n.wall / one.wall, one.cpu, n.cpu, n.cpu / one.cpu))
        }
    }

    /// Total operations per second of `threads` threads started together, each running for `seconds`.
    private static func rate(_ b: Benchmark, threads: Int) -> (wall: Double, cpu: Double) {
        final class Counts: @unchecked Sendable {
            var ops: [Int]
            var elapsed: [Double]
            var cpu: [Double]
            init(_ n: Int) {
                ops = Array(repeating: 0, count: n * 16)
                elapsed = Array(repeating: 0, count: n * 16)
                cpu = Array(repeating: 0, count: n * 16)
            }
        }
        let counts = Counts(threads)
        let done = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        // The benchmark closures capture objects (verifiers, keys) that the library declares Sendable, but the
        // closure type does not say so.
        struct Shared: @unchecked Sendable { let operation: () -> Void }
        let shared = Shared(operation: b.operation)
        for t in 0..<threads {
            done.enter()
            let thread = Thread {
                start.wait()
                let t0 = monotonic()
                let c0 = threadCPU()
                var n = 0
                var now = t0
                while now - t0 < seconds {
                    for _ in 0..<8 { shared.operation() }   // a clock read per 8 operations
                    n += 8
                    now = monotonic()
                }
                counts.ops[t * 16] = n          // slots 16 words apart: no false sharing of the results
                counts.elapsed[t * 16] = now - t0
                counts.cpu[t * 16] = threadCPU() - c0
                done.leave()
            }
            thread.start()
        }
        for _ in 0..<threads { start.signal() }
        done.wait()
        var wall = 0.0, cpu = 0.0
        for t in 0..<threads {
            wall += Double(counts.ops[t * 16]) / counts.elapsed[t * 16]
            cpu += Double(counts.ops[t * 16]) / counts.cpu[t * 16]
        }
        return (wall, cpu)
    }

    private static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    private static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
