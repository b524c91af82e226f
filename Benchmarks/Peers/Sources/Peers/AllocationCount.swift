// `--allocs`: heap allocations per whole-token verification, PureJOSE and jwt-kit counted the same way.
//
// The counter is ordo-one/malloc-interposer, preloaded into this process (`Scripts/allocs.sh` builds it and sets
// LD_PRELOAD): it replaces malloc/calloc/realloc/posix_memalign/free and counts calls while enabled. The Peers
// target does not link it; its C entry points are looked up at run time, so an ordinary timing run is untouched
// by it. Each side verifies its token once (warm-up: lazily built tables, the key cache, jwt-kit's actor), then the
// counter is reset and `iterations` verifications run between enable and disable; the count divided by the
// iterations is the figure. Every verification in the window must succeed.
import Foundation
import JWTKit

enum AllocationCounter {
    typealias Toggle = @convention(c) () -> Void
    typealias Stats = @convention(c) (UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
                                      UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
                                      UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?) -> Void

    struct Functions { var reset, enable, disable: Toggle; var stats: Stats }

    /// The interposer's entry points, or nil when it is not preloaded.
    static let functions: Functions? = {
        let handle = dlopen(nil, RTLD_NOW)
        func symbol<T>(_ name: String, _ type: T.Type) -> T? {
            guard let pointer = dlsym(handle, name) else { return nil }
            return unsafeBitCast(pointer, to: type)
        }
        guard let reset = symbol("malloc_interposer_reset", Toggle.self),
              let enable = symbol("malloc_interposer_enable", Toggle.self),
              let disable = symbol("malloc_interposer_disable", Toggle.self),
              let stats = symbol("malloc_interposer_get_stats", Stats.self) else { return nil }
        return Functions(reset: reset, enable: enable, disable: disable, stats: stats)
    }()

    /// Allocation calls per operation over `iterations` operations after one warm-up call; nil if an operation
    /// failed.
    static func perOperation(iterations: Int = 1_000, _ operation: () async -> Bool) async -> Double? {
        guard let f = functions, await operation() else { return nil }
        var ok = 0
        f.reset()
        f.enable()
        for _ in 0..<iterations where await operation() { ok += 1 }
        f.disable()
        var count: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freed: Int64 = 0
        f.stats(&count, &bytes, &small, &large, &frees, &freed)
        guard ok == iterations else { return nil }
        return Double(count) / Double(iterations)
    }

    /// Counts both sides for every end-to-end case and prints the table.
    static func run(cases: [JWTCase], jwtKitKeys: JWTKeyCollection) async {
        guard functions != nil else {
            print("--allocs needs the malloc interposer preloaded: run Benchmarks/Peers/Scripts/allocs.sh")
            exit(2)
        }
        // A control the counter must see: one array of 64 bytes per operation.
        let control = await perOperation { blackHole &+= [UInt8](repeating: 1, count: 64 + blackHole % 2).count; return true }
        print("| Whole-token verification | PureJOSE allocations | jwt-kit allocations |")
        print("|---|---:|---:|")
        for c in cases {
            let pure = try? JOSESide.verifier(for: c, issuer: issuer, audience: audience)
            var p: Double? = nil
            if let pure { p = await perOperation { pure() } }
            let q = await perOperation { await JWTKitPeer.verify(c.token, with: jwtKitKeys) }
            func cell(_ v: Double?) -> String { v.map { String(format: "%.1f", $0) } ?? "failed" }
            print("| JWT \(c.alg) (\(c.token.utf8.count)-byte token) | \(cell(p)) | \(cell(q)) |")
        }
        print("")
        print("Control (one 64-byte array per operation): \(control.map { String(format: "%.1f", $0) } ?? "failed")")
    }
}
