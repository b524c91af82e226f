#!/usr/bin/env bash
# CI step "wasm-browser": installs Debian's chromium and chromium-driver and Python selenium when missing, then runs
# Scripts/web-test.py (the token inspector in a real browser; screenshot path printed).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    echo "[web-test] installing chromium and chromium-driver (apt-get)"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver >/dev/null
fi
python3 -c "import selenium" 2>/dev/null || python3 -m pip install --quiet selenium
python3 -c "import cryptography" 2>/dev/null || python3 -m pip install --quiet cryptography
python3 Scripts/web-test.py "$@"
