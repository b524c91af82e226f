#!/usr/bin/env bash
# Heap allocations per whole-token verification, PureJOSE and jwt-kit counted by the same preloaded counter
# (ordo-one/malloc-interposer). Run from anywhere: Benchmarks/Peers/Scripts/allocs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product MallocInterposerSwift
swift build -c release --product Peers
bin="$(swift build -c release --show-bin-path)"
LD_PRELOAD="$bin/libMallocInterposerSwift.so" "$bin/Peers" --allocs
