#!/usr/bin/env bash
# RSA cross-check (issue 12): PureJOSE generates 2048/3072/4096-bit keys and signs with PKCS#1 v1.5 and PSS ×
# SHA-256/384/512 (jose-bench --rsa-emit, release build); Python `cryptography` loads the keys with its consistency
# checks and verifies every signature (Scripts/crosscheck-rsa.py).
# PUREJOSE_RELEASE_BIN: a folder holding release binaries already built (.ci/run's build-release step); unset,
# the script builds them here with `swift build -c release`.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bin=${PUREJOSE_RELEASE_BIN:-}
[[ -n $bin ]] || { swift build -c release --product jose-bench >/dev/null; bin=$(swift build -c release --show-bin-path); }
"$bin/jose-bench" --rsa-emit "$dir"
python3 Scripts/crosscheck-rsa.py "$dir"
echo "crosscheck-rsa: $(( $(date +%s) - start ))s"
