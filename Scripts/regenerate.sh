#!/usr/bin/env bash
# Runs every generator of ARCHITECTURE.md's "Generated files" table and fails if the committed outputs differ from
# what the generators write now (house issue 10, point 6): generated files are reproducible and checked.
#   Scripts/regenerate.sh [SWIFT_TEST_LOG]
#   Scripts/regenerate.sh --in-copy [SWIFT_TEST_LOG]
# With a `swift test` log it also regenerates README.md's vector-coverage table from it (.ci/run passes the log of
# its own swift test step). Overwrites the outputs in place: it refuses to start when they have uncommitted
# changes, so a failure always means "the generator no longer produces the committed file".
# --in-copy runs the same check in a temporary worktree of HEAD (git worktree add) and leaves this tree untouched —
# no file here is rewritten, so builds may run beside it (.ci/run does), — without the wasm build, which the `wasm`
# step checks (build-wasm.sh --check). It checks HEAD, not uncommitted edits.
# Needs Python 3 with `cryptography` (and `joserfc` for the cross-check double check): .ci/run runs it with the pinned
# environment of Scripts/requirements/tools.txt.
# REGENERATE_CACHE=DIR (.ci/run: in its cache outside the clone), with --in-copy: the Python generators are skipped
# when DIR holds a pass for the same key — the git hashes at HEAD of every Python file under Scripts/ (the generators
# and whatever they import) and of this script, of Vectors/ (their inputs) and of every generated output, and the
# Python environment (its folder is named by the hash of its requirements) — since the same generators, inputs and
# outputs gave the same verdict. Any change to one of them is a new key, so a generator or an output edited alone
# still runs the generators and fails when they disagree.
# A pass is recorded only after every output matched. The README coverage table and Vectors/SHA256SUMS are checked
# on every run (the first reads this run's test log).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ${1:-} == --in-copy ]]; then
    shift
    log=${1:+$(realpath "$1")}
    work=$(mktemp -d "${TMPDIR:-/tmp}/purejose-regenerate.XXXXXX")
    git worktree add --quiet --detach "$work" HEAD
    trap 'git worktree remove --force "$work"; rm -rf "$work"' EXIT
    echo "[regenerate] in a worktree of HEAD ($(git rev-parse --short HEAD)) at $work"
    rc=0
    REGENERATE_SKIP_WASM=1 REGENERATE_IN_COPY=1 bash "$work/Scripts/regenerate.sh" ${log:+"$log"} || rc=$?
    exit $rc
fi
log=${1:-}

outputs=(Sources/ECDSA/Generated Tests/ECDSATests/Generated Sources/BigNum/Generated Vectors/bignum Vectors/rsa-forgeries Vectors/rsa-prime-rules Vectors/jose Vectors/x509-review Vectors/sha3/hashlib-cases.json Vectors/SHA256SUMS
         Tests/JOSETests/GeneratedTokens.swift Benchmarks/JoseBench/JWTBenchmarkFixtures.swift
         Tests/JOSETests/ReadmeQuickStartFixture.swift Tests/JoseCLIFixtures Benchmarks/JoseBench/ProductFixtures.swift
         Web/purejose.wasm)
[[ -n $log ]] && outputs+=(README.md)
if ! git diff --quiet HEAD -- "${outputs[@]}" || [[ -n $(git ls-files --others --exclude-standard -- "${outputs[@]}") ]]; then
    echo "[regenerate] generated files have uncommitted changes; commit or stash them first:"
    git status --short -- "${outputs[@]}"
    exit 2
fi

gen_outputs=("${outputs[@]}")
[[ -n $log ]] && unset 'gen_outputs[${#gen_outputs[@]}-1]'   # README.md: the coverage table, checked every run
gen_key="" gen_stamp=""
if [[ -n ${REGENERATE_CACHE:-} && ${REGENERATE_IN_COPY:-0} == 1 ]]; then
    gen_key=$( { git ls-tree -r HEAD -- Scripts | grep -E '\.py$|/regenerate\.sh$'
                 for p in Vectors "${gen_outputs[@]}"; do echo "$p $(git rev-parse -q --verify "HEAD:$p" || echo none)"; done
                 python3 -c 'import sys; print(sys.version, sys.prefix)'; } | sha256sum | cut -c1-16)
    mkdir -p "$REGENERATE_CACHE"
    gen_stamp=$REGENERATE_CACHE/generators-$gen_key.passed
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
# The Python generators are independent (each writes only its own outputs) and each uses one core: they run
# REGENERATE_JOBS at a time (default: the number of cores); each one's line is printed when it ends.
generators=(generate-curves generate-limbs generate-bignum-cases generate-rsa-forgeries generate-rsa-prime-rule-keys
            generate-jose-crosscheck generate-jose-fixtures generate-readme-fixture generate-cli-fixtures
            generate-product-fixtures generate-x509-review-chains generate-sha3-cases)
genlogs=$(mktemp -d)
trap 'rm -f "$stamps"; rm -rf "$genlogs"' EXIT
generate() {   # name → runs Scripts/name.py; its output in $genlogs/name.log, a failure marks $genlogs/name.failed
    local t0=$SECONDS
    if python3 "Scripts/$1.py" > "$genlogs/$1.log" 2>&1; then
        echo "[regenerate] python3 Scripts/$1.py ($(( SECONDS - t0 )) s)"
    else
        touch "$genlogs/$1.failed"
    fi
}
jobs=${REGENERATE_JOBS:-$(nproc)}
running=0
if [[ -n $gen_stamp && -f $gen_stamp ]]; then
    echo "[regenerate] the ${#generators[@]} Python generators: not run — generators, inputs, outputs and Python" \
         "unchanged since they last matched (key $gen_key, $(cat "$gen_stamp"))"
    generators_run=()
else
    [[ -n $gen_stamp ]] && echo "[regenerate] generators' key $gen_key: no pass recorded; running them"
    generators_run=("${generators[@]}")
fi
for g in "${generators_run[@]}"; do
    if (( running >= jobs )); then wait -n || true; running=$(( running - 1 )); fi
    generate "$g" &
    running=$(( running + 1 ))
done
wait
for g in "${generators_run[@]}"; do
    [[ -f $genlogs/$g.failed ]] || continue
    cat "$genlogs/$g.log"
    echo "[regenerate] FAILED: python3 Scripts/$g.py"
    exit 1
done
if [[ ${REGENERATE_SKIP_WASM:-0} == 1 ]]; then
    echo "[regenerate] Web/purejose.wasm: not rebuilt here (the wasm step of .ci/run checks it)"
else
    step bash Scripts/build-wasm.sh
fi
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
if [[ -n $gen_stamp && ${#generators_run[@]} -gt 0 ]]; then
    echo "passed at $(date -u +%FT%TZ) on $(git rev-parse --short HEAD)" > "$gen_stamp"
fi
echo "[regenerate] every generated file matches its generator"
