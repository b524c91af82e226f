// swift-tools-version:6.1
import PackageDescription

// PureJOSE on a Hummingbird 2 server: a Bearer-token middleware, the Sign in with Apple routes and, as the second
// library JOSEHummingbirdAppStore (so that an app without it never compiles PureJOSE's AppStore module), the App Store
// Server Notifications route. The
// framework-neutral parts (remote JWK Set over AsyncHTTPClient, Bearer parsing, session tokens, Sign in with Apple,
// the nonce store) live in ../../Shared/JOSEServerSupport, shared with the Vapor package and re-exported here.
// Kept out of the root package so that PureJOSE itself stays free of dependencies.
let package = Package(
    name: "JOSEHummingbird",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JOSEHummingbird", targets: ["JOSEHummingbird"]),
        .library(name: "JOSEHummingbirdAppStore", targets: ["JOSEHummingbirdAppStore"]),
        .executable(name: "sign-in-with-apple-server", targets: ["SignInWithAppleServer"]),
        .executable(name: "jose-hummingbird-load", targets: ["LoadServer"]),
    ],
    dependencies: [
        .package(name: "PureJOSE", path: "../../.."),
        .package(name: "JOSEServerSupport", path: "../../Shared/JOSEServerSupport"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // For RequestBodyDeadline, a channel handler on Hummingbird's HTTP parts (already in Hummingbird's graph).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "JOSEHummingbird",
            dependencies: [
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "JOSEServerSupport", package: "JOSEServerSupport"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "JOSEHummingbirdAppStore",
            dependencies: [
                "JOSEHummingbird",
                .product(name: "AppStore", package: "PureJOSE"),
                .product(name: "JOSEServerAppStore", package: "JOSEServerSupport"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "SignInWithAppleServer",
            dependencies: [
                "JOSEHummingbird",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // The server side of the README's load figure (Scripts/hummingbird-load.sh).
        .executableTarget(
            name: "LoadServer",
            dependencies: [
                "JOSEHummingbird",
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "JOSEHummingbirdTests",
            dependencies: [
                "JOSEHummingbird",
                "JOSEHummingbirdAppStore",
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "SHA2", package: "PureJOSE"),
                .product(name: "AppStore", package: "PureJOSE"),
                .product(name: "PureX509", package: "PureJOSE"),
                .product(name: "JOSEServerTestSupport", package: "JOSEServerSupport"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
