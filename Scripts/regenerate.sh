#!/usr/bin/env bash
# Runs every generator of ARCHITECTURE.md's "Generated files" table and fails if the committed outputs differ from
# what the generators write now (house issue 10, point 6): generated files are reproducible and checked.
#   Scripts/regenerate.sh [SWIFT_TEST_LOG]
# With a `swift test` log it also regenerates README.md's vector-coverage table from it (.ci/run passes the log of
# its own swift test step). Overwrites the outputs in place: it refuses to start when they have uncommitted
# changes, so a failure always means "the generator no longer produces the committed file".
# Needs Python 3 with `cryptography` (and `joserfc` for the cross-check double check).
set -euo pipefail
cd "$(dirname "$0")/.."
log=${1:-}

outputs=(Sources/ECDSA/Generated Tests/ECDSATests/Generated Benchmarks/JoseBench/Generated Sources/BigNum/Generated Vectors/bignum Vectors/rsa-forgeries Vectors/rsa-prime-rules Vectors/jose Vectors/SHA256SUMS
         Tests/JOSETests/GeneratedTokens.swift Benchmarks/JoseBench/JWTBenchmarkFixtures.swift
         Tests/JOSETests/ReadmeQuickStartFixture.swift Tests/JoseCLIFixtures Benchmarks/JoseBench/ProductFixtures.swift
         Web/purejose.wasm)
[[ -n $log ]] && outputs+=(README.md)
if ! git diff --quiet HEAD -- "${outputs[@]}" || [[ -n $(git ls-files --others --exclude-standard -- "${outputs[@]}") ]]; then
    echo "[regenerate] generated files have uncommitted changes; commit or stash them first:"
    git status --short -- "${outputs[@]}"
    exit 2
fi

# The generators rewrite their outputs even when the bytes come out the same. Their modification times are noted
# here and put back at the end when every output matches, so the builds after this step stay incremental (CI's
# mutations build in place right after; a bumped time on a generated ECDSA file recompiles ECDSA and all above it).
stamps=$(mktemp)
trap 'rm -f "$stamps"' EXIT
git ls-files -z -- "${outputs[@]}" | python3 -c '
import os, sys
for p in sys.stdin.read().split("\0"):
    if p: print(os.stat(p).st_mtime_ns, p)' > "$stamps"

step() {
    local t0=$SECONDS
    "$@" >/tmp/regenerate.$$.log 2>&1 || { cat /tmp/regenerate.$$.log; rm -f /tmp/regenerate.$$.log; echo "[regenerate] FAILED: $*"; exit 1; }
    rm -f /tmp/regenerate.$$.log
    echo "[regenerate] $* ($(( SECONDS - t0 )) s)"
}
step python3 Scripts/generate-curves.py
step python3 Scripts/generate-limbs.py
step python3 Scripts/generate-bignum-cases.py
step python3 Scripts/generate-rsa-forgeries.py
step python3 Scripts/generate-rsa-prime-rule-keys.py
step python3 Scripts/generate-jose-crosscheck.py
step python3 Scripts/generate-jose-fixtures.py
step python3 Scripts/generate-readme-fixture.py
step python3 Scripts/generate-cli-fixtures.py
step python3 Scripts/generate-product-fixtures.py
# purejose.wasm: Embedded Swift for wasm32 (modules unchanged since the CI step "wasm" are not recompiled).
step bash Scripts/build-wasm.sh
[[ -n $log ]] && step bash Scripts/update-readme-coverage.sh "$log"
# Vectors/SHA256SUMS must describe the vector files as they are.
(cd Vectors && sha256sum --quiet -c SHA256SUMS) || { echo "[regenerate] Vectors/SHA256SUMS does not match Vectors/"; exit 1; }

if ! git diff --exit-code --stat -- "${outputs[@]}" || [[ -n $(git ls-files --others --exclude-standard -- "${outputs[@]}") ]]; then
    git status --short -- "${outputs[@]}"
    echo "[regenerate] FAILED: the generators' output differs from the committed files (see the diff above)"
    exit 1
fi
python3 - "$stamps" <<'PY'
import os, sys
for line in open(sys.argv[1], encoding="utf-8"):
    ns, path = line.rstrip("\n").split(" ", 1)
    os.utime(path, ns=(int(ns), int(ns)))
PY
echo "[regenerate] every generated file matches its generator"
