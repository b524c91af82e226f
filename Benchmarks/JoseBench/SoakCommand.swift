import JWKSSoak
import Foundation

/// `jose-bench --soak [--tokens N]`: the full-size JWKSCache soak (issue 16); exit status 1 on any wrong verdict
/// or a fetch count over its bound.
func runSoakCommand(_ arguments: [String]) -> Int32 {
    var config = JWKSSoak.Config()
    var args = arguments[...]
    while let a = args.popFirst() {
        if a == "--tokens", let v = args.popFirst(), let n = Int(v), n > 0 { config.tokens = n } else {
            print("usage: jose-bench --soak [--tokens N]")
            return 2
        }
    }
    final class Box: @unchecked Sendable { var report: JWKSSoak.Report? }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let chosen = config
    Task.detached {
        box.report = await JWKSSoak.run(chosen)
        done.signal()
    }
    done.wait()
    let r = box.report!
    print("JWKSCache soak: \(config.tasks) tasks, \(config.rotations) rotations, fetch timeout \(config.fetchTimeout) s")
    print(r)
    for w in r.wrongVerdicts { print("WRONG: \(w)") }
    let ok = r.wrongVerdicts.isEmpty && r.fetches <= r.fetchBound && r.tokens == config.tokens
    print(ok ? "soak: PASS" : "soak: FAIL")
    return ok ? 0 : 1
}
