#!/usr/bin/env bash
# Ed25519 cross-check with Python `cryptography` (both directions; see crosscheck-ed25519.py). Uses the debug
# jose-bench that `swift build` leaves behind; run from .ci/run after `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product jose-bench >/dev/null
python3 Scripts/crosscheck-ed25519.py "$(swift build --show-bin-path)/jose-bench"
