// swift-tools-version:6.0
import PackageDescription

// Fuzzing harness for PureJOSE (libFuzzer), kept out of the root package so that the root stays free of
// dependencies and compiler flags. Build and run through Scripts/fuzz.sh, which passes
// `--sanitize=fuzzer --sanitize=address` to SwiftPM so that every module (the library under test included)
// is instrumented for coverage and checked by AddressSanitizer. One executable holds every target; the
// environment variable JOSE_FUZZ_TARGET selects one (see Sources/JoseFuzz/Targets.swift).
let package = Package(
    name: "PureJOSEFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "PureJOSE", path: "..")],
    targets: [
        .executableTarget(
            name: "JoseFuzz",
            dependencies: [
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "RSA", package: "PureJOSE"),
                .product(name: "BigNum", package: "PureJOSE"),
                .product(name: "ECDSA", package: "PureJOSE"),
                .product(name: "DER", package: "PureJOSE"),
                .product(name: "SHA2", package: "PureJOSE"),
                .product(name: "Ed25519", package: "PureJOSE"),
                .product(name: "MLDSA", package: "PureJOSE"),
                .product(name: "PureX509", package: "PureJOSE"),
                .product(name: "AppStore", package: "PureJOSE"),
            ],
            // libFuzzer supplies main(): the Swift file must not emit one.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
