#!/usr/bin/env bash
# Builds and tests the Vapor integration (Integrations/Vapor/JOSEVapor, which builds Integrations/Shared/
# JOSEServerSupport with it): real HTTP on 127.0.0.1 between fake providers, the servers under test and
# AsyncHTTPClient. Prints its time. Offline: dependencies come from the machine's package copies (git maps github.com
# to /opt/swift-packages). The build folder is the package's own .build (git-ignored); the first build compiles
# Vapor, SwiftNIO, AsyncHTTPClient and swift-crypto's BoringSSL and takes minutes (about 50 min on 2 cores under a
# load average of 18-27 on 2026-11-26; an incremental build after a change to JOSEVapor about 1-1.5 min, the 25 tests
# 12-14 s).
# The vapor/jwt side of the migration guide (Integrations/Vapor/VaporJWTApp) is built by Scripts/vapor-compare.sh;
# with VAPOR_JWT=1 this script also builds and tests it, in the same build folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s)
cd "$root/Integrations/Vapor/JOSEVapor"
swift build --build-tests --scratch-path .build
built=$(date +%s)
swift test --skip-build --scratch-path .build
tested=$(date +%s)
echo "vapor-test: JOSEVapor build $(( built - start )) s, test $(( tested - built )) s"
if [[ ${VAPOR_JWT:-0} == 1 ]]; then
    cd "$root/Integrations/Vapor/VaporJWTApp"
    swift build --build-tests --scratch-path ../JOSEVapor/.build
    swift test --skip-build --scratch-path ../JOSEVapor/.build
    echo "vapor-test: VaporJWTApp built and tested in $(( $(date +%s) - tested )) s"
fi
echo "vapor-test: total $(( $(date +%s) - start )) s"
