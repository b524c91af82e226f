#!/usr/bin/env bash
# Compiles the library modules that must work without the Swift runtime — every library module of the package's graph
# (`swift package describe`, through Scripts/module-graph.py) but its HOSTED ones; in JOSE, the hosted-only files are
# under `#if !hasFeature(Embedded)` — in Embedded Swift, one module at a time in dependency order,
# into a temporary folder. Each module sees the ones before it through -I. Exits non-zero, naming
# the module, on the first one that fails; prints the compiler's errors.
#
#   bash Scripts/check-embedded.sh            # all modules
#   bash Scripts/check-embedded.sh --keep-going   # try every module, report all failures
#   bash Scripts/check-embedded.sh --after-wasm   # what .ci/run does, right after `Scripts/build-wasm.sh`
#
# --after-wasm: Scripts/build-wasm.sh has just compiled the modules the wasm build needs (JOSE and its dependencies)
# in Embedded Swift (for wasm32, into .build/wasm, recompiling whatever changed). Compiling them a second
# time for the host proves nothing more and cost CI about 7 minutes, so this mode counts those modules as checked
# when their object from that build is there, and compiles only the rest (SHA3, MLDSA, SymmetricCiphers) for the same target against the
# same module files.
#
# Flags: -enable-experimental-feature Embedded (no runtime, no existentials, typed throws only),
# -wmo (Embedded Swift requires whole-module compilation), -parse-as-library (no top-level code),
# -package-name (BigNum's limb kernels are `package`, used by RSA), -emit-module (so the next module can import this one), -c (SIL and IR generation: most Embedded
# restrictions are diagnosed there, not by the type checker), -Osize (the optimisation level an
# embedded build uses; -Onone compiles as well). The host triple is used: the check is about the
# language subset, not a particular microcontroller.
set -uo pipefail
cd "$(dirname "$0")/.."

keep_going=0
after_wasm=0
for arg in "$@"; do
    case $arg in
        --keep-going) keep_going=1 ;;
        --after-wasm) after_wasm=1 ;;
        *) echo "check-embedded: unknown option $arg" >&2; exit 2 ;;
    esac
done

# Every library module but the hosted ones, dependencies first, from the package's module graph (Scripts/module-graph.py:
# a new module is checked without an entry here).
mapfile -t modules < <(python3 Scripts/module-graph.py embedded)
(( ${#modules[@]} > 0 )) || { echo "check-embedded: no modules from Scripts/module-graph.py" >&2; exit 2; }

swiftc=${SWIFTC:-swiftc}
out=$(mktemp -d "${TMPDIR:-/tmp}/check-embedded.XXXXXX")
trap 'rm -rf "$out"' EXIT

failed=()
for m in "${modules[@]}"; do
    start=$SECONDS
    files=()
    while IFS= read -r f; do files+=("$f"); done < <(find "Sources/$m" -name '*.swift' | sort)
    target_flags=()
    wasm_includes=()
    if (( after_wasm )); then
        # Checked already when build-wasm.sh's object is newer than every source it came from; otherwise compiled
        # here for wasm32 against build-wasm.sh's module files.
        if [[ -f .build/wasm/$m.o && -f .build/wasm/$m.stamp ]] \
            && [[ -z $(find "${files[@]}" -newer ".build/wasm/$m.o" | head -1) ]]; then
            echo "check-embedded: $m ok (compiled in Embedded Swift by build-wasm.sh for wasm32)"
            continue
        fi
        # -I .build/wasm comes after -I "$out" below: a module recompiled here is found before build-wasm.sh's.
        target_flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Extern -disable-stack-protector)
        wasm_includes=(-I .build/wasm)
    fi
    if "$swiftc" "${target_flags[@]}" -enable-experimental-feature Embedded -wmo -parse-as-library -Osize \
        -module-name "$m" -package-name PureJOSE -I "$out" "${wasm_includes[@]}" \
        -emit-module -emit-module-path "$out/$m.swiftmodule" \
        -c -o "$out/$m.o" "${files[@]}" >"$out/$m.log" 2>&1; then
        echo "check-embedded: $m ok ($((SECONDS - start)) s)"
    else
        echo "check-embedded: $m FAILED in Embedded Swift ($((SECONDS - start)) s):"
        grep -E '^[^ ].*error:' "$out/$m.log" | sort -u | head -20
        failed+=("$m")
        [[ $keep_going == 1 ]] || break
    fi
done

if (( ${#failed[@]} > 0 )); then
    echo "check-embedded: FAILED: ${failed[*]}"
    exit 1
fi
echo "check-embedded: all ${#modules[@]} modules compile in Embedded Swift (${modules[*]})"
