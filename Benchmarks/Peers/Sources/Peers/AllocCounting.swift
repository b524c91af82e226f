// `swift run -c release Peers --allocs`: heap allocations per end-to-end JWT verification, jwt-kit's and
// PureJOSE's, counted the same way as `jose-bench --allocs`: the binary runs itself under
// `valgrind --tool=memcheck` doing one verification as a warm-up and then exactly 20, and again exactly 120
// (`--allocs-run ALG SIDE N`); the difference of memcheck's "total heap usage: A allocs" divided by 100 is the
// count per verification. jwt-kit's count includes what its actor hops and the `async` calls allocate
// (tasks, continuations): that is the price of a verification through its API.
import Foundation

enum AllocCounting {
    static let few = 20, many = 120

    static func report(_ algorithms: [String]) -> Int32 {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        print("| Token | PureJOSE allocs/verification | jwt-kit allocs/verification |")
        print("|---|---:|---:|")
        var status: Int32 = 0
        for alg in algorithms {
            var cells: [String] = []
            for side in ["pure", "jwtkit"] {
                if let a = heapAllocs(me, alg, side, few), let z = heapAllocs(me, alg, side, many) {
                    cells.append(String(format: "%.2f", Double(z - a) / Double(many - few)))
                } else {
                    cells.append("failed")
                    status = 1
                }
            }
            print("| JWT \(alg) | \(cells[0]) | \(cells[1]) |")
        }
        return status
    }

    private static func heapAllocs(_ exe: String, _ alg: String, _ side: String, _ n: Int) -> Int? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["valgrind", "--tool=memcheck", "--leak-check=no", exe, "--allocs-run", alg, side, String(n)]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let text = String(data: data, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.contains("total heap usage:") }),
              let range = line.range(of: "total heap usage: ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber || $0 == "," }.filter { $0 != "," })
    }
}
