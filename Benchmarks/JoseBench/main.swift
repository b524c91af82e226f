// jose-bench: `swift run -c release jose-bench [--quick] [--json] [--filter SUBSTRING]`.
// Each module contributes its rows with one line below (a function in <Module>Benchmarks.swift).

import Foundation

if CommandLine.arguments.dropFirst().first == "--soak" {   // the JWKSCache soak (SoakCommand.swift), not a benchmark
    exit(runSoakCommand(Array(CommandLine.arguments.dropFirst(2))))
}

rsaSpecialModes(CommandLine.arguments)  // --rsa-keygen-stats, --rsa-emit (RSASigningBenchmarks.swift)

// ECDSA cross-check mode (Scripts/crosscheck-ecdsa.sh), not a benchmark.
if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "--emit-ecdsa-signatures" {
    exit(emitECDSASignatures(to: CommandLine.arguments[2]) == 0 ? 0 : 1)
}

var benchmarks: [Benchmark] = []
benchmarks += hashBenchmarks()
benchmarks += rsaBenchmarks()
benchmarks += rsaSigningBenchmarks()
benchmarks += ecdsaBenchmarks()
benchmarks += ed25519Benchmarks()
benchmarks += jwtBenchmarks()
benchmarks += x509Benchmarks()
benchmarks += signBenchmarks()
benchmarks += productBenchmarks()
benchmarks += appStoreBenchmarks()

BenchmarkRunner.main(benchmarks, arguments: CommandLine.arguments)
