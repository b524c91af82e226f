// JoseSoak: the full-size JWKSCache soak (issue 16; Tests/JWKSSoak), run by .ci/run's `soak` step from the debug
// build: `JoseSoak [--tokens N]`. Exit status 1 on any wrong verdict or a fetch count over its bound. Its own
// executable (it was `jose-bench --soak`), so that the benchmark's release build compiles neither the soak nor the
// tests' TestSupport target it needs.

import Foundation
import JWKSSoak

var config = JWKSSoak.Config()
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    if a == "--tokens", let v = args.popFirst(), let n = Int(v), n > 0 { config.tokens = n } else {
        print("usage: JoseSoak [--tokens N]")
        exit(2)
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
exit(ok ? 0 : 1)
