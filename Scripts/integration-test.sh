#!/usr/bin/env bash
# Builds and tests the Hummingbird integration package (Integrations/Hummingbird/JOSEHummingbird, which builds
# Integrations/Shared/JOSEServerSupport with it: the nonce store, Sign in with Apple, RemoteJWKS, Bearer parsing and
# SessionTokens it shares with the Vapor package): real HTTP on 127.0.0.1 between a fake Apple, the server under test
# and AsyncHTTPClient. Prints its time.
# The package's build folder is its own .build (git-ignored); the first build compiles Hummingbird,
# AsyncHTTPClient and SwiftNIO and takes minutes.
set -euo pipefail
cd "$(dirname "$0")/../Integrations/Hummingbird/JOSEHummingbird"
start=$(date +%s)
swift build --build-tests --scratch-path .build
built=$(date +%s)
swift test --skip-build --scratch-path .build
done_=$(date +%s)
echo "integration-test: build $(( built - start )) s, test $(( done_ - built )) s, total $(( done_ - start )) s"
