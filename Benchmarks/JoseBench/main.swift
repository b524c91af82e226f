// jose-bench: `swift run -c release jose-bench [--json] [--filter SUBSTRING]`.
// Each module contributes its rows with one line below (a function in <Module>Benchmarks.swift).

import Foundation

if CommandLine.arguments.dropFirst().first == "--soak" {   // the JWKSCache soak (SoakCommand.swift), not a benchmark
    exit(runSoakCommand(Array(CommandLine.arguments.dropFirst(2))))
}

rsaSpecialModes(CommandLine.arguments)  // --rsa-keygen-stats, --rsa-emit (RSASigningBenchmarks.swift)

var benchmarks: [Benchmark] = []
benchmarks += hashBenchmarks()
benchmarks += rsaBenchmarks()
benchmarks += rsaSigningBenchmarks()
benchmarks += ecdsaBenchmarks()
benchmarks += ed25519Benchmarks()
benchmarks += jwtBenchmarks()
benchmarks += productBenchmarks()

BenchmarkRunner.main(benchmarks, arguments: CommandLine.arguments)
