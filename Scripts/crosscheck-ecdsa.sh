#!/usr/bin/env bash
# ECDSA cross-check against Python `cryptography`: jose-bench (release) makes 10,000 seeded sign→verify round
# trips per curve (P-256, P-384, P-521) and writes a sample of keys, messages and signatures; crosscheck-ecdsa.py
# verifies the hedged signatures and recomputes the deterministic ones (RFC 6979) with OpenSSL underneath.
# PUREJOSE_RELEASE_BIN: a folder holding release binaries already built (.ci/run's build-release step); unset,
# the script builds them here with `swift build -c release`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
bin=${PUREJOSE_RELEASE_BIN:-}
[[ -n $bin ]] || { swift build -c release --product jose-bench >/dev/null; bin=$(swift build -c release --show-bin-path); }
"$bin/jose-bench" --emit-ecdsa-signatures "$out"
python3 Scripts/crosscheck-ecdsa.py "$out"
