#!/usr/bin/env bash
# CI step "wasm-browser": the token inspector in headless Chromium (Scripts/web-test.py; screenshots in
# .build/web-test-*.png). Installs Debian's chromium and chromium-driver when missing (apt-get; .ci/run's provision
# step does it first), and runs with Python selenium from the pinned environment of Scripts/requirements/web.txt
# (Scripts/venv.sh: in the CI cache outside the clone, made once per requirements file) — never the machine's Python.
#   bash Scripts/web-test.sh [--mutants]     (--mutants: also each broken copy of the page must fail; see web-test.py)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    echo "[web-test] installing chromium and chromium-driver (apt-get)"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver >/dev/null
fi
Scripts/venv.sh web python3 Scripts/web-test.py "$@"
