#!/usr/bin/env bash
# ECDSA cross-check against Python `cryptography`: jose-bench (release) makes 10,000 seeded sign→verify round
# trips per curve (P-256, P-384, P-521) and writes a sample of keys, messages and signatures; crosscheck-ecdsa.py
# verifies the hedged signatures and recomputes the deterministic ones (RFC 6979) with OpenSSL underneath.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
swift build -c release --product jose-bench >/dev/null
"$(swift build -c release --show-bin-path)/jose-bench" --emit-ecdsa-signatures "$out"
python3 Scripts/crosscheck-ecdsa.py "$out"
