// swift-tools-version:6.1
import PackageDescription

// PureJOSE on a Vapor 4 server: `app.jose` (keys, verifiers, signers, JWK Set caches), `req.jose` (Bearer
// verification, signing, the Apple/Google/Microsoft presets), an authenticator and guard answering RFC 6750, and
// Sign in with Apple with a server-issued nonce; and, as the second library JOSEVaporAppStore (so that an app
// without it never compiles PureJOSE's AppStore module), the App Store Server Notifications V2 route. The
// framework-neutral parts (and the tests' App Store fixtures and fake OCSP responder) live in JOSEServerSupport,
// shared with the Hummingbird package. Kept out of the root package so that PureJOSE itself stays free of dependencies.
let package = Package(
    name: "JOSEVapor",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JOSEVapor", targets: ["JOSEVapor"]),
        .library(name: "JOSEVaporAppStore", targets: ["JOSEVaporAppStore"]),
        .executable(name: "sign-in-with-apple-vapor", targets: ["SignInWithAppleVapor"]),
        .executable(name: "jose-vapor-compare-app", targets: ["CompareApp"]),
    ],
    dependencies: [
        .package(name: "PureJOSE", path: "../../.."),
        .package(name: "JOSEServerSupport", path: "../../Shared/JOSEServerSupport"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "JOSEVapor",
            dependencies: [
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "JOSEServerSupport", package: "JOSEServerSupport"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .target(
            name: "JOSEVaporAppStore",
            dependencies: [
                "JOSEVapor",
                .product(name: "AppStore", package: "PureJOSE"),
                .product(name: "JOSEServerAppStore", package: "JOSEServerSupport"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .executableTarget(
            name: "SignInWithAppleVapor",
            dependencies: ["JOSEVapor", .product(name: "Vapor", package: "vapor")]
        ),
        // The JOSEVapor side of the migration guide and of Scripts/vapor-compare.sh (the vapor/jwt side is the
        // separate package ../VaporJWTApp, so that JOSEVapor never depends on vapor/jwt).
        .executableTarget(
            name: "CompareApp",
            dependencies: ["JOSEVapor", .product(name: "Vapor", package: "vapor")]
        ),
        .testTarget(
            name: "JOSEVaporTests",
            dependencies: [
                "JOSEVapor",
                "JOSEVaporAppStore",
                "CompareApp",
                .product(name: "JOSE", package: "PureJOSE"),
                .product(name: "SHA2", package: "PureJOSE"),
                .product(name: "AppStore", package: "PureJOSE"),
                .product(name: "JOSEServerTestSupport", package: "JOSEServerSupport"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ]
)
