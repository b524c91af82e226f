// `jose-bench --allocs [--filter …]`: heap allocations per operation, counted by Valgrind inside a marked window.
//
// For every selected row, jose-bench runs itself once under `valgrind --tool=memcheck --trace-malloc=yes` with
// `--iterations N --exact NAME`: the child builds the rows (keys, tokens: RSA key generation included), runs the
// row's operation twice as a warm-up (one-time lazy initialisation), writes a begin marker to standard error, runs
// the operation exactly N times, and writes an end marker. Valgrind traces every allocator call of the child on the
// same stream, in order, so the parent counts the calls between the two markers: malloc, calloc, realloc,
// memalign, posix_memalign, aligned_alloc, operator new (every allocation the Swift runtime and the standard library
// make; free and malloc_usable_size calls are not counted) and divides by N. Only the window is counted: the set-up before it (random RSA keys,
// whose generation allocates a varying amount) and the shutdown after it cannot move the figure, so the same binary
// gives the same count on every run. Needs valgrind on the PATH and a release build.

import Foundation

enum AllocCounting {
    static let iterations = 40
    static let begin: StaticString = "jose-bench: alloc window begin\n"
    static let end: StaticString = "jose-bench: alloc window end\n"
    /// The traced calls that allocate (free, malloc_usable_size and the like are not counted).
    static let allocators: Set<String> = ["malloc", "calloc", "realloc", "memalign", "posix_memalign", "aligned_alloc",
                                          "valloc", "pvalloc", "__builtin_new", "__builtin_vec_new"]

    /// Runs the rows under valgrind and prints "row  allocs/op".
    static func run(_ rows: [Benchmark]) -> Int32 {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        print("benchmark".padding(toLength: 28, withPad: " ", startingAt: 0)
              + "  allocs/op  (valgrind --trace-malloc, allocator calls in a window of \(iterations) operations)")
        var status: Int32 = 0
        for b in rows {
            guard let count = windowAllocs(me, b.name, iterations) else {
                print(b.name + ": valgrind run failed")
                status = 1
                continue
            }
            let perOp = Double(count) / Double(iterations)
            print(b.name.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "%11.2f", perOp))
        }
        return status
    }

    /// The number of allocator calls between the child's markers in a run of `iterations` operations of `name`.
    private static func windowAllocs(_ exe: String, _ name: String, _ iterations: Int) -> Int? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["valgrind", "--tool=memcheck", "--leak-check=no", "--trace-malloc=yes",
                       exe, "--iterations", String(iterations), "--exact", name]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let text = String(data: data, encoding: .utf8) else { return nil }
        let beginLine = "\(begin)".dropLast(), endLine = "\(end)".dropLast()
        var inside = false, sawEnd = false, count = 0
        for line in text.split(separator: "\n") {
            if line == beginLine { inside = true; continue }
            if line == endLine { sawEnd = inside; break }
            // Valgrind's trace lines: "--PID-- malloc(48) = 0x…", "--PID-- free(0x…)", …
            guard inside, line.hasPrefix("--"), let call = line.split(separator: " ").dropFirst().first,
                  let paren = call.firstIndex(of: "(") else { continue }
            if allocators.contains(String(call[..<paren])) { count += 1 }
        }
        return sawEnd ? count : nil
    }

    /// The child side: two warm-up calls, then exactly `iterations` calls between the markers.
    static func runExactly(_ b: Benchmark, iterations: Int) {
        b.operation()
        b.operation()
        mark(begin)
        for _ in 0..<iterations { b.operation() }
        mark(end)
    }

    /// Writes a marker to standard error with one system call and no allocation.
    private static func mark(_ text: StaticString) {
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }
}
