#!/usr/bin/env bash
# Builds and tests the Hummingbird integration package (Integrations/Hummingbird/JOSEHummingbird, which builds
# Integrations/Shared/JOSEServerSupport with it: the nonce store, Sign in with Apple, RemoteJWKS, Bearer parsing and
# SessionTokens it shares with the Vapor package): real HTTP on 127.0.0.1 between a fake Apple, the server under test
# and AsyncHTTPClient. Prints its time.
# Build folder: Integrations/.build (git-ignored; INTEGRATIONS_BUILD overrides it), shared with Scripts/vapor-test.sh
# so that SwiftNIO, AsyncHTTPClient, swift-crypto's BoringSSL and the root package compile once for the three
# integration packages (they resolve the same versions from the machine's package copies; see the `integration` step
# of .ci/run). The first build compiles Hummingbird, AsyncHTTPClient and SwiftNIO and takes minutes. A user building
# the package alone (`swift build` in its folder) gets its own .build, as with any package.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${INTEGRATIONS_BUILD:-$root/Integrations/.build}
# .ci/run gives each package a build folder of its own in its cache (Scripts/integrations-cache.sh says why).
[[ -n ${INTEGRATIONS_BUILD_ROOT:-} ]] && scratch=$INTEGRATIONS_BUILD_ROOT/JOSEHummingbird
cd "$root/Integrations/Hummingbird/JOSEHummingbird"
start=$(date +%s)
swift build --build-tests --scratch-path "$scratch"
built=$(date +%s)
# The 20,000-request nonce flood (NonceFloodTests) runs on its own after the rest: it keeps both cores busy for
# seconds, which the other suites' 2 s fetch deadlines would feel.
swift test --skip-build --scratch-path "$scratch" --skip NonceFloodTests
swift test --skip-build --scratch-path "$scratch" --filter NonceFloodTests
done_=$(date +%s)
echo "integration-test: build $(( built - start )) s, test $(( done_ - built )) s, total $(( done_ - start )) s"
