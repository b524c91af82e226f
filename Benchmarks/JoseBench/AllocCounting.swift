// `jose-bench --allocs [--filter …]`: heap allocations per operation, counted by Valgrind.
//
// For every selected row, jose-bench runs itself twice under `valgrind --tool=memcheck`, once doing the row's
// operation exactly 20 times and once exactly 120 times (`--iterations N --exact NAME`: the operation runs once
// as a warm-up, then N times, nothing else is timed or printed), and reads memcheck's "total heap usage: A
// allocs" line. The difference divided by 100 is the number of heap allocations (malloc, calloc, realloc,
// posix_memalign: every allocation the Swift runtime and the standard library make) per operation; start-up,
// set-up of the row's keys and tokens and one-time lazy initialisation cancel out. Deterministic: the same
// binary gives the same count on every run. Needs valgrind on the PATH and a release build.

import Foundation

enum AllocCounting {
    static let few = 20, many = 120

    /// Runs the rows under valgrind and prints "row  allocs/op".
    static func run(_ rows: [Benchmark]) -> Int32 {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        print("benchmark".padding(toLength: 28, withPad: " ", startingAt: 0) + "  allocs/op  (valgrind memcheck, \(many) − \(few) operations)")
        var status: Int32 = 0
        for b in rows {
            guard let a = heapAllocs(me, b.name, few), let z = heapAllocs(me, b.name, many) else {
                print(b.name + ": valgrind run failed")
                status = 1
                continue
            }
            let perOp = Double(z - a) / Double(many - few)
            print(b.name.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "%11.2f", perOp))
        }
        return status
    }

    /// memcheck's total allocation count for a run of `iterations` operations of the row `name`.
    private static func heapAllocs(_ exe: String, _ name: String, _ iterations: Int) -> Int? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["valgrind", "--tool=memcheck", "--leak-check=no", exe, "--iterations", String(iterations), "--exact", name]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let text = String(data: data, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.contains("total heap usage:") }),
              let range = line.range(of: "total heap usage: ") else { return nil }
        let count = line[range.upperBound...].prefix { $0.isNumber || $0 == "," }.filter { $0 != "," }
        return Int(count)
    }

    /// The child side: one warm-up call, then exactly `iterations` calls.
    static func runExactly(_ b: Benchmark, iterations: Int) {
        b.operation()
        for _ in 0..<iterations { b.operation() }
    }
}
