// swift-tools-version:6.0
import PackageDescription

// PureJOSE: JSON Web Token verification in Swift alone. No package dependencies,
// no C targets; each library module is also a product so it can be used on its own.
let package = Package(
    name: "PureJOSE",
    platforms: [
        // The oldest systems an app SDK still supports (the LINE SDK: iOS 13). Library code must not use a standard-library
        // or Synchronization API newer than this (UInt128, Mutex, Atomic, InlineArray, Duration…): no Apple toolchain
        // checks it on Linux, so Scripts/check-availability.py does, from the toolchain's .swiftinterface files.
        .macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1),
    ],
    products: [
        .library(name: "ConstantTime", targets: ["ConstantTime"]),
        .library(name: "BigNum", targets: ["BigNum"]),
        .library(name: "SHA2", targets: ["SHA2"]),
        .library(name: "SHA3", targets: ["SHA3"]),
        .library(name: "MLDSA", targets: ["MLDSA"]),
        .library(name: "DER", targets: ["DER"]),
        .library(name: "CBOR", targets: ["CBOR"]),
        .library(name: "SymmetricCiphers", targets: ["SymmetricCiphers"]),
        .library(name: "RSA", targets: ["RSA"]),
        .library(name: "ECDSA", targets: ["ECDSA"]),
        .library(name: "Ed25519", targets: ["Ed25519"]),
        .library(name: "JOSE", targets: ["JOSE"]),
        .library(name: "AppStore", targets: ["AppStore"]),
        .library(name: "PureX509", targets: ["PureX509"]),
        .executable(name: "jose", targets: ["JoseCLI"]),
        .executable(name: "jose-bench", targets: ["JoseBench"]),
    ],
    targets: [
        .target(name: "ConstantTime"),
        // Not a product: base64/base64url, hex, log-text escaping, the hash identity (all `package`).
        .target(name: "SharedPrimitives", dependencies: ["ConstantTime"]),
        .target(name: "BigNum", dependencies: ["ConstantTime"]),
        .target(name: "SHA2", dependencies: ["ConstantTime", "SharedPrimitives"]),
        .target(name: "SHA3", dependencies: ["ConstantTime", "SharedPrimitives"]),
        .target(name: "MLDSA", dependencies: ["ConstantTime", "SHA3"]),
        .target(name: "DER", dependencies: ["ConstantTime", "SharedPrimitives"]),
        .target(name: "CBOR"),
        .target(name: "SymmetricCiphers", dependencies: ["ConstantTime", "SHA2"]),
        .target(name: "RSA", dependencies: ["ConstantTime", "SharedPrimitives", "BigNum", "SHA2", "DER"]),
        // ECDSA's per-curve code is instantiated from one template (Scripts/generate-curves.py) kept beside its output.
        .target(name: "ECDSA", dependencies: ["ConstantTime", "SHA2", "DER"], exclude: ["Generated/Curve.swift.template"]),
        .target(name: "Ed25519", dependencies: ["ConstantTime", "SHA2", "DER"]),
        .target(name: "JOSE", dependencies: ["ConstantTime", "SharedPrimitives", "SHA2", "DER", "RSA", "ECDSA", "Ed25519", "PureX509", "SymmetricCiphers"]),
        .target(name: "AppStore", dependencies: ["SharedPrimitives", "JOSE", "PureX509", "DER", "ECDSA", "SHA2"]),
        .target(name: "PureX509", dependencies: ["SharedPrimitives", "DER", "SHA2", "RSA", "ECDSA", "Ed25519"]),
        .executableTarget(name: "JoseCLI", dependencies: ["SharedPrimitives", "JOSE", "AppStore", "PureX509", "DER", "SHA2"]),
        // The constant-time proof program run under ../shared/tools/ct-valgrind (Scripts/ct-check.sh). Not a product:
        // SwiftPM gives an executable target an implicit product of its own name, which the script builds.
        .executableTarget(name: "CTCheck", dependencies: ["ConstantTime", "SharedPrimitives", "BigNum", "SHA2", "SHA3", "MLDSA", "DER", "ECDSA", "RSA", "Ed25519", "JOSE", "SymmetricCiphers"]),
        // jose-bench depends on the libraries it times and on BenchStatistics only: its release build compiles
        // nothing of the tests (TestSupport, the soak).
        .executableTarget(
            name: "JoseBench",
            dependencies: ["BigNum", "SHA2", "SHA3", "SymmetricCiphers", "MLDSA", "DER", "RSA", "ECDSA", "Ed25519", "JOSE", "AppStore", "PureX509", "BenchStatistics"],
            path: "Benchmarks/JoseBench"
        ),
        // The statistics of jose-bench's default answer (standard library only; BenchStatisticsTests).
        .target(name: "BenchStatistics", path: "Benchmarks/BenchStatistics"),

        // Test support: vector loaders shared by every test target (may use Foundation).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The JWKSCache soak, shared by JOSETests (small run) and JoseSoak (the full run, .ci/run's soak step).
        .target(name: "JWKSSoak", dependencies: ["JOSE", "SHA2", "TestSupport"], path: "Tests/JWKSSoak"),
        .executableTarget(name: "JoseSoak", dependencies: ["JWKSSoak"], path: "Tests/JoseSoak"),
        .testTarget(name: "SharedPrimitivesTests", dependencies: ["SharedPrimitives", "TestSupport"]),
        .testTarget(name: "SHA2Tests", dependencies: ["SHA2", "TestSupport"]),
        .testTarget(name: "SHA3Tests", dependencies: ["SHA3", "TestSupport"]),
        .testTarget(name: "MLDSATests", dependencies: ["MLDSA", "SHA3", "SHA2", "TestSupport"]),
        .testTarget(name: "DERTests", dependencies: ["DER", "TestSupport"]),
        .testTarget(name: "CBORTests", dependencies: ["CBOR", "TestSupport"]),
        .testTarget(name: "SymmetricCiphersTests", dependencies: ["SymmetricCiphers", "SHA2", "TestSupport"]),
        .testTarget(name: "BigNumTests", dependencies: ["BigNum", "ConstantTime", "TestSupport"]),
        .testTarget(name: "RSATests", dependencies: ["RSA", "DER", "SHA2", "BigNum", "TestSupport"]),
        .testTarget(name: "ECDSATests", dependencies: ["ECDSA", "DER", "SHA2", "TestSupport"]),
        .testTarget(name: "Ed25519Tests", dependencies: ["Ed25519", "DER", "SHA2", "TestSupport"]),
        .testTarget(name: "JOSETests", dependencies: ["JWKSSoak", "JOSE", "PureX509", "RSA", "ECDSA", "Ed25519", "DER", "SHA2", "TestSupport"]),
        .testTarget(name: "AppStoreTests", dependencies: ["AppStore", "JOSE", "PureX509", "DER", "ECDSA", "SHA2", "TestSupport"]),
        .testTarget(name: "PureX509Tests", dependencies: ["PureX509", "SharedPrimitives", "DER", "TestSupport"]),
        .testTarget(name: "JoseCLITests", dependencies: ["JoseCLI", "JOSE", "PureX509", "TestSupport"]),
        .testTarget(name: "BenchStatisticsTests", dependencies: ["BenchStatistics", "TestSupport"]),
    ]
)
