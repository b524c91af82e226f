// jose-bench: `swift run -c release jose-bench` answers RSA against ECDSA, verifying and signing, in about 15 s with
// its uncertainty (Comparison.swift); `--all [--json] [--filter SUBSTRING]...` gives the full table (Harness.swift).
// Each module contributes its rows with one line below (a function in <Module>Benchmarks.swift).

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

rsaSpecialModes(CommandLine.arguments)  // --rsa-keygen-stats, --rsa-emit (RSASigningBenchmarks.swift)

// ECDSA cross-check mode (Scripts/crosscheck-ecdsa.sh), not a benchmark.
if arguments.count == 2 && arguments[0] == "--emit-ecdsa-signatures" {
    exit(emitECDSASignatures(to: arguments[1]) == 0 ? 0 : 1)
}
// ML-DSA cross-check mode (Scripts/crosscheck-mldsa.py), not a benchmark.
if arguments.count == 2 && arguments[0] == "--mldsa-crosscheck" {
    exit(mldsaCrossCheck(arguments[1]))
}
// Ed25519 cross-check mode (Scripts/crosscheck-ed25519.py runs jose-bench with no arguments and this variable set).
if let path = ProcessInfo.processInfo.environment["JOSE_BENCH_ED25519_CROSSCHECK"] {
    ed25519CrossCheck(path)
    exit(0)
}
// X25519 / RSA-OAEP cross-check mode (Scripts/crosscheck-kex.py, same shape as the Ed25519 one).
if let path = ProcessInfo.processInfo.environment["JOSE_BENCH_KEX_CROSSCHECK"] {
    kexCrossCheck(path)
    exit(0)
}
if arguments.first == "--soak" {   // moved to its own executable, so this one does not compile the soak
    FileHandle.standardError.write(Data("jose-bench: the JWKSCache soak is now its own executable: `swift run JoseSoak [--tokens N]`\n".utf8))
    exit(2)
}

// The default run: only the rows the comparison needs are built (no RSA-4096 keys, no certificate chains).
if Comparison.wanted(arguments) {
    Comparison.main((jwtBenchmarks() + signBenchmarks()).filter { Comparison.rows.contains($0.name) }, arguments: arguments)
    exit(0)
}

var benchmarks: [Benchmark] = []
benchmarks += hashBenchmarks()
benchmarks += aesBenchmarks()
benchmarks += rsaBenchmarks()
benchmarks += rsaSigningBenchmarks()
benchmarks += ecdsaBenchmarks()
benchmarks += ed25519Benchmarks()
benchmarks += mldsaBenchmarks()
benchmarks += keyAgreementBenchmarks()
benchmarks += jwtBenchmarks()
benchmarks += x509Benchmarks()
benchmarks += signBenchmarks()
benchmarks += productBenchmarks()
benchmarks += appStoreBenchmarks()

BenchmarkRunner.main(benchmarks, arguments: CommandLine.arguments)
