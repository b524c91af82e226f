#!/usr/bin/env bash
# libFuzzer targets of the separate Fuzz/ package (issue 16), built with -sanitize=fuzzer,address over every module.
#   Scripts/fuzz.sh                 every target, 20 s each
#   Scripts/fuzz.sh TARGET [SECONDS]  one target (jwt jwk json der pem ecdsa rsa eddsa mldsa base64url x509 x509path ocsp appstore x5c oaep), default 60 s
#   Scripts/fuzz.sh all SECONDS      every target, SECONDS each
#   FUZZ_JOBS=N                      targets run N at a time (default: the number of cores)
# Seeds come from Vectors/ (Fuzz/make_seeds.py, into a temporary folder; nothing is committed). A crash, an
# AddressSanitizer report, a leak or a timeout (10 s for one input) fails the run; the input is kept in
# .build-fuzz/findings/ and printed in base64 — turn it into a regression test in the normal suite.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGETS=(jwt jwk json der pem ecdsa rsa eddsa mldsa base64url x509 x509path ocsp appstore x5c oaep)
which=${1:-all}
if [[ $which == all ]]; then seconds=${2:-20}; list=("${TARGETS[@]}"); else seconds=${2:-60}; list=("$which"); fi

start=$(date +%s)
# SwiftPM's `--sanitize=fuzzer` links libFuzzer (and keeps its own main() out), but it passes each sanitizer as a
# separate -sanitize= flag and swiftc keeps only the last one; the combined flag after it (-Xswiftc comes last)
# instruments every module, the library under test included, for coverage and AddressSanitizer.
flags=(-c release --package-path Fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
swift build "${flags[@]}" --product JoseFuzz 2>&1 \
    | grep -vE "^\[[0-9]+/[0-9]+\]|Cannot export local symbol '__asan_extra_spill_area'" || true
bin=$(swift build "${flags[@]}" --show-bin-path)/JoseFuzz
[[ -x $bin ]] || { echo "[fuzz] build failed"; exit 2; }
echo "[fuzz] build: $(( $(date +%s) - start )) s"

work=$(mktemp -d "${TMPDIR:-/tmp}/purejose-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 Fuzz/make_seeds.py "$work/seeds" "${list[@]}"
findings=$ROOT/.build-fuzz/findings
mkdir -p "$findings"
export LSAN_OPTIONS="suppressions=$ROOT/Fuzz/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"

# One target's run: its report lines go to $work/$t.out, its table row to $work/$t.row, a failure marks $work/$t.failed.
fuzz_one() {
    local t=$1 log=$work/$1.log rc execs rate corpus result a
    mkdir -p "$work/corpus/$t" "$work/artifacts/$t"
    JOSE_FUZZ_TARGET=$t "$bin" "$work/corpus/$t" "$work/seeds/$t" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2560 -max_len=8192 -print_final_stats=1 -artifact_prefix="$work/artifacts/$t/" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    corpus=$(ls "$work/corpus/$t" | wc -l)
    {
        if [[ $rc -ne 0 ]]; then
            touch "$work/$t.failed"
            result=FAILED
            echo "[fuzz] $t FAILED (exit $rc):"
            grep -E "ERROR: |invariant broken|Fatal error|SUMMARY|Test unit written" "$log" | head -20 || tail -30 "$log"
            for a in "$work/artifacts/$t"/*; do
                [[ -f $a ]] || continue
                cp "$a" "$findings/$t-$(basename "$a")"
                echo "[fuzz]   input $findings/$t-$(basename "$a") (base64): $(head -c 600 "$a" | base64 -w0)"
            done
        else
            result=ok
        fi
        echo "[fuzz] $t: ${execs:-?} executions, ${rate:-?}/s, $corpus new corpus inputs, $result"
    } > "$work/$t.out"
    printf '| %-9s | %5s | %10s | %8s | %6s | %s |\n' "$t" "$seconds" "${execs:-?}" "${rate:-?}" "$corpus" "$result" > "$work/$t.row"
}
# Each libFuzzer process uses one core: the targets run FUZZ_JOBS at a time (default: one per core), each for its
# full SECONDS, and are reported in the list's order.
jobs=${FUZZ_JOBS:-$(nproc)}
set +e
running=0
for t in "${list[@]}"; do
    if (( running >= jobs )); then wait -n; running=$(( running - 1 )); fi
    fuzz_one "$t" &
    running=$(( running + 1 ))
done
wait
set -e
failed=()
rows=()
for t in "${list[@]}"; do
    cat "$work/$t.out"
    rows+=("$(cat "$work/$t.row")")
    if [[ -f $work/$t.failed ]]; then failed+=("$t"); fi
done

echo
echo "| target    |     s |      execs |  execs/s | new in | result |"
echo "| --------- | ----: | ---------: | -------: | -----: | ------ |"
printf '%s\n' "${rows[@]}"
echo "[fuzz] total $(( $(date +%s) - start )) s"
if (( ${#failed[@]} )); then
    echo "[fuzz] FAILED: ${failed[*]} (inputs in $findings)"
    exit 1
fi
