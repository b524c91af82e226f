// swift-tools-version:6.0
import PackageDescription

// PureJOSE against its peers, side by side in one run:
//   cd Benchmarks/Peers && swift run -c release
// This package is separate so that the root package stays free of dependencies.
let package = Package(
    name: "PureJOSEPeers",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "PureJOSE", path: "../.."),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.0.0"),
        .package(url: "https://github.com/attaswift/BigInt.git", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.15.0"),
        // The App Store peer's marker-OID policy names extensions by ASN1ObjectIdentifier (swift-certificates' own dependency).
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.0.0"),
        // Only for `Scripts/allocs.sh`: its shared library is preloaded to count allocations; no target links it.
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "Peers",
            dependencies: [
                .product(name: "BigNum", package: "PureJOSE"),
                .product(name: "SHA2", package: "PureJOSE"),
                .product(name: "RSA", package: "PureJOSE"),
                .product(name: "ECDSA", package: "PureJOSE"),
                .product(name: "Ed25519", package: "PureJOSE"),
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "PureX509", package: "PureJOSE"),
                .product(name: "AppStore", package: "PureJOSE"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "BigInt", package: "BigInt"),
                // jwt-kit's X5CVerifier works on swift-certificates' Certificate (jwt-kit depends on it already).
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
