// swift-tools-version:6.1
import PackageDescription

// What the Hummingbird and Vapor integrations share, free of either framework: a provider's JWK Set over
// AsyncHTTPClient (RemoteJWKS), the provider presets (Apple, Google, Microsoft), RFC 6750 Bearer parsing and
// challenges, session tokens, Sign in with Apple (identity token, server-issued nonce, code exchange) and the
// Apple client secret. The App Store notification receiver and the OCSP fetcher are a second library,
// JOSEServerAppStore, so that an app without that route never compiles or links PureJOSE's AppStore module.
// Kept out of the root package so that PureJOSE itself stays free of dependencies.
let package = Package(
    name: "JOSEServerSupport",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JOSEServerSupport", targets: ["JOSEServerSupport"]),
        // App Store Server Notifications V2 (AppStoreNotificationReceiver, OCSPHTTPFetcher): PureJOSE's AppStore on top.
        .library(name: "JOSEServerAppStore", targets: ["JOSEServerAppStore"]),
        // For the Hummingbird and Vapor packages' tests only: the App Store notification fixtures and a fake OCSP
        // responder on SwiftNIO, so that both test targets share one copy.
        .library(name: "JOSEServerTestSupport", targets: ["JOSEServerTestSupport"]),
    ],
    dependencies: [
        .package(name: "PureJOSE", path: "../../.."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "JOSEServerSupport",
            dependencies: [
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "SHA2", package: "PureJOSE"),
                .product(name: "ConstantTime", package: "PureJOSE"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "JOSEServerAppStore",
            dependencies: [
                "JOSEServerSupport",
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "AppStore", package: "PureJOSE"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "JOSEServerTestSupport",
            dependencies: [
                "JOSEServerSupport",
                "JOSEServerAppStore",
                .product(name: "AppStore", package: "PureJOSE"),
                .product(name: "PureX509", package: "PureJOSE"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ]
)
