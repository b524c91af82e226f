#!/usr/bin/env bash
# The test suite under the sanitizers (issue 16):
#   AddressSanitizer (+ LeakSanitizer): the whole suite, build folder .build-asan
#   ThreadSanitizer: the concurrency, JWKSCache and PureX509 kept-key suites, build folder .build-tsan (the whole
#     test bundle is built for them: Package.swift reads no environment variable to leave test targets out)
#   Scripts/sanitizers.sh [address|thread|thread-build|thread-run]...   (default: both; `thread` is its build and run)
# .ci/run builds both in its `sanitizers` step and runs the ThreadSanitizer suites beside the steps after it (step
# `tsan-run`): they keep at most one core busy (see .ci/run).
# LeakSanitizer suppressions, each with its reason: Scripts/sanitizers.supp; ThreadSanitizer's: Scripts/tsan.supp.
set -euo pipefail
cd "$(dirname "$0")/.."
modes=("${@:-both}")
# Whether part $1 (address, thread-build, thread-run) was asked for.
want() {
    local m
    for m in "${modes[@]}"; do
        case $m in
            both) return 0 ;;
            thread) [[ $1 == thread-build || $1 == thread-run ]] && return 0 ;;
            address|thread-build|thread-run) [[ $1 == "$m" ]] && return 0 ;;
            *) echo "sanitizers.sh: unknown part '$m' (address, thread, thread-build, thread-run)" >&2; exit 2 ;;
        esac
    done
    return 1
}
export LSAN_OPTIONS="suppressions=$PWD/Scripts/sanitizers.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=1:suppressions=$PWD/Scripts/tsan.supp"
status=0
if want address; then
    t0=$SECONDS
    # The test bundle and the `jose` executable the CLI tests run — not the benchmark or the ct-check program.
    { swift build --sanitize=address --scratch-path .build-asan --product PureJOSEPackageTests &&
      swift build --sanitize=address --scratch-path .build-asan --product jose; } 2>&1 |
        grep -E "error|warning: .*sanitiz|Compiling|Build complete" | grep -v Compiling || true
    echo "[sanitizers] address build: $(( SECONDS - t0 )) s"
    t0=$SECONDS
    if swift test --skip-build --sanitize=address --scratch-path .build-asan > .build-asan/test.log 2>&1; then
        echo "[sanitizers] address: $(grep -E 'Test run with' .build-asan/test.log | tail -1) ($(( SECONDS - t0 )) s)"
    else
        status=1
        grep -E "ERROR: (Address|Leak)Sanitizer|SUMMARY|✘|error:" .build-asan/test.log | head -40
        echo "[sanitizers] address: FAILED ($(( SECONDS - t0 )) s; log .build-asan/test.log)"
    fi
fi
if want thread-build; then
    t0=$SECONDS
    mkdir -p .build-tsan
    if swift build --sanitize=thread --scratch-path .build-tsan --product PureJOSEPackageTests \
        > .build-tsan/build.log 2>&1; then
        echo "[sanitizers] thread build: $(( SECONDS - t0 )) s"
    else
        status=1
        grep -E "error" .build-tsan/build.log | head -40
        echo "[sanitizers] thread build: FAILED ($(( SECONDS - t0 )) s; log .build-tsan/build.log)"
    fi
fi
if want thread-run; then
    t0=$SECONDS
    # ConcurrencyTests, JWKSCacheTests, JWKSCacheRobustnessTests, JWKSCacheSoakTests; CertificateVerifier's kept keys
    filter='JOSETests\.(ConcurrencyTests|JWKSCache)|PureX509Tests\.PreparedIssuerKeyReuseTests'
    if swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$filter" > .build-tsan/test.log 2>&1; then
        echo "[sanitizers] thread ($filter): $(grep -E 'Test run with' .build-tsan/test.log | tail -1) ($(( SECONDS - t0 )) s)"
    else
        status=1
        grep -E "WARNING: ThreadSanitizer|SUMMARY|✘|error:" .build-tsan/test.log | head -40
        echo "[sanitizers] thread: FAILED ($(( SECONDS - t0 )) s; log .build-tsan/test.log)"
    fi
fi
exit $status
