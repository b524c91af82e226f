#!/usr/bin/env bash
# X25519 and RSA-OAEP cross-check with Python `cryptography` (both directions; see crosscheck-kex.py), with the release
# jose-bench, as the other cross-checks (one build gives the evidence of all of them).
# PUREJOSE_RELEASE_BIN: a folder holding release binaries already built (.ci/run's build-release step); unset,
# the script builds them here with `swift build -c release`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${PUREJOSE_RELEASE_BIN:-}
[[ -n $bin ]] || { swift build -c release --product jose-bench >/dev/null; bin=$(swift build -c release --show-bin-path); }
python3 Scripts/crosscheck-kex.py "$bin/jose-bench"
