#!/usr/bin/env bash
# Constant-time proof: builds the CTCheck program in release and runs every check under Scripts/ct-valgrind
# (memcheck, secrets in never-written memory, the public API called on them). Checks named `leaky.*` are deliberately leaky variants: each must
# FAIL, which shows that the check bites. Declassification points are listed, with reasons, in Scripts/ct-check.supp.
#   Scripts/ct-check.sh [NAME...]      (default: every check)
set -euo pipefail
cd "$(dirname "$0")/.."
CTV=${CT_VALGRIND:-Scripts/ct-valgrind}
if [ ! -x "$CTV" ]; then CTV=Scripts/ct-valgrind; fi   # in-repo copy for clones without ../shared
echo "ct-check: memcheck through $CTV"
command -v valgrind >/dev/null || { apt-get install -y valgrind >/dev/null 2>&1 || true; }
# CTCheck is an executable target with no declared product (users never see it); SwiftPM's implicit product of the
# same name builds it.
# PUREJOSE_RELEASE_BIN: a folder holding the release CTCheck already built (.ci/run's build-release step).
if [[ -n ${PUREJOSE_RELEASE_BIN:-} ]]; then
  bin=$PUREJOSE_RELEASE_BIN/CTCheck
else
  swift build -c release --product CTCheck >/dev/null
  bin=$(swift build -c release --show-bin-path)/CTCheck
fi
# The system generator's output is secret too (keys from PrivateKey(), blinding values, hedging bytes): a preloaded
# wrapper of syscall(SYS_getrandom) taints it (Scripts/ct-taint-random.c, built here with the toolchain's clang).
taint=.build/ct-taint-random.so
if [[ ! -f $taint || Scripts/ct-taint-random.c -nt $taint ]]; then
  mkdir -p .build && clang -shared -fPIC -O0 -o "$taint" Scripts/ct-taint-random.c -ldl
fi
names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <("$bin" LIST)
[ ${#names[@]} -gt 0 ] || { echo "ct-check: no checks registered"; exit 1; }
fail=0
for n in "${names[@]}"; do
  start=$(date +%s)
  if CT_VALGRIND_ARGS="--suppressions=Scripts/ct-check.supp" SWIFT_DETERMINISTIC_HASHING=1 LD_PRELOAD="$PWD/$taint" \
     "$CTV" "$bin" "$n" >/tmp/ct-check.$$.log 2>&1; then
    verdict=pass
  else
    verdict=FAIL
  fi
  secs=$(( $(date +%s) - start ))
  # A check that did not run to its end (an unknown name, a crash) proves nothing either way.
  if ! grep -q "^ct-check $n: done" /tmp/ct-check.$$.log; then
    echo "BAD  $n: the check did not run to its end:"; tail -20 /tmp/ct-check.$$.log; fail=1; continue
  fi
  case "$n" in
    leaky.*) if [ $verdict = FAIL ]; then echo "ok   $n: leak detected, as it must be (${secs}s)"; else echo "BAD  $n: the leaky variant passed: the check does not bite"; fail=1; fi ;;
    *)       if [ $verdict = pass ]; then echo "ok   $n: constant time (${secs}s)"; else echo "BAD  $n:"; tail -40 /tmp/ct-check.$$.log; fail=1; fi ;;
  esac
done
rm -f /tmp/ct-check.$$.log
exit $fail
