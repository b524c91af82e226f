// jose-bench: `swift run -c release jose-bench [--json] [--filter SUBSTRING]`.
// Each module contributes its rows with one line below (a function in <Module>Benchmarks.swift).

var benchmarks: [Benchmark] = []
benchmarks += hashBenchmarks()
benchmarks += rsaBenchmarks()
benchmarks += ecdsaBenchmarks()
benchmarks += jwtBenchmarks()
benchmarks += signBenchmarks()
benchmarks += productBenchmarks()

BenchmarkRunner.main(benchmarks, arguments: CommandLine.arguments)
