#!/usr/bin/env bash
# CI step "wasm-browser": the token inspector in headless Chromium (Scripts/web-test.py; screenshots in
# .build/web-test-*.png). Installs Debian's chromium and chromium-driver when missing (apt-get), and Python selenium
# in a venv, .build/venv-web, from the pinned Scripts/requirements/web.txt — never into the machine's Python.
#   bash Scripts/web-test.sh [--mutants]     (--mutants: also each broken copy of the page must fail; see web-test.py)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    echo "[web-test] installing chromium and chromium-driver (apt-get)"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver >/dev/null
fi
venv=.build/venv-web
req=Scripts/requirements/web.txt
if [[ ! -x $venv/bin/python ]] || ! cmp -s "$req" "$venv/requirements.txt"; then
    echo "[web-test] making $venv from $req"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
    cp "$req" "$venv/requirements.txt"
fi
"$venv/bin/python" Scripts/web-test.py "$@"
