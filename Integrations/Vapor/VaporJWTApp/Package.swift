// swift-tools-version:6.1
import PackageDescription

// The vapor/jwt side of JOSEVapor's migration guide and of Scripts/vapor-compare.sh: the same small app as
// ../JOSEVapor/Sources/CompareApp, written against vapor/jwt (jwt-kit on swift-crypto/BoringSSL). A package of its
// own so that JOSEVapor never depends on vapor/jwt.
let package = Package(
    name: "VaporJWTApp",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "vapor-jwt-compare-app", targets: ["VaporJWTApp"]),
    ],
    dependencies: [
        // PureJOSE for the test only: tokens cross between the two libraries.
        .package(name: "PureJOSE", path: "../../.."),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/vapor/jwt", from: "5.2.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .executableTarget(
            name: "VaporJWTApp",
            dependencies: [
                .product(name: "Vapor", package: "vapor"),
                .product(name: "JWT", package: "jwt"),
            ]
        ),
        .testTarget(
            name: "VaporJWTAppTests",
            dependencies: [
                "VaporJWTApp",
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ]
)
