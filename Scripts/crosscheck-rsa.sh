#!/usr/bin/env bash
# RSA cross-check (issue 12): PureJOSE generates 2048/3072/4096-bit keys and signs with PKCS#1 v1.5 and PSS ×
# SHA-256/384/512 (jose-bench --rsa-emit, release build); Python `cryptography` loads the keys with its consistency
# checks and verifies every signature (Scripts/crosscheck-rsa.py).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
swift build -c release --product jose-bench >/dev/null
"$(swift build -c release --show-bin-path)/jose-bench" --rsa-emit "$dir"
python3 Scripts/crosscheck-rsa.py "$dir"
echo "crosscheck-rsa: $(( $(date +%s) - start ))s"
