#!/usr/bin/env bash
# Builds and tests the Vapor integration: Integrations/Vapor/JOSEVapor (which builds Integrations/Shared/
# JOSEServerSupport with it), then Integrations/Vapor/VaporJWTApp, the vapor/jwt side of the migration guide — real
# HTTP on 127.0.0.1 between fake providers, the servers under test and AsyncHTTPClient. Prints its times. Offline:
# dependencies come from the machine's package copies (git maps github.com to /opt/swift-packages).
# Build folder: Integrations/.build (git-ignored; INTEGRATIONS_BUILD overrides it), shared with
# Scripts/integration-test.sh: the three integration packages resolve the same versions of what they share, so after
# the Hummingbird step only Vapor and its kits compile here, and for VaporJWTApp only vapor/jwt, jwt-kit and the app
# (see the `vapor` step of .ci/run for the times).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${INTEGRATIONS_BUILD:-$root/Integrations/.build}
# .ci/run gives each package a build folder of its own in its cache (Scripts/integrations-cache.sh says why).
[[ -n ${INTEGRATIONS_BUILD_ROOT:-} ]] && scratch=$INTEGRATIONS_BUILD_ROOT/JOSEVapor
start=$(date +%s)
cd "$root/Integrations/Vapor/JOSEVapor"
swift build --build-tests --scratch-path "$scratch"
built=$(date +%s)
# The 20,000-request nonce flood (NonceFloodOverHTTPTests) runs on its own after the rest: it keeps both cores busy
# for seconds, which the other suites' short deadlines would feel.
swift test --skip-build --scratch-path "$scratch" --skip NonceFloodOverHTTPTests
swift test --skip-build --scratch-path "$scratch" --filter NonceFloodOverHTTPTests
tested=$(date +%s)
echo "vapor-test: JOSEVapor build $(( built - start )) s, test $(( tested - built )) s"
cd "$root/Integrations/Vapor/VaporJWTApp"
[[ -n ${INTEGRATIONS_BUILD_ROOT:-} ]] && scratch=$INTEGRATIONS_BUILD_ROOT/VaporJWTApp
swift build --build-tests --scratch-path "$scratch"
jwt_built=$(date +%s)
swift test --skip-build --scratch-path "$scratch"
echo "vapor-test: VaporJWTApp build $(( jwt_built - tested )) s, test $(( $(date +%s) - jwt_built )) s"
echo "vapor-test: total $(( $(date +%s) - start )) s"
